/**
 * The one way an alert is marked resolved: the condition it was about has ended (the emergency stop
 * lifted, a usable Upstox token stored, a loss limit or circuit breaker cleared, the risk monitor's
 * finding gone, the model recovered). Its row keeps when, who or what ended it and how; the risk
 * page then shows it as resolved instead of "Action required", and it no longer counts among the
 * critical alerts. Only an alert still standing is resolved (the first resolution is kept), and a
 * dismissed one is left as it is.
 *
 * An alert's kind and subject are the opening words of its message (as the monitors dedupe them),
 * so the writers name what they resolve by its source and that opening.
 */
import { and, eq, isNull, like, lt, notLike, or } from 'drizzle-orm';
import { schema, type Db } from '../db/index.js';

export interface AlertResolution {
  /** The alerts' source: broker | paper | market | risk | system. */
  source: string;
  /** Openings of the messages of the alerts it resolves (each a kind and its subject). */
  openings: readonly string[];
  /** Openings among those still in force: alerts opening with one of these stay standing. */
  except?: readonly string[];
  /** Only alerts raised before this time (a condition that lasts the day it was raised). */
  raisedBefore?: Date;
  at: Date;
  /** Who or what ended the condition: the operator's name, or 'system: …'. */
  by: string;
  /** How it ended, in a sentence. */
  how: string;
}

/** `like` pattern of a message opening: its own % and _ taken literally. */
const startsWith = (opening: string) => `${opening.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Marks the standing alerts of `source` whose message opens with one of `openings` resolved; their count. */
export async function resolveAlerts(db: Db, resolution: AlertResolution): Promise<number> {
  if (resolution.openings.length === 0) return 0;
  const a = schema.alerts;
  const resolved = await db
    .update(a)
    .set({ resolvedAt: resolution.at, resolvedBy: resolution.by, resolution: resolution.how })
    .where(
      and(
        eq(a.source, resolution.source),
        isNull(a.resolvedAt),
        isNull(a.dismissedAt),
        or(...resolution.openings.map((opening) => like(a.message, startsWith(opening)))),
        ...(resolution.except ?? []).map((opening) => notLike(a.message, startsWith(opening))),
        resolution.raisedBefore ? lt(a.at, resolution.raisedBefore) : undefined,
      ),
    )
    .returning({ id: a.id });
  return resolved.length;
}
