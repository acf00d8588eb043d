/**
 * A sliding-window limit per key (an address, an address and email), kept in memory (one process;
 * createSharedLimiter below keeps it in the database for limits that must hold across processes): it refuses
 * (`allow` answers false) once a key reached its limit in the window. Compare the Upstox client's
 * createCallThrottle, which makes calls wait their turn instead.
 */
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import { schema, type Db } from '../db/index.js';

export interface PerKeyLimiter {
  /** Counts one event for `key`; false when the limit was already reached in the window. */
  allow(key: string): boolean;
}

export function createPerKeyLimiter(options: {
  limit: number;
  windowMs: number;
  clock: Clock;
}): PerKeyLimiter {
  const events = new Map<string, number[]>();
  let sweeps = 0;
  return {
    allow(key) {
      const now = options.clock.nowMs();
      const recent = (events.get(key) ?? []).filter((at) => now - at < options.windowMs);
      const allowed = recent.length < options.limit;
      if (allowed) recent.push(now);
      events.set(key, recent);
      // Forget idle keys now and then, so the map does not grow without bound.
      if (++sweeps % 1000 === 0) {
        for (const [k, times] of events)
          if (times.every((at) => now - at >= options.windowMs)) events.delete(k);
      }
      return allowed;
    },
  };
}

export interface SharedLimiter {
  /** Counts one event for `key`; false when the limit was already reached in the window. */
  allow(key: string): Promise<boolean>;
}

/**
 * The same sliding-window limit, kept in the database (`rate_limit_events`) so that it holds across
 * every server process on it and across restarts. Each check runs in one transaction under a
 * transaction-level advisory lock on the key, so two processes cannot both take the last event.
 */
export function createSharedLimiter(options: {
  db: Db;
  /** Keeps the keys of different limits apart (`setup`, ...). */
  name: string;
  limit: number;
  windowMs: number;
  clock: Clock;
}): SharedLimiter {
  const events = schema.rateLimitEvents;
  return {
    allow(rawKey) {
      const key = `${options.name}:${rawKey}`;
      const now = options.clock.now();
      const since = new Date(now.getTime() - options.windowMs);
      return options.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
        await tx.delete(events).where(and(eq(events.key, key), lte(events.at, since)));
        const [row] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(events)
          .where(and(eq(events.key, key), gt(events.at, since)));
        if ((row?.n ?? 0) >= options.limit) return false;
        await tx.insert(events).values({ key, at: now });
        return true;
      });
    },
  };
}
