import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { aucNeeded, brierSkillScore, outOfSampleSkill, rocAuc, type HeldOut } from './skill.js';

const near = (actual: number | null, expected: number, tolerance = 1e-9) =>
  assert.ok(actual !== null && Math.abs(actual - expected) < tolerance, `${actual} vs ${expected}`);

describe('rocAuc', () => {
  it('is the share of winner-loser pairs ranked the right way, ties counting half', () => {
    // Losers 0.1 and 0.4, winners 0.35 and 0.8: of the 4 pairs, 3 are in order.
    assert.equal(rocAuc([0.1, 0.4, 0.35, 0.8], [0, 0, 1, 1]), 0.75);
    // Every score alike: every pair a tie.
    assert.equal(rocAuc([0.5, 0.5, 0.5, 0.5], [0, 1, 0, 1]), 0.5);
    assert.equal(rocAuc([0.9, 0.1], [1, 0]), 1);
  });

  it('is not measured without both a winner and a loser', () => {
    assert.equal(rocAuc([0.2, 0.7], [1, 1]), null);
    assert.equal(rocAuc([], []), null);
  });
});

describe('aucNeeded', () => {
  it('is 0.5 plus 1.645 null standard errors', () => {
    // 50 and 50: √(101 / (12 × 2500)) = 0.058023; × 1.645 = 0.095448.
    near(aucNeeded(50, 50), 0.5 + 1.645 * Math.sqrt(101 / 30_000));
    near(aucNeeded(50, 50), 0.595448, 1e-6);
    assert.throws(() => aucNeeded(0, 10), RangeError);
  });
});

describe('brierSkillScore', () => {
  it('compares the Brier score with always predicting the base rate', () => {
    // Brier (0.04 + 0.04 + 0.16 + 0.16) / 4 = 0.1 against 0.5 × 0.5: 1 − 0.4 = 0.6.
    near(brierSkillScore([0.8, 0.2, 0.6, 0.4], [1, 0, 1, 0]), 0.6);
    // The base rate itself scores 0.
    near(brierSkillScore([0.5, 0.5], [1, 0]), 0);
    assert.equal(brierSkillScore([0.9, 0.8], [1, 1]), null);
    assert.equal(brierSkillScore([], []), null);
  });
});

/** `count` held-out predictions of `fold` at `probability`, the first `wins` of them won. */
const block = (fold: number, probability: number, count: number, wins: number): HeldOut[] =>
  Array.from({ length: count }, (_, i) => ({ fold, probability, label: i < wins ? 1 : 0 }));

describe('outOfSampleSkill', () => {
  it('finds skill where the ranking is clearly above chance and the calibrated probabilities beat the base rate', () => {
    // Each of two folds: 100 at 0.2 with 20 wins, 100 at 0.8 with 80.
    const heldOut = [0, 1].flatMap((fold) => [...block(fold, 0.2, 100, 20), ...block(fold, 0.8, 100, 80)]);
    const skill = outOfSampleSkill(heldOut);
    // AUC over the 200 × 200 pairs: 160 × 160 in order, (40 × 160) × 2 tied, 40 × 40 out of order:
    // (25,600 + 6,400) / 40,000 = 0.8, above 0.5 + 1.645 √(401 / 480,000) = 0.547547.
    near(skill.auc, 0.8);
    near(skill.aucNeeded, 0.5 + 1.645 * Math.sqrt(401 / 480_000));
    // Fold 1 calibrated by fold 0's map: base 101/202 = 0.5, steps (20 + 5) / 110 = 5/22 and
    // (80 + 5) / 110 = 17/22. Brier per group (289 × 20 + 25 × 80) / 484 / 100, the same for
    // both: 7,780 / 48,400; skill 1 − (7,780 / 48,400) / 0.25 = 216/605.
    near(skill.brierSkill, 216 / 605);
    assert.equal(skill.baseRate, 0.5);
    assert.equal(skill.samples, 400);
    assert.equal(skill.hasSkill, true);
  });

  it('finds none in a perfect ranking its calibration cannot use yet: too few outcomes for two steps', () => {
    // Perfectly ranked (AUC 1, above 0.5 + 1.645 √(9 / 192) = 0.856), but fold 0's 4 outcomes make
    // one step: base (2 + 1) / 6 = 0.5, (2 + 10 × 0.5) / 14 = 0.5 for every fold-1 signal, no
    // better than fold 1's base rate of 0.5: Brier skill 0.
    const heldOut: HeldOut[] = [
      { fold: 0, probability: 0.2, label: 0 },
      { fold: 0, probability: 0.4, label: 0 },
      { fold: 0, probability: 0.6, label: 1 },
      { fold: 0, probability: 0.8, label: 1 },
      { fold: 1, probability: 0.3, label: 0 },
      { fold: 1, probability: 0.5, label: 0 },
      { fold: 1, probability: 0.7, label: 1 },
      { fold: 1, probability: 0.9, label: 1 },
    ];
    const skill = outOfSampleSkill(heldOut);
    assert.equal(skill.auc, 1);
    near(skill.aucNeeded, 0.5 + 1.645 * Math.sqrt(9 / 192));
    near(skill.brierSkill, 0);
    assert.equal(skill.hasSkill, false);
  });

  it('finds none in a ranking no better than chance', () => {
    // Each fold: 60 at 0.3 and 60 at 0.7, half of each won: AUC 0.5.
    const heldOut = [0, 1].flatMap((fold) => [...block(fold, 0.3, 60, 30), ...block(fold, 0.7, 60, 30)]);
    const skill = outOfSampleSkill(heldOut);
    near(skill.auc, 0.5);
    assert.equal(skill.hasSkill, false);
  });

  it('measures no Brier skill with one fold, and judges by the AUC alone', () => {
    const skill = outOfSampleSkill([...block(0, 0.2, 100, 20), ...block(0, 0.8, 100, 80)]);
    near(skill.auc, 0.8);
    assert.equal(skill.brierSkill, null);
    assert.equal(skill.hasSkill, true);
  });
});
