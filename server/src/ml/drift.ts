/**
 * Model drift, pure: is the model's recent accuracy lower than its baseline accuracy by more than
 * chance and by enough to matter? The test is a one-sided two-proportion z-test with the pooled
 * proportion: z = (recent − baseline) / √(p̂(1 − p̂)(1/n_baseline + 1/n_recent)), p = Φ(z), the
 * chance of a drop at least this large if nothing had changed. Drift is detected when p < alpha
 * (0.05) and the drop is at least minDrop (0.10, ten percentage points).
 */

export interface AccuracyCount {
  /** Predictions called right. */
  correct: number;
  total: number;
}

export interface DriftTest {
  /** Accuracies, fractions 0-1. */
  baseline: number;
  recent: number;
  /** recent − baseline (negative: worse). */
  delta: number;
  drift_detected: boolean;
  z: number;
  /** One-sided p-value of a drop. */
  p: number;
}

/**
 * The standard normal distribution function, from the complementary error function of Numerical
 * Recipes (erfcc: a Chebyshev fit, fractional error below 1.2e-7 everywhere).
 */
function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.5 * z);
  const erfc =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 +
                            t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? 1 - erfc / 2 : erfc / 2;
}

function checkCount(name: string, count: AccuracyCount): void {
  if (!(Number.isInteger(count.total) && count.total > 0 && Number.isInteger(count.correct))) {
    throw new RangeError(`${name}: total must be a positive integer and correct an integer`);
  }
  if (count.correct < 0 || count.correct > count.total)
    throw new RangeError(`${name}: correct must be 0 to total`);
}

export function detectDrift(
  baselineCount: AccuracyCount,
  recentCount: AccuracyCount,
  options: { alpha?: number; minDrop?: number } = {},
): DriftTest {
  checkCount('baseline', baselineCount);
  checkCount('recent', recentCount);
  const { alpha = 0.05, minDrop = 0.1 } = options;
  const baseline = baselineCount.correct / baselineCount.total;
  const recent = recentCount.correct / recentCount.total;
  const delta = recent - baseline;
  const pooled = (baselineCount.correct + recentCount.correct) / (baselineCount.total + recentCount.total);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / baselineCount.total + 1 / recentCount.total));
  // All right or all wrong in both: no spread, no evidence of a change.
  const z = se > 0 ? delta / se : 0;
  const p = se > 0 ? normalCdf(z) : 0.5;
  // The drop compared in whole basis points, so 0.6 − 0.5 counts as the full ten points.
  const dropBasisPoints = Math.round(-delta * 10_000);
  return {
    baseline,
    recent,
    delta,
    drift_detected: p < alpha && dropBasisPoints >= Math.round(minDrop * 10_000),
    z,
    p,
  };
}
