/**
 * Readable names of the ML model's features, by id (the server's ml/features.ts FEATURE_NAMES):
 * the one list the server's sentences and every page's explanation use.
 */
export const ML_FEATURE_LABELS: Readonly<Record<string, string>> = {
  price_vs_sma50: 'Price vs 50-day average',
  price_vs_sma200: 'Price vs 200-day average',
  sma50_vs_sma200: '50-day vs 200-day average',
  rsi14: 'RSI (14)',
  macd_histogram: 'MACD histogram / price',
  atr14: 'ATR / price',
  bollinger_percent_b: 'Bollinger %B',
  roc20: '20-day change',
  realised_vol20: '20-day volatility',
  volume_ratio: 'Relative volume',
  market_vol: 'NIFTY volatility',
  market_vol_missing: 'NIFTY volatility missing',
  news_sentiment: 'News sentiment',
  news_sentiment_missing: 'No news sentiment',
};
