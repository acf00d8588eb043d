/**
 * Server management for the research page's diagnostics (contract.management): this process's
 * status, and a restart through the supervisor (supervisor.ts). The restart itself belongs to the
 * process entry (main.ts): it is given here as `restart`, and is null when no supervisor runs this
 * process, which then says so instead of stopping for good.
 */
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { RestartResponse, ServerStatus } from '@nivesh/api-contract';
import { schema, type Db } from '../db/index.js';
import type { Clock } from '../clock.js';

/** At most one restart per this long, whichever process of the database was asked. */
const RESTART_MIN_INTERVAL_MS = 30_000;
/** How long the database may take to answer `select 1` before the server counts as unhealthy. */
const DB_CHECK_TIMEOUT_MS = 2_000;
/** The advisory lock restart requests take while they check and record the last restart ("NIVESHRS"). */
const RESTART_LOCK_KEY = sql`5641940154935886419`;
const RESTART_ACTION = 'server.restart';

const NOT_SUPERVISED =
  'This server runs without a supervisor, so it cannot restart itself. Start it with npm start (or pnpm serve) to allow restarts.';

export type RestartVia = 'management' | 'admin';

type RestartOutcome =
  /** Recorded; `begin()` closes this process once the answer has gone out, and the supervisor starts a new one. */
  | { kind: 'initiated'; answer: RestartResponse; begin: () => void }
  /** Nothing happened: no supervisor runs this process. */
  | { kind: 'unavailable'; answer: RestartResponse }
  /** Refused: a restart is under way or happened less than RESTART_MIN_INTERVAL_MS ago. */
  | { kind: 'too-soon'; message: string };

export interface ManagementService {
  status(): Promise<ServerStatus>;
  restart(actor: string, via: RestartVia): Promise<RestartOutcome>;
}

export function createManagementService(deps: {
  db: Db;
  clock: Clock;
  version: string;
  /** `performance.now()` when the process started (the same origin as GET /api/health's uptime). */
  startedAt: number;
  /** Closes this process gracefully for the supervisor to start a new one; null when unsupervised. */
  restart: (() => void) | null;
}): ManagementService {
  const { db, clock } = deps;
  let underWay = false;

  async function databaseAnswers(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), DB_CHECK_TIMEOUT_MS);
    });
    try {
      return await Promise.race([db.execute(sql`select 1`).then(() => true), timeout]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async status() {
      // Seconds, to the hundredth, as GET /api/health reports them.
      const uptime = Math.round((performance.now() - deps.startedAt) / 10) / 100;
      return {
        success: true,
        main_server_healthy: !underWay && (await databaseAnswers()),
        main_server_pid: process.pid,
        uptime,
        version: deps.version,
        started_at: new Date(clock.nowMs() - Math.round(uptime * 1000)).toISOString(),
      };
    },

    async restart(actor, via) {
      const restart = deps.restart;
      if (!restart) {
        return {
          kind: 'unavailable',
          answer: { success: false, message: 'The server cannot restart itself.', error: NOT_SUPERVISED },
        };
      }
      if (underWay) {
        return {
          kind: 'too-soon',
          message: 'A restart is already under way. Wait for the server to come back.',
        };
      }
      const now = clock.now();
      // Check and record under one lock, so two requests (or two processes) cannot both restart.
      const waitMs = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${RESTART_LOCK_KEY})`);
        const [last] = await tx
          .select({ at: schema.auditLog.at })
          .from(schema.auditLog)
          .where(
            and(
              eq(schema.auditLog.action, RESTART_ACTION),
              gt(schema.auditLog.at, new Date(now.getTime() - RESTART_MIN_INTERVAL_MS)),
            ),
          )
          .orderBy(desc(schema.auditLog.at))
          .limit(1);
        if (last) return last.at.getTime() + RESTART_MIN_INTERVAL_MS - now.getTime();
        await tx
          .insert(schema.auditLog)
          .values({ at: now, actor, action: RESTART_ACTION, detail: { via, pid: process.pid } });
        return 0;
      });
      if (waitMs > 0) {
        const seconds = Math.max(1, Math.ceil(waitMs / 1000));
        return {
          kind: 'too-soon',
          message: `The server was restarted less than ${RESTART_MIN_INTERVAL_MS / 1000} seconds ago. Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
        };
      }
      underWay = true;
      return {
        kind: 'initiated',
        answer: {
          success: true,
          message: 'Server restart initiated. The server will be back in a few seconds.',
        },
        begin: restart,
      };
    },
  };
}
