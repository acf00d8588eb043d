/**
 * The automated allocator through the whole app, on PGlite and PostgreSQL, over a scripted market:
 * it runs once at its time on a trading day (never twice, also after a restart), buys the day's
 * best signals through the paper broker with the strategy on every order, protects each entry with
 * a resting SL-M stop, exits at the target and records the outcome after charges; it holds new
 * entries back while trading is halted, and does nothing while paused.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AutomationStatus, DecisionDay, Order, Trade } from '@nivesh/api-contract';
import { ManualClock } from '../clock.js';
import { schema } from '../db/index.js';
import { createControlledFeed } from '../paper/testing.js';
import { flatCloses, risingNiftyCandles, scriptedCandles, trendCloses } from '../research/testing.js';
import { createTestApp, send, signedInApp, signIn, testDatabases } from '../testing/index.js';
import { costSettingsOf, DEFAULT_PAPER_SETTINGS } from '../paper/settings.js';
import { roundTripCostOf } from '../research/strategies.js';
import { ANSWER_DIGITS, near } from '../testing/reference.js';

/** INFY rising 0.3% a day: trend following buys it. TCS flat: nothing to do. */
const infy = scriptedCandles(trendCloses(1000, 0.003, 260, 0.006));
const tcs = scriptedCandles(flatCloses(2000, 260, 2));
const nifty = risingNiftyCandles();
const last = (list: { close: number }[]) => list[list.length - 1]!.close;

for (const target of await testDatabases()) {
  describe(`automated allocation on ${target.name}`, () => {
    // Friday 20 November 2026, 09:20 IST: the session is open, the run (10:00) not yet due.
    const clock = new ManualClock('2026-11-20T03:50:00.000Z');
    const scriptedFeed = () => {
      const feed = createControlledFeed({
        now: () => clock.now(),
        prices: { INFY: last(infy), TCS: last(tcs), NIFTY_50: last(nifty) },
      });
      feed.setCandles('INFY', infy);
      feed.setCandles('TCS', tcs);
      feed.setCandles('NIFTY_50', nifty);
      return feed;
    };
    const feed = scriptedFeed();
    const s = signedInApp(target, { clock, deps: { feed, live: null, liveAccount: null } });
    /** Signs in again after the clock jumped past the session's expiry. */
    const fresh = async () => {
      s.token = await signIn(s.t.app);
    };
    const api = (method: 'GET' | 'POST', url: string, body?: unknown) =>
      send(s.t.app, method, url, { token: s.token, body });
    const status = async () => {
      const res = await api('GET', '/api/allocation/automation');
      assert.equal(res.statusCode, 200, res.body);
      return res.json<{ data: AutomationStatus }>().data;
    };
    const orders = async () =>
      (await api('GET', '/api/trading/orders?status=all')).json<{ data: Order[] }>().data;
    const decisions = async () =>
      (await api('GET', '/api/allocation/decisions?days=5')).json<{ data: DecisionDay[] }>().data;

    it('is paused on a fresh install, and refuses a run time outside the session (nothing changes)', async () => {
      const fresh = await status();
      assert.equal(fresh.enabled, false);
      assert.equal(fresh.next_run_at, null);
      assert.equal(fresh.last_run, null);
      const bad = await api('POST', '/api/allocation/automation', { enabled: true, run_time: '16:00' });
      assert.equal(bad.statusCode, 400);
      assert.match(bad.body, /Run time must be between 09:15 and 15:20 IST/);
      assert.equal((await status()).enabled, false);
      await s.t.app.services.automation.runOnce();
      assert.equal((await orders()).length, 0);
    });

    it('once switched on, waits for its run time, then buys the best signal with a stop, once', async () => {
      const on = await api('POST', '/api/allocation/automation', { enabled: true, run_time: '10:00' });
      assert.equal(on.statusCode, 200, on.body);
      assert.equal(
        on.json<{ message: string }>().message,
        'Automation on: the allocator runs each trading day at 10:00 IST.',
      );
      assert.equal((await status()).next_run_at, '2026-11-20T04:30:00.000Z');

      await s.t.app.services.automation.runOnce();
      assert.equal((await orders()).length, 0, 'nothing before the run time');

      clock.set('2026-11-20T04:31:00.000Z');
      await s.t.app.services.automation.runOnce();
      const placed = await orders();
      const buy = placed.find((o) => o.side === 'BUY')!;
      const stop = placed.find((o) => o.order_type === 'SL-M')!;
      assert.equal(buy.symbol, 'INFY');
      assert.equal(buy.status, 'filled');
      assert.equal(buy.strategy, 'Trend following');
      assert.equal(stop.side, 'SELL');
      assert.equal(stop.status, 'open');
      assert.equal(stop.quantity, buy.quantity);
      assert.equal(stop.strategy, 'Trend following');
      assert.ok(stop.trigger_price! < buy.average_price!);

      const run = (await status()).last_run!;
      assert.equal(run.status, 'done');
      assert.equal(run.trading_day, '2026-11-20');
      assert.equal(run.orders_placed, 1);
      assert.ok(Math.abs(run.spent - (buy.quantity * buy.average_price! + buy.charges!.total)) < 0.01);
      assert.ok(run.spent <= run.amount);

      const [day] = await decisions();
      assert.equal(day!.trading_day, '2026-11-20');
      const ordered = day!.decisions.find((d) => d.action === 'ordered')!;
      assert.equal(ordered.symbol, 'INFY');
      assert.equal(ordered.order_id, buy.order_id);
      assert.equal(ordered.quantity, buy.quantity);
      assert.equal(ordered.outcome, null);
      assert.ok(ordered.inputs.break_even_pct! > 0);

      // The same day again, in this process and in a restarted one on the same database: no second run.
      clock.set('2026-11-20T05:31:00.000Z');
      await s.t.app.services.automation.runOnce();
      const restarted = await createTestApp(s.database, {
        clock,
        deps: { feed: scriptedFeed(), live: null, liveAccount: null, paperTimers: false },
      });
      try {
        await restarted.app.services.automation.recoverInterrupted();
        await restarted.app.services.automation.runOnce();
      } finally {
        await restarted.close();
      }
      assert.equal((await orders()).length, 2);
    });

    it('exits at the target, cancels the stop and records the return after charges; history shows the strategy', async () => {
      const [day] = await decisions();
      const ordered = day!.decisions.find((d) => d.action === 'ordered')!;
      feed.move('INFY', Math.ceil(ordered.target!) + 1);
      await s.t.app.services.automation.runOnce();
      const all = await orders();
      const buy = all.find((o) => o.order_id === ordered.order_id)!;
      const sell = all.find((o) => o.side === 'SELL' && o.order_type === 'MARKET')!;
      assert.equal(sell.status, 'filled');
      assert.equal(all.find((o) => o.order_type === 'SL-M')!.status, 'cancelled');
      const outcome = (await decisions())[0]!.decisions.find((d) => d.id === ordered.id)!.outcome!;
      assert.equal(outcome.kind, 'target');
      const cost = buy.quantity * buy.average_price! + buy.charges!.total;
      const pnl = buy.quantity * sell.average_price! - sell.charges!.total - cost;
      assert.ok(Math.abs(outcome.pnl - pnl) < 0.01, `${outcome.pnl} vs ${pnl}`);
      near(outcome.return_pct, (pnl / cost) * 100, 'return after charges', ANSWER_DIGITS.percent);
      assert.ok(outcome.pnl > 0);
      assert.equal((await status()).open_positions, 0);

      const history = (await api('GET', '/api/trading/history')).json<{ data: Trade[] }>().data;
      const trade = history.find((t) => t.symbol === 'INFY')!;
      assert.equal(trade.strategy, 'Trend following');
    });

    it('holds new entries back while a circuit breaker is tripped, and says which in the run', async () => {
      // Monday 23 November: NIFTY 50 falls 4% between 09:40 and 10:00 IST.
      clock.set('2026-11-23T04:10:00.000Z');
      await fresh();
      feed.move('NIFTY_50', 24_000);
      clock.set('2026-11-23T04:30:00.000Z');
      feed.move('NIFTY_50', 23_040);
      clock.set('2026-11-23T04:31:00.000Z');
      const held = await status();
      assert.equal(held.blocked_by.length, 1);
      assert.match(
        held.blocked_by[0]!,
        /^Circuit breaker tripped: NIFTY 50 .*4% .*No automated entry is made until it clears$/,
      );
      const before = (await orders()).length;
      await s.t.app.services.automation.runOnce();
      const run = (await status()).last_run!;
      assert.equal(run.trading_day, '2026-11-23');
      assert.equal(run.status, 'skipped');
      assert.deepEqual(run.lines, ['New automated entries are held back today:', held.blocked_by[0]]);
      assert.equal((await orders()).length, before);
    });

    it('holds new entries back while trading is halted, and says why in the run', async () => {
      // Wednesday 25 November, 10:01 IST: the fall of the 23rd is out of the breaker's hour.
      clock.set('2026-11-25T04:31:00.000Z');
      await fresh();
      const stop = await api('POST', '/api/risk/emergency-stop', {
        confirm: true,
        reason: 'checking the feed',
        square_off: false,
      });
      assert.equal(stop.statusCode, 200, stop.body);
      assert.deepEqual((await status()).blocked_by, [
        'Emergency stop in force since 25 Nov 2026, 10:01 IST (operator@nivesh.local: "checking the feed").',
      ]);
      const before = (await orders()).length;
      await s.t.app.services.automation.runOnce();
      const run = (await status()).last_run!;
      assert.equal(run.trading_day, '2026-11-25');
      assert.equal(run.status, 'skipped');
      assert.match(run.lines.join(' '), /held back today.*checking the feed/);
      assert.equal((await orders()).length, before);
    });

    it('does nothing while paused', async () => {
      assert.equal((await api('POST', '/api/risk/emergency-stop/lift', { confirm: true })).statusCode, 200);
      const paused = await api('POST', '/api/allocation/automation', { enabled: false });
      assert.match(paused.json<{ message: string }>().message, /^Automation paused/);
      clock.set('2026-11-26T04:31:00.000Z'); // Thursday, 10:01 IST: a run would be due
      await fresh();
      const before = (await orders()).length;
      await s.t.app.services.automation.runOnce();
      assert.equal((await orders()).length, before);
      assert.equal((await status()).next_run_at, null);
    });

    it('marks a run a restart cut off as failed after ten minutes, and does not run that day again', async () => {
      // Friday 27 November, 10:01 IST; a run of that day began at 09:50 and never finished.
      clock.set('2026-11-27T04:31:00.000Z');
      await fresh();
      await s.database.db.insert(schema.automationRuns).values({
        account: 'paper',
        tradingDay: '2026-11-27',
        startedAt: new Date('2026-11-27T04:20:00.000Z'),
        status: 'running',
        amountPaise: 2_500_000,
        summary: { lines: [], spent: 0, orders_placed: 0 },
      });
      assert.equal((await api('POST', '/api/allocation/automation', { enabled: true })).statusCode, 200);
      const before = (await orders()).length;
      await s.t.app.services.automation.runOnce();
      const run = (await status()).last_run!;
      assert.equal(run.trading_day, '2026-11-27');
      assert.equal(run.status, 'failed');
      assert.deepEqual(run.lines, [
        'The run was cut off by a server restart; orders it placed before that stand.',
      ]);
      assert.equal((await orders()).length, before);
    });
  });

  describe(`automated positions the operator steps into, on ${target.name}`, () => {
    // Friday 20 November 2026, 10:01 IST: the run (10:00) is due.
    const clock = new ManualClock('2026-11-20T04:31:00.000Z');
    const reliance = scriptedCandles(trendCloses(900, 0.003, 260, 0.006));
    const feed = createControlledFeed({
      now: () => clock.now(),
      prices: { INFY: last(infy), RELIANCE: last(reliance), NIFTY_50: last(nifty) },
    });
    feed.setCandles('INFY', infy);
    feed.setCandles('RELIANCE', reliance);
    feed.setCandles('NIFTY_50', nifty);
    const s = signedInApp(target, { clock, deps: { feed, live: null, liveAccount: null } });
    const api = (method: 'GET' | 'POST', url: string, body?: unknown) =>
      send(s.t.app, method, url, { token: s.token, body });
    const status = async () =>
      (await api('GET', '/api/allocation/automation')).json<{ data: AutomationStatus }>().data;
    const orders = async () =>
      (await api('GET', '/api/trading/orders?status=all')).json<{ data: Order[] }>().data;
    const decisions = async () =>
      (await api('GET', '/api/allocation/decisions?days=5')).json<{ data: DecisionDay[] }>().data;
    /** The first day's entry of a stock (a later run may buy it again). */
    const ordered = async (symbol: string) =>
      (await decisions())
        .flatMap((d) => d.decisions)
        .find((d) => d.symbol === symbol && d.action === 'ordered' && d.trading_day === '2026-11-20')!;
    /** The first day's stop of a stock. */
    const stopOf = async (symbol: string) =>
      (await orders()).find(
        (o) => o.symbol === symbol && o.order_type === 'SL-M' && o.placed_at < '2026-11-21',
      )!;

    it('buys two entries with stops; each decision logs the charges of the quantity it ordered', async () => {
      const on = await api('POST', '/api/allocation/automation', { enabled: true, run_time: '10:00' });
      assert.equal(on.statusCode, 200);
      assert.equal(
        on.json<{ message: string }>().message,
        "Automation on: the market is open and today's run time has passed, so today's run starts now (within 30 seconds); then the allocator runs each trading day at 10:00 IST.",
      );
      await s.t.app.services.automation.runOnce();
      const run = (await status()).last_run!;
      assert.equal(run.orders_placed, 2, run.lines.join('\n'));
      assert.ok(run.spent <= run.amount, `spent ${run.spent} of ${run.amount}`);
      const now = await status();
      assert.equal(now.open_positions, 2);
      assert.equal(now.protected_positions, 2);
      const costs = costSettingsOf(DEFAULT_PAPER_SETTINGS);
      for (const symbol of ['INFY', 'RELIANCE']) {
        const decision = await ordered(symbol);
        const expected = roundTripCostOf(decision.price, decision.quantity!, costs);
        assert.equal(decision.inputs.quantity, decision.quantity, `${symbol}: the ordered quantity`);
        assert.equal(decision.inputs.round_trip_charges, expected.charges, `${symbol}: its charges`);
        assert.equal(decision.inputs.break_even_pct, expected.breakEvenPct);
      }
    });

    it('refuses a sale of shares its stop holds, saying which order holds them and how to sell', async () => {
      const stop = await stopOf('INFY');
      const decision = await ordered('INFY');
      const sell = await api('POST', '/api/trading/orders', {
        symbol: 'INFY',
        side: 'SELL',
        quantity: decision.quantity,
        order_type: 'MARKET',
        product: 'CNC',
      });
      assert.equal(sell.statusCode, 422);
      const trigger = stop.trigger_price!.toLocaleString('en-IN', { minimumFractionDigits: 2 });
      assert.equal(
        sell.json<{ error: string }>().error,
        `Insufficient holdings: this order sells ${decision.quantity} INFY for delivery (CNC) and 0 shares are available to sell: ` +
          `${decision.quantity} of the ${decision.quantity} held are reserved by a resting order ` +
          `(SL-M sell of ${decision.quantity} at trigger ₹${trigger}, order ${stop.order_id}, placed by the automation). ` +
          'Cancel it under Open orders on the Portfolio page first to sell these shares yourself; ' +
          'the automation then records its position as closed by hand and no longer protects it',
      );
    });

    it('after the operator cancels the stop and sells by hand, records the position as closed by hand, exits the other and still runs the next day', async () => {
      const stop = await stopOf('INFY');
      const cancel = await api('POST', `/api/trading/orders/${stop.order_id}/cancel`);
      assert.equal(cancel.statusCode, 200, cancel.body);
      assert.equal((await stopOf('INFY')).status_message, 'Cancelled by the operator');
      assert.equal((await status()).protected_positions, 1, 'read from the orders resting now');
      const decision = await ordered('INFY');
      const sold = await api('POST', '/api/trading/orders', {
        symbol: 'INFY',
        side: 'SELL',
        quantity: decision.quantity,
        order_type: 'MARKET',
        product: 'CNC',
      });
      assert.equal(sold.statusCode, 200, sold.body);
      const manualSale = sold.json<{ data: Order }>().data;

      // Monday 23 November, 10:01 IST: both stocks are above their targets and the day's run is due.
      clock.set('2026-11-23T04:31:00.000Z');
      s.token = await signIn(s.t.app);
      const relianceDecision = await ordered('RELIANCE');
      feed.move('INFY', Math.ceil(decision.target!) + 5);
      feed.move('RELIANCE', Math.ceil(relianceDecision.target!) + 5);
      await s.t.app.services.automation.runOnce();

      const all = await orders();
      const entry = all.find((o) => o.order_id === decision.order_id)!;
      const infyOutcome = (await ordered('INFY')).outcome!;
      assert.equal(infyOutcome.kind, 'manual');
      const cost = entry.quantity * entry.average_price! + entry.charges!.total;
      const pnl = manualSale.quantity * manualSale.average_price! - manualSale.charges!.total - cost;
      assert.ok(Math.abs(infyOutcome.pnl - pnl) < 0.01, `${infyOutcome.pnl} vs ${pnl}`);
      assert.deepEqual(
        all
          .filter((o) => o.symbol === 'INFY' && o.side === 'SELL' && o.order_type === 'MARKET')
          .map((o) => o.order_id),
        [manualSale.order_id],
        'no automated sale of shares that are no longer held',
      );

      const relianceOutcome = (await ordered('RELIANCE')).outcome!;
      assert.equal(relianceOutcome.kind, 'target');
      assert.equal(
        (await stopOf('RELIANCE')).status_message,
        'Cancelled by the automation: exiting at market (target reached)',
      );
      assert.equal((await status()).last_run!.trading_day, '2026-11-23', "the day's run still happened");
    });

    it('says the run starts at once when it is switched on while the simulated market trades outside NSE hours', async () => {
      // Saturday 28 November, 22:00 IST: NSE is shut; the test feed keeps its own session open.
      clock.set('2026-11-28T16:30:00.000Z');
      s.token = await signIn(s.t.app);
      assert.equal((await api('POST', '/api/allocation/automation', { enabled: false })).statusCode, 200);
      const on = await api('POST', '/api/allocation/automation', { enabled: true, run_time: '09:15' });
      assert.equal(
        on.json<{ message: string }>().message,
        "Automation on: the simulated market is open outside NSE hours, so today's run starts now (within 30 seconds); then the allocator runs each trading day at 09:15 IST.",
      );
      const market = (await api('GET', '/api/market/status')).json<{
        status: string;
        simulated_session_open: boolean;
      }>();
      assert.deepEqual([market.status, market.simulated_session_open], ['OPEN', true]);
    });

    it('takes any run time while the simulated market is open at every hour, and NSE hours again refuse it unchanged', async () => {
      // Still Saturday 28 November, 22:00 IST; the feed keeps its session open at every hour.
      feed.alwaysOpen = true;
      const on = await api('POST', '/api/allocation/automation', { enabled: true, run_time: '22:30' });
      assert.equal(on.statusCode, 200, on.body);
      assert.equal(
        on.json<{ message: string }>().message,
        'Automation on: the allocator runs each day at 22:30 IST.',
      );
      const demo = await status();
      assert.deepEqual(demo.run_time_window, {
        from: '00:00',
        before: null,
        note: 'The simulated market is open at every hour (NIVESH_SIM_ALWAYS_OPEN): any run time is taken.',
      });
      assert.equal(demo.run_time, '22:30');
      assert.equal(demo.next_run_at, '2026-11-28T17:00:00.000Z', 'today at 22:30 IST');
      await s.t.app.services.automation.runOnce();
      assert.notEqual((await status()).last_run?.trading_day, '2026-11-28', 'nothing before 22:30');
      clock.set('2026-11-28T17:01:00.000Z');
      await s.t.app.services.automation.runOnce();
      assert.equal((await status()).last_run?.trading_day, '2026-11-28', 'the day ran at 22:30 IST');

      // The market's own hours: the same time is refused, and nothing changes.
      feed.alwaysOpen = false;
      const bad = await api('POST', '/api/allocation/automation', { enabled: true, run_time: '23:00' });
      assert.equal(bad.statusCode, 400);
      assert.equal(
        bad.json<{ error: string }>().error,
        "Run time must be between 09:15 and 15:20 IST. NSE's session: from the 09:15 open to the 15:20 square-off.",
      );
      const nse = await status();
      assert.equal(nse.run_time, '22:30');
      assert.deepEqual([nse.run_time_window.from, nse.run_time_window.before], ['09:15', '15:20']);
      assert.equal(nse.next_run_at, null, 'a run time outside the session schedules nothing');
    });
  });
}
