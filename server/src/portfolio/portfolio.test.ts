import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  DEFAULT_PAPER_LIMITS,
  type ActivityItem,
  type Holding,
  type PortfolioOverview,
  type QuickStats,
  type TradeHistoryResponse,
} from '@nivesh/api-contract';
import type { Account } from '../broker/broker.js';
import { READ_CACHE_MS } from '../broker/upstox/readCache.js';
import { ManualClock } from '../clock.js';
import type { Database } from '../db/index.js';
import { createControlledFeed, type ControlledFeed } from '../paper/testing.js';
import { upstoxTestApp } from '../broker/upstox/fake/testApp.js';
import { RELIANCE_QUOTE } from '../broker/upstox/fake/fakeUpstox.js';
import { createTestApp, send, setUpOperator, testDatabases, type TestApp } from '../testing/index.js';

/** A live account that records reads and answers a fixed overview. */
function recordingAccount(base: PortfolioOverview) {
  const reads: string[] = [];
  const account: Account = {
    account: 'live',
    async overview() {
      reads.push('overview');
      return {
        ...base,
        portfolio_value: 123_456.78,
        total_value: 123_456.78,
        limits_status: null,
        data_source: 'upstox',
      };
    },
    async holdings() {
      reads.push('holdings');
      return [];
    },
    async activity() {
      reads.push('activity');
      return [];
    },
    async trades() {
      reads.push('trades');
      return [];
    },
  };
  return { account, reads };
}

/** Places an order a second after the previous one (so "newest first" has one answer). */
const place = (t: TestApp, token: string, body: Record<string, unknown>) => {
  t.clock.advance(1000);
  return send(t.app, 'POST', '/api/trading/orders', {
    token,
    body: { quantity: 10, order_type: 'MARKET', product: 'CNC', side: 'BUY', ...body },
  });
};

for (const target of await testDatabases()) {
  describe(`portfolio and paper routes on ${target.name}`, () => {
    let database: Database;
    let t: TestApp;
    let token: string;
    let feed: ControlledFeed;
    let clock: ManualClock;
    let live: ReturnType<typeof recordingAccount> | null = null;

    before(async () => {
      database = await target.open();
      clock = new ManualClock('2026-11-20T05:00:00.000Z');
      feed = createControlledFeed({ now: () => clock.now() });
      const liveAccount: Account = {
        account: 'live',
        overview: () => live!.account.overview(),
        holdings: () => live!.account.holdings(),
        activity: (n) => live!.account.activity(n),
        trades: () => live!.account.trades(),
      };
      t = await createTestApp(database, {
        clock,
        deps: { feed, paperTimers: false, watchBrokerToken: false, live: null, liveAccount },
      });
      token = await setUpOperator(t.app);
    });
    after(async () => {
      await t.close();
      await database.close();
    });

    const get = async <T>(url: string) => {
      const res = await send(t.app, 'GET', url, { token });
      assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
      return res.json<{ data: T }>().data;
    };

    it('shows a fresh paper account of ₹10,00,000 with every limit safe', async () => {
      const overview = await get<PortfolioOverview>('/api/portfolio/overview');
      assert.equal(overview.portfolio_value, 1_000_000);
      assert.equal(overview.total_value, 1_000_000);
      assert.equal(overview.available_balance, 1_000_000);
      assert.equal(overview.day_change, 0);
      assert.equal(overview.active_positions, 0);
      assert.equal(overview.trading_mode, 'paper');
      assert.equal(overview.trading_mode_label, 'Paper Trading');
      assert.equal(overview.data_source, 'simulated');
      assert.deepEqual(overview.limits_status, {
        balance_status: { current: 1_000_000, threshold: 100_000, safe: true },
        daily_loss_status: { current_loss: 0, limit: 25_000, safe: true },
        positions_status: { current: 0, limit: 10, safe: true },
        exposure_status: { current_percentage: 0, limit_percentage: 80, safe: true },
      });
    });

    it('has no win rate before the first closed trade (null, not 0%)', async () => {
      const stats = await get<QuickStats>('/api/quick-stats');
      assert.equal(stats.win_rate, null);
      assert.equal(stats.active_positions, 0);
    });

    it('keeps the trading mode routes next to the paper routes', async () => {
      const mode = await send(t.app, 'GET', '/api/trading/mode', { token });
      assert.equal(mode.json<{ mode: string }>().mode, 'paper');
      assert.deepEqual(await get('/api/trading/paper-limits'), DEFAULT_PAPER_LIMITS);
    });

    it('updates the paper limits, refusing values out of range', async () => {
      const res = await send(t.app, 'POST', '/api/trading/paper-limits', {
        token,
        body: { ...DEFAULT_PAPER_LIMITS, max_position_size: 60_000 },
      });
      assert.equal(res.statusCode, 200);
      assert.equal(res.json<{ message: string }>().message, 'Trading limits updated successfully!');
      assert.equal(
        (await get<typeof DEFAULT_PAPER_LIMITS>('/api/trading/paper-limits')).max_position_size,
        60_000,
      );
      const bad = await send(t.app, 'POST', '/api/trading/paper-limits', {
        token,
        body: { ...DEFAULT_PAPER_LIMITS, max_portfolio_exposure: 1.5 },
      });
      assert.equal(bad.statusCode, 400);
      assert.equal(
        (await get<typeof DEFAULT_PAPER_LIMITS>('/api/trading/paper-limits')).max_portfolio_exposure,
        0.8,
      );
    });

    it('reports holdings, activity, quick stats and the trade history after trading', async () => {
      assert.equal((await place(t, token, { symbol: 'INFY' })).statusCode, 200); // at ₹1,500.75
      feed.move('INFY', 1600);
      await place(t, token, { symbol: 'INFY', side: 'SELL' }); // at ₹1,599.20: a win
      await place(t, token, { symbol: 'TCS', quantity: 5 }); // at ₹3,201.60
      feed.move('TCS', 3100);
      await place(t, token, { symbol: 'TCS', side: 'SELL', quantity: 5 }); // at ₹3,098.45: a loss
      await place(t, token, { symbol: 'RELIANCE', quantity: 5 }); // at ₹2,501.25, still open
      await place(t, token, { symbol: 'HDFCBANK', order_type: 'LIMIT', limit_price: 1600, quantity: 3 }); // rests

      const holdings = await get<Holding[]>('/api/portfolio/holdings');
      assert.deepEqual(
        holdings.map((h) => [h.symbol, h.quantity, h.avg_price, h.current_price]),
        [['RELIANCE', 5, 2501.25, 2500]],
      );

      const activity = await get<ActivityItem[]>('/api/portfolio/activity');
      assert.deepEqual(
        activity.map((a) => `${a.action} ${a.quantity} ${a.symbol} at ${a.price}`),
        [
          'Bought 5 RELIANCE at 2501.25',
          'Sold 5 TCS at 3098.45',
          'Bought 5 TCS at 3201.6',
          'Sold 10 INFY at 1599.2',
          'Bought 10 INFY at 1500.75',
        ],
      );

      const stats = await get<QuickStats>('/api/quick-stats');
      const overview = await get<PortfolioOverview>('/api/portfolio/overview');
      assert.deepEqual(stats, {
        active_positions: 1,
        win_rate: 50,
        monthly_return: overview.total_returns_percent,
        connection_status: 'connected',
        data_source: 'simulated',
      });
      assert.equal(overview.trades_today, 5);

      const history = await get<TradeHistoryResponse['data']>('/api/trading/history');
      assert.deepEqual(
        history.map((tr) => `${tr.symbol} ${tr.side} ${tr.status}`),
        ['HDFCBANK BUY pending', 'RELIANCE BUY open', 'TCS BUY completed', 'INFY BUY completed'],
      );
      const full = (
        await send(t.app, 'GET', '/api/trading/history?status=completed&search=inf', { token })
      ).json<TradeHistoryResponse>();
      assert.equal(full.total, 1);
      assert.equal(full.data[0]!.symbol, 'INFY');
      assert.equal(full.data[0]!.exit_price, 1599.2);
      assert.equal(full.data[0]!.pnl, 984.5, '10 × (₹1,599.20 - ₹1,500.75)');
      assert.equal(full.summary.win_rate, 100);
      const paged = (
        await send(t.app, 'GET', '/api/trading/history?page=2&page_size=1', { token })
      ).json<TradeHistoryResponse>();
      assert.equal(paged.total, 4);
      assert.equal(paged.data.length, 1);
      assert.equal(paged.data[0]!.symbol, 'RELIANCE');
      assert.equal(paged.summary.completed_trades, 2);
      assert.equal(paged.summary.winning_trades, 1);
      assert.equal(paged.summary.open_positions, 1);
    });

    it('says when the activity happened, and that the feed has gone quiet', async () => {
      clock.advance(5 * 60_000);
      const [latest] = await get<ActivityItem[]>('/api/portfolio/activity');
      assert.equal(latest?.time_ago, '5 minutes ago');
      assert.equal((await get<QuickStats>('/api/quick-stats')).connection_status, 'disconnected');
      feed.move('NIFTY_50', 24_010);
      assert.equal((await get<QuickStats>('/api/quick-stats')).connection_status, 'connected');
    });

    it('sets the balance, refusing a negative one', async () => {
      const res = await send(t.app, 'POST', '/api/trading/paper/balance', {
        token,
        body: { balance: 500_000 },
      });
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json(), {
        success: true,
        new_balance: 500_000,
        message: 'Balance updated successfully to ₹5,00,000',
      });
      const before = await get<PortfolioOverview>('/api/portfolio/overview');
      const negative = await send(t.app, 'POST', '/api/trading/paper/balance', {
        token,
        body: { balance: -1 },
      });
      assert.equal(negative.statusCode, 400);
      const after = await get<PortfolioOverview>('/api/portfolio/overview');
      assert.equal(after.portfolio_value, before.portfolio_value);
    });

    it('resets the account: positions closed, open orders cancelled, ₹10,00,000', async () => {
      const res = await send(t.app, 'POST', '/api/trading/paper-reset', {
        token,
        body: { balance: 1_000_000 },
      });
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json(), {
        success: true,
        message: 'Paper trading account reset successfully!',
        balance: 1_000_000,
      });
      assert.deepEqual(await get('/api/portfolio/holdings'), []);
      const overview = await get<PortfolioOverview>('/api/portfolio/overview');
      assert.equal(overview.portfolio_value, 1_000_000);
      assert.equal(overview.total_returns, 0);
      const pending = (
        await send(t.app, 'GET', '/api/trading/history?status=pending', { token })
      ).json<TradeHistoryResponse>();
      assert.equal(pending.total, 0);
    });

    it('reads the live account in live mode, and never in paper mode', async () => {
      live = recordingAccount(await get<PortfolioOverview>('/api/portfolio/overview'));
      await get('/api/portfolio/overview');
      await get('/api/quick-stats');
      assert.deepEqual(live.reads, [], 'paper mode reads only the paper account');
      await t.app.services.tradingMode.set('live', 'test');
      try {
        const overview = await get<PortfolioOverview>('/api/portfolio/overview');
        assert.equal(overview.portfolio_value, 123_456.78);
        assert.equal(overview.trading_mode, 'live');
        assert.equal(overview.trading_mode_label, 'Live Trading');
        assert.deepEqual(await get('/api/portfolio/holdings'), []);
        assert.deepEqual(live.reads, ['overview', 'holdings']);
        const stats = await get<QuickStats>('/api/quick-stats');
        assert.equal(stats.win_rate, null, 'no closed live trade: no win rate');
      } finally {
        await t.app.services.tradingMode.set('paper', 'test');
      }
    });
  });

  describe(`portfolio without a live account on ${target.name}`, () => {
    let database: Database;
    let t: TestApp;
    let token: string;
    before(async () => {
      database = await target.open();
      const clock = new ManualClock('2026-11-20T05:00:00.000Z');
      t = await createTestApp(database, {
        clock,
        deps: {
          feed: createControlledFeed({ now: () => clock.now() }),
          paperTimers: false,
          watchBrokerToken: false,
          live: null,
          liveAccount: null,
        },
      });
      token = await setUpOperator(t.app);
    });
    after(async () => {
      await t.close();
      await database.close();
    });

    it('answers 503 in live mode, while the paper routes and paper history still answer', async () => {
      await t.app.services.tradingMode.set('live', 'test');
      for (const url of [
        '/api/portfolio/overview',
        '/api/portfolio/holdings',
        '/api/quick-stats',
        '/api/trading/history?mode=live',
      ]) {
        const res = await send(t.app, 'GET', url, { token });
        assert.equal(res.statusCode, 503, url);
        assert.equal(
          res.json<{ message: string }>().message,
          'Live trading is not connected on this server.',
        );
      }
      const history = await send(t.app, 'GET', '/api/trading/history', { token });
      assert.equal(history.statusCode, 200);
      const limits = await send(t.app, 'GET', '/api/trading/paper-limits', { token });
      assert.equal(limits.statusCode, 200);
    });
  });

  describe(`trade history and the Upstox account on ${target.name}`, () => {
    const u = upstoxTestApp(target, {
      arrange: (fake) => fake.addInstrument(RELIANCE_QUOTE),
      deps: (clock) => ({ feed: createControlledFeed({ now: () => clock.now() }), paperTimers: false }),
    });
    before(async () => {
      const stored = await send(u.t.app, 'POST', '/api/upstox/token/update', {
        token: u.token,
        body: { access_token: u.fake.issueToken() },
      });
      assert.equal(stored.json().status.state, 'valid');
    });

    const history = async (query = '') => {
      const res = await send(u.t.app, 'GET', `/api/trading/history${query}`, { token: u.token });
      assert.equal(res.statusCode, 200, res.body);
      return res.json<TradeHistoryResponse>();
    };
    const calls = (path: string) => u.fake.requests.filter((r) => r.path === path).length;
    const ORDER_BOOK = '/v2/order/retrieve-all';

    it('never calls Upstox in paper mode with a valid token stored: history, overview, holdings', async () => {
      const before = u.fake.requests.length;
      for (let i = 0; i < 10; i += 1) await history();
      await Promise.all([history(), history('?mode=live'), history('?mode=paper')]);
      for (const url of [
        '/api/portfolio/overview',
        '/api/portfolio/holdings',
        '/api/portfolio/activity',
        '/api/quick-stats',
      ]) {
        assert.equal((await send(u.t.app, 'GET', url, { token: u.token })).statusCode, 200, url);
      }
      assert.deepEqual(u.fake.requests.slice(before), [], 'no request reached Upstox');
    });

    it('in live mode, shares one Upstox order-book read among requests within the cache window', async () => {
      const live = await send(u.t.app, 'POST', '/api/trading/mode', {
        token: u.token,
        body: { mode: 'live' },
      });
      assert.equal(live.statusCode, 200, live.body);
      u.fake.state.orders.push({
        order_id: '261120025000001',
        exchange: 'NSE',
        product: 'D',
        price: 2400,
        quantity: 3,
        status: 'open',
        tag: null,
        instrument_token: 'NSE_EQ|INE002A01018',
        trading_symbol: 'RELIANCE',
        tradingsymbol: 'RELIANCE',
        order_type: 'LIMIT',
        transaction_type: 'BUY',
        average_price: 0,
        filled_quantity: 0,
        pending_quantity: 3,
        status_message: null,
        order_timestamp: '2026-11-20 10:29:00',
        exchange_timestamp: null,
        is_amo: false,
      });

      const before = u.fake.requests.length;
      // Concurrent callers share the request in flight; later ones within the window, its answer.
      const together = await Promise.all(Array.from({ length: 5 }, () => history('?mode=live')));
      for (let i = 0; i < 5; i += 1) {
        u.clock.advance(3_000);
        assert.equal((await history('?mode=live')).total, 1);
      }
      assert.deepEqual(
        together.map((h) => h.data.map((tr) => `${tr.symbol} ${tr.side} ${tr.quantity} ${tr.status}`)),
        Array.from({ length: 5 }, () => ['RELIANCE BUY 3 pending']),
      );
      assert.deepEqual(
        u.fake.requests.slice(before).map((r) => r.path),
        [ORDER_BOOK],
        'ten history requests within the window make one Upstox call',
      );

      // After the window, the next request reads Upstox again (and sees what changed there).
      u.fake.state.orders[0]!.status = 'cancelled';
      u.clock.advance(READ_CACHE_MS);
      assert.equal((await history('?mode=live&status=cancelled')).total, 1);
      assert.equal(calls(ORDER_BOOK), 2);
    });

    it('in live mode, overview and holdings read Upstox once per window, shared with each other', async () => {
      u.clock.advance(READ_CACHE_MS);
      const before = u.fake.requests.length;
      for (let i = 0; i < 3; i += 1) {
        for (const url of ['/api/portfolio/overview', '/api/portfolio/holdings', '/api/portfolio/activity']) {
          assert.equal((await send(u.t.app, 'GET', url, { token: u.token })).statusCode, 200, url);
        }
      }
      assert.deepEqual(
        u.fake.requests
          .slice(before)
          .map((r) => r.path)
          .sort(),
        [
          '/v2/order/trades/get-trades-for-day',
          '/v2/portfolio/long-term-holdings',
          '/v2/portfolio/short-term-positions',
          '/v3/user/get-funds-and-margin',
        ],
      );
    });

    it('does not keep a failure for long: Upstox is asked again a few seconds later', async () => {
      u.clock.advance(READ_CACHE_MS);
      u.fake.state.offline = true;
      try {
        const down = await send(u.t.app, 'GET', '/api/trading/history?mode=live', { token: u.token });
        assert.equal(down.statusCode, 502);
        assert.equal(down.json().message, 'Upstox cannot be reached: fetch failed.');
        // Everything else in the history still answers while Upstox does not.
        assert.equal((await history()).success, true);
      } finally {
        u.fake.state.offline = false;
      }
      const attempts = calls(ORDER_BOOK);
      u.clock.advance(5_000);
      assert.equal((await history('?mode=live')).success, true);
      assert.equal(calls(ORDER_BOOK), attempts + 1);
    });

    it('back in paper mode, stops calling Upstox again', async () => {
      const paper = await send(u.t.app, 'POST', '/api/trading/mode', {
        token: u.token,
        body: { mode: 'paper' },
      });
      assert.equal(paper.statusCode, 200);
      u.clock.advance(READ_CACHE_MS);
      const before = u.fake.requests.length;
      for (let i = 0; i < 5; i += 1) await history();
      assert.equal(u.fake.requests.length, before);
    });
  });
}
