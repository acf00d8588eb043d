/**
 * Reconciliation, as a property: after a long seeded random run of orders (market and limit, buy
 * and sell, delivery and intraday, cancels, balance changes, price ticks, a close and a new day),
 * the books agree with each other exactly, in paise.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { summarizeTrades, type TradeProduct, type TradeSide } from '@nivesh/api-contract';
import { HttpError } from '../http/errors.js';
import type { ManualClock } from '../clock.js';
import { schema, type Database } from '../db/index.js';
import type { TickHub } from '../market/feed.js';
import { testDatabases } from '../testing/databases.js';
import type { PaperEngine } from './engine.js';
import { startTestEngine, type ControlledFeed } from './testing.js';
import { DEFAULT_PAPER_SETTINGS } from './settings.js';
import { toPaise } from './money.js';

const ORDERS = 300;
const SYMBOLS = ['INFY', 'TCS', 'RELIANCE', 'HDFCBANK', 'M&M'] as const;

/** mulberry32: a small seeded generator, so a failure replays exactly. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function count(database: Database): Promise<string> {
  const rows = await database.db.execute(
    sql`select (select count(*) from orders) || '/' || (select count(*) from fills) || '/' || (select count(*) from cash_ledger) || '/' || (select count(*) from lots) as n`,
  );
  return JSON.stringify(rows);
}

async function books(database: Database, hub: TickHub) {
  const db = database.db;
  const ledger = await db.select().from(schema.cashLedger).where(eq(schema.cashLedger.account, 'paper'));
  const lots = await db.select().from(schema.lots).where(eq(schema.lots.account, 'paper'));
  const fills = await db.select().from(schema.fills).where(eq(schema.fills.account, 'paper'));
  const orders = await db.select().from(schema.orders).where(eq(schema.orders.account, 'paper'));
  const ltp = (symbol: string) => toPaise(hub.last(symbol)!.ltp);
  const sign = (side: string) => (side === 'BUY' ? 1 : -1);
  const cash = ledger.reduce((s, r) => s + r.amountPaise, 0);
  const deposits = ledger
    .filter((r) => ['opening', 'reset', 'adjustment'].includes(r.kind))
    .reduce((s, r) => s + r.amountPaise, 0);
  const open = lots.filter((l) => l.openQuantity > 0);
  const holdings = open.reduce((s, l) => s + sign(l.side) * l.openQuantity * ltp(l.symbol), 0);
  const realized = lots.reduce((s, l) => s + l.realizedPnlPaise, 0);
  const unrealized = open.reduce(
    (s, l) => s + sign(l.side) * l.openQuantity * (ltp(l.symbol) - l.entryPricePaise),
    0,
  );
  const charges = fills.reduce((s, f) => s + f.chargesPaise, 0);
  return {
    ledger,
    lots,
    fills,
    orders,
    cash,
    deposits,
    holdings,
    value: cash + holdings,
    realized,
    unrealized,
    charges,
  };
}

for (const target of await testDatabases()) {
  describe(`paper reconciliation on ${target.name}`, () => {
    let database: Database;
    let clock: ManualClock;
    let feed: ControlledFeed;
    let hub: TickHub;
    let engine: PaperEngine;

    before(async () => {
      database = await target.open();
      // Friday 10:30 IST.
      ({ clock, hub, feed, engine } = await startTestEngine(database.db, '2026-11-20T05:00:00.000Z'));
      await engine.setLimits(
        {
          ...DEFAULT_PAPER_SETTINGS,
          max_position_size: 250_000,
          max_positions_count: 9,
          // The capital phase holds one position to 5-6% of the ₹10,00,000 account, so the exposure
          // and sector limits sit where a few such positions reach them.
          max_portfolio_exposure: 0.3,
          min_balance_threshold: 50_000,
          max_daily_loss: 1_000_000,
        },
        'op',
      );
      await engine.updateSettings({ max_sector_exposure: 0.1 }, 'op');
    });
    after(async () => {
      await engine.stop();
      await database.close();
    });

    it(`keeps cash, lots, fills and P&L in agreement over ${ORDERS} random orders`, async () => {
      const rand = random(20_261_120);
      const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
      const outcomes = { filled: 0, open: 0, refused: 0, cancelled: 0, adjustments: 0 };
      let mondayStartValue: number | null = null;
      const reasons: Record<string, number> = {};

      for (let step = 0; step < ORDERS; step += 1) {
        clock.advance(30_000);
        if (step === ORDERS / 2) {
          // The close on Friday, then Monday's session (its previous close is Friday's last price).
          clock.set('2026-11-20T09:50:00.000Z');
          await engine.runScheduled();
          clock.set('2026-11-20T10:05:00.000Z');
          const friday = await engine.runScheduled();
          assert.deepEqual(friday.snapshots.written, [{ day: '2026-11-20', source: 'close' }]);
          clock.set('2026-11-23T04:30:00.000Z');
          for (const symbol of [...SYMBOLS, 'NIFTY_50']) {
            const last = hub.last(symbol)!.ltp;
            feed.move(symbol, last, { previousClose: last });
          }
          await engine.idle();
          const [snapshot] = await database.db
            .select()
            .from(schema.equitySnapshots)
            .where(eq(schema.equitySnapshots.tradingDay, '2026-11-20'));
          mondayStartValue = snapshot!.portfolioValuePaise;
          assert.equal(
            mondayStartValue,
            (await books(database, hub)).value,
            'the close snapshot is the value at the close',
          );
        }

        // Prices move on the 0.05 tick.
        for (let i = 0; i < 2; i += 1) {
          if (rand() < 0.6) {
            const symbol = pick(SYMBOLS);
            const paise = toPaise(hub.last(symbol)!.ltp);
            const moved = Math.max(5, Math.round((paise * (1 + (rand() - 0.5) * 0.02)) / 5) * 5);
            feed.move(symbol, moved / 100);
          }
        }
        await engine.idle();

        const roll = rand();
        if (roll < 0.07) {
          const open = await engine.listOrders({ status: 'open', limit: 50 });
          if (open.length > 0) {
            await engine.cancelOrder(pick(open).order_id, 'op');
            outcomes.cancelled += 1;
          }
          continue;
        }
        if (roll < 0.1) {
          const cash = (await books(database, hub)).cash;
          await engine.setBalance(Math.max(0, Math.round(cash / 100 + (rand() - 0.3) * 50_000)), 'op');
          outcomes.adjustments += 1;
          continue;
        }
        // Short spells of a shut market: market orders rest, intraday orders are refused.
        if (feed.open ? rand() < 0.03 : rand() < 0.3) feed.open = !feed.open;

        const symbol = pick(SYMBOLS);
        const ltp = hub.last(symbol)!.ltp;
        const limit = rand() < 0.3;
        const side: TradeSide = rand() < 0.5 ? 'BUY' : 'SELL';
        const product: TradeProduct = rand() < 0.6 ? 'CNC' : 'MIS';
        const request = {
          symbol,
          side,
          product,
          // At most ₹48,000 of the dearest stock: within the phase's share of the account.
          quantity: 1 + Math.floor(rand() * 15),
          order_type: limit ? ('LIMIT' as const) : ('MARKET' as const),
          ...(limit ? { limit_price: Math.round(ltp * (1 + (rand() - 0.5) * 0.02) * 20) / 20 } : {}),
        };
        const before = await count(database);
        try {
          const placed = await engine.placeOrder(request, 'op');
          if (placed.status === 'filled') outcomes.filled += 1;
          else outcomes.open += 1;
        } catch (error) {
          assert.ok(error instanceof HttpError && error.statusCode === 422, String(error));
          assert.equal(await count(database), before, `a refused order wrote nothing: ${error.message}`);
          outcomes.refused += 1;
          const limit = String(error.extra['limit']);
          reasons[limit] = (reasons[limit] ?? 0) + 1;
        }
      }
      feed.open = true;
      await engine.idle();

      // The run exercised every path.
      const ran = JSON.stringify({ outcomes, reasons });
      assert.ok(outcomes.filled > 100, ran);
      assert.ok(outcomes.open > 10 && outcomes.refused > 10 && outcomes.cancelled > 5, ran);
      assert.ok(Object.keys(reasons).length >= 5, `refusals of several kinds: ${ran}`);

      const b = await books(database, hub);
      const overview = await engine.overview();
      // Cash is the ledger; value is cash plus the open lots at the current price.
      assert.equal(toPaise(overview.portfolio_value), b.value);
      assert.equal(b.cash + b.holdings, b.value);
      // Realised + unrealised - charges = value - deposits, to the paisa.
      assert.equal(b.realized + b.unrealized - b.charges, b.value - b.deposits);
      assert.equal(toPaise(overview.total_returns), b.value - b.deposits);
      assert.equal(toPaise(overview.realized_pnl) + toPaise(overview.unrealized_pnl), b.value - b.deposits);
      // Realised P&L is the closed trades' net P&L after charges, as the trade history sums it.
      const trades = await engine.trades();
      assert.ok(
        trades.some((t) => t.status === 'open'),
        'lots are still open at the end',
      );
      assert.equal(
        toPaise(overview.realized_pnl),
        trades.filter((t) => t.status === 'completed').reduce((sum, t) => sum + toPaise(t.net_pnl!), 0),
      );
      // Every paisa of charges is in the ledger once, and split over the lots without loss.
      assert.equal(
        b.ledger.filter((r) => r.kind === 'charges').reduce((s, r) => s - r.amountPaise, 0),
        b.charges,
      );
      assert.equal(
        b.lots.reduce((s, l) => s + l.entryChargesPaise + l.exitChargesPaise, 0),
        b.charges,
      );
      // Trade cash in the ledger is exactly the fills' values.
      assert.equal(
        b.ledger.filter((r) => r.kind === 'trade').reduce((s, r) => s + r.amountPaise, 0),
        b.fills.reduce((s, f) => s + (f.side === 'BUY' ? -1 : 1) * f.quantity * f.pricePaise, 0),
      );
      // Lots: shares are conserved; no delivery shorts; positions equal the fills' net shares.
      const net = new Map<string, number>();
      for (const f of b.fills) {
        const key = `${f.symbol}|${f.product}`;
        net.set(key, (net.get(key) ?? 0) + (f.side === 'BUY' ? f.quantity : -f.quantity));
      }
      const held = new Map<string, number>();
      for (const lot of b.lots) {
        assert.equal(lot.openQuantity + lot.exitQuantity, lot.quantity);
        assert.ok(lot.openQuantity >= 0);
        if (lot.product === 'CNC') assert.equal(lot.side, 'BUY', 'no delivery short');
        const key = `${lot.symbol}|${lot.product}`;
        held.set(key, (held.get(key) ?? 0) + (lot.side === 'BUY' ? lot.openQuantity : -lot.openQuantity));
      }
      for (const [key, quantity] of net) assert.equal(held.get(key) ?? 0, quantity, key);
      // Every filled order has exactly one fill.
      assert.equal(b.orders.filter((o) => o.status === 'filled').length, b.fills.length);
      // Friday's intraday positions were squared off: none opened before Monday is still open.
      assert.ok(!b.lots.some((l) => l.product === 'MIS' && l.openQuantity > 0 && l.openedDay < '2026-11-23'));
      // The history's figures agree with the account's.
      const summary = summarizeTrades((await engine.trades()).filter((t) => t.status !== 'pending'));
      assert.equal(toPaise(summary.net_pnl), b.value - b.deposits);
      assert.equal(toPaise(summary.total_charges), b.charges);
      // Monday's day change is the value now against Friday's close, less Monday's deposits.
      const mondayFlows = b.ledger
        .filter((r) => r.tradingDay === '2026-11-23' && ['opening', 'reset', 'adjustment'].includes(r.kind))
        .reduce((s, r) => s + r.amountPaise, 0);
      assert.equal(toPaise(overview.day_change), b.value - mondayStartValue! - mondayFlows);
    });
  });
}
