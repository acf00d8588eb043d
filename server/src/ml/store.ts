/**
 * What the learner keeps in the database, so every process on it and every restart sees the same:
 * model versions (`schema.mlModels`: each full training or accepted online update is a new
 * version, the serial numbering them), the prediction log (`schema.predictions`: one prediction
 * per stock and trading day, the first, with its features, its explanation and, once known, its
 * outcome; and each automated entry no model scored, without a model version, a probability or an
 * explanation) and the learning events (`schema.mlEvents`).
 *
 * Rows read back from JSON columns are parsed with zod: a row this code did not write is refused
 * loudly rather than misread.
 */
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  notExists,
  sql,
  type SQL,
} from 'drizzle-orm';
import { z } from 'zod';
import { schema, type Db } from '../db/index.js';
import type { LearningEvent, PredictionRecord } from './audit.js';
import { ModelSkillSchema, type ModelSkill } from './skill.js';

type ModelKind = 'full' | 'online';

export interface ModelMetrics {
  samples: number;
  /** Share of right calls (probability ≥ 0.5 as a win) out of sample. */
  accuracy: number;
  logLoss: number;
  brier: number;
  perModel: Record<string, { accuracy: number }>;
  /**
   * Out of sample, measured at the full training the version comes from (skill.ts); absent in
   * versions stored before it was measured (the learner neither predicts with them nor keeps them).
   */
  skill?: ModelSkill;
}

export interface StoredModel {
  version: number;
  trainedAt: Date;
  kind: ModelKind;
  samples: number;
  weights: Record<string, number>;
  metrics: ModelMetrics;
  /** The serialised ensemble and calibration (ml/model.ts reads it). */
  state: unknown;
}

const Metrics = z.object({
  samples: z.number().int().nonnegative(),
  accuracy: z.number(),
  logLoss: z.number(),
  brier: z.number(),
  perModel: z.record(z.string(), z.object({ accuracy: z.number() })),
  skill: ModelSkillSchema.optional(),
});
const Weights = z.record(z.string(), z.number());

/** What a prediction stores beside its probability: the raw figures and the explanation. */
const PredictionDetail = z.object({
  raw_probability: z.number(),
  per_model: z.record(z.string(), z.number()),
  explanation: z.object({
    linear: z.array(z.object({ feature: z.string(), value: z.number(), contribution: z.number() })),
    local_surrogate: z.array(z.object({ feature: z.string(), value: z.number(), contribution: z.number() })),
  }),
});
type PredictionDetail = z.infer<typeof PredictionDetail>;

export interface NewPrediction {
  predictedAt: Date;
  tradingDay: string;
  symbol: string;
  strategy: string;
  horizonDays: number;
  entryPaise: number;
  targetPaise: number;
  stopPaise: number;
  /** Null for an automated entry no model scored (then so are `probability` and `detail`). */
  modelVersion: number | null;
  /** Calibrated. */
  probability: number | null;
  features: Record<string, number>;
  detail: PredictionDetail | null;
  /** The decision it informed, when known as it is logged. */
  decisionId?: number;
}

export interface StoredPrediction extends PredictionRecord {
  id: number;
  decisionId: number | null;
  horizonDays: number;
  entryPaise: number;
  targetPaise: number;
  stopPaise: number;
  /** Null when no model scored it. */
  detail: PredictionDetail | null;
}

type EventKind = LearningEvent['kind'];

const Features = z.record(z.string(), z.number());

type PredictionRow = typeof schema.predictions.$inferSelect;

function toPrediction(row: PredictionRow): StoredPrediction {
  return {
    id: row.id,
    predictedAt: row.predictedAt,
    tradingDay: row.tradingDay,
    symbol: row.symbol,
    strategy: row.strategy,
    probability: row.probability,
    features: Features.parse(row.features),
    won: row.won,
    outcomeReturn: row.outcomeReturn,
    outcomeAt: row.outcomeAt,
    modelVersion: row.modelVersion,
    decisionId: row.decisionId,
    horizonDays: row.horizonDays,
    entryPaise: row.entryPaise,
    targetPaise: row.targetPaise,
    stopPaise: row.stopPaise,
    detail: row.modelVersion === null ? null : PredictionDetail.parse(row.contributions),
  };
}

export function createMlStore(db: Db) {
  const m = schema.mlModels;
  const p = schema.predictions;
  const e = schema.mlEvents;

  function toModel(row: typeof m.$inferSelect): StoredModel {
    return {
      version: row.version,
      trainedAt: row.trainedAt,
      kind: row.kind === 'online' ? 'online' : 'full',
      samples: row.samples,
      weights: Weights.parse(row.weights),
      metrics: Metrics.parse(row.metrics),
      state: row.state,
    };
  }

  return {
    /** The newest model version, or null before the first training. */
    async latestModel(): Promise<StoredModel | null> {
      const [row] = await db.select().from(m).orderBy(desc(m.version)).limit(1);
      return row ? toModel(row) : null;
    },

    /** Versions newest first, without their (large) state. */
    async modelHistory(limit: number): Promise<Omit<StoredModel, 'state'>[]> {
      const rows = await db
        .select({
          version: m.version,
          trainedAt: m.trainedAt,
          kind: m.kind,
          samples: m.samples,
          weights: m.weights,
          metrics: m.metrics,
        })
        .from(m)
        .orderBy(desc(m.version))
        .limit(limit);
      return rows.map((row) => {
        const { state: _state, ...rest } = toModel({ ...row, state: null });
        return rest;
      });
    },

    /** Stores a new version; returns its number. */
    async saveModel(model: Omit<StoredModel, 'version'>): Promise<number> {
      const [row] = await db
        .insert(m)
        .values({
          trainedAt: model.trainedAt,
          kind: model.kind,
          samples: model.samples,
          weights: model.weights,
          metrics: model.metrics,
          state: model.state,
        })
        .returning({ version: m.version });
      return row!.version;
    },

    /** Logs the predictions of stocks not predicted that day yet; returns how many were new. */
    async logPredictions(predictions: readonly NewPrediction[]): Promise<number> {
      if (predictions.length === 0) return 0;
      const rows = await db
        .insert(p)
        .values(
          predictions.map((x) => ({
            predictedAt: x.predictedAt,
            tradingDay: x.tradingDay,
            symbol: x.symbol,
            strategy: x.strategy,
            horizonDays: x.horizonDays,
            entryPaise: x.entryPaise,
            targetPaise: x.targetPaise,
            stopPaise: x.stopPaise,
            modelVersion: x.modelVersion,
            probability: x.probability,
            features: x.features,
            // An entry no model scored has no explanation.
            contributions: x.detail ?? {},
            decisionId: x.decisionId ?? null,
          })),
        )
        .onConflictDoNothing({ target: [p.tradingDay, p.symbol] })
        .returning({ id: p.id });
      return rows.length;
    },

    /** The day's logged prediction of a stock, or null. */
    async predictionOf(tradingDay: string, symbol: string): Promise<StoredPrediction | null> {
      const [row] = await db
        .select()
        .from(p)
        .where(and(eq(p.tradingDay, tradingDay), eq(p.symbol, symbol)));
      return row ? toPrediction(row) : null;
    },

    /** Ties the day's prediction of a stock to the decision it informed. */
    async linkDecision(tradingDay: string, symbol: string, decisionId: number): Promise<void> {
      await db
        .update(p)
        .set({ decisionId })
        .where(and(eq(p.tradingDay, tradingDay), eq(p.symbol, symbol), isNull(p.decisionId)));
    },

    /**
     * The automation's entries (decisions it ordered) that no row of the log is tied to, oldest
     * first: the ones no model scored when they were decided (ml/service.ts adds them).
     */
    async entriesWithoutPrediction(limit: number): Promise<number[]> {
      const d = schema.decisions;
      const rows = await db
        .select({ id: d.id })
        .from(d)
        .where(
          and(
            eq(d.source, 'automation'),
            eq(d.action, 'ordered'),
            notExists(db.select({ id: p.id }).from(p).where(eq(p.decisionId, d.id))),
          ),
        )
        .orderBy(asc(d.id))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /**
     * What the automation's entries made: each row tied to a decision whose position was closed
     * (not a cancelled order), with the decision's return after charges, made at or after `since`;
     * oldest first.
     */
    async decidedOutcomes(since: Date): Promise<Array<StoredPrediction & { returnAfterCosts: number }>> {
      const d = schema.decisions;
      const rows = await db
        .select({ prediction: p, returnAfterCosts: d.outcomeReturn })
        .from(p)
        .innerJoin(d, eq(d.id, p.decisionId))
        .where(
          and(
            gte(p.predictedAt, since),
            isNotNull(d.outcomeAt),
            ne(d.outcomeKind, 'cancelled'),
            isNotNull(d.outcomeReturn),
          ),
        )
        .orderBy(asc(p.predictedAt), asc(p.id));
      return rows.map((row) => ({
        ...toPrediction(row.prediction),
        returnAfterCosts: row.returnAfterCosts!,
      }));
    },

    /** Predictions without an outcome, oldest first. */
    async openPredictions(limit: number): Promise<StoredPrediction[]> {
      const rows = await db.select().from(p).where(isNull(p.outcomeAt)).orderBy(asc(p.id)).limit(limit);
      return rows.map(toPrediction);
    },

    /** Writes an outcome once (a prediction already resolved is left as it is). */
    async resolve(id: number, outcome: { at: Date; won: boolean; outcomeReturn: number }): Promise<boolean> {
      const rows = await db
        .update(p)
        .set({ outcomeAt: outcome.at, won: outcome.won, outcomeReturn: outcome.outcomeReturn })
        .where(and(eq(p.id, id), isNull(p.outcomeAt)))
        .returning({ id: p.id });
      return rows.length > 0;
    },

    /** Every stored prediction predicted at or after `since` (all without it), oldest first. */
    async predictions(since?: Date): Promise<StoredPrediction[]> {
      const rows = await db
        .select()
        .from(p)
        .where(since ? gte(p.predictedAt, since) : undefined)
        .orderBy(asc(p.predictedAt), asc(p.id));
      return rows.map(toPrediction);
    },

    /** Resolved predictions whose outcome came at or after `since`, oldest outcome first. */
    async resolvedSince(since: Date): Promise<StoredPrediction[]> {
      const rows = await db
        .select()
        .from(p)
        .where(gte(p.outcomeAt, since))
        .orderBy(asc(p.outcomeAt), asc(p.id));
      return rows.map(toPrediction);
    },

    /** Deletes predictions made before `before`; returns how many. */
    async prune(before: Date): Promise<number> {
      const rows = await db.delete(p).where(lt(p.predictedAt, before)).returning({ id: p.id });
      return rows.length;
    },

    async recordEvent(event: LearningEvent): Promise<void> {
      await db.insert(e).values(event);
    },

    /** Events at or after `since` (all without it), oldest first. */
    async events(since?: Date): Promise<LearningEvent[]> {
      const rows = await db
        .select()
        .from(e)
        .where(since ? gte(e.at, since) : undefined)
        .orderBy(asc(e.at), asc(e.id));
      return rows.map((row) => ({
        at: row.at,
        kind: row.kind as EventKind,
        improved: row.improved,
        detail: z.record(z.string(), z.unknown()).parse(row.detail),
      }));
    },

    async countEvents(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(e);
      return row?.n ?? 0;
    },

    /** Predictions pruned in all (the prune events' counts). */
    async prunedTotal(): Promise<number> {
      const [row] = await db
        .select({ n: sql<string>`coalesce(sum((${e.detail}->>'removed')::int), 0)` })
        .from(e)
        .where(eq(e.kind, 'prune'));
      return Number(row?.n ?? 0);
    },

    /** The latest drift or recovery event: drift is in force while the latest is a drift. */
    async driftInForce(): Promise<LearningEvent | null> {
      return driftInForce(db);
    },

    /** Predictions by id, for the decisions that reference them. */
    async predictionsOfDecisions(decisionIds: readonly number[]): Promise<StoredPrediction[]> {
      if (decisionIds.length === 0) return [];
      const rows = await db
        .select()
        .from(p)
        .where(inArray(p.decisionId, [...decisionIds]));
      return rows.map(toPrediction);
    },
  };
}

/**
 * Whether ML drift is in force (the latest of the drift and recovery events is a drift), as a
 * boolean column of a select: read alone (`driftIsInForce`) or with other reads in one statement.
 */
export const driftInForceColumn: SQL = sql`coalesce((select ${schema.mlEvents.kind} = ${'drift'}
  from ${schema.mlEvents} where ${inArray(schema.mlEvents.kind, ['drift', 'recovered'])}
  order by ${schema.mlEvents.at} desc, ${schema.mlEvents.id} desc limit 1), false)`;

/** Whether ML drift is in force, read from the database at every check (every process sees it). */
export async function driftIsInForce(db: Db): Promise<boolean> {
  const result = await db.execute(sql`select ${driftInForceColumn} as drift`);
  return z.boolean().parse((result as unknown as { rows: Array<{ drift: unknown }> }).rows[0]!.drift);
}

/**
 * The drift event in force, or null: the latest of the drift and recovery events, when it is a
 * drift. Read from the database at every check, so every process steps the phase down together.
 */
async function driftInForce(db: Db): Promise<LearningEvent | null> {
  const e = schema.mlEvents;
  const [row] = await db
    .select()
    .from(e)
    .where(inArray(e.kind, ['drift', 'recovered']))
    .orderBy(desc(e.at), desc(e.id))
    .limit(1);
  if (!row || row.kind !== 'drift') return null;
  return {
    at: row.at,
    kind: 'drift',
    improved: null,
    detail: z.record(z.string(), z.unknown()).parse(row.detail),
  };
}
