import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { SignalPrediction } from '@nivesh/api-contract';
import type { StrategySignal } from './strategies.js';
import { confidenceLine, withMlConfidence, type MarketRead } from './service.js';

const signal = (symbol: string, kind: StrategySignal['signal'], confidence: number) =>
  ({ symbol, signal: kind, confidence }) as StrategySignal;

/** Model v7's prediction at `probability`, with or without skill. */
function prediction(probability: number, hasSkill: boolean): SignalPrediction {
  return {
    probability,
    raw_probability: 0.6,
    model_version: 'v7',
    skill: {
      auc: hasSkill ? 0.58 : 0.51,
      auc_needed: 0.53,
      brier_skill: hasSkill ? 0.02 : -0.01,
      base_rate: 0.44,
      samples: 1_204,
      has_skill: hasSkill,
    },
    cannot_tell_apart: hasSkill ? null : 'Model v7 cannot tell signals apart: its out-of-sample AUC is 0.51.',
    explanation: { linear: [], local_surrogate: [], permutation: [] },
  };
}

const read = (hasSkill: boolean): MarketRead => ({
  signals: [signal('INFY', 'BUY', 0.62), signal('TCS', 'BUY', 0.55), signal('ITC', 'SELL', 0.7)],
  predictions: new Map([['INFY', prediction(0.71, hasSkill)]]),
  volatility: 0.14,
});

describe('withMlConfidence', () => {
  it("sets a scored BUY's confidence to the probability of a model with skill", () => {
    assert.deepEqual(
      withMlConfidence(read(true)).map((s) => [s.symbol, s.confidence]),
      [
        ['INFY', 0.71],
        ['TCS', 0.55],
        ['ITC', 0.7],
      ],
    );
    assert.equal(
      confidenceLine(read(true)),
      "Confidence is the ML model's calibrated probability of a win after charges (v7) for the 1 BUY signals it scored.",
    );
  });

  it("keeps every strategy's own confidence when the model has no skill, and says why", () => {
    assert.deepEqual(
      withMlConfidence(read(false)).map((s) => [s.symbol, s.confidence]),
      [
        ['INFY', 0.62],
        ['TCS', 0.55],
        ['ITC', 0.7],
      ],
    );
    assert.equal(
      confidenceLine(read(false)),
      'Model v7 cannot tell signals apart: its out-of-sample AUC is 0.51.',
    );
  });

  it('says so when no model scored the signals', () => {
    assert.equal(
      confidenceLine({ ...read(true), predictions: new Map() }),
      'No ML model is trained yet: confidence is each strategy’s own.',
    );
  });
});
