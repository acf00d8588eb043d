import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import type { Order, OrderPreview } from '@nivesh/api-contract';
import type { Broker, OrderRequest } from '../broker/broker.js';
import { ManualClock } from '../clock.js';
import type { Database } from '../db/index.js';
import { HttpError } from '../http/errors.js';
import { createControlledFeed } from '../paper/testing.js';
import { createTestApp, send, setUpOperator, testDatabases, type TestApp } from '../testing/index.js';
import type { LiveTrading } from './service.js';

/** A live broker that only records what reaches it. */
function recordingLive() {
  const calls: string[] = [];
  const order = (request: OrderRequest): Order => ({
    order_id: 'UPX-1',
    account: 'live',
    symbol: request.symbol,
    side: request.side,
    quantity: request.quantity,
    filled_quantity: 0,
    order_type: request.order_type,
    limit_price: request.limit_price ?? null,
    trigger_price: request.trigger_price ?? null,
    triggered_at: null,
    product: request.product,
    status: 'open',
    average_price: null,
    charges: null,
    status_message: null,
    broker_order_id: '250101000000001',
    strategy: 'Live Trading',
    placed_at: '2026-11-20T05:00:00.000Z',
    updated_at: '2026-11-20T05:00:00.000Z',
    filled_at: null,
  });
  const broker: Broker = {
    account: 'live',
    async placeOrder(request) {
      calls.push(`place ${request.symbol}`);
      return order(request);
    },
    async preview(): Promise<OrderPreview> {
      calls.push('preview');
      throw new HttpError(503, 'not in this test');
    },
    async cancelOrder(orderId) {
      calls.push(`cancel ${orderId}`);
      throw new HttpError(404, `Order ${orderId} not found.`);
    },
    async listOrders() {
      calls.push('list');
      return [];
    },
  };
  const state = { dayLoss: 0 };
  const live: LiveTrading = {
    broker,
    async ensureLiveReady() {
      calls.push('ready?');
    },
    account: {
      async holdings() {
        calls.push('holdings');
        return [];
      },
      /** ₹10,00,000 (Phase 4 Professional: 6% a position, 3% a day), down ₹dayLoss today. */
      async overview() {
        calls.push('overview');
        return {
          portfolio_value: 1_000_000,
          total_value: 1_000_000,
          invested_value: 0,
          cash_balance: 1_000_000,
          available_balance: 1_000_000,
          blocked_funds: null,
          day_change: -state.dayLoss,
          day_change_percent: -state.dayLoss / 10_000,
          active_positions: 0,
          total_returns: 0,
          total_returns_percent: 0,
          unrealized_pnl: 0,
          realized_pnl: 0,
          pnl_basis: 'before_charges',
          trades_today: 0,
          total_trades: 0,
          trading_mode: 'live',
          trading_mode_label: 'Live',
          data_source: 'upstox',
          limits_status: null,
          as_of: '2026-11-20T05:00:00.000Z',
        };
      },
    },
  };
  return { live, calls, state };
}

const marketBuy = { symbol: 'infy', side: 'BUY', quantity: 10, order_type: 'MARKET', product: 'CNC' };

async function rowCounts(database: Database) {
  const rows = await database.db.execute(
    sql`select (select count(*) from orders)::int as orders, (select count(*) from fills)::int as fills, (select count(*) from cash_ledger)::int as ledger`,
  );
  return JSON.stringify(rows);
}

for (const target of await testDatabases()) {
  describe(`orders routes on ${target.name}`, () => {
    let database: Database;
    let t: TestApp;
    let token: string;
    const recorder = recordingLive();

    before(async () => {
      database = await target.open();
      const clock = new ManualClock('2026-11-20T05:00:00.000Z');
      t = await createTestApp(database, {
        clock,
        deps: {
          feed: createControlledFeed({ now: () => clock.now() }),
          paperTimers: false,
          watchBrokerToken: false,
          live: recorder.live,
        },
      });
      token = await setUpOperator(t.app);
    });
    after(async () => {
      await t.close();
      await database.close();
    });

    it('places a paper order in paper mode, and it never reaches the live broker', async () => {
      const res = await send(t.app, 'POST', '/api/trading/orders', { token, body: marketBuy });
      assert.equal(res.statusCode, 200, res.body);
      const body = res.json<{ success: boolean; message: string; data: Order }>();
      assert.equal(body.data.account, 'paper');
      assert.equal(body.data.symbol, 'INFY');
      assert.equal(body.data.status, 'filled');
      assert.equal(body.message, 'Paper order filled: bought 10 INFY at ₹1,500.75 (charges ₹41.24).');

      const list = await send(t.app, 'GET', '/api/trading/orders?status=filled', { token });
      assert.equal(list.json<{ data: Order[] }>().data[0]?.order_id, body.data.order_id);
      const preview = await send(t.app, 'POST', '/api/trading/orders/preview', { token, body: marketBuy });
      assert.equal(preview.json<{ data: OrderPreview }>().data.rejection, null);
      assert.deepEqual(recorder.calls, [], 'the live broker saw nothing');
    });

    it('sends mock-mode orders to the paper engine too', async () => {
      await t.app.services.tradingMode.set('mock', 'test');
      const res = await send(t.app, 'POST', '/api/trading/orders', {
        token,
        body: { ...marketBuy, quantity: 1 },
      });
      assert.equal(res.json<{ data: Order }>().data.account, 'paper');
      assert.deepEqual(recorder.calls, []);
      await t.app.services.tradingMode.set('paper', 'test');
    });

    it('answers a limit refusal with 422, the limit and the figures, writing nothing', async () => {
      const before = await rowCounts(database);
      const res = await send(t.app, 'POST', '/api/trading/orders', {
        token,
        body: { ...marketBuy, quantity: 30 },
      });
      // 11 INFY held + 30 = 41 × ₹1,500.75.
      assert.equal(res.statusCode, 422);
      assert.deepEqual(res.json(), {
        success: false,
        limit: 'max_position_size',
        error: 'Max position size ₹50,000 exceeded: this order would make the INFY position ₹61,530.75',
        message: 'Max position size ₹50,000 exceeded: this order would make the INFY position ₹61,530.75',
      });
      assert.equal(await rowCounts(database), before);
    });

    it('refuses an unknown symbol with 400 and a malformed order before it reaches the engine', async () => {
      const unknown = await send(t.app, 'POST', '/api/trading/orders', {
        token,
        body: { ...marketBuy, symbol: 'XYZ' },
      });
      assert.equal(unknown.statusCode, 400);
      assert.match(unknown.json<{ message: string }>().message, /^Unknown symbol XYZ: /);
      const noLimit = await send(t.app, 'POST', '/api/trading/orders', {
        token,
        body: { ...marketBuy, order_type: 'LIMIT' },
      });
      assert.equal(noLimit.statusCode, 400);
      assert.match(noLimit.json<{ message: string }>().message, /limit_price is required for a LIMIT order/);
    });

    it('cancels an open order once: 200, then 409; an unknown order is 404', async () => {
      const placed = await send(t.app, 'POST', '/api/trading/orders', {
        token,
        body: { ...marketBuy, order_type: 'LIMIT', limit_price: 1400, quantity: 2 },
      });
      const order = placed.json<{ data: Order; message: string }>();
      assert.equal(order.data.status, 'open');
      assert.equal(
        order.message,
        'Paper limit order to buy 2 INFY at ₹1,400.00 is open: it fills when the price reaches the limit.',
      );
      const cancel = await send(t.app, 'POST', `/api/trading/orders/${order.data.order_id}/cancel`, {
        token,
      });
      assert.equal(cancel.statusCode, 200);
      assert.equal(cancel.json<{ data: Order }>().data.status, 'cancelled');
      const again = await send(t.app, 'POST', `/api/trading/orders/${order.data.order_id}/cancel`, { token });
      assert.equal(again.statusCode, 409);
      const missing = await send(t.app, 'POST', '/api/trading/orders/PO-nothing/cancel', { token });
      assert.equal(missing.statusCode, 404);
    });

    it('sends live-mode orders to the live broker, after asking whether it is ready', async () => {
      await t.app.services.tradingMode.set('live', 'test');
      try {
        const res = await send(t.app, 'POST', '/api/trading/orders', { token, body: marketBuy });
        assert.equal(res.statusCode, 200, res.body);
        assert.equal(res.json<{ data: Order }>().data.account, 'live');
        assert.deepEqual(recorder.calls, ['ready?', 'holdings', 'overview', 'place INFY']);
      } finally {
        await t.app.services.tradingMode.set('paper', 'test');
      }
    });

    it("refuses a live order beyond the capital phase's rules before the broker sees it", async () => {
      await t.app.services.tradingMode.set('live', 'test');
      try {
        recorder.calls.length = 0;
        // 50 INFY at ₹1,500 = ₹75,000: above Phase 4's 6% of ₹10,00,000.
        const big = await send(t.app, 'POST', '/api/trading/orders', {
          token,
          body: { ...marketBuy, quantity: 50 },
        });
        assert.equal(big.statusCode, 422, big.body);
        assert.deepEqual(big.json<{ limit: string }>().limit, 'capital_phase');
        assert.match(
          big.json<{ error: string }>().error,
          /^Phase 4 Professional allows at most 6% of capital \(₹60,000 of ₹10,00,000\) in one position; this buy would make INFY ₹75,000 \(7\.5%\)/,
        );
        // A day's loss at the phase's 3%: no new position today.
        recorder.state.dayLoss = 30_000;
        const small = await send(t.app, 'POST', '/api/trading/orders', { token, body: marketBuy });
        assert.equal(small.statusCode, 422, small.body);
        assert.match(
          small.json<{ error: string }>().error,
          /allows a loss of at most 3% of capital in a day/,
        );
        assert.ok(!recorder.calls.some((call) => call.startsWith('place')), recorder.calls.join(', '));
      } finally {
        recorder.state.dayLoss = 0;
        await t.app.services.tradingMode.set('paper', 'test');
      }
    });

    it('requires a session', async () => {
      const res = await send(t.app, 'POST', '/api/trading/orders', { body: marketBuy });
      assert.equal(res.statusCode, 401);
    });
  });

  describe(`orders without a live side on ${target.name}`, () => {
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
        },
      });
      token = await setUpOperator(t.app);
    });
    after(async () => {
      await t.close();
      await database.close();
    });

    it('answers 503 in live mode', async () => {
      await t.app.services.tradingMode.set('live', 'test');
      const res = await send(t.app, 'POST', '/api/trading/orders', { token, body: marketBuy });
      assert.equal(res.statusCode, 503);
      assert.equal(res.json<{ message: string }>().message, 'Live trading is not connected on this server.');
    });
  });
}
