import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { IndicatorSnapshot } from '../research/indicators.js';
import { FEATURE_NAMES, featuresOf, fitStandardiser, labelOf, standardise } from './features.js';

const snapshot: IndicatorSnapshot = {
  date: '2026-11-20',
  close: 110,
  sma20: 105,
  sma50: 100,
  sma200: 88,
  ema20: 106,
  rsi14: 65,
  macd: 2,
  macdSignal: 1.45,
  macdHistogram: 0.55,
  atr14: 2.2,
  bollingerUpper: 115,
  bollingerMiddle: 105,
  bollingerLower: 95,
  roc20: 7.5,
  realisedVol20: 0.21,
  averageVolume20: 1000,
  volumeRatio: 1.4,
  high20: 112,
  low20: 98,
};

function close(actual: readonly number[], expected: readonly number[]) {
  assert.equal(actual.length, expected.length);
  actual.forEach((value, i) =>
    assert.ok(Math.abs(value - expected[i]!) < 1e-12, `${i}: ${value} vs ${expected[i]}`),
  );
}

describe('featuresOf', () => {
  it('turns a snapshot and its context into the named, scale-free vector', () => {
    const features = featuresOf(snapshot, { marketVolatility: 0.15, newsSentiment: -0.4 });
    assert.equal(features.length, FEATURE_NAMES.length);
    // 110/100−1, 110/88−1, 100/88−1, 65/100, 0.55/110, 2.2/110, (110−95)/(115−95), 7.5/100, …
    close(features, [0.1, 0.25, 12 / 88, 0.65, 0.005, 0.02, 0.75, 0.075, 0.21, 1.4, 0.15, 0, -0.4, 0]);
  });

  it('marks missing market volatility and sentiment as 0 with a flag of 1', () => {
    const features = featuresOf(snapshot, { marketVolatility: null, newsSentiment: null });
    const at = (name: (typeof FEATURE_NAMES)[number]) => features[FEATURE_NAMES.indexOf(name)];
    assert.equal(at('market_vol'), 0);
    assert.equal(at('market_vol_missing'), 1);
    assert.equal(at('news_sentiment'), 0);
    assert.equal(at('news_sentiment_missing'), 1);
  });

  it('puts %B at the middle when the Bollinger bands meet, and refuses a non-positive price', () => {
    const flat = { ...snapshot, bollingerUpper: 110, bollingerLower: 110 };
    assert.equal(featuresOf(flat, { marketVolatility: 0.1, newsSentiment: 0 })[6], 0.5);
    assert.throws(
      () => featuresOf({ ...snapshot, close: 0 }, { marketVolatility: 0.1, newsSentiment: 0 }),
      RangeError,
    );
  });
});

describe('labelOf', () => {
  it('is 1 only for a decision that won after costs', () => {
    assert.equal(labelOf(0.012), 1);
    assert.equal(labelOf(0), 0);
    assert.equal(labelOf(-0.003), 0);
  });
});

describe('standardisation', () => {
  it('learns mean and population std from the training rows and applies them to a new row', () => {
    const s = fitStandardiser([
      [1, 10, 5],
      [3, 20, 5],
      [5, 30, 5],
      [7, 40, 5],
    ]);
    // column 0: mean 4, variance (9+1+1+9)/4 = 5; column 1: mean 25, variance 125; column 2 constant.
    close(s.means, [4, 25, 5]);
    close(s.stds, [Math.sqrt(5), Math.sqrt(125), 1]);
    close(standardise(s, [4 + Math.sqrt(5), 25 - 2 * Math.sqrt(125), 9]), [1, -2, 4]);
    // serialisable: a JSON round trip standardises the same
    const again = JSON.parse(JSON.stringify(s)) as typeof s;
    assert.deepEqual(standardise(again, [6, 30, 5]), standardise(s, [6, 30, 5]));
  });

  it('refuses a row of the wrong width', () => {
    assert.throws(() => standardise(fitStandardiser([[1, 2]]), [1]), RangeError);
  });
});
