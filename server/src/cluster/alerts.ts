/**
 * Tells browsers a new alert was raised: alerts are written by many jobs (risk monitor, circuit
 * breakers, the learner, halts, the paper engine) on whichever process runs them, so the leader
 * watches the table's newest id and announces each growth once, to its browsers and over the bus
 * to the others'.
 */
import { sql } from 'drizzle-orm';
import type { StreamEventKind } from '@nivesh/api-contract';
import { schema, type Db } from '../db/index.js';

export const ALERT_WATCH_MS = 5_000;

export function createAlertAnnouncer(deps: { db: Db; announce: (kind: StreamEventKind) => void }) {
  // The newest alert already announced (or there at start); null before the first look.
  let newest: number | null = null;
  return {
    async check(): Promise<boolean> {
      const [row] = await deps.db
        .select({ id: sql<number | null>`max(${schema.alerts.id})` })
        .from(schema.alerts);
      const id = row?.id === null || row?.id === undefined ? 0 : Number(row.id);
      const grew = newest !== null && id > newest;
      newest = id;
      if (grew) deps.announce('alert');
      return grew;
    },
  };
}
