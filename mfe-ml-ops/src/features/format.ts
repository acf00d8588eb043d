/** Number and label formatting shared by this remote's pages. */
import { formatNumber } from '@nivesh/ui';

/** A 0-1 fraction as a percent with one decimal (the specification's ML percentages): 0.8234 -> '82.3%'. */
export function fractionPercent(fraction: number): string {
  return `${(fraction * 100).toFixed(1)}%`;
}

/** A percent value (already 0-100) with one decimal. */
export function percent1(value: number): string {
  return `${value.toFixed(1)}%`;
}

/**
 * The online learner's step size to 4 decimals (the specification); one too small for 4 decimals
 * in scientific notation rather than '0.0000': 0.00123456 -> '0.0012', 0.000025 -> '2.50e-5'.
 */
export function formatLearningRate(rate: number): string {
  return rate !== 0 && Math.abs(rate) < 0.00005 ? rate.toExponential(2) : rate.toFixed(4);
}

/** A count with en-IN grouping. */
export function formatCount(value: number): string {
  return formatNumber(value, 0);
}

/** 'learning_health' or 'learningHealth' -> 'Learning Health'. */
export function humanizeKey(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** Yes/No for a flag. */
export function yesNo(flag: boolean): 'Yes' | 'No' {
  return flag ? 'Yes' : 'No';
}

/** Active/Inactive for a flag. */
export function activeLabel(flag: boolean): 'Active' | 'Inactive' {
  return flag ? 'Active' : 'Inactive';
}
