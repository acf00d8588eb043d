import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  activePhase,
  phaseDrawdown,
  phaseProgress,
  scalingProgress,
  type PhaseHistoryInput,
  type PhaseTrade,
} from './capitalPhase.js';
import type { DayValue } from './returns.js';
import { near } from '../testing/reference.js';

const close = (day: string, value: number, flow = 0): DayValue => ({ day, value, flow, benchmark: null });
const OPENED = { day: '2026-11-02', at: new Date('2026-11-02T03:30:00.000Z') };
const trade = (day: string, netPnl: number): PhaseTrade => ({
  closedAt: new Date(`${day}T06:00:00.000Z`),
  closedDay: day,
  netPnl,
});

describe('the active capital phase', () => {
  it('follows the capital at the phase boundaries, the first phase below ₹5,000', () => {
    assert.deepEqual(
      [4_999, 5_000, 49_999.99, 50_000, 2_00_000, 9_99_999, 10_00_000, 99_99_999, 1_00_00_000].map(
        (capital) => activePhase(capital).phase,
      ),
      [1, 1, 1, 2, 3, 3, 4, 4, 5],
    );
    assert.equal(activePhase(10_00_000).max_position_pct, 6);
  });
});

describe('the drawdown the emergency stop loss reads', () => {
  it('is the fall of the time-weighted value from its peak: flows are neither gains nor losses', () => {
    // Opened with ₹10,00,000; +10%, then a ₹1,00,000 withdrawal on a flat day, then -10%.
    const input: PhaseHistoryInput = {
      closes: [
        close('2026-11-02', 10_00_000, 10_00_000),
        close('2026-11-03', 11_00_000),
        close('2026-11-04', 10_00_000, -1_00_000),
      ],
      now: close('2026-11-05', 9_00_000),
      epoch: OPENED,
    };
    // W: 1, 1.1, 1.1 (the withdrawal taken out), 0.99: 10% below the peak of 3 November.
    const { drawdown, peakDay } = phaseDrawdown(input);
    near(drawdown, 0.99 / 1.1 - 1, 'drawdown');
    assert.equal(peakDay, '2026-11-04', 'the flat day after the peak is a peak too');
    near(phaseDrawdown({ ...input, now: close('2026-11-05', 11_00_000) }).drawdown, 0, 'at a new peak');
  });

  it('starts afresh at a reset: the falls before it are not counted', () => {
    const input: PhaseHistoryInput = {
      closes: [
        close('2026-11-02', 10_00_000, 10_00_000),
        close('2026-11-03', 8_00_000),
        // Reset to ₹10,00,000 on the 4th (a ₹2,00,000 flow), then 2% down by the close.
        close('2026-11-04', 9_80_000, 2_00_000),
      ],
      now: null,
      epoch: { day: '2026-11-04', at: new Date('2026-11-04T03:00:00.000Z') },
    };
    // From the close of the 3rd: (9,80,000 - 2,00,000) / 8,00,000 - 1 = -2.5%, the day's own trading.
    near(phaseDrawdown(input).drawdown, 7.8 / 8 - 1, 'the reset day only');
  });
});

describe('the progress in a phase', () => {
  // Opened on 2 November with ₹1,80,000 (Phase 2), up into Phase 3 on the 4th.
  const history: PhaseHistoryInput = {
    closes: [
      close('2026-11-02', 1_80_000, 1_80_000),
      close('2026-11-03', 1_90_000),
      close('2026-11-04', 2_10_000),
      close('2026-11-05', 2_20_000),
      close('2026-11-06', 2_31_000),
    ],
    now: close('2026-11-09', 2_20_000),
    epoch: OPENED,
  };
  const trades = [
    trade('2026-11-03', 500),
    trade('2026-11-04', 1_000),
    trade('2026-11-05', -400),
    trade('2026-11-06', 300),
  ];

  it('counts the closes in the phase, the exits since it began and the profit since its first close', () => {
    const p = phaseProgress({ ...history, capital: 2_20_000, today: '2026-11-09', trades });
    assert.equal(p.phase.phase, 3);
    assert.equal(p.highestPhase.phase, 3);
    assert.equal(p.startedOn, '2026-11-04');
    assert.equal(p.daysInPhase, 3, 'the closes of the 4th, 5th and 6th');
    assert.equal(p.closedTrades, 3, 'the exits from the 4th on');
    assert.equal(p.winningTrades, 2);
    near(p.successRate, (2 / 3) * 100, 'success rate');
    near(p.profitPct, (2_20_000 / 2_10_000 - 1) * 100, 'profit since the close of the 4th');
    near(p.drawdownPct, (1 - 2_20_000 / 2_31_000) * 100, 'drawdown');
    assert.deepEqual(p.targets, { successRate: false, profit: false, days: false });
    assert.equal(scalingProgress(p, false), 'in_progress');
    assert.equal(scalingProgress(p, true), 'stopped');
  });

  it('reaches back to the account’s start when the value never left the phase', () => {
    const p = phaseProgress({
      closes: [close('2026-11-02', 1_80_000, 1_80_000), close('2026-11-03', 1_90_000)],
      now: close('2026-11-04', 1_98_000),
      epoch: OPENED,
      capital: 1_98_000,
      today: '2026-11-04',
      trades: [trade('2026-11-02', 100), trade('2026-10-30', 50)],
    });
    assert.equal(p.phase.phase, 2);
    assert.equal(p.startedOn, '2026-11-02');
    assert.equal(p.daysInPhase, 2);
    assert.equal(p.closedTrades, 1, 'an exit before the account was opened is not counted');
    near(p.profitPct, 10, '₹1,80,000 to ₹1,98,000');
  });

  it('is scaled down below the highest phase reached, and counts from today when no close is in range', () => {
    // Into Phase 3 at the close of the 4th, back under ₹2,00,000 now (2% down: no emergency stop).
    const p = phaseProgress({
      closes: history.closes.slice(0, 2).concat(close('2026-11-04', 2_02_000)),
      now: close('2026-11-05', 1_97_960),
      epoch: OPENED,
      capital: 1_97_960,
      today: '2026-11-05',
      trades: trades.slice(0, 3),
    });
    assert.equal(p.phase.phase, 2);
    assert.equal(p.highestPhase.phase, 3);
    assert.equal(p.startedOn, '2026-11-05');
    assert.equal(p.daysInPhase, 0);
    assert.equal(p.closedTrades, 1, 'the exit of the 5th');
    near(p.drawdownPct, 2, 'drawdown');
    assert.equal(p.successRate, 0);
    assert.equal(p.profitPct, 0, 'no close in the phase yet');
    assert.equal(scalingProgress(p, false), 'scaled_down');
  });

  it('is ready once the success rate, profit and days of the phase are met', () => {
    // Phase 1 Foundation: 65% of trades won, 8% profit, 15 days.
    const days = Array.from({ length: 16 }, (_, i) => `2026-10-${String(i + 10).padStart(2, '0')}`);
    const closes = days.map((day, i) => close(day, 20_000 + 150 * i, i === 0 ? 20_000 : 0));
    const input = {
      closes,
      now: null,
      epoch: { day: days[0]!, at: new Date(`${days[0]}T03:30:00.000Z`) },
      capital: closes[15]!.value,
      today: days[15]!,
    };
    const winning = [trade(days[3]!, 40), trade(days[5]!, 30), trade(days[9]!, -10)];
    const p = phaseProgress({ ...input, trades: winning });
    assert.equal(p.daysInPhase, 16);
    near(p.profitPct, (22_250 / 20_000 - 1) * 100, 'profit');
    assert.deepEqual(p.targets, { successRate: true, profit: true, days: true });
    assert.equal(scalingProgress(p, false), 'ready');
    const losing = phaseProgress({ ...input, trades: [...winning, trade(days[10]!, -5)] });
    assert.equal(losing.successRate, 50);
    assert.equal(scalingProgress(losing, false), 'in_progress');
  });

  it('is stopped at the phase’s emergency stop loss', () => {
    // Phase 1's emergency stop loss is 5%: ₹20,000 to ₹19,000 is exactly 5%.
    const input = {
      closes: [close('2026-10-12', 20_000, 20_000)],
      now: close('2026-10-13', 19_000),
      epoch: { day: '2026-10-12', at: new Date('2026-10-12T03:30:00.000Z') },
      today: '2026-10-13',
      trades: [],
    };
    assert.equal(scalingProgress(phaseProgress({ ...input, capital: 19_000 }), false), 'stopped');
    const less = { ...input, now: close('2026-10-13', 19_010) };
    assert.equal(scalingProgress(phaseProgress({ ...less, capital: 19_010 }), false), 'in_progress');
  });
});
