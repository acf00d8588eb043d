/**
 * The environment, parsed and validated once. Nothing else in the server reads process.env.
 */
import path from 'node:path';
import { z } from 'zod';
import { devLayout, type DevLayout } from '@nivesh/build/remotes';
import { repoRoot } from './paths.js';

export { repoRoot } from './paths.js';

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((value) => value === '1' || value === 'true' || value === 'yes');

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(4000),
  HOST: z.string().min(1).default('localhost'),
  NIVESH_DATA_DIR: z.string().min(1).optional(),
  /** Where the migrated PGlite template is kept (db/template.ts; default server/node_modules/.cache). */
  NIVESH_DB_TEMPLATE_DIR: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// or postgresql:// URL')
    .optional(),
  NIVESH_OPERATOR_EMAIL: z
    .email('NIVESH_OPERATOR_EMAIL must be an email address')
    .default('operator@nivesh.local'),
  NIVESH_OPERATOR_NAME: z.string().min(1).optional(),
  /** The address people use to reach this server (for setup links). */
  NIVESH_PUBLIC_URL: z.url().optional(),
  NIVESH_SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'NIVESH_SMTP_URL must be an smtp:// or smtps:// URL')
    .optional(),
  NIVESH_SMTP_FROM: z.string().min(3).default('Nivesh <no-reply@nivesh.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * `pnpm dev`: remotes come from their webpack dev servers; their ports come from
   * NIVESH_DEV_PORT_BASE (see packages/build/src/remotes.ts, which reads it and NIVESH_DEV_API_URL).
   */
  NIVESH_DEV_REMOTES: flag,
  /** Where the built apps are (the repository root by default). */
  NIVESH_APPS_DIR: z.string().min(1).optional(),
  /** Where published remote releases are kept (default <data dir>/remotes). */
  NIVESH_REMOTES_STORE: z.string().min(1).optional(),
  /** Where browsers load releases from: this server's /remotes, or a static origin / CDN URL. */
  NIVESH_REMOTES_BASE_URL: z
    .string()
    .regex(/^(\/|https?:\/\/)/, 'NIVESH_REMOTES_BASE_URL must be a path like /remotes or an http(s) URL')
    .default('/remotes'),
  /** At start, make each remote's newest local build stable (what `npm start` does after building). */
  NIVESH_ADOPT_LOCAL_BUILDS: flag,
  /**
   * Automatic canary rollback: how far the canary's failure share may exceed stable's, minimum
   * browsers, window in minutes, and how many browsers one address counts as at most.
   */
  NIVESH_CANARY_MAX_FAILURE_RATE: z.coerce.number().min(0).max(1).default(0.2),
  NIVESH_CANARY_MIN_LOADS: z.coerce.number().int().min(1).default(20),
  NIVESH_CANARY_WINDOW_MINUTES: z.coerce.number().int().min(1).default(60),
  NIVESH_CANARY_BROWSERS_PER_ADDRESS: z.coerce.number().int().min(1).default(3),
  /** New browser client ids (canary bucket, load reports) one address is issued per hour. */
  NIVESH_CANARY_CLIENT_IDS_PER_HOUR: z.coerce.number().int().min(1).default(30),
  /** Where prices come from: the simulated NSE market (default) or Upstox's market-data feed. */
  NIVESH_MARKET_DATA: z.enum(['simulated', 'upstox']).default('simulated'),
  /** Seed of the simulated market: the same seed gives the same prices at the same instant. */
  NIVESH_SIM_SEED: z.coerce.number().int().min(0).default(20_240_601),
  /** Keep the simulated market ticking (and paper orders filling) at any hour: demos and tests. */
  NIVESH_SIM_ALWAYS_OPEN: flag,
  /**
   * Turn the background learner and news refresh off (1/true): no model is trained, the ML pages
   * show the empty log. For test runs that must not spend a core on training.
   */
  NIVESH_LEARNING_OFF: flag,
  /**
   * NATS server joining several server processes on one PostgreSQL database (ticks, trading-mode
   * changes and alerts reach every process's browsers). Unset: one process, no bus.
   */
  NIVESH_NATS_URL: z
    .string()
    .regex(/^(nats|tls|wss?):\/\/[^\s]+$/, 'NIVESH_NATS_URL must be a nats:// (or tls://) URL')
    .optional(),
  /**
   * Key that encrypts broker secrets and tokens at rest: 32 bytes as 64 hex characters or base64.
   * Unset: a key is generated once into <data dir>/secret.key (readable by the owner only).
   */
  NIVESH_SECRET_KEY: z.string().min(32).optional(),
  /** Upstox API hosts (the tests point these at a local fake). */
  NIVESH_UPSTOX_API_URL: z.url().default('https://api.upstox.com'),
  NIVESH_UPSTOX_ORDER_URL: z.url().default('https://api-hft.upstox.com'),
  /** Sent as X-Algo-Name on order calls (Upstox requires it for algorithmic orders since April 2026). */
  NIVESH_UPSTOX_ALGO_NAME: z.string().min(1).max(64).default('nivesh'),
  /** The Telegram Bot API (notifications; the tests point it at a local fake). */
  NIVESH_TELEGRAM_API_URL: z.url().default('https://api.telegram.org'),
  /**
   * Host names this server answers to, besides localhost, IP addresses and NIVESH_PUBLIC_URL's
   * host (comma-separated). Any other Host header is refused: a page on another site cannot reach
   * this server through a name it controls (DNS rebinding).
   */
  NIVESH_ALLOWED_HOSTS: z.string().optional(),
  /**
   * Which proxies to believe about the client's address (X-Forwarded-For): unset or "false" for
   * none (the default: the connection's own address is the client), a number of proxy hops, or a
   * comma-separated list of proxy addresses/CIDR ranges (e.g. "127.0.0.1,10.0.0.0/8"). Rate
   * limits count per client address, so set this when a reverse proxy sits in front.
   */
  NIVESH_TRUST_PROXY: z
    .string()
    .regex(
      /^(|false|true|\d{1,2}|[0-9A-Fa-f.:/]+(\s*,\s*[0-9A-Fa-f.:/]+)*)$/,
      'NIVESH_TRUST_PROXY must be false, true, a number of hops, or a comma-separated list of addresses/CIDRs',
    )
    .optional(),
  /** A request's headers and body must arrive within this many seconds (slow clients are cut off). */
  NIVESH_REQUEST_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(30),
  /** Sessions end this many days after sign-in however often they are used (they also end after 12 idle hours). */
  NIVESH_SESSION_MAX_DAYS: z.coerce.number().positive().max(365).default(7),
  /** Yearly risk-free rate for Sharpe and Sortino, percent (DOMAIN.md: default 0; e.g. 6.5 for a T-bill yield). */
  NIVESH_RISK_FREE_RATE_PERCENT: z.coerce.number().min(0).max(50).default(0),
  /**
   * News feeds (RSS or Atom) the news pipeline reads, comma-separated http(s) URLs. Unset or
   * empty: no feed, and the market's sentiment comes from market breadth alone.
   */
  NIVESH_NEWS_FEEDS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((url) => url.trim())
        .filter((url) => url !== ''),
    )
    .pipe(
      z.array(
        z.url({
          protocol: /^https?$/,
          error: 'NIVESH_NEWS_FEEDS must be comma-separated http(s) URLs',
        }),
      ),
    ),
  /**
   * Host names or IP addresses the server may fetch although they are not public (a LAN feed, a
   * local test server), comma-separated. Every other news-feed or data-source URL must resolve to
   * public addresses only (http/safeFetch.ts).
   */
  NIVESH_FETCH_ALLOW: z.string().optional(),
  /**
   * Who acts on the auto-scaler's decisions: none (the default: they are recorded only) or process
   * (a second server process on this host, PORT + 1; needs DATABASE_URL).
   */
  NIVESH_SCALING_PROVIDER: z.enum(['none', 'process']).default('none'),
  /** Bearer token for GET /metrics; unset: /metrics answers this machine (loopback) only. */
  NIVESH_METRICS_TOKEN: z.string().min(16, 'NIVESH_METRICS_TOKEN must be at least 16 characters').optional(),
  /** The folder `pnpm ...` was started from, to resolve relative paths the way the user meant. */
  INIT_CWD: z.string().optional(),
});

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  /** PGlite data folder (also holds the lock file and the operator's holiday files). */
  dataDir: string;
  /** The migrated PGlite template's folder (db/template.ts); null: its default. */
  dbTemplateDir: string | null;
  databaseUrl: string | null;
  operatorEmail: string;
  operatorName: string | null;
  smtp: { url: string; from: string } | null;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  /** Under `pnpm dev` (NIVESH_DEV_REMOTES): where the shell's and the remotes' dev servers run. */
  devRemotes: DevLayout | null;
  appsDir: string;
  remotesStore: string;
  remotesBaseUrl: string;
  adoptLocalBuilds: boolean;
  canaryPolicy: {
    max_failure_rate: number;
    min_loads: number;
    window_minutes: number;
    browsers_per_address: number;
  };
  canaryClientIdsPerHour: number;
  version: string;
  market: {
    data: 'simulated' | 'upstox';
    simSeed: number;
    simAlwaysOpen: boolean;
  };
  /** Null: use (or create) <dataDir>/secret.key. */
  secretKey: string | null;
  upstox: { apiUrl: string; orderUrl: string; algoName: string };
  /** The Telegram Bot API base URL (notifications/telegram.ts). */
  telegramApiUrl: string;
  /** Host names answered besides localhost, IP literals and the public URL's host (lower case). */
  allowedHosts: string[];
  /** Fastify's trustProxy: false, true, a hop count, or proxy addresses/CIDRs. */
  trustProxy: boolean | number | string[];
  requestTimeoutMs: number;
  sessionMaxDays: number;
  /** Yearly risk-free rate, a fraction (0.065 = 6.5%). */
  riskFreeRate: number;
  /** News feed URLs (NIVESH_NEWS_FEEDS), in the order given, each once. */
  newsFeeds: string[];
  /** Non-public hosts or addresses outbound fetches may reach (NIVESH_FETCH_ALLOW, lower case). */
  fetchAllow: string[];
  /** Run the learner and the news refresh in the background (not NIVESH_LEARNING_OFF). */
  learning: boolean;
  /** Who acts on auto-scaling decisions (NIVESH_SCALING_PROVIDER). */
  scalingProvider: 'none' | 'process';
  /** NIVESH_METRICS_TOKEN; null: /metrics for loopback clients only. */
  metricsToken: string | null;
  /** The NATS server between server processes (NIVESH_NATS_URL); null: one process, no bus. */
  natsUrl: string | null;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text);
  return text.split(',').map((part) => part.trim());
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, version = '1.0.0'): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const base = e.INIT_CWD ?? process.cwd();
  let dev: DevLayout | null = null;
  if (e.NIVESH_DEV_REMOTES) {
    try {
      dev = devLayout(env);
    } catch (error) {
      throw new ConfigError(`Invalid environment:\n  ${(error as Error).message}`);
    }
  }
  // Under `pnpm dev` people open the shell's dev server, which proxies /api here.
  const defaultPublicUrl = dev ? `http://localhost:${dev.shellPort}` : `http://localhost:${e.PORT}`;
  const publicUrl = (e.NIVESH_PUBLIC_URL ?? defaultPublicUrl).replace(/\/+$/, '');
  const dataDir = e.NIVESH_DATA_DIR ? path.resolve(base, e.NIVESH_DATA_DIR) : path.join(repoRoot, 'data');
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir,
    dbTemplateDir: e.NIVESH_DB_TEMPLATE_DIR ? path.resolve(base, e.NIVESH_DB_TEMPLATE_DIR) : null,
    databaseUrl: e.DATABASE_URL ?? null,
    operatorEmail: e.NIVESH_OPERATOR_EMAIL.trim().toLowerCase(),
    operatorName: e.NIVESH_OPERATOR_NAME ?? null,
    smtp: e.NIVESH_SMTP_URL ? { url: e.NIVESH_SMTP_URL, from: e.NIVESH_SMTP_FROM } : null,
    logLevel: e.LOG_LEVEL,
    devRemotes: dev,
    appsDir: e.NIVESH_APPS_DIR ? path.resolve(base, e.NIVESH_APPS_DIR) : repoRoot,
    remotesStore: e.NIVESH_REMOTES_STORE
      ? path.resolve(base, e.NIVESH_REMOTES_STORE)
      : path.join(dataDir, 'remotes'),
    remotesBaseUrl: e.NIVESH_REMOTES_BASE_URL.replace(/\/+$/, ''),
    adoptLocalBuilds: e.NIVESH_ADOPT_LOCAL_BUILDS,
    canaryPolicy: {
      max_failure_rate: e.NIVESH_CANARY_MAX_FAILURE_RATE,
      min_loads: e.NIVESH_CANARY_MIN_LOADS,
      window_minutes: e.NIVESH_CANARY_WINDOW_MINUTES,
      browsers_per_address: e.NIVESH_CANARY_BROWSERS_PER_ADDRESS,
    },
    canaryClientIdsPerHour: e.NIVESH_CANARY_CLIENT_IDS_PER_HOUR,
    version,
    market: {
      data: e.NIVESH_MARKET_DATA,
      simSeed: e.NIVESH_SIM_SEED,
      simAlwaysOpen: e.NIVESH_SIM_ALWAYS_OPEN,
    },
    secretKey: e.NIVESH_SECRET_KEY ?? null,
    allowedHosts: (e.NIVESH_ALLOWED_HOSTS ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter((name) => name !== ''),
    trustProxy: parseTrustProxy(e.NIVESH_TRUST_PROXY),
    requestTimeoutMs: Math.round(e.NIVESH_REQUEST_TIMEOUT_SECONDS * 1000),
    sessionMaxDays: e.NIVESH_SESSION_MAX_DAYS,
    riskFreeRate: e.NIVESH_RISK_FREE_RATE_PERCENT / 100,
    newsFeeds: [...new Set(e.NIVESH_NEWS_FEEDS)],
    fetchAllow: (e.NIVESH_FETCH_ALLOW ?? '')
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter((entry) => entry !== ''),
    learning: !e.NIVESH_LEARNING_OFF,
    scalingProvider: e.NIVESH_SCALING_PROVIDER,
    metricsToken: e.NIVESH_METRICS_TOKEN ?? null,
    natsUrl: e.NIVESH_NATS_URL ?? null,
    upstox: {
      apiUrl: e.NIVESH_UPSTOX_API_URL.replace(/\/+$/, ''),
      orderUrl: e.NIVESH_UPSTOX_ORDER_URL.replace(/\/+$/, ''),
      algoName: e.NIVESH_UPSTOX_ALGO_NAME,
    },
    telegramApiUrl: e.NIVESH_TELEGRAM_API_URL.replace(/\/+$/, ''),
  };
}
