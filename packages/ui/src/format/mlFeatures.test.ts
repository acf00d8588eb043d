import { featureLabel, formatFeatureValue } from './mlFeatures';

describe('featureLabel', () => {
  it('names the model features in words', () => {
    expect(featureLabel('price_vs_sma50')).toBe('Price vs 50-day average');
    expect(featureLabel('rsi14')).toBe('RSI (14)');
    expect(featureLabel('atr14')).toBe('ATR / price');
    expect(featureLabel('volume_ratio')).toBe('Relative volume');
    expect(featureLabel('market_vol')).toBe('NIFTY volatility');
    expect(featureLabel('news_sentiment')).toBe('News sentiment');
  });

  it('shows an id it does not know as it came', () => {
    expect(featureLabel('sector_momentum')).toBe('sector_momentum');
    expect(featureLabel('constructor')).toBe('constructor');
  });
});

describe('formatFeatureValue', () => {
  it('shows each value in its own unit', () => {
    expect(formatFeatureValue('price_vs_sma50', 0.034)).toBe('+3.4%');
    expect(formatFeatureValue('roc20', -0.051)).toBe('-5.1%');
    expect(formatFeatureValue('rsi14', 0.66)).toBe('66.0');
    expect(formatFeatureValue('macd_histogram', 0.0021)).toBe('+0.21%');
    expect(formatFeatureValue('atr14', 0.019)).toBe('1.9%');
    expect(formatFeatureValue('bollinger_percent_b', 0.853)).toBe('0.85');
    expect(formatFeatureValue('realised_vol20', 0.146)).toBe('14.6%');
    expect(formatFeatureValue('volume_ratio', 1.8)).toBe('1.80×');
    expect(formatFeatureValue('news_sentiment', 0.25)).toBe('+0.25');
    expect(formatFeatureValue('news_sentiment', -0.4)).toBe('-0.40');
    expect(formatFeatureValue('market_vol_missing', 1)).toBe('Yes');
    expect(formatFeatureValue('news_sentiment_missing', 0)).toBe('No');
  });

  it('shows an unknown feature to 2 decimals', () => {
    expect(formatFeatureValue('sector_momentum', 61.237)).toBe('61.24');
    expect(formatFeatureValue('constructor', 1)).toBe('1.00');
  });
});
