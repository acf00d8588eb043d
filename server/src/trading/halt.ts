/**
 * The emergency stop's halt (Emergency Stop All): while a `trading_halts` row has no `lifted_at`,
 * no order may open or grow a position, in any trading mode; only orders that reduce one are taken.
 * It lives in the database, so it survives a restart and every server process on the database sees
 * the same halt.
 *
 * Race between processes: the stop takes a transaction-scoped advisory lock exclusively while it
 * writes the halt, and every opening order takes the same lock shared inside the transaction that
 * writes it and re-reads the halt there. So an order either commits before the halt (and the stop,
 * which waited for it, then cancels it if it rests) or sees the halt and is refused.
 */
import { eq, isNull, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { TradingHalt } from '@nivesh/api-contract';
import { schema, type Db } from '../db/index.js';
import type { Clock } from '../clock.js';
import { formatIst } from '../broker/token.js';
import { HttpError } from '../http/errors.js';
import { resolveAlerts } from '../risk/alertResolution.js';

/** The opening of the emergency stop's alert: lifting the stop resolves it. */
const EMERGENCY_STOP_ALERT = 'Emergency stop by ';

/** The advisory lock key of the halt (any fixed 64-bit number; "NIVESH01" in ASCII). */
const HALT_LOCK_KEY = sql`5641940154935883825`;

/**
 * The halt's lock taken shared, as an expression of a select: what an opening order's transaction
 * takes (alone in `haltForOpeningOrder`, or with the account's lock in a batch of paper orders).
 * Read the halt in a LATER statement: a statement's snapshot is taken before it waits for a lock.
 */
export const HALT_SHARED_LOCK = sql`pg_advisory_xact_lock_shared(${HALT_LOCK_KEY})`;

type HaltRow = typeof schema.tradingHalts.$inferSelect;

const toHalt = (row: HaltRow): TradingHalt => ({
  halted_at: row.haltedAt.toISOString(),
  halted_by: row.haltedBy,
  reason: row.reason,
  square_off: row.squareOff,
});

async function inForceRow(q: Db): Promise<HaltRow | undefined> {
  const [row] = await q
    .select()
    .from(schema.tradingHalts)
    .where(isNull(schema.tradingHalts.liftedAt))
    .limit(1);
  return row;
}

/** Why an order that opens a position is refused while halted, one sentence. */
export function haltSentence(halt: TradingHalt): string {
  return `Emergency stop in force since ${formatIst(new Date(halt.halted_at))} (${halt.halted_by}: "${halt.reason}").`;
}

/** The halt in force, or null (outside a transaction: the committed state). */
export async function haltInForce(db: Db): Promise<TradingHalt | null> {
  const row = await inForceRow(db);
  return row ? toHalt(row) : null;
}

/**
 * Inside the transaction that writes an opening order: waits for a stop being written, then the
 * halt in force (null when none). Hold the transaction open until the order is written.
 */
export async function haltForOpeningOrder(tx: Db): Promise<TradingHalt | null> {
  await tx.execute(sql`select ${HALT_SHARED_LOCK}`);
  return haltInForce(tx);
}

const halts = schema.tradingHalts;

/**
 * The halt in force (or null) as a JSON column of another select, read with `haltOfColumn`: the
 * paper engine reads it with its batch's other reads in one statement.
 */
export const haltInForceColumn: SQL = sql`(select json_build_object(
    'halted_at', ${halts.haltedAt}, 'halted_by', ${halts.haltedBy},
    'reason', ${halts.reason}, 'square_off', ${halts.squareOff})
  from ${halts} where ${halts.liftedAt} is null limit 1)`;

const HaltColumn = z
  .object({ halted_at: z.string(), halted_by: z.string(), reason: z.string(), square_off: z.boolean() })
  .nullable();

/** The halt of a `haltInForceColumn` (as `haltInForce` gives it). */
export function haltOfColumn(value: unknown): TradingHalt | null {
  const halt = HaltColumn.parse(value);
  return halt && { ...halt, halted_at: new Date(halt.halted_at).toISOString() };
}

export type HaltStore = ReturnType<typeof createHaltStore>;

export function createHaltStore(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  return {
    inForce: () => haltInForce(db),

    /**
     * Halts order entry (or keeps the halt already in force: `already`), with a high alert and an
     * audit row. Once this resolves no opening order can still be written.
     */
    async halt(request: { actor: string; reason: string; squareOff: boolean }): Promise<{
      halt: TradingHalt;
      already: boolean;
    }> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${HALT_LOCK_KEY})`);
        const existing = await inForceRow(tx);
        if (existing) return { halt: toHalt(existing), already: true };
        const [row] = await tx
          .insert(schema.tradingHalts)
          .values({
            haltedAt: now,
            haltedBy: request.actor,
            reason: request.reason,
            squareOff: request.squareOff,
          })
          .returning();
        await tx.insert(schema.alerts).values({
          at: now,
          source: 'risk',
          severity: 'high',
          message: `${EMERGENCY_STOP_ALERT}${request.actor}: order entry halted${request.squareOff ? ' and every position squared off at market' : ''} ("${request.reason}"). Only orders that close a position are accepted until it is lifted.`,
          actionRequired: true,
          suggestedAction:
            'Review the positions and open orders, then lift the emergency stop on the Risk Management page.',
        });
        await tx.insert(schema.auditLog).values({
          at: now,
          actor: request.actor,
          action: 'risk.emergency_stop',
          detail: { reason: request.reason, square_off: request.squareOff },
        });
        return { halt: toHalt(row!), already: false };
      });
    },

    /** Lifts the halt in force; 409 when there is none. Returns the halt it lifted. */
    async lift(actor: string): Promise<TradingHalt> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${HALT_LOCK_KEY})`);
        const existing = await inForceRow(tx);
        if (!existing) throw new HttpError(409, 'Trading is not halted: there is no emergency stop to lift.');
        await tx
          .update(schema.tradingHalts)
          .set({ liftedAt: now, liftedBy: actor })
          .where(eq(schema.tradingHalts.id, existing.id));
        await resolveAlerts(tx, {
          source: 'risk',
          openings: [EMERGENCY_STOP_ALERT],
          at: now,
          by: actor,
          how: 'The emergency stop was lifted: orders may open positions again.',
        });
        await tx.insert(schema.alerts).values({
          at: now,
          source: 'risk',
          severity: 'medium',
          message: `Emergency stop lifted by ${actor}: orders may open positions again (halted since ${formatIst(existing.haltedAt)}).`,
          actionRequired: false,
          suggestedAction: null,
        });
        await tx.insert(schema.auditLog).values({
          at: now,
          actor,
          action: 'risk.emergency_stop.lift',
          detail: { halted_at: existing.haltedAt.toISOString(), halted_by: existing.haltedBy },
        });
        return toHalt(existing);
      });
    },
  };
}
