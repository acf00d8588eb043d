/**
 * The Upstox side end to end, against the local fake Upstox (fake/fakeUpstox.ts): credentials,
 * token status and update, OAuth sign-in, the REST client, live orders, the live account, the
 * protobuf market feed, and what happens when the token stops working.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { ManualClock } from '../../clock.js';
import { schema, type Database } from '../../db/index.js';
import type { HttpError } from '../../http/errors.js';
import type { Tick, TickHub } from '../../market/feed.js';
import { loadHolidayCalendar } from '../../market/holidays.js';
import { loadInstrumentMaster } from '../../market/instruments.js';
import { createTickHub } from '../../market/tickHub.js';
import {
  createTestApp,
  DEFAULT_TEST_TIME,
  OPERATOR_EMAIL,
  send,
  setUpOperator,
  testDatabases,
  type TestApp,
} from '../../testing/index.js';
import { TOKEN_ALERT_ACTION } from '../liveGate.js';
import { TokenExpiredError } from './client.js';
import { makeJwt, RELIANCE_QUOTE, startFakeUpstox, type FakeUpstox } from './fake/fakeUpstox.js';
import { createUpstoxFeed } from './feed.js';

const master = loadInstrumentMaster();
const RELIANCE = master.bySymbol('RELIANCE')!;
const HDFCBANK = master.bySymbol('HDFCBANK')!;
const NIFTY = master.indices.find((i) => i.id === 'NIFTY_50')!;
const BANK_NIFTY = master.indices.find((i) => i.id === 'BANK_NIFTY')!;
const SENSEX = master.indices.find((i) => i.id === 'SENSEX')!;
const REDIRECT_URI = 'http://localhost:4000/api/upstox/callback';

/** Resolves with the first batch the hub publishes that contains a tick matching `match`. */
function nextTick(hub: TickHub, match: (tick: Tick) => boolean): Promise<Tick> {
  return new Promise((resolve) => {
    const unsubscribe = hub.subscribe((ticks) => {
      const found = ticks.find(match);
      if (found) {
        unsubscribe();
        resolve(found);
      }
    });
  });
}

/** Waits for a condition another process (the fake's socket) brings about. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

function arrangeMarket(fake: FakeUpstox): void {
  assert.equal(RELIANCE_QUOTE.key, RELIANCE.instrumentKey);
  fake.addInstrument(RELIANCE_QUOTE);
  fake.addInstrument({
    key: HDFCBANK.instrumentKey,
    symbol: 'HDFCBANK',
    ltp: 1650.4,
    cp: 1660,
    open: 1658,
    high: 1662,
    low: 1645,
    volume: 900_000,
  });
  fake.addInstrument({
    key: NIFTY.instrumentKey,
    symbol: 'Nifty 50',
    ltp: 24_350.55,
    cp: 24_200.1,
    open: 24_210,
    high: 24_380,
    low: 24_190,
    volume: 0,
  });
  fake.addInstrument({
    key: BANK_NIFTY.instrumentKey,
    symbol: 'Nifty Bank',
    ltp: 52_100,
    cp: 52_300,
    open: 52_290,
    high: 52_350,
    low: 52_010,
    volume: 0,
  });
  fake.addInstrument({
    key: SENSEX.instrumentKey,
    symbol: 'SENSEX',
    ltp: 80_100,
    cp: 79_900,
    open: 79_950,
    high: 80_200,
    low: 79_900,
    volume: 0,
  });
  fake.state.candles.set(RELIANCE.instrumentKey, [
    ['2026-11-16', 2440, 2460, 2430, 2455, 5_100_000],
    ['2026-11-17', 2455, 2470, 2450, 2468, 4_800_000],
    ['2026-11-18', 2468, 2490, 2460, 2485, 5_300_000],
    ['2026-11-19', 2485, 2492, 2470, 2480, 4_100_000],
  ]);
}

for (const target of await testDatabases()) {
  describe(`Upstox on ${target.name}`, () => {
    let database: Database;
    let clock: ManualClock;
    let fake: FakeUpstox;
    let t: TestApp;
    let session: string;

    before(async () => {
      database = await target.open();
      clock = new ManualClock(DEFAULT_TEST_TIME); // Friday 20 Nov 2026, 10:30 IST
      fake = await startFakeUpstox({ now: () => clock.now(), redirectUri: REDIRECT_URI });
      arrangeMarket(fake);
      t = await createTestApp(database, {
        clock,
        config: { upstox: { apiUrl: fake.url, orderUrl: fake.orderUrl, algoName: 'nivesh-test' } },
      });
      session = await setUpOperator(t.app);
    });
    after(async () => {
      await t.close();
      await fake.stop();
      await database.close();
    });

    const upstox = () => t.app.services.upstox;
    const settingsJson = async () => JSON.stringify(await database.db.select().from(schema.settings));

    describe('before anything is stored', () => {
      it('reports the token missing and the broker not connected', async () => {
        const status = await send(t.app, 'GET', '/api/upstox/token/status', { token: session });
        assert.equal(status.statusCode, 200);
        assert.deepEqual(status.json(), {
          success: true,
          broker: 'upstox',
          state: 'missing',
          is_expired: false,
          hours_remaining: null,
          expires_at: null,
          updated_at: null,
          message:
            'No Upstox access token is stored. Add one in Settings › Data Sources, or sign in with Upstox.',
        });
        const broker = await send(t.app, 'GET', '/api/upstox/status', { token: session });
        assert.equal(broker.statusCode, 200);
        assert.equal(broker.json().connected, false);
        assert.equal(broker.json().mode, 'paper');
        assert.equal(broker.json().auth_url, null);
        assert.equal(broker.json().last_sync, null);
      });

      it('refuses live mode with 409 and keeps paper', async () => {
        const res = await send(t.app, 'POST', '/api/trading/mode', {
          token: session,
          body: { mode: 'real' },
        });
        assert.equal(res.statusCode, 409);
        assert.equal(
          res.json().message,
          'Live trading needs a valid Upstox access token. No Upstox access token is stored. Add one in Settings › Data Sources, or sign in with Upstox.',
        );
        const mode = await send(t.app, 'GET', '/api/trading/mode', { token: session });
        assert.equal(mode.json().mode, 'paper');
      });

      it('refuses to start a sign-in without an API key, then without a redirect URI', async () => {
        const noKey = await send(t.app, 'POST', '/api/upstox/connect', { token: session });
        assert.equal(noKey.statusCode, 400);
        assert.equal(
          noKey.json().message,
          'Add your Upstox API key in Settings › Data Sources before connecting to Upstox.',
        );

        const saved = await send(t.app, 'POST', '/api/upstox/credentials', {
          token: session,
          body: { api_key: fake.app.apiKey, api_secret: fake.app.apiSecret },
        });
        assert.equal(saved.statusCode, 200);
        const noRedirect = await send(t.app, 'POST', '/api/upstox/connect', { token: session });
        assert.equal(noRedirect.statusCode, 400);
        assert.equal(
          noRedirect.json().message,
          'Add the redirect URI registered with your Upstox app in Settings › Data Sources before connecting (for this server: http://localhost:4000/api/upstox/callback).',
        );
      });
    });

    describe('credentials', () => {
      it('keeps the API secret encrypted and shows the key masked to its first 8 characters', async () => {
        const saved = await send(t.app, 'POST', '/api/upstox/credentials', {
          token: session,
          body: { api_key: fake.app.apiKey, api_secret: fake.app.apiSecret, redirect_uri: REDIRECT_URI },
        });
        assert.equal(saved.statusCode, 200);
        assert.equal(saved.json().message, 'Upstox credentials saved.');

        const shown = await send(t.app, 'GET', '/api/upstox/credentials', { token: session });
        assert.deepEqual(shown.json(), {
          success: true,
          credentials: {
            api_key: 'a1b2c3d4****',
            api_secret_set: true,
            access_token_set: false,
            redirect_uri: REDIRECT_URI,
          },
        });
        assert.ok(!shown.body.includes(fake.app.apiSecret));
        const stored = await settingsJson();
        assert.ok(stored.includes('broker.upstox.credentials'));
        assert.ok(!stored.includes(fake.app.apiSecret), 'the secret is not stored in clear');
        assert.ok(!stored.includes(fake.app.apiKey), 'nor is the key');
        const audit = JSON.stringify(await database.db.select().from(schema.auditLog));
        assert.ok(audit.includes('broker.credentials.save'));
        assert.ok(!audit.includes(fake.app.apiSecret) && !audit.includes(fake.app.apiKey));
      });

      it('seals a key an older server stored in clear at the next start, and still signs in with it', async () => {
        const credentialsRow = eq(schema.settings.key, 'broker.upstox.credentials');
        const [current] = await database.db.select().from(schema.settings).where(credentialsRow);
        const { api_secret } = current!.value as { api_secret: string };
        // As a server before this change stored it.
        const clear = { api_key: fake.app.apiKey, api_secret, redirect_uri: REDIRECT_URI };
        await database.db.update(schema.settings).set({ value: clear }).where(credentialsRow);
        assert.ok((await settingsJson()).includes(fake.app.apiKey));
        const shown = await send(t.app, 'GET', '/api/upstox/credentials', { token: session });
        assert.equal(shown.json().credentials.api_key, 'a1b2c3d4****', 'read as it is until then');

        const restarted = await createTestApp(database, {
          clock,
          config: { upstox: { apiUrl: fake.url, orderUrl: fake.orderUrl, algoName: 'nivesh-test' } },
          deps: { paperTimers: false },
        });
        try {
          assert.ok(!(await settingsJson()).includes(fake.app.apiKey), 'sealed at start');
          assert.ok(
            restarted.logs.some((line) => line['msg'] === 'the stored Upstox API key is now encrypted'),
          );
          const connect = await send(restarted.app, 'POST', '/api/upstox/connect', { token: session });
          assert.equal(connect.statusCode, 200, connect.body);
          assert.equal(new URL(connect.json().auth_url).searchParams.get('client_id'), fake.app.apiKey);
          assert.equal(
            (await send(restarted.app, 'GET', '/api/upstox/credentials', { token: session })).json()
              .credentials.api_key,
            'a1b2c3d4****',
          );
          // The secret and the redirect URI were kept as they were.
          const credentials = await restarted.app.services.upstox.credentials.credentials();
          assert.equal(credentials.apiSecret, fake.app.apiSecret);
          assert.equal(credentials.redirectUri, REDIRECT_URI);
        } finally {
          await restarted.close();
        }
      });

      it('cannot sign in with a key sealed under another secret key, and says so', async () => {
        // A server with another key refuses to start on this database (broker/secretKeyCheck.ts);
        // a key sealed before the database kept its key check (an older install) can still meet
        // one: without the check the other server starts, and connecting says what to do.
        await database.db.delete(schema.settings).where(eq(schema.settings.key, 'secret_key.check'));
        const other = await createTestApp(database, {
          clock,
          config: {
            secretKey: '1'.repeat(64),
            upstox: { apiUrl: fake.url, orderUrl: fake.orderUrl, algoName: 'nivesh-test' },
          },
          deps: { paperTimers: false },
        });
        try {
          const connect = await send(other.app, 'POST', '/api/upstox/connect', { token: session });
          assert.equal(connect.statusCode, 400);
          assert.equal(
            connect.json().message,
            "The stored Upstox API key cannot be decrypted with this server's secret key. Enter it again in Settings › Data Sources.",
          );
        } finally {
          await other.close();
          // The other key's check goes with it: the next server here holds this test's key.
          await database.db.delete(schema.settings).where(eq(schema.settings.key, 'secret_key.check'));
        }
      });

      it('keeps the stored secret when a save leaves it out', async () => {
        await send(t.app, 'POST', '/api/upstox/credentials', {
          token: session,
          body: { api_key: fake.app.apiKey, redirect_uri: REDIRECT_URI },
        });
        assert.equal((await upstox().credentials.credentials()).apiSecret, fake.app.apiSecret);
      });

      it('refuses a redirect URI that is not an absolute http(s) URL with 400, keeping the stored one', async () => {
        for (const bad of [
          'javascript:alert(document.cookie)',
          'JavaScript:alert(1)//https://nivesh.example/',
          'data:text/html,<script>alert(1)</script>',
          'vbscript:msgbox(1)',
          '/api/upstox/callback',
          'api/upstox/callback',
          'localhost:4000/api/upstox/callback',
          'ftp://nivesh.example/api/upstox/callback',
          'https://',
          'https://nivesh.example/api/upstox/callback\u0000',
          'https://nivesh example/callback',
        ]) {
          const res = await send(t.app, 'POST', '/api/upstox/credentials', {
            token: session,
            body: { api_key: 'zzzzzzzz-other-key', redirect_uri: bad },
          });
          assert.equal(res.statusCode, 400, bad);
          assert.match(
            res.json().message,
            /^Invalid request body: redirect_uri: redirect_uri must be an absolute http:\/\/ or https:\/\/ URL \(the address Upstox sends the browser back to after sign-in\)/,
            bad,
          );
        }
        const shown = await send(t.app, 'GET', '/api/upstox/credentials', { token: session });
        assert.equal(shown.json().credentials.api_key, 'a1b2c3d4****');
        assert.equal(shown.json().credentials.redirect_uri, REDIRECT_URI);

        const https = await send(t.app, 'POST', '/api/upstox/credentials', {
          token: session,
          body: { api_key: fake.app.apiKey, redirect_uri: ' https://nivesh.example/api/upstox/callback ' },
        });
        assert.equal(https.statusCode, 200);
        assert.equal(
          (await upstox().credentials.credentials()).redirectUri,
          'https://nivesh.example/api/upstox/callback',
        );
        await send(t.app, 'POST', '/api/upstox/credentials', {
          token: session,
          body: { api_key: fake.app.apiKey, redirect_uri: REDIRECT_URI },
        });
      });

      it('treats a non-http(s) redirect URI an older server stored as none: sign-in asks for one', async () => {
        await upstox().credentials.saveCredentials(
          { apiKey: fake.app.apiKey, redirectUri: 'javascript:alert(1)' },
          'an older server',
        );
        try {
          const shown = await send(t.app, 'GET', '/api/upstox/credentials', { token: session });
          assert.equal(shown.json().credentials.redirect_uri, null);
          const connect = await send(t.app, 'POST', '/api/upstox/connect', { token: session });
          assert.equal(connect.statusCode, 400);
          assert.match(connect.json().message, /^Add the redirect URI registered with your Upstox app/);
        } finally {
          await upstox().credentials.saveCredentials(
            { apiKey: fake.app.apiKey, redirectUri: REDIRECT_URI },
            OPERATOR_EMAIL,
          );
        }
      });

      it('refuses a credentials save whose access token is not a JWT, changing nothing', async () => {
        const res = await send(t.app, 'POST', '/api/upstox/credentials', {
          token: session,
          body: { api_key: 'zzzzzzzz-other-key', access_token: 'garbage' },
        });
        assert.equal(res.statusCode, 400);
        assert.match(res.json().message, /^This access token is invalid: it is not a JWT/);
        assert.equal((await upstox().credentials.credentials()).apiKey, fake.app.apiKey);
      });
    });

    describe('token update', () => {
      it('refuses a blank token, saying to paste one', async () => {
        const res = await send(t.app, 'POST', '/api/upstox/token/update', {
          token: session,
          body: { access_token: '   ' },
        });
        assert.equal(res.statusCode, 400);
        assert.match(res.json().message, /Please paste your access token/);
      });

      it('refuses an invalid or already expired token with the reason, and stores nothing', async () => {
        const invalid = await send(t.app, 'POST', '/api/upstox/token/update', {
          token: session,
          body: { access_token: 'abc.def' },
        });
        assert.equal(invalid.statusCode, 400);
        assert.equal(
          invalid.json().message,
          'This access token is invalid: it is not a JWT (three parts separated by dots). Paste the access token Upstox issued.',
        );
        const expired = await send(t.app, 'POST', '/api/upstox/token/update', {
          token: session,
          body: { access_token: makeJwt({ exp: Math.floor(Date.parse('2026-11-19T22:00:00Z') / 1000) }) },
        });
        assert.equal(expired.statusCode, 400);
        assert.equal(
          expired.json().message,
          'This access token already expired at 20 Nov 2026, 03:30 IST. Generate a new one and paste it.',
        );
        const status = await send(t.app, 'GET', '/api/upstox/token/status', { token: session });
        assert.equal(status.json().state, 'missing');
      });
    });

    describe('sign-in with Upstox (OAuth)', () => {
      let callback: { code: string; state: string };

      it('gives the authorization dialog URL with a one-time state', async () => {
        const res = await send(t.app, 'POST', '/api/upstox/connect', { token: session });
        assert.equal(res.statusCode, 200);
        const url = new URL(res.json().auth_url);
        assert.equal(`${url.origin}${url.pathname}`, `${fake.url}/v2/login/authorization/dialog`);
        assert.equal(url.searchParams.get('response_type'), 'code');
        assert.equal(url.searchParams.get('client_id'), fake.app.apiKey);
        assert.equal(url.searchParams.get('redirect_uri'), REDIRECT_URI);
        const state = url.searchParams.get('state')!;
        assert.match(state, /^[A-Za-z0-9_-]{32}$/);
        assert.ok(!(await settingsJson()).includes(state), 'only a hash of the state is stored');

        // The operator signs in; Upstox sends the browser back with a code and the state.
        const dialog = await fetch(res.json().auth_url, { redirect: 'manual' });
        assert.equal(dialog.status, 302);
        const back = new URL(dialog.headers.get('location')!);
        assert.equal(`${back.origin}${back.pathname}`, REDIRECT_URI);
        callback = { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
        assert.equal(callback.state, state);
      });

      it('exchanges the code once and stores the access token from the callback', async () => {
        const res = await send(
          t.app,
          'GET',
          `/api/upstox/callback?code=${callback.code}&state=${callback.state}`,
        );
        assert.equal(res.statusCode, 200);
        assert.match(res.headers['content-type'] as string, /^text\/html/);
        assert.match(res.body, /<h1>Upstox connected<\/h1>/);
        assert.match(res.body, /valid until 21 Nov 2026, 03:30 IST \(17 h 0 min left\)/);

        const exchanges = fake.requests.filter((r) => r.path === '/v2/login/authorization/token');
        assert.equal(exchanges.length, 1);
        const form = new URLSearchParams(exchanges[0]!.body);
        assert.deepEqual(Object.fromEntries(form), {
          code: callback.code,
          client_id: fake.app.apiKey,
          client_secret: fake.app.apiSecret,
          redirect_uri: REDIRECT_URI,
          grant_type: 'authorization_code',
        });

        const status = await send(t.app, 'GET', '/api/upstox/token/status', { token: session });
        assert.equal(status.json().state, 'valid');
        assert.equal(status.json().hours_remaining, 17);
        assert.equal(status.json().expires_at, '2026-11-20T22:00:00.000Z');
        assert.equal(status.json().updated_at, clock.now().toISOString());
        const stored = await upstox().credentials.accessToken();
        assert.equal(stored?.clientId, 'FK1234');
        assert.equal(stored?.source, 'oauth');
        assert.ok(!(await settingsJson()).includes(stored!.token!), 'the token is not stored in clear');
      });

      it('refuses the same callback again: the state was used', async () => {
        const res = await send(
          t.app,
          'GET',
          `/api/upstox/callback?code=${callback.code}&state=${callback.state}`,
        );
        assert.equal(res.statusCode, 400);
        assert.equal(
          res.json().message,
          'This sign-in link has expired or was already used (links last 10 minutes). Start again from Settings › Data Sources.',
        );
      });

      it('refuses an unknown state, and a used code under a fresh state', async () => {
        const unknown = await send(
          t.app,
          'GET',
          `/api/upstox/callback?code=${callback.code}&state=not-a-state-we-issued`,
        );
        assert.equal(unknown.statusCode, 400);
        assert.match(unknown.json().message, /expired or was already used/);

        const fresh = new URL(
          (await send(t.app, 'POST', '/api/upstox/connect', { token: session })).json().auth_url,
        );
        const reused = await send(
          t.app,
          'GET',
          `/api/upstox/callback?code=${callback.code}&state=${fresh.searchParams.get('state')}`,
        );
        assert.equal(reused.statusCode, 400);
        assert.equal(
          reused.json().message,
          'Upstox refused the sign-in code: Invalid Auth code (UDAPI100057). Start again from Settings › Data Sources.',
        );
      });

      it('refuses a state older than 10 minutes', async () => {
        const url = new URL(
          (await send(t.app, 'POST', '/api/upstox/connect', { token: session })).json().auth_url,
        );
        clock.advance(10 * 60_000 + 1000);
        const res = await send(
          t.app,
          'GET',
          `/api/upstox/callback?code=whatever&state=${url.searchParams.get('state')}`,
        );
        assert.equal(res.statusCode, 400);
        assert.match(res.json().message, /expired or was already used/);
        clock.set(DEFAULT_TEST_TIME);
      });
    });

    describe('the REST client', () => {
      it('reads LTP, full quotes and OHLC by instrument key', async () => {
        const client = upstox().client;
        const ltp = await client.ltp([RELIANCE.instrumentKey, NIFTY.instrumentKey]);
        assert.deepEqual(
          { price: ltp.get(RELIANCE.instrumentKey)?.last_price, close: ltp.get(RELIANCE.instrumentKey)?.cp },
          { price: 2500, close: 2480 },
        );
        assert.equal(ltp.get(NIFTY.instrumentKey)?.last_price, 24_350.55);
        const quote = (await client.quotes([HDFCBANK.instrumentKey])).get(HDFCBANK.instrumentKey)!;
        assert.equal(quote.net_change, -9.6);
        assert.equal(quote.depth?.buy[0]?.price, 1650.35);
        const ohlc = (await client.ohlc([RELIANCE.instrumentKey], '1d')).get(RELIANCE.instrumentKey)!;
        assert.deepEqual(
          ohlc.live_ohlc && [ohlc.live_ohlc.open, ohlc.live_ohlc.high, ohlc.live_ohlc.low],
          [2485, 2510, 2475],
        );
        const sent = fake.requests.at(-1)!;
        assert.equal(
          sent.headers.authorization,
          `Bearer ${(await upstox().credentials.accessToken())!.token}`,
        );
        assert.equal(sent.headers.accept, 'application/json');
      });

      it('reads the user profile the token belongs to', async () => {
        const profile = await upstox().client.profile();
        assert.equal(profile.user_id, 'FK1234');
        assert.equal(profile.is_active, true);
        assert.equal(fake.requests.at(-1)!.path, '/v2/user/profile');
      });

      it('reads daily candles oldest first, within the asked days', async () => {
        const candles = await upstox().client.historicalCandles(
          RELIANCE.instrumentKey,
          'days',
          1,
          '2026-11-19',
          '2026-11-17',
        );
        assert.deepEqual(
          candles.map((c) => [c.ts.slice(0, 10), c.close]),
          [
            ['2026-11-17', 2468],
            ['2026-11-18', 2485],
            ['2026-11-19', 2480],
          ],
        );
        assert.equal(
          fake.requests.at(-1)!.path,
          `/v3/historical-candle/NSE_EQ%7CINE002A01018/days/1/2026-11-19/2026-11-17`,
        );
      });
    });

    describe('the broker status', () => {
      it('is connected with a valid token and says whether the account holds positions', async () => {
        fake.state.holdings = [
          {
            isin: 'INE002A01018',
            company_name: 'RELIANCE INDUSTRIES LTD',
            product: 'D',
            quantity: 10,
            trading_symbol: 'RELIANCE',
            tradingsymbol: 'RELIANCE',
            last_price: 2500,
            close_price: 2480,
            pnl: 1000,
            average_price: 2400,
            instrument_token: RELIANCE.instrumentKey,
            exchange: 'NSE',
            t1_quantity: 0,
          },
        ];
        const res = await send(t.app, 'GET', '/api/upstox/status', { token: session });
        assert.equal(res.statusCode, 200);
        const body = res.json();
        assert.equal(body.connected, true);
        assert.equal(body.has_positions, true);
        assert.equal(body.auth_url, null);
        assert.equal(body.last_sync, clock.now().toISOString());
        assert.match(body.message, /^Connected to Upstox\. The Upstox access token is valid until/);
      });
    });

    describe('live orders', () => {
      before(async () => {
        const res = await send(t.app, 'POST', '/api/trading/mode', {
          token: session,
          body: { mode: 'live' },
        });
        assert.equal(res.statusCode, 200);
        fake.state.cash = 100_000;
      });

      it('places a market order with Upstox (X-Algo-Name, delivery product) and records it filled', async () => {
        const order = await upstox().liveBroker.placeOrder(
          { symbol: 'RELIANCE', side: 'BUY', quantity: 2, order_type: 'MARKET', product: 'CNC' },
          OPERATOR_EMAIL,
        );
        const sent = fake.requests.filter((r) => r.path === '/v3/order/place').at(-1)!;
        assert.equal(sent.host, 'hft');
        assert.equal(sent.headers['x-algo-name'], 'nivesh-test');
        assert.deepEqual(JSON.parse(sent.body), {
          quantity: 2,
          product: 'D',
          validity: 'DAY',
          price: 0,
          tag: order.order_id,
          instrument_token: RELIANCE.instrumentKey,
          order_type: 'MARKET',
          transaction_type: 'BUY',
          disclosed_quantity: 0,
          trigger_price: 0,
          is_amo: false,
          slice: false,
        });
        assert.equal(order.account, 'live');
        assert.equal(order.status, 'filled');
        assert.equal(order.filled_quantity, 2);
        assert.equal(order.average_price, 2500);
        assert.equal(order.broker_order_id, fake.state.orders.at(-1)!.order_id);
        assert.match(order.broker_order_id!, /^\d{15}$/);
        // Delivery buy of ₹5,000: ₹20 brokerage, STT ₹5, stamp ₹1 (rounded to rupees), exchange, SEBI, GST.
        assert.equal(order.charges?.brokerage, 20);
        assert.equal(order.charges?.stt, 5);
        assert.equal(order.charges?.stamp_duty, 1);
        const [row] = await database.db
          .select()
          .from(schema.orders)
          .where(eq(schema.orders.id, order.order_id));
        assert.equal(row?.account, 'live');
        assert.equal(row?.averagePricePaise, 250_000);
        assert.equal(row?.placedBy, OPERATOR_EMAIL);
      });

      it('cancels an open limit order at Upstox', async () => {
        const order = await upstox().liveBroker.placeOrder(
          {
            symbol: 'HDFCBANK',
            side: 'BUY',
            quantity: 5,
            order_type: 'LIMIT',
            limit_price: 1600,
            product: 'MIS',
          },
          OPERATOR_EMAIL,
        );
        assert.equal(order.status, 'open');
        assert.equal(order.limit_price, 1600);
        assert.equal(JSON.parse(fake.requests.at(-2)!.body).product, 'I');

        const cancelled = await upstox().liveBroker.cancelOrder(order.order_id, OPERATOR_EMAIL);
        assert.equal(cancelled.status, 'cancelled');
        const sent = fake.requests.find((r) => r.path === '/v3/order/cancel')!;
        assert.equal(sent.method, 'DELETE');
        assert.equal(sent.query['order_id'], order.broker_order_id);
        assert.equal(sent.headers['x-algo-name'], 'nivesh-test');

        await assert.rejects(
          upstox().liveBroker.cancelOrder(order.order_id, OPERATOR_EMAIL),
          (error: HttpError) => {
            assert.equal(error.statusCode, 409);
            assert.equal(
              error.message,
              `Order ${order.order_id} is cancelled; only open orders can be cancelled.`,
            );
            return true;
          },
        );
      });

      it('follows an open order to filled in the order list', async () => {
        const order = await upstox().liveBroker.placeOrder(
          {
            symbol: 'RELIANCE',
            side: 'BUY',
            quantity: 1,
            order_type: 'LIMIT',
            limit_price: 2490,
            product: 'CNC',
          },
          OPERATOR_EMAIL,
        );
        assert.equal(order.status, 'open');
        fake.fillOrder(order.broker_order_id!, 2490);
        const listed = await upstox().liveBroker.listOrders({ status: 'all', limit: 10 });
        const found = listed.find((o) => o.order_id === order.order_id)!;
        assert.equal(found.status, 'filled');
        assert.equal(found.average_price, 2490);
        assert.deepEqual(
          listed.map((o) => o.placed_at),
          [...listed.map((o) => o.placed_at)].sort().reverse(),
        );
      });

      it('records an order Upstox refuses as rejected and answers 422 with its reason', async () => {
        fake.state.rejectNextOrder = 'Order quantity exceeds the freeze limit';
        await assert.rejects(
          upstox().liveBroker.placeOrder(
            { symbol: 'RELIANCE', side: 'BUY', quantity: 1, order_type: 'MARKET', product: 'CNC' },
            OPERATOR_EMAIL,
          ),
          (error: HttpError) => {
            assert.equal(error.statusCode, 422);
            assert.equal(
              error.message,
              'Upstox rejected the order: Order quantity exceeds the freeze limit (UDAPI100049).',
            );
            return true;
          },
        );
        const rejected = await database.db
          .select()
          .from(schema.orders)
          .where(and(eq(schema.orders.account, 'live'), eq(schema.orders.status, 'rejected')));
        assert.equal(rejected.length, 1);
        assert.match(rejected[0]!.statusMessage!, /freeze limit/);
      });

      it('sends an after-market order outside the session', async () => {
        clock.set('2026-11-20T12:30:00.000Z'); // 18:00 IST
        try {
          const order = await upstox().liveBroker.placeOrder(
            {
              symbol: 'HDFCBANK',
              side: 'BUY',
              quantity: 1,
              order_type: 'LIMIT',
              limit_price: 1640,
              product: 'CNC',
            },
            OPERATOR_EMAIL,
          );
          const sent = JSON.parse(fake.requests.filter((r) => r.path === '/v3/order/place').at(-1)!.body);
          assert.equal(sent.is_amo, true);
          assert.equal(order.status, 'open');
          assert.equal(order.status_message, 'Upstox: after market order req received');
        } finally {
          clock.set(DEFAULT_TEST_TIME);
        }
      });

      it('previews with the LTP, the charges and the Upstox cash', async () => {
        const preview = await upstox().liveBroker.preview({
          symbol: 'RELIANCE',
          side: 'BUY',
          quantity: 100,
          order_type: 'MARKET',
          product: 'CNC',
        });
        assert.equal(preview.estimated_price, 2500);
        assert.equal(preview.order_value, 250_000);
        assert.equal(preview.available_balance, fake.state.cash);
        assert.equal(preview.net_amount, 250_000 + preview.charges.total);
        assert.equal(preview.rejection?.limit, 'insufficient_funds');
        assert.equal(preview.market_open, true);
      });
    });

    describe('the live account', () => {
      it('answers overview and holdings from Upstox in the contract shapes', async () => {
        const account = upstox().liveAccount;
        const holdings = await account.holdings();
        const reliance = holdings.find((h) => h.symbol === 'RELIANCE' && h.product === 'CNC')!;
        // 10 settled at ₹2,400 plus today's buys of 2 at ₹2,500 and 1 at ₹2,490.
        assert.equal(reliance.quantity, 13);
        assert.equal(reliance.name, 'Reliance Industries Ltd.');
        assert.equal(reliance.current_price, 2500);
        assert.equal(reliance.avg_price, round2((24_000 + 5_000 + 2_490) / 13));
        assert.equal(reliance.day_change_percent, round2((20 / 2480) * 100));

        const overview = await account.overview();
        assert.equal(overview.data_source, 'upstox');
        assert.equal(overview.limits_status, null);
        assert.equal(overview.trading_mode, 'live');
        assert.equal(overview.available_balance, round2(fake.state.cash));
        // Upstox does not report what open orders hold: no blocked figure, and the cash is its
        // cash available to trade, so value = cash + holdings still holds.
        assert.equal(overview.blocked_funds, null);
        assert.equal(overview.cash_balance, round2(fake.state.cash));
        assert.equal(overview.invested_value, 13 * 2500);
        assert.equal(overview.portfolio_value, round2(fake.state.cash + 13 * 2500));
        assert.equal(overview.trades_today, fake.state.trades.length);
        const activity = await account.activity(10);
        assert.equal(activity.length, fake.state.trades.length);
        assert.equal(activity[0]!.action, 'Bought');
        assert.equal(activity[0]!.symbol, 'RELIANCE');

        const trades = await account.trades();
        const ours = await database.db.select().from(schema.orders).where(eq(schema.orders.account, 'live'));
        const filledMarket = ours.find((o) => o.orderType === 'MARKET' && o.status === 'filled')!;
        const trade = trades.find((tr) => tr.trade_id === filledMarket.id)!;
        assert.deepEqual(
          [trade.mode, trade.status, trade.side, trade.quantity, trade.entry_price, trade.current_price],
          ['live', 'completed', 'BUY', 2, 2500, 2500],
        );
        assert.ok(trade.fees > 20, 'charges include the ₹20 brokerage');
        assert.equal(trade.net_pnl, round2(trade.pnl! - trade.fees));
        assert.equal(
          trades.find((tr) => tr.status === 'cancelled' && tr.symbol === 'HDFCBANK')?.product,
          'MIS',
        );
      });
    });

    describe('the market-data feed', () => {
      it(
        'seeds the hub by REST, subscribes with a binary JSON frame and turns protobuf messages into ticks',
        { timeout: 15_000 },
        async () => {
          const hub = createTickHub();
          const feed = createUpstoxFeed({
            client: upstox().client,
            master: { equities: [RELIANCE, HDFCBANK], indices: master.indices },
            clock,
            calendar: loadHolidayCalendar(null),
            log: { info: () => undefined, warn: () => undefined },
            backoff: { initialMs: 10, maxMs: 50 },
          });
          await feed.start(hub);
          try {
            assert.deepEqual(
              {
                ltp: hub.last('RELIANCE')?.ltp,
                previousClose: hub.last('RELIANCE')?.previousClose,
                open: hub.last('RELIANCE')?.open,
              },
              { ltp: 2500, previousClose: 2480, open: 2485 },
            );
            assert.equal(hub.last('NIFTY_50')?.kind, 'index');

            await until(() => fake.subscriptions().some((s) => s.mode === 'full'));
            const subscription = fake.subscriptions()[0]!;
            assert.deepEqual(
              [...subscription.keys].sort(),
              [
                RELIANCE.instrumentKey,
                HDFCBANK.instrumentKey,
                NIFTY.instrumentKey,
                SENSEX.instrumentKey,
                BANK_NIFTY.instrumentKey,
              ].sort(),
            );

            // What the tick-streaming dashboard shows of it: connected, the mode and the symbols.
            await until(() => feed.connection().status === 'connected');
            assert.deepEqual(feed.connection(), {
              name: 'Upstox market data',
              status: 'connected',
              mode: 'full',
              symbols: ['RELIANCE', 'HDFCBANK', 'NIFTY_50', 'SENSEX', 'BANK_NIFTY'],
              undecodable: 0,
            });
            // A message that is not a FeedResponse is counted, and the feed carries on.
            fake.pushRawFeed(Buffer.from('{"not":"protobuf"}'));
            await until(() => feed.connection().undecodable === 1);

            clock.advance(60_000);
            fake.setPrice(RELIANCE.instrumentKey, 2512.35, 15_000);
            fake.setPrice(NIFTY.instrumentKey, 24_401.2);
            const relianceTick = nextTick(hub, (tick) => tick.symbol === 'RELIANCE' && tick.ltp === 2512.35);
            const niftyTick = nextTick(hub, (tick) => tick.symbol === 'NIFTY_50' && tick.ltp === 24_401.2);
            fake.pushFeed([RELIANCE.instrumentKey, NIFTY.instrumentKey]);
            assert.deepEqual(await relianceTick, {
              symbol: 'RELIANCE',
              kind: 'equity',
              ltp: 2512.35,
              previousClose: 2480,
              open: 2485,
              high: 2512.35,
              low: 2475,
              volume: 1_215_000,
              ts: clock.nowMs(),
              // The message's own time, to the millisecond: the feed delay is measured from it.
              sentAt: clock.nowMs(),
            });
            const nifty = await niftyTick;
            assert.equal(nifty.kind, 'index');
            assert.equal(nifty.previousClose, 24_200.1);
            assert.equal(nifty.volume, 0);

            // A dropped connection is authorized and subscribed again.
            const authorizations = fake.requests.filter(
              (r) => r.path === '/v3/feed/market-data-feed/authorize',
            ).length;
            fake.dropFeedConnections();
            await until(
              () =>
                fake.requests.filter((r) => r.path === '/v3/feed/market-data-feed/authorize').length >
                authorizations,
            );
            await until(() => fake.subscriptions().some((s) => s.mode === 'full'));
            fake.setPrice(HDFCBANK.instrumentKey, 1655.1);
            const again = nextTick(hub, (tick) => tick.symbol === 'HDFCBANK' && tick.ltp === 1655.1);
            fake.pushFeed([HDFCBANK.instrumentKey]);
            assert.equal((await again).previousClose, 1660);

            const candles = await feed.dailyCandles('RELIANCE', '2026-11-16', '2026-11-18');
            assert.deepEqual(candles, [
              { date: '2026-11-16', open: 2440, high: 2460, low: 2430, close: 2455, volume: 5_100_000 },
              { date: '2026-11-17', open: 2455, high: 2470, low: 2450, close: 2468, volume: 4_800_000 },
              { date: '2026-11-18', open: 2468, high: 2490, low: 2460, close: 2485, volume: 5_300_000 },
            ]);
          } finally {
            await feed.stop();
            clock.set(DEFAULT_TEST_TIME);
          }
          assert.equal(feed.connection().status, 'disconnected');
        },
      );
    });

    describe('when the token stops working', () => {
      it('Upstox refusing it raises TokenExpiredError, marks it invalid and switches live to paper with an alert', async () => {
        assert.equal((await t.app.services.tradingMode.get()).mode, 'live');
        fake.revokeTokens();
        await assert.rejects(upstox().client.funds(), (error: Error) => {
          assert.ok(error instanceof TokenExpiredError);
          assert.match(error.message, /UDAPI100050: Invalid token used to access API/);
          return true;
        });
        const status = await send(t.app, 'GET', '/api/upstox/token/status', { token: session });
        assert.equal(status.json().state, 'invalid');
        assert.match(status.json().message, /^Upstox refused the access token at 20 Nov 2026, 10:30 IST/);

        const mode = await t.app.services.tradingMode.get();
        assert.equal(mode.mode, 'paper');
        const [alert] = await database.db.select().from(schema.alerts);
        assert.equal(alert?.source, 'broker');
        assert.equal(alert?.severity, 'high');
        assert.equal(alert?.actionRequired, true);
        assert.equal(alert?.suggestedAction, TOKEN_ALERT_ACTION);
        assert.match(
          alert!.message,
          /^The Upstox access token is invalid: live orders are stopped and the trading mode was switched to paper\./,
        );
        // No request goes out with a token known to be refused.
        const before = fake.requests.length;
        await assert.rejects(upstox().client.holdings(), TokenExpiredError);
        assert.equal(fake.requests.length, before);
      });

      it('expiry by the clock: the watcher switches live to paper once, with one alert, and live orders get 409', async () => {
        const fresh = fake.issueToken();
        const update = await send(t.app, 'POST', '/api/upstox/token/update', {
          token: session,
          body: { access_token: fresh, client_id: 'FK1234' },
        });
        assert.equal(update.statusCode, 200);
        assert.equal(update.json().status.state, 'valid');
        // The watcher's next look finds a usable token: the refused token's alert is resolved.
        assert.equal((await upstox().watcher.check()).switchedToPaper, false);
        const [refused] = await database.db.select().from(schema.alerts);
        assert.deepEqual(
          [refused?.resolvedAt?.toISOString(), refused?.resolvedBy, refused?.resolution],
          ['2026-11-20T05:00:00.000Z', 'system: token check', 'A usable Upstox access token is stored now.'],
        );
        const live = await send(t.app, 'POST', '/api/trading/mode', {
          token: session,
          body: { mode: 'live' },
        });
        assert.equal(live.statusCode, 200);

        clock.set('2026-11-20T22:01:00.000Z'); // 03:31 IST the next morning
        try {
          const first = await upstox().watcher.check();
          assert.equal(first.switchedToPaper, true);
          assert.equal(first.status.state, 'expired');
          const second = await upstox().watcher.check();
          assert.equal(second.switchedToPaper, false);

          // (The operator's session has lapsed overnight too: the services are asked directly.)
          assert.equal((await t.app.services.tradingMode.get()).mode, 'paper');
          const [change] = await database.db
            .select()
            .from(schema.settings)
            .where(eq(schema.settings.key, 'trading_mode'));
          assert.equal(change?.updatedBy, 'system: Upstox token expired');
          const alerts = await database.db.select().from(schema.alerts);
          assert.equal(alerts.length, 2);
          assert.equal(
            alerts[1]!.message,
            'The Upstox access token has expired: live orders are stopped and the trading mode was switched to paper. The Upstox access token expired at 21 Nov 2026, 03:30 IST. Update it to restore live data and trading.',
          );

          await assert.rejects(upstox().liveGate.ensureLiveReady(), (error: HttpError) => {
            assert.equal(error.statusCode, 409);
            assert.equal(
              error.message,
              'Live orders are stopped: The Upstox access token expired at 21 Nov 2026, 03:30 IST. Update it to restore live data and trading.',
            );
            return true;
          });
          await assert.rejects(upstox().liveGate.ensureTokenUsable(), (error: HttpError) => {
            assert.equal(error.statusCode, 409);
            assert.match(
              error.message,
              /^Live trading needs a valid Upstox access token\. The Upstox access token expired/,
            );
            return true;
          });
        } finally {
          clock.set(DEFAULT_TEST_TIME);
        }
      });
    });

    describe('back in paper mode', () => {
      it('lists the live orders Nivesh recorded in the trade history without asking Upstox', async () => {
        const fresh = await send(t.app, 'POST', '/api/upstox/token/update', {
          token: session,
          body: { access_token: fake.issueToken() },
        });
        assert.equal(fresh.json().status.state, 'valid');
        assert.equal((await t.app.services.tradingMode.get()).mode, 'paper');
        const before = fake.requests.length;
        const res = await send(t.app, 'GET', '/api/trading/history?mode=live', { token: session });
        assert.equal(res.statusCode, 200);
        const recorded = await database.db
          .select()
          .from(schema.orders)
          .where(eq(schema.orders.account, 'live'));
        const listed = res.json<{
          data: Array<{ trade_id: string; mode: string; current_price: unknown }>;
        }>();
        assert.deepEqual(listed.data.map((tr) => tr.trade_id).sort(), recorded.map((o) => o.id).sort());
        assert.ok(listed.data.every((tr) => tr.mode === 'live' && tr.current_price === null));
        assert.equal(fake.requests.length, before, 'no request reached Upstox');
      });
    });
  });
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
