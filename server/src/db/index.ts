/**
 * openDatabase(): PGlite in the data folder by default (embedded, nothing to install), PostgreSQL
 * when DATABASE_URL is set. Both run the same drizzle migrations at start (on PostgreSQL one
 * process at a time, under an advisory lock: db/coordination.ts). A new PGlite data folder is a
 * copy of the migrated template (template.ts) instead of an initdb; PGlite runs with a smaller
 * buffer pool (template.ts pgliteStartParams). The PostgreSQL driver is loaded only when
 * DATABASE_URL asks for it: the embedded default does not pay its start time and memory.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import * as schema from './schema.js';
import { lockDataDir, type LockLog } from './lock.js';
import { postgresCoordination, soloCoordination, type Coordination } from './coordination.js';
import { createFromTemplate, pgliteStartParams, templateDir } from './template.js';
import { sourceFile } from '../paths.js';

export { schema };
export { soloCoordination };
export type Schema = typeof schema;
/** The drizzle database, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export const migrationsFolder = sourceFile('db/migrations');

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Where the data lives, for logs: a folder, `memory`, or the URL without its password. */
  location: string;
  /** Locks, write versions and leader election across the processes on this database. */
  coordination: Coordination;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | {
      kind: 'pglite';
      dataDir: string | null;
      /** Where the migrated template is kept (template.ts); default templateDir(). */
      templateDir?: string | null;
      /** Where the takeover of a stale data-folder lock is told (lock.ts); default stderr. */
      log?: LockLog;
    }
  | { kind: 'postgres'; url: string };

function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres';
  }
}

/** This module's notices without a logger: sentences on stderr. */
const stderrLog: LockLog = { warn: (_details, message) => process.stderr.write(`${message}\n`) };

/**
 * A new PGlite data folder from the migrated template. When the template cannot be built (said on
 * stderr), PGlite creates the database itself (initdb), as it does in a folder that has files.
 */
async function fromTemplate(folder: string, templates: string): Promise<void> {
  try {
    await createFromTemplate(folder, templates);
  } catch (error) {
    process.stderr.write(
      `The database template could not be used (${(error as Error).message}); creating the database without it.\n`,
    );
  }
}

/** PostgreSQL's answers that a new attempt would get again: the configuration is wrong. */
function refusedByConfiguration(code: string): boolean {
  // Class 28: invalid authorization (no such role, a wrong password); 3D000: no such database.
  return code.startsWith('28') || code === '3D000';
}

/**
 * Whether a failure to open PostgreSQL may pass when the server starts again (main.ts exits with
 * START_MAY_PASS_EXIT_CODE and the supervisor tries again): the server not reachable yet or
 * restarting, a connection cut, a migration that failed. Not when PostgreSQL refused the
 * credentials or the database's name.
 */
export function openMayPassOnRetry(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && refusedByConfiguration(code)) return false;
  }
  return true;
}

/** Opens and migrates the database. `dataDir: null` keeps PGlite in memory (tests). */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An idle connection the server ends (restart, failover, admin) must not crash the process:
    // the pool drops it and opens a new one for the next query.
    pool.on('error', (error) => {
      process.stderr.write(`PostgreSQL connection lost (${error.message}); it will be reopened.\n`);
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const coordination = postgresCoordination(pool, options.url);
    try {
      // Processes starting at once on a new database would each create drizzle's schema and table
      // and run the migrations, and all but one fail ("duplicate key value violates unique
      // constraint"): one at a time, the others wait and then find them applied.
      await coordination.withLock('migrations', () => migratePg(db as never, { migrationsFolder }));
    } catch (error) {
      await pool.end();
      throw error;
    }
    return {
      db,
      kind: 'postgres',
      location: redactUrl(options.url),
      coordination,
      close: () => pool.end(),
    };
  }

  const lock = options.dataDir ? lockDataDir(options.dataDir, options.log ?? stderrLog) : null;
  try {
    const folder = options.dataDir ? path.join(options.dataDir, 'pglite') : null;
    if (folder && !fs.existsSync(path.join(folder, 'PG_VERSION')))
      await fromTemplate(folder, options.templateDir ?? templateDir());
    const settings = { startParams: pgliteStartParams(PGlite.defaultStartParams) };
    const client = folder ? new PGlite(folder, settings) : new PGlite(settings);
    await client.waitReady;
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder });
    return {
      db,
      kind: 'pglite',
      location: options.dataDir ?? 'memory',
      coordination: soloCoordination(),
      async close() {
        try {
          await client.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}
