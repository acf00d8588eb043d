import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { trainEnsemble } from './ensemble.js';
import { logisticContributions, permutationImportance } from './explain.js';

function uniform(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** 3 features; a row wins when x0 + 0.3 x1 > 0; x2 is noise. */
function dataset(n: number, seed: number) {
  const next = uniform(seed);
  const rows = Array.from({ length: n }, () => [next() * 2 - 1, next() * 2 - 1, next() * 2 - 1]);
  return { rows, labels: rows.map(([a, b]) => (a! + 0.3 * b! > 0 ? 1 : 0)) };
}

describe('logisticContributions', () => {
  it('adds up exactly to the logistic model’s own probability, led by the deciding feature', () => {
    const { rows, labels } = dataset(150, 1);
    const ensemble = trainEnsemble(rows, labels);
    const row = [0.6, -0.2, 0.1];
    const explanation = logisticContributions(ensemble, row);
    const { coefficients, intercept } = ensemble.logisticCoefficients();
    const z = ensemble.standardiser.means.map((mean, j) => (row[j]! - mean) / ensemble.standardiser.stds[j]!);
    assert.deepEqual(
      explanation.contributions,
      z.map((value, j) => coefficients[j]! * value),
    );
    assert.equal(
      explanation.logOdds,
      explanation.contributions.reduce((sum, c) => sum + c, intercept),
    );
    assert.ok(Math.abs(explanation.probability - ensemble.predict(row).perModel.logistic) < 1e-12);
    const [first, second, noise] = explanation.contributions.map(Math.abs) as [number, number, number];
    assert.ok(first > second && first > noise);
  });
});

describe('permutationImportance', () => {
  it('is exactly 0 for a feature the predictor ignores and positive for the one it reads', () => {
    const rows = [
      [0.9, 5],
      [0.1, 3],
      [0.8, 1],
      [0.2, 7],
      [0.7, 2],
      [0.3, 4],
    ];
    const labels = [1, 0, 1, 0, 1, 0];
    const importance = permutationImportance((row) => row[0]!, rows, labels, { repeats: 20 });
    assert.equal(importance[1], 0);
    assert.ok(importance[0]! > 0.1);
    // seeded: the same answer twice
    assert.deepEqual(
      permutationImportance((row) => row[0]!, rows, labels, { repeats: 20 }),
      importance,
    );
  });

  it('ranks the ensemble’s features by how much the outcome depends on them', () => {
    const train = dataset(200, 2);
    const validation = dataset(80, 3);
    const ensemble = trainEnsemble(train.rows, train.labels);
    const [x0, x1, noise] = permutationImportance(
      (row) => ensemble.predict(row).probability,
      validation.rows,
      validation.labels,
    ) as [number, number, number];
    assert.ok(x0 > x1 && x1 > noise, `${x0} ${x1} ${noise}`);
  });
});
