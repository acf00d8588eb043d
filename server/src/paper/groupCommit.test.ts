/**
 * Group commit (context.ts): orders placed at once are committed together in one transaction.
 * Each order still sees the ones before it, a refused one changes nothing, the answers are those
 * of the same orders placed one at a time, and a COMMIT that fails fails every order of its batch
 * and leaves the account as stored.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { schema } from '../db/index.js';
import type { OrderRequest } from '../broker/broker.js';
import type { Database } from '../db/index.js';
import type { HttpError } from '../http/errors.js';
import { sharedPostgresDatabase, testDatabases } from '../testing/databases.js';
import { ManualClock } from '../clock.js';
import { loadHolidayCalendar } from '../market/holidays.js';
import { createTickHub } from '../market/tickHub.js';
import { createPaperEngine, type PaperEngine } from './engine.js';
import { createHaltStore } from '../trading/halt.js';
import {
  createControlledFeed,
  marketBuy,
  marketSell,
  placedAnswer,
  startTestEngine,
  storedPaperAccount,
  uniformMarket,
} from './testing.js';

const FRIDAY_1030_IST = '2026-11-20T05:00:00.000Z';

// Forty ₹3,000 stocks: one share of each is within Phase 2 Growth's 4% (₹4,000) of the
// ₹1,00,000 account (two are not), so cash runs out after 33 buys.
const MARKET = uniformMarket(40, 3000);
const SYMBOLS = MARKET.symbols;
const buy = marketBuy;
const sell = marketSell;

/**
 * Fifty orders: a buy of one share of STOCK1 to STOCK38 in turn, with a sell of a stock bought
 * three buys before after every tenth buy (it needs that buy's shares: the orders before it in its
 * batch count), a buy of two shares after every eleventh (over the phase's 4% of the account) and a
 * sell of shares not held yet. Cash runs out near the end (buys refused for funds); then two sells
 * free cash and the next buy fits again.
 */
function fiftyOrders(): OrderRequest[] {
  const orders: OrderRequest[] = [];
  for (let next = 1; next <= 38; next += 1) {
    orders.push(buy(`STOCK${next}`));
    if (next % 10 === 0) orders.push(sell(`STOCK${next - 2}`));
    if (next % 11 === 0) orders.push(buy(`STOCK${next + 1}`, 2));
    if (next === 20) orders.push(sell('STOCK40'));
  }
  orders.push(sell('STOCK1'), sell('STOCK2'), buy('STOCK39'), buy('STOCK40'), sell('STOCK3'));
  assert.equal(orders.length, 50);
  return orders;
}

const answer = placedAnswer;
const stored = (database: Database) => storedPaperAccount(database.db);

/** Limits opened wide but for cash, and ₹1,00,000 of it. */
async function openWide(engine: PaperEngine): Promise<void> {
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
}

for (const target of await testDatabases()) {
  describe(`group commit on ${target.name}`, () => {
    const opened: Array<{ database: Database; engine: PaperEngine }> = [];

    /** A fresh database and paper account: limits opened wide but for cash, ₹1,00,000 of it. */
    async function account() {
      const database = await target.open();
      const { engine, feed } = await startTestEngine(database.db, FRIDAY_1030_IST, MARKET);
      opened.push({ database, engine });
      await openWide(engine);
      return { database, engine, feed };
    }

    after(async () => {
      for (const { database, engine } of opened) {
        await engine.stop();
        await database.close();
      }
    });

    describe('fifty orders placed at once', () => {
      let together: PromiseSettledResult<Awaited<ReturnType<PaperEngine['placeOrder']>>>[];
      let alone: PromiseSettledResult<Awaited<ReturnType<PaperEngine['placeOrder']>>>[];
      let batched: Awaited<ReturnType<typeof account>>;
      let serial: Awaited<ReturnType<typeof account>>;
      let before50: Awaited<ReturnType<typeof stored>>;

      before(async () => {
        batched = await account();
        serial = await account();
        before50 = await stored(batched.database);
        together = await Promise.allSettled(fiftyOrders().map((o) => batched.engine.placeOrder(o, 'op')));
        alone = [];
        for (const o of fiftyOrders()) {
          alone.push(...(await Promise.allSettled([serial.engine.placeOrder(o, 'op')])));
        }
      });

      it('answers each order as placing them one at a time does, refusals in the middle included', () => {
        const answers = together.map(answer);
        assert.deepEqual(answers, alone.map(answer));
        const refused = answers.filter((a) => 'refused' in a);
        const limits = new Set(refused.map((a) => a.limit));
        // Funds, the phase's share of the account and shares not held, each at least once.
        assert.ok(limits.has('insufficient_funds'), JSON.stringify([...limits]));
        assert.ok(limits.size >= 3, JSON.stringify([...limits]));
        // A buy is refused for funds before a later one fills (a sell in between freed cash).
        const firstFundsRefusal = answers.findIndex(
          (a) => 'refused' in a && a.limit === 'insufficient_funds',
        );
        assert.ok(
          answers.slice(firstFundsRefusal + 1).some((a) => !('refused' in a) && a['side'] === 'BUY'),
          'a buy after the first funds refusal fills',
        );
      });

      it('stores each acknowledged order once and nothing of a refused one', async () => {
        const after50 = await stored(batched.database);
        const acknowledged = together.filter((r) => r.status === 'fulfilled').map((r) => r.value.order_id);
        const ids = after50.orders.map((o) => o.id);
        assert.equal(new Set(ids).size, ids.length);
        const added = ids.filter((id) => !before50.orders.some((o) => o.id === id));
        assert.deepEqual([...added].sort(), [...acknowledged].sort());
        assert.equal(after50.fills.length - before50.fills.length, acknowledged.length);
        assert.deepEqual(after50, {
          ...(await stored(serial.database)),
          orders: after50.orders,
          fills: after50.fills,
        });
      });

      it('holds the cash of the ledger, as the same orders one at a time do', async () => {
        const { cashPaise } = await stored(batched.database);
        const overview = await batched.engine.overview();
        assert.equal(Math.round(overview.cash_balance * 100), cashPaise);
        assert.ok(cashPaise >= 0);
        assert.deepEqual(overview, await serial.engine.overview());
      });
    });

    describe('with ML drift in force', () => {
      it("applies the phase one down to a batch's orders until the model recovers", async () => {
        const { database, engine } = await account();
        const event = (at: string, kind: 'drift' | 'recovered') =>
          database.db.insert(schema.mlEvents).values({ at: new Date(at), kind, improved: null, detail: {} });
        await event('2026-11-20T04:00:00.000Z', 'drift');
        // Foundation (one down from Growth) allows 3% of ₹1,00,000: not one ₹3,000 share with its costs.
        const during = await Promise.allSettled(
          [buy('STOCK1'), buy('STOCK2')].map((o) => engine.placeOrder(o, 'op')),
        );
        for (const r of during) {
          assert.equal(r.status, 'rejected');
          const refusal = (r as PromiseRejectedResult).reason as HttpError;
          assert.equal(refusal.extra['limit'], 'capital_phase');
          assert.match(
            refusal.message,
            /^Phase 1 Foundation \(one phase down while the ML model drifts\) allows at most 3%/,
          );
        }
        await event('2026-11-20T04:30:00.000Z', 'recovered');
        const after = await Promise.allSettled(
          [buy('STOCK1'), buy('STOCK2')].map((o) => engine.placeOrder(o, 'op')),
        );
        assert.deepEqual(
          after.map((r) => r.status),
          ['fulfilled', 'fulfilled'],
        );
      });
    });

    describe('a COMMIT that fails', () => {
      it('fails every order of its batch, and the account stays as stored', async () => {
        const { database, engine } = await account();
        await engine.placeOrder(buy('STOCK1'), 'op');
        // A deferred check (run at COMMIT) that no order of STOCK13 passes.
        await database.db.execute(sql`
          create function no_stock13() returns trigger language plpgsql as $$
          begin
            if new.symbol = 'STOCK13' then raise exception 'STOCK13 is not accepted at commit'; end if;
            return null;
          end $$`);
        await database.db.execute(sql`
          create constraint trigger no_stock13 after insert on orders
          deferrable initially deferred for each row execute function no_stock13()`);
        const storedBefore = await stored(database);
        const overviewBefore = await engine.overview();

        const results = await Promise.allSettled(
          ['STOCK11', 'STOCK12', 'STOCK13', 'STOCK14'].map((s) => engine.placeOrder(buy(s), 'op')),
        );
        for (const result of results) {
          assert.equal(result.status, 'rejected');
          assert.match(String((result.reason as Error).message), /STOCK13 is not accepted at commit|commit/i);
        }
        assert.deepEqual(await stored(database), storedBefore);
        assert.deepEqual(await engine.overview(), overviewBefore);

        // The account goes on from what is stored: the same cash buys the other stocks.
        const next = await Promise.allSettled(
          ['STOCK11', 'STOCK12'].map((s) => engine.placeOrder(buy(s), 'op')),
        );
        assert.deepEqual(
          next.map((r) => r.status),
          ['fulfilled', 'fulfilled'],
        );
        const { cashPaise, openShares } = await stored(database);
        assert.equal(openShares, 3);
        assert.equal(Math.round((await engine.overview()).cash_balance * 100), cashPaise);
      });
    });
  });
}

const sharedTarget = await sharedPostgresDatabase();
if (sharedTarget) {
  const shared = sharedTarget;
  describe('group commit with two processes on one PostgreSQL database', () => {
    const databases: Database[] = [];
    const engines: PaperEngine[] = [];
    const dropped = [shared];

    /** A paper engine of its own process (connection pool, caches, lock) on the shared database. */
    async function processEngine(on = shared): Promise<PaperEngine> {
      const database = await on.open();
      databases.push(database);
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
      engines.push(engine);
      await engine.start();
      return engine;
    }

    after(async () => {
      for (const engine of engines) await engine.stop();
      for (const database of databases) await database.close();
      for (const target of dropped) await target.drop();
    });

    it('spend the cash once between them when both commit batches at the same time', async () => {
      const first = await processEngine();
      const second = await processEngine();
      await openWide(first);
      // Forty buys of ₹3,000 at once, twenty from each process: 33 fit in ₹1,00,000.
      const results = await Promise.allSettled(
        SYMBOLS.map((symbol, i) => (i % 2 === 0 ? first : second).placeOrder(buy(symbol), 'op')),
      );
      const refused = results.filter((r) => r.status === 'rejected');
      assert.equal(results.length - refused.length, 33);
      for (const r of refused) assert.equal((r.reason as HttpError).extra['limit'], 'insufficient_funds');
      const { cashPaise, openShares } = await stored(databases[0]!);
      assert.equal(openShares, 33);
      assert.ok(cashPaise >= 0);
      // Each process shows the cash of the ledger (the other's batches included).
      for (const engine of [first, second]) {
        assert.equal(Math.round((await engine.overview()).cash_balance * 100), cashPaise);
      }
    });

    it("refuse a batch's buys while the other's emergency stop is in force, and take them once it is lifted", async () => {
      const own = (await sharedPostgresDatabase())!;
      dropped.push(own);
      const first = await processEngine(own);
      await processEngine(own);
      await openWide(first);
      await Promise.all([first.placeOrder(buy('STOCK1'), 'op'), first.placeOrder(buy('STOCK4'), 'op')]);
      // The other process stops trading (its own connection and clock).
      const halts = createHaltStore({ db: databases.at(-1)!.db, clock: new ManualClock(FRIDAY_1030_IST) });
      await halts.halt({ actor: 'op', reason: 'Desk check', squareOff: false });

      const during = await Promise.allSettled([
        first.placeOrder(buy('STOCK2'), 'op'),
        first.placeOrder(sell('STOCK1'), 'op'),
        first.placeOrder(buy('STOCK3'), 'op'),
        first.placeOrder(sell('STOCK4'), 'op'),
      ]);
      assert.deepEqual(
        during.map((r) => r.status),
        ['rejected', 'fulfilled', 'rejected', 'fulfilled'],
      );
      for (const r of [during[0], during[2]] as PromiseRejectedResult[]) {
        assert.equal((r.reason as HttpError).extra['limit'], 'emergency_stop');
        assert.match(
          (r.reason as HttpError).message,
          /^Halted: Emergency stop in force since .* \(op: "Desk check"\)/,
        );
      }

      await halts.lift('op');
      const after = await Promise.allSettled([
        first.placeOrder(buy('STOCK2'), 'op'),
        first.placeOrder(buy('STOCK3'), 'op'),
      ]);
      assert.deepEqual(
        after.map((r) => r.status),
        ['fulfilled', 'fulfilled'],
      );
      const { openShares } = await stored(databases.at(-1)!);
      assert.equal(openShares, 2);
    });
  });
}
