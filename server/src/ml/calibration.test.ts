import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { brierScore, calibrate, fitIsotonic, fitPlatt, reliability } from './calibration.js';

const near = (actual: number | null, expected: number, tolerance = 1e-9) =>
  assert.ok(actual !== null && Math.abs(actual - expected) < tolerance, `${actual} vs ${expected}`);

describe('isotonic calibration', () => {
  it('pools the violators into a non-decreasing step function', () => {
    // sorted: 0.1→0, 0.2→1, 0.3→0, 0.4→0, 0.5→1, 0.6→1. 0.2..0.4 pool to 1/3.
    const fit = fitIsotonic([0.5, 0.1, 0.3, 0.6, 0.2, 0.4], [1, 0, 0, 1, 1, 0]);
    assert.deepEqual(fit.thresholds, [0.1, 0.2, 0.5, 0.6]);
    assert.deepEqual(fit.values, [0, 1 / 3, 1, 1]);
    assert.equal(calibrate(fit, 0.05), 0);
    assert.equal(calibrate(fit, 0.35), 1 / 3);
    assert.equal(calibrate(fit, 0.55), 1);
  });

  it('pools tied predictions before comparing', () => {
    const fit = fitIsotonic([0.7, 0.7, 0.7, 0.7, 0.2, 0.2], [1, 1, 1, 0, 0, 1]);
    assert.deepEqual(fit.thresholds, [0.2, 0.7]);
    assert.deepEqual(fit.values, [0.5, 0.75]);
  });
});

describe('Platt calibration', () => {
  it('finds the curve through two groups’ win rates', () => {
    // four at 0.5 (log-odds 0) with 1 win, four at 0.75 (log-odds ln 3) with 3 wins:
    // σ(b) = 1/4 gives b = −ln 3; σ(a ln 3 − ln 3) = 3/4 gives a = 2.
    const fit = fitPlatt([0.5, 0.5, 0.5, 0.5, 0.75, 0.75, 0.75, 0.75], [1, 0, 0, 0, 1, 1, 1, 0]);
    near(fit.a, 2);
    near(fit.b, -Math.log(3));
    near(calibrate(fit, 0.5), 0.25);
    near(calibrate(fit, 0.75), 0.75);
  });
});

describe('reliability', () => {
  it('counts, win rate and accuracy by confidence bucket', () => {
    const table = reliability([0.1, 0.2, 0.6, 0.7, 0.8, 1], [0, 1, 1, 0, 1, 1], 2);
    assert.deepEqual(
      { ...table[0], meanPredicted: null },
      { from: 0, to: 0.5, count: 2, meanPredicted: null, winRate: 0.5, accuracy: 0.5 },
    );
    near(table[0]!.meanPredicted, 0.15);
    assert.equal(table[1]!.count, 4);
    near(table[1]!.meanPredicted, 0.775);
    assert.equal(table[1]!.winRate, 0.75);
    assert.equal(table[1]!.accuracy, 0.75);
  });

  it('leaves an empty bucket empty rather than inventing a rate', () => {
    const table = reliability([0.95], [1], 4);
    assert.deepEqual(
      table.map((b) => b.count),
      [0, 0, 0, 1],
    );
    assert.equal(table[0]!.winRate, null);
  });
});

describe('brierScore', () => {
  it('is the mean squared miss', () => {
    near(brierScore([0.9, 0.2, 0.6], [1, 0, 0]), 0.41 / 3);
    assert.equal(brierScore([0.5, 0.5], [0, 1]), 0.25);
    assert.throws(() => brierScore([1.2], [1]), RangeError);
  });
});
