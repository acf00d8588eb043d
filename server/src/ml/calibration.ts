/**
 * Calibration, pure: a predicted 70% should win about 70% of the time. Two maps fitted on
 * out-of-sample predictions and their outcomes (from the walk-forward): isotonic (pool adjacent
 * violators: the best non-decreasing step function in squared error) and Platt scaling (a logistic
 * curve on the prediction's log-odds, by Newton's method). Each fitted map is plain numbers (JSON).
 * Also the reliability table (win rate and accuracy by confidence bucket) and the Brier score.
 */

function checkPairs(predictions: readonly number[], outcomes: readonly number[]): void {
  if (predictions.length !== outcomes.length)
    throw new RangeError('predictions and outcomes must have the same length');
  if (predictions.some((p) => !(p >= 0 && p <= 1)))
    throw new RangeError('predictions must be probabilities 0-1');
  if (outcomes.some((y) => y !== 0 && y !== 1)) throw new RangeError('outcomes must be 0 or 1');
}

/** A non-decreasing step function: `values[i]` from `thresholds[i]` up to the next threshold. */
export interface IsotonicCalibration {
  kind: 'isotonic';
  thresholds: number[];
  values: number[];
}

/** Pool adjacent violators over the predictions in increasing order (ties pooled first). */
export function fitIsotonic(
  predictions: readonly number[],
  outcomes: readonly number[],
): IsotonicCalibration {
  checkPairs(predictions, outcomes);
  if (predictions.length === 0) throw new RangeError('calibration needs at least one prediction');
  const order = predictions.map((p, i) => [p, outcomes[i]!] as const).sort((a, b) => a[0] - b[0]);
  const blocks: { from: number; sum: number; count: number }[] = [];
  for (const [p, y] of order) {
    const last = blocks[blocks.length - 1];
    if (last && last.from === p) {
      last.sum += y;
      last.count += 1;
    } else {
      blocks.push({ from: p, sum: y, count: 1 });
    }
    // merge while the block before has a higher mean than the last
    while (blocks.length > 1) {
      const b = blocks[blocks.length - 1]!;
      const a = blocks[blocks.length - 2]!;
      if (a.sum / a.count <= b.sum / b.count) break;
      a.sum += b.sum;
      a.count += b.count;
      blocks.pop();
    }
  }
  return {
    kind: 'isotonic',
    thresholds: blocks.map((b) => b.from),
    values: blocks.map((b) => b.sum / b.count),
  };
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
  const { thresholds, values } = calibration;
  let i = 0;
  while (i + 1 < thresholds.length && thresholds[i + 1]! <= p) i++;
  return values[i]!;
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
