/** Figures that may be missing: '--' rather than an invented value. */
import { formatPercent, formatRupees } from '@nivesh/ui';

export const MISSING = '--';

export function ratioText(value: number | null | undefined, decimals = 2): string {
  return value === null || value === undefined ? MISSING : value.toFixed(decimals);
}

export function percentText(
  value: number | null | undefined,
  options: { decimals?: number; sign?: boolean } = {},
): string {
  return value === null || value === undefined ? MISSING : formatPercent(value, options);
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
