/** Helpers for server tests: a configured app over a test database, and request shortcuts. */
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppDeps } from '../app.js';
import { ManualClock } from '../clock.js';
import type { Config } from '../config.js';
import type { Database } from '../db/index.js';

export { testDatabases, type TestDatabaseTarget } from './databases.js';

export const OPERATOR_EMAIL = 'operator@nivesh.local';
export const STRONG_PASSWORD = 'Correct-Horse-Battery-9';

export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nivesh-test-'));
  return {
    port: 4000,
    host: 'localhost',
    publicUrl: 'http://localhost:4000',
    dataDir,
    databaseUrl: null,
    operatorEmail: OPERATOR_EMAIL,
    operatorName: null,
    smtp: null,
    logLevel: 'silent',
    devRemotes: false,
    appsDir: dataDir,
    remotesStore: path.join(dataDir, 'remotes'),
    remotesBaseUrl: '/remotes',
    adoptLocalBuilds: false,
    canaryPolicy: { max_failure_rate: 0.2, min_loads: 20, window_minutes: 60 },
    version: '1.0.0-test',
    market: { data: 'simulated', simSeed: 7, simAlwaysOpen: false },
    secretKey: '0'.repeat(64),
    upstox: { apiUrl: 'http://127.0.0.1:9', orderUrl: 'http://127.0.0.1:9', algoName: 'nivesh-test' },
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
  const logger = pino(
    { level: 'info' },
    { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) },
  );
  // The minute-by-minute broker token check stays off: tests call services.upstox.watcher.check().
  const app = await buildApp({
    config,
    db: database.db,
    clock,
    logger,
    watchBrokerToken: false,
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

/** First-run setup from the server's own machine: returns a session token. */
export async function setUpOperator(app: FastifyInstance, password = STRONG_PASSWORD): Promise<string> {
  const setup = await send(app, 'POST', '/api/auth/request-password-setup', {
    body: { email: OPERATOR_EMAIL },
  });
  const tempToken = setup.json<{ temp_token?: string }>().temp_token;
  if (!tempToken) throw new Error(`no temp token: ${setup.body}`);
  const set = await send(app, 'POST', '/api/auth/set-password', {
    body: { temp_token: tempToken, new_password: password },
  });
  if (set.statusCode !== 200) throw new Error(`set-password failed: ${set.body}`);
  return set.json<{ session_token: string }>().session_token;
}
