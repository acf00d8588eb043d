/**
 * Data sources through HTTP on PGlite and PostgreSQL: the built-in sources and their statuses,
 * switching, Test & Validate, adding and editing custom sources, and the server-side refresh,
 * against a local HTTP server the allow-list (NIVESH_FETCH_ALLOW) names. Other non-public
 * addresses stay refused. The API key never comes back in any answer.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { DataSourceEntry } from '@nivesh/api-contract';
import { eq } from 'drizzle-orm';
import { ManualClock } from '../clock.js';
import { schema } from '../db/index.js';
import { send, signedInApp, testDatabases, type SignedInApp } from '../testing/index.js';

const KEY = 'sk-live-0123456789abcdef';

const rss = (title: string) => `<?xml version="1.0"?>
<rss version="2.0"><channel><title>T</title><link>https://t.example</link><description>T</description>
<item><title>${title}</title><guid>${title}</guid><pubDate>Fri, 20 Nov 2026 04:00:00 GMT</pubDate></item>
</channel></rss>`;

/**
 * The local endpoint the sources point at; remembers the headers of the last request to /ok, which
 * answers 503 while `down`.
 */
async function fakeEndpoint() {
  let lastHeaders: http.IncomingHttpHeaders = {};
  let down = false;
  const server = http.createServer((request, response) => {
    const path = request.url ?? '/';
    if (path.startsWith('/ok') && down) {
      response.writeHead(503).end('down');
    } else if (path.startsWith('/ok')) {
      lastHeaders = request.headers;
      response.setHeader('content-type', 'application/json');
      response.end('{"ok":true}');
    } else if (path === '/fail') {
      response.writeHead(500).end('boom');
    } else if (path === '/slow') {
      setTimeout(() => response.end('late'), 3_000).unref();
    } else if (path === '/config-feed') {
      response.setHeader('content-type', 'application/rss+xml');
      response.end(rss('Infosys beats estimates'));
    } else if (path === '/custom-feed') {
      response.setHeader('content-type', 'application/rss+xml');
      response.end(rss('HDFC Bank downgraded after fraud probe'));
    } else {
      response.writeHead(404).end('no');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    lastHeaders: () => lastHeaders,
    setDown(value: boolean) {
      down = value;
    },
    close() {
      server.closeAllConnections();
      server.close();
    },
  };
}

for (const target of await testDatabases()) {
  describe(`data sources on ${target.name}`, () => {
    let fake: Awaited<ReturnType<typeof fakeEndpoint>>;
    const clock = new ManualClock('2026-11-20T05:00:00.000Z');
    const options = {
      clock,
      config: { fetchAllow: ['127.0.0.1'], newsFeeds: [] as string[] },
      deps: { dataSourceCheckTimeoutMs: 300 },
    };
    before(async () => {
      fake = await fakeEndpoint();
      options.config.newsFeeds = [`${fake.base}/config-feed`];
    });
    after(() => fake.close());
    const s: SignedInApp = signedInApp(target, options);
    /** Every answer of this suite, to check the key never comes back. */
    const bodies: string[] = [];
    const call = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
      const res = await send(s.t.app, method, url, { token: s.token, body });
      bodies.push(res.body);
      return res;
    };
    const list = async () => {
      const res = await call('GET', '/api/data-sources');
      assert.equal(res.statusCode, 200, res.body);
      return res.json<{ success: true; sources: DataSourceEntry[] }>().sources;
    };
    const byName = async (name: string) => {
      const found = (await list()).find((source) => source.name === name);
      assert.ok(found, `no source named ${name}`);
      return found;
    };
    const custom = (over: Record<string, unknown> = {}) => ({
      name: 'Quotes API',
      endpoint: `${fake.base}/ok/quotes`,
      type: 'Market Data API',
      description: 'Quotes from a partner',
      apiKey: KEY,
      headers: { 'X-Client': 'nivesh' },
      ...over,
    });

    it('lists the built-in sources with the status of what this server runs', async () => {
      const res = await send(s.t.app, 'GET', '/api/data-sources');
      assert.equal(res.statusCode, 401);
      const sources = await list();
      const summary = sources.map(({ name, type, status, enabled, custom: own }) => ({
        name,
        type,
        status,
        enabled,
        custom: own,
      }));
      assert.deepEqual(summary, [
        {
          name: 'Simulated NSE market',
          type: 'Market Data API',
          status: 'connected',
          enabled: true,
          custom: false,
        },
        // Not this server's feed and never switched on; no access token is stored.
        {
          name: 'Upstox market data',
          type: 'Market Data API',
          status: 'available',
          enabled: false,
          custom: false,
        },
        // The 2026 holiday list ships with the server.
        {
          name: 'NSE holiday calendar',
          type: 'Economic Data Feed',
          status: 'connected',
          enabled: true,
          custom: false,
        },
        // Configured, not read yet.
        {
          name: 'News feed: 127.0.0.1:' + fake.port,
          type: 'News RSS Feed',
          status: 'pending',
          enabled: true,
          custom: false,
        },
      ]);
      const upstox = sources[1]!;
      assert.equal(upstox.api_key_required, true);
      assert.equal(upstox.endpoint, 'http://127.0.0.1:9/v2');
      assert.match(upstox.external_url ?? '', /^https:\/\/upstox\.com\/developer\//);
      assert.equal(sources[0]!.endpoint, 'sim://nse?seed=7');
      // The simulated market ticks: it was last updated by its newest tick, not 'Never'.
      const newest = s.t.app.services.hub.lastTickAt();
      assert.ok(newest !== null);
      assert.equal(sources[0]!.last_updated, new Date(newest).toISOString());
      assert.equal(upstox.last_updated, null, 'not this server’s feed: never checked');
      assert.equal(sources[3]!.endpoint, `${fake.base}/config-feed`);
    });

    it('switches sources: off is disabled, on shows what is true again; a switched-off news feed is not read', async () => {
      const feed = await byName(`News feed: 127.0.0.1:${fake.port}`);
      const off = await call('POST', `/api/data-sources/${feed.id}/toggle`, { enabled: false });
      assert.equal(off.statusCode, 200, off.body);
      assert.match(off.json<{ message: string }>().message, /no longer reads it/);
      assert.equal((await byName(feed.name)).status, 'disabled');
      assert.deepEqual(await s.t.app.services.news.refresh(), []);
      assert.equal(s.t.app.services.news.status().configured, 0);

      const on = await call('POST', `/api/data-sources/${feed.id}/toggle`, { enabled: true });
      assert.equal(on.statusCode, 200, on.body);
      assert.equal((await byName(feed.name)).status, 'pending');
      clock.advance(1_000);
      const [read] = await s.t.app.services.news.refresh();
      assert.equal(read?.ok, true, read?.error ?? '');
      const after = await byName(feed.name);
      assert.equal(after.status, 'connected');
      assert.equal(after.last_updated, clock.now().toISOString());

      const upstox = await byName('Upstox market data');
      const upstoxOn = await call('POST', `/api/data-sources/${upstox.id}/toggle`, { enabled: true });
      assert.match(
        upstoxOn.json<{ message: string }>().message,
        /NIVESH_MARKET_DATA \(this server: simulated\)/,
      );
      // Switched on, but without an access token it is ready, not connected.
      assert.deepEqual(
        { enabled: (await byName(upstox.name)).enabled, status: (await byName(upstox.name)).status },
        { enabled: true, status: 'available' },
      );
      const refreshed = await call('POST', `/api/data-sources/${upstox.id}/refresh`);
      assert.equal(refreshed.statusCode, 200, refreshed.body);
      assert.equal(refreshed.json<DataSourceEntry>().status, 'available');

      const sim = await byName('Simulated NSE market');
      await call('POST', `/api/data-sources/${sim.id}/toggle`, { enabled: false });
      assert.equal((await byName(sim.name)).status, 'disabled');
      const disabledRefresh = await call('POST', `/api/data-sources/${sim.id}/refresh`);
      assert.equal(disabledRefresh.statusCode, 400);
      assert.equal(
        disabledRefresh.json<{ message: string }>().message,
        'Simulated NSE market is switched off: switch it on to check it.',
      );
      await call('POST', `/api/data-sources/${sim.id}/toggle`, { enabled: true });
      assert.equal((await byName(sim.name)).status, 'connected');

      const unknown = await call('POST', '/api/data-sources/no-such-source/toggle', { enabled: true });
      assert.equal(unknown.statusCode, 404);
      assert.equal(
        unknown.json<{ message: string }>().message,
        'There is no data source with id no-such-source.',
      );
    });

    it('validates an endpoint from the server, sending the key as a Bearer token and the headers', async () => {
      const ok = await call('POST', '/api/data-sources/validate', custom());
      assert.equal(ok.statusCode, 200, ok.body);
      assert.deepEqual(ok.json(), { valid: true });
      assert.equal(fake.lastHeaders().authorization, `Bearer ${KEY}`);
      assert.equal(fake.lastHeaders()['x-client'], 'nivesh');

      const failing = await call(
        'POST',
        '/api/data-sources/validate',
        custom({ endpoint: `${fake.base}/fail` }),
      );
      assert.deepEqual(failing.json(), {
        valid: false,
        error: 'the endpoint answered HTTP 500 (Internal Server Error), not a success.',
      });
      const slow = await call(
        'POST',
        '/api/data-sources/validate',
        custom({ endpoint: `${fake.base}/slow` }),
      );
      assert.deepEqual(slow.json(), {
        valid: false,
        error: `${fake.base}/slow did not answer within 300 ms.`,
      });
    });

    it('refuses addresses the allow-list does not name, however they are written', async () => {
      for (const [endpoint, why] of [
        [`http://127.0.0.2:${fake.port}/ok`, /127\.0\.0\.2.*loopback/],
        [`http://2130706434:${fake.port}/ok`, /loopback/],
        ['http://169.254.169.254/latest/meta-data/', /linkLocal/],
        ['http://10.0.0.8/', /private/],
        ['http://[::1]/', /loopback/],
      ] as const) {
        const res = await call('POST', '/api/data-sources/validate', custom({ endpoint }));
        assert.equal(res.statusCode, 200, res.body);
        const answer = res.json<{ valid: boolean; error: string }>();
        assert.equal(answer.valid, false, endpoint);
        assert.match(answer.error, why);
      }
    });

    it('answers 400 with a sentence for bad input, and stores nothing', async () => {
      const before = (await list()).length;
      const cases: Array<[Record<string, unknown>, RegExp]> = [
        [custom({ endpoint: 'not a url' }), /Endpoint must be an http\(s\) URL/],
        [custom({ endpoint: 'file:///etc/passwd' }), /Endpoint must be an http\(s\) URL/],
        [custom({ name: '   ' }), /Name is required/],
        [custom({ type: 'Broker' }), /type/],
        [custom({ headers: { Host: 'internal' } }), /^The Host header is set by the server/],
        [
          custom({ headers: { 'Transfer-Encoding': 'chunked' } }),
          /^The Transfer-Encoding header is set by the server/,
        ],
        [custom({ headers: { Cookie: 'a=b' } }), /^The Cookie header would be stored unencrypted/],
        [custom({ headers: { 'Bad Header': 'x' } }), /is not a valid header name/],
        [
          custom({ headers: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`X-H${i}`, 'v'])) }),
          /^A data source can send at most 20 extra headers; 21 were given\.$/,
        ],
      ];
      for (const route of ['validate', 'add']) {
        for (const [body, message] of cases) {
          const res = await call('POST', `/api/data-sources/${route}`, body);
          assert.equal(res.statusCode, 400, `${route} ${JSON.stringify(body)}: ${res.body}`);
          assert.match(res.json<{ message: string }>().message, message);
        }
      }
      assert.equal((await list()).length, before);
    });

    it('refuses to add a source whose endpoint fails the check validate makes, and stores nothing', async () => {
      const before = await list();
      for (const [endpoint, reason] of [
        // An IPv4-compatible IPv6 address of loopback: never fetched, never stored as pending.
        [
          `http://[::127.0.0.1]:${fake.port}/ok`,
          `Refused to fetch http://[::7f00:1]:${fake.port}: it is an IPv4-compatible IPv6 address (::/96, deprecated), not a public one.`,
        ],
        [
          `http://127.0.0.2:${fake.port}/ok`,
          `Refused to fetch http://127.0.0.2:${fake.port}: it is a loopback address, not a public one.`,
        ],
        [`${fake.base}/fail`, 'the endpoint answered HTTP 500 (Internal Server Error), not a success.'],
      ] as const) {
        const res = await call('POST', '/api/data-sources/add', custom({ name: 'Sneaky', endpoint }));
        assert.equal(res.statusCode, 400, res.body);
        assert.equal(res.json<{ message: string }>().message, `Validation failed: ${reason}`);
        // The same sentence as validate's.
        const validated = await call('POST', '/api/data-sources/validate', custom({ endpoint }));
        assert.deepEqual(validated.json(), { valid: false, error: reason });
      }
      assert.deepEqual(await list(), before);
    });

    let added: DataSourceEntry;

    it('adds a custom source once its check passes: stored with its key encrypted, answered without it; duplicates are 409', async () => {
      const res = await call('POST', '/api/data-sources/add', custom());
      assert.equal(res.statusCode, 200, res.body);
      added = res.json<DataSourceEntry>();
      assert.equal(typeof added.latency, 'number');
      assert.deepEqual(
        { ...added, id: '', latency: 0 },
        {
          id: '',
          name: 'Quotes API',
          type: 'Market Data API',
          description: 'Quotes from a partner',
          endpoint: `${fake.base}/ok/quotes`,
          enabled: true,
          // The check add made, with the key and headers given.
          status: 'connected',
          custom: true,
          api_key_required: true,
          external_url: null,
          last_updated: clock.now().toISOString(),
          latency: 0,
        },
      );
      assert.equal(fake.lastHeaders().authorization, `Bearer ${KEY}`);
      const [row] = await s.database.db
        .select()
        .from(schema.dataSources)
        .where(eq(schema.dataSources.id, added.id));
      assert.ok(row?.apiKeyEncrypted);
      assert.ok(!row.apiKeyEncrypted.includes(KEY));

      for (const [body, message] of [
        [
          custom({ name: 'quotes api', endpoint: `${fake.base}/ok/other` }),
          'A data source named "quotes api" already exists.',
        ],
        [
          custom({ name: 'Simulated NSE market', endpoint: `${fake.base}/ok/sim` }),
          'A data source named "Simulated NSE market" already exists.',
        ],
        [custom({ name: 'Other' }), `The data source "Quotes API" already uses ${fake.base}/ok/quotes.`],
      ] as const) {
        const duplicate = await call('POST', '/api/data-sources/add', body);
        assert.equal(duplicate.statusCode, 409, duplicate.body);
        assert.equal(duplicate.json<{ message: string }>().message, message);
      }
    });

    it('refreshes a source from the server: connected with latency, then disconnected when it fails', async () => {
      clock.advance(60_000);
      const res = await call('POST', `/api/data-sources/${added.id}/refresh`);
      assert.equal(res.statusCode, 200, res.body);
      const fresh = res.json<DataSourceEntry>();
      assert.equal(fresh.status, 'connected');
      assert.equal(fresh.last_updated, clock.now().toISOString());
      assert.equal(typeof fresh.latency, 'number');
      assert.equal(fake.lastHeaders().authorization, `Bearer ${KEY}`);
      assert.equal((await byName('Quotes API')).status, 'connected');

      const holidays = await byName('NSE holiday calendar');
      const checked = await call('POST', `/api/data-sources/${holidays.id}/refresh`);
      assert.equal(checked.json<DataSourceEntry>().status, 'connected');
      assert.equal(checked.json<DataSourceEntry>().last_updated, clock.now().toISOString());

      const missing = await call('POST', '/api/data-sources/nothing-here/refresh');
      assert.equal(missing.statusCode, 404);
    });

    it('edits a custom source: the key is kept when omitted; built-ins cannot be edited', async () => {
      const second = await call(
        'POST',
        '/api/data-sources/add',
        custom({
          name: 'Signals',
          endpoint: `${fake.base}/ok/signals`,
          type: 'Trading Signals',
          apiKey: undefined,
          headers: undefined,
        }),
      );
      assert.equal(second.statusCode, 200, second.body);
      assert.equal(second.json<DataSourceEntry>().api_key_required, false);

      const moveTo = (endpoint: string) =>
        call('POST', `/api/data-sources/${added.id}/update`, {
          name: 'Quotes API v2',
          endpoint,
          type: 'Custom API',
          description: 'Moved',
        });
      // A new endpoint is checked first, as add checks one: a failing one changes nothing.
      const refused = await moveTo(`${fake.base}/fail`);
      assert.equal(refused.statusCode, 400, refused.body);
      assert.equal(
        refused.json<{ message: string }>().message,
        'Validation failed: the endpoint answered HTTP 500 (Internal Server Error), not a success.',
      );
      assert.equal((await byName('Quotes API')).endpoint, `${fake.base}/ok/quotes`);

      clock.advance(1_000);
      const edit = await moveTo(`${fake.base}/ok/moved`);
      assert.equal(edit.statusCode, 200, edit.body);
      const edited = edit.json<DataSourceEntry>();
      assert.deepEqual(
        {
          name: edited.name,
          type: edited.type,
          status: edited.status,
          key: edited.api_key_required,
          at: edited.last_updated,
        },
        // Checked with the stored key, which the edit left out.
        {
          name: 'Quotes API v2',
          type: 'Custom API',
          status: 'connected',
          key: true,
          at: clock.now().toISOString(),
        },
      );
      assert.equal(fake.lastHeaders().authorization, `Bearer ${KEY}`);
      fake.setDown(true);
      const failed = await call('POST', `/api/data-sources/${added.id}/refresh`);
      assert.equal(failed.json<DataSourceEntry>().status, 'disconnected');
      fake.setDown(false);

      // Back to a working endpoint: the stored key and headers are still sent.
      await call(
        'POST',
        `/api/data-sources/${added.id}/update`,
        custom({ name: 'Quotes API v2', apiKey: undefined, headers: undefined }),
      );
      const back = await call('POST', `/api/data-sources/${added.id}/refresh`);
      assert.equal(back.json<DataSourceEntry>().status, 'connected');
      assert.equal(fake.lastHeaders().authorization, `Bearer ${KEY}`);
      assert.equal(fake.lastHeaders()['x-client'], 'nivesh');
      // Test & Validate while editing: the stored key stands in for the blank field.
      const validated = await call('POST', '/api/data-sources/validate', {
        ...custom({ apiKey: undefined, headers: undefined }),
        id: added.id,
      });
      assert.deepEqual(validated.json(), { valid: true });
      assert.equal(fake.lastHeaders().authorization, `Bearer ${KEY}`);

      const clash = await call('POST', `/api/data-sources/${added.id}/update`, custom({ name: 'Signals' }));
      assert.equal(clash.statusCode, 409);
      assert.equal(
        clash.json<{ message: string }>().message,
        'A data source named "Signals" already exists.',
      );
      const builtin = await call(
        'POST',
        '/api/data-sources/nse-holidays/update',
        custom({ name: 'Holidays' }),
      );
      assert.equal(builtin.statusCode, 400);
      assert.equal(
        builtin.json<{ message: string }>().message,
        'NSE holiday calendar is built in: it can be switched on or off, not edited.',
      );
      const unknown = await call('POST', '/api/data-sources/unknown-id/update', custom({ name: 'X' }));
      assert.equal(unknown.statusCode, 404);

      // Switched off, then on: the last check's outcome shows again.
      await call('POST', `/api/data-sources/${added.id}/toggle`, { enabled: false });
      assert.equal((await byName('Quotes API v2')).status, 'disabled');
      await call('POST', `/api/data-sources/${added.id}/toggle`, { enabled: true });
      assert.equal((await byName('Quotes API v2')).status, 'connected');
    });

    it('feeds a custom News RSS source to the news pipeline', async () => {
      const res = await call(
        'POST',
        '/api/data-sources/add',
        custom({
          name: 'Partner news',
          endpoint: `${fake.base}/custom-feed`,
          type: 'News RSS Feed',
          apiKey: undefined,
        }),
      );
      assert.equal(res.statusCode, 200, res.body);
      clock.advance(1_000);
      const reads = await s.t.app.services.news.refresh();
      assert.deepEqual(
        reads.map((read) => [read.url, read.ok]),
        [
          [`${fake.base}/config-feed`, true],
          [`${fake.base}/custom-feed`, true],
        ],
      );
      assert.equal((await byName('Partner news')).status, 'connected');

      await call('POST', `/api/data-sources/${res.json<DataSourceEntry>().id}/toggle`, { enabled: false });
      assert.deepEqual(
        (await s.t.app.services.news.refresh()).map((read) => read.url),
        [`${fake.base}/config-feed`],
      );
    });

    it('never answers the API key', () => {
      assert.ok(bodies.length > 30);
      for (const body of bodies) assert.ok(!body.includes(KEY), body);
    });
  });
}
