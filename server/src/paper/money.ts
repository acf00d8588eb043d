/**
 * Integer-paise arithmetic for the paper engine. Rates (fractions like 0.001) are turned into exact
 * rationals over 10^15 so that "0.1% of ₹50,00,000" is exactly ₹5,000 and never ₹4,999.999…; every
 * rounding is explicit.
 */

const RATE_SCALE = 10n ** 15n;

export type Rounding = 'half-up' | 'up' | 'down';

/** Rupees (up to two decimals) to integer paise. */
export function toPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

/** Integer paise to rupees for the API (exact to the paisa). */
export function toRupees(paise: number): number {
  return paise / 100;
}

function rateNumerator(rate: number): bigint {
  if (!Number.isFinite(rate) || rate < 0)
    throw new RangeError(`rate must be a finite, non-negative number: ${rate}`);
  return BigInt(Math.round(rate * 1e15));
}

function divide(numerator: bigint, denominator: bigint, rounding: Rounding): bigint {
  const negative = numerator < 0n;
  const n = negative ? -numerator : numerator;
  let q: bigint;
  if (rounding === 'half-up') q = (2n * n + denominator) / (2n * denominator);
  else if ((rounding === 'up') !== negative) q = (n + denominator - 1n) / denominator;
  else q = n / denominator;
  return negative ? -q : q;
}

/** valuePaise × rate, rounded to a multiple of `step` paise (1 = to the paisa, 100 = to the rupee). */
export function applyRate(
  valuePaise: number,
  rate: number,
  rounding: Rounding = 'half-up',
  step = 1,
): number {
  const numerator = BigInt(valuePaise) * rateNumerator(rate);
  return Number(divide(numerator, RATE_SCALE * BigInt(step), rounding) * BigInt(step));
}

/**
 * Σ numeratorᵢ × rateᵢ / `denominator` paise, rounded once to a multiple of `step` paise: a sum of
 * charges on values that are fractions of a paisa (an average price's share of a day's turnover)
 * rounded as one figure.
 */
export function applyRatesOver(
  terms: ReadonlyArray<readonly [numeratorPaise: bigint, rate: number]>,
  denominator: bigint,
  rounding: Rounding = 'half-up',
  step = 1,
): number {
  let numerator = 0n;
  for (const [value, rate] of terms) numerator += value * rateNumerator(rate);
  return Number(divide(numerator, RATE_SCALE * denominator * BigInt(step), rounding) * BigInt(step));
}

/** valuePaise × (1 + rate) or × (1 - rate), rounded to a multiple of `step` paise. */
export function scaleBy(
  valuePaise: number,
  rate: number,
  direction: 1 | -1,
  rounding: Rounding,
  step = 1,
): number {
  const r = rateNumerator(rate);
  const factor = direction === 1 ? RATE_SCALE + r : RATE_SCALE - r;
  return Number(divide(BigInt(valuePaise) * factor, RATE_SCALE * BigInt(step), rounding) * BigInt(step));
}

/**
 * Splits `total` paise over parts in proportion to their weights without losing a paisa: each part
 * gets the floor of its share, and the paise left over go one each to the parts with the largest
 * remainders (the earlier part on a tie).
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (weights.length === 0) return [];
  if (sum <= 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const bigTotal = BigInt(total);
  const bigSum = BigInt(sum);
  const shares = weights.map((w) => {
    const product = bigTotal * BigInt(w);
    // Floor division toward minus infinity so negative totals split the same way.
    let q = product / bigSum;
    if (product % bigSum !== 0n && product < 0n) q -= 1n;
    return { q, remainder: product - q * bigSum };
  });
  let left = bigTotal - shares.reduce((a, s) => a + s.q, 0n);
  const order = shares
    .map((s, i) => ({ i, remainder: s.remainder }))
    .sort((a, b) => (a.remainder === b.remainder ? a.i - b.i : a.remainder > b.remainder ? -1 : 1));
  for (const { i } of order) {
    if (left <= 0n) break;
    shares[i]!.q += 1n;
    left -= 1n;
  }
  return shares.map((s) => Number(s.q));
}

const grouping = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const wholeGrouping = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** ₹62,450.00 (Indian grouping, always two decimals). */
export function formatPaise(paise: number): string {
  const text = `₹${grouping.format(Math.abs(paise) / 100)}`;
  return paise < 0 ? `-${text}` : text;
}

/** ₹50,000 for whole rupees, ₹50,000.50 otherwise. */
export function formatRupeesShort(rupees: number): string {
  const paise = toPaise(rupees);
  if (paise % 100 !== 0) return formatPaise(paise);
  const text = `₹${wholeGrouping.format(Math.abs(paise) / 100)}`;
  return paise < 0 ? `-${text}` : text;
}
