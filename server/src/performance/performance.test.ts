/**
 * Performance analytics through HTTP on a paper account with real history: trades placed, days
 * closed and snapshotted by the engine, a deposit in the middle. Every figure is checked against a
 * reference computed here from the stored rows with the formulas of docs/DOMAIN.md, to 1e-9 relative.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import {
  istDay,
  type PerformanceAnalytics,
  type PerformanceReturnsResponse,
  type Trade,
} from '@nivesh/api-contract';
import { ManualClock } from '../clock.js';
import { schema, type Db } from '../db/index.js';
import { candlesFromCloses as candles, createControlledFeed, paperSnapshots } from '../paper/testing.js';
import { send, signedInApp, signIn, testDatabases } from '../testing/index.js';
import { LIVE_NOT_RECORDED } from './service.js';
import {
  ANSWER_DIGITS,
  drawdownEpisodesReference,
  meanOf,
  near,
  sampleCov,
  sampleStd,
  xirrReference,
} from '../testing/reference.js';

/** The paper account's external flows of a day (opening, resets, balance edits), rupees, from the stored ledger. */
async function externalFlows(db: Db): Promise<(day: string) => number> {
  const ledger = await db.select().from(schema.cashLedger).where(eq(schema.cashLedger.account, 'paper'));
  return (day) =>
    ledger
      .filter((l) => l.tradingDay === day && ['opening', 'reset', 'adjustment'].includes(l.kind))
      .reduce((sum, l) => sum + l.amountPaise / 100, 0);
}

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
      assert.equal(res.data.money_weighted_return, null, 'no time between the money paid in and the value');
      assert.equal(res.data.beta, null, 'no NIFTY return yet: no beta');
      assert.equal(res.data.alpha, null);
      assert.equal(res.data.information_ratio, null);
      assert.deepEqual(res.data.deepest_drawdowns, []);
      assert.equal(res.data.period_start, null, 'all time has no first day');
      assert.equal(res.data.period_end, '2026-11-16');
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
      const flowOn = await externalFlows(s.database.db);
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
      near(analytics.total_return, (growth - 1) * 100, 'total return', ANSWER_DIGITS.percent);
      near(
        analytics.annualized_return,
        (growth ** (252 / r.length) - 1) * 100,
        'CAGR',
        ANSWER_DIGITS.percent,
      );
      near(
        analytics.sharpe_ratio,
        (meanOf(r) / sampleStd(r)) * Math.sqrt(252),
        'Sharpe',
        ANSWER_DIGITS.ratio,
      );
      near(analytics.volatility, sampleStd(r) * Math.sqrt(252) * 100, 'volatility', ANSWER_DIGITS.percent);
      const downside = Math.sqrt(meanOf(r.map((x) => Math.min(x, 0) ** 2)));
      near(
        analytics.sortino_ratio,
        (meanOf(r) * 252) / (downside * Math.sqrt(252)),
        'Sortino',
        ANSWER_DIGITS.ratio,
      );
      near(analytics.max_drawdown, deepest * 100, 'max drawdown', ANSWER_DIGITS.percent);
      near(
        analytics.net_pnl,
        values[values.length - 1]! - opening - flowOn('2026-11-17'),
        'net P&L',
        ANSWER_DIGITS.rupees,
      );

      // The partial exit: the history's completed trades are what the win rate counts.
      const history = (await get<{ data: Trade[] }>('/api/trading/history?period=all')).data;
      const completed = history.filter((t) => t.status === 'completed');
      assert.deepEqual(
        completed.map((t) => [t.symbol, t.quantity]),
        [['INFY', 4]],
        'selling 4 of 10 is a closed trade of 4',
      );
      assert.equal(analytics.total_trades, 1);
      assert.equal(analytics.winning_trades, completed.filter((t) => t.net_pnl! > 0).length);

      // The 30-day P&L calendar: Tuesday's P&L is the day's change less the deposit.
      const tuesday = analytics.daily_pnl.find((d) => d.date === '2026-11-17');
      near(
        tuesday?.pnl,
        Math.round((values[1]! - values[0]! - flowOn('2026-11-17')) * 100) / 100,
        "Tuesday's P&L",
        ANSWER_DIGITS.rupees,
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
      returns.data.forEach((p, i) =>
        near(p.daily_return, r[i]! * 100, `return of ${p.date}`, ANSWER_DIGITS.percent),
      );
      near(
        returns.data[4]!.benchmark_return,
        (nifty[4]! / nifty[3]! - 1) * 100,
        'NIFTY on Friday',
        ANSWER_DIGITS.percent,
      );
      near(
        returns.data[4]!.benchmark_cumulative_return,
        (nifty[4]! / nifty[0]! - 1) * 100,
        'NIFTY since Monday',
        ANSWER_DIGITS.percent,
      );
      near(returns.data[4]!.cumulative_return, (growth - 1) * 100, 'cumulative', ANSWER_DIGITS.percent);

      // The tear sheet. NIFTY's returns on the days both have one (Monday, the first, has none).
      const b = nifty.slice(1).map((n, i) => n / nifty[i]! - 1);
      const ra = r.slice(1);
      const slope = sampleCov(ra, b) / sampleCov(b, b);
      near(analytics.beta, slope, 'beta', ANSWER_DIGITS.ratio);
      near(
        analytics.alpha,
        ((1 + meanOf(ra.map((x, i) => x - slope * b[i]!))) ** 252 - 1) * 100,
        'alpha (annualised)',
        ANSWER_DIGITS.percent,
      );
      const active = ra.map((x, i) => x - b[i]!);
      near(
        analytics.information_ratio,
        (meanOf(active) / sampleStd(active)) * Math.sqrt(252),
        'IR',
        ANSWER_DIGITS.ratio,
      );
      // XIRR: the opening on Monday and the deposit on Tuesday paid in, Friday's value taken out.
      const moneyIn = [
        { day: '2026-11-16', amount: opening },
        { day: '2026-11-17', amount: flowOn('2026-11-17') },
      ];
      near(
        analytics.money_weighted_return,
        xirrReference(moneyIn, '2026-11-20', values[4]!) * 100,
        'money-weighted return',
        ANSWER_DIGITS.percent,
      );
      // The underwater curve and the deepest falls, from the wealth index starting at 1 on Monday.
      const wealth = [1];
      for (const x of r) wealth.push(wealth[wealth.length - 1]! * (1 + x));
      returns.data.forEach((p, i) =>
        near(
          p.drawdown,
          (wealth[i + 1]! / Math.max(...wealth.slice(0, i + 2)) - 1) * 100,
          `drawdown ${p.date}`,
          ANSWER_DIGITS.percent,
        ),
      );
      const episodes = drawdownEpisodesReference(
        ['2026-11-16', ...rows.map((row) => row.tradingDay)],
        wealth,
      );
      assert.equal(analytics.deepest_drawdowns.length, Math.min(5, episodes.length));
      analytics.deepest_drawdowns.forEach((d, i) => {
        const e = episodes[i]!;
        assert.deepEqual(
          [d.start, d.trough, d.recovery, d.length],
          [e.start, e.trough, e.recovery, e.length],
        );
        near(d.depth, e.depth * 100, `depth of fall ${i}`, ANSWER_DIGITS.percent);
      });
      // Five returns: no 60-day window yet.
      assert.ok(returns.data.every((p) => p.rolling_sharpe === null && p.rolling_beta === null));
    });

    it('over a week counts only the days after its start', async () => {
      // Friday 20 November: the week starts from Friday the 13th, before the account: all of it.
      const week = (await get<{ data: PerformanceAnalytics }>('/api/performance/analytics?period=week')).data;
      const all = (await get<{ data: PerformanceAnalytics }>('/api/performance/analytics?period=all')).data;
      assert.deepEqual({ ...week, period: 'all', period_start: null }, all);
      assert.equal(week.period_start, '2026-11-14', 'the day after the close it starts from');
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

/** Weekday closes between two days: slow and fast waves and a jitter, so the value falls and recovers many times. */
/** A fixed pseudo-random number in [-1, 1) for each n (the fractional part of a large sine). */
function jitter(n: number): number {
  const x = Math.sin(n * 12.9898) * 43_758.5453;
  return 2 * (x - Math.floor(x)) - 1;
}

function waveCloses(from: string, to: string, base: number, phase: number): Record<string, number> {
  const closes: Record<string, number> = {};
  for (let t = Date.parse(`${from}T00:00:00Z`), n = 0; t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    const weekday = new Date(t).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    const wave =
      0.03 * Math.sin(n / 9 + phase) +
      0.01 * Math.sin(n / 2.7 + 2 * phase) +
      0.03 * jitter(n + 100 * phase) +
      0.002 * n;
    closes[new Date(t).toISOString().slice(0, 10)] = Math.round(base * (1 + wave) * 100) / 100;
    n += 1;
  }
  return closes;
}

for (const target of await testDatabases()) {
  describe(`performance tear sheet over four months on ${target.name}`, () => {
    // Monday 1 June 2026, 10:30 IST; a yearly risk-free rate of 6.5%.
    const clock = new ManualClock('2026-06-01T05:00:00.000Z');
    const feed = createControlledFeed({ now: () => clock.now() });
    const s = signedInApp(target, {
      clock,
      config: { riskFreeRate: 0.065 },
      deps: { feed, live: null, liveAccount: null },
    });
    const closes = {
      INFY: waveCloses('2026-05-18', '2026-09-30', 1500, 0),
      TCS: waveCloses('2026-05-18', '2026-09-30', 3200, 1.3),
      RELIANCE: waveCloses('2026-05-18', '2026-09-30', 2500, 2.1),
      NIFTY_50: waveCloses('2026-05-18', '2026-09-30', 24_000, 0.6),
    };
    let token = '';
    /** Moves the clock to `instant` and the market to that day's closes, and signs in again. */
    const at = async (instant: string) => {
      clock.set(instant);
      const day = istDay(clock.now());
      for (const [symbol, byDay] of Object.entries(closes)) feed.move(symbol, byDay[day]!);
      token = await signIn(s.t.app);
    };
    const send$ = (method: 'GET' | 'POST', url: string, body?: Record<string, unknown>) =>
      send(s.t.app, method, url, { token, ...(body ? { body } : {}) });
    const order = async (body: Record<string, unknown>) => {
      const res = await send$('POST', '/api/trading/orders', {
        order_type: 'MARKET',
        product: 'CNC',
        ...body,
      });
      assert.equal(res.statusCode, 200, res.body);
    };
    const get = async <T>(url: string) => {
      const res = await send$('GET', url);
      assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
      return res.json<T>();
    };

    it('serves XIRR, beta, alpha, information ratio, drawdowns and rolling figures equal to a reference', async () => {
      for (const [symbol, byDay] of Object.entries(closes)) feed.setCandles(symbol, candles(byDay));
      await at('2026-06-01T05:00:00.000Z');
      // About ₹45,000 of each, within the ₹50,000 position limit.
      for (const symbol of ['INFY', 'TCS', 'RELIANCE'] as const) {
        await order({ symbol, side: 'BUY', quantity: Math.floor(45_000 / closes[symbol]['2026-06-01']!) });
      }
      // Wednesday 15 July: a balance edit pays money in.
      await at('2026-07-15T05:00:00.000Z');
      assert.equal(
        (await send$('POST', '/api/trading/paper/balance', { balance: 1_100_000 })).statusCode,
        200,
      );
      // Monday 17 August: a withdrawal by balance edit, and a sale.
      await at('2026-08-17T05:00:00.000Z');
      await order({ symbol: 'INFY', side: 'SELL', quantity: 10 });
      assert.equal(
        (await send$('POST', '/api/trading/paper/balance', { balance: 1_000_000 })).statusCode,
        200,
      );
      // Wednesday 30 September after the close: every day is recorded.
      await at('2026-09-30T10:30:00.000Z');
      await s.t.app.services.paper.runScheduled();

      const rows = await paperSnapshots(s.database.db);
      assert.ok(rows.length > 80, `${rows.length} trading days`);
      const flowOn = await externalFlows(s.database.db);
      const days = rows.map((row) => row.tradingDay);
      const values = rows.map((row) => row.portfolioValuePaise / 100);
      const nifty = rows.map((row) => row.benchmarkClose);
      // r_0 from the money paid into the empty account; then net of each day's flow.
      const r = values.map(
        (v, i) => (i === 0 ? v / flowOn(days[0]!) : (v - flowOn(days[i]!)) / values[i - 1]!) - 1,
      );
      const b = nifty.map((n, i) => (i === 0 ? null : n / nifty[i - 1]! - 1));
      const rfDaily = 1.065 ** (1 / 252) - 1;
      const sharpeOf = (xs: number[]) => {
        const excess = xs.map((x) => x - rfDaily);
        return (meanOf(excess) / sampleStd(excess)) * Math.sqrt(252);
      };

      const all = (await get<{ data: PerformanceAnalytics }>('/api/performance/analytics?period=all')).data;
      const ra = r.slice(1);
      const ba = b.slice(1) as number[];
      const slope = sampleCov(ra, ba) / sampleCov(ba, ba);
      near(all.beta, slope, 'beta', ANSWER_DIGITS.ratio);
      near(
        all.alpha,
        ((1 + meanOf(ra.map((x, i) => x - slope * ba[i]!))) ** 252 - 1) * 100,
        'alpha',
        ANSWER_DIGITS.percent,
      );
      const active = ra.map((x, i) => x - ba[i]!);
      near(
        all.information_ratio,
        (meanOf(active) / sampleStd(active)) * Math.sqrt(252),
        'IR',
        ANSWER_DIGITS.ratio,
      );
      const flows = days.filter((d) => flowOn(d) !== 0).map((day) => ({ day, amount: flowOn(day) }));
      assert.equal(flows.length, 3, 'opening, deposit and withdrawal');
      near(
        all.money_weighted_return,
        xirrReference(flows, days[days.length - 1]!, values[values.length - 1]!) * 100,
        'XIRR',
        ANSWER_DIGITS.percent,
      );
      const wealth = [1];
      for (const x of r) wealth.push(wealth[wealth.length - 1]! * (1 + x));
      const episodes = drawdownEpisodesReference([days[0]!, ...days], wealth);
      assert.ok(episodes.length > 5, `${episodes.length} falls`);
      assert.equal(all.deepest_drawdowns.length, 5);
      all.deepest_drawdowns.forEach((d, i) => {
        const e = episodes[i]!;
        assert.deepEqual(
          [d.start, d.trough, d.recovery, d.length],
          [e.start, e.trough, e.recovery, e.length],
        );
        near(d.depth, e.depth * 100, `depth of fall ${i}`, ANSWER_DIGITS.percent);
      });

      // Rolling 60-day figures: null until 60 returns, then over the 60 returns ending that day.
      const series = await get<PerformanceReturnsResponse>('/api/performance/returns?period=all');
      assert.deepEqual(
        series.data.map((p) => p.date),
        days,
      );
      series.data.forEach((p, i) => {
        if (i < 59) {
          assert.equal(p.rolling_sharpe, null, `${p.date}: ${i + 1} returns`);
          assert.equal(p.rolling_beta, null);
          return;
        }
        const window = r.slice(i - 59, i + 1);
        near(p.rolling_sharpe, sharpeOf(window), `rolling Sharpe ${p.date}`, ANSWER_DIGITS.ratio);
        const wr: number[] = [];
        const wb: number[] = [];
        for (let k = i - 59; k <= i; k += 1) {
          if (b[k] === null) continue;
          wr.push(r[k]!);
          wb.push(b[k]!);
        }
        near(
          p.rolling_beta,
          sampleCov(wr, wb) / sampleCov(wb, wb),
          `rolling beta ${p.date}`,
          ANSWER_DIGITS.ratio,
        );
        near(
          p.drawdown,
          (wealth[i + 1]! / Math.max(...wealth.slice(0, i + 2)) - 1) * 100,
          `drawdown ${p.date}`,
          ANSWER_DIGITS.percent,
        );
      });
      assert.ok(series.data.some((p) => p.drawdown < 0));

      // A month: from the close of 30 August, its own peak and its own flows; the same rolling figures.
      const month = (await get<{ data: PerformanceAnalytics }>('/api/performance/analytics?period=month'))
        .data;
      assert.equal(month.period_start, '2026-08-31');
      assert.equal(month.period_end, '2026-09-30');
      const start = days.findLastIndex((d) => d <= '2026-08-30');
      near(
        month.money_weighted_return,
        xirrReference(
          [{ day: days[start]!, amount: values[start]! }],
          days[days.length - 1]!,
          values[values.length - 1]!,
        ) * 100,
        "the month's XIRR: its start value in, its end value out",
        ANSWER_DIGITS.percent,
      );
      const monthSeries = await get<PerformanceReturnsResponse>('/api/performance/returns?period=month');
      assert.equal(monthSeries.data[0]!.date, days[start]);
      assert.equal(monthSeries.data[0]!.drawdown, 0, 'the period starts at its own peak');
      for (const p of monthSeries.data) {
        const same = series.data.find((q) => q.date === p.date)!;
        assert.equal(
          p.rolling_sharpe,
          same.rolling_sharpe,
          `window of ${p.date} reaches back before the month`,
        );
        assert.equal(p.rolling_beta, same.rolling_beta);
      }
      const monthWealth = [1];
      for (const x of r.slice(start + 1)) monthWealth.push(monthWealth[monthWealth.length - 1]! * (1 + x));
      monthSeries.data.forEach((p, i) =>
        near(
          p.drawdown,
          (monthWealth[i]! / Math.max(...monthWealth.slice(0, i + 1)) - 1) * 100,
          `month ${p.date}`,
          ANSWER_DIGITS.percent,
        ),
      );
    });
  });
}
