/**
 * The guard that stays: every route of the contract gets requests generated from its own zod
 * schemas (testing/arbitraries.ts), without a session and with one. Whatever comes in, the answer
 * is never a 5xx (except the documented "not connected" 503), every refusal is a 4xx with a
 * sentence in `message` and the usual headers, and a request the route's schemas refuse is
 * refused.
 *
 * Two rounds. The first sends mostly broken requests (wrong types, missing fields, out-of-range
 * numbers, NUL characters and lone surrogates, long strings, `__proto__` keys, malformed JSON, bad
 * paths and query strings): GET routes get everything, every other route only requests its
 * schemas refuse, so the account, orders, settings and releases must read byte for byte the same
 * afterwards (the clock stands still, and the simulated market with it). The second round sends
 * well-formed requests with the session to every route but logout; they may change things, and
 * must not break the server either: a value the schemas let through reaches the code behind them.
 *
 * Seeds are fixed per route, so a failure replays the same way.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { listRoutes, type RouteDefinition } from '@nivesh/api-contract';
import type { Database } from '../db/index.js';
import { type Hints, requestCase, type RequestCase } from '../testing/arbitraries.js';
import { createTestApp, send, setUpOperator, testDatabases, type TestApp } from '../testing/index.js';

/** Requests per route in the first round; each is sent without a session and, when safe, with one. */
const RUNS_PER_ROUTE = 30;
/** Well-formed requests with a session per route, in the second round. */
const VALID_RUNS_PER_ROUTE = 25;

/** What the first round must leave exactly as it was (answers compared byte for byte). */
const SNAPSHOT_URLS = [
  '/api/portfolio/overview',
  '/api/portfolio/holdings',
  '/api/portfolio/activity',
  '/api/quick-stats',
  '/api/trading/orders?status=all&limit=500',
  '/api/trading/history?period=all&page_size=200',
  '/api/trading/paper-limits',
  '/api/trading/paper-costs',
  '/api/trading/mode',
  '/api/remotes/releases',
  '/api/upstox/token/status',
  '/api/upstox/credentials',
  '/api/upstox/status',
  '/api/market/status',
];

const NOT_CONNECTED = /is not connected on this server\.$/;
/** The dashboard's stable release and its canary (so reports reach the canary's counters). */
const STABLE = '1.0.0+fuzz.1';
const CANARY = '1.0.0+fuzz.2';

/** A stable seed per route, so each route's requests are the same on every run. */
function seedOf(id: string): number {
  let hash = 2166136261;
  for (const char of id) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return hash | 0;
}

let requests = 0;

/**
 * Each request from its own address: the per-address rate limits (logins, reports) would
 * otherwise answer 429 to nearly everything and hide the code behind them.
 */
function inject(
  t: TestApp,
  c: RequestCase,
  token: string | null,
  cookies: Record<string, string>,
): Promise<LightMyRequestResponse> {
  requests += 1;
  return t.app.inject({
    method: c.method as 'GET',
    url: c.url,
    remoteAddress: `10.${(requests >> 16) & 255}.${(requests >> 8) & 255}.${requests & 255}`,
    headers: { ...c.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    // The cookies a browser holds (its client id), so its reports are taken.
    cookies,
    ...(c.payload !== undefined ? { payload: c.payload } : {}),
  });
}

/** What every answer must be, whatever was sent. */
function checkAnswer(
  route: RouteDefinition,
  c: RequestCase,
  res: LightMyRequestResponse,
  withSession: boolean,
): void {
  const who = withSession ? 'with a session' : 'without a session';
  const context = `${who}: ${c.label}\n  -> ${res.statusCode} ${res.body.slice(0, 500)}`;
  let message: unknown;
  if (res.statusCode >= 400) {
    let body: { success?: unknown; message?: unknown; error?: unknown };
    try {
      body = res.json();
    } catch {
      assert.fail(`an error answer that is not JSON ${context}`);
    }
    assert.equal(body.success, false, `success: false ${context}`);
    message = body.message;
    assert.ok(typeof message === 'string' && message.trim().length > 0, `a sentence in message ${context}`);
    assert.equal(body.error, message, `error and message agree ${context}`);
  }
  if (res.statusCode >= 500) {
    assert.ok(
      res.statusCode === 503 && typeof message === 'string' && NOT_CONNECTED.test(message),
      `no 5xx but the documented "not connected" 503 ${context}`,
    );
  }
  assert.ok(res.headers['content-security-policy'], `a Content-Security-Policy ${context}`);
  assert.equal(res.headers['x-content-type-options'], 'nosniff', `the usual security headers ${context}`);
  if (c.method !== route.method) {
    // No route answers this method on this path: refused, whatever the body or the session.
    assert.ok(res.statusCode >= 400 && res.statusCode < 500, `a 4xx for a method no route has ${context}`);
  } else if (route.access === 'session' && !withSession) {
    assert.ok([401, 404].includes(res.statusCode), `401 (or 404 off the route) ${context}`);
  }
  if (withSession && c.refused) {
    assert.ok(
      res.statusCode >= 400 && res.statusCode < 500,
      `a request the schemas refuse gets a 4xx ${context}`,
    );
  }
}

/** Writes a release's manifest into the remote store, as `pnpm release publish` would. */
function storeRelease(t: TestApp, version: string): void {
  const dir = path.join(t.config.remotesStore, 'dashboard', version);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'mf-manifest.json'),
    JSON.stringify({
      name: 'dashboard',
      metaData: { buildInfo: { buildVersion: version }, remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [{ name: 'DashboardPage', path: './DashboardPage' }],
    }),
  );
}

for (const target of await testDatabases()) {
  describe(`every route, fuzzed from its schemas, on ${target.name}`, () => {
    let database: Database;
    let t: TestApp;
    let token: string;
    let snapshot: string[];
    /** Values that reach past "not found": real symbols, order ids, the releases. */
    let hints: Hints;
    /** The cookies the server gives a browser (GET /api/remotes issues its client id). */
    let cookies: Record<string, string>;

    async function takeSnapshot(): Promise<string[]> {
      const answers: string[] = [];
      for (const url of SNAPSHOT_URLS) {
        const res = await send(t.app, 'GET', url, { token });
        answers.push(`${url} ${res.statusCode} ${res.body}`);
      }
      return answers;
    }

    /** Sends as the operator and expects 200. */
    async function setUp(url: string, body: unknown) {
      const res = await send(t.app, 'POST', url, { token, body });
      assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
      return res;
    }

    before(async () => {
      database = await target.open();
      // The clock stands still (the simulated market with it): answers can be compared byte for byte.
      t = await createTestApp(database, { deps: { paperTimers: false, live: null } });
      token = await setUpOperator(t.app);

      // Something worth protecting: a holding, a resting order, own limits, releases and a canary.
      await setUp('/api/trading/orders', {
        symbol: 'INFY',
        side: 'BUY',
        quantity: 10,
        order_type: 'MARKET',
        product: 'CNC',
      });
      const resting = await setUp('/api/trading/orders', {
        symbol: 'TCS',
        side: 'BUY',
        quantity: 2,
        order_type: 'LIMIT',
        limit_price: 3000,
        product: 'CNC',
      });
      assert.equal(resting.json().data.status, 'open');
      const limits = await send(t.app, 'GET', '/api/trading/paper-limits', { token });
      await setUp('/api/trading/paper-limits', { ...limits.json().data, max_positions_count: 12 });
      storeRelease(t, STABLE);
      storeRelease(t, CANARY);
      await setUp('/api/remotes/dashboard/releases', { version: STABLE });
      await setUp('/api/remotes/dashboard/promote', { version: STABLE });
      await setUp('/api/remotes/dashboard/releases', { version: CANARY });
      await setUp('/api/remotes/dashboard/canary', { version: CANARY, percent: 50 });

      // The market sentiment's first reading, which its engine (off in tests) takes at a server's start.
      await t.app.services.marketSentiment.refresh();

      const remotes = await send(t.app, 'GET', '/api/remotes');
      cookies = Object.fromEntries(remotes.cookies.map((cookie) => [cookie.name, cookie.value]));
      const orders = await send(t.app, 'GET', '/api/trading/orders?status=all', { token });
      hints = {
        symbol: t.app.services.feed
          .instruments()
          .map((i) => i.symbol)
          .slice(0, 10),
        orderId: orders.json<{ data: Array<{ order_id: string }> }>().data.map((o) => o.order_id),
        version: [STABLE, CANARY],
        name: ['dashboard'],
        // The broker's credentials reach the code that stores them only with a redirect URI it takes.
        redirect_uri: ['https://nivesh.example/api/upstox/callback'],
        // No operator email: wrong passwords for it would lock the sign-in and hide the code behind.
      };

      snapshot = await takeSnapshot();
      for (const line of snapshot) assert.match(line, /^\S+ 200 /, line.slice(0, 300));
    });

    after(async () => {
      await t.close();
      await database.close();
    });

    for (const { id, route } of listRoutes()) {
      it(`${id} (${route.method} ${route.path}): no 5xx, every refusal a 4xx with a sentence`, async () => {
        // Only GET routes, and a session route without its session, may get what their schemas accept.
        const harmless = (c: RequestCase, withSession: boolean) =>
          route.method === 'GET' || c.refused || (route.access === 'session' && !withSession);
        await fc.assert(
          fc.asyncProperty(requestCase(route, { hints }), async (c) => {
            if (harmless(c, false)) checkAnswer(route, c, await inject(t, c, null, cookies), false);
            if (harmless(c, true)) checkAnswer(route, c, await inject(t, c, token, cookies), true);
          }),
          { numRuns: RUNS_PER_ROUTE, seed: seedOf(id) },
        );
      });
    }

    it('leaves the account, orders, settings and releases exactly as they were', async () => {
      assert.deepEqual(await takeSnapshot(), snapshot);
    });

    for (const { id, route } of listRoutes()) {
      // Logging out would end the round's session; the contract tests cover it.
      if (id === 'auth.logout') continue;
      it(`${id}: well-formed requests with a session get no 5xx either`, async () => {
        await fc.assert(
          fc.asyncProperty(requestCase(route, { hints, validOnly: true }), async (c) => {
            checkAnswer(route, c, await inject(t, c, token, cookies), true);
          }),
          { numRuns: VALID_RUNS_PER_ROUTE, seed: seedOf(`${id} valid`) },
        );
      });
    }
  });
}
