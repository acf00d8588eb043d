import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  brierScore,
  calibrate,
  fitIsotonic,
  fitPlatt,
  reliability,
  stepBounds,
  stepOf,
} from './calibration.js';

const near = (actual: number | null, expected: number, tolerance = 1e-9) =>
  assert.ok(actual !== null && Math.abs(actual - expected) < tolerance, `${actual} vs ${expected}`);

describe('isotonic calibration', () => {
  it('pools violators, merges steps below the minimum count and shrinks each toward the base rate', () => {
    // Sorted: 0.1→0, 0.2→1, 0.3→0, 0.4→0, 0.5→1, 0.6→1. Pool adjacent violators: 0 (1), 1/3
    // (0.2-0.4, 3), 1 (0.5, 1), 1 (0.6, 1). At least 2 a step: 0.1's step joins its only neighbour
    // (1 win of 4, from 0.1); then 0.5's step is nearer 0.6's rate (1) than 0.1's (1/4): 2 of 2.
    // Base (3 + 1) / (6 + 2) = 1/2; with k = 2: (1 + 1) / (4 + 2) = 1/3 and (2 + 1) / (2 + 2) = 3/4.
    const fit = fitIsotonic([0.5, 0.1, 0.3, 0.6, 0.2, 0.4], [1, 0, 0, 1, 1, 0], {
      minStepOutcomes: 2,
      priorOutcomes: 2,
    });
    assert.deepEqual(fit, {
      kind: 'isotonic',
      thresholds: [0.1, 0.5],
      values: [1 / 3, 3 / 4],
      counts: [4, 2],
      baseRate: 0.5,
    });
    assert.equal(calibrate(fit, 0.05), 1 / 3);
    assert.equal(calibrate(fit, 0.45), 1 / 3);
    assert.equal(calibrate(fit, 0.55), 3 / 4);
    assert.equal(stepOf(fit, 0.55), 1);
  });

  it('never maps to 1, even when every outcome won', () => {
    // Four wins: four steps of one, merged into one (each the left neighbour on a tie of rates).
    // Base (4 + 1) / (4 + 2) = 5/6; (4 + 2 × 5/6) / (4 + 2) = 17/18.
    const fit = fitIsotonic([0.2, 0.4, 0.6, 0.8], [1, 1, 1, 1], { minStepOutcomes: 2, priorOutcomes: 2 });
    assert.deepEqual(fit.thresholds, [0.2]);
    near(fit.values[0]!, 17 / 18);
    assert.deepEqual(fit.counts, [4]);
    near(calibrate(fit, 0.99), 17 / 18);
    // And none maps to 0 when every outcome lost: base 1/6, 2 × (1/6) / 6 = 1/18.
    near(
      fitIsotonic([0.2, 0.4, 0.6, 0.8], [0, 0, 0, 0], { minStepOutcomes: 2, priorOutcomes: 2 }).values[0]!,
      1 / 18,
    );
  });

  it('merges again where shrinking puts a small step above the larger one after it', () => {
    // 0.1 lost (1 outcome); ten at 0.5 with one win; ten at 0.9 all won. Base (11 + 1) / (21 + 2)
    // = 12/23. Shrunk with k = 2: 0.1 → (24/23) / 3 = 8/23 ≈ 0.348, above 0.5 → (1 + 24/23) / 12 =
    // 47/276 ≈ 0.170: the two merge, 1 win of 11 → (47/23) / 13 = 47/299; 0.9 → (254/23) / 12 = 127/138.
    const predictions = [0.1, ...Array<number>(10).fill(0.5), ...Array<number>(10).fill(0.9)];
    const outcomes = [0, 1, ...Array<number>(9).fill(0), ...Array<number>(10).fill(1)];
    const fit = fitIsotonic(predictions, outcomes, { minStepOutcomes: 1, priorOutcomes: 2 });
    assert.deepEqual(fit.thresholds, [0.1, 0.9]);
    assert.deepEqual(fit.counts, [11, 10]);
    near(fit.baseRate, 12 / 23);
    near(fit.values[0]!, 47 / 299);
    near(fit.values[1]!, 127 / 138);
  });

  it('is one step, the shrunk base rate, with fewer outcomes than a step needs', () => {
    // 3 wins of 5: base 4/7; (3 + 10 × 4/7) / 15 = (61/7) / 15 = 61/105.
    const fit = fitIsotonic([0.1, 0.3, 0.5, 0.7, 0.9], [0, 1, 0, 1, 1]);
    assert.deepEqual(fit.counts, [5]);
    near(fit.values[0]!, 61 / 105);
  });

  it('bounds a step by what its count allows: all losses to all wins', () => {
    // The first case's steps: 4 and 2 outcomes, base 1/2, k = 2: 1/6-5/6 and 1/4-3/4.
    const fit = fitIsotonic([0.5, 0.1, 0.3, 0.6, 0.2, 0.4], [1, 0, 0, 1, 1, 0], {
      minStepOutcomes: 2,
      priorOutcomes: 2,
    });
    assert.deepEqual(stepBounds(fit, 0, 2), [1 / 6, 5 / 6]);
    assert.deepEqual(stepBounds(fit, 1, 2), [1 / 4, 3 / 4]);
  });

  it('refuses a minimum that is not a positive integer and a prior that is not positive', () => {
    assert.throws(() => fitIsotonic([0.5], [1], { minStepOutcomes: 0 }), RangeError);
    assert.throws(() => fitIsotonic([0.5], [1], { priorOutcomes: 0 }), RangeError);
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
