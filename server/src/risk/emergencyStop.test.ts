/**
 * Emergency Stop All through HTTP on PGlite and PostgreSQL: the halt cancels open orders, refuses
 * every order that would open a position (in this process, after a restart and in a second server
 * on the same database), lets closing orders through, squares off when asked, and is lifted by a
 * second confirmed call. Bad bodies change nothing.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { EmergencyStopResult, Holding, Order, RiskAlert, TradingState } from '@nivesh/api-contract';
import { ManualClock } from '../clock.js';
import { createControlledFeed } from '../paper/testing.js';
import {
  createTestApp,
  OPERATOR_EMAIL,
  send,
  signedInApp,
  signIn,
  testDatabases,
  type TestApp,
} from '../testing/index.js';

for (const target of await testDatabases()) {
  describe(`emergency stop on ${target.name}`, () => {
    // Monday 16 November 2026, 10:30 IST: the market is open.
    const clock = new ManualClock('2026-11-16T05:00:00.000Z');
    const feed = createControlledFeed({
      now: () => clock.now(),
      prices: { INFY: 1500, TCS: 3200, NIFTY_50: 24_000 },
    });
    const deps = { feed, live: null, liveAccount: null };
    const s = signedInApp(target, { clock, deps });

    const call = (t: TestApp, token: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
      send(t.app, method, url, { token, body });
    const api = (method: 'GET' | 'POST', url: string, body?: unknown) =>
      call(s.t, s.token, method, url, body);
    const stateOf = async (t = s.t, token = s.token) => {
      const res = await call(t, token, 'GET', '/api/risk/trading-state');
      assert.equal(res.statusCode, 200, res.body);
      return res.json<{ data: TradingState }>().data;
    };
    const order = (body: Record<string, unknown>, t = s.t, token = s.token) =>
      call(t, token, 'POST', '/api/trading/orders', {
        order_type: 'MARKET',
        product: 'CNC',
        ...body,
      });
    const openOrders = async () =>
      (await api('GET', '/api/trading/orders?status=open')).json<{ data: Order[] }>().data;
    const holdings = async () =>
      (await api('GET', '/api/portfolio/holdings')).json<{ data: Holding[] }>().data;

    it('is normal with no halt, and a stop needs confirm: true and a reason (nothing changes otherwise)', async () => {
      assert.deepEqual(await stateOf(), {
        state: 'normal',
        reasons: [],
        halt: null,
        as_of: '2026-11-16T05:00:00.000Z',
      });
      assert.equal((await order({ symbol: 'INFY', side: 'BUY', quantity: 20 })).statusCode, 200);
      const resting = await order({
        symbol: 'TCS',
        side: 'BUY',
        quantity: 5,
        order_type: 'LIMIT',
        limit_price: 3000,
      });
      assert.equal(resting.json<{ data: Order }>().data.status, 'open');

      const unconfirmed = await api('POST', '/api/risk/emergency-stop', { reason: 'feed looks wrong' });
      assert.equal(unconfirmed.statusCode, 400);
      assert.match(unconfirmed.json<{ error: string }>().error, /Emergency stop needs confirm: true\./);
      const noReason = await api('POST', '/api/risk/emergency-stop', { confirm: true, reason: ' ' });
      assert.equal(noReason.statusCode, 400);
      assert.match(
        noReason.json<{ error: string }>().error,
        /Say why you are stopping \(3 to 500 characters\)\./,
      );
      assert.equal((await stateOf()).state, 'normal');
      assert.equal((await openOrders()).length, 1);
    });

    it('halts: cancels the opening order, keeps the protective stop, raises a high alert, refuses a buy and lets a sale of held shares through', async () => {
      const stopLoss = await order({
        symbol: 'INFY',
        side: 'SELL',
        quantity: 15,
        order_type: 'SL-M',
        trigger_price: 1400,
      });
      assert.equal(stopLoss.statusCode, 200, stopLoss.body);
      const stopId = stopLoss.json<{ data: Order }>().data.order_id;
      const res = await api('POST', '/api/risk/emergency-stop', {
        confirm: true,
        reason: 'feed looks wrong',
      });
      assert.equal(res.statusCode, 200, res.body);
      const body = res.json<{ message: string; data: EmergencyStopResult }>();
      assert.equal(
        body.message,
        'Trading halted: only orders that close a position are accepted until the stop is lifted; 1 open order cancelled; 1 protective order kept (stop-losses and targets of open positions).',
      );
      assert.deepEqual(body.data, {
        trading_mode: 'paper',
        cancelled_orders: 1,
        kept_protective_orders: 1,
        squared_off: [],
        failures: [],
        halt: {
          halted_at: '2026-11-16T05:00:00.000Z',
          halted_by: OPERATOR_EMAIL,
          reason: 'feed looks wrong',
          square_off: false,
        },
        executed_at: '2026-11-16T05:00:00.000Z',
      });
      // The stop-loss protecting INFY rests on; the TCS buy that would open a position is gone.
      assert.deepEqual(
        (await openOrders()).map((o) => [o.order_id, o.symbol, o.order_type]),
        [[stopId, 'INFY', 'SL-M']],
      );
      const cancelled = (await api('GET', '/api/trading/orders?status=cancelled')).json<{ data: Order[] }>()
        .data;
      assert.deepEqual(
        cancelled.map((o) => [o.symbol, o.status_message]),
        [['TCS', 'Cancelled by the operator: Emergency Stop All']],
      );
      const sentence = `Emergency stop in force since 16 Nov 2026, 10:30 IST (${OPERATOR_EMAIL}: "feed looks wrong").`;
      const state = await stateOf();
      assert.equal(state.state, 'halted');
      assert.deepEqual(state.reasons, [sentence]);

      const alerts = (await api('GET', '/api/risk/alerts')).json<{ data: RiskAlert[] }>().data;
      const alert = alerts.find((a) => a.message.startsWith('Emergency stop by'));
      assert.equal(alert?.severity, 'high');
      assert.equal(alert?.action_required, true);
      assert.equal(alert?.resolved, null);

      const buy = await order({ symbol: 'TCS', side: 'BUY', quantity: 1 });
      assert.equal(buy.statusCode, 422);
      assert.deepEqual(buy.json<{ error: string; limit: string }>(), {
        ...buy.json<object>(),
        limit: 'emergency_stop',
        error: `Halted: ${sentence} Only orders that close a position are accepted until it is lifted`,
      });
      const growing = await order({
        symbol: 'INFY',
        side: 'BUY',
        quantity: 1,
        order_type: 'LIMIT',
        limit_price: 1400,
      });
      assert.equal(growing.statusCode, 422, 'a resting buy would grow the position: refused too');
      const preview = await api('POST', '/api/trading/orders/preview', {
        symbol: 'TCS',
        side: 'BUY',
        quantity: 1,
        order_type: 'MARKET',
        product: 'CNC',
      });
      assert.equal(
        preview.json<{ data: { rejection: { limit: string } } }>().data.rejection.limit,
        'emergency_stop',
      );

      const sell = await order({ symbol: 'INFY', side: 'SELL', quantity: 5 });
      assert.equal(sell.statusCode, 200, sell.body);
      assert.equal((await holdings()).find((h) => h.symbol === 'INFY')?.quantity, 15);
      assert.equal((await openOrders()).length, 1, 'the stop still protects the 15 shares left');
    });

    it('holds after a restart and in a second server on the same database', async () => {
      const second = await createTestApp(s.database, { clock, deps: { ...deps, paperTimers: false } });
      try {
        const token = await signIn(second.app);
        assert.equal((await stateOf(second, token)).state, 'halted');
        const buy = await order({ symbol: 'TCS', side: 'BUY', quantity: 1 }, second, token);
        assert.equal(buy.statusCode, 422);
        assert.equal(buy.json<{ limit: string }>().limit, 'emergency_stop');
      } finally {
        await second.close();
      }
    });

    it('a second stop keeps the first halt and squares off every position at market', async () => {
      const res = await api('POST', '/api/risk/emergency-stop', {
        confirm: true,
        reason: 'close everything',
        square_off: true,
      });
      assert.equal(res.statusCode, 200, res.body);
      const body = res.json<{ message: string; data: EmergencyStopResult }>();
      assert.equal(
        body.message,
        `Trading was already halted since 16 Nov 2026, 10:30 IST by ${OPERATOR_EMAIL}; 1 open order cancelled; 1 position squared off at market.`,
      );
      assert.equal(body.data.halt.reason, 'feed looks wrong');
      assert.deepEqual(
        body.data.squared_off.map(({ symbol, quantity }) => ({ symbol, quantity })),
        [{ symbol: 'INFY', quantity: 15 }],
      );
      assert.equal(body.data.kept_protective_orders, 0, 'squaring off takes the stop-loss with its position');
      assert.deepEqual(await holdings(), []);
      assert.deepEqual(await openOrders(), []);
    });

    it('lifts with a second confirmed call, then orders open positions again; lifting twice is a 409', async () => {
      const unconfirmed = await api('POST', '/api/risk/emergency-stop/lift', {});
      assert.equal(unconfirmed.statusCode, 400);
      assert.equal((await stateOf()).state, 'halted');
      clock.set('2026-11-16T05:30:00.000Z');
      const lift = await api('POST', '/api/risk/emergency-stop/lift', { confirm: true });
      assert.equal(lift.statusCode, 200, lift.body);
      const body = lift.json<{ message: string; data: TradingState }>();
      assert.equal(body.message, 'Emergency stop lifted: orders may open positions again.');
      assert.equal(body.data.state, 'normal');
      assert.equal((await order({ symbol: 'TCS', side: 'BUY', quantity: 1 })).statusCode, 200);
      // The stop's alert is resolved by the lift (when, by whom, how), and no longer asks for action.
      const alerts = (await api('GET', '/api/risk/alerts')).json<{ data: RiskAlert[] }>().data;
      const stopAlert = alerts.find((a) => a.message.startsWith('Emergency stop by'));
      assert.equal(stopAlert?.action_required, false);
      assert.deepEqual(stopAlert?.resolved, {
        at: '2026-11-16T05:30:00.000Z',
        by: OPERATOR_EMAIL,
        how: 'The emergency stop was lifted: orders may open positions again.',
      });
      const liftAlert = alerts.find((a) => a.message.startsWith('Emergency stop lifted'));
      assert.equal(liftAlert?.resolved, null);
      const again = await api('POST', '/api/risk/emergency-stop/lift', { confirm: true });
      assert.equal(again.statusCode, 409);
      assert.equal(
        again.json<{ error: string }>().error,
        'Trading is not halted: there is no emergency stop to lift.',
      );
    });

    it('no resting order survives a stop raced by another server placing orders', async () => {
      const second = await createTestApp(s.database, { clock, deps: { ...deps, paperTimers: false } });
      try {
        const token = await signIn(second.app);
        const placing = Array.from({ length: 12 }, (_, i) =>
          order(
            { symbol: 'TCS', side: 'BUY', quantity: 1, order_type: 'LIMIT', limit_price: 3000 - i },
            second,
            token,
          ),
        );
        const stop = api('POST', '/api/risk/emergency-stop', { confirm: true, reason: 'race' });
        const answers = await Promise.all(placing);
        assert.equal((await stop).statusCode, 200);
        for (const answer of answers) {
          assert.ok(
            answer.statusCode === 200 || answer.json<{ limit?: string }>().limit === 'emergency_stop',
            answer.body,
          );
        }
        // Each order either was written before the halt (and the stop cancelled it) or was refused.
        assert.deepEqual(await openOrders(), []);
        assert.equal((await api('POST', '/api/risk/emergency-stop/lift', { confirm: true })).statusCode, 200);
      } finally {
        await second.close();
      }
    });
  });
}
