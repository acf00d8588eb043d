/** Figures that may be missing: '--' rather than an invented value. */
import { formatPercent, formatRupees, NO_FIGURE } from '@nivesh/ui';

/** The console's one mark for a figure without data (StatCard's). */
export const MISSING = NO_FIGURE;

export function ratioText(value: number | null | undefined, decimals = 2): string {
  return value === null || value === undefined ? MISSING : value.toFixed(decimals);
}

export function percentText(
  value: number | null | undefined,
  options: { decimals?: number; sign?: boolean } = {},
): string {
  return value === null || value === undefined ? MISSING : formatPercent(value, options);
}

/** A drawdown (a fall from a peak, never above zero): "-8.63%", and "0.00%" when nothing fell, never "+0.00%". */
export function drawdownText(value: number | null | undefined): string {
  return percentText(value, { sign: false });
}

export function rupeesText(
  value: number | null | undefined,
  options: { decimals?: number; sign?: boolean } = {},
): string {
  return value === null || value === undefined ? MISSING : formatRupees(value, options);
}

/** Colour token of a signed figure. */
export function signedTone(value: number | null | undefined): 'gain' | 'loss' | 'neutral' {
  if (value === null || value === undefined || value === 0) return 'neutral';
  return value > 0 ? 'gain' : 'loss';
}

/** '02 Feb 2026' for an IST calendar day (the one day formatter, in @nivesh/ui). */
export { formatDay } from '@nivesh/ui';
