import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fillPath, listRoutes, type RouteDefinition } from '@nivesh/api-contract';
import type { Database } from '../db/index.js';
import { createTestApp, send, setUpOperator, testDatabases, type TestApp } from '../testing/index.js';

/** A concrete URL for a route: path parameters filled with the first value their schema accepts. */
function urlFor(route: RouteDefinition): string {
  const params: Record<string, string> = {};
  for (const [name, schema] of Object.entries(route.params?.shape ?? {})) {
    const options = (schema as { options?: readonly string[] }).options;
    params[name] = options?.[0] ?? 'x';
  }
  return fillPath(route.path, params);
}

const PUBLIC_ROUTES = [
  'GET /api/auth/config',
  'POST /api/auth/login',
  'POST /api/auth/request-password-setup',
  'POST /api/auth/set-password',
  'GET /api/health',
  'GET /api/remotes',
  // Browsers report how remote releases load before anyone signs in (the landing page is one).
  'POST /api/remotes/:name/loads',
  'POST /api/remotes/:name/failures',
  // The browser comes back from the broker's sign-in page; the one-time OAuth state authorises it.
  'GET /api/:broker/callback',
];

for (const target of await testDatabases()) {
  describe(`the contract's routes on ${target.name}`, () => {
    let database: Database;
    let t: TestApp;
    let token: string;

    before(async () => {
      database = await target.open();
      t = await createTestApp(database);
      token = await setUpOperator(t.app);
    });
    after(async () => {
      await t.close();
      await database.close();
    });

    it('are public exactly where the issue says', () => {
      const publicOnes = listRoutes()
        .filter(({ route }) => route.access === 'public')
        .map(({ route }) => `${route.method} ${route.path}`)
        .sort();
      assert.deepEqual(publicOnes, [...PUBLIC_ROUTES].sort());
    });

    it('answer 401 to every session route without a session, and with a bad one', async () => {
      const sessionRoutes = listRoutes().filter(({ route }) => route.access === 'session');
      assert.ok(sessionRoutes.length > 10);
      for (const { id, route } of sessionRoutes) {
        const url = urlFor(route);
        const anonymous = await send(t.app, route.method, url, route.body ? { body: {} } : {});
        assert.equal(anonymous.statusCode, 401, `${id} ${route.method} ${url} without a session`);
        assert.equal(anonymous.json().success, false);
        const forged = await send(t.app, route.method, url, {
          token: 'forged-token',
          ...(route.body ? { body: {} } : {}),
        });
        assert.equal(forged.statusCode, 401, `${id} with a forged token`);
      }
    });

    it('let a session through on every route (no route answers 401 to a valid session)', async () => {
      for (const { id, route } of listRoutes()) {
        if (id === 'auth.logout') continue;
        const url = urlFor(route);
        const res = await send(t.app, route.method, url, { token, ...(route.body ? { body: {} } : {}) });
        assert.notEqual(res.statusCode, 401, `${id} ${route.method} ${url}: ${res.body}`);
        assert.notEqual(res.statusCode, 500, `${id} ${route.method} ${url}: ${res.body}`);
      }
    });

    it('answer 503 with a sentence for domains this server does not run yet', async () => {
      const unavailable = t.app.services.unavailableRoutes;
      for (const line of unavailable) {
        const [method, path] = line.split(' ') as [RouteDefinition['method'], string];
        const route = listRoutes().find((r) => r.route.method === method && r.route.path === path)!.route;
        if (route.body || route.querystring) continue;
        const res = await send(t.app, method, urlFor(route), { token });
        assert.equal(res.statusCode, 503, line);
        assert.match(res.json().message, /is not connected on this server\.$/);
      }
    });

    it('answer public health with version and uptime', async () => {
      const res = await send(t.app, 'GET', '/api/health');
      assert.equal(res.statusCode, 200);
      const body = res.json();
      assert.deepEqual(Object.keys(body), ['status', 'version', 'uptime']);
      assert.equal(body.status, 'ok');
      assert.equal(body.version, '1.0.0-test');
      assert.equal(typeof body.uptime, 'number');
      // The answer is kept while the uptime (to the hundredth of a second) stays the same, never longer.
      await new Promise((resolve) => setTimeout(resolve, 30));
      const later = (await send(t.app, 'GET', '/api/health')).json();
      assert.ok(later.uptime >= body.uptime + 0.02, `${later.uptime} after ${body.uptime}`);
    });

    it('answer an unknown API path with a JSON 404', async () => {
      const res = await send(t.app, 'GET', '/api/no-such-thing', { token });
      assert.equal(res.statusCode, 404);
      assert.equal(res.json().success, false);
    });

    it('publish an OpenAPI document with every route, and a UI at /api/docs', async () => {
      const json = await send(t.app, 'GET', '/api/docs/json');
      assert.equal(json.statusCode, 200);
      const paths = Object.keys(json.json().paths);
      for (const { route } of listRoutes()) {
        const openApiPath = route.path.replace(/:([A-Za-z_]+)/g, '{$1}');
        assert.ok(paths.includes(openApiPath), `${openApiPath} in the OpenAPI document`);
      }
      const ui = await send(t.app, 'GET', '/api/docs');
      assert.equal(ui.statusCode, 200);
      assert.match(ui.headers['content-security-policy'] as string, /default-src 'self'/);
      assert.doesNotMatch(ui.headers['content-security-policy'] as string, /https:/);
    });
  });
}
