/**
 * The supervisor `npm start` (and `pnpm serve`) runs: it starts the server (main.ts) as a child
 * process with the same Node options and an IPC channel, and keeps one running.
 *
 * - A restart requested from the diagnostics (POST /api/management/server/restart) closes the
 *   server gracefully: it answers, stops taking requests, lets those under way finish, stops its
 *   engines, closes the database and exits with RESTART_EXIT_CODE. The supervisor then starts a
 *   new server at once: only after the old one has exited, so PGlite's data-folder lock is free.
 * - A server that crashes is started again after 1 s, 2 s, 5 s, 10 s, then every 30 s while it
 *   keeps crashing (back to 1 s once one has run for a minute). So is a server whose start failed
 *   for a reason that may pass (START_MAY_PASS_EXIT_CODE: its PostgreSQL not reachable yet, a
 *   failed migration, an error not foreseen) or that was killed by a signal, also the first one:
 *   an orchestrator may start the server before its database. A first server that fails before it listens for a reason that
 *   would stay (exit code 1: a wrong setting, a port or data folder in use, PostgreSQL refusing
 *   the credentials or the database's name) ends the supervisor with that exit code; the server's
 *   message says why.
 * - SIGINT/SIGTERM are passed to the server; the supervisor ends when it has shut down.
 * - From the bundle, the supervisor and every server it starts run one version of it
 *   (server/dist/<version>, held while they run: paths.ts holdBundle), whatever is built
 *   meanwhile (another `pnpm serve` from this checkout, `pnpm build`).
 * - The server gets MALLOC_ARENA_MAX=2 unless the environment sets it (serverEnv): glibc's malloc
 *   otherwise gives threads that allocate at the same time (libuv's pool, V8's compiler and GC
 *   threads, workers) arenas of their own, up to 8 per core, each in 64 MB heaps, and memory freed
 *   in one is not reused by another. glibc reads it when a process starts, so it is set for the
 *   process the supervisor forks.
 */
import { fork, type ChildProcess } from 'node:child_process';
import pino from 'pino';
import { loggerOptions } from './logging.js';
import {
  START_MAY_PASS_EXIT_CODE,
  isServerMessage,
  RESTART_EXIT_CODE,
  SUPERVISED_ARG,
} from './management/supervision.js';
import { entryFile, holdBundle } from './paths.js';

/** glibc malloc arenas of the server process (see the module comment). */
const SERVER_MALLOC_ARENA_MAX = '2';

/** The server's environment: this one, with MALLOC_ARENA_MAX unless it is set. */
function serverEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...env, MALLOC_ARENA_MAX: env['MALLOC_ARENA_MAX'] ?? SERVER_MALLOC_ARENA_MAX };
}

/**
 * main.ts, or its bundle beside this one's (paths.ts): every server this supervisor starts runs the
 * version it runs, whatever builds are made meanwhile.
 */
const serverEntry = entryFile('main');
const CRASH_BACKOFF_MS = [1_000, 2_000, 5_000, 10_000, 30_000];
/** A server that ran this long after it listened counts as recovered: the next crash waits 1 s again. */
const RECOVERED_AFTER_MS = 60_000;

const log = pino({
  ...loggerOptions('info'),
  base: { pid: process.pid, role: 'supervisor' },
  ...(process.stdout.isTTY
    ? {
        transport: {
          target: 'pino-pretty',
          options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,role', messageKey: 'msg' },
        },
      }
    : {}),
});

let server: ChildProcess | null = null;
let stopping = false;
let anyReady = false;
let crashes = 0;
let retry: NodeJS.Timeout | null = null;

function exit(code: number): never {
  log.flush();
  process.exit(code);
}

function startServer(): void {
  retry = null;
  const child = fork(serverEntry, [SUPERVISED_ARG], {
    execArgv: process.execArgv,
    env: serverEnv(process.env),
    stdio: 'inherit',
  });
  server = child;
  let readyAt: number | null = null;

  child.on('message', (message) => {
    if (!isServerMessage(message)) return;
    readyAt = Date.now();
    anyReady = true;
    log.info({ server: message.pid }, 'server ready');
  });
  child.on('error', (error) => {
    log.error({ err: error }, 'the server process could not be started');
  });
  child.on('exit', (code, signal) => {
    server = null;
    if (stopping) exit(code ?? 0);
    if (code === RESTART_EXIT_CODE) {
      crashes = 0;
      log.info({ server: child.pid }, 'the server closed for a restart; starting a new one');
      startServer();
      return;
    }
    const startFailed = code === START_MAY_PASS_EXIT_CODE;
    // Killed by a signal (not this supervisor's: it would be stopping) is a crash, not a setting.
    if (!anyReady && !startFailed && signal === null) {
      log.error(
        {
          server: child.pid,
          code,
          signal,
          why: 'a new start would fail the same way (its message above says why)',
        },
        'the server could not start; not trying again',
      );
      exit(code ?? 1);
    }
    if (readyAt !== null && Date.now() - readyAt >= RECOVERED_AFTER_MS) crashes = 0;
    const waitMs = CRASH_BACKOFF_MS[Math.min(crashes, CRASH_BACKOFF_MS.length - 1)] as number;
    crashes += 1;
    log.error(
      { server: child.pid, code, signal, restartInMs: waitMs },
      startFailed
        ? 'the server could not start (its message above says why); starting it again'
        : 'the server stopped unexpectedly; starting it again',
    );
    retry = setTimeout(startServer, waitMs);
  });
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopping = true;
    if (retry) clearTimeout(retry);
    if (!server) exit(0);
    // A terminal's Ctrl-C reaches the server too; it shuts down once whichever signal comes first.
    server.kill(signal);
  });
}

holdBundle();
startServer();
