/**
 * How the model's features read to a person, pure: a name per feature (the contract's
 * ML_FEATURE_LABELS) and the display unit of its value. Features are stored as fractions (features.ts: RSI / 100, returns as
 * fractions); shown, RSI is 0-100 and the ratios to a price are percent, so "RSI (14) at or below
 * 34" and "Price vs 50-day average at or below −2.1%". The two "missing" flags are 0 or 1 and read
 * as a condition ("No news sentiment"), not as a number.
 */
import { ML_FEATURE_LABELS } from '@nivesh/api-contract';
import type { FEATURE_NAMES } from './features.js';

type FeatureName = (typeof FEATURE_NAMES)[number];

interface FeatureDisplay {
  /** Stored value × scale = the value shown. */
  scale: number;
  unit: '%' | '×' | '';
  decimals: number;
  /** A 0/1 flag: the label names the condition when it is 1. */
  flag?: true;
}

const percent: FeatureDisplay = { scale: 100, unit: '%', decimals: 1 };

const FEATURE_DISPLAY: Readonly<Record<FeatureName, FeatureDisplay>> = {
  price_vs_sma50: percent,
  price_vs_sma200: percent,
  sma50_vs_sma200: percent,
  rsi14: { scale: 100, unit: '', decimals: 0 },
  macd_histogram: percent,
  atr14: percent,
  bollinger_percent_b: { scale: 1, unit: '', decimals: 2 },
  roc20: percent,
  realised_vol20: percent,
  volume_ratio: { scale: 1, unit: '×', decimals: 2 },
  market_vol: percent,
  market_vol_missing: { scale: 1, unit: '', decimals: 0, flag: true },
  news_sentiment: { scale: 1, unit: '', decimals: 2 },
  news_sentiment_missing: { scale: 1, unit: '', decimals: 0, flag: true },
};

const displayOf = (name: FeatureName): FeatureDisplay => FEATURE_DISPLAY[name];

/** The feature's readable name, e.g. 'RSI (14)'. */
export function featureLabel(name: FeatureName): string {
  return Object.hasOwn(ML_FEATURE_LABELS, name) ? ML_FEATURE_LABELS[name]! : name;
}

/** Whether the feature is a 0/1 flag. */
export function isFlag(name: FeatureName): boolean {
  return displayOf(name).flag === true;
}

/** A stored value in the unit it is shown in (RSI 0.34 → 34, a ratio 0.021 → 2.1 percent). */
export function displayValue(name: FeatureName, value: number): number {
  return value * displayOf(name).scale;
}

/** A stored value as text in its unit, e.g. '34', '−2.1%', '1.35×' (a true minus sign). */
export function formatFeatureValue(name: FeatureName, value: number): string {
  const d = displayOf(name);
  const text = displayValue(name, value).toFixed(d.decimals);
  // '-0.0' reads as 0
  const clean = Number(text) === 0 ? (0).toFixed(d.decimals) : text;
  return `${clean.replace('-', '−')}${d.unit}`;
}

export type { FeatureName };
