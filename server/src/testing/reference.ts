/**
 * What the analytics tests compare with: a tolerance check and DOMAIN.md's statistics written out
 * as plain loops, independent of the code under test.
 */
import assert from 'node:assert/strict';

/** |actual - expected| <= 1e-9 * max(1, |expected|), and not null. */
export function near(actual: number | null | undefined, expected: number, label = 'value'): void {
  assert.ok(actual !== null && actual !== undefined, `${label} is ${actual}`);
  assert.ok(
    Math.abs(actual - expected) <= 1e-9 * Math.max(1, Math.abs(expected)),
    `${label}: ${actual} is not ${expected}`,
  );
}

export const meanOf = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** Sample covariance (ddof = 1); sampleCov(x, x) is the sample variance. */
export function sampleCov(a: readonly number[], b: readonly number[]): number {
  const ma = meanOf(a);
  const mb = meanOf(b);
  return a.reduce((sum, x, i) => sum + (x - ma) * (b[i]! - mb), 0) / (a.length - 1);
}

export const sampleStd = (xs: readonly number[]) => Math.sqrt(sampleCov(xs, xs));
