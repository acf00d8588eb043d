/** The loss-limit state on hand-worked series. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lossLimitState } from './lossLimits.js';
import type { DayValue } from './returns.js';
import { near } from '../testing/reference.js';

const point = (day: string, value: number, flow = 0): DayValue => ({ day, value, flow, benchmark: null });
const limits = { weekly_loss_limit: 50_000, monthly_loss_limit: 100_000, max_drawdown_limit: 0.15 };

describe('loss limits', () => {
  // Opened Thu 2026-10-29 with ₹10,00,000; Fri 30th ₹10,20,000; Mon 2 Nov (a new week and month)
  // ₹9,80,000; Wed 4 Nov ₹9,60,000 after ₹50,000 was paid in on Tuesday (₹10,10,000 on Tue 3rd).
  const series = [
    point('2026-10-29', 1_000_000, 1_000_000),
    point('2026-10-30', 1_020_000),
    point('2026-11-02', 980_000),
    point('2026-11-03', 1_010_000, 50_000),
    point('2026-11-04', 960_000),
  ];

  it('measures the week and the month from the last close before they began, net of deposits', () => {
    const state = lossLimitState(series, '2026-11-04', limits);
    near(state.weekLoss, 1_020_000 + 50_000 - 960_000, 'week'); // ₹1,10,000 since Friday's close
    near(state.monthLoss, 1_020_000 + 50_000 - 960_000, 'month'); // the month began on Sunday the 1st
    assert.deepEqual(state.breaches, [
      "This week's loss ₹1,10,000 is past the ₹50,000 weekly loss limit.",
      "This month's loss ₹1,10,000 is past the ₹1,00,000 monthly loss limit.",
    ]);
  });

  it('counts an account younger than the week from what was paid in', () => {
    const state = lossLimitState(series.slice(0, 2), '2026-10-30', limits);
    near(state.weekLoss, 1_000_000 - 1_020_000, 'a gain is a negative loss');
    assert.deepEqual(state.breaches, []);
  });

  it('puts the account in the reducing state past the max drawdown, flows aside', () => {
    // ₹10,00,000 -> ₹8,40,000 is 16% below the peak; the ₹2,00,000 deposit on the 3rd does not hide it.
    const state = lossLimitState(
      [
        point('2026-10-29', 1_000_000, 1_000_000),
        point('2026-10-30', 900_000),
        point('2026-11-02', 1_040_000, 200_000),
      ],
      '2026-11-02',
      { ...limits, weekly_loss_limit: 1e9, monthly_loss_limit: 1e9 },
    );
    near(state.drawdown, 0.9 * (840_000 / 900_000) - 1, 'drawdown'); // -16%
    assert.deepEqual(state.breaches, ['The account is 16% below its peak, past the 15% max drawdown limit.']);
  });
});
