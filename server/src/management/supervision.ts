/**
 * What the supervisor (supervisor.ts) and the server process it runs (main.ts) agree on. The
 * supervisor forks main.ts with an IPC channel and the `--supervised` argument; the server tells it
 * when it listens, and after a requested restart it closes everything and exits with
 * RESTART_EXIT_CODE, which the supervisor answers by starting a new server at once; a server whose
 * start failed for a reason that may pass exits with START_MAY_PASS_EXIT_CODE, and is started again
 * later.
 */

/** The argument the supervisor starts the server with. */
export const SUPERVISED_ARG = '--supervised';

/** The exit code of a server that closed for a requested restart (75: "temporary failure, try again"). */
export const RESTART_EXIT_CODE = 75;

/**
 * The exit code of a server whose start failed for a reason that may pass: its PostgreSQL database
 * did not open (db/index.ts openMayPassOnRetry: not reachable yet, a connection cut, a failed
 * migration), or an error it did not foresee while starting (a query that failed, NATS not up yet).
 * The supervisor starts it again with backoff, also before any server has run. A failure a new
 * start would meet again (a wrong setting, the port or the data folder in use, PostgreSQL refusing
 * the credentials or the database's name: main.ts `fail`) exits with 1 and is not tried again.
 * 69: "service unavailable".
 */
export const START_MAY_PASS_EXIT_CODE = 69;

/** Messages a supervised server sends its supervisor. */
export type ServerMessage = { type: 'nivesh:ready'; pid: number };

export function isServerMessage(value: unknown): value is ServerMessage {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { type?: unknown }).type === 'nivesh:ready' &&
    typeof (value as { pid?: unknown }).pid === 'number'
  );
}

/** True when this process is a server the supervisor started (and can therefore restart). */
export function isSupervised(): boolean {
  return process.argv.includes(SUPERVISED_ARG) && typeof process.send === 'function';
}

/** Tells the supervisor this server listens (nothing when not supervised). */
export function announceReady(): void {
  if (!isSupervised()) return;
  const message: ServerMessage = { type: 'nivesh:ready', pid: process.pid };
  process.send?.(message);
}

/**
 * When the supervisor goes away (killed without passing a signal on), its server shuts down too
 * rather than running on unsupervised.
 */
export function onSupervisorGone(shutdown: () => void): void {
  if (isSupervised()) process.once('disconnect', shutdown);
}
