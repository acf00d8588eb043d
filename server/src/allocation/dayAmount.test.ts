/** The day's amount and its source, on hand-worked numbers. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { amountOf, dayAmount } from './dayAmount.js';

const table = { conservative: 1.5, moderate: 2.5, aggressive: 4, ai_optimized: null } as const;
const choice = {
  strategy: 'moderate' as const,
  aiEnabled: true,
  manualPct: 3.2,
  direct: null,
  strategyPct: (id: keyof typeof table) => table[id],
  capital: 9_99_480,
};

describe("the day's amount", () => {
  it('is whole ₹1,000 steps of the percentage, rounded down (never more than the percentage)', () => {
    assert.equal(amountOf(2.5, 9_99_480), 24_000, '₹24,987 down to ₹24,000');
    assert.equal(amountOf(2.5, 10_00_000), 25_000);
    assert.equal(amountOf(1.5, 50_000), 0, '₹750 is under one step');
  });

  it('says where it comes from and how it was rounded', () => {
    assert.deepEqual(dayAmount(choice), {
      amount: 24_000,
      source: {
        kind: 'strategy',
        percentage: 2.5,
        strategy: 'moderate',
        label: 'Moderate strategy: 2.5% of ₹9,99,480',
        reason:
          "AI-assisted allocation is on: the Moderate strategy's percentage applies. ₹24,987 is rounded down to whole ₹1,000 steps.",
      },
    });
    assert.deepEqual(dayAmount({ ...choice, aiEnabled: false }).source, {
      kind: 'manual',
      percentage: 3.2,
      strategy: null,
      label: 'Manual 3.2% of ₹9,99,480',
      reason:
        "AI-assisted allocation is off, so the manual percentage applies, not the Moderate strategy's. ₹31,983.36 is rounded down to whole ₹1,000 steps.",
    });
    assert.equal(dayAmount({ ...choice, aiEnabled: false }).amount, 31_000);
  });

  it('falls back to the manual percentage while AI Optimized has no recommendation, and says so', () => {
    const { amount, source } = dayAmount({ ...choice, strategy: 'ai_optimized', capital: 10_00_000 });
    assert.equal(amount, 32_000);
    assert.equal(source.kind, 'manual');
    assert.equal(
      source.reason,
      'AI Optimized has no recommendation now (the market data is not available), so the manual percentage applies.',
    );
  });

  it('is an amount set directly as it was set', () => {
    const { amount, source } = dayAmount({ ...choice, direct: 40_000 });
    assert.equal(amount, 40_000);
    assert.equal(source.label, 'Set directly');
  });
});
