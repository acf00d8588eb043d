/**
 * What the parts of the paper engine share: its dependencies, the one queue every write runs
 * through, the cached settings, the in-memory list of open orders and the cached account state.
 */
import { sql } from 'drizzle-orm';
import { schema, type Db } from '../db/index.js';
import { soloCoordination, type Coordination } from '../db/coordination.js';
import type { Clock } from '../clock.js';
import type { HolidayCalendar } from '../market/calendar.js';
import type { MarketFeed, TickHub } from '../market/feed.js';
import { loadPaperSettings, type PaperSettings } from './settings.js';
import { createAccountHistory, type AccountHistoryReader } from './history.js';
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

/** The paper account's key in `write_versions`. */
const WRITE_VERSION_KEY = 'paper-account';

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
  cache: StateCache;
  /**
   * Runs a job after every job queued before it, holding the account's lock across processes.
   * Everything that writes goes through here, so concurrent requests, in this process or another
   * on the same database, cannot spend the same cash twice.
   */
  serialize<T>(job: () => Promise<T>): Promise<T>;
  /** Resolves once every queued job (including jobs queued meanwhile) is done. */
  idle(): Promise<void>;
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
  const coordination = deps.coordination ?? soloCoordination();
  const prices = hubPrices(deps.hub);
  const cache = createStateCache();

  let chain: Promise<unknown> = Promise.resolve();
  let cachedSettings: PaperSettings | null = null;
  let open: OrderRow[] = [];
  // The account's write version this process's caches reflect.
  let seenVersion: number | null = null;

  async function storedVersion(): Promise<number> {
    const [row] = await db
      .select({ version: schema.writeVersions.version })
      .from(schema.writeVersions)
      .where(sql`${schema.writeVersions.key} = ${WRITE_VERSION_KEY}`);
    return row?.version ?? 0;
  }

  async function sync(): Promise<void> {
    if (!coordination.shared) return;
    const version = await storedVersion();
    if (version === seenVersion) return;
    cache.invalidate();
    cachedSettings = null;
    open = await loadOpenOrders(db);
    seenVersion = version;
  }

  async function bump(): Promise<void> {
    const [row] = await db
      .insert(schema.writeVersions)
      .values({ key: WRITE_VERSION_KEY, version: 1 })
      .onConflictDoUpdate({
        target: schema.writeVersions.key,
        set: { version: sql`${schema.writeVersions.version} + 1` },
      })
      .returning({ version: schema.writeVersions.version });
    seenVersion = row?.version ?? null;
  }

  // Whether the running job wrote (the writer says so through `wrote()`).
  let dirty = false;
  const afterWrite = async () => {
    if (!dirty) return;
    dirty = false;
    if (coordination.shared) await bump();
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
      : job().finally(afterWrite);

  return {
    db,
    clock: deps.clock,
    hub: deps.hub,
    feed: deps.feed,
    calendar: deps.calendar,
    log: deps.log ?? silentLog,
    leads: deps.leads ?? (() => true),
    shared: coordination.shared,
    prices,
    cache,
    serialize<T>(job: () => Promise<T>): Promise<T> {
      const run = chain.then(
        () => locked(job),
        () => locked(job),
      );
      chain = run.catch(() => undefined);
      return run;
    },
    async idle() {
      let current: Promise<unknown>;
      do {
        current = chain;
        await current;
      } while (current !== chain);
    },
    history: createAccountHistory(db),
    async settings() {
      cachedSettings ??= await loadPaperSettings(db);
      return cachedSettings;
    },
    rememberSettings(settings) {
      cachedSettings = settings;
    },
    openOrders: () => open,
    async refreshOpenOrders() {
      open = await loadOpenOrders(db);
    },
    async state(now, openOrders) {
      // A read outside the queue still reflects what another process wrote.
      if (openOrders === undefined && coordination.shared) await sync();
      return cache.load(db, prices, now, openOrders ?? open);
    },
    sync,
    wrote() {
      dirty = true;
    },
  };
}
