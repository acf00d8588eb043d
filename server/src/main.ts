/**
 * Process entry: configuration, database, the app, listen. SIGINT/SIGTERM close the server and
 * then the database, so PGlite's files are left consistent and the lock file is removed. Run by
 * the supervisor (supervisor.ts, what `npm start` runs), a restart request closes it the same way.
 */
import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from './app.js';
import { loggerOptions } from './logging.js';
import { ConfigError, loadConfig, repoRoot } from './config.js';
import { SecretKeyMismatchError } from './broker/secretKeyCheck.js';
import { openDatabase, openMayPassOnRetry, type Database } from './db/index.js';
import { DataDirLockedError } from './db/lock.js';
import { createSmtpMailer } from './auth/mailer.js';
import {
  announceReady,
  START_MAY_PASS_EXIT_CODE,
  isSupervised,
  onSupervisorGone,
  RESTART_EXIT_CODE,
} from './management/supervision.js';
import { holdBundle } from './paths.js';

/** How long a graceful shutdown may take before the process exits regardless. */
const SHUTDOWN_LIMIT_MS = 30_000;

/**
 * Ends a start that failed. Exit code 1: a new start would fail the same way, the supervisor does not
 * try again; START_MAY_PASS_EXIT_CODE: it does.
 */
function fail(message: string, exitCode = 1): never {
  process.stderr.write(`\nNivesh could not start: ${message}\n\n`);
  process.exit(exitCode);
}

async function main(): Promise<void> {
  holdBundle();
  const { version } = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    version: string;
  };
  let config;
  try {
    config = loadConfig(process.env, version);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  // Structured JSON logs without secrets (logging.ts); readable lines when a person is watching the terminal.
  const logger = pino({
    ...loggerOptions(config.logLevel),
    ...(process.stdout.isTTY
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  });

  let database: Database;
  try {
    database = await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl }
        : { kind: 'pglite', dataDir: config.dataDir, templateDir: config.dbTemplateDir, log: logger },
    );
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message);
    fail(
      `the database did not open: ${(error as Error).message}`,
      config.databaseUrl && openMayPassOnRetry(error) ? START_MAY_PASS_EXIT_CODE : 1,
    );
  }
  logger.info({ database: database.kind, location: database.location }, 'database ready');

  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp({
      config,
      db: database.db,
      coordination: database.coordination,
      logger,
      mailer: config.smtp ? createSmtpMailer(config.smtp) : null,
      // Under the supervisor (supervisor.ts) a restart request closes this process like a signal
      // does, and the supervisor starts a new one once it has exited.
      restart: isSupervised() ? () => void shutdown('restart') : null,
    });
  } catch (error) {
    // Another key than the database's: a setting to change, not something a retry passes.
    if (error instanceof SecretKeyMismatchError) {
      await database.close();
      fail(error.message);
    }
    throw error;
  }
  // A fresh install serves the builds it finds; `npm start` (NIVESH_ADOPT_LOCAL_BUILDS) also makes
  // each newer local build stable. Otherwise only a rollout changes what browsers load.
  const adopted = await app.services.remotes.adoptLocalBuilds(
    config.adoptLocalBuilds ? 'newest' : 'missing',
    config.adoptLocalBuilds ? 'npm start (local build)' : 'server (first start)',
  );
  if (adopted.length > 0) logger.info({ releases: adopted }, 'local builds published and made stable');
  if (app.services.unavailableRoutes.length > 0) {
    logger.info(
      { routes: app.services.unavailableRoutes.length },
      'routes of domains this server does not run yet answer 503 (not connected)',
    );
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    // A close that cannot finish (the database went away under it) must not keep the process
    // alive: after SHUTDOWN_LIMIT_MS it exits anyway.
    setTimeout(() => {
      process.stderr.write(`shutdown did not finish within ${SHUTDOWN_LIMIT_MS / 1000} s; exiting\n`);
      process.exit(signal === 'restart' ? RESTART_EXIT_CODE : 1);
    }, SHUTDOWN_LIMIT_MS).unref();
    try {
      await app.close();
    } finally {
      await database.close();
      logger.info('database closed');
      logger.flush?.();
      process.exit(signal === 'restart' ? RESTART_EXIT_CODE : 0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  onSupervisorGone(() => void shutdown('supervisor gone'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await database.close();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      fail(`port ${config.port} is already in use. Stop what runs there, or set PORT to another port.`);
    }
    throw error;
  }
  logger.info({ url: config.publicUrl, version }, `Nivesh is running at ${config.publicUrl}`);
  announceReady();

  const setupLink = await app.services.auth.firstRunSetupLink();
  if (setupLink) {
    logger.warn(
      { setupLink },
      `No password is set yet. Open this link to set it (valid 15 minutes): ${setupLink}`,
    );
  }
}

// An error not foreseen while starting (a query that failed, NATS not up yet): it may pass.
main().catch((error: unknown) => {
  process.stderr.write(
    `\nNivesh could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n\n`,
  );
  process.exit(START_MAY_PASS_EXIT_CODE);
});
