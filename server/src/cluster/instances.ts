/**
 * This process among the server processes on the database: its row in `server_instances`, beaten
 * every HEARTBEAT_MS with whether it leads, and marked stopped when it closes. A process whose
 * heartbeat is older than LIVE_WITHIN_MS is counted gone (it was killed).
 */
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import { schema, type Db } from '../db/index.js';

export const HEARTBEAT_MS = 5_000;
/** A process that has not beaten for this long is not counted as running. */
export const LIVE_WITHIN_MS = 15_000;

export interface InstanceIdentity {
  id: string;
  host: string;
  pid: number;
  startedAt: Date;
}

export type InstanceRow = typeof schema.serverInstances.$inferSelect;

/** A fresh identity for this process start. */
export function newInstanceIdentity(clock: Clock): InstanceIdentity {
  return {
    id: randomBytes(6).toString('hex'),
    host: os.hostname(),
    pid: process.pid,
    startedAt: clock.now(),
  };
}

export function createInstanceRegistry(deps: {
  db: Db;
  clock: Clock;
  identity: InstanceIdentity;
  version: string;
  url: string | null;
  leads: () => boolean;
}) {
  const { db, clock, identity } = deps;
  const table = schema.serverInstances;
  return {
    /** Writes this process's heartbeat (and whether it leads). */
    async beat(): Promise<void> {
      const now = clock.now();
      const row = {
        id: identity.id,
        host: identity.host,
        pid: identity.pid,
        url: deps.url,
        version: deps.version,
        startedAt: identity.startedAt,
        heartbeatAt: now,
        leader: deps.leads(),
        stoppedAt: null,
      };
      await db
        .insert(table)
        .values(row)
        .onConflictDoUpdate({
          target: table.id,
          set: { heartbeatAt: now, leader: row.leader, stoppedAt: null },
        });
    },
    /** Marks this process stopped (a clean close). */
    async stopped(): Promise<void> {
      await db.update(table).set({ stoppedAt: clock.now(), leader: false }).where(eq(table.id, identity.id));
    },
    /** The processes running now (beaten within LIVE_WITHIN_MS, not stopped), newest first. */
    async live(): Promise<InstanceRow[]> {
      const since = new Date(clock.nowMs() - LIVE_WITHIN_MS);
      return db
        .select()
        .from(table)
        .where(and(isNull(table.stoppedAt), gt(table.heartbeatAt, since)))
        .orderBy(desc(table.startedAt));
    },
  };
}

export type InstanceRegistry = ReturnType<typeof createInstanceRegistry>;
