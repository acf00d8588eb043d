/**
 * A stored model version ready to predict, pure: the ensemble, its calibration map, its
 * permutation importance (global, measured at training on the out-of-sample rows) and what it
 * was trained on. `explainedPrediction` scores one feature row and explains it by the three
 * methods (ml/explain.ts):
 * - linear: the logistic member's exact contributions to its log-odds;
 * - local_surrogate: a weighted linear fit of the ensemble's probability around the row;
 * - permutation: the ensemble's global importance (Brier score increase when the feature is
 *   shuffled), the same for every stock.
 *
 * Skill: a version carries its skill out of sample (skill.ts, measured at training); one without
 * skill says on every prediction that it cannot tell signals apart (`noSkillSentence`), and
 * research's allocator then keeps each strategy's own confidence. A day's signals the calibration
 * gives one probability (COLLAPSE_MIN_SIGNALS or more, raw scores apart) say so too
 * (`collapsedSignals`). A version stored before skill was measured is not loaded.
 *
 * News: history carries no headlines, so a model trained without news (its news-missing flag was
 * constant at training) is given news as missing at prediction too: it would otherwise read a
 * value it never learned from as a far-off point.
 */
import { z } from 'zod';
import type { ModelSkill as ModelSkillView, SignalPrediction } from '@nivesh/api-contract';
import { calibrate, IsotonicSchema, type IsotonicCalibration } from './calibration.js';
import { Ensemble, type PerModel } from './ensemble.js';
import { localSurrogate, logisticContributions } from './explain.js';
import { FEATURE_NAMES } from './features.js';
import type { ModelSkill } from './skill.js';
import type { StoredModel } from './store.js';

/** Contributions each method lists, largest first. */
const TOP_FEATURES = 5;

/** What `state` of a stored model holds. */
export const ModelState = z.object({
  ensemble: z.unknown(),
  calibration: IsotonicSchema,
  /** Per feature (FEATURE_NAMES order), the Brier score increase when it is shuffled. */
  permutation: z.array(z.number()).length(FEATURE_NAMES.length),
  /** Per strategy id, the refinement added to its calibrated probabilities (service.ts). */
  strategyOffsets: z.record(z.string(), z.number()).optional(),
});
export type ModelState = z.infer<typeof ModelState>;

export interface LoadedModel {
  version: number;
  trainedAt: Date;
  ensemble: Ensemble;
  calibration: IsotonicCalibration;
  permutation: number[];
  /** Whether news sentiment varied in the training rows. */
  sawNews: boolean;
  /** Out of sample, measured at the full training it comes from (skill.ts). */
  skill: ModelSkill;
}

const NEWS_MISSING = FEATURE_NAMES.indexOf('news_sentiment_missing');
const NEWS = FEATURE_NAMES.indexOf('news_sentiment');

/**
 * A stored version ready to predict. Throws for a version stored before its skill was measured
 * (its calibration may map to 0 or 1): `predictsWith` says which versions load.
 */
export function loadModel(
  stored: Pick<StoredModel, 'version' | 'trainedAt' | 'state' | 'metrics'>,
): LoadedModel {
  const { skill } = stored.metrics;
  if (!skill) throw new Error(`model v${stored.version} was stored before its skill was measured`);
  const state = ModelState.parse(stored.state);
  const ensemble = Ensemble.fromJSON(state.ensemble);
  const { means } = ensemble.standardiser;
  return {
    version: stored.version,
    trainedAt: stored.trainedAt,
    ensemble,
    calibration: state.calibration,
    permutation: state.permutation,
    // A constant flag has mean exactly 0 or 1 over the training rows.
    sawNews: means[NEWS_MISSING]! > 0 && means[NEWS_MISSING]! < 1,
    skill,
  };
}

/** Whether the learner predicts with a stored version: one whose skill was measured at training. */
export const predictsWith = (stored: Pick<StoredModel, 'metrics'>): boolean =>
  stored.metrics.skill !== undefined;

/** The skill as the contract reads it. */
export function skillView(skill: ModelSkill): ModelSkillView {
  return {
    auc: skill.auc,
    auc_needed: skill.aucNeeded,
    brier_skill: skill.brierSkill,
    base_rate: skill.baseRate,
    samples: skill.samples,
    has_skill: skill.hasSkill,
  };
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/**
 * Why a model without skill cannot tell signals apart, in a sentence (with what the allocator does
 * then); null for a model with skill.
 */
function noSkillSentence(version: number, skill: ModelSkill): string | null {
  if (skill.hasSkill) return null;
  const head = `Model v${version} cannot tell signals apart`;
  const tail = "; the allocator uses each strategy's own confidence.";
  if (skill.auc === null || skill.aucNeeded === null)
    return `${head}: its held-out signals all won or all lost, so its ranking could not be measured${tail}`;
  if (skill.auc <= skill.aucNeeded)
    return (
      `${head}: its out-of-sample AUC is ${skill.auc.toFixed(2)}, not clearly above chance ` +
      `(${skill.aucNeeded.toFixed(2)} needed on ${skill.samples.toLocaleString('en-IN')} held-out signals)${tail}`
    );
  return (
    `${head}: out of sample its calibrated probabilities did no better than the ${pct(skill.baseRate)} base rate ` +
    `(Brier skill ${pct(skill.brierSkill ?? 0)})${tail}`
  );
}

/** A day's signals give "many" the same probability from this many on. */
const COLLAPSE_MIN_SIGNALS = 3;

/** One scored signal of a day: its symbol, raw probability and calibrated (step) probability. */
interface DayScore {
  symbol: string;
  raw: number;
  calibrated: number;
}

/**
 * Of a day's scored signals, those the calibration cannot tell apart: COLLAPSE_MIN_SIGNALS or more
 * with different raw probabilities given the same calibrated probability (one step). By symbol, a
 * sentence saying so.
 */
export function collapsedSignals(version: number, scores: readonly DayScore[]): Map<string, string> {
  const out = new Map<string, string>();
  const bySteps = new Map<number, DayScore[]>();
  for (const s of scores) bySteps.set(s.calibrated, [...(bySteps.get(s.calibrated) ?? []), s]);
  for (const [calibrated, group] of bySteps) {
    const raws = group.map((s) => s.raw);
    const low = Math.min(...raws);
    const high = Math.max(...raws);
    if (group.length < COLLAPSE_MIN_SIGNALS || low === high) continue;
    const sentence =
      `Model v${version} gives ${group.length} of the day's ${scores.length} scored BUY signals the same ` +
      `${pct(calibrated)} (raw ${pct(low)} to ${pct(high)}): it cannot tell them apart.`;
    for (const s of group) out.set(s.symbol, sentence);
  }
  return out;
}

/** The row as this model reads it (news as missing for a model that never saw news). */
function modelRow(model: LoadedModel, row: readonly number[]): number[] {
  if (model.sawNews) return [...row];
  return row.map((value, j) => (j === NEWS_MISSING ? 1 : j === NEWS ? 0 : value));
}

export interface ExplainedPrediction {
  prediction: SignalPrediction;
  perModel: PerModel;
}

const byMagnitude = (a: { contribution: number }, b: { contribution: number }) =>
  Math.abs(b.contribution) - Math.abs(a.contribution);

function top(values: readonly number[], row: readonly number[]) {
  return values
    .map((contribution, j) => ({ feature: FEATURE_NAMES[j]!, value: row[j]!, contribution }))
    .filter((c) => Number.isFinite(c.contribution) && c.contribution !== 0)
    .sort(byMagnitude)
    .slice(0, TOP_FEATURES);
}

/** The calibrated probability of a win after charges for one feature row, explained three ways. */
export function explainedPrediction(model: LoadedModel, rawRow: readonly number[]): ExplainedPrediction {
  const row = modelRow(model, rawRow);
  const { probability: raw, perModel } = model.ensemble.predict(row);
  const probability = calibrate(model.calibration, raw);
  const linear = logisticContributions(model.ensemble, row).contributions;
  const surrogate = localSurrogate(
    (r) => model.ensemble.predict(r).probability,
    row,
    model.ensemble.standardiser,
    {
      seed: 7,
    },
  );
  return {
    prediction: {
      probability,
      raw_probability: clamp01(raw),
      model_version: `v${model.version}`,
      skill: skillView(model.skill),
      cannot_tell_apart: noSkillSentence(model.version, model.skill),
      explanation: {
        linear: top(linear, rawRow),
        local_surrogate: top(surrogate, rawRow),
        permutation: top(model.permutation, rawRow),
      },
    },
    perModel,
  };
}

const clamp01 = (x: number) => Math.min(1, Math.max(0, x));
