import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq, sql } from 'drizzle-orm';
import { HttpError } from '../http/errors.js';
import type { OrderPreview, PaperLimits } from '@nivesh/api-contract';
import type { ManualClock } from '../clock.js';
import { schema, type Database } from '../db/index.js';
import { testDatabases } from '../testing/databases.js';
import type { OrderRequest } from '../broker/broker.js';
import type { PaperEngine } from './engine.js';
import { startTestEngine, uniformMarket, type ControlledFeed } from './testing.js';
import { DEFAULT_PAPER_SETTINGS } from './settings.js';
import { toPaise } from './money.js';

const FRIDAY_1030_IST = '2026-11-20T05:00:00.000Z';

interface Rig {
  database: Database;
  clock: ManualClock;
  feed: ControlledFeed;
  engine: PaperEngine;
  close(): Promise<void>;
}

/** A fresh paper account on a shared database: the trading tables are emptied first. */
async function rig(
  database: Database,
  at = FRIDAY_1030_IST,
  market: Parameters<typeof startTestEngine>[2] = {},
): Promise<Rig> {
  await database.db.execute(
    sql`truncate table cash_ledger, lots, fills, orders, equity_snapshots, alerts, settings, audit_log restart identity cascade`,
  );
  const { clock, feed, engine } = await startTestEngine(database.db, at, market);
  return { database, clock, feed, engine, close: () => engine.stop() };
}

/**
 * A rig for the enclosing `describe`: a fresh account before its first test (then `setup`), closed
 * after its last. The returned object is filled in by then.
 */
function freshRig(
  database: () => Database,
  setup?: (r: Rig) => Promise<void>,
  market?: Parameters<typeof startTestEngine>[2],
): Rig {
  const r = {} as Rig;
  before(async () => {
    Object.assign(r, await rig(database(), FRIDAY_1030_IST, market));
    await setup?.(r);
  });
  after(() => r.close());
  return r;
}

/**
 * Limits that only cash can break (paper and risk limits opened wide), and ₹1,00,000 of it (or
 * `balance`). The capital phase's limits stay: orders keep within its share of the account.
 */
async function cashOnly(r: Rig, limits: Partial<PaperLimits> = {}, balance = 100_000): Promise<void> {
  await r.engine.updateSettings(
    {
      max_position_size: 10_000_000,
      max_portfolio_exposure: 1,
      min_balance_threshold: 0,
      max_single_stock: 1,
      max_sector_exposure: 1,
      ...limits,
    },
    'op',
  );
  await r.engine.setBalance(balance, 'op');
}

const order = (overrides: Partial<OrderRequest> = {}): OrderRequest => ({
  symbol: 'INFY',
  side: 'BUY',
  quantity: 10,
  order_type: 'MARKET',
  product: 'CNC',
  ...overrides,
});

async function counts(database: Database) {
  const one = async (
    table: typeof schema.orders | typeof schema.fills | typeof schema.cashLedger | typeof schema.lots,
  ) => Number((await database.db.select({ n: sql<string>`count(*)` }).from(table))[0]!.n);
  return {
    orders: await one(schema.orders),
    fills: await one(schema.fills),
    ledger: await one(schema.cashLedger),
    lots: await one(schema.lots),
  };
}

async function cashPaise(database: Database): Promise<number> {
  const [row] = await database.db
    .select({ cash: sql<string>`coalesce(sum(${schema.cashLedger.amountPaise}), 0)` })
    .from(schema.cashLedger)
    .where(eq(schema.cashLedger.account, 'paper'));
  return Number(row!.cash);
}

async function rejects(promise: Promise<unknown>, status: number, limit?: string): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof HttpError, `expected an HttpError, got ${String(error)}`);
    assert.equal(error.statusCode, status, error.message);
    if (limit) assert.equal(error.extra['limit'], limit);
    return error;
  }
  assert.fail('expected the call to be refused');
}

for (const target of await testDatabases()) {
  describe(`paper engine on ${target.name}`, () => {
    let database: Database;
    before(async () => {
      database = await target.open();
    });
    after(() => database.close());

    describe('a market buy', () => {
      const r = freshRig(() => database);

      it('starts the account with ₹10,00,000 in one opening ledger row', async () => {
        assert.equal(await cashPaise(r.database), 100_000_000);
        const overview = await r.engine.overview();
        assert.equal(overview.portfolio_value, 1_000_000);
        assert.equal(overview.available_balance, 1_000_000);
        assert.equal(overview.total_returns, 0);
      });

      it('fills at once at the last price plus the half-spread, with the delivery charges', async () => {
        const filled = await r.engine.placeOrder(order(), 'operator@nivesh.local');
        assert.equal(filled.status, 'filled');
        assert.equal(filled.filled_quantity, 10);
        assert.equal(filled.average_price, 1500.75, '₹1,500 + 0.05%, on the 0.05 tick');
        // Turnover ₹15,007.50: brokerage ₹20, STT ₹15 (0.1%, to the rupee), exchange ₹0.52
        // (0.00345%), SEBI ₹0.02, stamp ₹2 (0.015%, to the rupee), GST ₹3.70 (18% of ₹20.54).
        assert.deepEqual(filled.charges, {
          brokerage: 20,
          stt: 15,
          exchange_charge: 0.52,
          sebi_fee: 0.02,
          stamp_duty: 2,
          gst: 3.7,
          dp_charge: 0,
          total: 41.24,
        });
        assert.equal(await cashPaise(r.database), 100_000_000 - 1_500_750 - 4_124);
      });

      it('shows the position in holdings, activity, trades and the overview', async () => {
        const [holding] = await r.engine.holdings();
        // Its P&L is the trade history's and the overview's: 10 × (₹1,500 - ₹1,500.75) = -₹7.50
        // at the price, less the buy's ₹41.24 of charges: -₹48.74, -0.32% of the ₹15,007.50 cost.
        assert.deepEqual(
          { ...holding },
          {
            symbol: 'INFY',
            name: 'Infosys Ltd',
            quantity: 10,
            avg_price: 1500.75,
            current_price: 1500,
            market_value: 15_000,
            total_returns: -48.74,
            total_returns_percent: -0.32,
            pnl_basis: 'after_charges',
            day_change_percent: 0,
            product: 'CNC',
          },
        );
        const [activity] = await r.engine.activity(10);
        assert.equal(activity!.action, 'Bought');
        assert.equal(activity!.value, 15_007.5);
        assert.equal(activity!.time_ago, 'just now');
        r.clock.advance(5 * 60_000);
        assert.equal((await r.engine.activity(10))[0]!.time_ago, '5 minutes ago');

        const [trade] = await r.engine.trades();
        assert.equal(trade!.status, 'open');
        assert.equal(trade!.entry_price, 1500.75);
        assert.equal(trade!.current_price, 1500);
        assert.equal(trade!.pnl, -7.5);
        assert.equal(trade!.fees, 41.24);
        assert.equal(trade!.net_pnl, -48.74);
        assert.equal(trade!.strategy, 'Paper Trading');

        const overview = await r.engine.overview();
        assert.equal(overview.portfolio_value, 984_951.26 + 15_000);
        assert.equal(overview.invested_value, 15_000);
        assert.equal(overview.total_returns, -48.74);
        // One definition with the trade history: the open trade's P&L after its entry charges is
        // unrealised; nothing is realised until shares are sold.
        assert.equal(overview.unrealized_pnl, -48.74);
        assert.equal(overview.realized_pnl, 0, 'no share sold yet');
        assert.equal(overview.day_change, -48.74);
        assert.equal(overview.active_positions, 1);
        assert.equal(overview.trades_today, 1);
        assert.equal(overview.limits_status?.positions_status.current, 1);
        assert.equal(overview.limits_status?.exposure_status.current_percentage, 1.5);
      });
    });

    describe('limit orders and cancelling', () => {
      const r = freshRig(() => database);

      it('rests until a published tick crosses, then fills at min(limit, ltp with spread)', async () => {
        const placed = await r.engine.placeOrder(order({ order_type: 'LIMIT', limit_price: 1490 }), 'op');
        assert.equal(placed.status, 'open');
        assert.equal(placed.limit_price, 1490);
        assert.equal((await r.engine.listOrders({ status: 'open', limit: 10 })).length, 1);

        r.feed.move('INFY', 1495);
        await r.engine.idle();
        assert.equal(
          (await r.engine.listOrders({ status: 'open', limit: 10 })).length,
          1,
          'not crossed at ₹1,495',
        );

        r.feed.move('INFY', 1489);
        await r.engine.idle();
        const [filled] = await r.engine.listOrders({ status: 'filled', limit: 10 });
        assert.equal(filled?.order_id, placed.order_id);
        assert.equal(filled?.average_price, 1489.75, '₹1,489 + 0.05% = ₹1,489.7445, up to ₹1,489.75');
        assert.ok(filled?.charges && filled.charges.total > 0);
        assert.equal((await r.engine.holdings())[0]?.quantity, 10);
      });

      it('fills a sell limit once the price reaches it, at max(limit, ltp with spread)', async () => {
        const placed = await r.engine.placeOrder(
          order({ side: 'SELL', order_type: 'LIMIT', limit_price: 1510, quantity: 4 }),
          'op',
        );
        r.feed.move('INFY', 1520);
        await r.engine.idle();
        const filled = (await r.engine.listOrders({ status: 'filled', limit: 10 })).find(
          (o) => o.order_id === placed.order_id,
        );
        assert.equal(filled?.side, 'SELL');
        assert.equal(filled?.average_price, 1519.2, '₹1,520 - 0.05% = ₹1,519.24, down to ₹1,519.20');
        // Bought today: the sell settles as intraday (costs.ts, "Same-day settlement"). The day's
        // note: 0.1% of the 6 of the 10 bought at ₹1,489.75 still delivered (₹8,938.50) = ₹8.94,
        // and 0.025% of the ₹6,076.80 sold = ₹1.52: ₹10.46 → ₹10, less the ₹15 the buy paid: -₹5.
        assert.equal(filled?.charges?.dp_charge, 0, 'no share leaves the demat account');
        assert.equal(filled?.charges?.stt, -5);
      });

      it('cancels an open order, and refuses to cancel it twice or an unknown one', async () => {
        const placed = await r.engine.placeOrder(order({ order_type: 'LIMIT', limit_price: 1250 }), 'op');
        const cancelled = await r.engine.cancelOrder(placed.order_id, 'op');
        assert.equal(cancelled.status, 'cancelled');
        assert.equal(cancelled.status_message, 'Cancelled by the operator');
        const again = await rejects(r.engine.cancelOrder(placed.order_id, 'op'), 409);
        assert.equal(again.message, `Order ${placed.order_id} is cancelled and can no longer be cancelled.`);
        await rejects(r.engine.cancelOrder('PO-000000-nothere', 'op'), 404);
        r.feed.move('INFY', 1240);
        await r.engine.idle();
        assert.equal(
          (await r.engine.listOrders({ status: 'filled', limit: 100 })).length,
          2,
          'the cancelled order never fills',
        );
      });

      it('expires day orders still open after the close', async () => {
        // INFY is at ₹1,240 now: a limit buy at ₹1,210 rests.
        const placed = await r.engine.placeOrder(order({ order_type: 'LIMIT', limit_price: 1210 }), 'op');
        r.clock.set('2026-11-20T10:01:00.000Z'); // 15:31 IST
        const result = await r.engine.runScheduled();
        assert.equal(result.cancelled, 1);
        const expired = (await r.engine.listOrders({ status: 'cancelled', limit: 10 })).find(
          (o) => o.order_id === placed.order_id,
        );
        assert.equal(expired?.status_message, 'Expired unfilled at the close (day order)');
      });
    });

    describe('the DP charge', () => {
      const r = freshRig(() => database);

      it('is paid once per stock per day, by delivery sells of shares bought on an earlier day', async () => {
        await r.engine.placeOrder(order({ quantity: 10 }), 'op'); // Friday, at ₹1,500.75
        r.clock.set('2026-11-23T05:00:00.000Z'); // Monday 10:30 IST
        const first = await r.engine.placeOrder(order({ side: 'SELL', quantity: 4 }), 'op');
        assert.equal(first.average_price, 1499.25);
        assert.equal(first.charges?.dp_charge, 21.83, 'DP ₹18.50 + 18% GST');
        assert.equal(first.charges?.stt, 6, 'delivery STT 0.1% of ₹5,997 = ₹6.00');
        const second = await r.engine.placeOrder(order({ side: 'SELL', quantity: 1 }), 'op');
        assert.equal(second.status, 'filled');
        assert.equal(second.charges?.dp_charge, 0);
      });
    });

    describe("a day's STT and stamp duty of a stock", () => {
      const r = freshRig(() => database);

      it("add up to the contract note's, rounded once per stock per day, over a restart of the engine too", async () => {
        // Twelve intraday round trips of 5 INFY: buys at ₹1,500.75 (the ask), ₹7,503.75 each, stamp
        // duty 0.003% = ₹0.225, ₹0 each if rounded alone; sells at ₹1,499.25 (the bid), ₹7,496.25
        // each, STT 0.025% = ₹1.874, ₹2 each alone (₹24 in all).
        const buy = order({ quantity: 5, product: 'MIS' });
        const sell = { ...buy, side: 'SELL' as const };
        const stamps: number[] = [];
        let stt = 0;
        const roundTrips = async (engine: PaperEngine, times: number) => {
          for (let i = 0; i < times; i += 1) {
            stamps.push((await engine.placeOrder(buy, 'op')).charges!.stamp_duty);
            stt += (await engine.placeOrder(sell, 'op')).charges!.stt;
          }
        };
        await roundTrips(r.engine, 6);
        // A second engine on the same database reads the day's fills back and goes on from them.
        const again = await startTestEngine(database.db, FRIDAY_1030_IST);
        try {
          await roundTrips(again.engine, 6);
        } finally {
          await again.engine.stop();
        }
        // The note's stamp duty: running totals ₹0.225, 0.45, 0.675 (→ ₹1), 0.90, 1.125, 1.35,
        // 1.575 (→ ₹2), 1.80, 2.025, 2.25, 2.475, 2.70 (→ ₹3): a buy pays as the rounded total moves.
        assert.deepEqual(stamps, [0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
        // Its STT: 0.025% of the ₹89,955 sold = ₹22.49 → ₹22.
        assert.equal(stt, 22);
      });
    });

    describe('when the market is shut', () => {
      const r = freshRig(
        () => database,
        async (rig) => {
          rig.feed.open = false;
        },
      );

      it('rests a delivery market order and fills it at the first tick of the next session', async () => {
        const placed = await r.engine.placeOrder(order({ quantity: 5 }), 'op');
        assert.equal(placed.status, 'open');
        r.feed.move('INFY', 1510);
        await r.engine.idle();
        assert.equal(
          (await r.engine.listOrders({ status: 'open', limit: 5 })).length,
          1,
          'no fill while shut',
        );
        r.feed.open = true;
        r.feed.move('INFY', 1520);
        await r.engine.idle();
        const [filled] = await r.engine.listOrders({ status: 'filled', limit: 1 });
        assert.equal(filled?.order_id, placed.order_id);
        assert.equal(filled?.average_price, 1520.8, '₹1,520 + 0.05% = ₹1,520.76, up to ₹1,520.80');
      });

      it('refuses intraday (MIS) orders while shut, writing nothing', async () => {
        r.feed.open = false;
        const before = await counts(r.database);
        const error = await rejects(
          r.engine.placeOrder(order({ product: 'MIS' }), 'op'),
          422,
          'market_closed',
        );
        assert.match(
          error.message,
          /^Market closed: intraday \(MIS\) orders are accepted only while the market is open/,
        );
        assert.deepEqual(await counts(r.database), before);
        const preview = await r.engine.preview(order({ product: 'MIS' }));
        assert.deepEqual(preview.rejection, { limit: 'market_closed', message: error.message });
        assert.equal(preview.market_open, false);
      });
    });

    describe('intraday square-off', () => {
      const r = freshRig(() => database);

      it('closes MIS positions at market at 15:20 IST, cancels open MIS orders and raises an alert', async () => {
        const long = await r.engine.placeOrder(order({ product: 'MIS', quantity: 10 }), 'op');
        assert.equal(long.status, 'filled');
        const short = await r.engine.placeOrder(
          order({ symbol: 'TCS', side: 'SELL', product: 'MIS', quantity: 5 }),
          'op',
        );
        assert.equal(short.status, 'filled', 'an intraday sell without a long opens a short');
        assert.deepEqual(
          (await r.engine.holdings()).map((h) => [h.symbol, h.product, h.quantity]),
          [
            ['INFY', 'MIS', 10],
            ['TCS', 'MIS', -5],
          ],
        );
        const resting = await r.engine.placeOrder(
          order({ symbol: 'RELIANCE', product: 'MIS', order_type: 'LIMIT', limit_price: 2000 }),
          'op',
        );
        await r.engine.placeOrder(order({ symbol: 'HDFCBANK', quantity: 2 }), 'op'); // delivery, untouched

        r.clock.set('2026-11-20T09:49:00.000Z'); // 15:19 IST
        assert.equal((await r.engine.runScheduled()).squaredOff, 0, 'not before 15:20');

        r.feed.move('INFY', 1510);
        r.feed.move('TCS', 3180);
        await r.engine.idle();
        r.clock.set('2026-11-20T09:50:00.000Z'); // 15:20 IST
        const result = await r.engine.runScheduled();
        assert.equal(result.squaredOff, 2);
        assert.equal(result.cancelled, 1);
        assert.deepEqual(
          (await r.engine.holdings()).map((h) => [h.symbol, h.product, h.quantity]),
          [['HDFCBANK', 'CNC', 2]],
        );
        const [cancelled] = await r.engine.listOrders({ status: 'cancelled', limit: 1 });
        assert.equal(cancelled?.order_id, resting.order_id);
        assert.equal(cancelled?.status_message, 'Cancelled at the 15:20 IST intraday square-off');

        const alerts = await r.database.db.select().from(schema.alerts);
        assert.equal(alerts.length, 1);
        assert.equal(
          alerts[0]!.message,
          'Paper account intraday (MIS) square-off at 15:20 IST: closed 2 intraday positions ' +
            '(sold 10 INFY at ₹1,509.20; bought 5 TCS at ₹3,181.60) and cancelled 1 open intraday order.',
        );
        const trades = await r.engine.trades();
        const infy = trades.find((t) => t.symbol === 'INFY')!;
        assert.equal(infy.status, 'completed');
        assert.equal(infy.exit_price, 1509.2);
        assert.equal(infy.pnl, 84.5, '10 × (₹1,509.20 - ₹1,500.75)');

        assert.equal((await r.engine.runScheduled()).squaredOff, 0, 'nothing left to square off');
        await rejects(r.engine.placeOrder(order({ product: 'MIS' }), 'op'), 422, 'market_closed');
      });
    });

    describe('refusals write nothing', () => {
      const r = freshRig(() => database);

      it('refuses a delivery sell without holdings', async () => {
        const before = await counts(r.database);
        const error = await rejects(
          r.engine.placeOrder(order({ side: 'SELL', quantity: 3 }), 'op'),
          422,
          'insufficient_holdings',
        );
        assert.equal(
          error.message,
          'Insufficient holdings: this order sells 3 INFY for delivery (CNC) and 0 shares are available to sell',
        );
        assert.deepEqual(await counts(r.database), before);
      });

      it('refuses an order over a limit with the figures, and the preview says the same', async () => {
        const before = await counts(r.database);
        const big = order({ quantity: 40 }); // 40 × ₹1,500.75 = ₹60,030
        const error = await rejects(r.engine.placeOrder(big, 'op'), 422, 'max_position_size');
        assert.equal(
          error.message,
          'Max position size ₹50,000 exceeded: this order would make the INFY position ₹60,030.00',
        );
        assert.deepEqual(await counts(r.database), before);
        const preview = await r.engine.preview(big);
        assert.deepEqual(preview.rejection, { limit: 'max_position_size', message: error.message });
        assert.equal(preview.estimated_price, 1500.75);
        assert.equal(preview.order_value, 60_030);
        assert.equal(preview.net_amount, 60_030 + preview.charges.total);
        assert.equal(preview.available_balance, 1_000_000);
        assert.equal(preview.market_open, true);
      });

      it("refuses a limit or trigger price outside the stock's price band, naming the band", async () => {
        const before = await counts(r.database);
        // INFY closed at ₹1,500 yesterday: no band known from the feed, so ±20%: ₹1,200 to ₹1,800.
        const band =
          'INFY may trade between ₹1,200.00 and ₹1,800.00 today (±20% of the previous close of ₹1,500.00, ' +
          "as NSE's own band for it is not known here)";
        const low = await rejects(
          r.engine.placeOrder(order({ order_type: 'LIMIT', limit_price: 100 }), 'op'),
          422,
          'price_band',
        );
        assert.equal(
          low.message,
          `Outside the price band: ${band}, so the exchange would refuse a limit price of ₹100.00`,
        );
        const preview = await r.engine.preview(order({ order_type: 'LIMIT', limit_price: 100 }));
        assert.deepEqual(preview.rejection, { limit: 'price_band', message: low.message });
        const trigger = await rejects(
          r.engine.placeOrder(order({ order_type: 'SL-M', trigger_price: 1_800.05 }), 'op'),
          422,
          'price_band',
        );
        assert.equal(
          trigger.message,
          `Outside the price band: ${band}, so the exchange would refuse a trigger price of ₹1,800.05`,
        );
        assert.deepEqual(await counts(r.database), before);
        const edge = await r.engine.placeOrder(order({ order_type: 'LIMIT', limit_price: 1200 }), 'op');
        assert.equal(edge.status, 'open', 'the band’s own limit is inside it');
        await r.engine.cancelOrder(edge.order_id, 'op');
      });

      it('refuses an unknown symbol with 400', async () => {
        const error = await rejects(r.engine.placeOrder(order({ symbol: 'XYZ' }), 'op'), 400);
        assert.match(error.message, /^Unknown symbol XYZ: /);
      });
    });

    describe('the preview and placing', () => {
      const r = freshRig(() => database);

      /** Previews, then places: the fill must be exactly what the preview said. */
      async function previewThenPlace(request: OrderRequest): Promise<OrderPreview> {
        const preview = await r.engine.preview(request);
        assert.equal(preview.rejection, null);
        const before = await cashPaise(r.database);
        const placed = await r.engine.placeOrder(request, 'op');
        assert.equal(placed.status, 'filled');
        assert.equal(placed.average_price, preview.estimated_price);
        assert.deepEqual(placed.charges, preview.charges);
        const moved = (await cashPaise(r.database)) - before;
        assert.equal(moved, toPaise(request.side === 'BUY' ? -preview.net_amount : preview.net_amount));
        return preview;
      }

      it('give the same price, charges and cash for buys, FIFO sells and an intraday short', async () => {
        const buy = await previewThenPlace(order({ quantity: 10 }));
        assert.equal(buy.net_amount, 15_048.74, '₹15,007.50 + ₹41.24 of charges');
        assert.equal(buy.true_up, null, "the day's first fill pays its own charges");
        assert.deepEqual(buy.own_charges, buy.charges);
        r.feed.move('INFY', 1520);
        const second = await previewThenPlace(order({ quantity: 10 }));
        // Stamp duty alone 0.015% of ₹15,208 = ₹2.28 → ₹2, but the day's note has ₹4.53 → ₹5 of
        // which the first buy paid ₹2: this one pays ₹1 of the day's rounding.
        assert.equal(second.own_charges.stamp_duty, 2);
        assert.equal(second.charges.stamp_duty, 3);
        assert.deepEqual(second.true_up, {
          same_day_quantity: 0,
          stt: 0,
          stamp_duty: 1,
          dp_charge: 0,
          total: 1,
        });
        r.feed.move('INFY', 1540);
        const sell = await previewThenPlace(order({ side: 'SELL', quantity: 15 }));
        assert.equal(sell.estimated_price, 1539.2);
        // All 20 were bought today: the sells settle as intraday, no DP, and the preview says so.
        // The buys paid STT ₹15 + ₹15 and stamp duty ₹2 + ₹3 (the note's 0.015% of ₹30,215.50 =
        // ₹4.53 → ₹5). After the sell the note has STT 0.1% of the 5 shares still delivered
        // (₹7,553.88 at the buys' average) + 0.025% of the ₹23,088 sold = ₹13.33 → ₹13 (-₹17), and
        // stamp 0.015% of ₹7,553.88 + 0.003% of the ₹22,661.63 matched = ₹1.81 → ₹2 (-₹3). The
        // sell's own shares would pay ₹6 of intraday STT alone: it takes back ₹26.
        assert.equal(sell.charges.dp_charge, 0, 'no DP on shares bought today');
        assert.equal(sell.charges.stt, -17);
        assert.equal(sell.charges.stamp_duty, -3);
        assert.equal(sell.own_charges.stt, 6, 'its own 15 shares at the intraday rate');
        assert.equal(sell.own_charges.stamp_duty, 0);
        assert.deepEqual(sell.true_up, {
          same_day_quantity: 15,
          stt: -23,
          stamp_duty: -3,
          dp_charge: 0,
          total: -26,
        });
        assert.equal(sell.own_charges.total + sell.true_up.total, sell.charges.total);
        const again = await previewThenPlace(order({ side: 'SELL', quantity: 5 }));
        assert.equal(again.charges.dp_charge, 0);
        assert.equal(again.true_up?.same_day_quantity, 5);
        await previewThenPlace(order({ symbol: 'TCS', side: 'SELL', product: 'MIS', quantity: 5 }));
        assert.deepEqual(
          (await r.engine.holdings()).map((h) => [h.symbol, h.product, h.quantity]),
          [['TCS', 'MIS', -5]],
        );
      });

      it('refuse with the same sentence when an open buy is counted but no shares are held', async () => {
        // The resting buy makes 2 HDFCBANK "to come", which the limits count; the lots hold none.
        await r.engine.placeOrder(
          order({ symbol: 'HDFCBANK', order_type: 'LIMIT', limit_price: 1400, quantity: 2 }),
          'op',
        );
        const sell = order({ symbol: 'HDFCBANK', side: 'SELL', quantity: 2 });
        const preview = await r.engine.preview(sell);
        const before = await counts(r.database);
        const error = await rejects(r.engine.placeOrder(sell, 'op'), 422, 'insufficient_holdings');
        assert.equal(
          error.message,
          'Insufficient holdings: HDFCBANK has fewer delivery shares than this sell',
        );
        assert.deepEqual(preview.rejection, { limit: 'insufficient_holdings', message: error.message });
        assert.deepEqual(await counts(r.database), before);
      });
    });

    describe('FIFO lots', () => {
      const r = freshRig(() => database);

      it('closes the oldest lots first and splits the exit charges between them to the paisa', async () => {
        await r.engine.placeOrder(order({ quantity: 10 }), 'op'); // at ₹1,500.75
        r.feed.move('INFY', 1520);
        await r.engine.placeOrder(order({ quantity: 10 }), 'op'); // at ₹1,520.80
        r.feed.move('INFY', 1540);
        const sell = await r.engine.placeOrder(order({ side: 'SELL', quantity: 15 }), 'op'); // at ₹1,539.25
        assert.equal(sell.average_price, 1539.2);
        const lots = await r.database.db.select().from(schema.lots).orderBy(schema.lots.id);
        assert.deepEqual(
          lots.map((l) => [l.quantity, l.openQuantity, l.exitQuantity, l.realizedPnlPaise]),
          [
            [10, 0, 10, 10 * (153_920 - 150_075)],
            [10, 5, 5, 5 * (153_920 - 152_080)],
          ],
        );
        const exitCharges = lots[0]!.exitChargesPaise + lots[1]!.exitChargesPaise;
        assert.equal(
          exitCharges * 100,
          Math.round(sell.charges!.total * 100) * 100,
          'no paisa lost in the split',
        );
        assert.ok(Math.abs(lots[0]!.exitChargesPaise - 2 * lots[1]!.exitChargesPaise) <= 2, 'split 10 : 5');
        const holding = (await r.engine.holdings())[0]!;
        assert.equal(holding.quantity, 5);
        assert.equal(holding.avg_price, 1520.8);
        // The first lot is a completed trade of 10; the 5 sold of the second are a completed trade of 5.
        const completed = (await r.engine.trades()).filter((t) => t.status === 'completed');
        assert.deepEqual(
          completed.map((t) => [t.quantity, t.exit_price]).sort(([a], [b]) => b! - a!),
          [
            [10, 1539.2],
            [5, 1539.2],
          ],
        );
      });
    });

    describe('balance and reset', () => {
      const r = freshRig(() => database);

      it('sets the balance with an adjustment row, refusing a negative amount', async () => {
        const error = await rejects(r.engine.setBalance(-5, 'op'), 400);
        assert.equal(error.message, 'Please enter a valid positive balance amount.');
        assert.deepEqual(await r.engine.setBalance(500_000, 'op'), { balance: 500_000 });
        assert.equal(await cashPaise(r.database), 50_000_000);
        const rows = await r.database.db
          .select()
          .from(schema.cashLedger)
          .where(and(eq(schema.cashLedger.account, 'paper'), eq(schema.cashLedger.kind, 'adjustment')));
        assert.equal(rows.length, 1);
        assert.equal(rows[0]!.amountPaise, -50_000_000);
        assert.equal((await r.engine.overview()).total_returns, 0, 'a deposit or withdrawal is not a return');
      });

      it('reset closes positions, cancels open orders and sets the cash to the amount', async () => {
        await r.engine.placeOrder(order({ quantity: 10 }), 'op');
        await r.engine.placeOrder(
          order({ symbol: 'TCS', order_type: 'LIMIT', limit_price: 3000, quantity: 1 }),
          'op',
        );
        r.feed.move('INFY', 1400);
        const result = await r.engine.reset(1_000_000, 'op');
        assert.deepEqual(result, { balance: 1_000_000 });
        assert.equal(await cashPaise(r.database), 100_000_000);
        assert.deepEqual(await r.engine.holdings(), []);
        assert.equal((await r.engine.listOrders({ status: 'open', limit: 10 })).length, 0);
        const overview = await r.engine.overview();
        assert.equal(overview.portfolio_value, 1_000_000);
        assert.equal(overview.total_returns, 0);
        assert.equal(overview.realized_pnl, 0);
        assert.equal(overview.total_trades, 0);
        assert.equal(overview.day_change, 0, 'the day starts again at the reset');
        const trades = await r.engine.trades();
        assert.equal(
          trades.find((t) => t.symbol === 'INFY')?.status,
          'completed',
          'history keeps the closed trade',
        );
      });
    });

    describe('limits and cost settings', () => {
      const r = freshRig(() => database);

      it('keeps the defaults until changed, then applies the new figures to the next order', async () => {
        assert.deepEqual(await r.engine.settings(), DEFAULT_PAPER_SETTINGS);
        await r.engine.setLimits(
          {
            ...DEFAULT_PAPER_SETTINGS,
            max_position_size: 10_000,
            brokerage_per_trade: 0,
            transaction_charges: 0.00307,
          },
          'op',
        );
        const stored = await r.engine.settings();
        assert.equal(stored.max_position_size, 10_000);
        assert.equal(stored.dp_charge, 18.5, 'settings outside the eight fields stay');
        await rejects(r.engine.placeOrder(order({ quantity: 7 }), 'op'), 422, 'max_position_size');
        const filled = await r.engine.placeOrder(order({ quantity: 6 }), 'op');
        assert.equal(filled.charges?.brokerage, 0);
        const audit = await r.database.db.select().from(schema.auditLog);
        assert.ok(audit.some((a) => a.action === 'paper.limits.set' && a.actor === 'op'));
      });
    });

    describe('resting orders crossing on the same tick', () => {
      // Accepted while the account holds ₹16,00,000 (Phase 4 Professional: up to 6%, ₹96,000, in
      // one position), then the cash is set to ₹1,00,000.
      const r = freshRig(
        () => database,
        (rig) => cashOnly(rig, {}, 1_600_000),
      );

      it('fill one after the other, each order’s cash counted once', async () => {
        // 2 × 30 × ₹1,490 + charges ≈ ₹89,500 of ₹1,00,000: both were accepted, both must fill.
        const first = await r.engine.placeOrder(
          order({ order_type: 'LIMIT', limit_price: 1490, quantity: 30 }),
          'op',
        );
        const second = await r.engine.placeOrder(
          order({ order_type: 'LIMIT', limit_price: 1490, quantity: 30 }),
          'op',
        );
        await r.engine.setBalance(100_000, 'op');
        r.feed.move('INFY', 1480);
        await r.engine.idle();
        const filled = await r.engine.listOrders({ status: 'filled', limit: 10 });
        assert.deepEqual(filled.map((o) => o.order_id).sort(), [first.order_id, second.order_id].sort());
        assert.equal((await r.engine.holdings())[0]?.quantity, 60);
      });
    });

    describe('concurrent orders', () => {
      // Forty ₹3,000 stocks: one share of each is within Phase 2 Growth's 4% (₹4,000) of the
      // ₹1,00,000 account, so only cash stops the buys.
      const market = uniformMarket(40, 3000);
      const { symbols } = market;
      const r = freshRig(
        () => database,
        (rig) => cashOnly(rig, { max_positions_count: 100 }),
        { instruments: market.instruments, prices: market.prices },
      );

      it('never spend the same cash twice', async () => {
        // Each buy costs its preview's net amount (about ₹3,030): 33 fit in ₹1,00,000, the 34th does not.
        const cost = (await r.engine.preview(order({ symbol: 'STOCK1', quantity: 1 }))).net_amount;
        const fit = Math.floor(100_000 / cost);
        assert.equal(fit, 33, `each buy costs ₹${cost}`);
        const results = await Promise.allSettled(
          symbols.map((symbol) => r.engine.placeOrder(order({ symbol, quantity: 1 }), 'op')),
        );
        const filled = results.filter((x) => x.status === 'fulfilled');
        const refused = results.filter((x) => x.status === 'rejected');
        assert.equal(filled.length, fit);
        assert.equal(refused.length, symbols.length - fit);
        for (const x of refused) assert.equal((x.reason as HttpError).extra['limit'], 'insufficient_funds');
        assert.ok((await cashPaise(r.database)) >= 0);
      });
    });
  });
}
