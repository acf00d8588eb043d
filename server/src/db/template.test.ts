/**
 * A new PGlite data folder is a copy of the migrated template (template.ts) instead of an initdb
 * and every migration: the database it gives is the one migrations give (same tables, columns,
 * indexes, constraints, same migrations recorded), the template is built once and reused, and a
 * folder that already has files is left to PGlite.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder, openDatabase } from './index.js';
import { createFromTemplate, templatePath } from './template.js';

/** What a user of the database depends on: its shape and the migrations it records. */
async function shapeOf(query: (sql: string) => Promise<unknown[]>) {
  return {
    columns: await query(
      `select table_schema, table_name, column_name, data_type, is_nullable, column_default
         from information_schema.columns where table_schema in ('public', 'drizzle')
         order by 1, 2, 3`,
    ),
    indexes: await query(
      `select schemaname, tablename, indexname, indexdef from pg_indexes
         where schemaname in ('public', 'drizzle') order by 1, 2, 3`,
    ),
    constraints: await query(
      `select conrelid::regclass::text as tbl, conname, pg_get_constraintdef(oid) as def
         from pg_constraint where connamespace in ('public'::regnamespace, 'drizzle'::regnamespace)
         order by 1, 2`,
    ),
    migrations: await query(`select hash, created_at from drizzle.__drizzle_migrations order by id`),
  };
}

describe('a new PGlite data folder from the migrated template', () => {
  let scratch: string;
  let templateDir: string;
  before(() => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'nivesh-template-'));
    templateDir = path.join(scratch, 'templates');
    // The template of an older migrations folder, which the new one replaces.
    fs.mkdirSync(path.join(templateDir, 'pglite-0.0.1-0123456789abcdef'), { recursive: true });
    fs.writeFileSync(path.join(templateDir, 'pglite-0.0.1-0123456789abcdef', 'PG_VERSION'), '16\n');
  });
  after(() => fs.rmSync(scratch, { recursive: true, force: true }));

  it('gives the database initdb and every migration give, and keeps what is written in it', async () => {
    // The reference: PGlite's own initdb, then the migrations (how a data folder was created before).
    const reference = new PGlite(path.join(scratch, 'reference'));
    let expected;
    try {
      await migrate(drizzle(reference), { migrationsFolder });
      expected = await shapeOf(async (sql) => (await reference.query(sql)).rows);
    } finally {
      await reference.close();
    }
    assert.ok(expected.migrations.length >= 12, 'the reference recorded every migration');
    assert.ok(expected.columns.length > 100);

    const dataDir = path.join(scratch, 'data');
    const database = await openDatabase({ kind: 'pglite', dataDir, templateDir });
    try {
      assert.ok(fs.existsSync(path.join(templatePath(templateDir), 'PG_VERSION')), 'the template was built');
      assert.deepEqual(fs.readdirSync(templateDir), [path.basename(templatePath(templateDir))]);
      const session = (database.db as unknown as { $client: PGlite }).$client;
      assert.deepEqual(await shapeOf(async (sql) => (await session.query(sql)).rows), expected);
      assert.deepEqual((await session.query('show shared_buffers')).rows, [{ shared_buffers: '32MB' }]);
      await session.exec(`create table footprint_probe (n int); insert into footprint_probe values (7)`);
    } finally {
      await database.close();
    }

    // Opened again, it is the same database (not a new copy of the template).
    const again = await openDatabase({ kind: 'pglite', dataDir, templateDir });
    try {
      const session = (again.db as unknown as { $client: PGlite }).$client;
      assert.deepEqual((await session.query('select n from footprint_probe')).rows, [{ n: 7 }]);
    } finally {
      await again.close();
    }
  });

  it('builds the template once: another new folder is a copy of the same one', async () => {
    const template = templatePath(templateDir);
    const builtAt = fs.statSync(path.join(template, 'PG_VERSION')).mtimeMs;
    assert.equal(await createFromTemplate(path.join(scratch, 'second', 'pglite'), templateDir), true);
    assert.equal(fs.statSync(path.join(template, 'PG_VERSION')).mtimeMs, builtAt);
    assert.equal(
      fs.readFileSync(path.join(scratch, 'second', 'pglite', 'PG_VERSION'), 'utf8'),
      fs.readFileSync(path.join(template, 'PG_VERSION'), 'utf8'),
    );
    assert.equal(fs.existsSync(path.join(scratch, 'second', 'pglite.new')), false);
  });

  it('still creates the database (initdb, migrations) when the template cannot be built', async () => {
    const notAFolder = path.join(scratch, 'templates-is-a-file');
    fs.writeFileSync(notAFolder, 'not a folder');
    const dataDir = path.join(scratch, 'without-template');
    const database = await openDatabase({ kind: 'pglite', dataDir, templateDir: notAFolder });
    try {
      const session = (database.db as unknown as { $client: PGlite }).$client;
      const recorded = await session.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      const journal = JSON.parse(
        fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
      ) as { entries: unknown[] };
      assert.deepEqual(recorded.rows, [{ n: journal.entries.length }]);
    } finally {
      await database.close();
    }
  });

  it('leaves a folder that already has files to PGlite', async () => {
    const folder = path.join(scratch, 'occupied');
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, 'notes.txt'), 'mine');
    assert.equal(await createFromTemplate(folder, templateDir), false);
    assert.deepEqual(fs.readdirSync(folder), ['notes.txt']);
  });
});
