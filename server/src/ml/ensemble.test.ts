import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Ensemble, MODEL_NAMES, trainEnsemble, weightsFromAccuracy } from './ensemble.js';

/** A seeded uniform generator in [0, 1) (a small LCG), so the data are the same every run. */
function uniform(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Rows of 4 features; a row wins when x0 + 0.5 x1 > 0 (x2, x3 are noise). */
function dataset(n: number, seed: number) {
  const next = uniform(seed);
  const rows = Array.from({ length: n }, () => Array.from({ length: 4 }, () => next() * 2 - 1));
  const labels = rows.map(([a, b]) => (a! + 0.5 * b! > 0 ? 1 : 0));
  return { rows, labels };
}

/** Two tight clusters: losses around −2, wins around +2, in every feature. */
function clusters() {
  const next = uniform(7);
  const rows: number[][] = [];
  const labels: number[] = [];
  for (let i = 0; i < 40; i++) {
    const centre = i % 2 === 0 ? -2 : 2;
    rows.push(Array.from({ length: 3 }, () => centre + (next() - 0.5) * 0.4));
    labels.push(i % 2 === 0 ? 0 : 1);
  }
  return { rows, labels };
}

describe('weightsFromAccuracy', () => {
  it('weights each model by max(accuracy − 0.5, floor), normalised', () => {
    const w = weightsFromAccuracy(
      { logistic: 0.7, forest: 0.6, cart: 0.5, naive_bayes: 0.4, knn: null, shallow_forest: 0.55 },
      0.02,
    );
    // raw 0.2, 0.1, 0.02, 0.02, 0.02, 0.05: total 0.41
    const expected = [0.2, 0.1, 0.02, 0.02, 0.02, 0.05].map((x) => x / 0.41);
    MODEL_NAMES.forEach((name, i) => assert.ok(Math.abs(w[name] - expected[i]!) < 1e-12, name));
  });

  it('is equal when no accuracy was measured', () => {
    const none = {
      logistic: null,
      forest: null,
      cart: null,
      naive_bayes: null,
      knn: null,
      shallow_forest: null,
    };
    for (const name of MODEL_NAMES) assert.equal(weightsFromAccuracy(none, 0.02)[name], 1 / 6);
  });
});

describe('trainEnsemble', () => {
  it('gives every model certainty on two clearly separated clusters', () => {
    const { rows, labels } = clusters();
    const ensemble = trainEnsemble(rows, labels, { k: 5 });
    const win = ensemble.predict([2, 2, 2]);
    const loss = ensemble.predict([-2, -2, -2]);
    for (const name of ['forest', 'cart', 'knn', 'shallow_forest'] as const) {
      assert.equal(win.perModel[name], 1, name);
      assert.equal(loss.perModel[name], 0, name);
    }
    assert.ok(win.perModel.logistic > 0.9 && loss.perModel.logistic < 0.1);
    assert.ok(win.perModel.naive_bayes > 0.999 && loss.perModel.naive_bayes < 0.001);
    assert.ok(win.probability > 0.95 && loss.probability < 0.05);
  });

  it('predicts unseen rows well above chance, as the weighted sum of its models', () => {
    const train = dataset(240, 1);
    const test = dataset(100, 2);
    const ensemble = trainEnsemble(train.rows, train.labels);
    let right = 0;
    test.rows.forEach((row, i) => {
      const { probability, perModel } = ensemble.predict(row);
      const weighted = MODEL_NAMES.reduce((sum, name) => sum + ensemble.weights[name] * perModel[name], 0);
      assert.ok(Math.abs(probability - weighted) < 1e-12);
      for (const name of MODEL_NAMES) assert.ok(perModel[name] >= 0 && perModel[name] <= 1, name);
      if ((probability >= 0.5 ? 1 : 0) === test.labels[i]) right += 1;
    });
    assert.ok(right >= 85, `${right} of 100 right`);
    // the held-out accuracies were measured and the weights follow them
    const total = MODEL_NAMES.reduce((sum, name) => sum + ensemble.weights[name], 0);
    assert.ok(Math.abs(total - 1) < 1e-12);
    for (const name of MODEL_NAMES) assert.ok(ensemble.accuracies[name]! > 0.6, name);
  });

  it('is deterministic for a seed and survives a JSON round trip unchanged', () => {
    const train = dataset(120, 3);
    const a = trainEnsemble(train.rows, train.labels, { seed: 11 });
    const b = trainEnsemble(train.rows, train.labels, { seed: 11 });
    assert.deepEqual(a.toJSON(), b.toJSON());
    const stored = JSON.parse(JSON.stringify(a.toJSON())) as unknown;
    const loaded = Ensemble.fromJSON(stored);
    assert.deepEqual(loaded.weights, a.weights);
    for (const row of dataset(20, 4).rows) assert.deepEqual(loaded.predict(row), a.predict(row));
  });

  it('shifts weight away from models that stop being right on newer rows', () => {
    const train = dataset(160, 5);
    const ensemble = trainEnsemble(train.rows, train.labels);
    const newer = dataset(60, 6);
    const flipped = ensemble.reweight(
      newer.rows,
      newer.labels.map((label) => 1 - label),
    );
    // every model is now mostly wrong: all at the floor, so equal weights
    for (const name of MODEL_NAMES) assert.ok(Math.abs(flipped.weights[name] - 1 / 6) < 1e-12, name);
    const same = ensemble.reweight(newer.rows, newer.labels);
    for (const name of MODEL_NAMES) assert.ok(same.accuracies[name]! > 0.7, name);
  });

  it('answers a probability for every model even when one outcome has a single row', () => {
    const rows = Array.from({ length: 12 }, (_, i) => [i, (i * 7) % 5]);
    const ensemble = trainEnsemble(
      rows,
      rows.map((_, i) => (i === 11 ? 1 : 0)),
    );
    for (const row of [
      [11, 2],
      [0, 0],
    ]) {
      const { probability, perModel } = ensemble.predict(row);
      assert.ok(probability >= 0 && probability <= 1);
      for (const name of MODEL_NAMES) assert.ok(perModel[name] >= 0 && perModel[name] <= 1, name);
    }
  });

  it('refuses labels that are not 0/1 or hold only one class, and a broken stored model', () => {
    assert.throws(() => trainEnsemble([[1], [2]], [1, 1]), RangeError);
    assert.throws(() => trainEnsemble([[1], [2]], [0, 2]), RangeError);
    assert.throws(() => Ensemble.fromJSON({ version: 2 }));
  });
});
