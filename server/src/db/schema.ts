/**
 * The database schema (drizzle). One PostgreSQL schema, the same on PGlite and PostgreSQL.
 * Timestamps are UTC (`timestamptz`); money will be integer paise.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  primaryKey,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** The one operator account. Its email follows NIVESH_OPERATOR_EMAIL. */
export const operators = pgTable('operators', {
  id: integer('id').primaryKey(),
  email: text('email').notNull(),
  name: text('name'),
  /** argon2id PHC string; null until the first password is set. */
  passwordHash: text('password_hash'),
  passwordSetAt: timestamp('password_set_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Sessions: only the SHA-256 of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_operator_idx').on(t.operatorId)],
);

/** One-time password setup tokens (15 minutes). Only the SHA-256 is stored. */
export const passwordSetupTokens = pgTable('password_setup_tokens', {
  id: serial('id').primaryKey(),
  operatorId: integer('operator_id')
    .notNull()
    .references(() => operators.id),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  /** Superseded by a newer request, or consumed. */
  invalidatedAt: timestamp('invalidated_at', { withTimezone: true }),
  requestedFrom: text('requested_from'),
});

/** Login attempts, for the 5-failures-in-15-minutes limit per email and address. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    succeeded: boolean('succeeded').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('login_attempts_lookup_idx').on(t.email, t.ip, t.attemptedAt),
    index('login_attempts_address_idx').on(t.ip, t.attemptedAt),
    index('login_attempts_at_idx').on(t.attemptedAt),
  ],
);

/** Operator settings (trading mode, ...), one JSON value per key. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  updatedBy: text('updated_by'),
});

/** Who changed what, when: every change of a setting that matters. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    detail: jsonb('detail')
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (t) => [index('audit_log_at_idx').on(t.at)],
);

/** Published releases of each remote (files in the remote store, never changed once published). */
export const remoteReleases = pgTable(
  'remote_releases',
  {
    id: serial('id').primaryKey(),
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    exposes: jsonb('exposes').$type<string[]>().notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    publishedBy: text('published_by').notNull(),
  },
  (t) => [uniqueIndex('remote_releases_remote_version_idx').on(t.remote, t.version)],
);

/** Per remote: the stable release and at most one canary with its percentage. */
export const remoteRollouts = pgTable('remote_rollouts', {
  remote: text('remote').primaryKey(),
  stableReleaseId: integer('stable_release_id').references(() => remoteReleases.id),
  canaryReleaseId: integer('canary_release_id').references(() => remoteReleases.id),
  canaryPercent: integer('canary_percent').notNull().default(0),
  canaryStartedAt: timestamp('canary_started_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  updatedBy: text('updated_by').notNull(),
});

/** Every change of a rollout, with who and when. */
export const remoteRolloutEvents = pgTable(
  'remote_rollout_events',
  {
    id: serial('id').primaryKey(),
    remote: text('remote').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    version: text('version'),
    previousVersion: text('previous_version'),
    percent: integer('percent'),
    reason: text('reason'),
  },
  (t) => [index('remote_rollout_events_remote_at_idx').on(t.remote, t.at)],
);

/**
 * What browsers reported loading: one row per browser, release and outcome ('load' or 'failure'),
 * so one browser counts once however often it retries.
 */
export const remoteLoadReports = pgTable(
  'remote_load_reports',
  {
    id: serial('id').primaryKey(),
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    clientId: text('client_id').notNull(),
    /** The address the report came from (the rollback decision counts few browsers per address). */
    ip: text('ip'),
    outcome: text('outcome').notNull(),
    kind: text('kind'),
    message: text('message'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('remote_load_reports_once_idx').on(t.remote, t.version, t.clientId, t.outcome),
    index('remote_load_reports_at_idx').on(t.remote, t.version, t.at),
  ],
);

// ---------------------------------------------------------------------------------------------
// Trading: orders, fills, cash ledger, lots (which are also the trades), end-of-day snapshots.
// Money is integer paise (`*_paise`), quantities integer shares. `account` is 'paper' or 'live'.
// ---------------------------------------------------------------------------------------------

const paise = (name: string) => bigint(name, { mode: 'number' });
const at = (name: string) => timestamp(name, { withTimezone: true });

/** Every order of either account, as placed, with its current status. */
export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    account: text('account').notNull(),
    symbol: text('symbol').notNull(),
    side: text('side').notNull(),
    quantity: integer('quantity').notNull(),
    filledQuantity: integer('filled_quantity').notNull().default(0),
    orderType: text('order_type').notNull(),
    limitPricePaise: paise('limit_price_paise'),
    /** SL and SL-M orders: the price whose crossing turns the order into a limit (SL) or market (SL-M) order. */
    triggerPricePaise: paise('trigger_price_paise'),
    /** When a stop-loss order's trigger was crossed (null before, and for other orders). */
    triggeredAt: at('triggered_at'),
    product: text('product').notNull(),
    status: text('status').notNull(),
    averagePricePaise: paise('average_price_paise'),
    statusMessage: text('status_message'),
    brokerOrderId: text('broker_order_id'),
    strategy: text('strategy').notNull(),
    placedBy: text('placed_by').notNull(),
    placedAt: at('placed_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    filledAt: at('filled_at'),
    /** IST trading day the order was placed on, YYYY-MM-DD. */
    tradingDay: text('trading_day').notNull(),
  },
  (t) => [
    index('orders_account_placed_idx').on(t.account, t.placedAt),
    // The orders list by status, newest first, and the open orders oldest first: a page of the index.
    index('orders_account_status_placed_idx').on(t.account, t.status, t.placedAt),
  ],
);

/** One execution, with each charge of DOMAIN.md's schedule in paise. */
export const fills = pgTable(
  'fills',
  {
    id: serial('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    account: text('account').notNull(),
    symbol: text('symbol').notNull(),
    side: text('side').notNull(),
    product: text('product').notNull(),
    quantity: integer('quantity').notNull(),
    pricePaise: paise('price_paise').notNull(),
    brokeragePaise: paise('brokerage_paise').notNull(),
    sttPaise: paise('stt_paise').notNull(),
    exchangePaise: paise('exchange_paise').notNull(),
    sebiPaise: paise('sebi_paise').notNull(),
    stampPaise: paise('stamp_paise').notNull(),
    gstPaise: paise('gst_paise').notNull(),
    dpPaise: paise('dp_paise').notNull(),
    chargesPaise: paise('charges_paise').notNull(),
    /** Gross P&L this fill realised by closing lots (0 for an opening fill). */
    realizedPnlPaise: paise('realized_pnl_paise').notNull().default(0),
    executedAt: at('executed_at').notNull(),
    tradingDay: text('trading_day').notNull(),
  },
  (t) => [index('fills_account_executed_idx').on(t.account, t.executedAt)],
);

/**
 * Every cash movement: opening balance, resets and adjustments, trade value, charges. The cash
 * balance is the sum of `amount_paise`; nothing else holds it.
 */
export const cashLedger = pgTable(
  'cash_ledger',
  {
    id: serial('id').primaryKey(),
    account: text('account').notNull(),
    at: at('at').notNull(),
    /** opening | reset | adjustment | trade | charges */
    kind: text('kind').notNull(),
    amountPaise: paise('amount_paise').notNull(),
    fillId: integer('fill_id').references(() => fills.id),
    orderId: text('order_id'),
    note: text('note').notNull(),
    tradingDay: text('trading_day').notNull(),
  },
  (t) => [
    index('cash_ledger_account_idx').on(t.account, t.id),
    // The few external flows (opening, reset, adjustment) among the many trade rows, found at once.
    index('cash_ledger_account_kind_idx').on(t.account, t.kind),
  ],
);

/**
 * FIFO lots. Each opening fill makes a lot; closing fills consume the oldest lots first. A lot is
 * also one trade of the history: its entry, and once `open_quantity` reaches 0, its exit.
 * `side` BUY is a long lot; SELL a short (intraday) lot.
 */
export const lots = pgTable(
  'lots',
  {
    id: serial('id').primaryKey(),
    tradeId: text('trade_id').notNull().unique(),
    account: text('account').notNull(),
    symbol: text('symbol').notNull(),
    product: text('product').notNull(),
    side: text('side').notNull(),
    quantity: integer('quantity').notNull(),
    openQuantity: integer('open_quantity').notNull(),
    entryPricePaise: paise('entry_price_paise').notNull(),
    entryFillId: integer('entry_fill_id')
      .notNull()
      .references(() => fills.id),
    /** Charges of the entry fill apportioned to this lot, and of the exits that closed it. */
    entryChargesPaise: paise('entry_charges_paise').notNull(),
    exitChargesPaise: paise('exit_charges_paise').notNull().default(0),
    exitQuantity: integer('exit_quantity').notNull().default(0),
    exitValuePaise: paise('exit_value_paise').notNull().default(0),
    realizedPnlPaise: paise('realized_pnl_paise').notNull().default(0),
    strategy: text('strategy').notNull(),
    openedAt: at('opened_at').notNull(),
    closedAt: at('closed_at'),
    openedDay: text('opened_day').notNull(),
  },
  (t) => [
    index('lots_account_symbol_idx').on(t.account, t.symbol, t.product, t.openQuantity),
    index('lots_account_opened_idx').on(t.account, t.openedAt),
    // The trade history filtered by side and product, newest entry first (paper/tradeHistory.ts).
    index('lots_account_side_product_opened_idx').on(t.account, t.side, t.product, t.openedAt),
  ],
);

/**
 * Each exit from a lot: the part of a closing fill that consumed it. A partial exit is a closed
 * trade for its quantity (the trade history shows it as one), the rest of the lot stays open.
 * `entry_charges_paise` is the lot's entry charges apportioned to this quantity; rows written before
 * this table existed were backfilled as one exit per lot (`fill_id` null).
 */
export const lotExits = pgTable(
  'lot_exits',
  {
    id: serial('id').primaryKey(),
    lotId: integer('lot_id')
      .notNull()
      .references(() => lots.id),
    fillId: integer('fill_id').references(() => fills.id),
    account: text('account').notNull(),
    quantity: integer('quantity').notNull(),
    pricePaise: paise('price_paise').notNull(),
    /** P&L of this exit before charges. */
    realizedPnlPaise: paise('realized_pnl_paise').notNull(),
    /** This exit's share of the closing fill's charges. */
    exitChargesPaise: paise('exit_charges_paise').notNull(),
    entryChargesPaise: paise('entry_charges_paise').notNull(),
    exitedAt: at('exited_at').notNull(),
    tradingDay: text('trading_day').notNull(),
  },
  (t) => [
    // A lot's exits in order: each exit's place among them is its trade id (<lot>-1, <lot>-2...).
    index('lot_exits_lot_order_idx').on(t.lotId, t.exitedAt, t.id),
    index('lot_exits_account_idx').on(t.account, t.exitedAt),
    // The exits written since the last count (the quick stats' win rate).
    index('lot_exits_account_id_idx').on(t.account, t.id),
  ],
);

/** End-of-day equity of an account: written at the close, backfilled for missed days. */
export const equitySnapshots = pgTable(
  'equity_snapshots',
  {
    account: text('account').notNull(),
    tradingDay: text('trading_day').notNull(),
    portfolioValuePaise: paise('portfolio_value_paise').notNull(),
    cashPaise: paise('cash_paise').notNull(),
    holdingsValuePaise: paise('holdings_value_paise').notNull(),
    /** NIFTY 50's close that day (points). */
    benchmarkClose: doublePrecision('benchmark_close').notNull(),
    /** close (written at the session's end) or backfill (computed later from candles). */
    source: text('source').notNull(),
    recordedAt: at('recorded_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.account, t.tradingDay] })],
);

/** Alerts the system raised for the operator (token expired, switched to paper, square-off, ...). */
export const alerts = pgTable(
  'alerts',
  {
    id: serial('id').primaryKey(),
    at: at('at').notNull(),
    /** broker | paper | market | risk | system */
    source: text('source').notNull(),
    /** high | medium | low */
    severity: text('severity').notNull(),
    message: text('message').notNull(),
    actionRequired: boolean('action_required').notNull().default(false),
    suggestedAction: text('suggested_action'),
    dismissedAt: at('dismissed_at'),
    /**
     * When the condition the alert was about ended (the halt lifted, a usable token stored, the
     * breaker or limit cleared), who or what ended it, and how, in a sentence (risk/alerts.ts
     * `resolveAlerts`); null while it stands. A resolved alert needs no action any more.
     */
    resolvedAt: at('resolved_at'),
    resolvedBy: text('resolved_by'),
    resolution: text('resolution'),
  },
  (t) => [index('alerts_at_idx').on(t.at)],
);

/**
 * Emergency stops (Emergency Stop All): who halted order entry, when and why, and who lifted it.
 * The row without `lifted_at` is the halt in force; at most one (the partial unique index).
 */
export const tradingHalts = pgTable(
  'trading_halts',
  {
    id: serial('id').primaryKey(),
    haltedAt: at('halted_at').notNull(),
    haltedBy: text('halted_by').notNull(),
    reason: text('reason').notNull(),
    /** Whether the stop also closed every open position at market. */
    squareOff: boolean('square_off').notNull(),
    liftedAt: at('lifted_at'),
    liftedBy: text('lifted_by'),
  },
  (t) => [
    uniqueIndex('trading_halts_in_force_idx')
      .on(sql`(true)`)
      .where(sql`${t.liftedAt} IS NULL`),
  ],
);

/**
 * The decision log: every signal the system acted on (or chose not to), with the figures behind it
 * and, once known, what came of it. The ML pages and the learning audit read it.
 */
export const decisions = pgTable(
  'decisions',
  {
    id: serial('id').primaryKey(),
    decidedAt: at('decided_at').notNull(),
    /** IST trading day of the decision, YYYY-MM-DD. */
    tradingDay: text('trading_day').notNull(),
    /** paper or live: the account the decision was for. */
    account: text('account').notNull(),
    /** automation (the allocator's run) or exit (an automated exit). */
    source: text('source').notNull(),
    symbol: text('symbol').notNull(),
    strategy: text('strategy').notNull(),
    strategyVersion: text('strategy_version').notNull(),
    /** BUY, SELL or HOLD, as the strategy gave it. */
    signal: text('signal').notNull(),
    /** What the system did: ordered, skipped or refused. */
    action: text('action').notNull(),
    /** Why, in a sentence with the figures. */
    reason: text('reason').notNull(),
    confidence: doublePrecision('confidence').notNull(),
    pricePaise: paise('price_paise').notNull(),
    targetPaise: paise('target_paise'),
    stopPaise: paise('stop_paise'),
    /** Trading days after which the position is closed if neither target nor stop was hit. */
    horizonDays: integer('horizon_days').notNull(),
    quantity: integer('quantity'),
    orderId: text('order_id'),
    /** The indicator values and costs the strategy read. */
    inputs: jsonb('inputs').notNull(),
    /** The ML ensemble's calibrated probability of a win when it decided; null without a model. */
    mlProbability: doublePrecision('ml_probability'),
    /** Expected profit or loss after charges of an ordered entry at that probability (ml/expected.ts). */
    expectedPnlPaise: paise('expected_pnl_paise'),
    outcomeAt: at('outcome_at'),
    /** target, stop, horizon or cancelled. */
    outcomeKind: text('outcome_kind'),
    /** Return after charges at the outcome, a fraction of the money put in. */
    outcomeReturn: doublePrecision('outcome_return'),
    outcomePnlPaise: paise('outcome_pnl_paise'),
  },
  (t) => [
    index('decisions_account_day_idx').on(t.account, t.tradingDay),
    index('decisions_order_idx').on(t.orderId),
  ],
);

/** One automated allocation run per account and trading day (the unique index makes it so across restarts and processes). */
export const automationRuns = pgTable(
  'automation_runs',
  {
    id: serial('id').primaryKey(),
    account: text('account').notNull(),
    tradingDay: text('trading_day').notNull(),
    startedAt: at('started_at').notNull(),
    finishedAt: at('finished_at'),
    /** running, done, skipped or failed. */
    status: text('status').notNull(),
    /** The day's amount the run could spend. */
    amountPaise: paise('amount_paise').notNull(),
    /** What the run did and why: lines and the orders it placed. */
    summary: jsonb('summary').notNull(),
  },
  (t) => [uniqueIndex('automation_runs_day_idx').on(t.account, t.tradingDay)],
);

/** Backtest runs: the parameters, progress and, when done, the trades, daily values and analytics. */
export const backtestRuns = pgTable(
  'backtest_runs',
  {
    id: text('id').primaryKey(),
    createdAt: at('created_at').notNull(),
    finishedAt: at('finished_at'),
    /** running, done or failed. */
    status: text('status').notNull(),
    /** 0-1. */
    progress: doublePrecision('progress').notNull(),
    params: jsonb('params').notNull(),
    result: jsonb('result'),
    error: text('error'),
  },
  (t) => [index('backtest_runs_created_idx').on(t.createdAt)],
);

/**
 * News headlines read from the configured RSS/Atom feeds: one row per story (the dedupe key joins
 * the same story from several feeds), with its sentiment score, the instruments it names and its
 * themes.
 */
export const newsHeadlines = pgTable(
  'news_headlines',
  {
    id: serial('id').primaryKey(),
    /** The feed it was first read from (a data source id or the feed's URL). */
    source: text('source').notNull(),
    /** The normalised title's hash: the same story from another feed is not stored twice. */
    dedupeKey: text('dedupe_key').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    link: text('link'),
    /** When the feed says it was published; null when it does not say. */
    publishedAt: at('published_at'),
    fetchedAt: at('fetched_at').notNull(),
    /** Sentiment score, -1 (negative) to 1 (positive). */
    sentiment: doublePrecision('sentiment').notNull(),
    /** NSE symbols the headline names. */
    symbols: jsonb('symbols').notNull(),
    /** Themes (sector, macro, earnings, ...). */
    themes: jsonb('themes').notNull(),
  },
  (t) => [
    uniqueIndex('news_headlines_dedupe_idx').on(t.dedupeKey),
    index('news_headlines_fetched_idx').on(t.fetchedAt),
  ],
);

/** Model versions of the ML ensemble: each full training or online update is a new version. */
export const mlModels = pgTable('ml_models', {
  version: serial('version').primaryKey(),
  trainedAt: at('trained_at').notNull(),
  /** full (walk-forward training) or online (an incremental update). */
  kind: text('kind').notNull(),
  /** Samples it was trained on. */
  samples: integer('samples').notNull(),
  /** Each member model's weight in the ensemble, by name. */
  weights: jsonb('weights').notNull(),
  /** Validation figures: accuracy, log loss, Brier score, per model and for the ensemble. */
  metrics: jsonb('metrics').notNull(),
  /** The serialised models and the calibration map. */
  state: jsonb('state').notNull(),
});

/**
 * Every prediction the ensemble made, with its features and, once known, whether it came true; and
 * every automated entry no model scored (no model version, no probability), with its outcome.
 */
export const predictions = pgTable(
  'predictions',
  {
    id: serial('id').primaryKey(),
    predictedAt: at('predicted_at').notNull(),
    tradingDay: text('trading_day').notNull(),
    symbol: text('symbol').notNull(),
    /** The decision it informed, if any. */
    decisionId: integer('decision_id'),
    /** The research signal it scored: its strategy, horizon, and entry, target and stop prices. */
    strategy: text('strategy').notNull(),
    horizonDays: integer('horizon_days').notNull(),
    entryPaise: paise('entry_paise').notNull(),
    targetPaise: paise('target_paise').notNull(),
    stopPaise: paise('stop_paise').notNull(),
    /**
     * The model version that scored it; null for an automated entry no model scored, which the
     * learner adds from the decision (ml/service.ts), so every automated decision is learned from.
     */
    modelVersion: integer('model_version'),
    /** Calibrated probability that the trade wins after costs at its horizon; null with no model. */
    probability: doublePrecision('probability'),
    features: jsonb('features').notNull(),
    /** Per-feature contributions (explainability). */
    contributions: jsonb('contributions').notNull(),
    outcomeAt: at('outcome_at'),
    /** Whether it won after costs; null until known. */
    won: boolean('won'),
    outcomeReturn: doublePrecision('outcome_return'),
  },
  (t) => [
    // One prediction per stock and trading day: the first, the one a decision that day could read.
    uniqueIndex('predictions_day_symbol_idx').on(t.tradingDay, t.symbol),
    index('predictions_decision_idx').on(t.decisionId),
    index('predictions_open_idx').on(t.outcomeAt),
  ],
);

/**
 * What the learner did, one row per event: a full training or an online update (with whether it
 * improved the validation loss), a pattern found, a strategy refinement, drift detected or
 * recovered, or a pruning of old predictions (with how many it removed).
 */
export const mlEvents = pgTable(
  'ml_events',
  {
    id: serial('id').primaryKey(),
    at: at('at').notNull(),
    /** full_training, online_update, pattern, strategy_refinement, drift, recovered or prune. */
    kind: text('kind').notNull(),
    /** For a training or update: whether the validation loss improved; else null. */
    improved: boolean('improved'),
    /** The figures of the event (losses, counts, the pattern, the drift test). */
    detail: jsonb('detail').notNull(),
  },
  (t) => [index('ml_events_at_idx').on(t.at)],
);

// ---------------------------------------------------------------------------------------------
// Operations: more than one server process on one database, data sources, notifications
// ---------------------------------------------------------------------------------------------

/**
 * Every server process on this database, with its heartbeat: which one is the leader (the one that
 * runs the singleton jobs), how many run (the auto-scaler's count), and where each listens.
 */
export const serverInstances = pgTable(
  'server_instances',
  {
    /** Random per process start. */
    id: text('id').primaryKey(),
    host: text('host').notNull(),
    pid: integer('pid').notNull(),
    /** The address it serves on (for the auto-scaler's process provider). */
    url: text('url'),
    version: text('version').notNull(),
    startedAt: at('started_at').notNull(),
    heartbeatAt: at('heartbeat_at').notNull(),
    leader: boolean('leader').notNull().default(false),
    /** When it closed cleanly; null while it runs (or when it was killed). */
    stoppedAt: at('stopped_at'),
  },
  (t) => [index('server_instances_heartbeat_idx').on(t.heartbeatAt)],
);

/**
 * A counter per shared thing (the paper account) that every write bumps, so a process notices
 * another process wrote and reloads what it cached.
 */
export const writeVersions = pgTable('write_versions', {
  key: text('key').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/** Tickets for the browser price stream (stream/tickets.ts), kept as their SHA-256. */
export const streamTickets = pgTable(
  'stream_tickets',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: integer('session_id').notNull(),
    issuedAt: at('issued_at').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [
    index('stream_tickets_session_idx').on(t.sessionId, t.issuedAt),
    index('stream_tickets_expiry_idx').on(t.expiresAt),
  ],
);

/** Events counted by a per-key rate limit shared by every process (http/rateLimit.ts). */
export const rateLimitEvents = pgTable(
  'rate_limit_events',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    at: at('at').notNull(),
  },
  (t) => [index('rate_limit_events_key_idx').on(t.key, t.at), index('rate_limit_events_at_idx').on(t.at)],
);

/** The auto-scaler's decisions, each with the measurement it was made on and what was done. */
export const scalingDecisions = pgTable(
  'scaling_decisions',
  {
    id: serial('id').primaryKey(),
    at: at('at').notNull(),
    instanceId: text('instance_id').notNull(),
    /** scale_up or scale_down. */
    action: text('action').notNull(),
    reason: text('reason').notNull(),
    cpuPercent: doublePrecision('cpu_percent').notNull(),
    instancesBefore: integer('instances_before').notNull(),
    instancesAfter: integer('instances_after').notNull(),
    /** Which provider acted (process, none, ...). */
    provider: text('provider').notNull(),
    /** done, skipped or failed (with `error`). */
    outcome: text('outcome').notNull(),
    error: text('error'),
  },
  (t) => [index('scaling_decisions_at_idx').on(t.at)],
);

/** Data sources: the built-in ones (switchable) and the operator's custom ones (editable). */
export const dataSources = pgTable('data_sources', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  type: text('type').notNull(),
  description: text('description').notNull().default(''),
  endpoint: text('endpoint').notNull(),
  enabled: boolean('enabled').notNull(),
  custom: boolean('custom').notNull(),
  /** The API key, encrypted with the server's secret key; null when none. */
  apiKeyEncrypted: text('api_key_encrypted'),
  /** Extra request headers sent to the endpoint. */
  headers: jsonb('headers').notNull().default({}),
  externalUrl: text('external_url'),
  /** connected, disconnected, disabled, available, pending or validating. */
  status: text('status').notNull(),
  lastUpdated: at('last_updated'),
  latencyMs: integer('latency_ms'),
  lastError: text('last_error'),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
});

/**
 * Every notification sent or to be sent, by channel: the delivery log. A failed delivery is retried
 * with growing waits; it never blocks what raised it.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: serial('id').primaryKey(),
    createdAt: at('created_at').notNull(),
    /** The alert kind (contract NotificationAlert) or `test`. */
    alert: text('alert').notNull(),
    /** email or telegram. */
    channel: text('channel').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** pending, sent or failed (no retries left). */
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at'),
    lastError: text('last_error'),
    sentAt: at('sent_at'),
  },
  (t) => [
    index('notification_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('notification_deliveries_created_idx').on(t.createdAt),
  ],
);
