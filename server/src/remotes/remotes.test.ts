import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Database } from '../db/index.js';
import { createTestApp, send, testDatabases, type TestApp } from '../testing/index.js';

/** Writes a fake remote build the way webpack lays one out. */
function writeBuild(appsDir: string, folder: string, name: string, version: string, exposes: string[]) {
  const dir = path.join(appsDir, folder, 'dist', version);
  fs.mkdirSync(dir, { recursive: true });
  const manifest = {
    id: name,
    name,
    metaData: { buildInfo: { buildVersion: version }, remoteEntry: { name: 'remoteEntry.js', path: '' } },
    exposes: exposes.map((expose) => ({ id: `${name}:${expose}`, name: expose, path: `./${expose}` })),
  };
  fs.writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
  fs.writeFileSync(path.join(dir, 'remoteEntry.js'), `/* ${name} ${version} */`);
  fs.writeFileSync(path.join(dir, 'chunk.abcdef0123.js'), 'export {}');
  return dir;
}

describe('remotes and the shell', () => {
  let database: Database;
  let t: TestApp;

  before(async () => {
    database = await (await testDatabases())[0]!.open();
    t = await createTestApp(database);
    const apps = t.config.appsDir;
    writeBuild(apps, 'mfe-risk', 'risk', '1.0.0+20261101000000', ['RiskPage', 'RiskSettings']);
    const newer = writeBuild(apps, 'mfe-risk', 'risk', '1.0.0+20261102000000', ['RiskPage', 'RiskSettings']);
    const future = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(newer, 'mf-manifest.json'), future, future);
    writeBuild(apps, 'mfe-landing', 'landing', '1.0.0+20261101000000', ['LandingPage']);
    const shell = path.join(apps, 'shell', 'dist');
    fs.mkdirSync(shell, { recursive: true });
    fs.writeFileSync(
      path.join(shell, 'index.html'),
      '<html><head><meta name="csp-nonce" content="__CSP_NONCE__"></head><body><div id="root"></div></body></html>',
    );
    fs.writeFileSync(path.join(shell, 'main.0123456789.js'), 'console.log(1)');
  });
  after(async () => {
    await t.close();
    await database.close();
  });

  it('lists the newest build of each remote, read from its manifest, and the missing ones', async () => {
    const res = await send(t.app, 'GET', '/api/remotes');
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['cache-control'], 'no-store');
    const body = res.json();
    assert.deepEqual(body.remotes, [
      {
        name: 'landing',
        version: '1.0.0+20261101000000',
        entry: '/remotes/landing/1.0.0%2B20261101000000/mf-manifest.json',
        exposes: ['LandingPage'],
      },
      {
        name: 'risk',
        version: '1.0.0+20261102000000',
        entry: '/remotes/risk/1.0.0%2B20261102000000/mf-manifest.json',
        exposes: ['RiskPage', 'RiskSettings'],
      },
    ]);
    assert.deepEqual(body.missing, ['dashboard', 'trading', 'ml_ops']);
  });

  it('serves a build: the manifest revalidated, everything else immutable', async () => {
    const manifest = await send(t.app, 'GET', '/remotes/risk/1.0.0%2B20261102000000/mf-manifest.json');
    assert.equal(manifest.statusCode, 200);
    assert.equal(manifest.headers['cache-control'], 'no-cache');
    assert.equal(manifest.json().name, 'risk');
    const entry = await send(t.app, 'GET', '/remotes/risk/1.0.0+20261102000000/remoteEntry.js');
    assert.equal(entry.statusCode, 200);
    assert.equal(entry.headers['cache-control'], 'public, max-age=31536000, immutable');
    const older = await send(t.app, 'GET', '/remotes/risk/1.0.0+20261101000000/remoteEntry.js');
    assert.equal(older.statusCode, 200, 'an older build still on disk stays reachable');
  });

  it('answers 404 for unknown remotes, versions, files and path tricks', async () => {
    for (const url of [
      '/remotes/nope/1.0.0/mf-manifest.json',
      '/remotes/risk/9.9.9/mf-manifest.json',
      '/remotes/risk/1.0.0+20261102000000/missing.js',
      '/remotes/risk/1.0.0+20261102000000/../../../package.json',
      '/remotes/risk/..%2F..%2F/mf-manifest.json',
    ]) {
      const res = await send(t.app, 'GET', url);
      assert.equal(res.statusCode, 404, url);
    }
  });

  it('serves index.html for app paths, with a fresh nonce that the CSP names', async () => {
    const first = await send(t.app, 'GET', '/dashboard');
    const second = await send(t.app, 'GET', '/login?setup=abc');
    for (const res of [first, second]) {
      assert.equal(res.statusCode, 200);
      assert.match(res.headers['content-type'] as string, /text\/html/);
      assert.equal(res.headers['cache-control'], 'no-cache');
      const nonce = /content="([0-9a-f]+)"/.exec(res.body)?.[1];
      assert.ok(nonce, 'the placeholder was replaced');
      assert.match(
        res.headers['content-security-policy'] as string,
        new RegExp(`style-src 'self' 'nonce-${nonce}'`),
      );
    }
    assert.notEqual(
      /content="([0-9a-f]+)"/.exec(first.body)?.[1],
      /content="([0-9a-f]+)"/.exec(second.body)?.[1],
    );
    const root = await send(t.app, 'GET', '/');
    assert.match(root.body, /<div id="root">/);
  });

  it('allows only its own origin in the Content-Security-Policy', async () => {
    const res = await send(t.app, 'GET', '/');
    const csp = res.headers['content-security-policy'] as string;
    assert.match(csp, /default-src 'self'/);
    assert.match(csp, /script-src 'self'/);
    assert.match(csp, /connect-src 'self'/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.doesNotMatch(csp, /https?:|\*|unsafe-inline|unsafe-eval/);
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
  });

  it('gives API answers and assets a policy that allows nothing', async () => {
    for (const url of ['/api/health', '/api/remotes', '/main.0123456789.js']) {
      const res = await send(t.app, 'GET', url);
      assert.equal(
        res.headers['content-security-policy'],
        "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
        url,
      );
    }
  });

  it('caches hashed shell assets for a year', async () => {
    const res = await send(t.app, 'GET', '/main.0123456789.js');
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
  });

  it('answers a missing asset with 404 rather than the page', async () => {
    const res = await send(t.app, 'GET', '/main.missing.js');
    assert.equal(res.statusCode, 404);
  });
});
