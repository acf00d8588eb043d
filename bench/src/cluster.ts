/**
 * Paper orders on PostgreSQL with more than one server process: two apps (each its own connection
 * pool and caches, as two processes) on one database, each placing market orders for the same
 * account as fast as it can, every order under the account's advisory lock with the write-version
 * check. Baseline: one app alone on a database of its own, without the cross-process lock (one
 * process needs none), placing orders one at a time. Both run in this process, one after the other.
 * Also one process alone with the lock and the write version. The ratios say what arbitration
 * across processes costs, and what two processes writing the same account in turn cost (each
 * reloads the account the other changed; one account's orders are serial by design).
 * Last, CLIENTS clients placing orders at once in one process (with the lock; the engine commits
 * the orders queued together in one transaction), against CLIENTS clients each committing a bare
 * INSERT per transaction on the same database.
 */
import { createTestApp } from '@nivesh/server/testing';
import { sharedPostgresDatabase } from '@nivesh/server/testing';
import { soloCoordination, type Database } from '@nivesh/server/db';
import { goals, type BenchResult } from './load.js';
import { bareInsert, CLIENTS, paperOrderLoop as prepare, rate } from './orders.js';

export async function benchCluster(): Promise<BenchResult[]> {
  const deps = { paperTimers: false, watchBrokerToken: false };
  // Baseline: one process alone (no cross-process lock).
  const alone = await sharedPostgresDatabase();
  if (!alone) throw new Error('the cluster bench needs PostgreSQL at 127.0.0.1:5432');
  const database: Database = await alone.open();
  const single = await createTestApp({ ...database, coordination: soloCoordination() }, { deps });
  let baseline: number;
  try {
    const place = await prepare(single);
    baseline = await rate(() => place());
  } finally {
    await single.close();
    await database.close();
    await alone.drop();
  }

  // One process with the cross-process lock and write version (nobody else writing); then the
  // same with CLIENTS clients at once, and bare INSERT transactions from as many clients.
  const locked = (await sharedPostgresDatabase())!;
  const lockedDatabase = await locked.open();
  const lone = await createTestApp(lockedDatabase, { deps });
  let lockedRate: number;
  let concurrentRate: number;
  let insertRate: number;
  try {
    const place = await prepare(lone);
    lockedRate = await rate(() => place());
    concurrentRate = await rate(place, CLIENTS);
    insertRate = await rate(
      bareInsert(lockedDatabase.db, lone.app.services.feed.instruments()[0]!.symbol),
      CLIENTS,
    );
  } finally {
    await lone.close();
    await lockedDatabase.close();
    await locked.drop();
  }

  // Product: two processes on one database, concurrently.
  const shared = (await sharedPostgresDatabase())!;
  const databases = [await shared.open(), await shared.open()];
  const apps = [await createTestApp(databases[0]!, { deps }), await createTestApp(databases[1]!, { deps })];
  try {
    const place = await prepare(apps[0]!);
    const placeOther = await prepare(apps[1]!);
    const rates = await Promise.all([rate(() => place()), rate(() => placeOther())]);
    return [
      {
        name: 'paper orders, one process with the cross-process lock (vs no lock)',
        unit: 'orders/s',
        product: lockedRate,
        baseline,
      },
      {
        name: 'paper orders, two processes on one PostgreSQL (vs one process, no lock)',
        unit: 'orders/s',
        product: rates[0]! + rates[1]!,
        baseline,
      },
      {
        name: `paper orders committed, ${CLIENTS} clients, PostgreSQL (vs bare INSERT txn, ${CLIENTS} clients)`,
        unit: 'orders/s',
        product: concurrentRate,
        baseline: insertRate,
        goal: goals.atLeast(2000, true),
      },
    ];
  } finally {
    for (const app of apps) await app.close();
    for (const db of databases) await db.close();
    await shared.drop();
  }
}
