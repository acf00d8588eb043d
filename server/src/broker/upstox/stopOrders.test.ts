/**
 * Live stop-loss orders against the fake Upstox: SL and SL-M go out with Upstox's order_type,
 * price and trigger_price, wait 'trigger pending', and the order list follows them to triggered
 * and filled. An automated order's strategy is recorded on the live order too.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { schema } from '../../db/index.js';
import { loadInstrumentMaster } from '../../market/instruments.js';
import { OPERATOR_EMAIL, send, testDatabases } from '../../testing/index.js';
import type { OrderRequest } from '../broker.js';
import { RELIANCE_QUOTE, type FakeUpstox } from './fake/fakeUpstox.js';
import { upstoxTestApp } from './fake/testApp.js';

const master = loadInstrumentMaster();
const RELIANCE = master.bySymbol('RELIANCE')!;
const HDFCBANK = master.bySymbol('HDFCBANK')!;

function arrange(fake: FakeUpstox): void {
  fake.addInstrument(RELIANCE_QUOTE);
  fake.addInstrument({
    key: HDFCBANK.instrumentKey,
    symbol: 'HDFCBANK',
    ltp: 1650.4,
    cp: 1660,
    open: 1658,
    high: 1662,
    low: 1645,
    volume: 900_000,
  });
}

for (const target of await testDatabases()) {
  describe(`live stop-loss orders with Upstox on ${target.name}`, () => {
    const u = upstoxTestApp(target, { arrange });
    const broker = () => u.t.app.services.upstox.liveBroker;
    const lastPlaceBody = () =>
      JSON.parse(u.fake.requests.filter((r) => r.path === '/v3/order/place').at(-1)!.body) as Record<
        string,
        unknown
      >;
    const listed = async (orderId: string) =>
      (await broker().listOrders({ status: 'all', limit: 50 })).find((o) => o.order_id === orderId)!;

    before(async () => {
      const stored = await send(u.t.app, 'POST', '/api/upstox/token/update', {
        token: u.token,
        body: { access_token: u.fake.issueToken() },
      });
      assert.equal(stored.statusCode, 200, stored.body);
      const live = await send(u.t.app, 'POST', '/api/trading/mode', {
        token: u.token,
        body: { mode: 'live' },
      });
      assert.equal(live.statusCode, 200, live.body);
      u.fake.state.cash = 100_000;
    });

    it("sends an SL sell with its limit and trigger, records the automation's strategy, and follows it to triggered and filled", async () => {
      const sl: OrderRequest = {
        symbol: 'RELIANCE',
        side: 'SELL',
        quantity: 2,
        order_type: 'SL',
        trigger_price: 2480,
        limit_price: 2475,
        product: 'MIS',
      };
      const order = await broker().placeOrder(sl, 'system:automation', {
        strategy: 'Breakout',
        automated: true,
        confidence: 0.8,
      });
      assert.deepEqual(
        {
          order_type: lastPlaceBody()['order_type'],
          price: lastPlaceBody()['price'],
          trigger_price: lastPlaceBody()['trigger_price'],
          transaction_type: lastPlaceBody()['transaction_type'],
        },
        { order_type: 'SL', price: 2475, trigger_price: 2480, transaction_type: 'SELL' },
      );
      assert.equal(order.status, 'open');
      assert.equal(order.status_message, 'Upstox: trigger pending');
      assert.equal(order.order_type, 'SL');
      assert.equal(order.trigger_price, 2480);
      assert.equal(order.limit_price, 2475);
      assert.equal(order.triggered_at, null);
      assert.equal(order.strategy, 'Breakout');
      const [row] = await u.database.db
        .select()
        .from(schema.orders)
        .where(eq(schema.orders.id, order.order_id));
      assert.equal(row?.triggerPricePaise, 248_000);
      assert.equal(row?.strategy, 'Breakout');

      // The price gaps to ₹2,470: the stop triggers and waits at the exchange as a ₹2,475 limit sell.
      u.t.clock.advance(60_000);
      u.fake.setPrice(RELIANCE.instrumentKey, 2470);
      const triggered = await listed(order.order_id);
      assert.equal(triggered.status, 'open');
      assert.equal(triggered.triggered_at, u.t.clock.now().toISOString());

      u.fake.fillOrder(order.broker_order_id!, 2476);
      const filled = await listed(order.order_id);
      assert.equal(filled.status, 'filled');
      assert.equal(filled.average_price, 2476);
      assert.equal(filled.triggered_at, triggered.triggered_at);
      u.fake.setPrice(RELIANCE.instrumentKey, 2500);
    });

    it('sends an SL-M buy with trigger_price and no price; it fills once the price rises to the trigger', async () => {
      const order = await broker().placeOrder(
        {
          symbol: 'HDFCBANK',
          side: 'BUY',
          quantity: 1,
          order_type: 'SL-M',
          trigger_price: 1660,
          product: 'CNC',
        },
        OPERATOR_EMAIL,
      );
      const body = lastPlaceBody();
      assert.equal(body['order_type'], 'SL-M');
      assert.equal(body['price'], 0);
      assert.equal(body['trigger_price'], 1660);
      assert.equal(order.status, 'open');
      assert.equal(order.strategy, 'Live Trading', 'a manual live order keeps the default');

      u.fake.setPrice(HDFCBANK.instrumentKey, 1655);
      assert.equal((await listed(order.order_id)).status, 'open');
      u.fake.setPrice(HDFCBANK.instrumentKey, 1661);
      const filled = await listed(order.order_id);
      assert.equal(filled.status, 'filled');
      assert.equal(filled.average_price, 1661);
      assert.notEqual(filled.triggered_at, null);
    });

    it('previews a stop at its trigger (SL-M) or limit (SL), and refuses a trigger the price has passed', async () => {
      const slm = await broker().preview({
        symbol: 'RELIANCE',
        side: 'SELL',
        quantity: 2,
        order_type: 'SL-M',
        trigger_price: 2450,
        product: 'MIS',
      });
      assert.equal(slm.estimated_price, 2450);
      assert.equal(slm.rejection, null);
      const sl = await broker().preview({
        symbol: 'RELIANCE',
        side: 'SELL',
        quantity: 2,
        order_type: 'SL',
        trigger_price: 2450,
        limit_price: 2440,
        product: 'MIS',
      });
      assert.equal(sl.estimated_price, 2440);
      const passed = await broker().preview({
        symbol: 'RELIANCE',
        side: 'SELL',
        quantity: 2,
        order_type: 'SL-M',
        trigger_price: 2510,
        product: 'MIS',
      });
      assert.deepEqual(passed.rejection, {
        limit: 'stop_trigger',
        message:
          'Trigger price ₹2,510.00 must be below the last price of RELIANCE, ₹2,500.00: a sell stop-loss triggers when the price falls to its trigger, so this one would trigger at once',
      });
    });
  });
}
