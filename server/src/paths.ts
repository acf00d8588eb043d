/**
 * Where the server's own files are, and how a worker thread or process of the server starts,
 * whether the server runs from its TypeScript source (tests, `pnpm dev`: node --import tsx) or from
 * its bundle (`npm start` / `pnpm serve`: server/dist/<version>/*.mjs, written by
 * scripts/bundle.mjs). A bundled process starts the other entries from its own version's folder,
 * never from whatever `dist/current` names by then: a build made since (another `pnpm serve`, a
 * `pnpm build`) does not change what a running server runs. The package folder, and every shipped
 * data file under src/, are found from either.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fork, type ChildProcess } from 'node:child_process';
import { Worker } from 'node:worker_threads';

/** This file's folder: server/src, or the bundle's version folder server/dist/<version>. */
const here = path.dirname(fileURLToPath(import.meta.url));

/** Running from the bundle (server/dist/<version>), not from the TypeScript source. */
const bundled = !import.meta.url.endsWith('.ts');

/** The server package's folder (server/). */
export const serverDir = bundled ? path.resolve(here, '..', '..') : path.resolve(here, '..');

/** The repository root. */
export const repoRoot = path.dirname(serverDir);

/** A data file shipped with the source, by its path under server/src (for example `db/migrations`). */
export const sourceFile = (relative: string): string => path.join(serverDir, 'src', relative);

/**
 * The file that runs `entry` (its path under src, without extension): its bundle beside this
 * process's own, or its source.
 */
export const entryFile = (entry: string): string =>
  bundled ? path.join(here, `${path.basename(entry)}.mjs`) : sourceFile(`${entry}.ts`);

/**
 * Marks the bundle version this process runs as in use until it exits (a file named by its pid in
 * the version's `running` folder), so no build removes it meanwhile (scripts/bundle.mjs prunes
 * versions no live process holds). Nothing from the source.
 */
export function holdBundle(): void {
  if (!bundled) return;
  const holders = path.join(here, 'running');
  const file = path.join(holders, String(process.pid));
  fs.mkdirSync(holders, { recursive: true });
  fs.writeFileSync(file, '');
  process.once('exit', () => fs.rmSync(file, { force: true }));
}

/** The pid of the process that ran startProcess, in the started process's environment. */
const PARENT_PID_VARIABLE = 'NIVESH_PARENT_PID';
/** How often a process started by startProcess checks that its parent still runs. */
const PARENT_CHECK_MS = 500;

/**
 * Starts a Node process on `entry` (its path under src, without extension: `ml/trainWorker`), with
 * an IPC channel that carries structured-clone messages. From the source it runs under tsx's
 * loader. A process, not a thread, for work that needs a lot of memory for a while: what it used is
 * given back to the system when it ends, instead of staying in the server's heap and malloc arenas
 * (glibc's are capped by MALLOC_ARENA_MAX, as for the server).
 */
export function startProcess(entry: string): ChildProcess {
  return fork(entryFile(entry), [], {
    execArgv: bundled ? [] : ['--import', import.meta.resolve('tsx')],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: {
      ...process.env,
      MALLOC_ARENA_MAX: process.env['MALLOC_ARENA_MAX'] ?? '2',
      [PARENT_PID_VARIABLE]: String(process.pid),
    },
  });
}

/**
 * Called first by every entry startProcess runs: the process ends when the one that started it is
 * gone, also when that one was killed with SIGKILL (it could not end its children then) and while
 * this one's main thread is busy (a training is one synchronous computation of up to minutes: the
 * IPC channel's 'disconnect' would be seen only after it). A small thread of its own checks every
 * PARENT_CHECK_MS whether its parent process is still the one that started it (an orphan is
 * handed to init or a subreaper), and kills this process with SIGKILL when it is not.
 */
export function endWithParent(): void {
  const parent = Number(process.env[PARENT_PID_VARIABLE]) || process.ppid;
  const watcher = new Worker(
    `const { workerData } = require('node:worker_threads');
setInterval(() => {
  if (process.ppid !== workerData.parent) process.kill(workerData.self, 'SIGKILL');
}, ${PARENT_CHECK_MS});`,
    { eval: true, workerData: { parent, self: process.pid }, execArgv: [] },
  );
  // The check alone does not keep the process running.
  watcher.unref();
}

/**
 * Starts a worker thread on `entry` (its path under src, without extension: `ml/trainWorker`).
 * From the bundle: its own bundle file, beside this process's. From the source: an inline
 * bootstrap that registers tsx's module hooks in the worker and then imports the TypeScript file
 * (Node 20 does not apply an inherited `--import tsx` to a worker's own entry file).
 */
export function startWorker(entry: string, workerData: unknown): Worker {
  if (bundled) return new Worker(entryFile(entry), { workerData });
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const file = JSON.stringify(new URL(`./${entry}.ts`, import.meta.url).href);
  return new Worker(`import(${tsx}).then((api) => { api.register(); return import(${file}); });`, {
    eval: true,
    workerData,
    execArgv: [],
  });
}
