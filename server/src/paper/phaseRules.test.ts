import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PRODUCTION_PHASES } from '@nivesh/api-contract';
import {
  checkPhaseRules,
  emergencyStopReason,
  phaseHistoryOf,
  type PhaseBook,
  type PhaseOrder,
} from './phaseRules.js';

const TEN_LAKH = 100_000_000; // ₹10,00,000 in paise
const book = (overrides: Partial<PhaseBook> = {}): PhaseBook => ({
  accountValuePaise: TEN_LAKH,
  positionQuantity: 0,
  dayLossPaise: 0,
  ...overrides,
});
const buy = (overrides: Partial<PhaseOrder> = {}): PhaseOrder => ({
  symbol: 'INFY',
  side: 'BUY',
  quantity: 10,
  pricePaise: 150_000, // ₹1,500
  ...overrides,
});

describe('the capital phase’s limits on an order', () => {
  it('max position: names the phase, the rule and the figures', () => {
    // ₹10,00,000 is Phase 4 Professional: 6%, ₹60,000, in one position. 138 × ₹1,500 = ₹2,07,000.
    assert.deepEqual(checkPhaseRules(buy({ quantity: 138 }), book()), {
      limit: 'capital_phase',
      message:
        'Phase 4 Professional allows at most 6% of capital (₹60,000 of ₹10,00,000) in one position; this buy would make INFY ₹2,07,000 (20.7%)',
    });
    assert.equal(checkPhaseRules(buy({ quantity: 40 }), book()), null, '₹60,000 is at most 6%');
    // The position already held (open orders included) counts: 30 held + 11 = ₹61,500.
    assert.equal(
      checkPhaseRules(buy({ quantity: 11 }), book({ positionQuantity: 30 }))?.limit,
      'capital_phase',
    );
  });

  it('max position: the phase follows the capital, and a short counts by its size', () => {
    // ₹1,20,000 is Phase 2 Growth: 4%, ₹4,800. Selling 4 short at ₹1,500 makes a ₹6,000 short.
    assert.deepEqual(
      checkPhaseRules(buy({ side: 'SELL', quantity: 4 }), book({ accountValuePaise: 12_000_000 })),
      {
        limit: 'capital_phase',
        message:
          'Phase 2 Growth allows at most 4% of capital (₹4,800 of ₹1,20,000) in one position; this sell would make the INFY short ₹6,000 (5%)',
      },
    );
    assert.equal(
      checkPhaseRules(buy({ side: 'SELL', quantity: 3 }), book({ accountValuePaise: 12_000_000 })),
      null,
    );
  });

  it('max daily loss: once today’s loss reaches the phase’s share of the capital, no new position today', () => {
    // Phase 4: 3% of ₹10,00,000 = ₹30,000.
    assert.deepEqual(checkPhaseRules(buy(), book({ dayLossPaise: 3_000_000 })), {
      limit: 'capital_phase',
      message:
        "Phase 4 Professional allows a loss of at most 3% of capital in a day (₹30,000 of ₹10,00,000); today's loss is ₹30,000 (3%), so no position may be opened or grown today. Orders that reduce a position are still accepted",
    });
    assert.equal(checkPhaseRules(buy(), book({ dayLossPaise: 2_999_900 })), null, '₹29,999 is under it');
  });

  it('min ML confidence: an automated entry below the phase’s minimum, or without one, is refused', () => {
    const automated = (confidence: number | null) => ({ automated: true, confidence });
    assert.deepEqual(checkPhaseRules(buy(), book(), automated(0.62)), {
      limit: 'capital_phase',
      message:
        "Phase 4 Professional needs an ML confidence of at least 0.63 for an automated entry; this one's is 0.62",
    });
    assert.equal(
      checkPhaseRules(buy(), book(), automated(null))?.message,
      "Phase 4 Professional needs an ML confidence of at least 0.63 for an automated entry; this one's has none",
    );
    assert.equal(checkPhaseRules(buy(), book(), automated(0.63)), null);
    assert.equal(
      checkPhaseRules(buy(), book(), { automated: false, confidence: 0.1 }),
      null,
      'a manual order',
    );
  });

  it('never refuses an order that only reduces a position', () => {
    const breached = book({ positionQuantity: 100, dayLossPaise: 50_000_000 });
    assert.equal(
      checkPhaseRules(buy({ side: 'SELL', quantity: 100 }), breached, { automated: true, confidence: 0 }),
      null,
    );
    // Selling 120 of 100 held opens a short of 20: that part is checked (₹30,000 is within 6%, but
    // today's loss is past 3%).
    assert.equal(checkPhaseRules(buy({ side: 'SELL', quantity: 120 }), breached)?.limit, 'capital_phase');
  });
});

describe('the emergency stop loss', () => {
  it('names the phase, the fall, the peak and the value now', () => {
    const p4 = PRODUCTION_PHASES[3]!;
    assert.equal(
      emergencyStopReason(p4, -0.0825, 91_750_000, '2026-11-17'),
      "Phase 4 Professional emergency stop loss: the account is 8.25% below its peak of 2026-11-17 (time-weighted, deposits and withdrawals aside; ₹9,17,500 now), at or past the phase's 8%.",
    );
  });

  it('reads the stored closes and, while today’s close is not recorded, the value now with the flows since', () => {
    const history = {
      snapshots: [
        { day: '2026-11-16', value: 10_00_000, benchmark: 24_000 },
        { day: '2026-11-17', value: 11_00_000, benchmark: 24_100 },
      ],
      flowPaiseByDay: new Map([
        ['2026-11-16', 100_000_000],
        ['2026-11-18', -5_000_000],
      ]),
    };
    const input = phaseHistoryOf(history, '2026-11-18', 10_20_000, null);
    assert.deepEqual(
      input.closes.map((c) => [c.day, c.value, c.flow]),
      [
        ['2026-11-16', 10_00_000, 10_00_000],
        ['2026-11-17', 11_00_000, 0],
      ],
    );
    assert.deepEqual(input.now, { day: '2026-11-18', value: 10_20_000, flow: -50_000, benchmark: null });
    assert.equal(
      phaseHistoryOf(history, '2026-11-17', 11_00_000, null).now,
      null,
      'today’s close is recorded',
    );
  });
});
