/**
 * Paper orders per second, sustained: market orders through the real paper engine of the real app
 * (buildApp over in-memory PGlite, the simulated market, limits checked, charges computed, FIFO
 * lots, ledger rows), each committed in its own transaction before the next starts. Baseline: the
 * same database committing one bare INSERT of an equivalent orders row per transaction. Both run
 * in this process, one after the other, for the same time.
 */
import { randomBytes } from 'node:crypto';
import { createTestApp } from '@nivesh/server/testing';
import { openDatabase, schema } from '@nivesh/server/db';
import type { BenchResult } from './health.js';

const DURATION_MS = Number(process.env['BENCH_SECONDS'] ?? 8) * 1000;
const WARM_UP_MS = 1000;

/** Completed runs per second over DURATION_MS (after a warm-up), one run at a time. */
export async function rate(run: () => Promise<void>): Promise<number> {
  const warmUntil = performance.now() + WARM_UP_MS;
  while (performance.now() < warmUntil) await run();
  let done = 0;
  const start = performance.now();
  const until = start + DURATION_MS;
  while (performance.now() < until) {
    await run();
    done += 1;
  }
  return done / ((performance.now() - start) / 1000);
}

/**
 * One market order of one share at a time for the app's paper account, buys and sells in turn,
 * each checked filled. Thousands of orders a run: the day's charges must not trip the loss limits
 * (the daily paper limit, the weekly and monthly loss limits, and the capital phase's 3.5% of a
 * ₹50 crore account): the bench measures the orders, not the limits stopping them.
 */
export async function paperOrderLoop(
  product: Awaited<ReturnType<typeof createTestApp>>,
): Promise<() => Promise<void>> {
  const { paper, feed } = product.app.services;
  const symbol = feed.instruments()[0]!.symbol;
  await paper.updateSettings(
    { max_daily_loss: 100_000_000, weekly_loss_limit: 100_000_000, monthly_loss_limit: 100_000_000 },
    'bench',
  );
  await paper.setBalance(500_000_000, 'bench');
  let side: 'BUY' | 'SELL' = 'BUY';
  return async () => {
    const order = await paper.placeOrder(
      { symbol, side, quantity: 1, order_type: 'MARKET', product: 'CNC' },
      'bench',
    );
    if (order.status !== 'filled') throw new Error(`bench order not filled: ${order.status}`);
    side = side === 'BUY' ? 'SELL' : 'BUY';
  };
}

export async function benchPaperOrders(): Promise<BenchResult> {
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  const product = await createTestApp(database, { deps: { paperTimers: false, watchBrokerToken: false } });
  try {
    let placed = 0;
    const place = await paperOrderLoop(product);
    const measured = await rate(async () => {
      await place();
      placed += 1;
    });
    if (placed === 0) throw new Error('no orders placed');

    const db = database.db;
    const symbol = product.app.services.feed.instruments()[0]!.symbol;
    const baseline = await rate(async () => {
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
    });
    return {
      name: 'paper orders, each committed (vs bare INSERT txn)',
      unit: 'orders/s',
      product: measured,
      baseline,
    };
  } finally {
    await product.close();
    await database.close();
  }
}
