import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { trainEnsemble } from './ensemble.js';
import { localSurrogate, logisticContributions, permutationImportance } from './explain.js';

const near = (actual: number, expected: number, tolerance: number) =>
  assert.ok(Math.abs(actual - expected) < tolerance, `${actual} vs ${expected}`);

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

describe('localSurrogate', () => {
  const standardiser = { means: [1, 10, 0], stds: [2, 5, 1] };
  // the row's standard scores: (3 − 1) / 2 = 1, (0 − 10) / 5 = −2, (4 − 0) / 1 = 4
  const row = [3, 0, 4];

  it('recovers the slopes of a linear predictor, times the row’s standard scores', () => {
    // per standard deviation: 0.1 · 2 = 0.2, −0.02 · 5 = −0.1, 0; contributions 0.2 · 1, −0.1 · −2, 0 · 4
    const predict = (x: readonly number[]) => 0.3 + 0.1 * x[0]! - 0.02 * x[1]!;
    const contributions = localSurrogate(predict, row, standardiser, { seed: 3 });
    assert.equal(contributions.length, 3);
    near(contributions[0]!, 0.2, 1e-3);
    near(contributions[1]!, 0.2, 1e-3);
    near(contributions[2]!, 0, 1e-3);
  });

  it('gives about 0 to a feature a non-linear predictor ignores, and the same answer for a seed', () => {
    const predict = (x: readonly number[]) => 1 / (1 + Math.exp(-(x[0]! - 2)));
    const contributions = localSurrogate(predict, row, standardiser, { seed: 5 });
    // the read feature: about 0.33 (the curve's slope near the row); the ignored ones only the
    // sampling noise of 200 perturbations, under a tenth of that
    const [read, ignored1, ignored2] = contributions as [number, number, number];
    assert.ok(read > 0.3 && read < 0.37, `${read}`);
    assert.ok(Math.abs(ignored1) < read / 10 && Math.abs(ignored2) < read / 10, `${ignored1} ${ignored2}`);
    assert.deepEqual(localSurrogate(predict, row, standardiser, { seed: 5 }), contributions);
    assert.notDeepEqual(localSurrogate(predict, row, standardiser, { seed: 6 }), contributions);
  });

  it('refuses too few samples', () => {
    assert.throws(() => localSurrogate(() => 0.5, row, standardiser, { samples: 3 }), RangeError);
  });
});
