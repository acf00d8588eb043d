/**
 * The decision log (`schema.decisions`): every decision the automation or an automated exit made
 * for an account, with the strategy and version, the figures it read and, later, what came of it.
 * Money is integer paise, as in the table; the caller converts at its edge.
 */
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, type SQL } from 'drizzle-orm';
import { schema, type Db } from '../db/index.js';

type DecisionAccount = 'paper' | 'live';
/** automation (the allocator's run) or exit (an automated exit). */
type DecisionSource = 'automation' | 'exit';
/** What the system did: ordered, skipped or refused (and exit, for an automated exit's order). */
type DecisionAction = 'ordered' | 'skipped' | 'refused' | 'exit';
/** manual: the position was closed outside the automation (the operator sold the shares). */
type OutcomeKind = 'target' | 'stop' | 'horizon' | 'manual' | 'cancelled';

export interface NewDecision {
  decidedAt: Date;
  /** IST trading day of the decision, YYYY-MM-DD. */
  tradingDay: string;
  account: DecisionAccount;
  source: DecisionSource;
  symbol: string;
  strategy: string;
  strategyVersion: string;
  signal: 'BUY' | 'SELL' | 'HOLD';
  action: DecisionAction;
  /** Why, in a sentence with the figures. */
  reason: string;
  /** 0-1. */
  confidence: number;
  pricePaise: number;
  targetPaise: number | null;
  stopPaise: number | null;
  /** Trading days after which the position is closed if neither target nor stop was hit. */
  horizonDays: number;
  quantity: number | null;
  orderId: string | null;
  /** The indicator values and costs the strategy read. */
  inputs: Record<string, number>;
  /** The ML ensemble's calibrated probability of a win when it decided; null without a model. */
  mlProbability: number | null;
  /** Expected profit or loss after charges of an ordered entry (ml/expected.ts), paise; else null. */
  expectedPnlPaise: number | null;
}

interface DecisionOutcome {
  at: Date;
  kind: OutcomeKind;
  /** Return after charges, a fraction of the money put in (0.012 = 1.2%). */
  returnAfterCosts: number;
  pnlPaise: number;
}

export interface Decision extends NewDecision {
  id: number;
  /** Null until the position it opened was closed (or its order cancelled). */
  outcome: DecisionOutcome | null;
}

interface DecisionQuery {
  account: DecisionAccount;
  /** IST trading days, inclusive. */
  fromDay?: string;
  toDay?: string;
  /** At most this many, newest first. */
  limit: number;
}

export interface DecisionLog {
  /** Writes the decision; returns its id. */
  record(decision: NewDecision): Promise<number>;
  /**
   * Writes what came of a decision. Throws when no decision has the id, or when it already has an
   * outcome (an outcome is written once).
   */
  recordOutcome(id: number, outcome: DecisionOutcome): Promise<void>;
  /** The account's decisions, newest first (by decision time, then id). */
  list(query: DecisionQuery): Promise<Decision[]>;
  /** The account's decisions that placed an order and have no outcome yet, oldest first. */
  open(account: DecisionAccount): Promise<Decision[]>;
  /** The decisions with these ids (any account), in no particular order. */
  byIds(ids: readonly number[]): Promise<Decision[]>;
}

type Row = typeof schema.decisions.$inferSelect;

function toDecision(row: Row): Decision {
  const outcome =
    row.outcomeAt && row.outcomeKind
      ? {
          at: row.outcomeAt,
          kind: row.outcomeKind as OutcomeKind,
          returnAfterCosts: row.outcomeReturn ?? 0,
          pnlPaise: row.outcomePnlPaise ?? 0,
        }
      : null;
  return {
    id: row.id,
    decidedAt: row.decidedAt,
    tradingDay: row.tradingDay,
    account: row.account as DecisionAccount,
    source: row.source as DecisionSource,
    symbol: row.symbol,
    strategy: row.strategy,
    strategyVersion: row.strategyVersion,
    signal: row.signal as NewDecision['signal'],
    action: row.action as DecisionAction,
    reason: row.reason,
    confidence: row.confidence,
    pricePaise: row.pricePaise,
    targetPaise: row.targetPaise,
    stopPaise: row.stopPaise,
    horizonDays: row.horizonDays,
    quantity: row.quantity,
    orderId: row.orderId,
    inputs: (row.inputs ?? {}) as Record<string, number>,
    mlProbability: row.mlProbability,
    expectedPnlPaise: row.expectedPnlPaise,
    outcome,
  };
}

const isPaise = (x: number | null) => x === null || Number.isSafeInteger(x);

export function createDecisionLog(db: Db): DecisionLog {
  const d = schema.decisions;
  return {
    async record(decision) {
      if (!(decision.confidence >= 0 && decision.confidence <= 1))
        throw new RangeError(`confidence must be 0-1: ${decision.confidence}`);
      if (![decision.pricePaise, decision.targetPaise, decision.stopPaise].every(isPaise))
        throw new RangeError('prices must be integer paise');
      const [row] = await db
        .insert(d)
        .values({ ...decision, inputs: decision.inputs })
        .returning({ id: d.id });
      return row!.id;
    },

    async recordOutcome(id, outcome) {
      if (!Number.isSafeInteger(outcome.pnlPaise)) throw new RangeError('pnl must be integer paise');
      const updated = await db
        .update(d)
        .set({
          outcomeAt: outcome.at,
          outcomeKind: outcome.kind,
          outcomeReturn: outcome.returnAfterCosts,
          outcomePnlPaise: outcome.pnlPaise,
        })
        .where(and(eq(d.id, id), isNull(d.outcomeAt)))
        .returning({ id: d.id });
      if (updated.length === 0) {
        const [existing] = await db.select({ id: d.id }).from(d).where(eq(d.id, id));
        throw new Error(existing ? `decision ${id} already has an outcome` : `there is no decision ${id}`);
      }
    },

    async list({ account, fromDay, toDay, limit }) {
      const conditions: SQL[] = [eq(d.account, account)];
      if (fromDay) conditions.push(gte(d.tradingDay, fromDay));
      if (toDay) conditions.push(lte(d.tradingDay, toDay));
      const rows = await db
        .select()
        .from(d)
        .where(and(...conditions))
        .orderBy(desc(d.decidedAt), desc(d.id))
        .limit(Math.max(0, Math.floor(limit)));
      return rows.map(toDecision);
    },

    async open(account) {
      const rows = await db
        .select()
        .from(d)
        .where(and(eq(d.account, account), isNotNull(d.orderId), isNull(d.outcomeAt)))
        .orderBy(asc(d.decidedAt), asc(d.id));
      return rows.map(toDecision);
    },

    async byIds(ids) {
      if (ids.length === 0) return [];
      const rows = await db
        .select()
        .from(d)
        .where(inArray(d.id, [...ids]));
      return rows.map(toDecision);
    },
  };
}
