/**
 * The worker template.ts runs: a PGlite database (initdb) built in a folder beside
 * `workerData.folder`, every migration, closed, then renamed to `workerData.folder` (so a reader
 * never sees half a template). Answers `{ ok: true }` or `{ ok: false, error }`, then exits, and
 * the memory of the Postgres instances initdb ran goes with it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parentPort, threadId, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { z } from 'zod';
import { pgliteStartParams } from './template.js';
import { sourceFile } from '../paths.js';

const migrationsFolder = sourceFile('db/migrations');

async function build(folder: string): Promise<void> {
  const partial = `${folder}.${process.pid}-${threadId}.tmp`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(folder), { recursive: true });
  const client = new PGlite(partial, { startParams: pgliteStartParams(PGlite.defaultStartParams) });
  try {
    await client.waitReady;
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    await client.close();
  }
  try {
    fs.renameSync(partial, folder);
  } catch (error) {
    // Another process built the same template meanwhile: theirs is as good.
    fs.rmSync(partial, { recursive: true, force: true });
    if (!fs.existsSync(path.join(folder, 'PG_VERSION'))) throw error;
  }
}

const { folder } = z.object({ folder: z.string().min(1) }).parse(workerData);
build(folder).then(
  () => parentPort?.postMessage({ ok: true }),
  (error: unknown) =>
    parentPort?.postMessage({ ok: false, error: error instanceof Error ? error.message : String(error) }),
);
