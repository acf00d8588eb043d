/**
 * The databases server tests run against: PGlite (in memory) always, and PostgreSQL when it is
 * reachable (NIVESH_TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test). Each suite
 * gets its own fresh PostgreSQL database, created from that URL and dropped afterwards, so test
 * files can run in parallel. With NIVESH_TEST_REQUIRE_POSTGRES=1 (CI) an unreachable server fails
 * the run instead of leaving PostgreSQL untested.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/index.js';

export interface TestDatabaseTarget {
  name: 'pglite' | 'postgres';
  /** A fresh, migrated database; `close()` also drops it. */
  open(): Promise<Database>;
}

const adminUrl = process.env['NIVESH_TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';
const requirePostgres = process.env['NIVESH_TEST_REQUIRE_POSTGRES'] === '1';

let reachable: Promise<boolean> | null = null;

async function postgresReachable(): Promise<boolean> {
  reachable ??= (async () => {
    const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.query('select 1');
      return true;
    } catch (error) {
      if (requirePostgres) {
        throw new Error(
          `PostgreSQL is required for this run but ${adminUrl} is unreachable: ${(error as Error).message}`,
          {
            cause: error,
          },
        );
      }
      return false;
    } finally {
      await client.end().catch(() => undefined);
    }
  })();
  return reachable;
}

async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const pgliteTarget: TestDatabaseTarget = {
  name: 'pglite',
  open: () => openDatabase({ kind: 'pglite', dataDir: null }),
};

const postgresTarget: TestDatabaseTarget = {
  name: 'postgres',
  async open() {
    const name = `nivesh_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    await withAdmin((client) => client.query(`CREATE DATABASE "${name}"`));
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: url.toString() });
    return {
      ...database,
      async close() {
        await database.close();
        await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
      },
    };
  },
};

/** PGlite, and PostgreSQL when reachable (or required). */
export async function testDatabases(): Promise<TestDatabaseTarget[]> {
  return (await postgresReachable()) ? [pgliteTarget, postgresTarget] : [pgliteTarget];
}
