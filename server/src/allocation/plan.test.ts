/** The day's plan and the AI's recommendation, on hand-worked numbers. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { StrategySignal } from '../research/strategies.js';
import { costSettingsOf, DEFAULT_PAPER_SETTINGS } from '../paper/settings.js';
import { edgeSentence, entryCostOf, expectedEdge, planAllocation } from './plan.js';
import { recommendAllocation } from './recommend.js';

function signal(overrides: Partial<StrategySignal>): StrategySignal {
  return {
    symbol: 'INFY',
    strategy: 'trend_following',
    strategyVersion: 'trend_following@1',
    signal: 'BUY',
    confidence: 0.7,
    price: 1000,
    target: 1060,
    stop: 960,
    risk: 'Medium',
    expectedMovePct: 6,
    breakEvenPct: 0.25,
    horizonDays: 20,
    reasoning: 'Close above its 50-day average.',
    inputs: {},
    ...overrides,
  };
}

/** Shares at their signal price, no spread, no charges: the sizing rules alone. */
const atPrice = (s: StrategySignal, quantity: number) => quantity * s.price;
const base = {
  capital: 10_00_000,
  maxPositionPct: 6,
  minConfidence: 0.63,
  held: new Set<string>(),
  entryCost: atPrice,
};

describe('expectedEdge', () => {
  it('is p x gain at the target - (1 - p) x loss at the stop - the round-trip charges, in percent of the price', () => {
    // The decision: confidence 76%, target 7.35% above, stop ₹49 below ₹1,000 (4.90%),
    // charges 2.04%: 0.76 x 7.35 - 0.24 x 4.90 - 2.04 = 5.586 - 1.176 - 2.04 = 2.37 (not 0.76 x
    // (7.35 - 2.04) = 4.04, which left out the loss at the stop).
    const edge = expectedEdge(
      signal({ confidence: 0.76, expectedMovePct: 7.35, breakEvenPct: 2.04, stop: 951 }),
    );
    assert.deepEqual(
      { p: edge.p, gain: edge.gainPct, loss: edge.lossPct, charges: edge.chargesPct },
      { p: 0.76, gain: 7.35, loss: 4.9, charges: 2.04 },
    );
    assert.ok(Math.abs(edge.edgePct - 2.37) < 1e-9, String(edge.edgePct));
    assert.equal(
      edgeSentence(edge),
      'expected edge 2.37% = 76.0% × 7.35% gain at the target − 24.0% × 4.90% loss at the stop − 2.04% charges',
    );
  });

  it('uses the figures at the precision its sentence shows: a calibrated 0.7342 is 73.4%', () => {
    // 0.734 x 6 - 0.266 x 4 - 0.25 = 4.404 - 1.064 - 0.25 = 3.09
    const edge = expectedEdge(signal({ confidence: 0.7342 }));
    assert.equal(edge.p, 0.734);
    assert.ok(Math.abs(edge.edgePct - 3.09) < 1e-9, String(edge.edgePct));
    assert.match(
      edgeSentence(edge),
      /^expected edge 3\.09% = 73\.4% × 6\.00% gain at the target − 26\.6% × 4\.00% loss/,
    );
  });
});

describe('planAllocation', () => {
  it('splits the amount evenly over the strongest signals, whole shares rounded down', () => {
    const plan = planAllocation({
      ...base,
      amount: 25_000,
      signals: [
        signal({ symbol: 'INFY', price: 1500, stop: 1450, confidence: 0.8 }),
        signal({ symbol: 'TCS', price: 3300, stop: 3200, confidence: 0.7 }),
      ],
    });
    // ₹12,500 each: INFY 8 shares (₹12,000), TCS 3 shares (₹9,900).
    assert.deepEqual(
      plan.entries.map((e) => [e.symbol, e.quantity, e.value]),
      [
        ['INFY', 8, 12_000],
        ['TCS', 3, 9_900],
      ],
    );
    assert.match(
      plan.lines.at(-1)!,
      /Planned 2 entries costing about ₹21,900\.00 with charges, of ₹25,000\.00/,
    );
  });

  it('keeps the day within its amount with the spread and the charges: the amount is an upper bound', () => {
    // One ₹25,000 slot, INFY at ₹1,250: 20 shares are exactly ₹25,000 before the spread and charges.
    // At the ask (₹1,250 + 0.05% = ₹1,250.625, up to the tick: ₹1,250.65) 20 shares are ₹25,013.00,
    // ₹25,066.65 with charges (₹20 + STT ₹25 + ₹0.86 + ₹0.03 + stamp ₹4 + GST ₹3.76).
    // 19 shares: ₹23,762.35, plus brokerage ₹20, STT ₹24 (0.1%, to the rupee), exchange ₹0.82
    // (0.00345%), SEBI ₹0.02, stamp ₹4 (0.015%, to the rupee), GST ₹3.75 (18% of ₹20.84): ₹23,814.94.
    const entryCost = entryCostOf({
      costs: costSettingsOf(DEFAULT_PAPER_SETTINGS),
      halfSpreadPercent: 0.05,
    });
    const infy = signal({ symbol: 'INFY', price: 1250, stop: 1200 });
    assert.equal(entryCost(infy, 20), 25_066.65);
    assert.equal(entryCost(infy, 19), 23_814.94);
    const plan = planAllocation({
      ...base,
      capital: 50_00_000,
      amount: 25_000,
      maxEntries: 1,
      entryCost,
      signals: [infy],
    });
    assert.deepEqual(
      plan.entries.map((e) => [e.symbol, e.quantity, e.value, e.cost]),
      [['INFY', 19, 23_750, 23_814.94]],
    );
    assert.match(plan.lines.at(-1)!, /costing about ₹23,814\.94 with charges, of ₹25,000\.00/);
  });

  it('passes money a dear share cannot use on to the next signals', () => {
    const plan = planAllocation({
      ...base,
      amount: 10_000,
      maxEntries: 2,
      signals: [
        signal({ symbol: 'MARUTI', price: 12_000, stop: 11_500, confidence: 0.9 }), // ₹5,000 buys none
        signal({ symbol: 'INFY', price: 1500, stop: 1450, confidence: 0.8 }), // ₹10,000 / 2 = ₹5,000: 3
        signal({ symbol: 'ITC', price: 400, stop: 390, confidence: 0.7 }), // ₹5,500 left, 1 slot: 13
      ],
    });
    assert.deepEqual(
      plan.entries.map((e) => [e.symbol, e.quantity]),
      [
        ['INFY', 3],
        ['ITC', 13],
      ],
    );
    assert.deepEqual(
      plan.skipped.map((s) => [s.symbol, s.reason]),
      [
        [
          'MARUTI',
          'one share at ₹12,000.00 with its charges costs more than the ₹5,000.00 share of the amount',
        ],
      ],
    );
  });

  it('ranks by expected edge: p x gain at the target - (1 - p) x loss at the stop - charges', () => {
    const plan = planAllocation({
      ...base,
      amount: 10_000,
      maxEntries: 1,
      signals: [
        // INFY: loss at the stop (1000 - 960) / 1000 = 4%: 0.7 x 6 - 0.3 x 4 - 0.25 = 2.75
        signal({ symbol: 'INFY', strategy: 'trend_following' }),
        // 0.9 x 3 - 0.1 x 4 - 0.25 = 2.05: weaker for the same stock
        signal({ symbol: 'INFY', strategy: 'breakout', confidence: 0.9, expectedMovePct: 3 }),
        // SBIN: loss (800 - 770) / 800 = 3.75%: 0.64 x 8 - 0.36 x 3.75 - 0.25 = 3.52, the strongest
        signal({ symbol: 'SBIN', confidence: 0.64, expectedMovePct: 8, price: 800, stop: 770 }),
      ],
    });
    assert.deepEqual(
      plan.entries.map((e) => [e.symbol, e.strategy, e.quantity]),
      [['SBIN', 'trend_following', 12]],
    );
    assert.match(
      plan.entries[0]!.reason,
      / expected edge 3\.52% = 64\.0% × 8\.00% gain at the target − 36\.0% × 3\.75% loss at the stop − 0\.25% charges\.$/,
    );
    assert.deepEqual(
      plan.skipped.map((s) => [s.symbol, s.reason]),
      [['INFY', "ranked below the day's 1 strongest signals"]],
    );
  });

  it('counts the loss at the stop: of two signals alike but for their stop, the nearer stop ranks first', () => {
    const plan = planAllocation({
      ...base,
      amount: 10_000,
      maxEntries: 1,
      signals: [
        // loss 10%: 0.7 x 6 - 0.3 x 10 - 0.25 = 0.95
        signal({ symbol: 'AXISBANK', stop: 900 }),
        // loss 2%: 0.7 x 6 - 0.3 x 2 - 0.25 = 3.35
        signal({ symbol: 'ZEEL', stop: 980 }),
      ],
    });
    assert.deepEqual(
      plan.entries.map((e) => e.symbol),
      ['ZEEL'],
    );
  });

  it('states the formula its edge used, at the precision used, and passes over an edge not above zero', () => {
    const plan = planAllocation({
      ...base,
      amount: 50_000,
      signals: [
        // The decision: 0.76 x 7.35 - 0.24 x 4.90 - 2.04 = 5.586 - 1.176 - 2.04 = 2.37
        signal({ symbol: 'BEL', confidence: 0.76, expectedMovePct: 7.35, breakEvenPct: 2.04, stop: 951 }),
        // 0.64 x 3 - 0.36 x 8 - 0.25 = 1.92 - 2.88 - 0.25 = -1.21: clears its charges, loses on average
        signal({ symbol: 'ONGC', confidence: 0.64, expectedMovePct: 3, stop: 920 }),
      ],
    });
    assert.deepEqual(
      plan.entries.map((e) => e.symbol),
      ['BEL'],
    );
    assert.match(
      plan.entries[0]!.reason,
      / expected edge 2\.37% = 76\.0% × 7\.35% gain at the target − 24\.0% × 4\.90% loss at the stop − 2\.04% charges\.$/,
    );
    assert.deepEqual(
      plan.skipped.map((s) => [s.symbol, s.reason]),
      [
        [
          'ONGC',
          'expected edge −1.21% = 64.0% × 3.00% gain at the target − 36.0% × 8.00% loss at the stop − 0.25% charges: not above zero, so the trade loses on average',
        ],
      ],
    );
  });

  it('passes over signals below the phase confidence, inside their charges, already held, or not BUY', () => {
    const plan = planAllocation({
      ...base,
      held: new Set(['HDFCBANK']),
      amount: 50_000,
      signals: [
        signal({ symbol: 'ITC', confidence: 0.6 }),
        signal({ symbol: 'WIPRO', expectedMovePct: 0.2, breakEvenPct: 0.26 }),
        signal({ symbol: 'HDFCBANK' }),
        signal({ symbol: 'ONGC', signal: 'HOLD' }),
      ],
    });
    assert.equal(plan.entries.length, 0);
    assert.deepEqual(
      plan.skipped.map((s) => [s.symbol, s.reason]),
      [
        ['ITC', 'confidence 60.0% is below the phase minimum of 63.0%'],
        ['WIPRO', 'expected move 0.2% does not clear the 0.26% round-trip charges'],
        ['HDFCBANK', 'HDFCBANK is already held: no second entry into the same stock'],
      ],
    );
    assert.match(
      plan.lines[0]!,
      /No BUY signal at 63\.0% confidence or more has an expected edge above zero after its charges/,
    );
  });

  it("keeps each entry within the phase's position size and its share of the risk budget", () => {
    const plan = planAllocation({
      ...base,
      capital: 1_00_000, // Phase 2: 4% = ₹4,000 a position
      maxPositionPct: 4,
      amount: 20_000,
      riskBudget: 300, // ₹150 each for two entries
      signals: [
        signal({ symbol: 'INFY', price: 500, stop: 490 }), // ₹4,000 / 500 = 8; risk ₹150 / ₹10 = 15 -> 8
        signal({ symbol: 'TCS', price: 400, stop: 370, confidence: 0.69 }), // ₹4,000 / 400 = 10; ₹150 / ₹30 = 5 -> 5
      ],
    });
    assert.deepEqual(
      plan.entries.map((e) => [e.symbol, e.quantity]),
      [
        ['INFY', 8],
        ['TCS', 5],
      ],
    );
  });
});

describe('recommendAllocation', () => {
  const asOf = '2026-03-04T04:00:00.000Z';
  it('grows with the opportunities and shrinks with volatility and drawdown, within 1.0%-4.0%', () => {
    const signals = [
      ...Array.from({ length: 4 }, (_, i) => signal({ symbol: `S${i}`, confidence: 0.7 + i * 0.02 })),
      signal({ symbol: 'LOW', confidence: 0.5 }),
      signal({ symbol: 'HOLD', signal: 'HOLD', confidence: 0.55 }),
    ];
    const calm = recommendAllocation({
      signals,
      capital: 10_00_000,
      volatility: 0.12,
      drawdown: 0.01,
      drawdownKnown: true,
      riskBudgetPct: 1.5,
      minConfidence: 0.63,
      phaseName: 'Phase 4 Professional',
      asOf,
    });
    // 4 opportunities: 1.0 + 3.0 x 4/8 = 2.5%; no reductions.
    assert.equal(calm.expected_opportunities, 4);
    assert.equal(calm.allocation_pct, 2.5);
    assert.equal(calm.allocation_amount, 25_000);
    assert.ok(Math.abs(calm.confidence - 0.73) < 1e-9); // mean of 0.70, 0.72, 0.74, 0.76
    assert.equal(calm.risk_assessment, 'Low');
    assert.match(
      calm.reasoning[0]!,
      /^4 of 5 BUY signals reach the Phase 4 Professional minimum confidence of 63%/,
    );

    const rough = recommendAllocation({
      signals,
      capital: 10_00_000,
      volatility: 0.25, // 1 - (25 - 15) / 20 x 0.6 = 0.7
      drawdown: 0.06, // 1 - (6 - 2) / 8 x 0.5 = 0.75
      drawdownKnown: true,
      riskBudgetPct: 1.5,
      minConfidence: 0.63,
      phaseName: 'Phase 4 Professional',
      asOf,
    });
    // 2.5 x 0.7 x 0.75 = 1.3125 -> 1.3%
    assert.equal(rough.allocation_pct, 1.3);
    assert.equal(rough.allocation_amount, 13_000);
    assert.equal(rough.risk_assessment, 'Medium');
    assert.match(rough.reasoning[1]!, /realised volatility 25\.0% a year: scaled by 0\.70/);
    assert.match(rough.reasoning[2]!, /Drawdown from the account's peak 6\.0%: scaled by 0\.75/);
  });

  it('never goes below the 1.0% minimum, and says when the limits clipped it', () => {
    const r = recommendAllocation({
      signals: [signal({ signal: 'HOLD', confidence: 0.6 })],
      capital: 5_00_000,
      volatility: 0.4,
      drawdown: 0.12,
      drawdownKnown: true,
      riskBudgetPct: 0.5,
      minConfidence: 0.65,
      phaseName: 'Phase 3 Expansion',
      asOf,
    });
    assert.equal(r.allocation_pct, 1);
    assert.equal(r.allocation_amount, 5_000);
    assert.equal(r.expected_opportunities, 0);
    assert.equal(r.confidence, 0.6);
    assert.equal(r.risk_assessment, 'High');
    assert.match(r.reasoning.at(-1)!, /kept within the 1\.0%–4\.0% allocation limits/);
  });
});
