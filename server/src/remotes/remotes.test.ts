import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { RemoteName } from '@nivesh/api-contract';
import { openDatabase, type Database } from '../db/index.js';
import { createTestApp, send, setUpOperator, testDatabases, type TestApp } from '../testing/index.js';
import { sharedPostgresDatabase } from '../testing/databases.js';
import { inCanary } from './bucket.js';
import { withCatalogue } from '../web/prerender.js';

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
const HOUR_MS = 60 * 60 * 1000;
/** What a signed client id cookie looks like: base64url(16 random bytes).base64url(HMAC-SHA256). */
const SIGNED_COOKIE = /^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/;

/** A browser: the client id cookie the server gave it, the id it carries, and its address. */
interface Browser {
  cookie: string;
  id: string;
  address: string;
}

let addresses = 0;
/** A new address, so each browser's address has its own limits unless a test says otherwise. */
function nextAddress(): string {
  addresses += 1;
  return `10.${Math.floor(addresses / 62_500) % 250}.${Math.floor(addresses / 250) % 250}.${(addresses % 250) + 1}`;
}

/** GET /api/remotes as a browser with no cookie yet: it is issued its client id. */
async function newBrowser(app: FastifyInstance, address = nextAddress()): Promise<Browser> {
  const res = await app.inject({ method: 'GET', url: '/api/remotes', remoteAddress: address });
  assert.equal(res.statusCode, 200);
  const cookie = res.cookies.find((c) => c.name === 'nivesh_client');
  assert.ok(cookie, 'a client id cookie was issued');
  assert.match(cookie.value, SIGNED_COOKIE);
  return { cookie: cookie.value, id: cookie.value.split('.')[0] as string, address };
}

/** GET /api/remotes as this browser. */
async function remotesFor(app: FastifyInstance, browser: Browser) {
  const res = await app.inject({
    method: 'GET',
    url: '/api/remotes',
    remoteAddress: browser.address,
    cookies: { nivesh_client: browser.cookie },
  });
  assert.equal(res.statusCode, 200);
  assert.equal(res.cookies.length, 0, 'its client id stays');
  return res.json<{
    remotes: Array<{ name: string; version: string; entry: string; channel: string; fallback: unknown }>;
    missing: string[];
    reporting: boolean;
  }>();
}

/** A new browser that `remote` puts inside (or outside) a canary of `percent`. */
async function browserIn(
  app: FastifyInstance,
  percent: number,
  inside: boolean,
  remote = 'risk',
): Promise<Browser> {
  for (;;) {
    const browser = await newBrowser(app);
    if (inCanary(browser.id, remote, percent) === inside) return browser;
  }
}

/** A browser's report that it loaded (or failed to load) `version` of `remote`. */
function report(
  app: FastifyInstance,
  browser: Browser,
  outcome: 'loads' | 'failures',
  remote: string,
  version: string,
) {
  return app.inject({
    method: 'POST',
    url: `/api/remotes/${remote}/${outcome}`,
    remoteAddress: browser.address,
    cookies: { nivesh_client: browser.cookie },
    payload:
      outcome === 'loads' ? { version } : { version, kind: 'module', message: 'Loading chunk 42 failed' },
  });
}

for (const target of await testDatabases()) {
  describe(`the remote registry on ${target.name}`, () => {
    let database: Database;
    let t: TestApp;
    let token: string;
    let apps: string;

    /** Copies a local build into the store, as `pnpm release publish` does, and records it. */
    async function publish(version: string, remote: RemoteName = 'risk', folder = 'mfe-risk') {
      t.app.services.remoteStore.copyIn(remote, path.join(apps, folder, 'dist', version));
      return send(t.app, 'POST', `/api/remotes/${remote}/releases`, { token, body: { version } });
    }

    /** The Releases overview of one remote. */
    async function releasesOf(remote: string) {
      const res = await send(t.app, 'GET', '/api/remotes/releases', { token });
      assert.equal(res.statusCode, 200);
      return res
        .json<{
          data: {
            remotes: Array<{
              name: string;
              stable: { version: string; stats: unknown } | null;
              canary: { version: string; stats: unknown } | null;
              history: Array<{ action: string; actor: string; version: string; reason: string | null }>;
            }>;
          };
        }>()
        .data.remotes.find((r) => r.name === remote)!;
    }

    before(async () => {
      database = await target.open();
      t = await createTestApp(database, {
        config: {
          canaryPolicy: { max_failure_rate: 0.2, min_loads: 5, window_minutes: 60, browsers_per_address: 3 },
          canaryClientIdsPerHour: 5,
        },
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
      const browser = await newBrowser(t.app);
      const before = await remotesFor(t.app, browser);
      assert.deepEqual(before.remotes, []);
      assert.deepEqual(before.missing, ['landing', 'dashboard', 'risk', 'trading', 'ml_ops']);

      const adopted = await t.app.services.remotes.adoptLocalBuilds('missing', 'server (first start)');
      assert.deepEqual(adopted, [`landing ${V1}`, `risk ${V1}`]);
      const after = await remotesFor(t.app, browser);
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

    it('gives a new browser a signed client id cookie, once', async () => {
      const address = nextAddress();
      const first = await t.app.inject({ method: 'GET', url: '/api/remotes', remoteAddress: address });
      const cookie = first.cookies.find((c) => c.name === 'nivesh_client');
      assert.ok(cookie, 'a cookie was set');
      assert.match(cookie.value, SIGNED_COOKIE);
      assert.equal(cookie.httpOnly, true);
      assert.equal(cookie.sameSite, 'Lax');
      assert.equal(first.json().reporting, true);
      const again = await t.app.inject({
        method: 'GET',
        url: '/api/remotes',
        remoteAddress: address,
        cookies: { nivesh_client: cookie.value },
      });
      assert.equal(again.cookies.length, 0);
      assert.equal(again.json().reporting, true);
    });

    it('replaces an unsigned or tampered client id cookie with a new signed one', async () => {
      const genuine = await newBrowser(t.app);
      const [id, signature] = genuine.cookie.split('.') as [string, string];
      const otherId = `${id.slice(0, -1)}${id.endsWith('A') ? 'B' : 'A'}`;
      for (const made of [
        'a-client-id-0000001', // an id of the old, unsigned kind
        id, // the id without its signature
        `${otherId}.${signature}`, // another id under a genuine signature
        `${id}.${'A'.repeat(43)}`, // a made-up signature
        `${id}.${signature}x`,
      ]) {
        const res = await t.app.inject({
          method: 'GET',
          url: '/api/remotes',
          remoteAddress: nextAddress(),
          cookies: { nivesh_client: made },
        });
        assert.equal(res.statusCode, 200);
        const issued = res.cookies.find((c) => c.name === 'nivesh_client');
        assert.ok(issued, `a new cookie replaces ${made}`);
        assert.match(issued.value, SIGNED_COOKIE);
        assert.notEqual(issued.value.split('.')[0], otherId);
        assert.notEqual(issued.value.split('.')[0], id);
      }
    });

    it('issues an address only so many new client ids an hour; beyond that its browsers load but do not report', async () => {
      const address = '192.0.2.10';
      const issued: Browser[] = [];
      for (let i = 0; i < 5; i += 1) issued.push(await newBrowser(t.app, address));
      const sixth = await t.app.inject({ method: 'GET', url: '/api/remotes', remoteAddress: address });
      assert.equal(sixth.statusCode, 200);
      assert.equal(sixth.cookies.length, 0, 'no sixth client id this hour');
      assert.equal(sixth.json().reporting, false, 'the shell is told its reports would not be taken');
      assert.equal(
        sixth.json().remotes.find((r: { name: string }) => r.name === 'risk')?.version,
        V1,
        'it still gets its remotes',
      );
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/remotes/risk/loads',
        remoteAddress: address,
        payload: { version: V1 },
      });
      assert.equal(refused.statusCode, 403);
      assert.match(refused.json().message, /no client id from this server/);
      // Browsers that already hold an id keep it, and report.
      assert.equal((await remotesFor(t.app, issued[0]!)).reporting, true);
      // Another address is not affected; an hour later this one is issued ids again.
      await newBrowser(t.app);
      t.clock.advance(HOUR_MS);
      await newBrowser(t.app, address);
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
      const answer = await remotesFor(t.app, await newBrowser(t.app));
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

      const inside = await browserIn(t.app, 30, true);
      const outside = await browserIn(t.app, 30, false);
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
      const someone = await browserIn(t.app, 30, true);
      const zero = await send(t.app, 'POST', '/api/remotes/risk/canary/percent', {
        token,
        body: { percent: 0 },
      });
      assert.equal(zero.statusCode, 200);
      assert.equal((await remotesFor(t.app, someone)).remotes.find((r) => r.name === 'risk')?.version, V1);
      await send(t.app, 'POST', '/api/remotes/risk/canary/percent', { token, body: { percent: 100 } });
      assert.equal(
        (await remotesFor(t.app, await browserIn(t.app, 30, false))).remotes.find((r) => r.name === 'risk')
          ?.version,
        V2,
      );
    });

    it('counts each browser once, and rolls the canary back by itself when it fails clearly more than stable', async () => {
      // The canary reaches every browser (100%); a browser whose canary fails falls back to stable.
      const browsers = [];
      for (let i = 0; i < 5; i += 1) browsers.push(await newBrowser(t.app));
      for (const browser of browsers.slice(0, 4)) {
        const loaded = await report(t.app, browser, 'loads', 'risk', V2);
        assert.equal(loaded.statusCode, 200);
        assert.deepEqual(loaded.json(), { success: true, counted: true, rolled_back: false });
        await report(t.app, browser, 'loads', 'risk', V2); // a reload counts once
      }
      // 1 of 5 browsers failing is 20%, 20 points over stable (no failures): at the limit, not over it.
      const first = await report(t.app, browsers[4]!, 'failures', 'risk', V2);
      assert.deepEqual(first.json(), { success: true, counted: true, rolled_back: false });
      assert.equal((await report(t.app, browsers[4]!, 'loads', 'risk', V1)).json().counted, true);
      assert.deepEqual((await releasesOf('risk')).canary?.stats, {
        loads: 5,
        failures: 1,
        failure_rate: 0.2,
      });

      const second = await report(t.app, browsers[0]!, 'failures', 'risk', V2);
      assert.equal(second.statusCode, 200);
      assert.equal(second.json().rolled_back, true);
      await report(t.app, browsers[0]!, 'loads', 'risk', V1);
      const after = await releasesOf('risk');
      assert.equal(after.canary, null);
      assert.equal(after.stable?.version, V1);
      assert.deepEqual(after.stable?.stats, { loads: 2, failures: 0, failure_rate: 0 });
      const [latest] = after.history;
      assert.equal(latest?.action, 'auto_rollback');
      assert.equal(latest?.actor, 'registry (automatic)');
      assert.equal(latest?.version, V2);
      assert.equal(
        latest?.reason,
        `canary ${V2} failed to load in 2 of 5 browsers (40%) in the last 60 minutes, ` +
          `stable ${V1} in 0 of 1 (0%): 40 points worse than stable, over the 20-point limit`,
      );
      assert.equal(
        (await remotesFor(t.app, await browserIn(t.app, 30, true))).remotes.find((r) => r.name === 'risk')
          ?.version,
        V1,
      );
      // The dropped canary is no longer served: later reports about it are not counted.
      const late = await report(t.app, browsers[1]!, 'failures', 'risk', V2);
      assert.deepEqual(late.json(), { success: true, counted: false, rolled_back: false });
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
        (await remotesFor(t.app, await browserIn(t.app, 50, false))).remotes.find((r) => r.name === 'risk')
          ?.version,
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
      const anonymous = await send(t.app, 'POST', '/api/remotes/landing/loads', { body: { version: V1 } });
      assert.equal(anonymous.statusCode, 403);
      assert.match(anonymous.json().message, /holds no client id from this server/);
      const ok = await report(t.app, await newBrowser(t.app), 'loads', 'landing', V1);
      assert.equal(ok.statusCode, 200);
      assert.equal(ok.json().counted, true);
    });

    describe('reports that must not count (landing)', () => {
      const L2 = '2.0.0+20261102000000';
      const L3 = '2.0.0+20261103000000';

      before(() => {
        writeBuild(apps, 'mfe-landing', 'landing', L2, ['LandingPage']);
        writeBuild(apps, 'mfe-landing', 'landing', L3, ['LandingPage']);
        // Reports of the tests above fall out of the window.
        t.clock.advance(2 * HOUR_MS);
      });

      it('does not let twenty made-up client ids roll a canary back', async () => {
        assert.equal((await publish(L2, 'landing', 'mfe-landing')).statusCode, 200);
        await send(t.app, 'POST', '/api/remotes/landing/canary', {
          token,
          body: { version: L2, percent: 100 },
        });
        const genuine = await newBrowser(t.app);
        const signature = genuine.cookie.split('.')[1] as string;
        for (let i = 0; i < 20; i += 1) {
          const id = `forged-browser-${String(i).padStart(6, '0')}`;
          const res = await report(
            t.app,
            // Unsigned ids, and ids under a signature made for another id.
            { cookie: i % 2 === 0 ? id : `${id}.${signature}`, id, address: nextAddress() },
            'failures',
            'landing',
            L2,
          );
          assert.equal(res.statusCode, 403, res.body);
          assert.match(res.json().message, /holds no client id from this server/);
        }
        const landing = await releasesOf('landing');
        assert.equal(landing.canary?.version, L2, 'the canary still runs');
        assert.deepEqual(landing.canary?.stats, { loads: 0, failures: 0, failure_rate: 0 });
        assert.notEqual(landing.history[0]?.action, 'auto_rollback');
      });

      it('does not store a report for a version not yet published, so it does not count once published', async () => {
        const browsers: Browser[] = [];
        for (let i = 0; i < 6; i += 1) browsers.push(await newBrowser(t.app));
        for (const browser of browsers) {
          const res = await report(t.app, browser, 'failures', 'landing', L3);
          assert.equal(res.statusCode, 200);
          assert.deepEqual(res.json(), { success: true, counted: false, rolled_back: false });
        }
        await send(t.app, 'POST', '/api/remotes/landing/rollback', { token, body: {} });
        assert.equal((await publish(L3, 'landing', 'mfe-landing')).statusCode, 200);
        const start = await send(t.app, 'POST', '/api/remotes/landing/canary', {
          token,
          body: { version: L3, percent: 100 },
        });
        assert.equal(start.statusCode, 200, start.body);
        // One real failure now: the six early reports would make it 7 of 7 if they had been kept.
        const now = await report(t.app, browsers[0]!, 'failures', 'landing', L3);
        assert.deepEqual(now.json(), { success: true, counted: true, rolled_back: false });
        const landing = await releasesOf('landing');
        assert.equal(landing.canary?.version, L3);
        assert.deepEqual(landing.canary?.stats, { loads: 1, failures: 1, failure_rate: 1 });
      });

      it('does not count a canary report from a browser outside the canary share', async () => {
        await send(t.app, 'POST', '/api/remotes/landing/canary/percent', { token, body: { percent: 30 } });
        const outside = await browserIn(t.app, 30, false, 'landing');
        assert.equal(
          (await remotesFor(t.app, outside)).remotes.find((r) => r.name === 'landing')?.version,
          V1,
          'it was given stable',
        );
        const res = await report(t.app, outside, 'failures', 'landing', L3);
        assert.deepEqual(res.json(), { success: true, counted: false, rolled_back: false });
        // Its stable load counts, as stable.
        assert.equal((await report(t.app, outside, 'loads', 'landing', V1)).json().counted, true);
        const inside = await browserIn(t.app, 30, true, 'landing');
        assert.equal((await report(t.app, inside, 'loads', 'landing', L3)).json().counted, true);
        const landing = await releasesOf('landing');
        assert.deepEqual(landing.canary?.stats, { loads: 2, failures: 1, failure_rate: 0.5 });
        assert.deepEqual(landing.stable?.stats, { loads: 1, failures: 0, failure_rate: 0 });
      });

      it('counts many browsers from one address as at most three', async () => {
        t.clock.advance(2 * HOUR_MS);
        await send(t.app, 'POST', '/api/remotes/landing/canary/percent', { token, body: { percent: 100 } });
        const address = '198.51.100.7';
        for (let i = 0; i < 5; i += 1) {
          const browser = await newBrowser(t.app, address);
          const res = await report(t.app, browser, 'failures', 'landing', L3);
          assert.deepEqual(res.json(), { success: true, counted: true, rolled_back: false });
        }
        // Five failing browsers would reach the 5 needed for a rollback; one address counts as three.
        const landing = await releasesOf('landing');
        assert.equal(landing.canary?.version, L3, 'not rolled back');
        assert.deepEqual(landing.canary?.stats, { loads: 3, failures: 3, failure_rate: 1 });
      });

      it('does not roll back a canary failing as often as stable (network trouble), but one failing clearly more', async () => {
        t.clock.advance(2 * HOUR_MS);
        await send(t.app, 'POST', '/api/remotes/landing/canary/percent', { token, body: { percent: 50 } });
        const send5 = async (inside: boolean, version: string, failing: number) => {
          for (let i = 0; i < 5; i += 1) {
            const browser = await browserIn(t.app, 50, inside, 'landing');
            const res = await report(t.app, browser, i < failing ? 'failures' : 'loads', 'landing', version);
            assert.deepEqual(res.json(), { success: true, counted: true, rolled_back: false });
          }
        };
        // A bad network: 2 of 5 browsers fail on stable, and 2 of 5 on the canary.
        await send5(false, V1, 2);
        await send5(true, L3, 2);
        let landing = await releasesOf('landing');
        assert.equal(landing.canary?.version, L3, 'not rolled back');
        assert.deepEqual(landing.canary?.stats, { loads: 5, failures: 2, failure_rate: 0.4 });
        assert.deepEqual(landing.stable?.stats, { loads: 5, failures: 2, failure_rate: 0.4 });

        // The canary fails clearly more: 5 of 8 (62.5%) against stable's 40%.
        const outcomes = [];
        for (let i = 0; i < 3; i += 1) {
          const browser = await browserIn(t.app, 50, true, 'landing');
          outcomes.push((await report(t.app, browser, 'failures', 'landing', L3)).json().rolled_back);
        }
        assert.deepEqual(outcomes, [false, false, true], '50% and 57% are within 20 points of 40%');
        landing = await releasesOf('landing');
        assert.equal(landing.canary, null);
        assert.equal(landing.history[0]?.action, 'auto_rollback');
        assert.equal(
          landing.history[0]?.reason,
          `canary ${L3} failed to load in 5 of 8 browsers (62.5%) in the last 60 minutes, ` +
            `stable ${V1} in 2 of 5 (40%): 22.5 points worse than stable, over the 20-point limit`,
        );
      });
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

describe('client ids across server processes', () => {
  it('are accepted by every server with the same secret key, and by no other', async () => {
    const [target] = await testDatabases();
    const database = await target!.open();
    // No NIVESH_SECRET_KEY: the key is <data dir>/secret.key, shared by processes on one data folder.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nivesh-client-ids-'));
    const first = await createTestApp(database, { config: { secretKey: null, dataDir } });
    const second = await createTestApp(database, { config: { secretKey: null, dataDir } });
    // A server with another key runs on a database of its own (on this one it would refuse to start:
    // broker/secretKeyCheck.ts).
    const otherDatabase = await target!.open();
    const elsewhere = await createTestApp(otherDatabase, { config: { secretKey: null } });
    try {
      writeBuild(first.config.appsDir, 'mfe-risk', 'risk', V1, ['RiskPage']);
      await first.app.services.remotes.adoptLocalBuilds('missing', 'test');
      const browser = await newBrowser(first.app);
      // The other process knows this browser: no new id, and its report counts.
      await remotesFor(second.app, browser);
      assert.equal((await report(second.app, browser, 'loads', 'risk', V1)).json().counted, true);
      // A server with another key does not: a new id, and the old cookie's reports are refused.
      const res = await elsewhere.app.inject({
        method: 'GET',
        url: '/api/remotes',
        remoteAddress: browser.address,
        cookies: { nivesh_client: browser.cookie },
      });
      assert.match(res.cookies.find((c) => c.name === 'nivesh_client')?.value ?? '', SIGNED_COOKIE);
      assert.equal((await report(elsewhere.app, browser, 'loads', 'risk', V1)).statusCode, 403);
    } finally {
      await elsewhere.close();
      await otherDatabase.close();
      await second.close();
      await first.close();
      await database.close();
    }
  });
});

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

describe('the remote catalogue in every page', () => {
  it('is the one GET /api/remotes answers the same browser, and its client id comes with the page', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    const t = await createTestApp(database);
    try {
      const apps = t.config.appsDir;
      const shell = path.join(apps, 'shell', 'dist');
      fs.mkdirSync(shell, { recursive: true });
      fs.writeFileSync(
        path.join(shell, 'index.html'),
        '<!doctype html><html lang="en"><head><script defer src="/main.0123456789.js"></script></head><body><div id="root"></div></body></html>',
      );
      writeBuild(apps, 'mfe-landing', 'landing', V1, ['LandingPage']);
      writeBuild(apps, 'mfe-risk', 'risk', V1, ['RiskPage', 'RiskSettings']);
      await t.app.services.remotes.adoptLocalBuilds('missing', 'test');

      for (const url of ['/', '/login', '/risk']) {
        const page = await send(t.app, 'GET', url);
        assert.equal(page.statusCode, 200, url);
        const cookie = /^nivesh_client=([^;]+)/.exec(String(page.headers['set-cookie']))?.[1];
        assert.ok(cookie, `${url}: the page issues the browser's client id`);
        const inline = /<script type="application\/json" id="remote-catalogue">(.*?)<\/script><\/head>/.exec(
          page.body,
        );
        assert.ok(inline, `${url}: the catalogue is in the page's head, ahead of the scripts`);
        const catalogue = JSON.parse(inline[1]!) as { remotes: Array<{ name: string; version: string }> };
        const api = await t.app.inject({
          method: 'GET',
          url: '/api/remotes',
          cookies: { nivesh_client: cookie },
        });
        assert.deepEqual(catalogue, api.json(), url);
        assert.deepEqual(catalogue.remotes.map((remote) => `${remote.name} ${remote.version}`).sort(), [
          `landing ${V1}`,
          `risk ${V1}`,
        ]);
      }
    } finally {
      await t.close();
      await database.close();
    }
  });

  it('cannot end its element: <, > and & are written as JSON escapes', () => {
    const html = withCatalogue('<html><head></head><body></body></html>', {
      success: true,
      remotes: [],
      missing: [],
      reporting: true,
      // Not a catalogue the registry makes: a string that would close the element if written as is.
      ...({ note: '</script><script>alert(1)</script> & more' } as object),
    });
    assert.ok(!html.includes('</script><script>'), html);
    assert.match(
      html,
      /\\u003c\/script\\u003e\\u003cscript\\u003ealert\(1\)\\u003c\/script\\u003e \\u0026 more/,
    );
    const json = /id="remote-catalogue">(.*?)<\/script>/.exec(html)![1]!;
    assert.equal((JSON.parse(json) as { note: string }).note, '</script><script>alert(1)</script> & more');
  });
});

describe('the landing page prerendered into index.html', () => {
  it('carries the prerender of the landing release the browser will load', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    const t = await createTestApp(database);
    try {
      const token = await setUpOperator(t.app);
      const apps = t.config.appsDir;
      const shell = path.join(apps, 'shell', 'dist');
      fs.mkdirSync(shell, { recursive: true });
      fs.writeFileSync(
        path.join(shell, 'index.html'),
        '<!doctype html><html lang="en"><head><meta name="csp-nonce" content="__CSP_NONCE__"></head><body><noscript>Nivesh needs JavaScript to run.</noscript><div id="root"></div></body></html>',
      );
      fs.mkdirSync(path.join(shell, 'assets'));
      fs.writeFileSync(path.join(shell, 'assets', 'inter-latin-wght-normal.4f2981d828.woff2'), 'font');
      const prerendered = (words: string) =>
        `<style data-emotion="nv abc" nonce="__CSP_NONCE__">.x{color:red}</style><h1 class="x">${words}</h1>`;
      const fonts =
        '<style nonce="__CSP_NONCE__">@font-face{src:url(__SHELL_ASSET__inter-latin-wght-normal.woff2)}@font-face{src:url(__SHELL_ASSET__gone.woff2)}</style>';
      fs.writeFileSync(
        path.join(writeBuild(apps, 'mfe-landing', 'landing', V1, ['LandingPage']), 'prerender.html'),
        fonts + prerendered('Stable landing'),
      );
      await t.app.services.remotes.adoptLocalBuilds('missing', 'test');

      const page = await send(t.app, 'GET', '/');
      assert.equal(page.statusCode, 200);
      const nonce = /'nonce-([^']+)'/.exec(page.headers['content-security-policy'] as string)?.[1];
      assert.ok(nonce);
      // Only the nonce'd style elements: the page's policy drops inline style attributes.
      assert.match(page.body, /<html lang="en" class="dark">/);
      assert.ok(
        page.body.includes(
          `<div id="prerender"><style nonce="${nonce}">#root{display:none}html.dark{color-scheme:dark}</style><style nonce="${nonce}">@font-face{src:url(/assets/inter-latin-wght-normal.4f2981d828.woff2)}@font-face{src:url(about:invalid)}</style><style data-emotion="nv abc" nonce="${nonce}">.x{color:red}</style><h1 class="x">Stable landing</h1></div><div id="root"></div>`,
        ),
        page.body,
      );
      assert.ok(!page.body.includes('__CSP_NONCE__'));
      // The prerendered page reads without scripts: no notice that it needs them.
      assert.ok(!page.body.includes('noscript'));
      // Only the landing path: the application's other pages start from the bare root.
      const login = await send(t.app, 'GET', '/login');
      assert.ok(!login.body.includes('prerender'));
      assert.match(login.body, /<noscript>Nivesh needs JavaScript to run.<\/noscript>/);

      // A canary for every browser: one with a client id sees the canary's page, and so does a new
      // one, which is given its client id with the page.
      const canaryDir = writeBuild(apps, 'mfe-landing', 'landing', V2, ['LandingPage']);
      fs.writeFileSync(path.join(canaryDir, 'prerender.html'), prerendered('Canary landing'));
      t.app.services.remoteStore.copyIn('landing', canaryDir);
      assert.equal(
        (await send(t.app, 'POST', '/api/remotes/landing/releases', { token, body: { version: V2 } }))
          .statusCode,
        200,
      );
      const canary = await send(t.app, 'POST', '/api/remotes/landing/canary', {
        token,
        body: { version: V2, percent: 100 },
      });
      assert.equal(canary.statusCode, 200, canary.body);
      const browser = await newBrowser(t.app);
      const withId = await t.app.inject({
        method: 'GET',
        url: '/',
        cookies: { nivesh_client: browser.cookie },
      });
      assert.match(withId.body, /Canary landing/);
      const newcomer = await send(t.app, 'GET', '/');
      assert.match(newcomer.body, /Canary landing/);
      assert.match(String(newcomer.headers['set-cookie']), /^nivesh_client=/);

      // A release built without a prerender: the page starts from the bare root, as before.
      const plainDir = writeBuild(apps, 'mfe-landing', 'landing', V3, ['LandingPage']);
      t.app.services.remoteStore.copyIn('landing', plainDir);
      await send(t.app, 'POST', '/api/remotes/landing/releases', { token, body: { version: V3 } });
      await send(t.app, 'POST', '/api/remotes/landing/rollback', { token, body: {} });
      const promote = await send(t.app, 'POST', '/api/remotes/landing/promote', {
        token,
        body: { version: V3 },
      });
      assert.equal(promote.statusCode, 200, promote.body);
      const plain = await send(t.app, 'GET', '/');
      assert.ok(!plain.body.includes('prerender'), plain.body);
      assert.match(plain.body, /<html lang="en"><head>/);
    } finally {
      await t.close();
      await database.close();
    }
  });
});

const sharedPostgres = await sharedPostgresDatabase();

describe('the first start of two processes at the same moment', { skip: sharedPostgres === null }, () => {
  after(() => sharedPostgres?.drop());

  it('publishes the local builds once: one process adopts them, the other finds them stable, and both serve them', async () => {
    // One checkout (the builds), two processes on a new database, each with its own data folder.
    const appsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nivesh-apps-'));
    writeBuild(appsDir, 'mfe-landing', 'landing', V1, ['LandingPage']);
    writeBuild(appsDir, 'mfe-risk', 'risk', V1, ['RiskPage']);
    const databases = [await sharedPostgres!.open(), await sharedPostgres!.open()];
    const processes = await Promise.all(
      databases.map((database) => createTestApp(database, { config: { appsDir } })),
    );
    try {
      const results = await Promise.allSettled(
        processes.map((t) => t.app.services.remotes.adoptLocalBuilds('missing', 'server (first start)')),
      );
      assert.deepEqual(
        results
          .map((result) =>
            result.status === 'fulfilled'
              ? result.value.join(', ')
              : `failed: ${(result.reason as Error).message}`,
          )
          .sort(),
        ['', `landing ${V1}, risk ${V1}`],
      );
      // Each serves them, files included (each has a store of its own, in its data folder).
      for (const t of processes) {
        const { remotes } = await remotesFor(t.app, await newBrowser(t.app));
        assert.deepEqual(
          remotes.map((remote) => `${remote.name} ${remote.version} ${remote.channel}`),
          [`landing ${V1} stable`, `risk ${V1} stable`],
        );
        for (const remote of remotes) assert.equal((await send(t.app, 'GET', remote.entry)).statusCode, 200);
      }
    } finally {
      for (const t of processes) await t.close();
      for (const database of databases) await database.close();
      fs.rmSync(appsDir, { recursive: true, force: true });
    }
  });
});
