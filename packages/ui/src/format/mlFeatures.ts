/**
 * The ML model's features in words: the readable name of each feature id (the contract's
 * ML_FEATURE_LABELS) and each value in its own unit, for every page that shows what drove a prediction
 * (the research signals' explanations, the ML page's winning and losing trade features).
 *
 * Rules: the values are the model's inputs as the server builds them, all scale-free: ratios to a
 * price or an average (shown as percent), RSI / 100 (shown back on its 0-100 scale), Bollinger %B
 * (a plain fraction), relative volume (×), annualised volatilities (percent a year), news sentiment
 * (-1 to +1) and 0/1 "missing" flags. An id this map does not know is shown as it came, with its
 * value to 2 decimals, so a new feature on the server never breaks a page.
 */
import { ML_FEATURE_LABELS } from '@nivesh/api-contract/plain';
import { formatNumber, formatPercent } from './money';

interface FeatureFormat {
  value: (value: number) => string;
}

/** A ratio as a signed percent: 0.034 -> '+3.4%'. */
const signedRatio =
  (decimals = 1) =>
  (value: number) =>
    formatPercent(value * 100, { decimals });
/** A fraction as a percent: 0.146 -> '14.6%'. */
const fraction = (value: number) => formatPercent(value * 100, { decimals: 1, sign: false });
const flag = (value: number) => (value >= 0.5 ? 'Yes' : 'No');

const FEATURES = new Map<string, FeatureFormat>(
  Object.entries({
    price_vs_sma50: { value: signedRatio() },
    price_vs_sma200: { value: signedRatio() },
    sma50_vs_sma200: { value: signedRatio() },
    rsi14: { value: (value) => formatNumber(value * 100, 1) },
    macd_histogram: { value: signedRatio(2) },
    atr14: { value: fraction },
    bollinger_percent_b: { value: (value) => formatNumber(value, 2) },
    roc20: { value: signedRatio() },
    realised_vol20: { value: fraction },
    volume_ratio: { value: (value) => `${formatNumber(value, 2)}×` },
    market_vol: { value: fraction },
    market_vol_missing: { value: flag },
    news_sentiment: {
      value: (value) => `${value > 0 ? '+' : ''}${formatNumber(value, 2)}`,
    },
    news_sentiment_missing: { value: flag },
  } satisfies Record<string, FeatureFormat>),
);

/** 'rsi14' -> 'RSI (14)'; an unknown id as it is. */
export function featureLabel(feature: string): string {
  return Object.hasOwn(ML_FEATURE_LABELS, feature) ? ML_FEATURE_LABELS[feature]! : feature;
}

/** A feature's value in its unit: ('rsi14', 0.66) -> '66.0', ('roc20', 0.051) -> '+5.1%'. */
export function formatFeatureValue(feature: string, value: number): string {
  return FEATURES.get(feature)?.value(value) ?? formatNumber(value, 2);
}
