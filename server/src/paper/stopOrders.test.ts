/**
 * Stop-loss orders in the paper engine (SL and SL-M, as Upstox names them): they rest until the
 * last price crosses the trigger, then SL-M fills at market and SL becomes a limit order; the
 * trigger time is stored, so a restart keeps each in its state. Also: the refusals, cancelling, and
 * an automated order's strategy on the order and its trades.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import type { Order, OrderPreview, Trade, TradeHistoryResponse } from '@nivesh/api-contract';
import type { OrderIntent, OrderRequest } from '../broker/broker.js';
import { ManualClock } from '../clock.js';
import type { Database } from '../db/index.js';
import { HttpError } from '../http/errors.js';
import { createTestApp, send, setUpOperator, testDatabases, type TestApp } from '../testing/index.js';
import { createControlledFeed, startTestEngine, type TestEngine } from './testing.js';

/** Friday 20 November 2026, 10:30 IST: the session is open. */
const FRIDAY_1030_IST = '2026-11-20T05:00:00.000Z';
const MINUTE = 60_000;

const request = (overrides: Partial<OrderRequest> = {}): OrderRequest => ({
  symbol: 'INFY',
  side: 'BUY',
  quantity: 10,
  order_type: 'MARKET',
  product: 'CNC',
  ...overrides,
});

/** SELL 10 INFY (delivery) stop-loss at market once the price falls to ₹1,480. */
const SELL_SLM = request({ side: 'SELL', order_type: 'SL-M', trigger_price: 1480 });
/** SELL 10 INFY stop-loss at a ₹1,475 limit once the price falls to ₹1,480. */
const SELL_SL = request({ side: 'SELL', order_type: 'SL', trigger_price: 1480, limit_price: 1475 });

const MOMENTUM: OrderIntent = { strategy: 'Momentum 20/50', automated: true, confidence: 0.9 };

async function refused(promise: Promise<unknown>, status: number): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof HttpError, `expected an HttpError, got ${String(error)}`);
    assert.equal(error.statusCode, status, error.message);
    return error;
  }
  assert.fail('expected the order to be refused');
}

/** An empty paper account on `database`, its engine started at `at`. */
async function freshEngine(database: Database, at = FRIDAY_1030_IST): Promise<TestEngine> {
  await database.db.execute(
    sql`truncate table cash_ledger, lots, fills, orders, equity_snapshots, alerts, settings, audit_log restart identity cascade`,
  );
  return startTestEngine(database.db, at);
}

/** Publishes a price and waits until the engine has acted on it. */
async function tick(rig: TestEngine, symbol: string, ltp: number): Promise<void> {
  rig.feed.move(symbol, ltp);
  await rig.engine.idle();
}

async function orderNow(rig: TestEngine, orderId: string): Promise<Order> {
  const found = (await rig.engine.listOrders({ status: 'all', limit: 100 })).find(
    (o) => o.order_id === orderId,
  );
  assert.ok(found, `order ${orderId} is listed`);
  return found;
}

const infyTrades = async (rig: TestEngine): Promise<Trade[]> =>
  (await rig.engine.trades()).filter((t) => t.symbol === 'INFY');

for (const target of await testDatabases()) {
  describe(`paper stop-loss orders on ${target.name}`, () => {
    let database: Database;
    before(async () => {
      database = await target.open();
    });
    after(() => database.close());

    describe('an SL-M sell protecting 10 INFY bought at ₹1,500.75', () => {
      let rig: TestEngine;
      let stop: Order;
      before(async () => {
        rig = await freshEngine(database);
        await rig.engine.placeOrder(request(), 'op');
      });
      after(() => rig.engine.stop());

      it('rests, open and untriggered, showing its trigger', async () => {
        const available = (await rig.engine.overview()).available_balance;
        stop = await rig.engine.placeOrder(SELL_SLM, 'op');
        assert.equal(stop.status, 'open');
        assert.equal(stop.order_type, 'SL-M');
        assert.equal(stop.trigger_price, 1480);
        assert.equal(stop.limit_price, null);
        assert.equal(stop.triggered_at, null);
        // A sell of held shares blocks no cash: it closes the position, it opens nothing.
        assert.equal((await rig.engine.overview()).available_balance, available);
      });

      it('holds the shares it would sell, like a resting sell: a second stop for them is refused', async () => {
        const error = await refused(rig.engine.placeOrder({ ...SELL_SLM, trigger_price: 1470 }, 'op'), 422);
        assert.equal(error.extra['limit'], 'insufficient_holdings');
        assert.equal(
          error.message,
          'Insufficient holdings: this order sells 10 INFY for delivery (CNC) and 0 shares are available to sell: ' +
            `10 of the 10 held are reserved by a resting order (SL-M sell of 10 at trigger ₹1,480.00, order ${stop.order_id}). ` +
            'Cancel it under Open orders on the Portfolio page first to sell these shares yourself',
        );
      });

      it('does not trigger while the price stays above ₹1,480', async () => {
        await tick(rig, 'INFY', 1485);
        await tick(rig, 'INFY', 1480.05);
        const now = await orderNow(rig, stop.order_id);
        assert.equal(now.status, 'open');
        assert.equal(now.triggered_at, null);
        assert.equal(
          (await infyTrades(rig)).find((t) => t.status === 'completed'),
          undefined,
        );
      });

      it('triggers when the price falls to ₹1,480 and sells at market: the touch, ₹1,479.25', async () => {
        rig.clock.advance(MINUTE);
        await tick(rig, 'INFY', 1480);
        const filled = await orderNow(rig, stop.order_id);
        assert.equal(filled.status, 'filled');
        // ₹1,480 less the 0.05% half-spread = ₹1,479.26, down to the ₹0.05 tick.
        assert.equal(filled.average_price, 1479.25);
        assert.equal(filled.triggered_at, rig.clock.now().toISOString());
        assert.equal(filled.filled_at, rig.clock.now().toISOString());
        assert.ok(filled.charges && filled.charges.total > 0);
        const [exit] = await infyTrades(rig);
        assert.equal(exit?.status, 'completed');
        assert.equal(exit?.exit_price, 1479.25);
        assert.equal(exit?.entry_price, 1500.75);
        assert.equal((await rig.engine.holdings()).length, 0);
      });
    });

    describe('an SL sell (trigger ₹1,480, limit ₹1,475) when the price gaps through both', () => {
      let rig: TestEngine;
      let stop: Order;
      before(async () => {
        rig = await freshEngine(database);
        await rig.engine.placeOrder(request(), 'op');
        stop = await rig.engine.placeOrder(SELL_SL, 'op');
      });
      after(() => rig.engine.stop());

      it('rests with its trigger and limit, estimated at the limit', async () => {
        assert.equal(stop.status, 'open');
        assert.equal(stop.trigger_price, 1480);
        assert.equal(stop.limit_price, 1475);
        const preview = await rig.engine.preview({ ...SELL_SL, quantity: 1, trigger_price: 1490 });
        assert.equal(preview.estimated_price, 1475);
      });

      it('triggers at ₹1,470 but does not sell under its limit: it rests as a limit order', async () => {
        rig.clock.advance(MINUTE);
        const triggeredAt = rig.clock.now().toISOString();
        await tick(rig, 'INFY', 1470);
        rig.clock.advance(MINUTE);
        await tick(rig, 'INFY', 1474.95);
        const now = await orderNow(rig, stop.order_id);
        assert.equal(now.status, 'open');
        assert.equal(now.triggered_at, triggeredAt, 'the time the price first crossed the trigger');
        assert.equal((await rig.engine.holdings())[0]?.quantity, 10);
      });

      it('fills when the price comes back above the limit, at the touch ₹1,475.25', async () => {
        await tick(rig, 'INFY', 1476);
        const filled = await orderNow(rig, stop.order_id);
        assert.equal(filled.status, 'filled');
        // A limit sell fills at max(limit ₹1,475, touch: ₹1,476 less 0.05% = ₹1,475.26 → ₹1,475.25).
        assert.equal(filled.average_price, 1475.25);
        assert.equal((await rig.engine.holdings()).length, 0);
      });
    });

    describe('a BUY stop (SL-M on TCS at ₹3,250, the price ₹3,200)', () => {
      let rig: TestEngine;
      before(async () => {
        rig = await freshEngine(database);
      });
      after(() => rig.engine.stop());

      it('rests below its trigger, holding cash at the trigger price, and buys at market once the price rises to it', async () => {
        const buyStop = request({ symbol: 'TCS', quantity: 5, order_type: 'SL-M', trigger_price: 3250 });
        const preview = await rig.engine.preview(buyStop);
        assert.equal(preview.estimated_price, 3250);
        assert.equal(preview.order_value, 16_250);
        const placed = await rig.engine.placeOrder(buyStop, 'op');
        assert.equal(placed.status, 'open');
        const overview = await rig.engine.overview();
        assert.equal(overview.blocked_funds, 16_250 + preview.charges.total);

        await tick(rig, 'TCS', 3240);
        assert.equal((await orderNow(rig, placed.order_id)).status, 'open');

        await tick(rig, 'TCS', 3260);
        const filled = await orderNow(rig, placed.order_id);
        assert.equal(filled.status, 'filled');
        // ₹3,260 plus the 0.05% half-spread = ₹3,261.63, up to the ₹0.05 tick.
        assert.equal(filled.average_price, 3261.65);
        assert.equal((await rig.engine.holdings()).find((h) => h.symbol === 'TCS')?.quantity, 5);
      });
    });

    describe('over a restart of the engine on the same database', () => {
      let rig: TestEngine;
      before(async () => {
        rig = await freshEngine(database);
        await rig.engine.placeOrder(request({ quantity: 20 }), 'op');
      });
      after(() => rig.engine.stop());

      async function restart(): Promise<void> {
        await rig.engine.stop();
        // The new process's feed starts INFY at ₹1,500 again.
        rig = await startTestEngine(database.db, rig.clock.now().toISOString());
        await rig.engine.idle();
      }

      it('an untriggered stop rests as a stop, and a triggered SL stays a limit order', async () => {
        const waiting = await rig.engine.placeOrder({ ...SELL_SLM, trigger_price: 1460 }, 'op');
        const triggered = await rig.engine.placeOrder(SELL_SL, 'op');
        rig.clock.advance(MINUTE);
        const triggeredAt = rig.clock.now().toISOString();
        // ₹1,470 triggers the SL (₹1,480) under its ₹1,475 limit, and not the SL-M (₹1,460).
        await tick(rig, 'INFY', 1470);
        assert.equal((await orderNow(rig, triggered.order_id)).triggered_at, triggeredAt);
        assert.equal((await orderNow(rig, triggered.order_id)).status, 'open');
        assert.equal((await orderNow(rig, waiting.order_id)).triggered_at, null);

        await restart();

        // At ₹1,500 an untriggered SL-M at ₹1,460 keeps waiting; the triggered SL (a limit sell at
        // ₹1,475) fills at the touch: ₹1,500 less 0.05% = ₹1,499.25.
        const sl = await orderNow(rig, triggered.order_id);
        assert.equal(sl.status, 'filled');
        assert.equal(sl.average_price, 1499.25);
        assert.equal(sl.triggered_at, triggeredAt);
        const slm = await orderNow(rig, waiting.order_id);
        assert.equal(slm.status, 'open');
        assert.equal(slm.triggered_at, null);
        assert.equal(slm.trigger_price, 1460);

        await tick(rig, 'INFY', 1465);
        assert.equal((await orderNow(rig, waiting.order_id)).status, 'open');
        await tick(rig, 'INFY', 1455);
        const sold = await orderNow(rig, waiting.order_id);
        assert.equal(sold.status, 'filled');
        // ₹1,455 less 0.05% = ₹1,454.27, down to ₹1,454.25.
        assert.equal(sold.average_price, 1454.25);
        assert.equal((await rig.engine.holdings()).length, 0);
      });
    });

    describe('cancelling a resting stop', () => {
      let rig: TestEngine;
      before(async () => {
        rig = await freshEngine(database);
        await rig.engine.placeOrder(request(), 'op');
      });
      after(() => rig.engine.stop());

      it('cancels it, frees the shares, and the price crossing the trigger later sells nothing', async () => {
        const stop = await rig.engine.placeOrder(SELL_SLM, 'op');
        const cancelled = await rig.engine.cancelOrder(stop.order_id, 'op');
        assert.equal(cancelled.status, 'cancelled');
        assert.equal(cancelled.status_message, 'Cancelled by the operator');
        await refused(rig.engine.cancelOrder(stop.order_id, 'op'), 409);
        await tick(rig, 'INFY', 1400);
        const after = await orderNow(rig, stop.order_id);
        assert.equal(after.status, 'cancelled');
        assert.equal(after.triggered_at, null);
        assert.equal((await rig.engine.holdings())[0]?.quantity, 10);
        // The shares are free again for another stop.
        assert.equal(
          (await rig.engine.placeOrder({ ...SELL_SLM, trigger_price: 1350 }, 'op')).status,
          'open',
        );
      });
    });

    describe('an automated order (an intent)', () => {
      let rig: TestEngine;
      before(async () => {
        rig = await freshEngine(database);
      });
      after(() => rig.engine.stop());

      it("records the intent's strategy on the order and its trade; a manual order keeps the default", async () => {
        const automated = await rig.engine.placeOrder(request(), 'system:automation', MOMENTUM);
        assert.equal(automated.strategy, 'Momentum 20/50');
        const manual = await rig.engine.placeOrder(request({ symbol: 'TCS', quantity: 2 }), 'op');
        assert.equal(manual.strategy, 'Paper Trading');
        const trades = await rig.engine.trades();
        assert.equal(trades.find((t) => t.symbol === 'INFY')?.strategy, 'Momentum 20/50');
        assert.equal(trades.find((t) => t.symbol === 'TCS')?.strategy, 'Paper Trading');
        // Exiting part of it by hand: the exit is a trade of the automated lot.
        await rig.engine.placeOrder(request({ side: 'SELL', quantity: 4 }), 'op');
        const infy = await infyTrades(rig);
        assert.deepEqual(
          infy.map((t) => [t.status, t.quantity, t.strategy]),
          [
            ['completed', 4, 'Momentum 20/50'],
            ['open', 6, 'Momentum 20/50'],
          ],
        );
      });

      it("gives a resting automated stop's fill the intent's strategy too", async () => {
        const stop = await rig.engine.placeOrder(
          request({ symbol: 'RELIANCE', quantity: 3, order_type: 'SL-M', trigger_price: 2520 }),
          'system:automation',
          { strategy: 'Breakout', automated: true, confidence: 0.85 },
        );
        assert.equal(stop.strategy, 'Breakout');
        assert.equal(
          (await rig.engine.trades()).find((t) => t.trade_id === stop.order_id)?.strategy,
          'Breakout',
          'the pending trade',
        );
        await tick(rig, 'RELIANCE', 2525);
        assert.equal((await orderNow(rig, stop.order_id)).status, 'filled');
        const reliance = (await rig.engine.trades()).filter((t) => t.symbol === 'RELIANCE');
        assert.deepEqual(
          reliance.map((t) => [t.status, t.quantity, t.strategy]),
          [['open', 3, 'Breakout']],
        );
      });
    });

    describe('over HTTP', () => {
      let t: TestApp;
      let token: string;
      const place = (body: object) => send(t.app, 'POST', '/api/trading/orders', { token, body });
      const preview = (body: object) => send(t.app, 'POST', '/api/trading/orders/preview', { token, body });
      const infy = { symbol: 'INFY', side: 'SELL', quantity: 10, product: 'CNC' };

      before(async () => {
        await database.db.execute(
          sql`truncate table cash_ledger, lots, fills, orders, equity_snapshots, alerts, settings, audit_log restart identity cascade`,
        );
        const clock = new ManualClock(FRIDAY_1030_IST);
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
        const bought = await place({ ...infy, side: 'BUY', order_type: 'MARKET' });
        assert.equal(bought.statusCode, 200, bought.body);
      });
      after(() => t.close());

      it('refuses a malformed stop with 400 and its sentence, writing nothing', async () => {
        const cases: Array<[object, string]> = [
          [{ ...infy, order_type: 'SL-M' }, 'trigger_price is required for an SL or SL-M order'],
          [{ ...infy, order_type: 'SL', trigger_price: 1480 }, 'limit_price is required for an SL order'],
          [
            { ...infy, order_type: 'SL', trigger_price: 1480, limit_price: 1485 },
            'limit_price of a SELL SL order must be at or below its trigger_price',
          ],
          [
            { ...infy, side: 'BUY', order_type: 'SL', trigger_price: 1520, limit_price: 1515 },
            'limit_price of a BUY SL order must be at or above its trigger_price',
          ],
          [
            { ...infy, order_type: 'SL-M', trigger_price: 1480.02 },
            'trigger_price must be a multiple of ₹0.05',
          ],
          [{ ...infy, order_type: 'SL-M', trigger_price: 0 }, 'trigger_price must be above zero'],
        ];
        for (const [body, sentence] of cases) {
          const res = await place(body);
          assert.equal(res.statusCode, 400, JSON.stringify(body));
          assert.ok(res.json<{ message: string }>().message.includes(sentence), res.body);
          assert.equal((await preview(body)).statusCode, 400);
        }
        const open = await send(t.app, 'GET', '/api/trading/orders?status=open', { token });
        assert.deepEqual(open.json<{ data: Order[] }>().data, []);
      });

      it('refuses with 422 a stop whose trigger the price has already crossed, naming both prices', async () => {
        const sell = { ...infy, order_type: 'SL-M', trigger_price: 1500 };
        const res = await place(sell);
        assert.equal(res.statusCode, 422);
        const sentence =
          'Trigger price ₹1,500.00 must be below the last price of INFY, ₹1,500.00: a sell stop-loss triggers when the price falls to its trigger, so this one would trigger at once';
        assert.deepEqual(res.json(), {
          success: false,
          limit: 'stop_trigger',
          error: sentence,
          message: sentence,
        });
        assert.deepEqual((await preview(sell)).json<{ data: OrderPreview }>().data.rejection, {
          limit: 'stop_trigger',
          message: sentence,
        });

        const buy = await place({
          ...infy,
          side: 'BUY',
          order_type: 'SL',
          trigger_price: 1495,
          limit_price: 1500,
        });
        assert.equal(buy.statusCode, 422);
        assert.match(
          buy.json<{ message: string }>().message,
          /^Trigger price ₹1,495.00 must be above the last price of INFY, ₹1,500.00: a buy stop-loss/,
        );
      });

      it('places a stop and says when it triggers', async () => {
        const slm = await place({ ...infy, order_type: 'SL-M', trigger_price: 1480 });
        assert.equal(slm.statusCode, 200, slm.body);
        const body = slm.json<{ message: string; data: Order }>();
        assert.equal(
          body.message,
          'Paper stop-loss order to sell 10 INFY is open: it triggers when the price falls to ₹1,480.00, then sells at market.',
        );
        assert.equal(body.data.trigger_price, 1480);
        await send(t.app, 'POST', `/api/trading/orders/${body.data.order_id}/cancel`, { token });

        const sl = await place({ ...infy, order_type: 'SL', trigger_price: 1480, limit_price: 1475 });
        assert.equal(
          sl.json<{ message: string }>().message,
          'Paper stop-loss order to sell 10 INFY is open: it triggers when the price falls to ₹1,480.00, then sells at a limit of ₹1,475.00.',
        );
        const buy = await place({
          ...infy,
          side: 'BUY',
          quantity: 1,
          order_type: 'SL-M',
          trigger_price: 1520,
        });
        assert.equal(
          buy.json<{ message: string }>().message,
          'Paper stop-loss order to buy 1 INFY is open: it triggers when the price rises to ₹1,520.00, then buys at market.',
        );
      });

      it("shows an automated order's strategy in the trade history", async () => {
        const { order } = await t.app.services.orders.place(
          { symbol: 'HDFCBANK', side: 'BUY', quantity: 5, order_type: 'MARKET', product: 'CNC' },
          'system:automation',
          MOMENTUM,
        );
        assert.equal(order.strategy, 'Momentum 20/50');
        const res = await send(t.app, 'GET', '/api/trading/history?period=all', { token });
        assert.equal(res.statusCode, 200, res.body);
        const trades = res.json<TradeHistoryResponse>().data;
        assert.equal(trades.find((tr) => tr.symbol === 'HDFCBANK')?.strategy, 'Momentum 20/50');
        assert.equal(
          trades.find((tr) => tr.symbol === 'INFY' && tr.status === 'open')?.strategy,
          'Paper Trading',
        );
      });
    });
  });
}
