/**
 * What the analytics tests compare with: a tolerance check and DOMAIN.md's statistics written out
 * as plain loops, independent of the code under test.
 */
import assert from 'node:assert/strict';

/**
 * |actual - expected| <= 1e-9 * max(1, |expected|), and not null. An answer's figure is rounded by
 * the contract to `digits` decimals (Percent and Ratio 4, Fraction 6, Rupees 2): it must then be
 * the reference rounded there (within half a unit of its last place).
 */
export function near(
  actual: number | null | undefined,
  expected: number,
  label = 'value',
  digits?: number,
): void {
  assert.ok(actual !== null && actual !== undefined, `${label} is ${actual}`);
  const tolerance = (digits === undefined ? 0 : 0.5 * 10 ** -digits) + 1e-9 * Math.max(1, Math.abs(expected));
  assert.ok(Math.abs(actual - expected) <= tolerance, `${label}: ${actual} is not ${expected}`);
}

/** The precisions of the contract's numbers (api-contract common.ts), for `near`. */
export const ANSWER_DIGITS = { rupees: 2, percent: 4, ratio: 4, fraction: 6 } as const;

export const meanOf = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** Sample covariance (ddof = 1); sampleCov(x, x) is the sample variance. */
export function sampleCov(a: readonly number[], b: readonly number[]): number {
  const ma = meanOf(a);
  const mb = meanOf(b);
  return a.reduce((sum, x, i) => sum + (x - ma) * (b[i]! - mb), 0) / (a.length - 1);
}

export const sampleStd = (xs: readonly number[]) => Math.sqrt(sampleCov(xs, xs));

const DAY_MS = 86_400_000;

/**
 * The money-weighted return (XIRR over 365-day years) by bisection: the rate at which the flows paid
 * in (`amount` > 0 on `day`) and the final value taken out have a net present value of 0. For
 * money paid in first and taken out last the value falls as the rate grows, so one root lies in
 * (-1, 1e9).
 */
export function xirrReference(
  paidIn: ReadonlyArray<{ day: string; amount: number }>,
  finalDay: string,
  finalValue: number,
): number {
  const t = (day: string) => Date.parse(`${day}T00:00:00Z`);
  const t0 = Math.min(...paidIn.map((f) => t(f.day)));
  const years = (day: string) => (t(day) - t0) / DAY_MS / 365;
  const npv = (rate: number) =>
    paidIn.reduce((sum, f) => sum - f.amount / (1 + rate) ** years(f.day), 0) +
    finalValue / (1 + rate) ** years(finalDay);
  let lo = -0.999_999;
  let hi = 1e9;
  for (let i = 0; i < 400; i += 1) {
    const mid = (lo + hi) / 2;
    if (npv(mid) > 0) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

export interface EpisodeReference {
  start: string;
  trough: string;
  recovery: string | null;
  /** Fraction (< 0). */
  depth: number;
  length: number;
}

/**
 * Drawdown episodes of a wealth index (`days[i]` is the day of `index[i]`), deepest first: each
 * maximal run of points below the running peak, from the peak to the first point back at it.
 */
export function drawdownEpisodesReference(
  days: readonly string[],
  index: readonly number[],
): EpisodeReference[] {
  const out: EpisodeReference[] = [];
  let peakAt = 0;
  let i = 1;
  while (i < index.length) {
    if (index[i]! >= index[peakAt]!) {
      peakAt = i;
      i += 1;
      continue;
    }
    let troughAt = i;
    let j = i;
    while (j < index.length && index[j]! < index[peakAt]!) {
      if (index[j]! < index[troughAt]!) troughAt = j;
      j += 1;
    }
    const recovered = j < index.length;
    out.push({
      start: days[peakAt]!,
      trough: days[troughAt]!,
      recovery: recovered ? days[j]! : null,
      depth: index[troughAt]! / index[peakAt]! - 1,
      length: (recovered ? j : index.length - 1) - peakAt,
    });
    i = j;
  }
  return out.sort((a, b) => a.depth - b.depth);
}
