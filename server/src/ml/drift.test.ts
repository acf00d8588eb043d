import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { detectDrift } from './drift.js';

const near = (actual: number, expected: number, tolerance: number) =>
  assert.ok(Math.abs(actual - expected) < tolerance, `${actual} vs ${expected}`);

describe('detectDrift', () => {
  it('detects a large, significant drop', () => {
    // 70% of 200 vs 50% of 50: pooled 165/250 = 0.66, se = √(0.66 × 0.34 × (1/200 + 1/50)) = √0.00561
    // = 0.074900, z = −0.2 / 0.074900 = −2.6702, p = Φ(−2.6702) = 0.00379.
    const drift = detectDrift({ correct: 140, total: 200 }, { correct: 25, total: 50 });
    assert.equal(drift.baseline, 0.7);
    assert.equal(drift.recent, 0.5);
    near(drift.delta, -0.2, 1e-12);
    near(drift.z, -0.2 / Math.sqrt(0.66 * 0.34 * 0.025), 1e-12);
    near(drift.z, -2.6702, 1e-4);
    near(drift.p, 0.00379, 1e-5);
    assert.equal(drift.drift_detected, true);
  });

  it('does not call a twelve-point drop on too few decisions drift', () => {
    // 60% of 200 vs 48% of 50: pooled 0.576, se 0.078138, z = −1.5357, p = 0.0623 ≥ 0.05.
    const drift = detectDrift({ correct: 120, total: 200 }, { correct: 24, total: 50 });
    near(drift.z, -1.5357, 1e-4);
    near(drift.p, 0.0623, 1e-4);
    assert.equal(drift.drift_detected, false);
  });

  it('does not call a significant drop of under ten points drift', () => {
    // 60% vs 55% of 5,000 each: pooled 0.575, se = √(0.575 × 0.425 × 0.0004) = 0.0098869,
    // z = −5.0572, p ≈ 2.1e-7: significant, but only five points.
    const drift = detectDrift({ correct: 3000, total: 5000 }, { correct: 2750, total: 5000 });
    near(drift.z, -0.05 / Math.sqrt(0.575 * 0.425 * 0.0004), 1e-9);
    assert.ok(drift.p < 1e-6);
    assert.equal(drift.drift_detected, false);
  });

  it('counts an exact ten-point significant drop, and never flags an improvement', () => {
    // 60% vs 50% of 400 each: pooled 0.55, se = √(0.55 × 0.45 × 0.005) = 0.035178, z = −2.8427, p = 0.00224.
    const drop = detectDrift({ correct: 240, total: 400 }, { correct: 200, total: 400 });
    near(drop.p, 0.00224, 1e-5);
    assert.equal(drop.drift_detected, true);
    const better = detectDrift({ correct: 200, total: 400 }, { correct: 240, total: 400 });
    near(better.p, 1 - 0.00224, 1e-5);
    assert.equal(better.drift_detected, false);
  });

  it('reads no change when both are all right, and refuses impossible counts', () => {
    const same = detectDrift({ correct: 10, total: 10 }, { correct: 5, total: 5 });
    assert.deepEqual([same.z, same.p, same.drift_detected], [0, 0.5, false]);
    assert.throws(() => detectDrift({ correct: 3, total: 0 }, { correct: 1, total: 2 }), RangeError);
    assert.throws(() => detectDrift({ correct: 3, total: 2 }, { correct: 1, total: 2 }), RangeError);
  });
});
