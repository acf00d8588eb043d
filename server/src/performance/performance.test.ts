/**
 * Performance analytics through HTTP on a paper account with real history: trades placed, days
 * closed and snapshotted by the engine, a deposit in the middle. Every figure is checked against a
 * reference computed here from the stored rows with the formulas of docs/DOMAIN.md, to 1e-9 relative.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import type { PerformanceAnalytics, PerformanceReturnsResponse, Trade } from '@nivesh/api-contract';
import { ManualClock } from '../clock.js';
import { schema } from '../db/index.js';
import { candlesFromCloses as candles, createControlledFeed, paperSnapshots } from '../paper/testing.js';
import { send, signedInApp, signIn, testDatabases } from '../testing/index.js';
import { LIVE_NOT_RECORDED } from './service.js';
import { meanOf, near, sampleStd } from '../testing/reference.js';

for (const target of await testDatabases()) {
  describe(`performance analytics on ${target.name}`, () => {
    // Monday 16 November 2026, 10:30 IST.
    const clock = new ManualClock('2026-11-16T05:00:00.000Z');
    const feed = createControlledFeed({ now: () => clock.now() });
    const s = signedInApp(target, { clock, deps: { feed, live: null, liveAccount: null } });
    let token = '';
    /** Moves the clock (a session lasts 12 idle hours, so sign in again after a jump). */
    const at = async (instant: string) => {
      clock.set(instant);
      token = await signIn(s.t.app);
    };
    const order = (body: Record<string, unknown>) =>
      send(s.t.app, 'POST', '/api/trading/orders', {
        token: token || s.token,
        body: { quantity: 10, order_type: 'MARKET', product: 'CNC', ...body },
      });
    const get = async <T>(url: string) => {
      const res = await send(s.t.app, 'GET', url, { token: token || s.token });
      assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
      return res.json<T>();
    };

    it('before the first close: the value of today, and no ratio one day cannot support', async () => {
      const res = await get<{ success: boolean; data: PerformanceAnalytics }>(
        '/api/performance/analytics?period=all',
      );
      assert.equal(res.success, true);
      assert.equal(res.data.total_trades, 0);
      assert.equal(res.data.win_rate, null, 'no closed trade: no win rate, not 0%');
      assert.equal(res.data.profit_factor, null);
      assert.equal(res.data.sharpe_ratio, null, 'one day: no Sharpe');
      assert.equal(res.data.annualized_return, null, 'one day: no yearly rate');
      assert.equal(res.data.total_return, 0);
    });

    it('computes every figure from the stored days, net of a deposit', async () => {
      feed.setCandles(
        'INFY',
        candles({ '2026-11-16': 1510, '2026-11-17': 1480, '2026-11-18': 1530, '2026-11-19': 1500 }),
      );
      feed.setCandles(
        'TCS',
        candles({ '2026-11-16': 3190, '2026-11-17': 3250, '2026-11-18': 3230, '2026-11-19': 3300 }),
      );
      feed.setCandles(
        'NIFTY_50',
        candles({ '2026-11-16': 24_010, '2026-11-17': 23_900, '2026-11-18': 24_100, '2026-11-19': 24_200 }),
      );
      assert.equal((await order({ symbol: 'INFY', side: 'BUY' })).statusCode, 200);
      assert.equal((await order({ symbol: 'TCS', side: 'BUY', quantity: 5 })).statusCode, 200);
      // Tuesday: sell 4 INFY at a profit of the day, and pay in ₹1,00,000.
      await at('2026-11-17T05:00:00.000Z');
      feed.move('INFY', 1520);
      assert.equal((await order({ symbol: 'INFY', side: 'SELL', quantity: 4 })).statusCode, 200);
      const paidIn = await send(s.t.app, 'POST', '/api/trading/paper/balance', {
        token: token || s.token,
        body: { balance: 1_080_000 },
      });
      assert.equal(paidIn.statusCode, 200, paidIn.body);
      // Friday after the close: the engine snapshots every day up to Thursday, and Friday's close.
      await at('2026-11-20T10:30:00.000Z');
      feed.move('INFY', 1490);
      feed.move('TCS', 3320);
      feed.move('NIFTY_50', 24_150);
      await s.t.app.services.paper.runScheduled();

      const rows = await paperSnapshots(s.database.db);
      assert.deepEqual(
        rows.map((r) => r.tradingDay),
        ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20'],
      );
      const ledger = await s.database.db
        .select()
        .from(schema.cashLedger)
        .where(eq(schema.cashLedger.account, 'paper'));
      const flowOn = (day: string) =>
        ledger
          .filter((l) => l.tradingDay === day && ['opening', 'reset', 'adjustment'].includes(l.kind))
          .reduce((sum, l) => sum + l.amountPaise / 100, 0);
      const opening = flowOn('2026-11-16');
      assert.equal(opening, 1_000_000);
      assert.ok(flowOn('2026-11-17') > 90_000, 'the deposit is a flow of Tuesday');

      // Reference: r_1 = V_1 / opening - 1 (money paid into the empty account starts its day), then
      // r_t = (V_t - F_t) / V_(t-1) - 1.
      const values = rows.map((r) => r.portfolioValuePaise / 100);
      const nifty = rows.map((r) => r.benchmarkClose);
      const r = values.map((v, i) =>
        i === 0 ? v / opening - 1 : (v - flowOn(rows[i]!.tradingDay)) / values[i - 1]! - 1,
      );
      const growth = r.reduce((g, x) => g * (1 + x), 1);
      let peak = 1;
      let w = 1;
      let deepest = 0;
      for (const x of r) {
        w *= 1 + x;
        peak = Math.max(peak, w);
        deepest = Math.min(deepest, w / peak - 1);
      }

      const analytics = (await get<{ data: PerformanceAnalytics }>('/api/performance/analytics?period=all'))
        .data;
      near(analytics.total_return, (growth - 1) * 100, 'total return');
      near(analytics.annualized_return, (growth ** (252 / r.length) - 1) * 100, 'CAGR');
      near(analytics.sharpe_ratio, (meanOf(r) / sampleStd(r)) * Math.sqrt(252), 'Sharpe');
      near(analytics.volatility, sampleStd(r) * Math.sqrt(252) * 100, 'volatility');
      const downside = Math.sqrt(meanOf(r.map((x) => Math.min(x, 0) ** 2)));
      near(analytics.sortino_ratio, (meanOf(r) * 252) / (downside * Math.sqrt(252)), 'Sortino');
      near(analytics.max_drawdown, deepest * 100, 'max drawdown');
      near(analytics.net_pnl, values[values.length - 1]! - opening - flowOn('2026-11-17'), 'net P&L');

      // The partial exit: the history's completed trades are what the win rate counts.
      const history = (await get<{ data: Trade[] }>('/api/trading/history?period=all')).data;
      const completed = history.filter((t) => t.status === 'completed');
      assert.deepEqual(
        completed.map((t) => [t.symbol, t.quantity]),
        [['INFY', 4]],
        'selling 4 of 10 is a closed trade of 4',
      );
      assert.equal(analytics.total_trades, 1);
      assert.equal(analytics.winning_trades, completed.filter((t) => t.net_pnl > 0).length);

      // The 30-day P&L calendar: Tuesday's P&L is the day's change less the deposit.
      const tuesday = analytics.daily_pnl.find((d) => d.date === '2026-11-17');
      near(
        tuesday?.pnl,
        Math.round((values[1]! - values[0]! - flowOn('2026-11-17')) * 100) / 100,
        "Tuesday's P&L",
      );
      assert.equal(
        analytics.daily_pnl.find((d) => d.date === '2026-11-15')?.pnl,
        null,
        'Sunday: market closed',
      );
      assert.equal(analytics.daily_pnl.length, 30);

      const returns = await get<PerformanceReturnsResponse>('/api/performance/returns?period=all');
      assert.equal(returns.benchmark, 'NIFTY 50');
      assert.deepEqual(
        returns.data.map((p) => p.date),
        rows.map((row) => row.tradingDay),
      );
      returns.data.forEach((p, i) => near(p.daily_return, r[i]! * 100, `return of ${p.date}`));
      near(returns.data[4]!.benchmark_return, (nifty[4]! / nifty[3]! - 1) * 100, 'NIFTY on Friday');
      near(
        returns.data[4]!.benchmark_cumulative_return,
        (nifty[4]! / nifty[0]! - 1) * 100,
        'NIFTY since Monday',
      );
      near(returns.data[4]!.cumulative_return, (growth - 1) * 100, 'cumulative');
    });

    it('over a week counts only the days after its start', async () => {
      // Friday 20 November: the week starts from Friday the 13th, before the account: all of it.
      const week = (await get<{ data: PerformanceAnalytics }>('/api/performance/analytics?period=week')).data;
      const all = (await get<{ data: PerformanceAnalytics }>('/api/performance/analytics?period=all')).data;
      assert.deepEqual({ ...week, period: 'all' }, all);
      const day = await get<PerformanceReturnsResponse>('/api/performance/returns?period=day');
      assert.deepEqual(
        day.data.map((p) => p.date),
        ['2026-11-19', '2026-11-20'],
      );
      assert.equal(day.data[0]!.daily_return, null, 'the starting point has no return in the period');
      assert.equal(day.data[0]!.cumulative_return, 0);
    });

    it('refuses an unknown period with a sentence, and a stranger', async () => {
      const bad = await send(s.t.app, 'GET', '/api/performance/analytics?period=decade', {
        token: token || s.token,
      });
      assert.equal(bad.statusCode, 400);
      assert.match(bad.json<{ error: string }>().error, /period/i);
      const stranger = await send(s.t.app, 'GET', '/api/performance/analytics');
      assert.equal(stranger.statusCode, 401);
    });

    it('says so in live mode instead of showing the paper figures', async () => {
      await s.t.app.services.tradingMode.set('live', 'test');
      const res = await get<{ success: boolean; error: string }>('/api/performance/analytics');
      assert.equal(res.success, false);
      assert.equal(res.error, LIVE_NOT_RECORDED);
      await s.t.app.services.tradingMode.set('paper', 'test');
    });

    it('holds the history between requests and reads it again when stored rows no longer match', async () => {
      const before = (await get<{ data: PerformanceAnalytics }>('/api/performance/analytics?period=all'))
        .data;
      assert.equal(before.total_trades, 1);
      await s.database.db.delete(schema.lotExits);
      const after = (await get<{ data: PerformanceAnalytics }>('/api/performance/analytics?period=all')).data;
      assert.equal(after.total_trades, 0, 'a removed exit is not counted from memory');
      assert.equal(after.total_return, before.total_return, 'the values are unchanged');
    });
  });
}
