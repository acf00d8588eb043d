/**
 * What the parts of the paper engine share: its dependencies, the one queue every write runs
 * through, the cached settings, the in-memory list of open orders and the cached account state.
 *
 * Group commit: the order jobs waiting in the queue together (up to MAX_BATCH) run one after the
 * other in ONE transaction, with one lock, one write-version read and one bump. Each job checks its
 * order in memory against the account as the jobs before it left it (the batch's copies of the
 * cached account and open orders), and hands the rows it writes to `write`: they are gathered and
 * written together, one statement per table, after the batch's last job (rows.ts), or before a
 * read of the account's rows in the batch's transaction (the account loaded afresh, the open
 * orders after a resting one), so every read sees the orders before it. A job refused (HttpError)
 * writes nothing and the batch goes on. When anything else fails before the COMMIT (a job's
 * statement, an unexpected error, the batch's writes), nothing of the batch is stored: the cached
 * state is read again and its jobs run again one per transaction, so one bad order fails alone and
 * the others are answered as they would be one at a time. No job's promise settles before its
 * COMMIT; when a COMMIT fails every job of that transaction fails and the cached state is read
 * again from the database. The code of a batch's jobs reaches the transaction through `ctx.db`
 * (an AsyncLocalStorage scope). On PGlite an order job queued alone runs as any other job (its own
 * transactions: fewer statements than a batch of one).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { schema, type Db } from '../db/index.js';
import { soloCoordination, type Coordination } from '../db/coordination.js';
import type { Clock } from '../clock.js';
import type { HolidayCalendar } from '../market/calendar.js';
import type { MarketFeed, TickHub } from '../market/feed.js';
import { loadPaperSettings, type PaperSettings } from './settings.js';
import {
  createAccountHistory,
  type AccountHistory,
  type AccountHistoryReader,
  type StoredCounts,
} from './history.js';
import { HttpError } from '../http/errors.js';
import { HALT_SHARED_LOCK, haltInForceColumn, haltOfColumn } from '../trading/halt.js';
import { driftInForceColumn } from '../ml/store.js';
import {
  appendRows,
  emptyRows,
  hasRows,
  idColumns,
  idPool,
  idsOf,
  takeIds,
  writeRows,
  type AccountRows,
  type IdPool,
  type Ids,
} from './rows.js';
import {
  createStateCache,
  hubPrices,
  loadOpenOrders,
  type AccountState,
  type OrderRow,
  type Prices,
  type StateCache,
} from './state.js';

interface EngineLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const silentLog: EngineLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

export interface PaperContextDeps {
  db: Db;
  clock: Clock;
  hub: TickHub;
  feed: MarketFeed;
  calendar: HolidayCalendar;
  log?: EngineLog;
  /**
   * Other processes on the same database (default: none). With PostgreSQL every write job holds
   * the account's advisory lock, and a process reloads its cached state when another one wrote.
   */
  coordination?: Coordination;
  /** This process runs the singleton work (resting fills, square-off, snapshots); default always. */
  leads?: () => boolean;
  /** After a queued job that changed the account (an order, a fill, a cancel, a setting). */
  onWrite?: () => void;
}

/**
 * The `perBatch` reads every order of a batch may make, read together with the batch's start in
 * one statement (`batchStart`); each order outside a batch reads its own.
 */
export const BATCH_READS = {
  /** The emergency stop in force, as the assessment reads it (assess.ts). */
  halt: 'halt',
  /** The emergency stop in force read under its shared lock, as the writer reads it (writer.ts). */
  haltLocked: 'halt-locked',
  /** Whether ML drift is in force (assess.ts: the capital phase's rules). */
  drift: 'drift',
} as const;

/** The paper account's key in `write_versions`. */
const WRITE_VERSION_KEY = 'paper-account';

/**
 * The most order jobs committed in one transaction (group commit), so a batch stays short: its
 * first order waits for the last one's COMMIT.
 */
const MAX_BATCH = 48;

interface Queued {
  job: () => Promise<unknown>;
  /** An order job, which may share a transaction with the order jobs queued next to it. */
  batched: boolean;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** A running batch of order jobs: its transaction and what its jobs changed so far. */
interface Batch {
  tx: Db;
  /** False once the batch ended (work its jobs left running no longer reaches the transaction). */
  active: boolean;
  cache: StateCache;
  open: OrderRow[];
  /** The stored days as read before the batch began (PGlite), or at its first need (PostgreSQL). */
  days: Promise<AccountHistory> | null;
  /** How many days and flows were stored at the batch's start (PostgreSQL: read in `batchStart`). */
  dayCounts: StoredCounts | undefined;
  /** A job of the batch changed the account. */
  wrote: boolean;
  /** What the batch's orders read once for all of them (`perBatch`). */
  reads: Map<string, Promise<unknown>>;
  /** The rows of the batch's jobs done so far, not written yet. */
  rows: AccountRows;
  /** The running job's rows, added to `rows` when it is done (dropped when it is refused). */
  jobRows: AccountRows;
  /** The running job's rows were written already (a read needed them): it cannot be undone alone. */
  jobWritten: boolean;
  /** Fill and lot ids taken for the batch's orders (a block for the jobs left at a time). */
  ids: IdPool;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

export interface PaperContext {
  db: Db;
  clock: Clock;
  hub: TickHub;
  feed: MarketFeed;
  calendar: HolidayCalendar;
  log: EngineLog;
  /** Whether this process runs the singleton work (one leader among the processes on the database). */
  leads(): boolean;
  /** Other processes may write the same account (PostgreSQL). */
  shared: boolean;
  prices: Prices;
  /** The cached account (inside a batch, the batch's copy). */
  readonly cache: StateCache;
  /**
   * Runs a job after every job queued before it, holding the account's lock across processes.
   * Everything that writes goes through here, so concurrent requests, in this process or another
   * on the same database, cannot spend the same cash twice.
   */
  serialize<T>(job: () => Promise<T>): Promise<T>;
  /**
   * `serialize` for a new order: the order jobs queued together are committed in one transaction
   * (group commit; see the top of this file), each settled only once that transaction committed.
   */
  serializeOrder<T>(job: () => Promise<T>): Promise<T>;
  /** A transaction of the writer: its own, or inside a batch the batch's. */
  transaction<T>(run: (tx: Db) => Promise<T>): Promise<T>;
  /**
   * Writes orders' and fills' rows in the writer's transaction `tx`: at once, or inside a batch
   * with the batch's other rows before its COMMIT (and before a read of the account's rows).
   */
  write(tx: Db, rows: AccountRows): Promise<void>;
  /** Ids for `count` fills and as many lots (inside a batch, from the batch's block). */
  ids(tx: Db, count: number): Promise<Ids>;
  /** Resolves once every queued job (including jobs queued meanwhile) is done. */
  idle(): Promise<void>;
  /**
   * `read()`, read once for all the orders of a batch (each order alone outside one) until an
   * order is refused or undone: a state another module writes and a later check covers (the halt
   * the assessment reads), one read under a lock the batch's transaction then holds (the halt
   * the writer reads), or one the batch, committed at once, may take as of its start (drift).
   */
  perBatch<T>(key: string, read: () => Promise<T>): Promise<T>;
  settings(): Promise<PaperSettings>;
  /** The account's stored days, flows and exits, read incrementally (loss limits, analytics). */
  history: AccountHistoryReader;
  /** After the settings were stored. */
  rememberSettings(settings: PaperSettings): void;
  /** The open orders as last read (the engine is their only writer). */
  openOrders(): readonly OrderRow[];
  refreshOpenOrders(): Promise<void>;
  /** The account at `now` (from the cache when it is current), with these open orders. */
  state(now: Date, openOrders?: readonly OrderRow[]): Promise<AccountState>;
  /** Reloads what this process cached when another process wrote since (a no-op alone). */
  sync(): Promise<void>;
  /** The running job changed the account (the writer calls it). */
  wrote(): void;
}

export function createPaperContext(deps: PaperContextDeps): PaperContext {
  const { db } = deps;
  const log = deps.log ?? silentLog;
  const coordination = deps.coordination ?? soloCoordination();
  const prices = hubPrices(deps.hub);
  const cache = createStateCache();
  const history = createAccountHistory(db);

  let cachedSettings: PaperSettings | null = null;
  let open: OrderRow[] = [];
  // The account's write version this process's caches reflect.
  let seenVersion: number | null = null;
  // What this process cached may differ from the database (a batch's COMMIT failed).
  let stale = false;

  // The batch the calling code runs in (its jobs, and what they await).
  const scope = new AsyncLocalStorage<Batch>();
  const batchOf = (): Batch | null => {
    const batch = scope.getStore();
    return batch?.active ? batch : null;
  };

  const versionQuery = (q: Db) =>
    q
      .select({ version: schema.writeVersions.version })
      .from(schema.writeVersions)
      .where(sql`${schema.writeVersions.key} = ${WRITE_VERSION_KEY}`);

  async function storedVersion(q: Db): Promise<number> {
    const [row] = await versionQuery(q);
    return row?.version ?? 0;
  }

  /**
   * A batch's first read, in one statement under its locks: with other processes the version
   * (another one may have moved it) and ids for `count` fills and as many lots (the ids follow
   * the order of COMMITs across processes, as the lock does); always the `BATCH_READS`.
   */
  async function batchStart(tx: Db, count: number) {
    const shared = coordination.shared;
    const result = await tx.execute(
      sql`select ${haltInForceColumn} as halt, ${driftInForceColumn} as drift${
        shared
          ? sql`, coalesce((${versionQuery(tx)}), 0) as version, ${idColumns(count)}, ${history.daysCounts.columns}`
          : sql``
      }`,
    );
    const [row] = (
      result as unknown as {
        rows: Array<
          Partial<Parameters<typeof idsOf>[0]> & { halt: unknown; drift: unknown; version?: number }
        >;
      }
    ).rows;
    const halt = haltOfColumn(row!.halt);
    const drift = z.boolean().parse(row!.drift);
    // Under the halt's shared lock (taken with the account's, by other processes' batches) the
    // halt read at the start is the one the writer would read: no stop is written until the COMMIT.
    const reads = new Map<string, Promise<unknown>>([
      [BATCH_READS.halt, Promise.resolve(halt)],
      [BATCH_READS.drift, Promise.resolve(drift)],
      ...(shared ? ([[BATCH_READS.haltLocked, Promise.resolve(halt)]] as const) : []),
    ]);
    return shared
      ? {
          version: Number(row!.version),
          ids: idsOf(row as Parameters<typeof idsOf>[0]),
          dayCounts: history.daysCounts.of(row as Record<string, unknown>),
          reads,
        }
      : { version: null, ids: undefined, dayCounts: undefined, reads };
  }

  /**
   * Reloads what this process cached when another process wrote since (or it is stale); `known`
   * is the stored version when the caller read it already.
   */
  async function syncWith(q: Db, known?: number): Promise<void> {
    if (!coordination.shared && !stale) return;
    const version = coordination.shared ? (known ?? (await storedVersion(q))) : null;
    if (!stale && version === seenVersion) return;
    cache.invalidate();
    cachedSettings = null;
    open = await loadOpenOrders(q);
    seenVersion = version;
    stale = false;
  }
  const sync = () => syncWith(db);

  /** Moves the account's write version on by one (the first write stores 1). */
  const bumpQuery = (q: Db) =>
    q
      .insert(schema.writeVersions)
      .values({ key: WRITE_VERSION_KEY, version: 1 })
      .onConflictDoUpdate({
        target: schema.writeVersions.key,
        set: { version: sql`${schema.writeVersions.version} + 1` },
      });

  async function bump(q: Db): Promise<number | null> {
    const [row] = await bumpQuery(q).returning({ version: schema.writeVersions.version });
    return row?.version ?? null;
  }

  // Whether the running job (outside a batch) wrote (the writer says so through `wrote()`).
  let dirty = false;
  const afterWrite = async () => {
    if (!dirty) return;
    dirty = false;
    if (coordination.shared) seenVersion = await bump(db);
    deps.onWrite?.();
  };

  const locked = <T>(job: () => Promise<T>): Promise<T> =>
    coordination.shared
      ? coordination.withLock('paper-account', async () => {
          await sync();
          try {
            return await job();
          } finally {
            await afterWrite();
          }
        })
      : (stale ? sync() : Promise.resolve()).then(job).finally(afterWrite);

  /**
   * Writes the rows of the batch's jobs so far, the running job's included, and `also` (other
   * writes of the transaction) in the same statement.
   */
  async function writeBatch(batch: Batch, also: readonly SQL[] = []): Promise<void> {
    if (hasRows(batch.jobRows)) batch.jobWritten = true;
    appendRows(batch.rows, batch.jobRows);
    batch.jobRows = emptyRows();
    if (!hasRows(batch.rows) && also.length === 0) return;
    const rows = batch.rows;
    batch.rows = emptyRows();
    await writeRows(batch.tx, rows, also);
  }

  /**
   * One job of a batch, on copies of the batch's cached account and orders. A refusal (HttpError)
   * drops what the job would have written; anything else fails the batch (its statements may
   * have aborted the transaction), whose jobs then run again one per transaction.
   */
  async function runJob(batch: Batch, job: () => Promise<unknown>): Promise<Outcome> {
    const before = { cache: batch.cache, open: batch.open };
    batch.cache = before.cache.fork();
    batch.jobRows = emptyRows();
    batch.jobWritten = false;
    try {
      const value = await scope.run(batch, job);
      appendRows(batch.rows, batch.jobRows);
      batch.jobRows = emptyRows();
      return { ok: true, value };
    } catch (error) {
      if (!(error instanceof HttpError) || batch.jobWritten) throw error;
      // A refusal writes nothing of its order, but keeps what it wrote on purpose, as it would
      // alone (the emergency stop the order found: phaseRules.ts): the orders after it read it.
      batch.reads.clear();
      batch.jobRows = emptyRows();
      batch.cache = before.cache;
      batch.open = before.open;
      return { ok: false, error };
    }
  }

  /** After a failed COMMIT: what this process cached is read again from the database. */
  async function reload(): Promise<void> {
    cache.invalidate();
    cachedSettings = null;
    seenVersion = null;
    try {
      open = await loadOpenOrders(db);
      stale = false;
    } catch (error) {
      stale = true;
      log.error({ err: error }, 'paper account: reloading the open orders failed; the next job retries');
    }
  }

  /** The order jobs `entries` in one transaction; each settles once it committed (or failed). */
  async function runBatch(entries: Queued[]): Promise<void> {
    // PGlite runs one query at a time, so a read outside the transaction would wait for it: the
    // stored days (which orders never change) are read before it begins.
    let days: Promise<AccountHistory> | null = null;
    if (!coordination.shared) {
      const read = history.loadDays();
      days = read;
      await read.catch(() => undefined);
    }
    let batch: Batch | null = null;
    let version: number | null = null;
    let committing = false;
    const outcomes: Outcome[] = [];
    try {
      await db.transaction(async (tx) => {
        // With other processes: the account's lock, and the emergency stop's shared (a stop being
        // written is waited for, and none is written until the batch commits).
        await coordination.lockInTransaction(tx, 'paper-account', HALT_SHARED_LOCK);
        // The version other processes may have moved, the batch's ids (enough for every job: each
        // order fills once, opening at most one lot) and the reads every order makes, at once.
        const start = await batchStart(tx, entries.length);
        await syncWith(tx, start.version ?? undefined);
        const running: Batch = {
          tx,
          active: true,
          cache: cache.fork(),
          open,
          days,
          dayCounts: start.dayCounts,
          wrote: false,
          reads: start.reads,
          rows: emptyRows(),
          jobRows: emptyRows(),
          jobWritten: false,
          // Enough ids for the jobs left (each order fills once, opening at most one lot).
          ids: idPool(() => entries.length - outcomes.length, start.ids),
        };
        batch = running;
        for (const entry of entries) outcomes.push(await runJob(running, entry.job));
        // The version moves on in the statement that writes the rows (from the one read under the
        // lock: the write stores it plus one).
        const bumpedFrom = running.wrote ? start.version : null;
        await writeBatch(running, bumpedFrom !== null ? [bumpQuery(tx).getSQL()] : []);
        if (bumpedFrom !== null) version = bumpedFrom + 1;
        committing = true;
      });
    } catch (error) {
      // The transaction did not commit: nothing of the batch is stored.
      if (batch) (batch as Batch).active = false;
      await reload();
      if (!committing && entries.length > 1) {
        // A statement or a job failed before the COMMIT: the jobs run again, one per transaction,
        // so the one that failed fails alone and the others are answered as one at a time.
        for (const entry of entries) await runBatch([entry]);
        return;
      }
      for (const entry of entries) entry.reject(error);
      return;
    }
    const done = batch as unknown as Batch;
    done.active = false;
    cache.adopt(done.cache);
    open = done.open;
    if (version !== null) seenVersion = version;
    if (done.wrote) {
      try {
        deps.onWrite?.();
      } catch (error) {
        log.error({ err: error }, 'paper account: the after-write listener failed');
      }
    }
    entries.forEach((entry, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) entry.resolve(outcome.value);
      else entry.reject(outcome.error);
    });
  }

  const queue: Queued[] = [];
  let draining: Promise<void> | null = null;

  async function drain(): Promise<void> {
    // Jobs queued in the same turn join the first batch.
    await Promise.resolve();
    while (queue.length > 0) {
      // One job alone runs as any other on PGlite (its own transactions: fewer statements).
      const alone = !coordination.shared && (queue.length === 1 || !queue[1]!.batched);
      if (!queue[0]!.batched || alone) {
        const entry = queue.shift()!;
        await locked(entry.job).then(entry.resolve, entry.reject);
        continue;
      }
      let size = 1;
      while (size < queue.length && size < MAX_BATCH && queue[size]!.batched) size += 1;
      await runBatch(queue.splice(0, size));
    }
    draining = null;
  }

  function enqueue<T>(job: () => Promise<T>, batched: boolean): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      queue.push({ job, batched, resolve: resolve as (value: unknown) => void, reject });
      draining ??= drain();
    });
  }

  return {
    get db() {
      return batchOf()?.tx ?? db;
    },
    clock: deps.clock,
    hub: deps.hub,
    feed: deps.feed,
    calendar: deps.calendar,
    log,
    leads: deps.leads ?? (() => true),
    shared: coordination.shared,
    prices,
    get cache() {
      return batchOf()?.cache ?? cache;
    },
    serialize: (job) => enqueue(job, false),
    serializeOrder: (job) => enqueue(job, true),
    async transaction(run) {
      const batch = batchOf();
      return batch ? run(batch.tx) : db.transaction(run);
    },
    async write(tx, rows) {
      const batch = batchOf();
      if (batch) appendRows(batch.jobRows, rows);
      else await writeRows(tx, rows);
    },
    ids(tx, count) {
      const batch = batchOf();
      return batch ? batch.ids.take(tx, count) : takeIds(tx, count);
    },
    perBatch(key, read) {
      const batch = batchOf();
      if (!batch) return read();
      let value = batch.reads.get(key) as ReturnType<typeof read> | undefined;
      if (!value) {
        value = read();
        batch.reads.set(key, value);
      }
      return value;
    },
    async idle() {
      while (draining) await draining;
    },
    history: {
      load: () => history.load(),
      // Once per batch (orders write no stored day nor flow): the loss limits of every order.
      loadDays() {
        const batch = batchOf();
        if (!batch) return history.loadDays();
        batch.days ??= history.loadDays(batch.dayCounts);
        return batch.days;
      },
    },
    async settings() {
      cachedSettings ??= await loadPaperSettings(batchOf()?.tx ?? db);
      return cachedSettings;
    },
    rememberSettings(settings) {
      cachedSettings = settings;
    },
    openOrders: () => batchOf()?.open ?? open,
    async refreshOpenOrders() {
      const batch = batchOf();
      if (batch) {
        await writeBatch(batch);
        batch.open = await loadOpenOrders(batch.tx);
      } else open = await loadOpenOrders(db);
    },
    async state(now, openOrders) {
      const batch = batchOf();
      if (batch) {
        // What the batch's transaction reads must hold the orders before this one.
        if (!batch.cache.holds(now)) await writeBatch(batch);
        return batch.cache.load(batch.tx, prices, now, openOrders ?? batch.open);
      }
      // Outside a batch: what is committed (a running batch changes copies; `adopt` at its COMMIT).
      // A read outside the queue still reflects what another process wrote.
      if (openOrders === undefined && coordination.shared) await sync();
      return cache.load(db, prices, now, openOrders ?? open);
    },
    sync,
    wrote() {
      const batch = batchOf();
      if (batch) batch.wrote = true;
      else dirty = true;
    },
  };
}
