/**
 * Risk metrics, position risk and alerts through HTTP on a paper account with real history, on
 * PGlite and PostgreSQL. Figures are checked against references computed here from the stored rows
 * and the candles with the formulas of docs/DOMAIN.md.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  DEFAULT_RISK_LIMITS,
  type Holding,
  type RiskAlert,
  type RiskLimits,
  type RiskMetrics,
  type RiskPosition,
  type TradeHistoryResponse,
} from '@nivesh/api-contract';
import { ManualClock } from '../clock.js';
import { schema } from '../db/index.js';
import type { Candle } from '../market/feed.js';
import { createControlledFeed, paperSnapshots } from '../paper/testing.js';
import { send, signedInApp, signIn, testDatabases } from '../testing/index.js';
import { LIVE_NOT_ANALYSED } from './service.js';
import { ANSWER_DIGITS, meanOf, near, sampleCov } from '../testing/reference.js';

/** 70 weekday candles up to 13 November 2026, closes wobbling by at most ₹4 around `base` with a ₹10 range. */
function candles(base: number, wobble: (i: number) => number): Candle[] {
  const out: Candle[] = [];
  let t = Date.UTC(2026, 10, 13);
  while (out.length < 70) {
    const day = new Date(t);
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) {
      const close = base + wobble(out.length);
      out.unshift({
        date: day.toISOString().slice(0, 10),
        open: close,
        high: close + 5,
        low: close - 5,
        close,
        volume: 50_000,
      });
    }
    t -= 86_400_000;
  }
  return out;
}
const closeReturns = (list: Candle[]) =>
  list
    .slice(-61)
    .map((c, i, a) => (i === 0 ? null : c.close / a[i - 1]!.close - 1))
    .slice(1) as number[];

for (const target of await testDatabases()) {
  describe(`risk management on ${target.name}`, () => {
    // Monday 16 November 2026, 10:30 IST.
    const clock = new ManualClock('2026-11-16T05:00:00.000Z');
    const feed = createControlledFeed({
      now: () => clock.now(),
      prices: { INFY: 1500, TCS: 3200, NIFTY_50: 24_000 },
    });
    const s = signedInApp(target, { clock, deps: { feed, live: null, liveAccount: null } });
    let token = '';
    const at = async (instant: string) => {
      clock.set(instant);
      token = await signIn(s.t.app);
    };
    const get = async <T>(url: string) => {
      const res = await send(s.t.app, 'GET', url, { token: token || s.token });
      assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
      return res.json<{ data: T }>().data;
    };
    /** A delivery market order, as the operator places it. */
    const order = (side: 'BUY' | 'SELL', symbol: string, quantity: number) =>
      send(s.t.app, 'POST', '/api/trading/orders', {
        token: token || s.token,
        body: { symbol, side, quantity, order_type: 'MARKET', product: 'CNC' },
      });
    const nifty = candles(24_000, (i) => [0, 3, -2, 4, -4, 1][i % 6]!);
    const infy = candles(1500, (i) => [0, 4, 1, -3, 2][i % 5]!);
    const tcs = candles(3200, (i) => [0, -2, 3, -1][i % 4]!);

    it('measures each position from its candles: a 2-ATR stop, its risk, beta-scaled stress', async () => {
      feed.setCandles('NIFTY_50', nifty);
      feed.setCandles('INFY', infy);
      feed.setCandles('TCS', tcs);
      for (const [symbol, quantity] of [
        ['INFY', 20],
        ['TCS', 5],
      ] as const) {
        const res = await order('BUY', symbol, quantity);
        assert.equal(res.statusCode, 200, res.body);
      }
      const positions = await get<RiskPosition[]>('/api/risk/positions');
      assert.deepEqual(
        positions.map((p) => p.symbol),
        ['INFY', 'TCS'],
      );
      const infyRisk = positions[0]!;
      // Every candle ranges ₹10 and no close moves more than ₹8, so every true range is ₹10: ATR(14) = 10.
      assert.equal(infyRisk.position_value, 20 * 1500);
      // The stop sits 2 ATR below the entry, ₹1,500.75 (₹1,500 plus the half-spread), above the price.
      assert.equal(infyRisk.stop_loss_suggestion, 1480.75);
      assert.equal(infyRisk.risk_amount, 20 * 19.25);
      assert.equal(infyRisk.recommendation, 'hold');
      assert.equal(infyRisk.target_price, null);
      assert.equal(infyRisk.resting_stop, null, 'no stop-loss order rests for INFY yet');

      // Its unrealised P&L is the one figure Portfolio and Trades show: after the buy's charges.
      const holding = (await get<Holding[]>('/api/portfolio/holdings')).find((h) => h.symbol === 'INFY')!;
      const history = await send(s.t.app, 'GET', '/api/trading/history?period=all&status=open', {
        token: token || s.token,
      });
      const openInfy = history.json<TradeHistoryResponse>().data.find((t) => t.symbol === 'INFY')!;
      const beforeCharges = 20 * (holding.current_price - 1500.75);
      assert.equal(holding.pnl_basis, 'after_charges');
      assert.equal(holding.total_returns, Math.round((beforeCharges - openInfy.fees) * 100) / 100);
      assert.ok(openInfy.fees > 20, 'less the buy’s charges (₹20 brokerage and more)');
      assert.equal(infyRisk.unrealized_pnl, holding.total_returns);
      assert.equal(openInfy.net_pnl, holding.total_returns);

      // A stop-loss placed for INFY is shown beside the suggestion, with the risk to its trigger.
      const stop = await send(s.t.app, 'POST', '/api/trading/orders', {
        token: token || s.token,
        body: {
          symbol: 'INFY',
          side: 'SELL',
          quantity: 20,
          order_type: 'SL-M',
          trigger_price: 1470,
          product: 'CNC',
        },
      });
      assert.equal(stop.statusCode, 200, stop.body);
      const protectedInfy = (await get<RiskPosition[]>('/api/risk/positions'))[0]!;
      assert.deepEqual(protectedInfy.resting_stop, {
        order_id: stop.json<{ data: { order_id: string } }>().data.order_id,
        order_type: 'SL-M',
        trigger_price: 1470,
        quantity: 20,
        risk_amount: 20 * 30, // 20 × (₹1,500 - ₹1,470)
      });
      assert.equal(protectedInfy.stop_loss_suggestion, 1480.75, 'the suggestion stays beside it');
      await send(s.t.app, 'POST', `/api/trading/orders/${protectedInfy.resting_stop!.order_id}/cancel`, {
        token: token || s.token,
      });
      const r = closeReturns(infy);
      const sd = Math.sqrt(sampleCov(r, r));
      near(infyRisk.price_volatility, sd * Math.sqrt(252), 'INFY volatility', ANSWER_DIGITS.fraction);
      near(
        infyRisk.concentration_risk,
        30_000 / (await get<RiskMetrics>('/api/risk/metrics')).portfolio_value,
        'share',
        ANSWER_DIGITS.ratio,
      );

      const metrics = await get<RiskMetrics>('/api/risk/metrics');
      const betaOf = (list: Candle[]) =>
        sampleCov(closeReturns(list), closeReturns(nifty)) /
        sampleCov(closeReturns(nifty), closeReturns(nifty));
      const cash = metrics.portfolio_value - 30_000 - 16_000;
      near(
        metrics.stress_test.scenario_1,
        Math.round((cash + 30_000 * (1 - 0.1 * betaOf(infy)) + 16_000 * (1 - 0.1 * betaOf(tcs))) * 100) / 100,
        '10% drop',
        ANSWER_DIGITS.rupees,
      );
      near(
        metrics.stress_test.scenario_3,
        Math.round((cash + 30_000 * (1 - 0.3 * betaOf(infy)) + 16_000 * (1 - 0.3 * betaOf(tcs))) * 100) / 100,
        '30% drop',
        ANSWER_DIGITS.rupees,
      );
      assert.equal(metrics.window_days, 30);
      assert.equal(metrics.sharpe_ratio, null, 'one day of history: no Sharpe');
      assert.ok(metrics.diversification_score > 0 && metrics.diversification_score < 1);
      assert.ok(metrics.ml_risk_score >= 0 && metrics.ml_risk_score <= 1);
    });

    it('computes the window statistics from the stored days', async () => {
      for (const [day, infyClose, tcsClose, level] of [
        ['2026-11-17', 1490, 3230, 23_900],
        ['2026-11-18', 1520, 3210, 24_100],
        ['2026-11-19', 1475, 3260, 23_800],
      ] as const) {
        await at(`${day}T10:30:00.000Z`);
        feed.move('INFY', infyClose);
        feed.move('TCS', tcsClose);
        feed.move('NIFTY_50', level);
        feed.setCandles('INFY', [
          ...infy,
          { date: day, open: infyClose, high: infyClose, low: infyClose, close: infyClose, volume: 1 },
        ]);
        await s.t.app.services.paper.runScheduled();
      }
      const rows = await paperSnapshots(s.database.db);
      const values = rows.map((row) => row.portfolioValuePaise / 100);
      const levels = rows.map((row) => row.benchmarkClose);
      const r = values.map((v, i) => (i === 0 ? v / 1_000_000 - 1 : v / values[i - 1]! - 1));
      const b = levels.slice(1).map((l, i) => l / levels[i]! - 1);
      const metrics = await get<RiskMetrics>('/api/risk/metrics');
      assert.equal(metrics.history_days, r.length);
      near(
        metrics.volatility,
        Math.sqrt(sampleCov(r, r)) * Math.sqrt(252),
        'volatility',
        ANSWER_DIGITS.fraction,
      );
      near(
        metrics.sharpe_ratio,
        (meanOf(r) / Math.sqrt(sampleCov(r, r))) * Math.sqrt(252),
        'Sharpe',
        ANSWER_DIGITS.ratio,
      );
      near(
        metrics.beta,
        sampleCov(r.slice(1), b) / sampleCov(b, b),
        'beta over the days both moved',
        ANSWER_DIGITS.ratio,
      );
      const sorted = [...r].sort((x, y) => x - y);
      const h = (sorted.length - 1) * 0.05;
      const q =
        sorted[Math.floor(h)]! + (h - Math.floor(h)) * (sorted[Math.floor(h) + 1]! - sorted[Math.floor(h)]!);
      near(
        metrics.var_95,
        Math.round(Math.max(0, -q * metrics.portfolio_value) * 100) / 100,
        'VaR',
        ANSWER_DIGITS.rupees,
      );
      let w = 1;
      let peak = 1;
      let deepest = 0;
      for (const x of r) {
        w *= 1 + x;
        peak = Math.max(peak, w);
        deepest = Math.min(deepest, w / peak - 1);
      }
      near(metrics.max_drawdown, deepest, 'max drawdown', ANSWER_DIGITS.fraction);
      near(metrics.portfolio_return, (w - 1) * 100, 'return over the window', ANSWER_DIGITS.percent);
    });

    it('lists the alerts raised, dismisses one, refuses an unknown one and clears the rest', async () => {
      await s.database.db.insert(schema.alerts).values([
        { at: clock.now(), source: 'paper', severity: 'high', message: 'Squared off 2 intraday positions.' },
        {
          at: new Date(clock.nowMs() + 1000),
          source: 'broker',
          severity: 'low',
          message: 'Switched to paper.',
        },
      ]);
      const alerts = await get<RiskAlert[]>('/api/risk/alerts');
      assert.deepEqual(
        alerts.map((a) => [a.message, a.type]),
        [
          ['Switched to paper.', 'info'],
          ['Squared off 2 intraday positions.', 'warning'],
        ],
      );
      const dismissed = await send(s.t.app, 'POST', `/api/risk/alerts/${alerts[0]!.id}/dismiss`, { token });
      assert.equal(dismissed.statusCode, 200);
      assert.equal((await get<RiskAlert[]>('/api/risk/alerts')).length, 1);
      const unknown = await send(s.t.app, 'POST', '/api/risk/alerts/999999/dismiss', { token });
      assert.equal(unknown.statusCode, 404);
      assert.equal(unknown.json<{ error: string }>().error, 'There is no alert 999999.');
      const cleared = await send(s.t.app, 'POST', '/api/risk/alerts/clear', { token });
      assert.deepEqual(cleared.json(), { success: true, message: 'Cleared 1 alert.', data: { cleared: 1 } });
      assert.deepEqual(await get<RiskAlert[]>('/api/risk/alerts'), []);
    });

    it('refuses a single stock of 2000% and a negative weekly loss limit with the rule, changing nothing', async () => {
      const before = await get<RiskLimits>('/api/risk/limits');
      const cases: Array<[object, string]> = [
        [
          {
            position_limits: { ...before.position_limits, max_single_stock: 20 },
            loss_limits: before.loss_limits,
          },
          'Invalid request body: position_limits.max_single_stock: Max single stock must be above 0% and at most 100% of the portfolio.',
        ],
        [
          {
            position_limits: before.position_limits,
            loss_limits: { ...before.loss_limits, weekly_loss_limit: -500 },
          },
          // The weekly limit below the daily one is said too.
          'Invalid request body: loss_limits.weekly_loss_limit: Weekly loss limit must be a positive amount of rupees.',
        ],
      ];
      for (const [body, sentence] of cases) {
        const res = await send(s.t.app, 'POST', '/api/risk/limits', { token, body });
        assert.equal(res.statusCode, 400, res.body);
        assert.equal(res.json<{ error: string }>().error.split('; ')[0], sentence);
      }
      const after = await get<RiskLimits>('/api/risk/limits');
      assert.deepEqual(
        { position_limits: after.position_limits, loss_limits: after.loss_limits },
        { position_limits: before.position_limits, loss_limits: before.loss_limits },
      );
    });

    it('serves the limits in force with their status, and applies saved ones to the next order', async () => {
      await at('2026-11-20T05:00:00.000Z'); // Friday 10:30 IST
      const limits = await get<RiskLimits>('/api/risk/limits');
      assert.deepEqual(
        { position_limits: limits.position_limits, loss_limits: limits.loss_limits },
        DEFAULT_RISK_LIMITS,
      );
      assert.ok(
        limits.current_status.warnings.includes(
          '2 positions, fewer than the 5 the diversification minimum asks for.',
        ),
        limits.current_status.warnings.join(' | '),
      );
      assert.equal(limits.current_status.portfolio_health, 'warning');
      assert.equal(
        limits.updated_at,
        '2026-11-16T05:00:00.000Z',
        'the defaults have applied since the account opened',
      );
      assert.equal(
        limits.ml_recommendations.next_review_date,
        '2026-11-23T03:45:00.000Z',
        'Monday 09:15 IST',
      );

      const save = (position: object, loss: object = {}) =>
        send(s.t.app, 'POST', '/api/risk/limits', {
          token,
          body: {
            position_limits: { ...DEFAULT_RISK_LIMITS.position_limits, ...position },
            loss_limits: { ...DEFAULT_RISK_LIMITS.loss_limits, ...loss },
          },
        });
      const fractional = await save({ max_position_size: 50_000.5 });
      assert.equal(fractional.statusCode, 400);
      assert.equal(
        fractional.json<{ error: string }>().error,
        'Invalid request body: position_limits.max_position_size: Max position size must be a positive amount of whole rupees.',
      );
      const saved = await save({ max_position_size: 100_000, max_single_stock: 0.05 });
      assert.equal(saved.statusCode, 200, saved.body);
      assert.equal(saved.json<{ data: RiskLimits }>().data.position_limits.max_single_stock, 0.05);
      const paperLimits = await get<{ max_position_size: number }>('/api/trading/paper-limits');
      assert.equal(paperLimits.max_position_size, 100_000, 'one limit, shared with the paper account');

      // 40 more INFY at ~₹1,475 makes a ~₹88,500 position: above 5% of a ~₹10 lakh account.
      const refused = await order('BUY', 'INFY', 40);
      assert.equal(refused.statusCode, 422);
      assert.equal(refused.json<{ limit: string }>().limit, 'max_single_stock');
      assert.match(
        refused.json<{ error: string }>().error,
        /^Max single stock 5% exceeded: this order would put \d+(\.\d+)?% of the account in INFY \(₹[\d,.]+ of ₹[\d,.]+\)$/,
      );
      assert.equal((await order('BUY', 'INFY', 5)).statusCode, 200, '₹36,875 of INFY is within 5%');
    });

    it('moves the account into the reducing state past a loss limit: buys refused, sales taken', async () => {
      const saved = await send(s.t.app, 'POST', '/api/risk/limits', {
        token,
        body: {
          position_limits: DEFAULT_RISK_LIMITS.position_limits,
          loss_limits: {
            daily_loss_limit: 1_000_000,
            weekly_loss_limit: 1_000_000,
            monthly_loss_limit: 1_000_000,
            max_drawdown_limit: 0.15,
          },
        },
      });
      assert.equal(saved.statusCode, 200, saved.body);
      // The week began with the ₹10,00,000 paid in on Monday; a weekly limit of ₹1 is crossed by any loss.
      const value = (await get<RiskMetrics>('/api/risk/metrics')).portfolio_value;
      assert.ok(value < 1_000_000, `the account is down this week (${value})`);
      await send(s.t.app, 'POST', '/api/risk/limits', {
        token,
        body: {
          position_limits: DEFAULT_RISK_LIMITS.position_limits,
          loss_limits: {
            daily_loss_limit: 1,
            weekly_loss_limit: 1,
            monthly_loss_limit: 1_000_000,
            max_drawdown_limit: 0.15,
          },
        },
      });
      const limits = await get<RiskLimits>('/api/risk/limits');
      assert.equal(limits.current_status.portfolio_health, 'critical');
      const loss = Math.round(1_000_000 - value).toLocaleString('en-IN');
      assert.equal(
        limits.current_status.warnings[0],
        `This week's loss ₹${loss} is past the ₹1 weekly loss limit.`,
      );
      const buy = await order('BUY', 'TCS', 1);
      assert.equal(buy.statusCode, 422);
      assert.equal(buy.json<{ limit: string }>().limit, 'loss_limit');
      assert.match(
        buy.json<{ error: string }>().error,
        /^Reducing only: This week's loss ₹[\d,]+ is past the ₹1 weekly loss limit\. Only orders that reduce a position/,
      );
      const sell = await order('SELL', 'TCS', 2);
      assert.equal(sell.statusCode, 200, sell.body);

      // The scheduled work raises one high alert a day while the state lasts.
      const run = await s.t.app.services.paper.runScheduled();
      assert.equal(run.lossLimits.length, 1);
      await s.t.app.services.paper.runScheduled();
      const raised = (await get<RiskAlert[]>('/api/risk/alerts')).filter((a) =>
        a.message.startsWith('Reducing only:'),
      );
      assert.equal(raised.length, 1, 'once a day');
      assert.equal(raised[0]!.severity, 'high');
      assert.equal(raised[0]!.action_required, true);
      assert.match(
        raised[0]!.message,
        /weekly loss limit\. New positions are refused; orders that reduce a position are taken\.$/,
      );

      // The limits raised again: nothing is crossed, and the scheduled work resolves the alert.
      await send(s.t.app, 'POST', '/api/risk/limits', {
        token,
        body: {
          position_limits: DEFAULT_RISK_LIMITS.position_limits,
          loss_limits: DEFAULT_RISK_LIMITS.loss_limits,
        },
      });
      assert.deepEqual((await s.t.app.services.paper.runScheduled()).lossLimits, []);
      const [resolved] = (await get<RiskAlert[]>('/api/risk/alerts')).filter((a) =>
        a.message.startsWith('Reducing only:'),
      );
      assert.equal(resolved!.action_required, false);
      assert.equal(resolved!.resolved?.by, 'system: loss limits');
      assert.equal(
        resolved!.resolved?.how,
        'No loss limit is crossed any more: orders may open positions again.',
      );
    });

    it('says so in live mode', async () => {
      await s.t.app.services.tradingMode.set('live', 'test');
      const res = await send(s.t.app, 'GET', '/api/risk/metrics', { token });
      assert.equal(res.statusCode, 503);
      assert.equal(res.json<{ error: string }>().error, LIVE_NOT_ANALYSED);
      await s.t.app.services.tradingMode.set('paper', 'test');
    });
  });
}
