/**
 * buildApp(deps): the Fastify instance with every domain. It does not listen; main.ts does, and
 * tests call it and use `inject`.
 */
import path from 'node:path';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { deferredChildLogger } from './http/requestLogger.js';
import { loggerOptions } from './logging.js';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { devOrigins } from '@nivesh/build/remotes';
import type { Config } from './config.js';
import { serializerCompiler } from './http/serializer.js';
import type { StreamEventKind } from '@nivesh/api-contract';
import type { Db } from './db/index.js';
import { systemClock, type Clock } from './clock.js';
import { registerContract } from './http/contract.js';
import { frameworkErrors, installErrorHandler } from './http/errorHandler.js';
import { installEdge, sourceMapGate } from './http/security.js';
import { createHostGate } from './http/hosts.js';
import { installCompression } from './http/compression.js';
import { createAuthService, type AuthService, type Session } from './auth/service.js';
import { authHandlers } from './auth/routes.js';
import type { Mailer } from './auth/mailer.js';
import type { HolidayCalendar } from './market/calendar.js';
import { loadHolidayCalendar } from './market/holidays.js';
import { marketHandlers } from './market/routes.js';
import { createMarketService } from './market/service.js';
import { createTradingModeService, type TradingModeService } from './trading/mode.js';
import { brokerHandlers } from './broker/routes.js';
import { createBrokerService } from './broker/service.js';
import { createUpstoxServices, type UpstoxServices } from './broker/upstox/index.js';
import { loadInstrumentMaster } from './market/instruments.js';
import { createRemotesService, type RemotesService } from './remotes/service.js';
import { registerRemoteFiles, remotesHandlers } from './remotes/routes.js';
import { createRemoteCatalogue } from './remotes/catalogue.js';
import { clientIdKeyFor } from './remotes/clientId.js';
import { createRemoteStore, type RemoteStore } from './remotes/store.js';
import { opsHandlers } from './ops/routes.js';
import { createMeasurements, SAMPLE_INTERVAL_MS, type Measurements } from './ops/measurements.js';
import {
  AUTO_SCALER_INTERVAL_MS,
  createAutoScaler,
  noProvider,
  processProvider,
  type AutoScaler,
} from './ops/autoScaler.js';
import { createAnswerTimer, registerMetrics } from './ops/metrics.js';
import { managementHandlers } from './management/routes.js';
import { createManagementService } from './management/service.js';
import { createEngineRegistry, type EngineRegistry } from './ops/engines.js';
import { createNewsPipeline, NEWS_REFRESH_INTERVAL_MS, type NewsPipeline } from './news/pipeline.js';
import { createMlService, LEARNING_PASS_MS, type MlService, type MlServiceDeps } from './ml/service.js';
import { createMlViews } from './ml/views.js';
import {
  createMarketSentiment,
  MARKET_SENTIMENT_INTERVAL_MS,
  type MarketSentiment,
} from './ml/marketSentiment.js';
import { mlHandlers } from './ml/routes.js';
import { driftIsInForce } from './ml/store.js';
import { trainModel } from './ml/trainer.js';
import { performanceHandlers } from './performance/routes.js';
import { createPerformanceService } from './performance/service.js';
import { riskHandlers } from './risk/routes.js';
import { createRiskService } from './risk/service.js';
import { createRiskMonitor, RISK_MONITOR_INTERVAL_MS, type RiskMonitor } from './risk/monitor.js';
import { createEmergencyStopService } from './risk/emergencyStop.js';
import { createHaltStore } from './trading/halt.js';
import { createOpsService } from './ops/service.js';
import { createTickStreamingMonitor } from './ops/tickStreaming.js';
import {
  circuitBreakerRejection,
  createCircuitBreakers,
  MONITOR_INTERVAL_MS as CIRCUIT_BREAKER_INTERVAL_MS,
  type CircuitBreakers,
} from './trading/circuitBreakers.js';
import type { MarketFeed, TickHub } from './market/feed.js';
import { createTickHub } from './market/tickHub.js';
import { createSimulatedMarket } from './market/simulated.js';
import { registerShell } from './web/shell.js';
import { createLandingPrerender } from './web/prerender.js';
import { streamHandlers } from './stream/routes.js';
import {
  activeSessionsIn,
  createTickStreamService,
  streamOrigins,
  type TickStreamService,
} from './stream/service.js';
import { createTicketStore } from './stream/tickets.js';
import type { Account } from './broker/broker.js';
import { createPaperEngine, type PaperEngine } from './paper/engine.js';
import { createOrdersService, type LiveTrading, type OrdersService } from './orders/service.js';
import { ordersHandlers } from './orders/routes.js';
import { createPortfolioService, type PortfolioService } from './portfolio/service.js';
import { portfolioHandlers } from './portfolio/routes.js';
import { createPageMode } from './portfolio/pageMode.js';
import { createPaperMemo } from './portfolio/paperMemo.js';
import { createTradingService } from './trading/service.js';
import { tradingHandlers } from './trading/routes.js';
import { backtestsHandlers } from './backtests/routes.js';
import { createBacktestService, type HistorySource } from './backtests/service.js';
import { researchHandlers } from './research/routes.js';
import { createResearchService, niftyUniverse, RESEARCH_INTENDED_VALUE } from './research/service.js';
import { createDecisionLog } from './research/decisions.js';
import { allocationHandlers } from './allocation/routes.js';
import { createAllocationService } from './allocation/service.js';
import { AUTOMATION_PASS_MS, createAutomation, type Automation } from './allocation/automation.js';
import { haltSentence } from './trading/halt.js';
import { costSettingsOf } from './paper/settings.js';
import { dataSourcesHandlers } from './dataSources/routes.js';
import { createDataSourcesService } from './dataSources/service.js';
import { settingsHandlers } from './settings/routes.js';
import { createSettingsService } from './settings/service.js';
import { createNotifier, SEND_INTERVAL_MS, type Notifier } from './notifications/notifier.js';
import { createPreferences } from './notifications/preferences.js';
import { createSecretBox, loadSecretKey } from './broker/secretBox.js';
import { checkSecretKey } from './broker/secretKeyCheck.js';
import { soloCoordination, type Coordination, type Leadership } from './db/coordination.js';
import { connectBus, localBus, type Bus } from './cluster/bus.js';
import {
  createInstanceRegistry,
  HEARTBEAT_MS,
  newInstanceIdentity,
  type InstanceIdentity,
  type InstanceRegistry,
} from './cluster/instances.js';
import { createAlertAnnouncer, ALERT_WATCH_MS } from './cluster/alerts.js';

export interface AppDeps {
  config: Config;
  db: Db;
  /**
   * Locks, write versions and leader election across the server processes on the database
   * (`Database.coordination`); default: one process alone.
   */
  coordination?: Coordination;
  clock?: Clock;
  /**
   * A pino logger (made with logging.ts's `loggerOptions`, so no line carries a secret), Fastify
   * logger options, or false for none; default: `loggerOptions(config.logLevel)`.
   */
  logger?: FastifyServerOptions['logger'] | FastifyBaseLogger;
  mailer?: Mailer | null;
  calendar?: HolidayCalendar;
  /** The market feed; default: the simulated NSE market from config (tests pass their own). */
  feed?: MarketFeed;
  /** Check the broker token every minute (default true; tests drive `upstox.watcher.check()`). */
  watchBrokerToken?: boolean;
  /**
   * Run the paper engine's scheduler (15:20 square-off, day-order expiry, end-of-day snapshots) on
   * a timer (default true; tests pass false and call `services.paper.runScheduled()`).
   */
  paperTimers?: boolean;
  /** Override the live side (tests): null = live trading not wired. Default: Upstox. */
  live?: LiveTrading | null;
  /** Override the live account the portfolio pages read in live mode (tests). Default: Upstox. */
  liveAccount?: Account | null;
  /** Delete old login attempts every 10 minutes (default true; tests call the service). */
  pruneLoginAttempts?: boolean;
  /** Run the risk alert monitor every minute (default true; tests call `services.riskMonitor.runOnce()`). */
  riskMonitor?: boolean;
  /** Run the automated allocator every 30 s (default true; tests call `services.automation.runOnce()`). */
  automation?: boolean;
  /** Send due notifications every 10 s on the leader (default true; tests call `services.notifications.sendDue()`). */
  notifications?: boolean;
  /**
   * Run the learner (hourly: outcomes, training, updates, drift) and the news refresh (every 15
   * minutes) in the background (default true; tests call `services.ml.runOnce()` and
   * `services.news.refresh()`).
   */
  learning?: boolean;
  /**
   * Take the market sentiment every minute in the background, a first reading at start (default
   * true; tests call `services.marketSentiment.refresh()`).
   */
  marketSentiment?: boolean;
  /** Years of history a full training reads (default ml/service.ts HISTORY_YEARS; tests read less). */
  mlHistoryYears?: number;
  /** The stocks the learner trains on (default: the NIFTY 50 stocks the feed prices; tests use a few). */
  mlUniverse?: readonly string[];
  /**
   * How a full training fits (default trainer.ts `trainModel`, in a process of its own; a test
   * passes its own to hold a training under way or make it fail).
   */
  mlTrain?: MlServiceDeps['train'];
  /** How long a data source's check waits for its endpoint (default 10 s; tests shorten it). */
  dataSourceCheckTimeoutMs?: number;
  /**
   * Sample this process's load every 5 s and run the auto-scaler every 30 s on the leader (default
   * true; tests call `services.monitors.measurements.sample()` and `.autoScaler.evaluate()`).
   */
  monitors?: boolean;
  /**
   * Closes this process for its supervisor to start a new one (main.ts, when supervisor.ts runs
   * it); default null: POST /api/management/server/restart answers that it cannot restart.
   */
  restart?: (() => void) | null;
}

export interface Services {
  auth: AuthService;
  tradingMode: TradingModeService;
  remotes: RemotesService;
  remoteStore: RemoteStore;
  feed: MarketFeed;
  hub: TickHub;
  /** The browser price stream, /ws/ticks: its counters. */
  stream: Pick<TickStreamService, 'stats' | 'heartbeat'>;
  /**
   * Upstox: token status, live Broker and Account, and the live gate the orders service asks
   * (`liveGate.ensureLiveReady()`) before any live order.
   */
  upstox: Pick<
    UpstoxServices,
    'tokens' | 'liveBroker' | 'liveAccount' | 'liveGate' | 'watcher' | 'client' | 'credentials'
  >;
  /** Routes of the contract this server does not run yet (they answer 503). */
  unavailableRoutes: string[];
  /** The paper account's broker and account (orders, ledger, limits, snapshots). */
  paper: PaperEngine;
  orders: OrdersService;
  portfolio: PortfolioService;
  /** Stop loss, daily loss, volatility and correlation alerts, as the alert settings ask. */
  riskMonitor: Pick<RiskMonitor, 'runOnce'>;
  /** The automated allocator: one pass (exits, then the day's run when due). */
  automation: Pick<Automation, 'runOnce' | 'recoverInterrupted'>;
  /**
   * The production phases' circuit breakers (volatility, market drop, liquidity): the automation
   * asks `state()` before every automated entry.
   */
  circuitBreakers: Pick<CircuitBreakers, 'state'>;
  /** The learner: `runOnce()` (outcomes, training, updates, drift), `train()`, its store. */
  ml: MlService;
  /** The market sentiment the ML calls answer: `refresh()` takes a new reading. */
  marketSentiment: Pick<MarketSentiment, 'refresh'>;
  /** The news pipeline: `refresh()` reads the configured feeds. */
  news: Pick<NewsPipeline, 'refresh' | 'status'>;
  /** Every background loop's state (GET /api/engines/status). */
  engines: EngineRegistry;
  /** This process's load samples and the auto-scaler (ops/measurements.ts, ops/autoScaler.ts). */
  monitors: { measurements: Pick<Measurements, 'sample'>; autoScaler: Pick<AutoScaler, 'evaluate'> };
  /** Alerts by email and Telegram: `notify()` queues, `sendDue()` sends (notifications/notifier.ts). */
  notifications: Pick<Notifier, 'notify' | 'sendDue'>;
  /** This process among the processes on the database: who it is, whether it leads, who runs. */
  cluster: {
    identity: InstanceIdentity;
    leadership: Leadership;
    instances: InstanceRegistry;
    bus: Bus;
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

const startedAt = performance.now();
const LOGIN_ATTEMPT_PRUNE_MS = 10 * 60 * 1000;

/** Origins other than this one that the page loads remotes from (a static origin or CDN, dev servers). */
function remoteOrigins(config: Config): string[] {
  const origins = new Set<string>();
  if (/^https?:\/\//.test(config.remotesBaseUrl)) origins.add(new URL(config.remotesBaseUrl).origin);
  if (config.devRemotes) for (const origin of devOrigins(config.devRemotes).remotes) origins.add(origin);
  return [...origins];
}

/**
 * zod's request validator and our answer serializer, given to Fastify as its compiler factories
 * at construction, so its default factories (ajv, fast-json-stringify) are never loaded. The
 * option's types are written for those defaults, hence the cast.
 */
const ZOD_COMPILERS = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as NonNullable<FastifyServerOptions['schemaController']>['compilersFactory'];

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const clock = deps.clock ?? systemClock;
  const loggerOption = deps.logger === undefined ? loggerOptions(config.logLevel) : deps.logger;
  const isInstance = typeof loggerOption === 'object' && loggerOption !== null && 'child' in loggerOption;
  const app = Fastify({
    ...(isInstance
      ? { loggerInstance: loggerOption as FastifyBaseLogger }
      : { logger: loggerOption as FastifyServerOptions['logger'] }),
    bodyLimit: 1024 * 1024,
    // Requests are parsed and answers serialized with zod. Named here, Fastify does not load its
    // default JSON-schema compilers (ajv and fast-json-stringify: ~0.15 s of every start).
    schemaController: { compilersFactory: ZOD_COMPILERS },
    // A malformed path is refused through the usual hooks and error body (http/errorHandler.ts).
    frameworkErrors,
    // Request lines are logged below: errors loudly, the steady polling quietly.
    logController: new LogController({ disableRequestLogging: true }),
    // Each request's logger is made when it first logs (http/requestLogger.ts).
    childLoggerFactory: deferredChildLogger,
    // Which proxies may name the client's address (NIVESH_TRUST_PROXY); none by default.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    // A request's headers and body must arrive in time: a client sending a byte every few
    // seconds is cut off (408) instead of holding a connection open indefinitely. Node checks
    // open requests every `connectionsCheckingInterval`.
    requestTimeout: config.requestTimeoutMs,
    http: {
      headersTimeout: Math.min(config.requestTimeoutMs, 15_000),
      connectionsCheckingInterval: Math.min(1_000, Math.max(100, Math.floor(config.requestTimeoutMs / 4))),
    },
  }).withTypeProvider<ZodTypeProvider>();

  installErrorHandler(app);

  // What this process measures of itself (ops/measurements.ts), each answer's time included.
  const measurements = createMeasurements({ clock });
  const answerTimer = createAnswerTimer(measurements);
  const debugLogged = app.log.level === 'debug' || app.log.level === 'trace';
  // After every answer (one hook: each hook more is measurable on small answers): its log line
  // and its time for the monitors.
  app.addHook('onResponse', (request, reply, done) => {
    answerTimer.record(request, reply);
    const status = reply.statusCode;
    // 503 is a domain this server does not run (yet): pages poll it, so it is not an error.
    const failed = status >= 500 && status !== 503;
    const refused = status >= 400 && status < 500 && status !== 404;
    // The steady polling is logged at debug only: the line is made only when it is written.
    if (!failed && !refused && !debugLogged) return done();
    const line = { method: request.method, url: request.url, status, ms: Math.round(reply.elapsedTime) };
    if (failed) request.log.error(line, 'request failed');
    else if (refused) request.log.info(line, 'request refused');
    else request.log.debug(line, 'request');
    done();
  });

  installEdge(app, {
    helmet: {
      // The page sets its own policy with a fresh nonce (web/shell.ts); everything else allows nothing.
      contentSecurityPolicy: false,
      // As the policies' frame-ancestors 'none': no page frames any answer, not even this origin's.
      frameguard: { action: 'deny' },
      // Served over plain HTTP on localhost by default; with an https public URL browsers are told
      // to keep to HTTPS (a year; subdomains are the owner's business, not this server's).
      strictTransportSecurity: config.publicUrl.startsWith('https://')
        ? { maxAge: 31_536_000, includeSubDomains: false }
        : false,
    },
    hostGate: createHostGate({ publicUrl: config.publicUrl, allowedHosts: config.allowedHosts }),
  });
  // Before every route: each route registered after it compresses its answers (http/compression.ts).
  await installCompression(app);

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Nivesh API',
        version: config.version,
        description: 'Generated from @nivesh/api-contract',
      },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { validatorUrl: null, persistAuthorization: false },
    staticCSP: true,
    // Only this origin: drop the https: and validator.swagger.io allowances of the default.
    transformStaticCSP: (header) =>
      header
        .replace(/ https:/g, '')
        .replace(' validator.swagger.io', '')
        .replace(/ ?upgrade-insecure-requests;/, ''),
  });

  const auth = createAuthService({
    db,
    clock,
    log: app.log,
    operatorEmail: config.operatorEmail,
    operatorName: config.operatorName,
    publicUrl: config.publicUrl,
    mailer: deps.mailer ?? null,
    sessionMaxDays: config.sessionMaxDays,
  });
  await auth.ensureOperator();
  if (deps.pruneLoginAttempts ?? true) {
    const prune = setInterval(() => {
      auth
        .pruneLoginAttempts()
        .catch((error: unknown) => app.log.warn({ err: error }, 'pruning login attempts failed'));
    }, LOGIN_ATTEMPT_PRUNE_MS);
    prune.unref();
    app.addHook('onClose', async () => clearInterval(prune));
  }
  const sourceMaps = sourceMapGate((token) => auth.authenticate(token));
  const modes = createTradingModeService({ db, clock });
  // The mode the portfolio pages read, from memory (portfolio/pageMode.ts).
  const pageMode = createPageMode({ modes, clock });
  // A switch of the trading mode is told to every browser, on this process and the others.
  const tradingMode: TradingModeService = {
    ...modes,
    async set(requested, actor) {
      const state = await modes.set(requested, actor);
      pageMode.forget();
      announce('trading_mode');
      return state;
    },
  };
  // Every background loop of this process, with its heartbeat (GET /api/engines/status).
  const engines = createEngineRegistry(clock);
  // This process among the server processes on the database: one leader runs the singleton jobs
  // (fills of resting orders, square-off, snapshots, the allocator, the learner, the monitors).
  const coordination = deps.coordination ?? soloCoordination();
  const identity = newInstanceIdentity(clock);
  const leadership = coordination.leadership(app.log);
  engines.setLeadership(() => leadership.isLeader());
  leadership.onChange((leading) => {
    if (leading) engines.becameLeader();
  });
  leadership.start();
  app.addHook('onClose', async () => leadership.stop());
  const instances = createInstanceRegistry({
    db,
    clock,
    identity,
    version: config.version,
    url: `http://localhost:${config.port}`,
    leads: () => leadership.isLeader(),
  });
  const heartbeatJob = engines.job({
    name: 'instance_heartbeat',
    intervalMs: HEARTBEAT_MS,
    run: () => instances.beat(),
    log: app.log,
    runAtStart: true,
  });
  heartbeatJob.start();
  app.addHook('onClose', async () => {
    await heartbeatJob.stop();
    await instances
      .stopped()
      .catch((error: unknown) => app.log.warn({ err: error }, 'instance stop not recorded'));
  });
  // One key seals every secret the database keeps; every process on the database must hold it.
  const box = createSecretBox(loadSecretKey({ secretKey: config.secretKey, dataDir: config.dataDir }));
  await checkSecretKey(db, box, clock.now());
  // Browsers hear of trading-mode switches and alerts (the stream's `event`), wherever they arose.
  let announce: (kind: StreamEventKind) => void = () => undefined;
  let accountEventDue = false;
  // Notifications (email, Telegram): services raising an alert queue it with `notify`; the sender
  // job delivers on the leader, with retries. A failing channel never holds up what raised it.
  const notificationPreferences = createPreferences({ db, clock, box });
  const notifier = createNotifier({
    db,
    clock,
    preferences: notificationPreferences,
    mailer: deps.mailer ?? null,
    operatorEmail: config.operatorEmail,
    telegramApiUrl: config.telegramApiUrl,
    log: app.log,
  });
  const { notify } = notifier;
  const notificationsJob = engines.job({
    name: 'notifications',
    intervalMs: SEND_INTERVAL_MS,
    run: () => notifier.sendDue(),
    log: app.log,
    leaderOnly: true,
  });
  if (deps.notifications ?? true) notificationsJob.start();
  app.addHook('onClose', async () => notificationsJob.stop());
  const calendar = deps.calendar ?? loadHolidayCalendar(path.join(config.dataDir, 'holidays'));
  const hub = createTickHub(app.log);
  // The message bus between processes (NIVESH_NATS_URL): the leader's ticks reach every hub.
  const bus = config.natsUrl
    ? await connectBus({ url: config.natsUrl, instanceId: identity.id, hub, log: app.log })
    : localBus();
  app.addHook('onClose', async () => bus.close());
  // Sessions revoked here leave the other processes' memory at once (auth/service.ts).
  auth.onRevoke((revoked) => bus.revokeSessions(revoked));
  bus.onSessionsRevoked((revoked) => auth.forget(revoked));
  bus.onEvent((kind) => {
    if (kind === 'trading_mode') pageMode.forget();
  });
  const upstox = createUpstoxServices({
    db,
    clock,
    config,
    box,
    tradingMode,
    // The trade history's polls take the mode from memory too (broker/upstox/liveAccount.ts).
    historyMode: pageMode,
    calendar,
    // Resolved at call time: the feed is created just below.
    instruments: () => feed.instruments(),
    log: app.log,
    notify,
  });
  // A key an older server stored in clear is sealed like the secret (broker/credentials.ts).
  if (await upstox.credentials.sealStoredKey()) app.log.info('the stored Upstox API key is now encrypted');
  if (deps.watchBrokerToken ?? true) upstox.watcher.start();
  app.addHook('onClose', async () => upstox.watcher.stop());
  const feed =
    deps.feed ??
    (config.market.data === 'upstox' ? upstox.createFeed(loadInstrumentMaster()) : null) ??
    createSimulatedMarket({
      seed: config.market.simSeed,
      alwaysOpen: config.market.simAlwaysOpen,
      clock,
      calendar,
      log: app.log,
    });
  const feedHub = bus.feedHub(hub, () => leadership.isLeader());
  await feed.start(feedHub);
  feedHub.ready();
  app.addHook('onClose', async () => feed.stop());
  // The portfolio pages' paper overview, holdings and monthly return, kept between changes
  // (portfolio/paperMemo.ts).
  let paperWrote: () => void = () => undefined;
  const paper = createPaperEngine({
    db,
    clock,
    hub,
    feed,
    calendar,
    log: app.log,
    timers: deps.paperTimers ?? true,
    coordination,
    leads: () => leadership.isLeader(),
    // An order placed, filled or cancelled here is told to the pages (at most one event in 250 ms).
    onWrite: () => {
      paperWrote();
      if (accountEventDue) return;
      accountEventDue = true;
      setTimeout(() => {
        accountEventDue = false;
        announce('account');
      }, 250).unref();
    },
  });
  await paper.start();
  app.addHook('onClose', async () => paper.stop());
  const paperMemo = createPaperMemo({ paper, hub, clock, shared: coordination.shared });
  paperWrote = () => paperMemo.wrote();
  const liveAccount = deps.liveAccount !== undefined ? deps.liveAccount : upstox.liveAccount;
  const live: LiveTrading | null =
    deps.live !== undefined
      ? deps.live
      : {
          broker: upstox.liveBroker,
          ensureLiveReady: () => upstox.liveGate.ensureLiveReady(),
          account: liveAccount ?? upstox.liveAccount,
        };
  // Emergency Stop All's halt, in the database: every process on it and every restart sees it.
  const halts = createHaltStore({ db, clock });
  // ML drift in force steps the capital phase down one (ml/service.ts), read from the database.
  const modelDrift = () => driftIsInForce(db);
  const orders = createOrdersService({
    tradingMode,
    paper,
    live,
    halts,
    lastPrice: (symbol) => hub.last(symbol)?.ltp,
    modelDrift,
  });
  const portfolioDeps = { db, clock, tradingMode, paper, liveAccount, feed, hub, log: app.log };
  const portfolio = createPortfolioService(portfolioDeps);
  // The pages' reads take the mode from memory; the automation and allocation read it stored.
  const portfolioPages = createPortfolioService({
    ...portfolioDeps,
    tradingMode: { ...tradingMode, get: () => pageMode.get() },
    paper: {
      ...paper,
      overview: () => paperMemo.overview(),
      holdings: () => paperMemo.holdings(),
      monthlyReturn: () => paperMemo.monthlyReturn(),
    },
  });
  const remoteStore = createRemoteStore({ dir: config.remotesStore, baseUrl: config.remotesBaseUrl });
  const remotes = createRemotesService({
    db,
    clock,
    store: remoteStore,
    appsDir: config.appsDir,
    devRemotes: config.devRemotes,
    policy: config.canaryPolicy,
    log: app.log,
    coordination,
  });
  const remoteCatalogue = createRemoteCatalogue({
    registry: remotes,
    clock,
    secureCookies: config.publicUrl.startsWith('https://'),
    clientIdKey: clientIdKeyFor(config),
    clientIdsPerHour: config.canaryClientIdsPerHour,
  });

  // The paper account's history, read incrementally: its loss limits, risk and performance analytics.
  const { history } = paper;

  const risk = createRiskService({
    db,
    clock,
    hub,
    feed,
    tradingMode,
    history,
    paper,
    calendar,
    riskFreeRate: config.riskFreeRate,
  });
  const riskMonitor = createRiskMonitor({
    db,
    clock,
    calendar,
    tradingMode,
    risk,
    paper,
    log: app.log,
    notify,
  });
  const riskMonitorJob = engines.job({
    name: 'risk_monitor',
    leaderOnly: true,
    intervalMs: RISK_MONITOR_INTERVAL_MS,
    run: () => riskMonitor.runOnce(),
    log: app.log,
  });
  if (deps.riskMonitor ?? true) riskMonitorJob.start();
  app.addHook('onClose', async () => riskMonitorJob.stop());
  // The circuit breakers watch NIFTY 50's ticks from now on; their minute check raises their alerts
  // (off with the risk monitor in tests, which call `state()`).
  const circuitBreakers = createCircuitBreakers({
    db,
    clock,
    hub,
    feed,
    calendar,
    account: async () => {
      const overview = await paper.overview();
      return { cash: overview.available_balance, value: overview.portfolio_value };
    },
    log: app.log,
    notify,
  });
  const circuitBreakersJob = engines.job({
    name: 'circuit_breakers',
    leaderOnly: true,
    intervalMs: CIRCUIT_BREAKER_INTERVAL_MS,
    run: () => circuitBreakers.state(),
    log: app.log,
  });
  if (deps.riskMonitor ?? true) circuitBreakersJob.start();
  app.addHook('onClose', async () => {
    await circuitBreakersJob.stop();
    circuitBreakers.stop();
  });

  const stream = createTickStreamService({
    hub,
    feed,
    clock,
    tickets: createTicketStore({ db, clock }),
    allowedOrigins: streamOrigins(config),
    activeSessions: activeSessionsIn(db, clock),
    log: app.log,
  });
  // The tick-streaming dashboard: rates, delays and one-second candles measured on the hub.
  const tickStreaming = createTickStreamingMonitor({ hub, feed, clock, streamStats: () => stream.stats() });
  app.addHook('onClose', async () => tickStreaming.stop());

  // Backtests read history from this server's market, or from a simulated market of the seed asked
  // for; a run the last process left running is marked failed before any new one starts.
  const simulatedSeed = deps.feed === undefined && feed.source === 'simulated' ? config.market.simSeed : null;
  const seededMarkets = new Map<number, MarketFeed>();
  const backtests = createBacktestService({
    db,
    clock,
    calendar,
    history(seed): HistorySource | { error: string } {
      if (seed === undefined || seed === simulatedSeed) return { feed, seed: simulatedSeed };
      if (simulatedSeed === null) {
        return {
          error: `seed picks the history of a simulated market; this server's market data is ${feed.source}, so leave seed out to backtest on it.`,
        };
      }
      let market = seededMarkets.get(seed);
      if (!market) {
        seededMarkets.clear();
        market = createSimulatedMarket({ seed, alwaysOpen: false, clock, calendar, log: app.log });
        seededMarkets.set(seed, market);
      }
      return { feed: market, seed };
    },
    settings: () => paper.settings(),
    riskFreeRate: config.riskFreeRate,
    log: app.log,
  });
  // A run left 'running' belonged to a process that stopped, unless another process runs now (its
  // runs are its own): recovered only by a process that starts alone.
  const othersRunning = (await instances.live()).filter((row) => row.id !== identity.id);
  if (othersRunning.length === 0) await backtests.recoverInterrupted();
  app.addHook('onClose', async () => backtests.stop());

  // The news pipeline and the learner: the ML ensemble scores research's BUY signals, learns from
  // their outcomes and from the decision log.
  const costs = async () => costSettingsOf(await paper.settings());
  // Data sources: the built-in ones and the operator's; the news pipeline reads the enabled news feeds.
  const dataSources = createDataSourcesService({
    db,
    clock,
    box,
    marketData: () => feed.source,
    lastTickAt: () => hub.lastTickAt(),
    simSeed: config.market.simSeed,
    upstoxApiUrl: config.upstox.apiUrl,
    upstoxToken: () => upstox.tokens.status(),
    upstoxCheck: () => upstox.client.profile(),
    holidaysKnown: (year) => calendar.knowsYear(year),
    newsFeeds: config.newsFeeds,
    newsReads: () => news.status().feeds,
    fetchAllow: config.fetchAllow,
    checkTimeoutMs: deps.dataSourceCheckTimeoutMs,
  });
  await dataSources.load();
  const news = createNewsPipeline({
    db,
    clock,
    feeds: () => dataSources.newsFeedUrls(),
    fetch: { allow: config.fetchAllow },
    log: app.log,
  });
  const decisions = createDecisionLog(db);
  const ml = createMlService({
    db,
    clock,
    calendar,
    feed,
    costs,
    universe: () => deps.mlUniverse ?? niftyUniverse(feed),
    intendedValue: RESEARCH_INTENDED_VALUE,
    decisions,
    train: deps.mlTrain ?? trainModel,
    newsSentiment: () => news.sentimentBySymbol(),
    log: app.log,
    historyYears: deps.mlHistoryYears,
    notify,
  });
  const learning = deps.learning ?? config.learning;
  const newsJob = engines.job({
    name: 'news_pipeline',
    leaderOnly: true,
    intervalMs: NEWS_REFRESH_INTERVAL_MS,
    run: () => dataSources.load().then(() => news.refresh()),
    log: app.log,
    runAtStart: true,
  });
  const mlJob = engines.job({
    name: 'ml_learner',
    leaderOnly: true,
    intervalMs: LEARNING_PASS_MS,
    run: () => ml.runOnce(),
    log: app.log,
    runAtStart: true,
  });
  if (learning) {
    newsJob.start();
    mlJob.start();
  }
  app.addHook('onClose', async () => {
    await newsJob.stop();
    ml.stop();
    await mlJob.stop();
  });

  // Research signals, the daily allocation and the automation that trades them.
  const research = createResearchService({ clock, calendar, feed, hub, costs, ml, log: app.log });
  const allocation = createAllocationService({
    db,
    clock,
    tradingMode,
    portfolio,
    history,
    market: () => research.marketRead(),
    modelDrift,
  });
  const automation = createAutomation({
    db,
    clock,
    calendar,
    feed,
    hub,
    tradingMode,
    orders,
    holdings: () => portfolio.holdings(),
    allocation,
    market: () => research.marketRead(),
    decisions,
    costs,
    halfSpreadPercent: async () => (await paper.settings()).half_spread_percent,
    modelDrift,
    linkPrediction: (day, symbol, decisionId) => ml.linkDecision(day, symbol, decisionId),
    blockers: async () => {
      const halt = await halts.inForce();
      const breaker = circuitBreakerRejection(await circuitBreakers.state());
      return [...(halt ? [haltSentence(halt)] : []), ...(breaker ? [breaker.message] : [])];
    },
    log: app.log,
    notify,
  });
  const automationJob = engines.job({
    name: 'automation',
    leaderOnly: true,
    intervalMs: AUTOMATION_PASS_MS,
    run: () => automation.runOnce(),
    log: app.log,
    runAtStart: true,
  });
  if (deps.automation ?? true) automationJob.start();
  app.addHook('onClose', async () => {
    await automationJob.stop();
    await automation.stop();
  });

  const performance = createPerformanceService({
    history,
    clock,
    hub,
    tradingMode,
    paper,
    riskFreeRate: config.riskFreeRate,
  });
  // The engines that are not loops: the market feed and the browser stream.
  engines.probe('market_feed', () => {
    const last = hub.lastTickAt();
    const open = feed.isSessionOpen(clock.now());
    const fresh = last !== null && clock.nowMs() - last < 2 * 60_000;
    return {
      status: open ? (fresh ? 'running' : 'error') : 'idle',
      last_heartbeat: last === null ? null : new Date(last),
      error: open && !fresh ? 'No tick in the last two minutes of an open session.' : null,
    };
  });
  engines.probe('tick_stream', () => {
    const stats = stream.stats();
    return {
      status: stats.connections > 0 ? 'running' : 'idle',
      last_heartbeat: stats.lastSentAt === null ? null : new Date(stats.lastSentAt),
      error: null,
    };
  });
  // The market sentiment, taken in the background and answered from memory, so no request waits
  // for it; every process takes its own. Without news it is the NIFTY 50's breadth now: each
  // stock's last price against its previous close on the tick hub (as research counts them), which
  // costs a count, not an analysis.
  const marketSentiment = createMarketSentiment({
    clock,
    news,
    breadth: async () => {
      let advancers = 0;
      let decliners = 0;
      let unchanged = 0;
      for (const symbol of niftyUniverse(feed)) {
        const tick = hub.last(symbol);
        if (!tick) continue;
        if (tick.ltp > tick.previousClose) advancers += 1;
        else if (tick.ltp < tick.previousClose) decliners += 1;
        else unchanged += 1;
      }
      return advancers + decliners + unchanged === 0 ? null : { advancers, decliners, unchanged };
    },
  });
  const marketSentimentJob = engines.job({
    name: 'market_sentiment',
    intervalMs: MARKET_SENTIMENT_INTERVAL_MS,
    run: () => marketSentiment.refresh(),
    log: app.log,
    runAtStart: true,
  });
  if (deps.marketSentiment ?? true) marketSentimentJob.start();
  app.addHook('onClose', async () => marketSentimentJob.stop());
  const mlViews = createMlViews({
    db,
    clock,
    calendar,
    feed,
    hub,
    ml,
    news,
    decisions,
    engines,
    startedAt: clock.now(),
    tradingMode: async () => {
      const { mode } = await tradingMode.get();
      return mode === 'live' ? 'live' : 'paper';
    },
    sentiment: marketSentiment,
    tradePerformance: async () => {
      const answer = await performance.analytics('all');
      if (answer.success !== true) return { error: answer.error };
      return { winRatePct: answer.data.win_rate, sharpe: answer.data.sharpe_ratio };
    },
  });

  // The monitors: every process samples itself; the leader's auto-scaler decides, recorded, and
  // the configured provider acts (ops/autoScaler.ts).
  const autoScaler = createAutoScaler({
    db,
    clock,
    samples: () => measurements.samples(),
    provider:
      config.scalingProvider === 'process'
        ? processProvider({
            port: config.port,
            host: config.host,
            databaseUrl: config.databaseUrl,
            log: app.log,
          })
        : noProvider(),
    instanceId: identity.id,
  });
  const samplerJob = engines.job({
    name: 'monitors_sampler',
    intervalMs: SAMPLE_INTERVAL_MS,
    run: async () => measurements.sample(),
    log: app.log,
  });
  const autoScalerJob = engines.job({
    name: 'auto_scaler',
    intervalMs: AUTO_SCALER_INTERVAL_MS,
    run: () => autoScaler.evaluate(),
    log: app.log,
    leaderOnly: true,
  });
  if (deps.monitors ?? true) {
    samplerJob.start();
    autoScalerJob.start();
  }
  app.addHook('onClose', async () => {
    await autoScalerJob.stop();
    await samplerJob.stop();
    await autoScaler.close();
    measurements.close();
  });
  registerMetrics(app, { token: config.metricsToken, measurements, timer: answerTimer, engines, hub });

  // Every contract domain this server runs, registered here and only here: `<domain>/routes.ts`
  // (HTTP) over `<domain>/service.ts` (the logic). A contract domain without an entry answers 503
  // "not connected" on each of its routes (http/contract.ts); adding a domain is one more entry.
  const unavailableRoutes = registerContract<Session>(app, {
    authenticate: (token) => auth.authenticate(token),
    handlers: {
      auth: authHandlers(auth),
      remotes: remotesHandlers({ registry: remotes, clock, catalogue: remoteCatalogue }),
      market: marketHandlers(createMarketService({ clock, calendar, hub, feed })),
      trading: tradingHandlers(
        createTradingService({ modes: tradingMode, liveGate: upstox.liveGate, portfolio, paper }),
      ),
      orders: ordersHandlers(orders),
      portfolio: portfolioHandlers(portfolioPages, clock),
      broker: brokerHandlers(createBrokerService({ upstox, tradingMode })),
      ops: opsHandlers(
        createOpsService({
          version: config.version,
          startedAt,
          scaling: { db, clock, tradingMode, paper, history, halts, breakers: circuitBreakers },
          autoScaling: {
            db,
            clock,
            calendar,
            feed,
            measurements,
            autoScaler,
            instanceId: identity.id,
            startedAt,
            tradingMode,
            brokerToken: () => upstox.tokens.status(),
            brokerAnsweredAt: () => upstox.client.lastSuccessAt(),
          },
          tickStreaming,
        }),
      ),
      management: managementHandlers(
        createManagementService({
          db,
          clock,
          version: config.version,
          startedAt,
          restart: deps.restart ?? null,
        }),
      ),
      risk: riskHandlers(
        risk,
        createEmergencyStopService({
          clock,
          halts,
          orders,
          tradingMode,
          liveAccount,
          paper,
          history,
          notify,
        }),
      ),
      performance: performanceHandlers(performance),
      ml: mlHandlers(mlViews),
      stream: streamHandlers(stream),
      backtests: backtestsHandlers(backtests),
      research: researchHandlers(research),
      allocation: allocationHandlers(allocation, automation),
      dataSources: dataSourcesHandlers(dataSources),
      settings: settingsHandlers(
        createSettingsService({
          preferences: notificationPreferences,
          notifier,
          emailConfigured: (deps.mailer ?? null) !== null,
          operatorEmail: config.operatorEmail,
        }),
      ),
    },
  });
  app.decorate('services', {
    auth,
    tradingMode,
    remotes,
    remoteStore,
    feed,
    hub,
    stream,
    upstox,
    unavailableRoutes,
    paper,
    orders,
    portfolio,
    riskMonitor,
    circuitBreakers,
    automation,
    ml,
    marketSentiment,
    news,
    engines,
    monitors: { measurements, autoScaler },
    notifications: notifier,
    cluster: { identity, leadership, instances, bus },
  });

  // Events: raised here (told to this process's browsers and to the other processes), or heard
  // from another process (told to this process's browsers).
  announce = (kind) => {
    stream.broadcast(kind);
    bus.announce(kind);
  };
  bus.onEvent((kind) => stream.broadcast(kind));
  // New alerts, whichever process or job raised them, announced by the leader.
  const alertAnnouncer = createAlertAnnouncer({ db, announce: (kind) => announce(kind) });
  const alertJob = engines.job({
    name: 'alert_announcer',
    intervalMs: ALERT_WATCH_MS,
    run: () => alertAnnouncer.check(),
    log: app.log,
    leaderOnly: true,
    runAtStart: true,
  });
  alertJob.start();
  app.addHook('onClose', async () => alertJob.stop());

  await app.register(stream.plugin);

  await app.register(async (scope) => registerRemoteFiles(scope, remoteStore, sourceMaps));
  await registerShell(app, path.join(config.appsDir, 'shell', 'dist'), remoteOrigins(config), {
    catalogue: remoteCatalogue,
    prerender: createLandingPrerender({ store: remoteStore }),
    guardFiles: sourceMaps,
  });

  return app;
}
