/**
 * Everything Upstox, built once per app: the credential store (secrets sealed with the server's
 * key), the token service, the REST client, OAuth sign-in, the token watcher and live gate, the
 * live Broker and Account, and a factory for the market-data feed.
 */
import type { Config } from '../../config.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/index.js';
import type { HolidayCalendar } from '../../market/calendar.js';
import type { Instrument } from '../../market/feed.js';
import { createCredentialStore } from '../credentials.js';
import { createLiveGate, createTokenWatcher } from '../liveGate.js';
import type { SecretBox } from '../secretBox.js';
import { createTokenService } from '../token.js';
import type { TradingModeService } from '../../trading/mode.js';
import type { Notify } from '../../notifications/notifier.js';
import { createUpstoxClient } from './client.js';
import { createUpstoxFeed, type FeedInstruments, type UpstoxFeedOptions } from './feed.js';
import { liveChargesEstimator } from './charges.js';
import { createLiveAccount } from './liveAccount.js';
import { createLiveBroker, type ChargesEstimator } from './liveBroker.js';
import { createUpstoxOAuth } from './oauth.js';
import { createReadCache } from './readCache.js';

export type { ChargesEstimator } from './liveBroker.js';

export interface UpstoxLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
  debug?(obj: object, msg: string): void;
}

export type UpstoxServices = ReturnType<typeof createUpstoxServices>;

export function createUpstoxServices(deps: {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'dataDir' | 'secretKey' | 'publicUrl' | 'upstox'>;
  tradingMode: TradingModeService;
  calendar: HolidayCalendar;
  /** The tradable equities (symbol, name, Upstox instrument key). */
  instruments: () => readonly Instrument[];
  /** Default: DOMAIN.md's schedule at the operator's cost settings (paper/costs.ts). */
  estimateCharges?: ChargesEstimator;
  log: UpstoxLog;
  /** The server's one secret box (app.ts): seals the credentials and tokens. */
  box: SecretBox;
  /** Tests point this at a fake; default the global fetch. */
  fetch?: typeof fetch;
  /** Sends the token watcher's expiry alerts out (notifications/notifier.ts). */
  notify?: Notify;
  /** The mode the trade history reads (liveAccount.ts); default `tradingMode`. */
  historyMode?: Pick<TradingModeService, 'get'>;
}) {
  const { db, clock, config, tradingMode, log, box } = deps;
  const credentials = createCredentialStore({ db, clock, box, log });
  const tokens = createTokenService({ credentials, clock });
  // The live account's Upstox reads, cached briefly; any order write makes them stale.
  const reads = createReadCache({ clock });
  // The watcher is created below; the client reaches it through this closure.
  let watcher: ReturnType<typeof createTokenWatcher> | null = null;
  const client = createUpstoxClient({
    apiUrl: config.upstox.apiUrl,
    orderUrl: config.upstox.orderUrl,
    algoName: config.upstox.algoName,
    tokens,
    clock,
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
    async onTokenProblem(token, detail) {
      if (token !== null && (await tokens.markRejected(token, detail))) {
        log.warn({ detail }, 'Upstox refused the access token');
      }
      await watcher?.check();
    },
    onOrderWrite: () => reads.clear(),
  });
  watcher = createTokenWatcher({
    db,
    clock,
    tokens,
    tradingMode,
    log,
    ...(deps.notify ? { notify: deps.notify } : {}),
  });
  const liveGate = createLiveGate({ tradingMode, tokens, watcher, client });
  const oauth = createUpstoxOAuth({
    db,
    clock,
    credentials,
    tokens,
    client,
    apiUrl: config.upstox.apiUrl,
    publicUrl: config.publicUrl,
  });
  const charges = { estimateCharges: deps.estimateCharges ?? liveChargesEstimator(db) };
  const liveBroker = createLiveBroker({
    db,
    clock,
    client,
    gate: liveGate,
    calendar: deps.calendar,
    instruments: deps.instruments,
    log,
    ...charges,
  });
  const liveAccount = createLiveAccount({
    db,
    clock,
    client,
    tradingMode,
    instruments: deps.instruments,
    cache: reads,
    ...(deps.historyMode ? { historyMode: deps.historyMode } : {}),
    ...charges,
  });

  return {
    credentials,
    tokens,
    client,
    oauth,
    watcher,
    liveGate,
    liveBroker,
    liveAccount,
    /** The market-data feed over this client (NIVESH_MARKET_DATA=upstox). */
    createFeed(master: FeedInstruments, options: Pick<UpstoxFeedOptions, 'mode' | 'backoff'> = {}) {
      return createUpstoxFeed({ client, master, clock, calendar: deps.calendar, log, ...options });
    },
  };
}
