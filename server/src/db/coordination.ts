/**
 * What keeps several server processes on one PostgreSQL database correct: a lock that serialises
 * a shared thing's writes across processes (the paper account's order entry), a counter that tells
 * a process another one wrote (so it reloads what it cached), and the election of one leader that
 * runs the singleton jobs.
 *
 * - The lock is a PostgreSQL session advisory lock (`pg_advisory_lock`) held on a pool connection
 *   for the length of the job; the job's own queries use other connections. A process that dies
 *   holding it loses its connection, and PostgreSQL releases the lock. A job that is one
 *   transaction takes the same lock inside it instead (`pg_advisory_xact_lock`, released by its
 *   COMMIT or ROLLBACK): one round trip, on the transaction's own connection.
 * - Leadership is `pg_try_advisory_lock` on a dedicated connection, tried every
 *   LEADER_RETRY_MS by each process that does not lead; the leader checks its connection as often
 *   and gives up leadership when the connection fails. A leader killed with SIGKILL loses its
 *   connection at once, so another process leads within LEADER_RETRY_MS (plus one connection).
 * - PGlite is one process by construction (its data folder is locked: db/lock.ts), so there the
 *   lock is a no-op, the process always leads and `shared` is false.
 */
import { sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';

/** How often a process that does not lead tries to, and the leader checks its connection. */
const LEADER_RETRY_MS = 2_000;

/** Advisory lock keys (bigint) of this application. */
const LOCK_KEYS = {
  leader: 74_741_001,
  'paper-account': 74_741_002,
  /** Held while a process migrates the database at start (db/index.ts openDatabase). */
  migrations: 74_741_003,
  /** Held while a process adopts the local builds of the remotes at start (remotes/service.ts). */
  'local-builds': 74_741_004,
} as const;
type LockName = Exclude<keyof typeof LOCK_KEYS, 'leader'>;

export interface Leadership {
  /** Starts trying to lead (at once, then every LEADER_RETRY_MS). */
  start(): void;
  /** Gives up leadership and stops trying. */
  stop(): Promise<void>;
  isLeader(): boolean;
  /** Called with the new state whenever it changes. */
  onChange(listener: (leading: boolean) => void): () => void;
}

export interface Coordination {
  /** More than one process may share this database (PostgreSQL). */
  readonly shared: boolean;
  /** Runs `job` holding the named lock across every process on the database. */
  withLock<T>(name: LockName, job: () => Promise<T>): Promise<T>;
  /**
   * Takes the named lock inside the transaction `tx` (the same lock as `withLock`'s), held until
   * the transaction ends: after a COMMIT the next holder sees everything it wrote. `also`: another
   * module's transaction lock (an expression of a select) taken right after it in the same
   * statement; one process alone (`shared` false) takes neither.
   */
  lockInTransaction(
    tx: { execute(query: SQL): PromiseLike<unknown> },
    name: LockName,
    also?: SQL,
  ): Promise<void>;
  /** A new leader election for this process. */
  leadership(log?: {
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
  }): Leadership;
}

/** One process alone: every lock is free, and it always leads. */
export function soloCoordination(): Coordination {
  return {
    shared: false,
    withLock: (_name, job) => job(),
    lockInTransaction: async () => undefined,
    leadership() {
      let leading = false;
      const listeners = new Set<(leading: boolean) => void>();
      return {
        start() {
          if (leading) return;
          leading = true;
          for (const listener of listeners) listener(true);
        },
        async stop() {
          if (!leading) return;
          leading = false;
          for (const listener of listeners) listener(false);
        },
        isLeader: () => leading,
        onChange(listener) {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
      };
    },
  };
}

export function postgresCoordination(pool: pg.Pool, url: string): Coordination {
  return {
    shared: true,
    async withLock(name, job) {
      const client = await pool.connect();
      let released = false;
      try {
        await client.query('select pg_advisory_lock($1)', [LOCK_KEYS[name]]);
        try {
          return await job();
        } finally {
          try {
            await client.query('select pg_advisory_unlock($1)', [LOCK_KEYS[name]]);
          } catch (error) {
            // The connection broke: PostgreSQL dropped the lock with it; do not reuse the client.
            client.release(error as Error);
            released = true;
          }
        }
      } finally {
        if (!released) client.release();
      }
    },

    async lockInTransaction(tx, name, also) {
      const lock = sql`pg_advisory_xact_lock(${LOCK_KEYS[name]})`;
      await tx.execute(also ? sql`select ${lock}, ${also}` : sql`select ${lock}`);
    },

    leadership(log) {
      let client: pg.Client | null = null;
      let leading = false;
      let timer: NodeJS.Timeout | null = null;
      let attempt: Promise<void> | null = null;
      let stopped = true;
      const listeners = new Set<(leading: boolean) => void>();

      const set = (next: boolean) => {
        if (next === leading) return;
        leading = next;
        log?.info({ leading }, leading ? 'this process leads (singleton jobs run here)' : 'leadership lost');
        for (const listener of listeners) listener(next);
      };

      const dropClient = async () => {
        const old = client;
        client = null;
        if (old) await old.end().catch(() => undefined);
      };

      const tick = async () => {
        try {
          if (!client) {
            const { Client } = (await import('pg')).default;
            const fresh = new Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
            // A connection the server ends must not crash the process: the next tick reconnects.
            fresh.on('error', () => {
              if (client === fresh) {
                client = null;
                void fresh.end().catch(() => undefined);
                set(false);
              }
            });
            await fresh.connect();
            if (stopped) {
              await fresh.end();
              return;
            }
            client = fresh;
          }
          if (leading) {
            await client.query('select 1');
            return;
          }
          const { rows } = await client.query<{ locked: boolean }>(
            'select pg_try_advisory_lock($1) as locked',
            [LOCK_KEYS.leader],
          );
          if (!stopped) set(rows[0]?.locked === true);
        } catch (error) {
          log?.warn({ err: error }, 'leader election: the database connection failed; retrying');
          set(false);
          await dropClient();
        }
      };

      const schedule = () => {
        if (attempt) return;
        attempt = tick().finally(() => {
          attempt = null;
        });
      };

      return {
        start() {
          if (!stopped) return;
          stopped = false;
          schedule();
          timer = setInterval(schedule, LEADER_RETRY_MS);
          timer.unref();
        },
        async stop() {
          stopped = true;
          if (timer) clearInterval(timer);
          timer = null;
          await attempt;
          // Closing the connection releases the lock for the next process.
          await dropClient();
          set(false);
        },
        isLeader: () => leading,
        onChange(listener) {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
      };
    },
  };
}
