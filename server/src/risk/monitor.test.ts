/**
 * Risk alert settings and the risk alert monitor through HTTP, on PGlite and PostgreSQL: each of the
 * four alert kinds is raised with its figures when its rule is met, not while it is switched off,
 * and not twice the same trading day (not even by a second server on the same database).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  DEFAULT_ALERT_SETTINGS,
  DEFAULT_RISK_LIMITS,
  type AlertSettings,
  type RiskAlert,
  type RiskMetrics,
  type RiskPosition,
} from '@nivesh/api-contract';
import { eq } from 'drizzle-orm';
import { ManualClock } from '../clock.js';
import { schema } from '../db/index.js';
import type { Candle } from '../market/feed.js';
import { createControlledFeed } from '../paper/testing.js';
import { createTestApp, send, signedInApp, signIn, testDatabases } from '../testing/index.js';
import { sampleCov } from '../testing/reference.js';

/** `count` weekday candles up to `last`, each close `close(i)` (oldest first), ranging ₹5 either side. */
function candles(last: string, count: number, close: (i: number) => number): Candle[] {
  const out: Candle[] = [];
  let t = Date.parse(`${last}T00:00:00Z`);
  const dates: string[] = [];
  while (dates.length < count) {
    const day = new Date(t);
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) dates.unshift(day.toISOString().slice(0, 10));
    t -= 86_400_000;
  }
  dates.forEach((date, i) => {
    const c = close(i);
    out.push({ date, open: c, high: c + 5, low: c - 5, close: c, volume: 50_000 });
  });
  return out;
}
/** Close-to-close returns of the last 60 days, as the risk figures use them. */
const lastReturns = (list: Candle[]) =>
  list
    .slice(-61)
    .map((c, i, a) => (i === 0 ? 0 : c.close / a[i - 1]!.close - 1))
    .slice(1);
const percentText = (fraction: number) => `${Number((fraction * 100).toFixed(1))}%`;

const wobble = (i: number) => [0, 4, 1, -3, 2][i % 5]!;

for (const target of await testDatabases()) {
  describe(`risk alert monitor on ${target.name}`, () => {
    // Monday 16 November 2026, 10:30 IST.
    const clock = new ManualClock('2026-11-16T05:00:00.000Z');
    // INFY moves a few rupees a day (ATR ₹10, calm); TCS moves 25 times as much in step (volatile).
    const infy = candles('2026-11-13', 70, (i) => 1500 + wobble(i));
    const tcs = candles('2026-11-13', 70, (i) => 3200 + 25 * wobble(i));
    const nifty = candles('2026-11-13', 70, (i) => 24_000 + [0, 3, -2, 4, -4, 1][i % 6]!);
    const newFeed = (prices: Record<string, number>) => {
      const feed = createControlledFeed({ now: () => clock.now(), prices });
      feed.setCandles('INFY', infy);
      feed.setCandles('TCS', tcs);
      feed.setCandles('NIFTY_50', nifty);
      return feed;
    };
    const feed = newFeed({ INFY: 1500, TCS: 3200, NIFTY_50: 24_000 });
    const s = signedInApp(target, { clock, deps: { feed, live: null, liveAccount: null } });
    let token = '';
    const auth = () => token || s.token;
    const at = async (instant: string) => {
      clock.set(instant);
      token = await signIn(s.t.app);
    };
    const get = async <T>(url: string) => {
      const res = await send(s.t.app, 'GET', url, { token: auth() });
      assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
      return res.json<{ data: T }>().data;
    };
    const saveSettings = async (settings: Partial<AlertSettings>) => {
      const res = await send(s.t.app, 'POST', '/api/risk/alert-settings', {
        token: auth(),
        body: { ...DEFAULT_ALERT_SETTINGS, ...settings },
      });
      assert.equal(res.statusCode, 200, res.body);
    };
    const saveLimits = async (position: object, loss: object = {}) => {
      const res = await send(s.t.app, 'POST', '/api/risk/limits', {
        token: auth(),
        body: {
          position_limits: { ...DEFAULT_RISK_LIMITS.position_limits, ...position },
          loss_limits: { ...DEFAULT_RISK_LIMITS.loss_limits, ...loss },
        },
      });
      assert.equal(res.statusCode, 200, res.body);
    };
    const buy = async (symbol: string, quantity: number) => {
      const res = await send(s.t.app, 'POST', '/api/trading/orders', {
        token: auth(),
        body: { symbol, side: 'BUY', quantity, order_type: 'MARKET', product: 'CNC' },
      });
      assert.equal(res.statusCode, 200, res.body);
    };
    const run = () => s.t.app.services.riskMonitor.runOnce();
    /** Active alerts whose message starts with `opening`, newest first. */
    const alerts = async (opening: string) =>
      (await get<RiskAlert[]>('/api/risk/alerts')).filter((a) => a.message.startsWith(opening));

    it('keeps the alert settings: defaults until saved, a bad body refused, saved ones kept over a restart', async () => {
      assert.deepEqual(await get<AlertSettings>('/api/risk/alert-settings'), DEFAULT_ALERT_SETTINGS);
      const bad = await send(s.t.app, 'POST', '/api/risk/alert-settings', {
        token: auth(),
        body: { ...DEFAULT_ALERT_SETTINGS, stop_loss: 'yes' },
      });
      assert.equal(bad.statusCode, 400);
      assert.equal(
        bad.json<{ error: string }>().error,
        'Invalid request body: stop_loss: Stop loss alerts must be true (on) or false (off).',
      );
      const missing = await send(s.t.app, 'POST', '/api/risk/alert-settings', {
        token: auth(),
        body: { stop_loss: true, daily_loss: true, high_volatility: true },
      });
      assert.equal(missing.statusCode, 400);
      assert.equal(
        missing.json<{ error: string }>().error,
        'Invalid request body: position_correlation: Position correlation alerts must be true (on) or false (off).',
      );
      assert.deepEqual(await get<AlertSettings>('/api/risk/alert-settings'), DEFAULT_ALERT_SETTINGS);

      const chosen = {
        stop_loss: false,
        daily_loss: true,
        high_volatility: false,
        position_correlation: true,
      };
      const saved = await send(s.t.app, 'POST', '/api/risk/alert-settings', { token: auth(), body: chosen });
      assert.equal(saved.statusCode, 200, saved.body);
      assert.deepEqual(saved.json(), {
        success: true,
        message: 'Alert settings saved: the risk monitor applies them from its next check.',
        data: chosen,
      });

      // Another server on the same database (a restart) reads what was saved.
      const again = await createTestApp(s.database, {
        clock,
        deps: { feed: newFeed({}), paperTimers: false, live: null, liveAccount: null },
      });
      try {
        const res = await send(again.app, 'GET', '/api/risk/alert-settings', {
          token: await signIn(again.app),
        });
        assert.deepEqual(res.json<{ data: AlertSettings }>().data, chosen);
      } finally {
        await again.close();
      }

      // A stored value that cannot be read means the defaults.
      await s.database.db
        .update(schema.settings)
        .set({ value: 'all on, please' })
        .where(eq(schema.settings.key, 'risk_alert_settings'));
      assert.deepEqual(await get<AlertSettings>('/api/risk/alert-settings'), DEFAULT_ALERT_SETTINGS);
    });

    it('names each position’s sector', async () => {
      // ₹25,00,000 is Phase 4 Professional: up to 6% (₹1,50,000) of it in one position.
      const balance = await send(s.t.app, 'POST', '/api/trading/paper/balance', {
        token: auth(),
        body: { balance: 2_500_000 },
      });
      assert.equal(balance.statusCode, 200, balance.body);
      await saveLimits({ max_position_size: 200_000 });
      await buy('INFY', 80); // ~₹1,20,000: 4.8% of the account
      await buy('TCS', 40); // ~₹1,28,000
      // Then the cash is cut to ₹8,00,000 (a withdrawal): each position is now over 10% of the
      // account, large enough for the correlation alert below.
      const withdrawn = await send(s.t.app, 'POST', '/api/trading/paper/balance', {
        token: auth(),
        body: { balance: 800_000 },
      });
      assert.equal(withdrawn.statusCode, 200, withdrawn.body);
      const positions = await get<RiskPosition[]>('/api/risk/positions');
      assert.deepEqual(
        positions.map((p) => [p.symbol, p.sector]),
        [
          ['INFY', 'IT'],
          ['TCS', 'IT'],
        ],
      );
    });

    it('stop loss: raised once a day when a position is through its stop, not while switched off', async () => {
      // Bought at ₹1,500.75 (the half-spread above ₹1,500); ATR ₹10: the stop is 2 ATR below, ₹1,480.75.
      // At ₹1,480: 80 × -₹20.75 = -₹1,660 at the price, less the buy's ₹166.63 of charges.
      const before = await get<RiskPosition[]>('/api/risk/positions');
      assert.equal(before[0]!.stop_loss_suggestion, 1480.75);
      feed.move('INFY', 1480);
      // (TCS is volatile enough for an alert of its own: the next test's, switched off here.)
      await saveSettings({ stop_loss: false, high_volatility: false });
      await run();
      assert.deepEqual(await alerts('Stop loss hit:'), [], 'switched off');

      await saveSettings({ stop_loss: true, high_volatility: false });
      const raised = await run();
      assert.deepEqual(
        raised.filter((a) => a.message.startsWith('Stop loss hit:')).map((a) => a.severity),
        ['high'],
      );
      const [alert, ...more] = await alerts('Stop loss hit:');
      assert.equal(more.length, 0);
      assert.deepEqual(
        {
          severity: alert!.severity,
          type: alert!.type,
          message: alert!.message,
          action_required: alert!.action_required,
          suggested_action: alert!.suggested_action,
        },
        {
          severity: 'high',
          type: 'warning',
          message:
            'Stop loss hit: INFY at ₹1,480.00 is at or below its suggested stop ₹1,480.75 (80 shares held, unrealised P&L -₹1,826.63 after charges).',
          action_required: true,
          suggested_action:
            'Sell INFY (80 at market), or set a new stop deliberately if your view still holds.',
        },
      );
      assert.equal((await get<RiskPosition[]>('/api/risk/positions'))[0]!.recommendation, 'exit');

      await run();
      assert.equal((await alerts('Stop loss hit:')).length, 1, 'not twice the same day');
    });

    it('high volatility and position correlation: raised with their figures, once a day, only when on', async () => {
      await saveSettings({ high_volatility: false, position_correlation: false });
      await run();
      assert.deepEqual(await alerts('High volatility:'), [], 'switched off');
      assert.deepEqual(await alerts('Correlated positions:'), [], 'off by default');

      await saveSettings({ high_volatility: true, position_correlation: false });
      await run();
      const r = lastReturns(tcs);
      const volatility = Math.sqrt(sampleCov(r, r)) * Math.sqrt(252);
      assert.ok(volatility > 0.4, `TCS is volatile (${volatility})`);
      const [tcsAlert, ...others] = await alerts('High volatility:');
      assert.equal(others.length, 0, 'INFY is calm; the portfolio has one day of history');
      assert.equal(
        tcsAlert!.message,
        `High volatility: TCS moves ${percentText(volatility)} a year (annualised over its last 60 daily returns), above the 40% high-risk band.`,
      );
      assert.equal(tcsAlert!.severity, 'medium');
      assert.equal(tcsAlert!.action_required, false);
      assert.equal(
        tcsAlert!.suggested_action,
        'Consider a smaller TCS position: its daily swings can reach its stop on noise alone.',
      );
      assert.deepEqual(await alerts('Correlated positions:'), []);

      await saveSettings({ high_volatility: true, position_correlation: true });
      await run();
      const a = lastReturns(infy);
      const correlation = sampleCov(a, r) / Math.sqrt(sampleCov(a, a) * sampleCov(r, r));
      assert.ok(correlation > 0.8, `they move in step (${correlation})`);
      const positions = await get<RiskPosition[]>('/api/risk/positions');
      const [pair, ...again] = await alerts('Correlated positions:');
      assert.equal(again.length, 0);
      assert.equal(
        pair!.message,
        `Correlated positions: INFY and TCS (${percentText(positions[0]!.concentration_risk)} and ` +
          `${percentText(positions[1]!.concentration_risk)} of the portfolio) moved together with a correlation of ` +
          `${correlation.toFixed(2)} over their last 60 daily returns, above 0.8.`,
      );
      assert.equal(pair!.severity, 'low');
      assert.equal(pair!.type, 'info');
      assert.equal(
        pair!.suggested_action,
        'Treat INFY and TCS as one bet when sizing, or reduce one of them.',
      );

      await run();
      assert.equal((await alerts('High volatility:')).length, 1, 'not twice the same day');
      assert.equal((await alerts('Correlated positions:')).length, 1, 'not twice the same day');
    });

    it('daily loss: a warning at 80% of the limit, the limit alert at 100%, each once a day', async () => {
      await at('2026-11-17T05:00:00.000Z'); // Tuesday 10:30 IST
      feed.move('INFY', 1500, { previousClose: 1500 });
      feed.move('TCS', 3200, { previousClose: 3200 });
      await saveLimits(
        { max_position_size: 200_000 },
        { daily_loss_limit: 2_000, weekly_loss_limit: 500_000, monthly_loss_limit: 1_000_000 },
      );
      await saveSettings({ daily_loss: false });
      // 80 INFY ₹20 below yesterday's close: today's loss ₹1,600, 80% of ₹2,000.
      feed.move('INFY', 1480, { previousClose: 1500 });
      await run();
      assert.deepEqual(await alerts('Daily loss'), [], 'switched off');

      await saveSettings({ daily_loss: true });
      await run();
      await run();
      const [warning, ...more] = await alerts('Daily loss');
      assert.equal(more.length, 0, 'once');
      assert.equal(
        warning!.message,
        "Daily loss warning: today's loss ₹1,600.00 is 80% of the ₹2,000 daily loss limit.",
      );
      assert.equal(warning!.severity, 'medium');
      assert.equal(warning!.action_required, false);

      // ₹30 down: ₹2,400, 120% of the limit.
      feed.move('INFY', 1470, { previousClose: 1500 });
      await run();
      await run();
      const [limit, earlier, ...rest] = await alerts('Daily loss');
      assert.equal(rest.length, 0);
      assert.equal(earlier!.id, warning!.id);
      assert.equal(
        limit!.message,
        "Daily loss limit reached: today's loss ₹2,400.00 is 120% of the ₹2,000 daily loss limit. Orders that open positions are refused for the rest of the day.",
      );
      assert.equal(limit!.severity, 'high');
      assert.equal(limit!.action_required, true);

      // A new trading day: INFY is still through its stop, so its alert is raised again, once.
      assert.equal((await alerts('Stop loss hit: INFY')).length, 2, 'Monday and Tuesday');
    });

    it('lists, dismisses and clears the monitor’s alerts; cleared ones are not raised again that day', async () => {
      const listed = await get<RiskAlert[]>('/api/risk/alerts');
      assert.ok(listed.length >= 5, listed.map((a) => a.message).join(' | '));
      const dismissed = await send(s.t.app, 'POST', `/api/risk/alerts/${listed[0]!.id}/dismiss`, {
        token: auth(),
      });
      assert.equal(dismissed.statusCode, 200);
      const cleared = await send(s.t.app, 'POST', '/api/risk/alerts/clear', { token: auth() });
      assert.equal(cleared.json<{ data: { cleared: number } }>().data.cleared, listed.length - 1);
      assert.deepEqual(await get<RiskAlert[]>('/api/risk/alerts'), []);
      assert.deepEqual(await run(), [], 'already raised today');
      assert.deepEqual(await get<RiskAlert[]>('/api/risk/alerts'), []);
    });

    it('raises nothing on a market holiday or in live mode', async () => {
      await at('2026-11-24T05:00:00.000Z'); // Tuesday, Guru Nanak Jayanti
      assert.deepEqual(await run(), []);
      await at('2026-11-25T05:00:00.000Z');
      await s.t.app.services.tradingMode.set('live', 'test');
      try {
        assert.deepEqual(await run(), []);
      } finally {
        await s.t.app.services.tradingMode.set('paper', 'test');
      }
    });

    it('two servers on one database raise an alert once', async () => {
      await at('2026-11-26T05:00:00.000Z'); // Thursday
      const other = await createTestApp(s.database, {
        clock,
        deps: {
          feed: newFeed({ INFY: 1470, TCS: 3200, NIFTY_50: 24_000 }),
          paperTimers: false,
          live: null,
          liveAccount: null,
        },
      });
      try {
        const [mine, theirs] = await Promise.all([run(), other.app.services.riskMonitor.runOnce()]);
        const stops = [...mine, ...theirs].filter((a) => a.message.startsWith('Stop loss hit: INFY'));
        assert.equal(stops.length, 1, JSON.stringify({ mine, theirs }));
        assert.equal((await alerts('Stop loss hit: INFY')).length, 1);
      } finally {
        await other.close();
      }
    });

    it("resolves a stop loss hit once the stock is sold, and the day's loss alerts on the next trading day", async () => {
      const [standing] = await alerts('Stop loss hit: INFY');
      assert.deepEqual([standing!.action_required, standing!.resolved], [true, null]);
      // A daily loss limit reached this Thursday: its refusals last the day, so it stands today.
      await s.database.db.insert(schema.alerts).values({
        at: clock.now(),
        source: 'risk',
        severity: 'high',
        message: "Daily loss limit reached: today's loss ₹2,400.00 is 120% of the ₹2,000 daily loss limit.",
        actionRequired: true,
      });
      clock.set('2026-11-26T05:10:00.000Z'); // 10:40 IST
      const sell = await send(s.t.app, 'POST', '/api/trading/orders', {
        token: auth(),
        body: { symbol: 'INFY', side: 'SELL', quantity: 80, order_type: 'MARKET', product: 'CNC' },
      });
      assert.equal(sell.statusCode, 200, sell.body);
      await run();
      const [sold] = await alerts('Stop loss hit: INFY');
      assert.equal(sold!.id, standing!.id);
      assert.equal(sold!.action_required, false);
      assert.deepEqual(sold!.resolved, {
        at: '2026-11-26T05:10:00.000Z',
        by: 'system: risk monitor',
        how: 'The position is closed: no shares are held through the stop any more.',
      });
      const [limit] = await alerts('Daily loss limit reached:');
      assert.deepEqual([limit!.action_required, limit!.resolved], [true, null]);

      await at('2026-11-27T04:00:00.000Z'); // Friday 09:30 IST
      await run();
      const [nextDay] = await alerts('Daily loss limit reached:');
      assert.equal(nextDay!.action_required, false);
      assert.deepEqual(nextDay!.resolved, {
        at: '2026-11-27T04:00:00.000Z',
        by: 'system: risk monitor',
        how: "A new trading day began: the day's loss counts afresh.",
      });
    });
  });

  describe(`risk alert monitor on ${target.name}: a volatile portfolio`, () => {
    // Monday 16 November 2026, 10:30 IST; as much of the account as the capital phase allows in one
    // position (Phase 4 Professional: 6%) in a stock swinging 50% a day.
    const clock = new ManualClock('2026-11-16T05:00:00.000Z');
    const feed = createControlledFeed({
      now: () => clock.now(),
      prices: { RELIANCE: 2500, NIFTY_50: 24_000 },
    });
    const s = signedInApp(target, { clock, deps: { feed, live: null, liveAccount: null } });

    it('raises a high volatility alert for the portfolio from its stored days', async () => {
      feed.setCandles(
        'RELIANCE',
        candles('2026-12-21', 90, (i) => (i % 2 === 0 ? 2500 : 3750)),
      );
      feed.setCandles(
        'NIFTY_50',
        candles('2026-12-21', 90, (i) => 24_000 + 50 * (i % 3)),
      );
      const limits = await send(s.t.app, 'POST', '/api/risk/limits', {
        token: s.token,
        body: {
          position_limits: {
            max_position_size: 1_000_000,
            max_single_stock: 1,
            max_sector_exposure: 1,
            min_diversification: 1,
          },
          loss_limits: DEFAULT_RISK_LIMITS.loss_limits,
        },
      });
      assert.equal(limits.statusCode, 200, limits.body);
      const order = await send(s.t.app, 'POST', '/api/trading/orders', {
        token: s.token,
        // 23 × ₹2,501.25 = ₹57,528.75, within 6% (₹60,000) of the ₹10,00,000 account.
        body: { symbol: 'RELIANCE', side: 'BUY', quantity: 23, order_type: 'MARKET', product: 'CNC' },
      });
      assert.equal(order.statusCode, 200, order.body);

      clock.set('2026-12-22T05:00:00.000Z'); // five weeks on: the days between are backfilled
      const token = await signIn(s.t.app);
      await s.t.app.services.paper.runScheduled();
      const res = await send(s.t.app, 'GET', '/api/risk/metrics', { token });
      const metrics = res.json<{ data: RiskMetrics }>().data;
      assert.ok(metrics.history_days >= 20, `${metrics.history_days} days`);
      assert.ok(metrics.volatility! > 0.25, `volatility ${metrics.volatility}`);

      const raised = await s.t.app.services.riskMonitor.runOnce();
      const portfolio = raised.filter((a) => a.message.startsWith('High volatility: the portfolio'));
      assert.deepEqual(portfolio, [
        {
          severity: 'medium',
          message: `High volatility: the portfolio moves ${percentText(metrics.volatility!)} a year (annualised over its last ${metrics.history_days} daily returns), above the 25% portfolio band.`,
        },
      ]);
      assert.ok(
        raised.some((a) => a.message.startsWith('High volatility: RELIANCE moves')),
        'and the stock itself',
      );
      assert.deepEqual(await s.t.app.services.riskMonitor.runOnce(), [], 'once a day');
    });
  });
}
