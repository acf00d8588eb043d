/** Helpers for server tests: a configured app over a test database, and request shortcuts. */
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { after, before } from 'node:test';
import assert from 'node:assert/strict';
import type { DecisionDay } from '@nivesh/api-contract';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppDeps } from '../app.js';
import { ManualClock } from '../clock.js';
import type { Config } from '../config.js';
import type { Database } from '../db/index.js';
import { loggerOptions } from '../logging.js';

import type { TestDatabaseTarget } from './databases.js';

export { sharedPostgresDatabase, testDatabases, type TestDatabaseTarget } from './databases.js';
/** How many ticks sockets one session may hold (a bench opening more signs in again). */
export { MAX_SOCKETS_PER_SESSION } from '../stream/service.js';
/** The server's seeded generator, for benches and tests that seed data reproducibly. */
export { RandomStream } from '../market/random.js';
export { insertClosedLots, type ClosedLotSeed } from './closedLots.js';

export const OPERATOR_EMAIL = 'operator@nivesh.local';
export const STRONG_PASSWORD = 'Correct-Horse-Battery-9';

export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nivesh-test-'));
  return {
    port: 4000,
    host: 'localhost',
    publicUrl: 'http://localhost:4000',
    dataDir,
    dbTemplateDir: null,
    databaseUrl: null,
    operatorEmail: OPERATOR_EMAIL,
    operatorName: null,
    smtp: null,
    logLevel: 'silent',
    devRemotes: null,
    appsDir: dataDir,
    remotesStore: path.join(dataDir, 'remotes'),
    remotesBaseUrl: '/remotes',
    adoptLocalBuilds: false,
    canaryPolicy: { max_failure_rate: 0.2, min_loads: 20, window_minutes: 60, browsers_per_address: 3 },
    canaryClientIdsPerHour: 30,
    version: '1.0.0-test',
    market: { data: 'simulated', simSeed: 7, simAlwaysOpen: false },
    secretKey: '0'.repeat(64),
    upstox: { apiUrl: 'http://127.0.0.1:9', orderUrl: 'http://127.0.0.1:9', algoName: 'nivesh-test' },
    telegramApiUrl: 'http://127.0.0.1:9',
    allowedHosts: [],
    trustProxy: false,
    requestTimeoutMs: 30_000,
    sessionMaxDays: 7,
    riskFreeRate: 0,
    newsFeeds: [],
    fetchAllow: [],
    learning: false,
    scalingProvider: 'none',
    metricsToken: null,
    natsUrl: null,
    ...overrides,
  };
}

export interface TestApp {
  app: FastifyInstance;
  clock: ManualClock;
  config: Config;
  /** Log lines the app wrote (JSON objects). */
  logs: Array<Record<string, unknown>>;
  close(): Promise<void>;
}

/** A Friday 10:30 IST, inside the NSE normal session. */
export const DEFAULT_TEST_TIME = '2026-11-20T05:00:00.000Z';

export async function createTestApp(
  database: Database,
  options: { config?: Partial<Config>; clock?: ManualClock; deps?: Partial<AppDeps> } = {},
): Promise<TestApp> {
  const clock = options.clock ?? new ManualClock(DEFAULT_TEST_TIME);
  const config = testConfig(options.config);
  const logs: Array<Record<string, unknown>> = [];
  const { default: pino } = await import('pino');
  // The server's own logger options (logging.ts): the lines are the ones it would write.
  const logger = pino(loggerOptions('info'), {
    write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>),
  });
  // The minute-by-minute broker token check, risk alert monitor, automation and market sentiment stay
  // off: tests call services.upstox.watcher.check(), services.riskMonitor.runOnce(),
  // services.automation.runOnce() and services.marketSentiment.refresh().
  const app = await buildApp({
    config,
    db: database.db,
    coordination: database.coordination,
    clock,
    logger,
    watchBrokerToken: false,
    riskMonitor: false,
    automation: false,
    monitors: false,
    notifications: false,
    marketSentiment: false,
    ...options.deps,
  });
  await app.ready();
  return {
    app,
    clock,
    config,
    logs,
    async close() {
      await app.close();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/** Sends JSON, from the loopback address unless told otherwise. */
export function send(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  options: { body?: unknown; token?: string; remoteAddress?: string; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    remoteAddress: options.remoteAddress ?? '127.0.0.1',
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
  });
}

/**
 * First-run setup as the person at the server does it: the setup link the server prints at start
 * (`firstRunSetupLink`), then set-password over HTTP. Returns a session token.
 */
export async function setUpOperator(app: FastifyInstance, password = STRONG_PASSWORD): Promise<string> {
  const link = await app.services.auth.firstRunSetupLink();
  if (!link) throw new Error('a password is already set: setUpOperator is for a fresh install');
  const tempToken = new URL(link).searchParams.get('setup');
  if (!tempToken) throw new Error(`no setup token in ${link}`);
  const set = await send(app, 'POST', '/api/auth/set-password', {
    body: { temp_token: tempToken, new_password: password },
  });
  if (set.statusCode !== 200) throw new Error(`set-password failed: ${set.body}`);
  return set.json<{ session_token: string }>().session_token;
}

/** Signs the operator in with the password (after `setUpOperator`); returns a new session token. */
export async function signIn(app: FastifyInstance, password = STRONG_PASSWORD): Promise<string> {
  const res = await send(app, 'POST', '/api/auth/login', { body: { email: OPERATOR_EMAIL, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return res.json<{ session_token: string }>().session_token;
}

/** What `signedInApp` fills in before the tests of its describe block run. */
export interface SignedInApp {
  database: Database;
  t: TestApp;
  /** The operator's session token. */
  token: string;
}

/**
 * Registers before/after hooks in the current describe block: a fresh database on `target`, an
 * app over it (paper timers off unless `options.deps` says otherwise) and the operator signed in
 * through the first-run link. Read the fields inside tests, after the hooks ran.
 */
export function signedInApp(
  target: TestDatabaseTarget,
  options: Parameters<typeof createTestApp>[1] = {},
): SignedInApp {
  const state = {} as SignedInApp;
  before(async () => {
    state.database = await target.open();
    state.t = await createTestApp(state.database, {
      ...options,
      deps: { paperTimers: false, ...options.deps },
    });
    state.token = await setUpOperator(state.t.app);
  });
  after(async () => {
    await state.t.close();
    await state.database.close();
  });
  return state;
}

/**
 * Switches the automation on (run time 10:00 IST), makes one pass at the clock's time and gives
 * the day's decisions (GET /api/allocation/decisions?days=1).
 */
export async function runAutomatedDay(app: FastifyInstance, token: string): Promise<DecisionDay | undefined> {
  const on = await send(app, 'POST', '/api/allocation/automation', {
    token,
    body: { enabled: true, run_time: '10:00' },
  });
  assert.equal(on.statusCode, 200, on.body);
  await app.services.automation.runOnce();
  const res = await send(app, 'GET', '/api/allocation/decisions?days=1', { token });
  assert.equal(res.statusCode, 200, res.body);
  return res.json<{ data: DecisionDay[] }>().data[0];
}
