/**
 * Calibration, pure: a predicted 70% should win about 70% of the time. Two maps fitted on
 * out-of-sample predictions and their outcomes (from the walk-forward): isotonic (pool adjacent
 * violators, with at least MIN_STEP_OUTCOMES outcomes a step and each step's rate shrunk toward
 * the base rate, so no value is 0 or 1) and Platt scaling (a logistic curve on the prediction's
 * log-odds, by Newton's method). Each fitted map is plain numbers (JSON).
 * Also the reliability table (win rate and accuracy by confidence bucket) and the Brier score.
 */
import { z } from 'zod';

function checkPairs(predictions: readonly number[], outcomes: readonly number[]): void {
  if (predictions.length !== outcomes.length)
    throw new RangeError('predictions and outcomes must have the same length');
  if (predictions.some((p) => !(p >= 0 && p <= 1)))
    throw new RangeError('predictions must be probabilities 0-1');
  if (outcomes.some((y) => y !== 0 && y !== 1)) throw new RangeError('outcomes must be 0 or 1');
}

/**
 * Least outcomes behind each step of the isotonic map. Pool adjacent violators alone ends with a
 * step for every run of wins among the top predictions, however short: a model once mapped every
 * raw score from 0.589 up to 100% on a handful of wins, and the allocator acts on certainty. A
 * rate of 50 outcomes has a standard error of at most 7 percentage points (0.5 / √50): a step is
 * at least that well measured.
 */
export const MIN_STEP_OUTCOMES = 50;

/**
 * Weight, in outcomes, of the prior each step's rate is shrunk toward: the base rate of all the
 * outcomes. A step of n outcomes with w wins maps to (w + PRIOR_OUTCOMES × base) / (n +
 * PRIOR_OUTCOMES), so no step is 0 or 1: one of 50 losses is at least 10 × base / 60.
 */
const PRIOR_OUTCOMES = 10;

/**
 * A non-decreasing step function: `values[i]` from `thresholds[i]` up to the next threshold (and
 * below the first threshold, `values[0]`); `counts[i]` outcomes behind step i; `baseRate` the
 * rate every step was shrunk toward.
 */
export interface IsotonicCalibration {
  kind: 'isotonic';
  thresholds: number[];
  values: number[];
  counts: number[];
  baseRate: number;
}

/** A stored isotonic map, as read back (model state, the training worker's answer). */
export const IsotonicSchema = z
  .object({
    kind: z.literal('isotonic'),
    thresholds: z.array(z.number().min(0).max(1)).min(1),
    values: z.array(z.number().gt(0).lt(1)).min(1),
    counts: z.array(z.number().int().positive()).min(1),
    baseRate: z.number().gt(0).lt(1),
  })
  .refine(
    (c) => c.values.length === c.thresholds.length && c.counts.length === c.thresholds.length,
    'one value and one count per threshold',
  );

export interface IsotonicOptions {
  /** Least outcomes per step (a positive integer). Default MIN_STEP_OUTCOMES. */
  minStepOutcomes?: number;
  /** Weight of the prior at the base rate (positive). Default PRIOR_OUTCOMES. */
  priorOutcomes?: number;
}

interface Block {
  from: number;
  wins: number;
  count: number;
}

/**
 * The isotonic calibration of `predictions` by their `outcomes`, in four steps:
 * 1. pool adjacent violators over the predictions in increasing order (tied predictions pooled
 *    first): the best non-decreasing step function in squared error;
 * 2. while a step holds fewer than `minStepOutcomes` outcomes, the smallest such step (the lowest
 *    of equals) is merged into the neighbour whose rate is nearer (the lower one on a tie); a
 *    merged rate lies between its parts', so the steps stay non-decreasing;
 * 3. each step's rate is shrunk toward the base rate: (wins + k × base) / (count + k), k =
 *    `priorOutcomes`, base = (all wins + 1) / (all outcomes + 2) (Laplace's rule, so it is never 0
 *    or 1 either), so every value lies strictly between 0 and 1;
 * 4. shrinking moves a small step further than a large one and can make a lower step's value the
 *    higher: adjacent steps out of order are merged again (pool adjacent violators on the shrunk
 *    values) until the values are non-decreasing.
 * With fewer outcomes than `minStepOutcomes` in all, the map is one step: the shrunk base rate.
 */
export function fitIsotonic(
  predictions: readonly number[],
  outcomes: readonly number[],
  options: IsotonicOptions = {},
): IsotonicCalibration {
  checkPairs(predictions, outcomes);
  if (predictions.length === 0) throw new RangeError('calibration needs at least one prediction');
  const { minStepOutcomes = MIN_STEP_OUTCOMES, priorOutcomes = PRIOR_OUTCOMES } = options;
  if (!Number.isInteger(minStepOutcomes) || minStepOutcomes < 1)
    throw new RangeError('minStepOutcomes must be a positive integer');
  if (!(priorOutcomes > 0) || !Number.isFinite(priorOutcomes))
    throw new RangeError('priorOutcomes must be positive');
  const order = predictions.map((p, i) => [p, outcomes[i]!] as const).sort((a, b) => a[0] - b[0]);
  const rate = (b: Block) => b.wins / b.count;

  // 1. pool adjacent violators
  const blocks: Block[] = [];
  for (const [p, y] of order) {
    const last = blocks[blocks.length - 1];
    if (last && last.from === p) {
      last.wins += y;
      last.count += 1;
    } else {
      blocks.push({ from: p, wins: y, count: 1 });
    }
    while (blocks.length > 1 && rate(blocks[blocks.length - 2]!) > rate(blocks[blocks.length - 1]!)) {
      const b = blocks.pop()!;
      const a = blocks[blocks.length - 1]!;
      a.wins += b.wins;
      a.count += b.count;
    }
  }

  // 2. every step holds at least minStepOutcomes outcomes
  const merge = (i: number, j: number) => {
    const [lo, hi] = i < j ? [i, j] : [j, i];
    blocks[lo]!.wins += blocks[hi]!.wins;
    blocks[lo]!.count += blocks[hi]!.count;
    blocks.splice(hi, 1);
  };
  while (blocks.length > 1) {
    let smallest = -1;
    blocks.forEach((b, i) => {
      if (b.count < minStepOutcomes && (smallest < 0 || b.count < blocks[smallest]!.count)) smallest = i;
    });
    if (smallest < 0) break;
    const here = rate(blocks[smallest]!);
    const left = blocks[smallest - 1];
    const right = blocks[smallest + 1];
    const toLeft = !right || (left !== undefined && here - rate(left) <= rate(right) - here);
    merge(smallest, toLeft ? smallest - 1 : smallest + 1);
  }

  // 3. shrink toward the base rate, 4. and keep the values in order
  const wins = outcomes.reduce((sum, y) => sum + y, 0);
  const baseRate = (wins + 1) / (outcomes.length + 2);
  const shrunk = (b: Block) => (b.wins + priorOutcomes * baseRate) / (b.count + priorOutcomes);
  const steps: Block[] = [];
  for (const block of blocks) {
    steps.push({ ...block });
    while (steps.length > 1 && shrunk(steps[steps.length - 2]!) > shrunk(steps[steps.length - 1]!)) {
      const b = steps.pop()!;
      const a = steps[steps.length - 1]!;
      a.wins += b.wins;
      a.count += b.count;
    }
  }
  return {
    kind: 'isotonic',
    thresholds: steps.map((b) => b.from),
    values: steps.map(shrunk),
    counts: steps.map((b) => b.count),
    baseRate,
  };
}

/** The index of the step of `calibration` a raw prediction `p` falls in. */
export function stepOf(calibration: IsotonicCalibration, p: number): number {
  const { thresholds } = calibration;
  let i = 0;
  while (i + 1 < thresholds.length && thresholds[i + 1]! <= p) i++;
  return i;
}

/**
 * The values step `i` of `calibration` could have taken with the same count and prior: all losses
 * to all wins, (k × base) / (count + k) to (count + k × base) / (count + k). Inside (0, 1): what
 * the step's evidence allows a later adjustment to reach.
 */
export function stepBounds(
  calibration: IsotonicCalibration,
  i: number,
  priorOutcomes = PRIOR_OUTCOMES,
): [number, number] {
  const count = calibration.counts[i];
  if (count === undefined) throw new RangeError(`the calibration has no step ${i}`);
  const prior = priorOutcomes * calibration.baseRate;
  return [prior / (count + priorOutcomes), (count + prior) / (count + priorOutcomes)];
}

/** Platt scaling: calibrated = 1 / (1 + e^−(a · logit(p) + b)). */
export interface PlattCalibration {
  kind: 'platt';
  a: number;
  b: number;
}

const EDGE = 1e-6;
const logit = (p: number) => {
  const q = Math.min(1 - EDGE, Math.max(EDGE, p));
  return Math.log(q / (1 - q));
};
const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/**
 * The maximum-likelihood (a, b), by Newton's method from (1, 0) (a small ridge of 1e-9 keeps the
 * step defined when the predictions are all alike); stops after 100 steps or a step below 1e-12.
 */
export function fitPlatt(predictions: readonly number[], outcomes: readonly number[]): PlattCalibration {
  checkPairs(predictions, outcomes);
  if (predictions.length === 0) throw new RangeError('calibration needs at least one prediction');
  const xs = predictions.map(logit);
  let a = 1;
  let b = 0;
  for (let step = 0; step < 100; step++) {
    let ga = 0;
    let gb = 0;
    let haa = 1e-9;
    let hab = 0;
    let hbb = 1e-9;
    xs.forEach((x, i) => {
      const p = sigmoid(a * x + b);
      const r = p - outcomes[i]!;
      const w = p * (1 - p);
      ga += r * x;
      gb += r;
      haa += w * x * x;
      hab += w * x;
      hbb += w;
    });
    const det = haa * hbb - hab * hab;
    const da = (hbb * ga - hab * gb) / det;
    const db = (haa * gb - hab * ga) / det;
    a -= da;
    b -= db;
    if (Math.abs(da) < 1e-12 && Math.abs(db) < 1e-12) break;
  }
  return { kind: 'platt', a, b };
}

export type Calibration = IsotonicCalibration | PlattCalibration;

/** The calibrated probability of a raw prediction `p`. */
export function calibrate(calibration: Calibration, p: number): number {
  if (calibration.kind === 'platt') return sigmoid(calibration.a * logit(p) + calibration.b);
  return calibration.values[stepOf(calibration, p)]!;
}

export interface ReliabilityBucket {
  /** The bucket covers predictions from `from` up to `to` (the last one includes 1). */
  from: number;
  to: number;
  count: number;
  /** Mean prediction in the bucket; null when empty. */
  meanPredicted: number | null;
  /** Share of the bucket's decisions that won: the figure a calibrated model's prediction matches. */
  winRate: number | null;
  /** Share called right (a win when the prediction is at least 0.5). */
  accuracy: number | null;
}

/** Predictions and outcomes by `buckets` equal-width confidence buckets over 0-1. */
export function reliability(
  predictions: readonly number[],
  outcomes: readonly number[],
  buckets: number,
): ReliabilityBucket[] {
  checkPairs(predictions, outcomes);
  if (!Number.isInteger(buckets) || buckets < 1) throw new RangeError('buckets must be a positive integer');
  const sums = Array.from({ length: buckets }, () => ({ count: 0, predicted: 0, wins: 0, right: 0 }));
  predictions.forEach((p, i) => {
    const y = outcomes[i]!;
    const s = sums[Math.min(buckets - 1, Math.floor(p * buckets))]!;
    s.count += 1;
    s.predicted += p;
    s.wins += y;
    s.right += (p >= 0.5 ? 1 : 0) === y ? 1 : 0;
  });
  return sums.map((s, i) => ({
    from: i / buckets,
    to: (i + 1) / buckets,
    count: s.count,
    meanPredicted: s.count ? s.predicted / s.count : null,
    winRate: s.count ? s.wins / s.count : null,
    accuracy: s.count ? s.right / s.count : null,
  }));
}

/** Mean squared difference between prediction and outcome (0 perfect; 0.25 for always 50%). */
export function brierScore(predictions: readonly number[], outcomes: readonly number[]): number {
  checkPairs(predictions, outcomes);
  if (predictions.length === 0) throw new RangeError('the Brier score needs at least one prediction');
  return predictions.reduce((sum, p, i) => sum + (p - outcomes[i]!) ** 2, 0) / predictions.length;
}
