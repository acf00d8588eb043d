/**
 * The migrated template a new PGlite data folder starts from. Creating a PGlite database from
 * nothing runs initdb, which PGlite does in a second Postgres instance and an initdb WebAssembly
 * instance of its own: seconds of work, and their memory (hundreds of MB: a WebAssembly memory is
 * not given back) stays with the process that ran it. A new data folder is instead a copy of the
 * template, a data folder after initdb and every migration, which PGlite opens like any existing
 * one.
 *
 * The template is kept in templateDir() under a name made of the PGlite version and a hash of the
 * migrations folder, so a new migration or another PGlite version makes a new one. It is built in
 * a worker thread (templateWorker.ts), whose memory goes when it exits: by `pnpm build`
 * (`db:template`), or else by the first server that opens a new data folder. Migrations still run
 * on a database copied from it (they find nothing to do).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { serverDir, sourceFile, startWorker } from '../paths.js';

const migrationsFolder = sourceFile('db/migrations');

/**
 * Postgres settings of every PGlite database: PGlite's own, and shared_buffers at 32 MB instead of
 * initdb's 128 MB. In PGlite the buffer pool is WebAssembly memory in this process, and a
 * WebAssembly memory never shrinks: 128 MB of buffers for a database of a few tens of MB was most
 * of the server's memory. Pages not in the pool are read from the data folder's files (the
 * operating system's file cache).
 */
const PGLITE_SHARED_BUFFERS = '32MB';

export function pgliteStartParams(defaults: readonly string[]): string[] {
  return [...defaults, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];
}

/** Where templates are kept by default: server/node_modules/.cache/nivesh-db (config NIVESH_DB_TEMPLATE_DIR). */
export function templateDir(): string {
  return path.join(serverDir, 'node_modules', '.cache', 'nivesh-db');
}

function pgliteVersion(): string {
  const entry = fileURLToPath(import.meta.resolve('@electric-sql/pglite'));
  let dir = path.dirname(entry);
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return z
    .object({ version: z.string() })
    .parse(JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'))).version;
}

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
    )
    .sort();
}

/** The template's folder for this PGlite version and these migrations. */
export function templatePath(dir = templateDir()): string {
  const hash = createHash('sha256');
  for (const file of filesUnder(migrationsFolder)) {
    hash.update(path.relative(migrationsFolder, file));
    hash.update('\0');
    hash.update(fs.readFileSync(file));
    hash.update('\0');
  }
  return path.join(dir, `pglite-${pgliteVersion()}-${hash.digest('hex').slice(0, 16)}`);
}

const WorkerAnswer = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true) }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);

/** Builds the template into `folder` in a worker thread (built beside it, then renamed). */
function buildTemplate(folder: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = startWorker('db/templateWorker', { folder });
    let answered = false;
    worker.once('message', (message: unknown) => {
      answered = true;
      const answer = WorkerAnswer.safeParse(message);
      if (!answer.success) reject(new Error('the database template worker answered something unexpected'));
      else if (answer.data.ok) resolve();
      else reject(new Error(`the database template could not be built: ${answer.data.error}`));
    });
    worker.once('error', (error) => {
      answered = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`the database template worker exited (${code}) without answering`));
    });
  });
}

/** A complete template has PG_VERSION (initdb writes it) and the worker renamed it into place. */
function isDataFolder(folder: string): boolean {
  return fs.existsSync(path.join(folder, 'PG_VERSION'));
}

/**
 * The template's folder, built first if this PGlite version and these migrations have none yet;
 * a new one replaces the templates of other versions or migrations (about 40 MB each).
 */
export async function migratedTemplate(dir = templateDir()): Promise<string> {
  const folder = templatePath(dir);
  if (isDataFolder(folder)) return folder;
  await buildTemplate(folder);
  for (const name of fs.readdirSync(dir)) {
    const other = path.join(dir, name);
    if (name.startsWith('pglite-') && !name.endsWith('.tmp') && other !== folder)
      fs.rmSync(other, { recursive: true, force: true });
  }
  return folder;
}

/**
 * Makes `folder` (absent or empty) a copy of the migrated template: copied beside it, then renamed,
 * so a copy cut short is never taken for a database. False when `folder` has files already.
 */
export async function createFromTemplate(folder: string, dir = templateDir()): Promise<boolean> {
  if (fs.existsSync(folder) && fs.readdirSync(folder).length > 0) return false;
  const template = await migratedTemplate(dir);
  const partial = `${folder}.new`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.cpSync(template, partial, {
    recursive: true,
    filter: (source) => path.basename(source) !== 'postmaster.pid',
  });
  fs.rmSync(folder, { recursive: true, force: true });
  fs.renameSync(partial, folder);
  return true;
}
