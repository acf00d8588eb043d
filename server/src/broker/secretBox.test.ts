import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import {
  createSecretBox,
  loadSecretKey,
  parseSecretKey,
  SECRET_KEY_FILE,
  SecretKeyError,
} from './secretBox.js';

describe('secrets at rest', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nivesh-secret-'));
    dirs.push(dir);
    return dir;
  };
  after(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('accepts a key as 64 hex characters or as base64 of 32 bytes, and refuses anything else', () => {
    const bytes = Buffer.alloc(32, 7);
    assert.deepEqual(parseSecretKey(bytes.toString('hex'), 'NIVESH_SECRET_KEY'), bytes);
    assert.deepEqual(parseSecretKey(bytes.toString('base64'), 'NIVESH_SECRET_KEY'), bytes);
    assert.deepEqual(parseSecretKey(bytes.toString('base64url'), 'NIVESH_SECRET_KEY'), bytes);
    for (const bad of ['too-short', 'f'.repeat(63), Buffer.alloc(16).toString('base64')]) {
      assert.throws(
        () => parseSecretKey(bad, 'NIVESH_SECRET_KEY'),
        new SecretKeyError(
          'NIVESH_SECRET_KEY must be 32 bytes written as 64 hex characters or as base64 (for example: openssl rand -hex 32).',
        ),
      );
    }
  });

  it('without a configured key, generates one into <data dir>/secret.key, owner-only, and reuses it', () => {
    const dir = path.join(tempDir(), 'data');
    const first = loadSecretKey({ secretKey: null, dataDir: dir });
    const file = path.join(dir, SECRET_KEY_FILE);
    assert.equal(fs.statSync(file).mode & 0o777, 0o600);
    assert.equal(first.length, 32);
    assert.deepEqual(loadSecretKey({ secretKey: null, dataDir: dir }), first);

    fs.chmodSync(file, 0o644);
    loadSecretKey({ secretKey: null, dataDir: dir });
    assert.equal(fs.statSync(file).mode & 0o777, 0o600, 'a loosened key file is made owner-only again');
  });

  it('seals with AES-256-GCM: no clear text, a fresh IV each time, and only the same key and field open it', () => {
    const box = createSecretBox(Buffer.alloc(32, 1));
    const secret = 'upstox-api-secret-value';
    const a = box.seal(secret, 'upstox.api_secret');
    const b = box.seal(secret, 'upstox.api_secret');
    assert.match(a, /^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/);
    assert.ok(!a.includes(secret));
    assert.notEqual(a, b);
    assert.equal(box.open(a, 'upstox.api_secret'), secret);

    assert.throws(
      () => box.open(a, 'upstox.access_token'),
      /cannot be decrypted with this server's secret key/,
    );
    assert.throws(
      () => createSecretBox(Buffer.alloc(32, 2)).open(a, 'upstox.api_secret'),
      /cannot be decrypted with this server's secret key/,
    );
    const [v, iv, tag, body] = a.split('.') as [string, string, string, string];
    const flipped = `${v}.${iv}.${tag}.${body.slice(0, -2)}${body.endsWith('AA') ? 'AB' : 'AA'}`;
    assert.throws(() => box.open(flipped, 'upstox.api_secret'), /cannot be decrypted/);
    assert.throws(() => box.open('plain text', 'upstox.api_secret'), /not in the expected encrypted form/);
  });
});
