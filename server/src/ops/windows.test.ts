/**
 * The monitors' window arithmetic and the auto-scaler's rule, on hand-worked numbers.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { COOLDOWN_MS, evaluateScaling } from './autoScaler.js';
import { createDurationRing, heldFor, percentile, windowMean, type CpuSample } from './windows.js';

const MIN = 60_000;

/** `count` contiguous 5 s samples ending at `end`, each with host CPU `cpu`. */
function run(end: number, count: number, cpu: number): CpuSample[] {
  return Array.from({ length: count }, (_, i) => {
    const at = end - (count - 1 - i) * 5_000;
    return { from: at - 5_000, at, hostCpu: cpu, processCpu: cpu / 2 };
  });
}

describe('percentile (nearest rank)', () => {
  it('picks the smallest value with at least p% at or below it', () => {
    // Ranks: p50 of 4 values = ceil(2) = 2nd; p95 = ceil(3.8) = 4th; p25 = ceil(1) = 1st.
    assert.equal(percentile([40, 10, 30, 20], 50), 20);
    assert.equal(percentile([40, 10, 30, 20], 95), 40);
    assert.equal(percentile([40, 10, 30, 20], 25), 10);
    // 10 values 1..10: p99 = ceil(9.9) = 10th, p50 = 5th.
    const ten = [3, 1, 4, 10, 5, 9, 2, 6, 8, 7];
    assert.equal(percentile(ten, 99), 10);
    assert.equal(percentile(ten, 50), 5);
    assert.equal(percentile([7], 0), 7);
    assert.equal(percentile([], 50), 0);
  });
});

describe('the duration ring', () => {
  it('keeps the latest requests only, and answers those within the window', () => {
    const ring = createDurationRing(3);
    ring.add(1_000, 5);
    ring.add(2_000, 50);
    ring.add(61_500, 7);
    // Window (1_500, 61_500]: the 2_000 and 61_500 requests.
    assert.deepEqual(ring.within(61_500, 60_000).sort(), [50, 7].sort());
    // A fourth request overwrites the oldest (5 ms at 1_000).
    ring.add(61_600, 9);
    assert.deepEqual(
      ring.within(61_600, 100_000).sort((a, b) => a - b),
      [7, 9, 50],
    );
  });
});

describe('windowMean', () => {
  it('weights each sample by its length, over the samples ending in the window', () => {
    const samples: CpuSample[] = [
      { from: 0, at: 10_000, hostCpu: 90, processCpu: 0 },
      { from: 10_000, at: 40_000, hostCpu: 50, processCpu: 0 },
      { from: 40_000, at: 50_000, hostCpu: 20, processCpu: 0 },
    ];
    // Window (0, 50_000]: (90×10 + 50×30 + 20×10) / 50 = 2600 / 50 = 52.
    assert.equal(
      windowMean(samples, 50_000, 50_000, (s) => s.hostCpu),
      52,
    );
    // Window (30_000, 50_000]: the last two, (50×30 + 20×10) / 40 = 42.5.
    assert.equal(
      windowMean(samples, 50_000, 20_000, (s) => s.hostCpu),
      42.5,
    );
    assert.equal(
      windowMean(samples, 200_000, 60_000, (s) => s.hostCpu),
      null,
    );
  });
});

describe('heldFor', () => {
  const above = (s: CpuSample) => s.hostCpu > 85;
  it('measures the unbroken run ending with the latest sample', () => {
    // 4 samples at 50%, then 6 at 90%: the run is 6 × 5 s = 30 s.
    const samples = [...run(20_000, 4, 50), ...run(50_000, 6, 90)];
    assert.equal(heldFor(samples, 50_000, 15_000, above), 30_000);
    // The latest below: nothing held.
    assert.equal(heldFor([...samples, ...run(55_000, 1, 40)], 55_000, 15_000, above), 0);
  });
  it('is broken by a gap and is nothing when the latest sample is stale', () => {
    // 3 samples ending at 15_000, a gap to 40_000 (25 s > 15 s), then 2 samples.
    const samples = [...run(15_000, 3, 90), ...run(45_000, 2, 90)];
    assert.equal(heldFor(samples, 45_000, 15_000, above), 10_000);
    assert.equal(heldFor(samples, 61_000, 15_000, above), 0);
  });
});

describe('evaluateScaling', () => {
  const now = 100 * MIN;
  it('scales up after 15 minutes above 85%, not a sample sooner', () => {
    // 180 samples × 5 s = 15 minutes, all at 90%.
    const full = evaluateScaling({ samples: run(now, 180, 90), now, instances: 1, lastDecisionAt: null });
    assert.equal(full.aboveMs, 15 * MIN);
    assert.deepEqual(full.decision, {
      action: 'scale_up',
      cpuPercent: 90,
      instancesAfter: 2,
      reason: 'Host CPU above 85% for 15 minutes (mean 90%): one more instance (1 to 2).',
    });
    // 179 samples: 14 min 55 s.
    const short = evaluateScaling({ samples: run(now, 179, 90), now, instances: 1, lastDecisionAt: null });
    assert.equal(short.aboveMs, 15 * MIN - 5_000);
    assert.equal(short.decision, null);
    // One sample at 85% (not above) inside the window resets the run.
    const samples = run(now, 180, 90);
    samples[10] = { ...samples[10]!, hostCpu: 85 };
    assert.equal(evaluateScaling({ samples, now, instances: 1, lastDecisionAt: null }).decision, null);
  });

  it('never goes above 2 instances or below 1', () => {
    assert.equal(
      evaluateScaling({ samples: run(now, 180, 95), now, instances: 2, lastDecisionAt: null }).decision,
      null,
    );
    const low = evaluateScaling({ samples: run(now, 120, 10), now, instances: 1, lastDecisionAt: null });
    assert.equal(low.belowMs, 10 * MIN);
    assert.equal(low.decision, null);
  });

  it('scales down after 10 minutes below 30% with two instances; the mean is of the window', () => {
    // 60 samples at 25% then 60 at 15%: 10 minutes below 30%, mean (25 + 15) / 2 = 20.
    const samples = [...run(now - 5 * MIN, 60, 25), ...run(now, 60, 15)];
    const verdict = evaluateScaling({ samples, now, instances: 2, lastDecisionAt: null });
    assert.deepEqual(verdict.decision, {
      action: 'scale_down',
      cpuPercent: 20,
      instancesAfter: 1,
      reason: 'Host CPU below 30% for 10 minutes (mean 20%): one instance fewer (2 to 1).',
    });
  });

  it('waits out the cooldown after a decision', () => {
    const samples = run(now, 180, 90);
    const last = now - COOLDOWN_MS + 1;
    const cooling = evaluateScaling({ samples, now, instances: 1, lastDecisionAt: last });
    assert.equal(cooling.decision, null);
    assert.equal(cooling.cooldownUntil, last + COOLDOWN_MS);
    const after = evaluateScaling({ samples, now, instances: 1, lastDecisionAt: now - COOLDOWN_MS });
    assert.equal(after.decision?.action, 'scale_up');
    assert.equal(after.cooldownUntil, null);
  });
});
