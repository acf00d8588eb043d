import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  accuracyByConfidence,
  databaseStats,
  measureDrift,
  measureLearning,
  modelDrift,
  performanceTrend,
  tradeFeatures,
  type LearningEvent,
  type PredictionRecord,
} from './audit.js';

const near = (actual: number, expected: number, tolerance = 1e-9) =>
  assert.ok(Math.abs(actual - expected) < tolerance, `${actual} vs ${expected}`);

/** 15:30 IST on Monday 31 March 2025. */
const NOW = new Date('2025-03-31T10:00:00Z');

function prediction(
  probability: number,
  won: boolean | null,
  outcomeAt: string | null,
  more: Partial<PredictionRecord> = {},
): PredictionRecord {
  return {
    predictedAt: new Date('2025-01-02T04:00:00Z'),
    tradingDay: '2025-01-02',
    symbol: 'INFY',
    strategy: 'trend_following',
    probability,
    features: {},
    won,
    outcomeReturn: won === null ? null : won ? 0.02 : -0.01,
    outcomeAt: outcomeAt === null ? null : new Date(outcomeAt),
    modelVersion: 1,
    ...more,
  };
}

const event = (kind: LearningEvent['kind']): LearningEvent => ({
  at: NOW,
  kind,
  improved: null,
  detail: {},
});

describe('databaseStats', () => {
  it('counts every prediction, the share of resolved ones won and the mean probability of all', () => {
    const stats = databaseStats(
      [
        prediction(0.8, true, '2025-03-01T10:00:00Z'),
        prediction(0.6, false, '2025-03-02T10:00:00Z'),
        prediction(0.7, true, '2025-03-03T10:00:00Z'),
        prediction(0.5, null, null),
      ],
      [event('full_training'), event('online_update'), event('pattern')],
    );
    assert.equal(stats.total_predictions, 4);
    near(stats.overall_success_rate!, 2 / 3);
    near(stats.average_confidence!, 0.65);
    assert.equal(stats.total_learning_events, 3);
  });

  it('leaves out the automated entries no model scored: they are trades, not predictions', () => {
    const unscored = { modelVersion: null, probability: null };
    const stats = databaseStats(
      [
        prediction(0.8, true, '2025-03-01T10:00:00Z'),
        { ...prediction(0, false, '2025-03-02T10:00:00Z'), ...unscored },
        { ...prediction(0, null, null), ...unscored },
      ],
      [],
    );
    assert.equal(stats.total_predictions, 1);
    near(stats.overall_success_rate!, 1);
    near(stats.average_confidence!, 0.8);
    const accuracy = accuracyByConfidence([
      prediction(0.8, true, '2025-03-01T10:00:00Z'),
      { ...prediction(0, false, '2025-03-02T10:00:00Z'), ...unscored },
    ]);
    assert.deepEqual(accuracy, [{ confidence_bucket: '0.8-0.9', success_rate: 1, count: 1 }]);
  });

  it('counts nothing in an empty log, and has no rate or mean to give (not 0%)', () => {
    assert.deepEqual(databaseStats([], []), {
      total_predictions: 0,
      overall_success_rate: null,
      average_confidence: null,
      total_learning_events: 0,
    });
  });
});

describe('accuracyByConfidence', () => {
  it('buckets resolved predictions by tenths, leaves empty buckets out and puts 1.0 in the top one', () => {
    const at = '2025-03-01T10:00:00Z';
    const buckets = accuracyByConfidence([
      prediction(0.62, true, at),
      prediction(0.68, false, at),
      prediction(0.65, true, at),
      prediction(0.6, true, at),
      prediction(0.91, true, at),
      prediction(1, true, at),
      prediction(0.35, false, at),
      prediction(0.75, null, null),
    ]);
    assert.deepEqual(buckets, [
      { confidence_bucket: '0.3-0.4', success_rate: 0, count: 1 },
      { confidence_bucket: '0.6-0.7', success_rate: 0.75, count: 4 },
      { confidence_bucket: '0.9-1.0', success_rate: 1, count: 2 },
    ]);
  });
});

describe('tradeFeatures', () => {
  const at = '2025-03-01T10:00:00Z';
  const withFeatures = (won: boolean | null, rsi14: number, volume_ratio: number, atr14: number) =>
    prediction(0.6, won, won === null ? null : at, {
      features: { rsi14, volume_ratio, atr14, bollinger_percent_b: 0.5 },
    });
  const log = [
    withFeatures(true, 0.6, 2, 0.01),
    withFeatures(true, 0.7, 2, 0.03),
    withFeatures(false, 0.4, 1, 0.03),
    withFeatures(false, 0.5, 1, 0.05),
    withFeatures(null, 0.99, 9, 0.5),
  ];

  it('ranks features by the standardised difference of the winners’ and losers’ means', () => {
    // RSI: winners 0.65, losers 0.45, sd over all 0.1118: +1.79. Volume: 2 vs 1, sd 0.5: +2.
    // ATR: 0.02 vs 0.04, sd 0.01414: −1.41. %B is constant (0): in neither list. Open one ignored.
    const features = tradeFeatures(log);
    assert.equal(features.top_winning_features.length, 2);
    assert.equal(features.top_winning_features[0]!.feature, 'Relative volume');
    near(features.top_winning_features[0]!.avg_value, 2);
    assert.equal(features.top_winning_features[1]!.feature, 'RSI (14)');
    near(features.top_winning_features[1]!.avg_value, 65);
    assert.equal(features.top_losing_features.length, 1);
    assert.equal(features.top_losing_features[0]!.feature, 'ATR / price');
    near(features.top_losing_features[0]!.avg_value, 4);
    assert.deepEqual(
      tradeFeatures(log, 1).top_winning_features.map((f) => f.feature),
      ['Relative volume'],
    );
  });

  it('reads the automated entries no model scored too: they are trades', () => {
    const mixed = log.map((p, i) => (i === 2 ? { ...p, modelVersion: null, probability: null } : p));
    // The same figures with a loser no model scored (left out, the losers' means would differ).
    assert.deepEqual(tradeFeatures(mixed), tradeFeatures(log));
  });

  it('is empty without both a win and a loss', () => {
    assert.deepEqual(tradeFeatures(log.filter((p) => p.won !== false)), {
      top_winning_features: [],
      top_losing_features: [],
    });
  });
});

/**
 * The drift test's first case (drift.test.ts): 140 of 200 right in the baseline, 25 of 50 right
 * lately. Baseline: probability 0.7 trend-following calls on 1 February, the last exactly at the
 * windows' boundary (17 March 10:00 UTC, which belongs to the baseline). Recent: probability 0.3
 * breakout calls on 25 March (right when lost). Plus outcomes outside both windows, and an open one.
 */
function driftLog(): PredictionRecord[] {
  const baseline = Array.from({ length: 200 }, (_, i) =>
    prediction(0.7, i < 140, i === 199 ? '2025-03-17T10:00:00Z' : '2025-02-01T10:00:00Z'),
  );
  const recent = Array.from({ length: 50 }, (_, i) =>
    prediction(0.3, i >= 25, '2025-03-25T10:00:00Z', { strategy: 'breakout' }),
  );
  return [
    ...baseline,
    ...recent,
    prediction(0.9, false, '2024-12-17T09:59:00Z'),
    prediction(0.9, false, '2025-03-31T10:01:00Z'),
    prediction(0.9, null, null),
  ];
}

describe('modelDrift', () => {
  it('compares the last 14 days’ accuracy with the 90 days before by the drift test', () => {
    const drift = modelDrift(driftLog(), NOW);
    assert.equal(drift.baseline_performance, 0.7);
    assert.equal(drift.recent_performance, 0.5);
    near(drift.performance_delta!, -0.2);
    assert.equal(drift.drift_detected, true);
    const measured = measureDrift(driftLog(), NOW);
    assert.deepEqual(
      [measured.baseline, measured.recent],
      [
        { correct: 140, total: 200 },
        { correct: 25, total: 50 },
      ],
    );
    near(measured.test!.z, -2.6702, 1e-4);
    near(measured.test!.p, 0.00379, 1e-5);
  });

  it('takes other windows, and reads no drift when a window is empty: no rate for it, no change', () => {
    // 7 days back from 31 March: only the 25 March calls; the 5 days before hold no outcome.
    const measured = measureDrift(driftLog(), NOW, { recentDays: 7, baselineDays: 5 });
    assert.equal(measured.test, null);
    assert.deepEqual(measured.drift, {
      baseline_performance: null,
      recent_performance: 0.5,
      performance_delta: null,
      drift_detected: false,
    });
  });

  it('has no success rate before any prediction has an outcome (not 0%)', () => {
    const stats = databaseStats([prediction(0.7, null, null), prediction(0.6, null, null)], []);
    assert.equal(stats.total_predictions, 2);
    assert.equal(stats.overall_success_rate, null);
    near(stats.average_confidence!, 0.65);
  });
});

describe('performanceTrend', () => {
  it('gives each strategy’s win rate and mean probability, and the daily trend by IST outcome day', () => {
    const log = [
      prediction(0.7, true, '2025-03-31T04:00:00Z'),
      // 20:00 UTC on 30 March is 01:30 IST on 31 March
      prediction(0.5, false, '2025-03-30T20:00:00Z'),
      prediction(0.6, true, '2025-03-29T05:00:00Z', { strategy: 'mean_reversion' }),
      prediction(0.8, true, '2025-03-31T06:00:00Z', { strategy: 'mean_reversion' }),
      // 28 March is before the three-day trend, but counts for its strategy
      prediction(0.4, false, '2025-03-28T05:00:00Z', { strategy: 'breakout' }),
      prediction(0.9, null, null, { strategy: 'breakout' }),
      prediction(0.2, false, '2025-03-29T06:00:00Z', { strategy: 'custom_x' }),
    ];
    const trend = performanceTrend(log, NOW, 3);
    assert.equal(trend.strategies.length, 4);
    const [tf, mr, bo, custom] = trend.strategies;
    assert.equal(tf!.strategy_name, 'Trend following');
    near(tf!.win_rate, 0.5);
    near(tf!.avg_confidence, 0.6);
    assert.equal(mr!.strategy_name, 'Mean reversion');
    near(mr!.win_rate, 1);
    near(mr!.avg_confidence, 0.7);
    assert.deepEqual(bo, { strategy_name: 'Breakout', win_rate: 0, avg_confidence: 0.4 });
    assert.deepEqual(custom, { strategy_name: 'custom_x', win_rate: 0, avg_confidence: 0.2 });
    assert.deepEqual(trend.trend, [
      { date: '2025-03-29', predictions: 2, success_rate: 0.5 },
      { date: '2025-03-31', predictions: 3, success_rate: 2 / 3 },
    ]);
  });
});

describe('measureLearning', () => {
  it('measures accuracy against a coin flip, the largest calibration gap of a full bucket, and strategies', () => {
    // 40 at 0.65 (16 won: right 16), 10 at 0.85 (all won: right 10): 26 of 50 right = 0.52,
    // z = 0.02 / √(0.25 / 50) = 0.2828. The 0.6-0.7 bucket won 40% against its middle 65%: 25 points;
    // the 0.8-0.9 bucket has under 20 cases.
    const at = '2025-03-01T10:00:00Z';
    const log = [
      ...Array.from({ length: 40 }, (_, i) => prediction(0.65, i < 16, at)),
      ...Array.from({ length: 10 }, () => prediction(0.85, true, at, { strategy: 'breakout' })),
    ];
    const m = measureLearning(log, NOW);
    assert.equal(m.resolved, 50);
    near(m.accuracy!, 0.52);
    near(m.accuracyZ!, 0.02 / Math.sqrt(0.005));
    assert.equal(m.beatsCoinFlip, false);
    assert.deepEqual(
      m.calibrationGap && { ...m.calibrationGap, gap: Math.round(m.calibrationGap.gap * 100) },
      {
        bucket: '0.6-0.7',
        mid: 0.65,
        successRate: 0.4,
        count: 40,
        gap: 25,
      },
    );
    assert.deepEqual(
      m.strategies.map((s) => [s.label, s.resolved, s.wins]),
      [
        ['Trend following', 40, 16],
        ['Breakout', 10, 10],
      ],
    );
    assert.equal(m.drift.test, null);
    // 165 of 250 right: z = 0.16 / √(0.001) = 5.06, significant.
    assert.equal(measureLearning(driftLog(), NOW).beatsCoinFlip, true);
  });
});
