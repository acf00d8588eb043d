/**
 * Explanations of a prediction, pure. Two of the three methods the issue names (the local
 * surrogate is not built yet):
 * - exact contributions of the logistic model: its log-odds are the intercept plus, per feature,
 *   coefficient × standardised value, so the contributions add up to the model's answer exactly;
 * - permutation importance of any predictor (the ensemble) on a labelled validation set: how much
 *   the Brier score worsens when one feature's column is shuffled, averaged over seeded shuffles.
 */
import type { Ensemble } from './ensemble.js';
import { standardise } from './features.js';

export interface LogisticExplanation {
  intercept: number;
  /** coefficient × standardised value, per feature in the row's order. */
  contributions: number[];
  /** intercept + Σ contributions. */
  logOdds: number;
  /** 1 / (1 + e^−logOdds): the logistic model's probability. */
  probability: number;
}

export function logisticContributions(ensemble: Ensemble, row: readonly number[]): LogisticExplanation {
  const { coefficients, intercept } = ensemble.logisticCoefficients();
  const z = standardise(ensemble.standardiser, row);
  const contributions = z.map((value, j) => coefficients[j]! * value);
  const logOdds = contributions.reduce((sum, c) => sum + c, intercept);
  return { intercept, contributions, logOdds, probability: 1 / (1 + Math.exp(-logOdds)) };
}

/** A seeded uniform generator in [0, 1) (mulberry32). */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

function brier(
  predict: (row: readonly number[]) => number,
  rows: readonly (readonly number[])[],
  labels: readonly number[],
) {
  return rows.reduce((sum, row, i) => sum + (predict(row) - labels[i]!) ** 2, 0) / rows.length;
}

/**
 * Per feature, the mean increase of the Brier score over `repeats` (default 5) Fisher-Yates
 * shuffles of that feature's column (seeded, default 1): 0 for a feature the predictor ignores,
 * larger for one it leans on. Needs at least two labelled rows.
 */
export function permutationImportance(
  predict: (row: readonly number[]) => number,
  rows: readonly (readonly number[])[],
  labels: readonly number[],
  options: { repeats?: number; seed?: number } = {},
): number[] {
  const { repeats = 5, seed = 1 } = options;
  if (rows.length < 2 || rows.length !== labels.length)
    throw new RangeError('permutation needs at least two labelled rows');
  const next = generator(seed);
  const base = brier(predict, rows, labels);
  const width = rows[0]!.length;
  return Array.from({ length: width }, (_, j) => {
    let total = 0;
    for (let r = 0; r < repeats; r++) {
      const column = rows.map((row) => row[j]!);
      for (let i = column.length - 1; i > 0; i--) {
        const k = Math.floor(next() * (i + 1));
        [column[i], column[k]] = [column[k]!, column[i]!];
      }
      const shuffled = rows.map((row, i) => row.map((value, c) => (c === j ? column[i]! : value)));
      total += brier(predict, shuffled, labels) - base;
    }
    return total / repeats;
  });
}
