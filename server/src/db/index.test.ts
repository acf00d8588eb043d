/**
 * openDatabase on PostgreSQL as several server processes start it: on a new database, processes
 * that start at the same moment (an orchestrator starting its replicas) all open it, and the
 * migrations are applied once. Each `open()` is a connection pool of its own, as each process has.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { migrationsFolder, type Database } from './index.js';
import { sharedPostgresDatabase } from '../testing/databases.js';

const shared = await sharedPostgresDatabase();
const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
  entries: Array<{ tag: string }>;
};

describe('openDatabase on a new PostgreSQL database', { skip: shared === null }, () => {
  after(() => shared?.drop());

  it('opens for four processes starting at the same moment, and applies each migration once', async () => {
    const results = await Promise.allSettled(Array.from({ length: 4 }, () => shared!.open()));
    const opened = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    try {
      assert.deepEqual(
        results.map((result) =>
          result.status === 'fulfilled' ? 'opened' : `failed: ${(result.reason as Error).message}`,
        ),
        ['opened', 'opened', 'opened', 'opened'],
      );
      const database = opened[0] as Database;
      const applied = (await database.db.execute(
        sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
      )) as unknown as { rows: Array<{ applied: number }> };
      assert.deepEqual(applied.rows, [{ applied: journal.entries.length }]);
    } finally {
      await Promise.all(opened.map((database) => database.close()));
    }
  });
});
