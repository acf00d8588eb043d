import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/index.js';
import { createTestApp, send, setUpOperator, testDatabases, type TestApp } from '../testing/index.js';
import { inCanary } from './bucket.js';

/** Writes a build the way webpack lays one out, in `<apps>/<folder>/dist/<version>/`. */
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

const V1 = '1.0.0+20261101000000';
const V2 = '1.0.0+20261102000000';
const V3 = '1.0.0+20261103000000';

/** GET /api/remotes as a browser with this client id. */
async function remotesFor(app: FastifyInstance, clientId: string) {
  const res = await app.inject({ method: 'GET', url: '/api/remotes', cookies: { nivesh_client: clientId } });
  assert.equal(res.statusCode, 200);
  return res.json<{
    remotes: Array<{ name: string; version: string; channel: string; fallback: unknown }>;
    missing: string[];
  }>();
}

/** A client id that the risk remote puts inside (or outside) a canary of `percent`. */
function clientIn(percent: number, inside: boolean, seed = 0): string {
  for (let i = seed; ; i += 1) {
    const id = `client-id-${String(i).padStart(8, '0')}`;
    if (inCanary(id, 'risk', percent) === inside) return id;
  }
}

for (const target of await testDatabases()) {
  describe(`the remote registry on ${target.name}`, () => {
    let database: Database;
    let t: TestApp;
    let token: string;
    let apps: string;

    /** Copies a local build into the store, as `pnpm release publish` does, and records it. */
    async function publish(version: string) {
      t.app.services.remoteStore.copyIn('risk', path.join(apps, 'mfe-risk', 'dist', version));
      return send(t.app, 'POST', '/api/remotes/risk/releases', { token, body: { version } });
    }

    before(async () => {
      database = await target.open();
      t = await createTestApp(database, {
        config: { canaryPolicy: { max_failure_rate: 0.2, min_loads: 5, window_minutes: 60 } },
      });
      token = await setUpOperator(t.app);
      apps = t.config.appsDir;
      writeBuild(apps, 'mfe-risk', 'risk', V1, ['RiskPage', 'RiskSettings']);
      writeBuild(apps, 'mfe-landing', 'landing', V1, ['LandingPage']);
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

    it('knows no release before the first start adopts the local builds', async () => {
      const before = await remotesFor(t.app, 'a-client-id-0000001');
      assert.deepEqual(before.remotes, []);
      assert.deepEqual(before.missing, ['landing', 'dashboard', 'risk', 'trading', 'ml_ops']);

      const adopted = await t.app.services.remotes.adoptLocalBuilds('missing', 'server (first start)');
      assert.deepEqual(adopted, [`landing ${V1}`, `risk ${V1}`]);
      const after = await remotesFor(t.app, 'a-client-id-0000001');
      assert.deepEqual(after.missing, ['dashboard', 'trading', 'ml_ops']);
      assert.deepEqual(
        after.remotes.find((r) => r.name === 'risk'),
        {
          name: 'risk',
          version: V1,
          entry: `/remotes/risk/1.0.0%2B20261101000000/mf-manifest.json`,
          exposes: ['RiskPage', 'RiskSettings'],
          channel: 'stable',
          fallback: null,
        },
      );
      assert.deepEqual(await t.app.services.remotes.adoptLocalBuilds('missing', 'server'), [], 'only once');
    });

    it('gives a new browser a client id cookie, once', async () => {
      const first = await t.app.inject({ method: 'GET', url: '/api/remotes' });
      const cookie = first.cookies.find((c) => c.name === 'nivesh_client');
      assert.ok(cookie, 'a cookie was set');
      assert.equal(cookie.httpOnly, true);
      assert.equal(cookie.sameSite, 'Lax');
      const again = await t.app.inject({
        method: 'GET',
        url: '/api/remotes',
        cookies: { nivesh_client: cookie.value },
      });
      assert.equal(again.cookies.length, 0);
    });

    it('serves a release from the store: the manifest revalidated, its files immutable', async () => {
      const manifest = await send(t.app, 'GET', '/remotes/risk/1.0.0%2B20261101000000/mf-manifest.json');
      assert.equal(manifest.statusCode, 200);
      assert.equal(manifest.headers['cache-control'], 'no-cache');
      const entry = await send(t.app, 'GET', `/remotes/risk/${V1}/remoteEntry.js`);
      assert.equal(entry.statusCode, 200);
      assert.equal(entry.headers['cache-control'], 'public, max-age=31536000, immutable');
      for (const url of [
        '/remotes/nope/1.0.0/mf-manifest.json',
        `/remotes/risk/9.9.9/mf-manifest.json`,
        `/remotes/risk/${V1}/missing.js`,
        `/remotes/risk/${V1}/../../../package.json`,
        '/remotes/..%2F..%2F/x/mf-manifest.json',
      ]) {
        assert.equal((await send(t.app, 'GET', url)).statusCode, 404, url);
      }
    });

    it('publishes a release without changing what browsers load, and refuses it twice', async () => {
      writeBuild(apps, 'mfe-risk', 'risk', V2, ['RiskPage', 'RiskSettings']);
      const res = await publish(V2);
      assert.equal(res.statusCode, 200, res.body);
      assert.match(res.json().message, /Browsers load it once a rollout says so/);
      assert.equal(res.json().data.stable.version, V1);
      assert.deepEqual(
        res.json().data.releases.map((r: { version: string }) => r.version),
        [V2, V1],
      );
      const answer = await remotesFor(t.app, 'a-client-id-0000001');
      assert.equal(answer.remotes.find((r) => r.name === 'risk')?.version, V1);

      const twice = await send(t.app, 'POST', '/api/remotes/risk/releases', { token, body: { version: V2 } });
      assert.equal(twice.statusCode, 409);
      assert.match(twice.json().message, /already published/);
      assert.throws(
        () => t.app.services.remoteStore.copyIn('risk', path.join(apps, 'mfe-risk', 'dist', V2)),
        /already published; a published version never changes/,
      );
    });

    it('refuses to record a release whose files are not in the store', async () => {
      const res = await send(t.app, 'POST', '/api/remotes/risk/releases', {
        token,
        body: { version: '1.0.0+nowhere' },
      });
      assert.equal(res.statusCode, 404);
      assert.match(res.json().message, /not in the remote store/);
    });

    it('sends browsers in the canary bucket to the canary, with stable as their fallback', async () => {
      const start = await send(t.app, 'POST', '/api/remotes/risk/canary', {
        token,
        body: { version: V2, percent: 30 },
      });
      assert.equal(start.statusCode, 200, start.body);
      assert.equal(start.json().data.canary.percent, 30);

      const inside = clientIn(30, true);
      const outside = clientIn(30, false);
      const canaryAnswer = await remotesFor(t.app, inside);
      const risk = canaryAnswer.remotes.find((r) => r.name === 'risk');
      assert.equal(risk?.version, V2);
      assert.equal(risk?.channel, 'canary');
      assert.deepEqual(risk?.fallback, {
        version: V1,
        entry: '/remotes/risk/1.0.0%2B20261101000000/mf-manifest.json',
      });
      assert.equal(canaryAnswer.remotes.filter((r) => r.name === 'risk').length, 1, 'one entry per remote');
      for (let i = 0; i < 5; i += 1) {
        assert.equal(
          (await remotesFor(t.app, inside)).remotes.find((r) => r.name === 'risk')?.version,
          V2,
          'sticky',
        );
      }
      const stableAnswer = await remotesFor(t.app, outside);
      assert.equal(stableAnswer.remotes.find((r) => r.name === 'risk')?.version, V1);
      assert.equal(
        stableAnswer.remotes.find((r) => r.name === 'landing')?.version,
        V1,
        'other remotes unchanged',
      );
    });

    it('refuses a second canary, an unknown release, and a percentage out of range', async () => {
      writeBuild(apps, 'mfe-risk', 'risk', V3, ['RiskPage', 'RiskSettings']);
      assert.equal((await publish(V3)).statusCode, 200);
      const second = await send(t.app, 'POST', '/api/remotes/risk/canary', {
        token,
        body: { version: V3, percent: 10 },
      });
      assert.equal(second.statusCode, 409);
      assert.match(second.json().message, /already has a canary/);
      const unknown = await send(t.app, 'POST', '/api/remotes/trading/canary', {
        token,
        body: { version: '1.0.0+ghost', percent: 10 },
      });
      assert.equal(unknown.statusCode, 404);
      const tooMuch = await send(t.app, 'POST', '/api/remotes/risk/canary/percent', {
        token,
        body: { percent: 101 },
      });
      assert.equal(tooMuch.statusCode, 400);
      assert.match(tooMuch.json().message, /percent must be at most 100/);
    });

    it('moves browsers with the percentage: 0% sends everyone to stable, 100% everyone to the canary', async () => {
      const someone = clientIn(30, true);
      const zero = await send(t.app, 'POST', '/api/remotes/risk/canary/percent', {
        token,
        body: { percent: 0 },
      });
      assert.equal(zero.statusCode, 200);
      assert.equal((await remotesFor(t.app, someone)).remotes.find((r) => r.name === 'risk')?.version, V1);
      await send(t.app, 'POST', '/api/remotes/risk/canary/percent', { token, body: { percent: 100 } });
      assert.equal(
        (await remotesFor(t.app, clientIn(30, false))).remotes.find((r) => r.name === 'risk')?.version,
        V2,
      );
    });

    it('counts each browser once, and rolls the canary back by itself when too many fail', async () => {
      const load = (client: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/remotes/risk/loads',
          cookies: { nivesh_client: client },
          payload: { version: V2 },
        });
      const fail = (client: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/remotes/risk/failures',
          cookies: { nivesh_client: client },
          payload: { version: V2, kind: 'module', message: 'Loading chunk 42 failed' },
        });
      for (const client of [
        'browser-aaaaaaaaaaaa1',
        'browser-aaaaaaaaaaaa2',
        'browser-aaaaaaaaaaaa3',
        'browser-aaaaaaaaaaaa4',
      ]) {
        assert.equal((await load(client)).statusCode, 200);
        await load(client); // a reload counts once
      }
      // 1 of 5 browsers failing is 20%: at the limit, not over it.
      const first = await fail('browser-aaaaaaaaaaaa5');
      assert.equal(first.json().rolled_back, false);
      let overview = (await send(t.app, 'GET', '/api/remotes/releases', { token })).json();
      const risk = overview.data.remotes.find((r: { name: string }) => r.name === 'risk');
      assert.deepEqual(risk.canary.stats, { loads: 5, failures: 1, failure_rate: 0.2 });

      const second = await fail('browser-aaaaaaaaaaaa1');
      assert.equal(second.statusCode, 200);
      assert.equal(second.json().rolled_back, true);
      overview = (await send(t.app, 'GET', '/api/remotes/releases', { token })).json();
      const after = overview.data.remotes.find((r: { name: string }) => r.name === 'risk');
      assert.equal(after.canary, null);
      assert.equal(after.stable.version, V1);
      const [latest] = after.history;
      assert.equal(latest.action, 'auto_rollback');
      assert.equal(latest.actor, 'registry (automatic)');
      assert.equal(latest.version, V2);
      assert.match(
        latest.reason,
        /2 of 5 browsers failed to load it in the last 60 minutes \(40%, over the 20% limit\)/,
      );
      assert.equal(
        (await remotesFor(t.app, clientIn(30, true))).remotes.find((r) => r.name === 'risk')?.version,
        V1,
      );
    });

    it('promotes a canary to stable, with who and when in the history', async () => {
      const start = await send(t.app, 'POST', '/api/remotes/risk/canary', {
        token,
        body: { version: V3, percent: 50 },
      });
      assert.equal(start.statusCode, 200, start.body);
      const promoted = await send(t.app, 'POST', '/api/remotes/risk/promote', { token });
      assert.equal(promoted.statusCode, 200, promoted.body);
      const data = promoted.json().data;
      assert.equal(data.stable.version, V3);
      assert.equal(data.canary, null);
      assert.deepEqual(
        { ...data.history[0], at: undefined },
        {
          at: undefined,
          actor: 'operator@nivesh.local',
          action: 'promote',
          version: V3,
          previous_version: V1,
          percent: null,
          reason: null,
        },
      );
      assert.equal(
        (await remotesFor(t.app, clientIn(50, false))).remotes.find((r) => r.name === 'risk')?.version,
        V3,
      );
      const nothing = await send(t.app, 'POST', '/api/remotes/risk/promote', { token });
      assert.equal(nothing.statusCode, 409);
    });

    it('rolls stable back to the release before it, or to a chosen one', async () => {
      const back = await send(t.app, 'POST', '/api/remotes/risk/rollback', { token, body: {} });
      assert.equal(back.statusCode, 200, back.body);
      assert.equal(back.json().data.stable.version, V1);
      const chosen = await send(t.app, 'POST', '/api/remotes/risk/rollback', {
        token,
        body: { version: V2 },
      });
      assert.equal(chosen.json().data.stable.version, V2);
      const same = await send(t.app, 'POST', '/api/remotes/risk/rollback', { token, body: { version: V2 } });
      assert.equal(same.statusCode, 409);
    });

    it('drops a running canary on rollback', async () => {
      await send(t.app, 'POST', '/api/remotes/risk/canary', { token, body: { version: V3, percent: 100 } });
      const res = await send(t.app, 'POST', '/api/remotes/risk/rollback', { token, body: {} });
      assert.equal(res.statusCode, 200);
      assert.equal(res.json().data.canary, null);
      assert.equal(res.json().data.stable.version, V2);
      assert.equal(res.json().data.history[0].action, 'rollback');
    });

    it('takes reports from browsers without a session, and refuses nonsense', async () => {
      const bad = await send(t.app, 'POST', '/api/remotes/risk/failures', {
        body: { version: V2, kind: 'explosion' },
      });
      assert.equal(bad.statusCode, 400);
      const unknown = await send(t.app, 'POST', '/api/remotes/nope/loads', { body: { version: V2 } });
      assert.equal(unknown.statusCode, 400);
      const ok = await send(t.app, 'POST', '/api/remotes/landing/loads', { body: { version: V1 } });
      assert.equal(ok.statusCode, 200);
    });

    it('serves the shell page for app paths, with a fresh nonce that its CSP names', async () => {
      const first = await send(t.app, 'GET', '/dashboard');
      const second = await send(t.app, 'GET', '/login?setup=abc');
      for (const res of [first, second]) {
        assert.equal(res.statusCode, 200);
        assert.match(res.headers['content-type'] as string, /text\/html/);
        assert.equal(res.headers['cache-control'], 'no-cache');
        const nonce = /content="([0-9a-f]+)"/.exec(res.body)?.[1];
        assert.ok(nonce, 'the nonce was filled in');
        assert.match(
          res.headers['content-security-policy'] as string,
          new RegExp(`style-src 'self' 'nonce-${nonce}'`),
        );
      }
      assert.notEqual(
        /content="([0-9a-f]+)"/.exec(first.body)?.[1],
        /content="([0-9a-f]+)"/.exec(second.body)?.[1],
      );
    });

    it('allows only its own origin in the page policy, and nothing for API answers and assets', async () => {
      const csp = (await send(t.app, 'GET', '/')).headers['content-security-policy'] as string;
      assert.match(csp, /default-src 'self'/);
      assert.match(csp, /connect-src 'self'/);
      assert.match(csp, /frame-ancestors 'none'/);
      assert.doesNotMatch(csp, /https?:|\*|unsafe-inline|unsafe-eval/);
      for (const url of ['/api/health', '/api/remotes', '/main.0123456789.js']) {
        const res = await send(t.app, 'GET', url);
        assert.equal(
          res.headers['content-security-policy'],
          "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
          url,
        );
      }
      const asset = await send(t.app, 'GET', '/main.0123456789.js');
      assert.equal(asset.headers['cache-control'], 'public, max-age=31536000, immutable');
      assert.equal((await send(t.app, 'GET', '/main.missing.js')).statusCode, 404);
    });
  });
}

describe('a remote store on another origin', () => {
  it('puts that origin, and only it, in the page policy and the entries', async () => {
    const database = await (await testDatabases())[0]!.open();
    const t = await createTestApp(database, { config: { remotesBaseUrl: 'https://cdn.example.com/nivesh' } });
    try {
      const shell = path.join(t.config.appsDir, 'shell', 'dist');
      fs.mkdirSync(shell, { recursive: true });
      fs.writeFileSync(
        path.join(shell, 'index.html'),
        '<html><meta name="csp-nonce" content="__CSP_NONCE__"></html>',
      );
      writeBuild(t.config.appsDir, 'mfe-risk', 'risk', V1, ['RiskPage']);
      await t.app.services.remotes.adoptLocalBuilds('missing', 'test');
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/remotes',
        cookies: { nivesh_client: 'a-client-id-0000001' },
      });
      assert.match(
        res.body,
        /https:\/\/cdn\.example\.com\/nivesh\/risk\/1\.0\.0%2B20261101000000\/mf-manifest\.json/,
      );
      const csp = (await send(t.app, 'GET', '/')).headers['content-security-policy'] as string;
      assert.match(csp, /script-src 'self' https:\/\/cdn\.example\.com;/);
      assert.match(csp, /connect-src 'self' https:\/\/cdn\.example\.com;/);
    } finally {
      await t.close();
      await database.close();
    }
  });
});
