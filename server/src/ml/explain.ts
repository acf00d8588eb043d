/**
 * Explanations of a prediction, pure. The three methods the issue names:
 * - exact contributions of the logistic model: its log-odds are the intercept plus, per feature,
 *   coefficient × standardised value, so the contributions add up to the model's answer exactly;
 * - permutation importance of any predictor (the ensemble) on a labelled validation set: how much
 *   the Brier score worsens when one feature's column is shuffled, averaged over seeded shuffles;
 * - a local surrogate of any predictor around one row (LIME-style): a weighted linear fit of its
 *   answers on seeded perturbations of the row, read as slope × the row's standard score.
 */
import { RandomStream } from '../market/random.js';
import { Matrix, solve } from 'ml-matrix';
import type { Ensemble } from './ensemble.js';
import { standardise, type Standardiser } from './features.js';

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
  const random = new RandomStream(seed);
  const next = () => random.uniform();
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

export interface SurrogateOptions {
  /** Perturbed samples. Default 200. */
  samples?: number;
  /** Seed of the perturbations (32-bit integer). Default 1. */
  seed?: number;
  /** Width of the exponential kernel, in standard units. Default 0.75 · √(features). */
  kernelWidth?: number;
  /** Ridge penalty on the slopes (not the intercept). Default 1e-3. */
  lambda?: number;
}

/**
 * A local linear surrogate of `predict` around `row`: `samples` perturbations z = z₀ + ε of the
 * row's standard scores z₀, ε standard normal per feature (seeded: Box-Muller on mulberry32), each
 * mapped back to raw values (mean + z · std) and predicted; sample weights exp(−‖ε‖² / width²);
 * a weighted ridge regression (intercept unpenalised) of the predictions on z. Returns, per
 * feature in the row's order, its contribution: slope (the change of the prediction per standard
 * deviation near the row) × the row's standard score. Deterministic for a seed. On a predictor
 * linear in the features the slopes are its coefficients × stds.
 */
export function localSurrogate(
  predict: (row: readonly number[]) => number,
  row: readonly number[],
  standardiser: Standardiser,
  options: SurrogateOptions = {},
): number[] {
  const width = row.length;
  const { samples = 200, seed = 1, kernelWidth = 0.75 * Math.sqrt(width), lambda = 1e-3 } = options;
  if (!(Number.isInteger(samples) && samples > width)) {
    throw new RangeError(`a surrogate of ${width} features needs more than ${width} samples`);
  }
  if (!(kernelWidth > 0)) throw new RangeError('the kernel width must be positive');
  const z0 = standardise(standardiser, row);
  const random = new RandomStream(seed);
  const normal = () => random.normal();
  const design: number[][] = [];
  const weights: number[] = [];
  const answers: number[] = [];
  for (let i = 0; i < samples; i++) {
    const noise = z0.map(() => normal());
    const z = z0.map((value, j) => value + noise[j]!);
    design.push([1, ...z]);
    weights.push(Math.exp(-noise.reduce((s, e) => s + e * e, 0) / kernelWidth ** 2));
    answers.push(predict(z.map((value, j) => standardiser.means[j]! + value * standardiser.stds[j]!)));
  }
  // (Xᵀ W X + λ I′) β = Xᵀ W y, I′ the identity without the intercept's entry
  const x = new Matrix(design);
  const xtw = x.transpose().mulRowVector(weights);
  const lhs = xtw.mmul(x);
  for (let j = 1; j <= width; j++) lhs.set(j, j, lhs.get(j, j) + lambda);
  const beta = solve(lhs, xtw.mmul(Matrix.columnVector(answers))).getColumn(0);
  return beta.slice(1).map((slope, j) => slope * z0[j]!);
}
