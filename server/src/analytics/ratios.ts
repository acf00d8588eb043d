/**
 * Return and risk ratios of a daily return series (docs/DOMAIN.md, "Metric definitions"): 252
 * trading days a year, sample statistics with ddof = 1, the risk-free rate a yearly fraction
 * (default 0) turned into a daily one geometrically. A figure the series cannot support (too few
 * days, no dispersion, no losing day) is null, never 0.
 */
import { mean, sampleCovariance, sampleStandardDeviation, sampleVariance } from 'simple-statistics';

const TRADING_DAYS_PER_YEAR = 252;
const ROOT_YEAR = Math.sqrt(TRADING_DAYS_PER_YEAR);

/** The daily rate that compounds to `annual` over 252 trading days. */
export function dailyRiskFree(annual: number): number {
  return (1 + annual) ** (1 / TRADING_DAYS_PER_YEAR) - 1;
}

/**
 * Dispersion below this (a daily return's spread of 1e-12) is floating-point noise of a flat series:
 * a ratio divided by it would be a meaningless huge number, so it counts as none.
 */
const NO_DISPERSION = 1e-12;

function std(values: readonly number[]): number | null {
  if (values.length < 2) return null;
  const s = sampleStandardDeviation([...values]);
  return s > NO_DISPERSION ? s : null;
}

/** std(r) * sqrt(252); null under 2 days. A series that never moved has volatility 0. */
export function annualVolatility(returns: readonly number[]): number | null {
  if (returns.length < 2) return null;
  return sampleStandardDeviation([...returns]) * ROOT_YEAR;
}

/** mean(r - rf) / std(r - rf) * sqrt(252). */
export function sharpeRatio(returns: readonly number[], riskFreeAnnual = 0): number | null {
  const rf = dailyRiskFree(riskFreeAnnual);
  const excess = returns.map((r) => r - rf);
  const s = std(excess);
  return s === null ? null : (mean(excess) / s) * ROOT_YEAR;
}

/** mean(r - rf) * 252 / (sqrt(mean(min(r - rf, 0)^2)) * sqrt(252)); null without a losing day. */
export function sortinoRatio(returns: readonly number[], riskFreeAnnual = 0): number | null {
  if (returns.length === 0) return null;
  const rf = dailyRiskFree(riskFreeAnnual);
  const excess = returns.map((r) => r - rf);
  const downside = Math.sqrt(mean(excess.map((x) => Math.min(x, 0) ** 2)));
  if (!(downside > NO_DISPERSION)) return null;
  return (mean(excess) * TRADING_DAYS_PER_YEAR) / (downside * ROOT_YEAR);
}

/** (prod(1 + r))^(252 / n) - 1; null without any return. */
export function annualisedReturn(returns: readonly number[]): number | null {
  if (returns.length === 0) return null;
  const growth = returns.reduce((g, r) => g * (1 + r), 1);
  if (growth <= 0) return -1;
  return growth ** (TRADING_DAYS_PER_YEAR / returns.length) - 1;
}

/** Annualised return / |max drawdown|; null without a drawdown. */
export function calmarRatio(annualised: number | null, maxDrawdown: number): number | null {
  if (annualised === null || !(maxDrawdown < 0)) return null;
  return annualised / Math.abs(maxDrawdown);
}

/** The p-quantile with linear interpolation between order statistics (numpy's default). */
export function percentileLinear(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const h = (sorted.length - 1) * p;
  const lower = Math.floor(h);
  const upper = Math.min(lower + 1, sorted.length - 1);
  return sorted[lower]! + (h - lower) * (sorted[upper]! - sorted[lower]!);
}

/**
 * Historical one-day VaR at 95%: -(5th percentile of r) * current value, rupees. Negative when even
 * the 5th percentile day gained. Null under 2 days.
 */
export function valueAtRisk95(returns: readonly number[], currentValue: number): number | null {
  if (returns.length < 2) return null;
  return -percentileLinear(returns, 0.05)! * currentValue;
}

/** cov(r, b) / var(b) over aligned days; null under 2 days or when NIFTY did not move. */
export function beta(r: readonly number[], b: readonly number[]): number | null {
  if (r.length !== b.length) throw new RangeError('beta needs aligned series of equal length');
  if (b.length < 2) return null;
  const variance = sampleVariance([...b]);
  if (!(variance > NO_DISPERSION ** 2)) return null;
  return sampleCovariance([...r], [...b]) / variance;
}

/** (1 + mean(r - beta * b))^252 - 1. */
export function jensenAlpha(r: readonly number[], b: readonly number[]): number | null {
  const slope = beta(r, b);
  if (slope === null) return null;
  const daily = mean(r.map((x, i) => x - slope * b[i]!));
  return (1 + daily) ** TRADING_DAYS_PER_YEAR - 1;
}

/** mean(r - b) / std(r - b) * sqrt(252). */
export function informationRatio(r: readonly number[], b: readonly number[]): number | null {
  if (r.length !== b.length) throw new RangeError('information ratio needs aligned series');
  const active = r.map((x, i) => x - b[i]!);
  const s = std(active);
  return s === null ? null : (mean(active) / s) * ROOT_YEAR;
}

/** `figure` over each trailing window of `window` days, from the first full window on. */
export function rolling<T>(
  days: readonly string[],
  window: number,
  figure: (from: number, to: number) => T,
): Array<{ day: string; value: T }> {
  const out: Array<{ day: string; value: T }> = [];
  for (let end = window; end <= days.length; end += 1) {
    out.push({ day: days[end - 1]!, value: figure(end - window, end) });
  }
  return out;
}
