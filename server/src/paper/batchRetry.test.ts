/**
 * A batch of orders whose transaction fails before its COMMIT (context.ts): nothing of it is
 * stored, and its orders run again one per transaction, so the order that cannot be written fails
 * alone and every other one is answered, and stored, as if the orders had been placed one at a
 * time. Here the database refuses any order of STOCK13 when it is written: the batch's rows are
 * written together, so the whole batch fails first (in the middle, when a resting order needs the
 * open orders read back, or at its end).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import type { OrderRequest } from '../broker/broker.js';
import type { Database } from '../db/index.js';
import { testDatabases } from '../testing/databases.js';
import { ManualClock } from '../clock.js';
import { loadHolidayCalendar } from '../market/holidays.js';
import { createTickHub } from '../market/tickHub.js';
import { createPaperEngine, type PaperEngine } from './engine.js';
import {
  createControlledFeed,
  marketBuy,
  marketSell,
  placedAnswer,
  storedPaperAccount,
  uniformMarket,
} from './testing.js';

const FRIDAY_1030_IST = '2026-11-20T05:00:00.000Z';

const MARKET = uniformMarket(20, 500);
const buy = marketBuy;
const sell = marketSell;
const restingBuy = (symbol: string): OrderRequest => ({
  ...buy(symbol),
  order_type: 'LIMIT',
  limit_price: 480,
});

type Placed = Parameters<typeof placedAnswer>[0];
const answer = placedAnswer;

/** What is stored, as the comparisons read it: the orders in words, and counts. */
async function stored(database: Database) {
  const { orders, fills, cashPaise, openShares } = await storedPaperAccount(database.db);
  return {
    orderIds: orders.map((o) => o.id),
    orders: orders
      .map((o) => `${o.side} ${o.quantity} ${o.symbol} ${o.orderType} ${o.status}`)
      .sort()
      .join('; '),
    fills: fills.length,
    cashPaise,
    openShares,
  };
}

for (const target of await testDatabases()) {
  describe(`a batch of orders that fails before its COMMIT, on ${target.name}`, () => {
    const opened: Array<{ database: Database; engine: PaperEngine }> = [];

    /**
     * A fresh database and paper account (with the cross-process lock and write version on
     * PostgreSQL), limits opened wide but for cash, and ₹1,00,000 of it; three shares of STOCK1
     * and of STOCK2 already held. The database refuses to store any order of STOCK13.
     */
    async function account(): Promise<{ database: Database; engine: PaperEngine }> {
      const database = await target.open();
      const clock = new ManualClock(FRIDAY_1030_IST);
      const hub = createTickHub();
      const feed = createControlledFeed({ ...MARKET, now: () => clock.now() });
      await feed.start(hub);
      const engine = createPaperEngine({
        db: database.db,
        clock,
        hub,
        feed,
        calendar: loadHolidayCalendar(null),
        timers: false,
        coordination: database.coordination,
      });
      opened.push({ database, engine });
      await engine.start();
      await engine.updateSettings(
        {
          max_position_size: 10_000_000,
          max_portfolio_exposure: 1,
          min_balance_threshold: 0,
          max_single_stock: 1,
          max_sector_exposure: 1,
          max_positions_count: 100,
        },
        'op',
      );
      await engine.setBalance(100_000, 'op');
      await engine.placeOrder(buy('STOCK1', 3), 'op');
      await engine.placeOrder(buy('STOCK2', 3), 'op');
      await database.db.execute(sql`
        create function no_stock13() returns trigger language plpgsql as $$
        begin
          if new.symbol = 'STOCK13' then raise exception 'STOCK13 is not accepted here'; end if;
          return new;
        end $$`);
      await database.db.execute(sql`
        create trigger no_stock13 before insert on orders for each row execute function no_stock13()`);
      return { database, engine };
    }

    after(async () => {
      for (const { database, engine } of opened) {
        await engine.stop();
        await database.close();
      }
    });

    /**
     * Buys and sells around the order of STOCK13 (with a sell of shares not held, refused, and a
     * resting limit order after it, which reads the open orders back in the middle of the batch),
     * then sells of the shares bought before it in the same batch.
     */
    const ORDERS: OrderRequest[] = [
      buy('STOCK11'),
      sell('STOCK1'),
      sell('STOCK20'),
      buy('STOCK12', 2),
      buy('STOCK13'),
      buy('STOCK14'),
      restingBuy('STOCK15'),
      sell('STOCK11'),
      sell('STOCK2', 2),
      buy('STOCK16'),
      sell('STOCK12'),
    ];

    let together: Placed[];
    let alone: Placed[];
    let batched: Awaited<ReturnType<typeof account>>;
    let serial: Awaited<ReturnType<typeof account>>;
    let storedBefore: Awaited<ReturnType<typeof stored>>;

    before(async () => {
      batched = await account();
      serial = await account();
      storedBefore = await stored(batched.database);
      together = await Promise.allSettled(ORDERS.map((o) => batched.engine.placeOrder(o, 'op')));
      alone = [];
      for (const o of ORDERS) alone.push(...(await Promise.allSettled([serial.engine.placeOrder(o, 'op')])));
    });

    it('fails the order that cannot be written alone, and answers the others as one at a time', () => {
      const answers = together.map(answer);
      assert.deepEqual(answers, alone.map(answer));
      assert.deepEqual(answers[4], { failed: 'STOCK13 is not accepted here' });
      assert.equal((answers[2] as { limit?: string }).limit, 'insufficient_holdings');
      const statuses = together.map((r) => (r.status === 'fulfilled' ? r.value.status : 'not placed'));
      assert.deepEqual(statuses, [
        'filled',
        'filled',
        'not placed',
        'filled',
        'not placed',
        'filled',
        'open',
        'filled',
        'filled',
        'filled',
        'filled',
      ]);
    });

    it('stores each acknowledged order once, and nothing of the others', async () => {
      const after = await stored(batched.database);
      const acknowledged = together.filter((r) => r.status === 'fulfilled').map((r) => r.value.order_id);
      const added = after.orderIds.filter((id) => !storedBefore.orderIds.includes(id));
      assert.deepEqual([...added].sort(), [...acknowledged].sort());
      assert.equal(after.fills - storedBefore.fills, acknowledged.length - 1);
      const { orderIds: _batchedIds, ...rest } = after;
      const { orderIds: _serialIds, ...serialRest } = await stored(serial.database);
      assert.deepEqual(rest, serialRest);
    });

    it('holds the cash of the ledger and the open order, as the same orders one at a time do', async () => {
      const { cashPaise } = await stored(batched.database);
      const overview = await batched.engine.overview();
      assert.equal(Math.round(overview.cash_balance * 100), cashPaise);
      assert.deepEqual(overview, await serial.engine.overview());
      const open = await batched.engine.listOrders({ status: 'open', limit: 50 });
      assert.deepEqual(
        open.map((o) => o.symbol),
        ['STOCK15'],
      );
    });

    it('goes on from what is stored, and fails the order alone again when the batch fails at its end', async () => {
      const next = await Promise.allSettled([
        batched.engine.placeOrder(buy('STOCK17'), 'op'),
        batched.engine.placeOrder(sell('STOCK14'), 'op'),
        batched.engine.placeOrder(buy('STOCK13'), 'op'),
        batched.engine.placeOrder(buy('STOCK18'), 'op'),
      ]);
      assert.deepEqual(
        next.map((r) => r.status),
        ['fulfilled', 'fulfilled', 'rejected', 'fulfilled'],
      );
      assert.deepEqual(answer(next[2]!), { failed: 'STOCK13 is not accepted here' });
      const { cashPaise } = await stored(batched.database);
      assert.equal(Math.round((await batched.engine.overview()).cash_balance * 100), cashPaise);
    });
  });
}
