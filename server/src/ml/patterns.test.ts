import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { PredictionRecord } from './audit.js';
import { learnedPatterns, learningInsights } from './patterns.js';

/** 15:30 IST on Monday 31 March 2025. */
const NOW = new Date('2025-03-31T10:00:00Z');
const HOUR = 3600_000;

function prediction(
  probability: number,
  won: boolean | null,
  outcomeAt: Date | null,
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
    outcomeReturn: null,
    outcomeAt,
    modelVersion: 1,
    ...more,
  };
}

/**
 * 100 resolved predictions with RSI 0.00 … 0.99 (i / 100). The lowest fifth (i < 20) wins 16 of
 * 20 and carries the no-news flag; i 20-79 win 30 of 60; the highest fifth (i ≥ 80) wins 10 of 20.
 * Overall 56 of 100. Predicted on 1 January plus i hours, resolved five days later.
 */
function patternLog(): PredictionRecord[] {
  const start = new Date('2025-01-01T04:00:00Z').getTime();
  return Array.from({ length: 100 }, (_, i) => {
    const won = i < 20 ? i < 16 : i < 80 ? i % 2 === 0 : i % 2 === 1;
    const predictedAt = new Date(start + i * HOUR);
    return prediction(0.6, won, new Date(predictedAt.getTime() + 5 * 24 * HOUR), {
      predictedAt,
      features: {
        rsi14: i / 100,
        ...(i < 20 ? { news_sentiment_missing: 1 } : { news_sentiment_missing: 0 }),
      },
    });
  });
}

describe('learnedPatterns', () => {
  it('finds the quintile condition whose win rate differs significantly, with its figures', () => {
    // Low RSI (at or below the 20th value, 0.19): 16/20 against the other 80's 40/80. Pooled 0.56,
    // se = √(0.56 · 0.44 · (1/80 + 1/20)) = 0.124097, z = 0.3 / 0.124097 = 2.4175, two-sided
    // p = 0.01563. High RSI (0.80 and up): 10/20 against 46/80, z = −0.604, p = 0.546: no pattern.
    const log = [
      ...patternLog(),
      // an open prediction with low RSI, seen later: the pattern's last_seen
      prediction(0.6, null, null, {
        predictedAt: new Date('2025-03-30T04:00:00Z'),
        features: { rsi14: 0.1 },
      }),
      // resolved over a year ago: outside the lookback (it would change the counts)
      ...Array.from({ length: 30 }, () =>
        prediction(0.6, false, new Date('2024-03-01T10:00:00Z'), {
          predictedAt: new Date('2024-02-23T04:00:00Z'),
          features: { rsi14: 0.05, news_sentiment_missing: 1 },
        }),
      ),
    ];
    const patterns = learnedPatterns(log, NOW);
    assert.deepEqual(
      patterns.map((p) => [p.name, p.occurrences, p.last_seen, p.description]),
      [
        [
          'RSI (14) at or below 19',
          20,
          '2025-03-30T04:00:00.000Z',
          'Wins 80% of 20 trades against 56% overall (p = 0.016 against the other 80).',
        ],
        [
          'No news sentiment',
          20,
          // i = 19: 1 January 04:00 + 19 hours
          '2025-01-01T23:00:00.000Z',
          'Wins 80% of 20 trades against 56% overall (p = 0.016 against the other 80).',
        ],
      ],
    );
    assert.ok(Math.abs(patterns[0]!.confidence - (1 - 0.015629)) < 1e-5);
  });

  it('needs at least 20 occurrences', () => {
    // 50 predictions: the lowest fifth (10) all won against 10 of the other 40, but 10 is under 20.
    const log = Array.from({ length: 50 }, (_, i) =>
      prediction(0.6, i < 10 || i % 4 === 0, new Date('2025-03-01T10:00:00Z'), {
        features: { rsi14: i / 50 },
      }),
    );
    assert.deepEqual(learnedPatterns(log, NOW), []);
    assert.deepEqual(learnedPatterns([], NOW), []);
  });
});

/**
 * 140 of 200 right in the baseline (trend following at 0.7 on 1 February), 25 of 50 lately
 * (breakout at 0.3 on 25 March, right when lost): drift.test.ts's first case.
 */
function driftLog(): PredictionRecord[] {
  return [
    ...Array.from({ length: 200 }, (_, i) => prediction(0.7, i < 140, new Date('2025-02-01T10:00:00Z'))),
    ...Array.from({ length: 50 }, (_, i) =>
      prediction(0.3, i >= 25, new Date('2025-03-25T10:00:00Z'), { strategy: 'breakout' }),
    ),
  ];
}

describe('learningInsights', () => {
  it('writes drift, coin-flip, calibration and strategy insights with their figures', () => {
    // Accuracy 165/250 = 0.66, z = 0.16 / √(0.25 / 250) = 5.06. Buckets: 0.7-0.8 won 140/200 (70%
    // against 75%), 0.3-0.4 won 25/50 (50% against 35%): the larger gap, 15 points.
    const insights = learningInsights(driftLog(), NOW);
    assert.deepEqual(
      insights.map((i) => [i.title, i.description]),
      [
        [
          'Model drift detected',
          'Right on 50% of 50 predictions resolved lately against 70% of 200 before (z = −2.67, p = 0.004): ' +
            'a significant drop of ten points or more.',
        ],
        [
          'Better than a coin flip',
          'Called 66% of 250 resolved predictions right against 50% for a coin flip (z = 5.06; above 1.64 is ' +
            'significant at 5%).',
        ],
        [
          'Confidence is off at 0.3-0.4',
          "The predictions of 0.3-0.4 won 50% of 50 times against the bucket's 35%, 15 points apart.",
        ],
        [
          'Trend following leads, Breakout trails',
          'Trend following wins 70% of 200 trades; Breakout wins 50% of 50.',
        ],
      ],
    );
    assert.ok(insights.every((i) => i.generated_at === '2025-03-31T10:00:00.000Z'));
  });

  it('says nothing without outcomes', () => {
    assert.deepEqual(learningInsights([prediction(0.6, null, null)], NOW), []);
  });
});
