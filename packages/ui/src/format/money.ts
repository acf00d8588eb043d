/**
 * Rupee formatting, Indian style: en-IN digit grouping (10,00,000), the rupee sign, and the
 * L / Cr abbreviations (lakh = 1e5, crore = 1e7). There is no "K": an amount under a lakh is
 * written out in full (₹91,310), as Indian brokers and every other figure here write it.
 */

const groupers = new Map<number, Intl.NumberFormat>();
function grouper(decimals: number): Intl.NumberFormat {
  let format = groupers.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat('en-IN', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    groupers.set(decimals, format);
  }
  return format;
}

export interface RupeeOptions {
  /** Digits after the decimal point (default 0, as the specification shows amounts). */
  decimals?: number;
  /** Show '+' for zero and gains, '-' for losses (P&L figures). */
  sign?: boolean;
}

function roundsToZero(value: number, decimals: number): boolean {
  return Math.abs(value) < 0.5 * 10 ** -decimals;
}

/** ₹10,00,000 ; with sign: +₹1,234 / -₹1,234. */
export function formatRupees(value: number, options: RupeeOptions = {}): string {
  const decimals = options.decimals ?? 0;
  const negative = value < 0 && !roundsToZero(value, decimals);
  const body = `₹${grouper(decimals).format(Math.abs(value))}`;
  if (negative) return `-${body}`;
  return options.sign ? `+${body}` : body;
}

const UNITS = [
  { size: 1e7, suffix: 'Cr' },
  { size: 1e5, suffix: 'L' },
] as const;

/** ₹12.35L, ₹1.2Cr ; two decimals at most, trailing zeros dropped; under a lakh in full: ₹91,310. */
export function formatRupeesCompact(value: number, options: { sign?: boolean } = {}): string {
  const abs = Math.abs(value);
  const unit = UNITS.find((u) => abs >= u.size);
  let body: string;
  if (unit) {
    const scaled = Math.round((abs / unit.size) * 100) / 100;
    body = `₹${grouper(0).format(Math.trunc(scaled))}${fraction(scaled)}${unit.suffix}`;
  } else {
    body = `₹${grouper(0).format(Math.round(abs))}`;
  }
  const negative = value < 0 && !(unit === undefined && Math.round(abs) === 0);
  if (negative) return `-${body}`;
  return options.sign ? `+${body}` : body;
}

function fraction(scaled: number): string {
  const cents = Math.round((scaled - Math.trunc(scaled)) * 100);
  if (cents === 0) return '';
  return `.${String(cents).padStart(2, '0').replace(/0$/, '')}`;
}

/** +1.23% / -0.50% (sign shown by default: these are changes). */
export function formatPercent(value: number, options: { decimals?: number; sign?: boolean } = {}): string {
  const decimals = options.decimals ?? 2;
  const sign = options.sign ?? true;
  const negative = value < 0 && !roundsToZero(value, decimals);
  const body = `${Math.abs(value).toFixed(decimals)}%`;
  if (negative) return `-${body}`;
  return sign ? `+${body}` : body;
}

/** Gains green, losses red: the colour palette name for a signed figure. */
export function pnlColor(value: number): 'green' | 'red' {
  return value < 0 ? 'red' : 'green';
}

/** A plain number with en-IN grouping. */
export function formatNumber(value: number, decimals = 0): string {
  return grouper(decimals).format(value);
}
