/**
 * The model's skill out of sample, pure: whether its probabilities tell a winning signal from a
 * losing one better than chance, measured on the walk-forward's held-out predictions (every one
 * made by a model fitted on earlier rows only, walkForward.ts) when a version is trained.
 *
 * - AUC (area under the ROC curve) of the raw ensemble probabilities: the chance that a random
 *   winner was ranked above a random loser (ties count half; the Mann-Whitney statistic). 0.5 is a
 *   coin's ranking.
 * - Clearly above chance: the AUC exceeds 0.5 by more than 1.645 of its standard errors under "no
 *   better than chance" (√((wins + losses + 1) / (12 × wins × losses)), Mann-Whitney's normal
 *   approximation): a one-sided test at 5%. `aucNeeded` is that bar.
 * - Brier skill score of the calibrated probabilities: 1 − Brier / Brier of always predicting the
 *   base rate (base × (1 − base), the base rate of the same held-out outcomes). Above 0, the
 *   probabilities the allocator would read beat the base rate. The calibration is fitted out of
 *   sample too: each held-out fold is calibrated by a map (calibration.ts fitIsotonic) fitted on
 *   the folds before it, so the first fold is not scored.
 * - The model has skill when its AUC is clearly above chance and, where measured, its Brier skill
 *   is above 0. A model without skill cannot tell signals apart: the research pages say so on each
 *   of its predictions, and the allocator takes each strategy's own confidence instead of its
 *   probability (research/service.ts withMlConfidence).
 */
import { z } from 'zod';
import { brierScore, calibrate, fitIsotonic } from './calibration.js';

/** One-sided 5% point of the standard normal distribution. */
const Z_95_ONE_SIDED = 1.645;

export interface ModelSkill {
  /** AUC of the held-out raw probabilities; null when the outcomes were all wins or all losses. */
  auc: number | null;
  /** The AUC above which the ranking is clearly better than chance; null with `auc`. */
  aucNeeded: number | null;
  /** Brier skill score of the out-of-sample calibrated probabilities; null when none could be scored. */
  brierSkill: number | null;
  /** Share of the held-out predictions that won. */
  baseRate: number;
  /** Held-out predictions the AUC is measured on. */
  samples: number;
  hasSkill: boolean;
}

/** A stored skill, as read back (model metrics, the training worker's answer). */
export const ModelSkillSchema = z.object({
  auc: z.number().min(0).max(1).nullable(),
  aucNeeded: z.number().min(0).max(1).nullable(),
  brierSkill: z.number().max(1).nullable(),
  baseRate: z.number().min(0).max(1),
  samples: z.number().int().nonnegative(),
  hasSkill: z.boolean(),
}) satisfies z.ZodType<ModelSkill>;

/** Mann-Whitney AUC of `scores` for the `outcomes` (1 a win); null without both a win and a loss. */
export function rocAuc(scores: readonly number[], outcomes: readonly number[]): number | null {
  if (scores.length !== outcomes.length)
    throw new RangeError('scores and outcomes must have the same length');
  const wins = outcomes.filter((y) => y === 1).length;
  const losses = outcomes.length - wins;
  if (wins === 0 || losses === 0) return null;
  const order = scores
    .map((score, i) => ({ score, won: outcomes[i] === 1 }))
    .sort((a, b) => a.score - b.score);
  // Ranks 1..n, tied scores sharing the mean of their ranks.
  let winRanks = 0;
  for (let i = 0; i < order.length;) {
    let j = i;
    while (j + 1 < order.length && order[j + 1]!.score === order[i]!.score) j++;
    const rank = (i + 1 + (j + 1)) / 2;
    for (let k = i; k <= j; k++) if (order[k]!.won) winRanks += rank;
    i = j + 1;
  }
  return (winRanks - (wins * (wins + 1)) / 2) / (wins * losses);
}

/** The AUC a ranking of `wins` and `losses` must exceed to be clearly better than chance. */
export function aucNeeded(wins: number, losses: number): number {
  if (!(wins > 0 && losses > 0)) throw new RangeError('the bar needs both a win and a loss');
  return 0.5 + Z_95_ONE_SIDED * Math.sqrt((wins + losses + 1) / (12 * wins * losses));
}

/** 1 − Brier / (base × (1 − base)); null when the outcomes are all wins or all losses, or none. */
export function brierSkillScore(predictions: readonly number[], outcomes: readonly number[]): number | null {
  if (outcomes.length === 0) return null;
  const base = outcomes.reduce((sum, y) => sum + y, 0) / outcomes.length;
  const reference = base * (1 - base);
  if (reference === 0) return null;
  return 1 - brierScore(predictions, outcomes) / reference;
}

/** A held-out prediction of the walk-forward: its fold, raw probability and outcome. */
export interface HeldOut {
  fold: number;
  probability: number;
  label: number;
}

/** The skill of the held-out predictions (see the module comment). */
export function outOfSampleSkill(heldOut: readonly HeldOut[]): ModelSkill {
  const outcomes = heldOut.map((p) => p.label);
  const wins = outcomes.filter((y) => y === 1).length;
  const auc = rocAuc(
    heldOut.map((p) => p.probability),
    outcomes,
  );
  const needed = auc === null ? null : aucNeeded(wins, heldOut.length - wins);
  const folds = [...new Set(heldOut.map((p) => p.fold))].sort((a, b) => a - b);
  const calibrated: number[] = [];
  const calibratedOutcomes: number[] = [];
  for (const fold of folds.slice(1)) {
    const before = heldOut.filter((p) => p.fold < fold);
    const map = fitIsotonic(
      before.map((p) => p.probability),
      before.map((p) => p.label),
    );
    for (const p of heldOut) {
      if (p.fold !== fold) continue;
      calibrated.push(calibrate(map, p.probability));
      calibratedOutcomes.push(p.label);
    }
  }
  const brierSkill = brierSkillScore(calibrated, calibratedOutcomes);
  return {
    auc,
    aucNeeded: needed,
    brierSkill,
    baseRate: heldOut.length ? wins / heldOut.length : 0,
    samples: heldOut.length,
    hasSkill: auc !== null && needed !== null && auc > needed && (brierSkill === null || brierSkill > 0),
  };
}
