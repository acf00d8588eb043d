/**
 * GET /api/tick-streaming/dashboard and /candles through buildApp (PGlite and PostgreSQL): ticks
 * published into the hub at known times and prices, and what the dashboard and the one-second
 * candles say about them; a browser stream's subscriptions and tick-to-send latency; the
 * health as ticks stop, the session closes and a tick arrives out of order; and the simulated
 * market (always open) streaming every instrument each second.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setTimeout } from 'node:timers/promises';
import WebSocket from 'ws';
import {
  ServerMessage,
  StreamTicketResponse,
  TickCandles,
  TickStreamingDashboard,
} from '@nivesh/api-contract';
import { ManualClock } from '../clock.js';
import { loadHolidayCalendar } from '../market/holidays.js';
import { createSimulatedMarket } from '../market/simulated.js';
import { createControlledFeed } from '../paper/testing.js';
import { DEFAULT_TEST_TIME, send, signedInApp, testDatabases, type SignedInApp } from '../testing/index.js';

/** Friday 20 November 2026, 10:30:00 IST: the session is open. */
const T0 = Date.parse(DEFAULT_TEST_TIME);
const iso = (ms: number) => new Date(T0 + ms).toISOString();

async function getJson<T>(s: SignedInApp, url: string, parse: { parse(value: unknown): T }) {
  const res = await send(s.t.app, 'GET', url, { token: s.token });
  assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
  return parse.parse(res.json<{ data: unknown }>().data);
}

const dashboardOf = (s: SignedInApp) => getJson(s, '/api/tick-streaming/dashboard', TickStreamingDashboard);
const candlesOf = (s: SignedInApp, query: string) =>
  getJson(s, `/api/tick-streaming/candles?${query}`, TickCandles);

for (const target of await testDatabases()) {
  describe(`the tick-streaming dashboard on ${target.name}`, () => {
    const clock = new ManualClock(DEFAULT_TEST_TIME);
    const feed = createControlledFeed({ now: () => clock.now() });
    const s = signedInApp(target, { clock, deps: { feed, live: null, liveAccount: null } });

    /** At `ms` after T0, a tick of `symbol` at `ltp` stamped `lagMs` earlier. */
    function tickAt(ms: number, symbol: string, ltp: number, lagMs = 50) {
      clock.set(new Date(T0 + ms));
      return feed.move(symbol, ltp, { ts: T0 + ms - lagMs });
    }

    it('counts the ticks the hub received, builds their one-second candles and reports them', async () => {
      // RELIANCE at 2500, 2504, 2498 in second 0 and 2501 in second 1; NIFTY 50 in second 1. Each
      // tick adds 100 shares to the day's volume (the first is the day so far: none of it counted).
      tickAt(150, 'RELIANCE', 2500);
      tickAt(450, 'RELIANCE', 2504);
      tickAt(800, 'RELIANCE', 2498);
      tickAt(1_250, 'RELIANCE', 2501);
      tickAt(1_400, 'NIFTY_50', 24_012.5);
      clock.set(new Date(T0 + 2_100));

      const dashboard = await dashboardOf(s);
      assert.equal(dashboard.connection_status, 'active');
      assert.deepEqual(dashboard.websocket_health, {
        'Simulated market': {
          active: true,
          mode: null,
          symbols: 6,
          kind: 'market_feed',
          status: 'active',
          subscriptions: ['INFY', 'TCS', 'RELIANCE', 'HDFCBANK', 'M&M', 'NIFTY_50'],
        },
      });
      const { health, data_flow: flow, upstox_plus_features: plus } = dashboard;
      assert.equal(health.ticks_per_minute, 5);
      // The 10 complete seconds before 10:30:02: five ticks.
      assert.equal(flow.ticks_per_second, 0.5);
      assert.deepEqual(dashboard.ticks_per_second_series.slice(-3), [
        { time: iso(0), ticks: 3 },
        { time: iso(1_000), ticks: 2 },
        { time: iso(2_000), ticks: 0 },
      ]);
      assert.equal(dashboard.ticks_per_second_series.length, 60);
      // No browser follows a symbol: the latency is the feed's delay, each tick 50 ms behind its time.
      assert.deepEqual(dashboard.latency, {
        tick_to_send_ms: null,
        feed_delay_ms: 50,
        browser_round_trip_ms: null,
      });
      assert.equal(health.latency_ms, 50);
      assert.deepEqual(dashboard.feed_input, { ticks: 5, out_of_order: 0, undecodable: 0 });
      assert.equal(health.error_rate, 0);
      assert.equal(health.is_streaming, true);
      assert.equal(health.is_connected, true);
      assert.equal(health.overall_status, 'healthy');
      assert.deepEqual(health.status_reasons, ['The market feed is connected and ticks are arriving.']);
      assert.equal(health.last_tick_time, iso(1_350));
      assert.ok(health.memory_usage_mb > 10, `${health.memory_usage_mb} MB`);
      assert.deepEqual(flow, {
        ticks_per_second: 0.5,
        depth_levels: 0,
        pattern_detection: false,
        smart_money_tracking: false,
      });
      assert.deepEqual(plus, { websocket_connections: 0, symbols_tracked: 6, candles_active: true });
    });

    it('answers the one-second candles of a symbol, an index by its id or its name', async () => {
      const reliance = await candlesOf(s, 'symbol=RELIANCE');
      assert.deepEqual(reliance, {
        symbol: 'RELIANCE',
        interval_seconds: 1,
        candles: [
          { time: iso(0), open: 2500, high: 2504, low: 2498, close: 2498, volume: 200, ticks: 3 },
          { time: iso(1_000), open: 2501, high: 2501, low: 2501, close: 2501, volume: 100, ticks: 1 },
        ],
      });
      const lastSecond = await candlesOf(s, 'symbol=RELIANCE&seconds=1');
      assert.deepEqual(
        lastSecond.candles.map((c) => c.time),
        [iso(1_000)],
      );
      for (const name of ['NIFTY_50', 'NIFTY%2050', 'nifty%2050']) {
        const nifty = await candlesOf(s, `symbol=${name}`);
        assert.equal(nifty.symbol, 'NIFTY_50');
        assert.deepEqual(nifty.candles, [
          {
            time: iso(1_000),
            open: 24_012.5,
            high: 24_012.5,
            low: 24_012.5,
            close: 24_012.5,
            volume: 0,
            ticks: 1,
          },
        ]);
      }
      const quiet = await candlesOf(s, 'symbol=TCS');
      assert.deepEqual(quiet.candles, [], 'a known symbol without ticks has no candles yet');
    });

    it('refuses an unknown symbol and a span outside 1 to 300 seconds with 400 and a sentence', async () => {
      const unknown = await send(s.t.app, 'GET', '/api/tick-streaming/candles?symbol=NOPE', {
        token: s.token,
      });
      assert.equal(unknown.statusCode, 400);
      assert.equal(
        unknown.json().message,
        "NOPE is not a symbol this server's market data prices: ask for an equity symbol (e.g. RELIANCE) or an index (NIFTY_50).",
      );
      for (const [query, message] of [
        ['symbol=RELIANCE&seconds=0', /seconds must be at least 1/],
        ['symbol=RELIANCE&seconds=301', /seconds must be at most 300/],
        ['symbol=RELIANCE&seconds=1.5', /seconds must be a whole number/],
        ['seconds=10', /symbol/],
      ] as const) {
        const res = await send(s.t.app, 'GET', `/api/tick-streaming/candles?${query}`, { token: s.token });
        assert.equal(res.statusCode, 400, query);
        assert.match(res.json().message, message);
      }
      const anonymous = await send(s.t.app, 'GET', '/api/tick-streaming/candles?symbol=RELIANCE');
      assert.equal(anonymous.statusCode, 401);
    });

    it("lists a browser's stream with its subscriptions and measures tick-to-send latency", async () => {
      const address = await s.t.app.listen({ port: 0, host: '127.0.0.1' });
      const ticket = await send(s.t.app, 'POST', '/api/stream/ticket', { token: s.token });
      assert.equal(ticket.statusCode, 200, ticket.body);
      const { protocols } = StreamTicketResponse.parse(ticket.json());
      const socket = new WebSocket(`${address.replace(/^http/, 'ws')}/ws/ticks`, protocols);
      const inbox: ServerMessage[] = [];
      const waiting: Array<() => void> = [];
      socket.on('message', (data) => {
        inbox.push(ServerMessage.parse(JSON.parse(String(data))));
        for (const wake of waiting.splice(0)) wake();
      });
      const next = async (type: ServerMessage['type']) => {
        for (;;) {
          const index = inbox.findIndex((message) => message.type === type);
          if (index >= 0) return inbox.splice(index, 1)[0]!;
          await new Promise<void>((resolve) => waiting.push(resolve));
        }
      };
      try {
        await next('hello');
        socket.send(JSON.stringify({ type: 'subscribe', symbols: ['RELIANCE', 'NIFTY_50'] }));
        await next('subscribed');
        // Written to the browser 30 ms after the tick's own time.
        tickAt(2_500, 'RELIANCE', 2503.5, 30);
        await next('ticks');

        const dashboard = await dashboardOf(s);
        const browser = Object.entries(dashboard.websocket_health).filter(
          ([, c]) => c.kind === 'browser_stream',
        );
        assert.equal(browser.length, 1);
        const [name, connection] = browser[0]!;
        assert.match(name, /^Browser stream \d+$/);
        assert.deepEqual(connection, {
          active: true,
          mode: null,
          symbols: 2,
          kind: 'browser_stream',
          status: 'connected',
          subscriptions: ['RELIANCE', 'NIFTY_50'],
        });
        assert.equal(dashboard.latency.tick_to_send_ms, 30);
        assert.equal(
          dashboard.health.latency_ms,
          30,
          'the tick-to-send latency, once a browser is sent ticks',
        );
        // The feed's delay: the five ticks 50 ms late and this one 30 ms late.
        assert.equal(dashboard.latency.feed_delay_ms, Math.round(((5 * 50 + 30) / 6) * 10) / 10);
      } finally {
        // Closed, and gone from the server's list before the next test publishes ticks.
        socket.close();
        while (s.t.app.services.stream.stats().connections > 0) await setTimeout(10);
      }
    });

    it('turns degraded, then unhealthy, as ticks stop during the session; healthy once it closes', async () => {
      clock.set(new Date(T0 + 2_500 + 15_000));
      let dashboard = await dashboardOf(s);
      assert.equal(dashboard.health.is_streaming, false);
      assert.equal(dashboard.connection_status, 'connected');
      assert.equal(dashboard.health.overall_status, 'degraded');
      assert.deepEqual(dashboard.health.status_reasons, [
        'The session is open but no tick arrived for 15 seconds.',
      ]);

      clock.set(new Date(T0 + 2_500 + 130_000));
      dashboard = await dashboardOf(s);
      assert.equal(dashboard.health.overall_status, 'unhealthy');
      assert.equal(dashboard.health.ticks_per_minute, 0);
      assert.equal(dashboard.upstox_plus_features.candles_active, false);
      // The candles stay: the last 300 seconds up to each symbol's newest tick.
      assert.equal((await candlesOf(s, 'symbol=RELIANCE')).candles.length, 3);

      feed.open = false;
      try {
        dashboard = await dashboardOf(s);
        assert.equal(dashboard.health.overall_status, 'healthy');
        assert.equal(dashboard.connection_status, 'connected');
      } finally {
        feed.open = true;
      }
    });

    it('counts a tick older than its symbol’s newest as out of order in the error rate', async () => {
      const now = 200_000;
      tickAt(now, 'RELIANCE', 2510);
      tickAt(now + 100, 'TCS', 3201);
      tickAt(now + 200, 'INFY', 1501);
      tickAt(now + 300, 'RELIANCE', 2490, 5_000);
      const dashboard = await dashboardOf(s);
      assert.deepEqual(dashboard.feed_input, { ticks: 4, out_of_order: 1, undecodable: 0 });
      assert.equal(dashboard.health.error_rate, 0.25);
      assert.equal(dashboard.health.overall_status, 'unhealthy');
      assert.deepEqual(dashboard.health.status_reasons, [
        "25% of the last minute's feed input failed to decode or came out of order (10% or more is unhealthy).",
      ]);
      const reliance = await candlesOf(s, 'symbol=RELIANCE');
      assert.equal(reliance.candles.at(-1)?.close, 2510, 'the late tick changes no candle');
    });
  });

  describe(`the feed delay of an outside feed on ${target.name}`, () => {
    const clock = new ManualClock(DEFAULT_TEST_TIME);
    const feed = createControlledFeed({ now: () => clock.now() });
    const s = signedInApp(target, { clock, deps: { feed, live: null, liveAccount: null } });

    it('measures from when the source sent each tick, to the millisecond, not its whole-second trade time', async () => {
      // A quiet stock: its last trade at 10:30:00 (the exchange's whole second), the message
      // carrying it sent at 10:30:04.973 and received at 10:30:04.985, 12 ms later.
      clock.set(new Date(T0 + 4_985));
      feed.move('RELIANCE', 2500, { ts: T0, sentAt: T0 + 4_973 });
      // A busier one: traded at 10:30:04, sent at 10:30:04.990, received 8 ms later.
      clock.set(new Date(T0 + 4_998));
      feed.move('TCS', 4100, { ts: T0 + 4_000, sentAt: T0 + 4_990 });
      const dashboard = await dashboardOf(s);
      // (12 + 8) / 2 ms; from the trade times it would read (4,985 + 998) / 2 = 2,991.5 ms.
      assert.equal(dashboard.latency.feed_delay_ms, 10);
      assert.equal(dashboard.health.latency_ms, 10);
    });
  });

  describe(`the tick-streaming dashboard of the simulated market on ${target.name}`, () => {
    const clock = new ManualClock(DEFAULT_TEST_TIME);
    const market = createSimulatedMarket({
      seed: 7,
      alwaysOpen: true,
      clock,
      calendar: loadHolidayCalendar(null),
      log: { info: () => undefined, error: () => undefined },
    });
    const s = signedInApp(target, { clock, deps: { feed: market, live: null, liveAccount: null } });

    it('streams every instrument and index each second, with a candle per second', async () => {
      const symbols = market.instruments().length + market.indices().length;
      clock.advance(3_000);
      market.advanceTo(clock.now());
      const dashboard = await dashboardOf(s);
      assert.equal(dashboard.health.ticks_per_minute, 3 * symbols);
      assert.equal(dashboard.upstox_plus_features.symbols_tracked, symbols);
      assert.equal(dashboard.websocket_health['Simulated market']?.symbols, symbols);
      assert.equal(dashboard.connection_status, 'active');
      assert.equal(dashboard.health.overall_status, 'healthy');
      assert.equal(dashboard.health.last_tick_time, iso(3_000));
      const nifty = await candlesOf(s, 'symbol=NIFTY%2050');
      assert.deepEqual(
        nifty.candles.map((c) => [c.time, c.ticks]),
        [
          [iso(1_000), 1],
          [iso(2_000), 1],
          [iso(3_000), 1],
        ],
      );
    });
  });

  describe(`the feed delay of the simulated market, to the millisecond, on ${target.name}`, () => {
    const clock = new ManualClock(DEFAULT_TEST_TIME);
    const market = createSimulatedMarket({
      seed: 7,
      alwaysOpen: true,
      clock,
      calendar: loadHolidayCalendar(null),
      log: { info: () => undefined, error: () => undefined },
    });
    const s = signedInApp(target, { clock, deps: { feed: market, live: null, liveAccount: null } });

    it('reports no delay for ticks made in this process, whenever in the second its timer fires', async () => {
      // The timer fires 230 ms into a second, then 1,010 ms later: each batch reaches the hub at
      // the instant it is stamped with. Stamped with the whole second before, they would read as
      // 230 and 240 ms late.
      clock.advance(1_230);
      market.advanceTo(clock.now());
      clock.advance(1_010);
      market.advanceTo(clock.now());
      const dashboard = await dashboardOf(s);
      assert.equal(dashboard.latency.feed_delay_ms, 0);
      assert.equal(dashboard.health.latency_ms, 0);
      assert.equal(dashboard.health.last_tick_time, iso(2_240));
    });
  });
}
