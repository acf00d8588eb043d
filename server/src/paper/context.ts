/**
 * What the parts of the paper engine share: its dependencies, the one queue every write runs
 * through, the cached settings, the in-memory list of open orders and the cached account state.
 */
import type { Db } from '../db/index.js';
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
}

export interface PaperContext {
  db: Db;
  clock: Clock;
  hub: TickHub;
  feed: MarketFeed;
  calendar: HolidayCalendar;
  log: EngineLog;
  prices: Prices;
  cache: StateCache;
  /**
   * Runs a job after every job queued before it. Everything that writes goes through here, so
   * concurrent requests cannot spend the same cash twice.
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
}

export function createPaperContext(deps: PaperContextDeps): PaperContext {
  const { db } = deps;
  const prices = hubPrices(deps.hub);
  const cache = createStateCache();

  let chain: Promise<unknown> = Promise.resolve();
  let cachedSettings: PaperSettings | null = null;
  let open: OrderRow[] = [];

  return {
    db,
    clock: deps.clock,
    hub: deps.hub,
    feed: deps.feed,
    calendar: deps.calendar,
    log: deps.log ?? silentLog,
    prices,
    cache,
    serialize<T>(job: () => Promise<T>): Promise<T> {
      const run = chain.then(job, job);
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
    state: (now, openOrders = open) => cache.load(db, prices, now, openOrders),
  };
}
