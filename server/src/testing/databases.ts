/**
 * The databases server tests run against: PGlite (in memory) always, and PostgreSQL when it is
 * reachable (NIVESH_TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test). Each suite
 * gets its own fresh PostgreSQL database, created from that URL and dropped afterwards, so test
 * files can run in parallel. With NIVESH_TEST_REQUIRE_POSTGRES=1 (CI) an unreachable server fails
 * the run instead of leaving PostgreSQL untested.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';
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

/**
 * One fresh PostgreSQL database that several "server processes" open at once (each `open()` is its
 * own connection pool, as a second process would have); null when PostgreSQL is not reachable.
 * `url` is for real child processes; `drop()` removes the database when the test is done.
 */
export async function sharedPostgresDatabase(): Promise<{
  url: string;
  open(): Promise<Database>;
  drop(): Promise<void>;
} | null> {
  if (!(await postgresReachable())) return null;
  const name = `nivesh_shared_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdmin((client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    open: () => openDatabase({ kind: 'postgres', url: url.toString() }),
    drop: () =>
      withAdmin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(
        () => undefined,
      ),
  };
}

const natsUrl = process.env['NIVESH_TEST_NATS_URL'] ?? 'nats://127.0.0.1:4222';

/**
 * The NATS server the multi-process tests use, or null when it is not reachable (with
 * NIVESH_TEST_REQUIRE_NATS=1, as in CI, an unreachable server fails the run instead).
 */
export async function testNatsUrl(): Promise<string | null> {
  const { hostname, port } = new URL(natsUrl.replace(/^nats:/, 'http:'));
  const reachable = await new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 4222) });
    socket.setTimeout(2_000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
  if (!reachable && process.env['NIVESH_TEST_REQUIRE_NATS'] === '1') {
    throw new Error(`NATS is required for this run but ${natsUrl} is unreachable`);
  }
  return reachable ? natsUrl : null;
}
