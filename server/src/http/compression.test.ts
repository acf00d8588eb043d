/**
 * Compression as a browser sees it: API answers and the page compressed by what the request's
 * Accept-Encoding takes, small answers sent as they are, the build's precompressed `.br`/`.gz`
 * copies of the shell's and the remotes' files sent in their place, and source maps kept from
 * strangers whatever the encoding or the spelling of the path.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import WebSocket from 'ws';
import type { LightMyRequestResponse } from 'fastify';
import { StreamTicketResponse } from '@nivesh/api-contract';
import type { Database } from '../db/index.js';
import {
  createTestApp,
  send,
  setUpOperator,
  testConfig,
  testDatabases,
  type TestApp,
} from '../testing/index.js';

const [pglite] = await testDatabases();

const IMMUTABLE = 'public, max-age=31536000, immutable';
const VERSION = '1.0.0+20261101000000';
const BROWSER = 'gzip, deflate, br, zstd';

/** Script text as a build writes it: long and repetitive enough to compress well. */
function script(name: string): string {
  return Array.from(
    { length: 200 },
    (_, i) => `export function ${name}${i}(value) { return value * ${i} + ${name.length}; }\n`,
  ).join('');
}

/** Writes `file` and its brotli (quality 11) and gzip copies, as the build does. */
function writeWithCopies(file: string, text: string): void {
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text, { level: 9 }));
}

/** The body as the browser reads it, after undoing the answer's Content-Encoding. */
function decoded(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(res.rawPayload).toString('utf8');
  assert.equal(encoding, undefined, `an encoding this test does not read: ${String(encoding)}`);
  return res.body;
}

function varies(res: LightMyRequestResponse): boolean {
  return /accept-encoding/i.test(String(res.headers['vary'] ?? ''));
}

describe('compression', () => {
  let database: Database;
  let t: TestApp;
  let token: string;
  const shellScript = script('shell');
  const vendorScript = script('vendor');
  const remoteEntry = script('remoteEntry');
  let manifestText = '';

  before(async () => {
    database = await pglite!.open();
    const config = testConfig();
    const shell = path.join(config.appsDir, 'shell', 'dist');
    fs.mkdirSync(shell, { recursive: true });
    const scripts = Array.from(
      { length: 20 },
      (_, i) => `<link rel="modulepreload" href="/chunk-${i}.0123456789.js">`,
    ).join('\n');
    fs.writeFileSync(
      path.join(shell, 'index.html'),
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="csp-nonce" content="__CSP_NONCE__">\n${scripts}\n<script defer src="/main.0123456789.js"></script></head><body><div id="root"></div></body></html>`,
    );
    writeWithCopies(path.join(shell, 'main.0123456789.js'), shellScript);
    // A file the build left without copies (an older build, or one under the copies' threshold).
    fs.writeFileSync(path.join(shell, 'vendor.abcdef0123.js'), vendorScript);
    fs.writeFileSync(
      path.join(shell, 'main.0123456789.js.map'),
      JSON.stringify({
        version: 3,
        sources: ['webpack://shell/src/secret.ts'],
        mappings: 'AAAA;'.repeat(400),
      }),
    );

    const build = path.join(config.appsDir, 'mfe-risk', 'dist', VERSION);
    fs.mkdirSync(build, { recursive: true });
    manifestText = JSON.stringify({
      id: 'risk',
      name: 'risk',
      metaData: { buildInfo: { buildVersion: VERSION }, remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: Array.from({ length: 30 }, (_, i) => ({
        id: `risk:Page${i}`,
        name: `Page${i}`,
        path: `./Page${i}`,
      })),
    });
    writeWithCopies(path.join(build, 'mf-manifest.json'), manifestText);
    writeWithCopies(path.join(build, 'remoteEntry.js'), remoteEntry);
    fs.writeFileSync(
      path.join(build, 'chunk.abcdef0123.js.map'),
      JSON.stringify({
        version: 3,
        sources: ['webpack://risk/src/secret.ts'],
        mappings: 'AAAA;'.repeat(400),
      }),
    );

    t = await createTestApp(database, { config });
    token = await setUpOperator(t.app);
    t.app.services.remoteStore.copyIn('risk', build);
  });
  after(async () => {
    await t.close();
    await database.close();
  });

  describe('of API answers', () => {
    it('sends a large JSON answer in brotli to a browser that takes it, and it reads as the same JSON', async () => {
      const plain = await send(t.app, 'GET', '/api/research/analysis', { token });
      assert.equal(plain.statusCode, 200);
      assert.equal(plain.headers['content-encoding'], undefined);
      assert.ok(plain.rawPayload.length > 10_000, `a large answer (${plain.rawPayload.length} bytes)`);

      const br = await send(t.app, 'GET', '/api/research/analysis', {
        token,
        headers: { 'accept-encoding': 'br, gzip' },
      });
      assert.equal(br.statusCode, 200);
      assert.equal(br.headers['content-encoding'], 'br');
      assert.ok(varies(br), 'Vary: accept-encoding');
      assert.match(br.headers['content-type'] as string, /^application\/json/);
      assert.equal(br.headers['cache-control'], 'no-store');
      assert.ok(
        br.rawPayload.length < plain.rawPayload.length / 3,
        `${br.rawPayload.length} bytes in brotli against ${plain.rawPayload.length}`,
      );
      assert.deepEqual(JSON.parse(decoded(br)), plain.json());
    });

    it('uses gzip when the browser takes only gzip, and nothing when it takes no encoding', async () => {
      const plain = await send(t.app, 'GET', '/api/research/analysis', { token });
      const gzip = await send(t.app, 'GET', '/api/research/analysis', {
        token,
        headers: { 'accept-encoding': 'gzip' },
      });
      assert.equal(gzip.headers['content-encoding'], 'gzip');
      assert.ok(varies(gzip));
      assert.deepEqual(JSON.parse(decoded(gzip)), plain.json());

      const refusesBrotli = await send(t.app, 'GET', '/api/research/analysis', {
        token,
        headers: { 'accept-encoding': 'br;q=0, gzip' },
      });
      assert.equal(refusesBrotli.headers['content-encoding'], 'gzip');

      for (const acceptEncoding of ['identity', 'compress']) {
        const none = await send(t.app, 'GET', '/api/research/analysis', {
          token,
          headers: { 'accept-encoding': acceptEncoding },
        });
        assert.equal(none.statusCode, 200, acceptEncoding);
        assert.equal(none.headers['content-encoding'], undefined, acceptEncoding);
        assert.deepEqual(none.json(), plain.json());
      }
    });

    it('sends a small answer (health) as it is', async () => {
      const res = await send(t.app, 'GET', '/api/health', { headers: { 'accept-encoding': BROWSER } });
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['content-encoding'], undefined);
      assert.equal(res.json<{ status: string }>().status, 'ok');
    });

    it('reads a request body as it is sent: a gzip body is not taken for JSON', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        payload: zlib.gzipSync(JSON.stringify({ email: 'a@b.in', password: 'x' })),
      });
      assert.equal(res.statusCode, 400);
    });
  });

  describe('of the page', () => {
    it('compresses index.html with its fresh nonce, on / and on app paths', async () => {
      const nonces: string[] = [];
      for (const url of ['/', '/dashboard', '/login?setup=abc']) {
        const res = await send(t.app, 'GET', url, { headers: { 'accept-encoding': BROWSER } });
        assert.equal(res.statusCode, 200, url);
        assert.equal(res.headers['content-encoding'], 'br', url);
        assert.ok(varies(res), url);
        assert.match(res.headers['content-type'] as string, /^text\/html/, url);
        assert.equal(res.headers['cache-control'], 'no-cache', url);
        const html = decoded(res);
        const nonce = /content="([0-9a-f]{32})"/.exec(html)?.[1];
        assert.ok(nonce, `${url}: the nonce was filled in`);
        assert.match(res.headers['content-security-policy'] as string, new RegExp(`'nonce-${nonce}'`), url);
        assert.match(html, /<script defer src="\/main\.0123456789\.js">/, url);
        nonces.push(nonce);
      }
      assert.equal(new Set(nonces).size, nonces.length, 'a fresh nonce each time');

      const plain = await send(t.app, 'GET', '/dashboard');
      assert.equal(plain.headers['content-encoding'], undefined);
      assert.ok(varies(plain), 'the uncompressed page varies too, for caches');
      assert.match(plain.body, /content="[0-9a-f]{32}"/);
    });
  });

  describe('of the build’s files', () => {
    it('sends a shell asset from its .br copy, as JavaScript, cached for a year', async () => {
      const br = await send(t.app, 'GET', '/main.0123456789.js', { headers: { 'accept-encoding': BROWSER } });
      assert.equal(br.statusCode, 200);
      assert.equal(br.headers['content-encoding'], 'br');
      assert.match(br.headers['content-type'] as string, /^(application|text)\/javascript/);
      assert.equal(br.headers['cache-control'], IMMUTABLE);
      assert.ok(varies(br));
      assert.deepEqual(
        br.rawPayload,
        fs.readFileSync(path.join(t.config.appsDir, 'shell', 'dist', 'main.0123456789.js.br')),
      );
      assert.equal(decoded(br), shellScript);

      const gzip = await send(t.app, 'GET', '/main.0123456789.js', {
        headers: { 'accept-encoding': 'gzip' },
      });
      assert.equal(gzip.headers['content-encoding'], 'gzip');
      assert.equal(gzip.headers['cache-control'], IMMUTABLE);
      assert.equal(decoded(gzip), shellScript);

      const plain = await send(t.app, 'GET', '/main.0123456789.js');
      assert.equal(plain.headers['content-encoding'], undefined);
      assert.equal(plain.headers['cache-control'], IMMUTABLE);
      assert.ok(varies(plain));
      assert.equal(plain.body, shellScript);
    });

    it('compresses an asset without copies as it is sent, and sends it as it is to a browser that takes no encoding', async () => {
      const br = await send(t.app, 'GET', '/vendor.abcdef0123.js', {
        headers: { 'accept-encoding': BROWSER },
      });
      assert.equal(br.statusCode, 200);
      assert.equal(br.headers['content-encoding'], 'br');
      assert.equal(br.headers['cache-control'], IMMUTABLE);
      assert.equal(decoded(br), vendorScript);
      const plain = await send(t.app, 'GET', '/vendor.abcdef0123.js');
      assert.equal(plain.headers['content-encoding'], undefined);
      assert.equal(plain.body, vendorScript);
    });

    it('sends a remote release’s files from their .br copies, the manifest revalidated', async () => {
      const entry = await send(t.app, 'GET', `/remotes/risk/${VERSION}/remoteEntry.js`, {
        headers: { 'accept-encoding': BROWSER },
      });
      assert.equal(entry.statusCode, 200);
      assert.equal(entry.headers['content-encoding'], 'br');
      assert.match(entry.headers['content-type'] as string, /^(application|text)\/javascript/);
      assert.equal(entry.headers['cache-control'], IMMUTABLE);
      assert.ok(varies(entry));
      assert.deepEqual(
        entry.rawPayload,
        fs.readFileSync(
          path.join(t.app.services.remoteStore.releaseDir('risk', VERSION), 'remoteEntry.js.br'),
        ),
      );
      assert.equal(decoded(entry), remoteEntry);

      const manifest = await send(
        t.app,
        'GET',
        `/remotes/risk/${encodeURIComponent(VERSION)}/mf-manifest.json`,
        {
          headers: { 'accept-encoding': 'gzip' },
        },
      );
      assert.equal(manifest.statusCode, 200);
      assert.equal(manifest.headers['content-encoding'], 'gzip');
      assert.match(manifest.headers['content-type'] as string, /^application\/json/);
      assert.equal(manifest.headers['cache-control'], 'no-cache');
      assert.equal(decoded(manifest), manifestText);

      const plain = await send(t.app, 'GET', `/remotes/risk/${VERSION}/remoteEntry.js`);
      assert.equal(plain.headers['content-encoding'], undefined);
      assert.equal(plain.body, remoteEntry);
    });
  });

  describe('headers of files a page loads', () => {
    const DOCUMENT_ONLY = [
      'cross-origin-opener-policy',
      'origin-agent-cluster',
      'referrer-policy',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-frame-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
    ];

    it('a script keeps nosniff, same-origin CORP and the empty policy, and goes without document headers and validators', async () => {
      for (const url of ['/main.0123456789.js', `/remotes/risk/${VERSION}/remoteEntry.js`]) {
        const res = await send(t.app, 'GET', url, { headers: { 'accept-encoding': BROWSER } });
        assert.equal(res.statusCode, 200, url);
        assert.equal(res.headers['x-content-type-options'], 'nosniff', url);
        assert.equal(res.headers['cross-origin-resource-policy'], 'same-origin', url);
        assert.equal(
          res.headers['content-security-policy'],
          "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
          url,
        );
        assert.equal(res.headers['cache-control'], IMMUTABLE, url);
        for (const name of [...DOCUMENT_ONLY, 'etag', 'last-modified']) {
          assert.equal(res.headers[name], undefined, `${url}: ${name}`);
        }
      }
    });

    it('the page keeps every header; a manifest and an API answer keep the data set, the manifest its validators', async () => {
      const manifest = await send(t.app, 'GET', `/remotes/risk/${VERSION}/mf-manifest.json`);
      assert.ok(manifest.headers['etag'], 'the manifest is revalidated with its ETag');
      const page = await send(t.app, 'GET', '/');
      assert.equal(page.statusCode, 200);
      for (const name of DOCUMENT_ONLY) assert.ok(page.headers[name], `/: ${name}`);
      for (const url of ['/api/health', `/remotes/risk/${VERSION}/mf-manifest.json`]) {
        const res = await send(t.app, 'GET', url);
        assert.equal(res.statusCode, 200, url);
        assert.equal(res.headers['x-content-type-options'], 'nosniff', url);
        assert.equal(res.headers['cross-origin-resource-policy'], 'same-origin', url);
        assert.equal(res.headers['x-frame-options'], 'DENY', url);
        for (const name of DOCUMENT_ONLY.filter((name) => name !== 'x-frame-options')) {
          assert.equal(res.headers[name], undefined, `${url}: ${name}`);
        }
      }
    });
  });

  describe('of source maps', () => {
    const maps = [
      '/main.0123456789.js.map',
      '/main.0123456789.js.m%61p',
      '/main.0123456789.js%2Emap',
      `/remotes/risk/${VERSION}/chunk.abcdef0123.js.map`,
      `/remotes/risk/${VERSION}/chunk.abcdef0123.js.%6Dap`,
    ];

    it('refuses them to a stranger with a 404, whatever the encoding or the spelling of the path', async () => {
      for (const url of maps) {
        for (const headers of [{}, { 'accept-encoding': BROWSER }] as Array<Record<string, string>>) {
          const res = await send(t.app, 'GET', url, { headers });
          assert.equal(res.statusCode, 404, url);
          assert.match(res.json<{ error: string }>().error, /^Not found: GET \//, url);
          assert.doesNotMatch(decoded(res), /secret\.ts/, url);
        }
      }
      const forged = await send(t.app, 'GET', maps[0]!, { token: 'forged' });
      assert.equal(forged.statusCode, 404);
    });

    it('sends them to the signed-in operator', async () => {
      for (const url of [maps[0]!, maps[3]!]) {
        const res = await send(t.app, 'GET', url, { token, headers: { 'accept-encoding': BROWSER } });
        assert.equal(res.statusCode, 200, url);
        assert.match(decoded(res), /secret\.ts/, url);
      }
    });
  });

  it('leaves the price stream’s WebSocket upgrade alone when the browser takes compressed answers', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const issued = StreamTicketResponse.parse(
      (await send(t.app, 'POST', '/api/stream/ticket', { token })).json(),
    );
    const socket = new WebSocket(`${address.replace(/^http/, 'ws')}${issued.path}`, issued.protocols, {
      headers: { 'accept-encoding': BROWSER },
    });
    try {
      const hello = await new Promise<unknown>((resolve, reject) => {
        socket.once('message', (data: Buffer) => resolve(JSON.parse(data.toString('utf8'))));
        socket.once('error', reject);
      });
      assert.deepEqual(hello, { type: 'hello', data_source: 'simulated', market_open: true });
    } finally {
      socket.close();
    }
  });
});
