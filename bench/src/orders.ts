/**
 * Paper orders per second, sustained: market orders through the real paper engine of the real app
 * (buildApp over in-memory PGlite, the simulated market, limits checked, charges computed, FIFO
 * lots, ledger rows), each acknowledged only once committed. Two rows: one client placing orders
 * one at a time, and CLIENTS clients placing at once (the engine commits the orders queued
 * together in one transaction: group commit). Baselines: the same database committing one bare
 * INSERT of an equivalent orders row per transaction, from as many clients. Each pair runs in this
 * process, one after the other, for the same time.
 */
import { randomBytes } from 'node:crypto';
import { createTestApp } from '@nivesh/server/testing';
import { openDatabase, schema, type Db } from '@nivesh/server/db';
import { goals, type BenchResult } from './load.js';

const DURATION_MS = Number(process.env['BENCH_SECONDS'] ?? 8) * 1000;
const WARM_UP_MS = 1000;
/** Concurrent clients of the concurrent rows (product and baseline alike). */
export const CLIENTS = 20;

/**
 * Completed runs per second over DURATION_MS (after a warm-up), `clients` loops at once, each one
 * run at a time. `run` gets the client's number.
 */
export async function rate(run: (client: number) => Promise<void>, clients = 1): Promise<number> {
  const loop = async (client: number, until: number) => {
    let done = 0;
    while (performance.now() < until) {
      await run(client);
      done += 1;
    }
    return done;
  };
  const all = (until: number) => Promise.all(Array.from({ length: clients }, (_, i) => loop(i, until)));
  await all(performance.now() + WARM_UP_MS);
  const start = performance.now();
  const counts = await all(start + DURATION_MS);
  const done = counts.reduce((a, b) => a + b, 0);
  return done / ((performance.now() - start) / 1000);
}

/**
 * Market orders of one share for the app's paper account, each client buying and selling in turn
 * (so its sells never exceed its buys), each checked filled. Thousands of orders a run: the day's
 * charges must not trip the loss limits (the daily paper limit, the weekly and monthly loss limits,
 * and the capital phase's 3.5% of a ₹50 crore account): the bench measures the orders, not the
 * limits stopping them.
 */
export async function paperOrderLoop(
  product: Awaited<ReturnType<typeof createTestApp>>,
): Promise<(client?: number) => Promise<void>> {
  const { paper, feed } = product.app.services;
  const symbol = feed.instruments()[0]!.symbol;
  await paper.updateSettings(
    { max_daily_loss: 100_000_000, weekly_loss_limit: 100_000_000, monthly_loss_limit: 100_000_000 },
    'bench',
  );
  await paper.setBalance(500_000_000, 'bench');
  const sides = new Map<number, 'BUY' | 'SELL'>();
  return async (client = 0) => {
    const side = sides.get(client) ?? 'BUY';
    const order = await paper.placeOrder(
      { symbol, side, quantity: 1, order_type: 'MARKET', product: 'CNC' },
      'bench',
    );
    if (order.status !== 'filled') throw new Error(`bench order not filled: ${order.status}`);
    sides.set(client, side === 'BUY' ? 'SELL' : 'BUY');
  };
}

/** One bare INSERT of an orders row like a paper order's, in its own transaction. */
export function bareInsert(db: Db, symbol: string): () => Promise<void> {
  return async () => {
    const now = new Date();
    await db.transaction(async (tx) => {
      await tx.insert(schema.orders).values({
        id: `BENCH-${randomBytes(6).toString('hex')}`,
        account: 'bench',
        symbol,
        side: 'BUY',
        quantity: 1,
        orderType: 'MARKET',
        product: 'CNC',
        status: 'filled',
        strategy: 'bench',
        placedBy: 'bench',
        placedAt: now,
        updatedAt: now,
        tradingDay: now.toISOString().slice(0, 10),
      });
    });
  };
}

export async function benchPaperOrders(): Promise<BenchResult[]> {
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  const product = await createTestApp(database, { deps: { paperTimers: false, watchBrokerToken: false } });
  try {
    const place = await paperOrderLoop(product);
    const single = await rate(() => place());
    const concurrent = await rate(place, CLIENTS);
    const insert = bareInsert(database.db, product.app.services.feed.instruments()[0]!.symbol);
    const baseline = await rate(insert);
    const baselineConcurrent = await rate(insert, CLIENTS);
    return [
      {
        name: 'paper orders, each committed, one client (vs bare INSERT txn, one client)',
        unit: 'orders/s',
        product: single,
        baseline,
      },
      {
        name: `paper orders committed, ${CLIENTS} clients, PGlite (vs bare INSERT txn, ${CLIENTS} clients)`,
        unit: 'orders/s',
        product: concurrent,
        baseline: baselineConcurrent,
        goal: goals.atLeast(1000, true),
      },
    ];
  } finally {
    await product.close();
    await database.close();
  }
}
