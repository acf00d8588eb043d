import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { measureDrift, measureLearning, type LearningEvent, type PredictionRecord } from './audit.js';
import { decisionQuality, memoryStatus, shortcomings, systemHealth, type DecisionRecord } from './health.js';

const near = (actual: number, expected: number, tolerance = 1e-9) =>
  assert.ok(Math.abs(actual - expected) < tolerance, `${actual} vs ${expected}`);

const NOW = new Date('2025-03-31T10:00:00Z');

const update = (kind: LearningEvent['kind'], improved: boolean | null): LearningEvent => ({
  at: NOW,
  kind,
  improved,
  detail: {},
});

describe('systemHealth', () => {
  it('weighs model, data, engine and learning health as documented', () => {
    const health = systemHealth({
      // accuracy part (0.59 − 0.5) / 0.15 = 0.6, Brier part (0.25 − 0.23) / 0.05 = 0.4: 0.5
      model: { accuracy: 0.59, brier: 0.23 },
      // data: mean of 1 (current), 2/3 feeds, 8/10 due resolved = 0.82222
      marketDataCurrent: true,
      newsFeeds: { configured: 3, reachable: 2 },
      duePredictions: 10,
      resolvedDue: 8,
      // engines 3/4
      enginesRunning: 3,
      enginesTotal: 4,
      // learning: ½ · 1 + ½ · 2/3 (two of three trainings/updates with a verdict improved)
      learningActive: true,
      recentEvents: [
        update('online_update', true),
        update('online_update', false),
        update('full_training', true),
        update('online_update', null),
        update('pattern', null),
      ],
      previousOverall: 0.64,
      performanceDelta: -0.2,
      criticalAlerts: 1,
      emergencyAlerts: 0,
      monitoringActive: true,
    });
    near(health.model_health!, 0.5);
    near(health.data_health as number, (1 + 2 / 3 + 0.8) / 3);
    near(health.engine_health as number, 0.75);
    near(health.learning_health!, 0.5 + 1 / 3);
    // 0.35 · 0.5 + 0.25 · 0.82222 + 0.15 · 0.75 + 0.25 · 0.83333 = 0.70139
    near(health.overall_health!, 0.701389, 1e-6);
    // 0.70139 − 0.64 > 0.05: improving (the previous overall wins over the performance delta)
    assert.equal(health.health_trend, 'improving');
    assert.deepEqual(
      [health.critical_alerts, health.emergency_alerts, health.monitoring_active],
      [1, 0, true],
    );
  });

  it('has no overall or model health without a model (nothing to score), and falls back to the performance delta', () => {
    const inputs = {
      model: null,
      marketDataCurrent: false,
      newsFeeds: { configured: 0, reachable: 0 },
      duePredictions: 0,
      resolvedDue: 0,
      enginesRunning: 0,
      enginesTotal: 0,
      learningActive: false,
      recentEvents: [],
      previousOverall: null,
      performanceDelta: -0.08,
      criticalAlerts: 0,
      emergencyAlerts: 0,
      monitoringActive: false,
    };
    const health = systemHealth(inputs);
    assert.deepEqual(
      [
        health.overall_health,
        health.model_health,
        health.data_health,
        health.engine_health,
        health.learning_health,
      ],
      [null, null, 0, null, null],
    );
    assert.equal(health.health_trend, 'declining');
    assert.equal(systemHealth({ ...inputs, performanceDelta: 0.04 }).health_trend, 'stable');
    assert.equal(systemHealth({ ...inputs, performanceDelta: null }).health_trend, 'stable');
  });

  it('weighs only the parts it can measure: a first model with no training measured against another', () => {
    const health = systemHealth({
      // 0.5, as above
      model: { accuracy: 0.59, brier: 0.23 },
      marketDataCurrent: true, // data 1 (no feed configured, nothing due)
      newsFeeds: { configured: 0, reachable: 0 },
      duePredictions: 0,
      resolvedDue: 0,
      enginesRunning: 13,
      enginesTotal: 13, // engines 1
      learningActive: true,
      // the first training has no earlier one to improve on: learning is not measured yet
      recentEvents: [update('full_training', null)],
      previousOverall: null,
      performanceDelta: null,
      criticalAlerts: 0,
      emergencyAlerts: 0,
      monitoringActive: true,
    });
    assert.equal(health.learning_health, null);
    // (0.35 · 0.5 + 0.25 · 1 + 0.15 · 1) / (0.35 + 0.25 + 0.15) = 0.575 / 0.75 = 0.76667
    near(health.overall_health!, 0.575 / 0.75);
  });
});

describe('decisionQuality', () => {
  const at = (day: number) => new Date(Date.UTC(2025, 2, day, 4));
  const decision = (
    action: DecisionRecord['action'],
    day: number,
    confidence: number,
    mlProbability: number | null,
    returnAfterCosts: number | null,
  ): DecisionRecord => ({
    action,
    confidence,
    mlProbability,
    outcome: returnAfterCosts === null ? null : { returnAfterCosts },
    decidedAt: at(day),
  });

  it('scores resolved orders by one minus their Brier score and compares the newer half with the older', () => {
    const decisions = [
      decision('ordered', 4, 0.5, 0.9, 0.05), // 1 − 0.1² = 0.99
      decision('ordered', 1, 0.5, 0.7, 0), // a return of 0 is a loss: 1 − 0.7² = 0.51
      decision('ordered', 3, 0.5, 0.8, 0.02), // 1 − 0.2² = 0.96
      decision('ordered', 2, 0.6, null, -0.01), // the confidence without a probability: 1 − 0.6² = 0.64
      decision('ordered', 5, 0.5, 0.6, null), // open
      decision('skipped', 5, 0.4, 0.3, null),
      decision('skipped', 5, 0.4, 0.3, null),
      decision('refused', 5, 0.7, 0.6, null),
      decision('exit', 6, 1, null, 0.03),
    ];
    const quality = decisionQuality(decisions);
    near(quality.average_quality_score!, (0.99 + 0.51 + 0.96 + 0.64) / 4);
    // 5 ordered of 8 considered (the exit is not)
    near(quality.approval_rates.approved!, 5 / 8);
    assert.deepEqual(quality.missing, {});
    // older half (days 1, 2): 0.575; newer (3, 4): 0.975
    assert.equal(quality.quality_trend, 'improving');
  });

  it('leaves the middle one out of an odd count, and has no figures (saying why) with nothing to measure', () => {
    // 0.99 (day 1), 0.51 (day 2, left out), 0.64 (day 3): 0.64 − 0.99 < −0.05
    const quality = decisionQuality([
      decision('ordered', 1, 0.5, 0.9, 0.05),
      decision('ordered', 2, 0.5, 0.7, 0),
      decision('ordered', 3, 0.6, null, -0.01),
    ]);
    assert.equal(quality.quality_trend, 'declining');
    assert.deepEqual(decisionQuality([]), {
      average_quality_score: null,
      approval_rates: { approved: null },
      quality_trend: 'stable',
      missing: {
        average_quality_score: 'No automated entry has been made yet.',
        approved: 'The automation has not decided on any signal yet.',
      },
    });
    assert.deepEqual(decisionQuality([decision('ordered', 1, 0.7, null, null)]).missing, {
      average_quality_score: 'The one automated entry has no outcome yet.',
    });
  });
});

function prediction(
  probability: number,
  won: boolean,
  outcomeAt: string,
  strategy = 'trend_following',
): PredictionRecord {
  return {
    predictedAt: new Date('2025-01-02T04:00:00Z'),
    tradingDay: '2025-01-02',
    symbol: 'INFY',
    strategy,
    probability,
    features: {},
    won,
    outcomeReturn: null,
    outcomeAt: new Date(outcomeAt),
    modelVersion: 1,
  };
}

describe('shortcomings', () => {
  it('recommends from each measured weakness, high priority first', () => {
    // 40 trend-following at 0.65 (16 won), 10 breakout at 0.85 (all won): 26 of 50 right, z = 0.28;
    // the 0.6-0.7 bucket won 40% against 65%; trend following won 40% of 40.
    const at = '2025-03-01T10:00:00Z';
    const log = [
      ...Array.from({ length: 40 }, (_, i) => prediction(0.65, i < 16, at)),
      ...Array.from({ length: 10 }, () => prediction(0.85, true, at, 'breakout')),
    ];
    const found = shortcomings({ learning: measureLearning(log, NOW), newsFeedsConfigured: 0 });
    assert.deepEqual(found, [
      {
        title: 'The model does not beat a coin flip',
        description:
          'It called 52% of 50 resolved predictions right; a coin flip calls 50%, and the difference is within ' +
          'chance (z = 0.28, below 1.64).',
        priority: 'high',
      },
      {
        title: 'Recalibrate the confidence',
        description: "Predictions of 0.6-0.7 won 40% of 40 times against the bucket's 65%: 25 points off.",
        priority: 'medium',
      },
      {
        title: 'Review Trend following',
        description: 'Trend following won 40% of 40 trades, below 45%.',
        priority: 'medium',
      },
      {
        title: 'Add a news feed',
        description: 'No news feed is configured, so the model reads no news sentiment.',
        priority: 'low',
      },
      {
        title: 'Too few outcomes to learn from',
        description: '50 predictions have an outcome; the figures firm up from 100.',
        priority: 'low',
      },
    ]);
  });

  it('puts detected drift first with its figures', () => {
    const log = [
      ...Array.from({ length: 200 }, (_, i) => prediction(0.7, i < 140, '2025-02-01T10:00:00Z')),
      ...Array.from({ length: 50 }, (_, i) => prediction(0.3, i >= 25, '2025-03-25T10:00:00Z')),
    ];
    const [first] = shortcomings({ learning: measureLearning(log, NOW), newsFeedsConfigured: 2 });
    assert.deepEqual(first, {
      title: 'Retrain: model drift detected',
      description:
        'The model called 50% of 50 predictions right in the last 14 days against 70% of 200 in the 90 days ' +
        'before (p = 0.004).',
      priority: 'high',
    });
  });

  it('is empty when nothing is weak', () => {
    const found = shortcomings({
      learning: {
        resolved: 500,
        accuracy: 0.6,
        accuracyZ: 4.47,
        beatsCoinFlip: true,
        drift: measureDrift([], NOW),
        calibrationGap: { bucket: '0.6-0.7', mid: 0.65, successRate: 0.62, count: 120, gap: 0.03 },
        strategies: [
          { id: 'breakout', label: 'Breakout', resolved: 100, wins: 55, winRate: 0.55, avgProbability: 0.6 },
        ],
      },
      newsFeedsConfigured: 2,
    });
    assert.deepEqual(found, []);
  });
});

describe('memoryStatus', () => {
  it('counts memories and patterns, and measures retention and resolution', () => {
    assert.deepEqual(
      memoryStatus({
        decisions: 120,
        predictions: 300,
        resolved: 240,
        pruned: 60,
        patterns: 4,
        duePredictions: 250,
        resolvedDue: 240,
      }),
      { total_memories: 420, active_patterns: 4, retention_rate: 0.8, memory_health: 0.96 },
    );
    assert.deepEqual(
      memoryStatus({
        decisions: 0,
        predictions: 0,
        resolved: 0,
        pruned: 0,
        patterns: 0,
        duePredictions: 0,
        resolvedDue: 0,
      }),
      // Nothing kept and nothing due: nothing to measure (not a perfect 100%).
      { total_memories: 0, active_patterns: 0, retention_rate: null, memory_health: null },
    );
  });
});
