/**
 * The model's inputs, pure: one fixed, named feature vector per instrument and decision day, built
 * from the research indicators (research/indicators.ts) and the market context, and the label (did
 * the decision win after costs). Every feature is scale-free (a ratio or a fraction), so one model
 * serves a ₹100 stock and a ₹10,000 one. Missing context is 0 with a "missing" flag of 1, so a model
 * can tell "no news" from "neutral news".
 */
import type { IndicatorSnapshot } from '../research/indicators.js';

/** The market context of a decision day, each part null when unknown. */
export interface FeatureContext {
  /** NIFTY 50's annualised realised volatility, a fraction (0.18 = 18%): the market regime. */
  marketVolatility: number | null;
  /** News sentiment of the instrument, −1 (negative) to 1 (positive). */
  newsSentiment: number | null;
}

/** The features in vector order. */
export const FEATURE_NAMES = [
  'price_vs_sma50',
  'price_vs_sma200',
  'sma50_vs_sma200',
  'rsi14',
  'macd_histogram',
  'atr14',
  'bollinger_percent_b',
  'roc20',
  'realised_vol20',
  'volume_ratio',
  'market_vol',
  'market_vol_missing',
  'news_sentiment',
  'news_sentiment_missing',
] as const;

/**
 * The feature vector of one instrument on one day, in FEATURE_NAMES order:
 * close / SMA50 − 1, close / SMA200 − 1, SMA50 / SMA200 − 1, RSI / 100, MACD histogram / close,
 * ATR / close, Bollinger %B ((close − lower) / (upper − lower), 0.5 when the bands meet),
 * ROC20 / 100, realised volatility, relative volume, market volatility (0 when missing) and its
 * missing flag, news sentiment (0 when missing) and its missing flag.
 * Throws RangeError on a non-positive price or average, or a non-finite figure.
 */
export function featuresOf(ind: IndicatorSnapshot, context: FeatureContext): number[] {
  const { close, sma50, sma200 } = ind;
  if (!(close > 0 && sma50 > 0 && sma200 > 0)) {
    throw new RangeError(`${ind.date}: close and averages must be positive`);
  }
  const width = ind.bollingerUpper - ind.bollingerLower;
  const percentB = width > 0 ? (close - ind.bollingerLower) / width : 0.5;
  const vector = [
    close / sma50 - 1,
    close / sma200 - 1,
    sma50 / sma200 - 1,
    ind.rsi14 / 100,
    ind.macdHistogram / close,
    ind.atr14 / close,
    percentB,
    ind.roc20 / 100,
    ind.realisedVol20,
    ind.volumeRatio,
    context.marketVolatility ?? 0,
    context.marketVolatility === null ? 1 : 0,
    context.newsSentiment ?? 0,
    context.newsSentiment === null ? 1 : 0,
  ];
  const bad = vector.findIndex((value) => !Number.isFinite(value));
  if (bad >= 0) throw new RangeError(`${ind.date}: feature ${FEATURE_NAMES[bad]} is not a finite number`);
  return vector;
}

/** The label of a decision: 1 when it won after costs (its return after charges above 0), else 0. */
export function labelOf(outcomeReturnAfterCosts: number): 0 | 1 {
  if (!Number.isFinite(outcomeReturnAfterCosts)) throw new RangeError('the outcome must be a finite number');
  return outcomeReturnAfterCosts > 0 ? 1 : 0;
}

/** A standardisation fitted on a training set: plain numbers, stored as JSON with the model. */
export interface Standardiser {
  means: number[];
  /** Population standard deviations; 1 for a constant feature (which then standardises to 0). */
  stds: number[];
}

/** Mean and population standard deviation of each column of `rows` (at least one row, equal lengths). */
export function fitStandardiser(rows: readonly (readonly number[])[]): Standardiser {
  const width = rows[0]?.length;
  if (width === undefined) throw new RangeError('a standardiser needs at least one row');
  if (rows.some((row) => row.length !== width)) throw new RangeError('every row must have the same length');
  const means = Array.from(
    { length: width },
    (_, j) => rows.reduce((sum, row) => sum + row[j]!, 0) / rows.length,
  );
  const stds = means.map((mean, j) => {
    const variance = rows.reduce((sum, row) => sum + (row[j]! - mean) ** 2, 0) / rows.length;
    const std = Math.sqrt(variance);
    return std > 1e-12 ? std : 1;
  });
  return { means, stds };
}

/** `row` in standard units of the training set: (value − mean) / std per column. */
export function standardise(s: Standardiser, row: readonly number[]): number[] {
  if (row.length !== s.means.length) {
    throw new RangeError(`expected ${s.means.length} features, got ${row.length}`);
  }
  return row.map((value, j) => (value - s.means[j]!) / s.stds[j]!);
}
