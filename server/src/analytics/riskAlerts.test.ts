/** The risk alert monitor's rules on hand-worked figures. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  correlationFindings,
  dailyLossFinding,
  returnCorrelation,
  stopLossFindings,
  volatilityFindings,
} from './riskAlerts.js';

/** `n` days of returns, day i worth `f(i)`. */
const days = (n: number, f: (i: number) => number) =>
  new Map(Array.from({ length: n }, (_, i) => [`2026-10-${String(i + 1).padStart(2, '0')}`, f(i)]));
const alternating = (i: number) => (i % 2 === 0 ? 0.01 : -0.01);
const pairs = (i: number) => (i % 4 < 2 ? 0.01 : -0.01);

const position = (overrides: Partial<Parameters<typeof stopLossFindings>[0][number]>) => ({
  symbol: 'INFY',
  quantity: 10,
  price: 1000,
  stopLoss: 980,
  throughStop: false,
  unrealizedPnl: 0,
  volatility: 0.2,
  concentration: 0.12,
  returns: days(60, alternating),
  ...overrides,
});

describe('risk alert rules', () => {
  it('stop loss: only the positions at or through their stop', () => {
    const found = stopLossFindings([
      position({ symbol: 'INFY' }),
      position({ symbol: 'TCS', price: 978, throughStop: true, unrealizedPnl: -220 }),
    ]);
    assert.deepEqual(found, [
      { kind: 'stop_loss', symbol: 'TCS', quantity: 10, price: 978, stopLoss: 980, unrealizedPnl: -220 },
    ]);
  });

  it('daily loss: a warning from 80% of the limit, the limit alert from 100%', () => {
    assert.equal(dailyLossFinding(0, 1000), null);
    assert.equal(dailyLossFinding(799.99, 1000), null);
    assert.deepEqual(dailyLossFinding(800, 1000), {
      kind: 'daily_loss',
      level: 'warning',
      loss: 800,
      limit: 1000,
      share: 0.8,
    });
    assert.equal(dailyLossFinding(999.99, 1000)?.level, 'warning');
    assert.deepEqual(dailyLossFinding(1200, 1000), {
      kind: 'daily_loss',
      level: 'limit',
      loss: 1200,
      limit: 1000,
      share: 1.2,
    });
  });

  it('high volatility: a stock above 40%, the portfolio above 25%, each on at least 20 returns', () => {
    const found = volatilityFindings(
      [
        position({ symbol: 'ADANIENT', volatility: 0.41, returns: days(20, alternating) }),
        position({ symbol: 'YESBANK', volatility: 0.55, returns: days(19, alternating) }),
        position({ symbol: 'INFY', volatility: 0.4 }),
      ],
      { volatility: 0.26, days: 20 },
    );
    assert.deepEqual(found, [
      { kind: 'high_volatility', symbol: 'ADANIENT', volatility: 0.41, band: 0.4, days: 20 },
      { kind: 'high_volatility', symbol: null, volatility: 0.26, band: 0.25, days: 20 },
    ]);
    assert.deepEqual(volatilityFindings([], { volatility: 0.9, days: 19 }), [], 'too short a history');
    assert.deepEqual(
      volatilityFindings([], { volatility: 0.25, days: 30 }),
      [],
      'at the band is not above it',
    );
  });

  it('correlation: 1 for returns that move in step, 0 for the hand-worked orthogonal pattern', () => {
    // Alternating +1%/-1% against +1%,+1%,-1%,-1%: each 4-day cycle's products sum to 0, means are 0.
    assert.deepEqual(returnCorrelation(days(20, alternating), days(20, pairs)), { correlation: 0, days: 20 });
    const doubled = returnCorrelation(
      days(20, alternating),
      days(20, (i) => 2 * alternating(i) + 0.001),
    );
    assert.ok(doubled && Math.abs(doubled.correlation - 1) < 1e-12);
    assert.equal(returnCorrelation(days(19, alternating), days(19, alternating)), null, 'under 20 days');
    assert.equal(
      returnCorrelation(
        days(20, () => 0.01),
        days(20, alternating),
      ),
      null,
      'a flat series',
    );
  });

  it('correlation alert: two positions of 10% or more moving together above 0.8; a hedge is not one', () => {
    const found = correlationFindings([
      position({ symbol: 'TCS', concentration: 0.15, returns: days(60, (i) => 2 * alternating(i)) }),
      position({ symbol: 'INFY', concentration: 0.12 }),
      position({ symbol: 'WIPRO', concentration: 0.09 }),
    ]);
    assert.equal(found.length, 1);
    assert.deepEqual(found[0]!.symbols, ['INFY', 'TCS']);
    assert.deepEqual(found[0]!.weights, [0.12, 0.15]);
    assert.equal(found[0]!.days, 60);
    assert.ok(Math.abs(found[0]!.correlation - 1) < 1e-12);
    const hedged = correlationFindings([
      position({ symbol: 'INFY' }),
      position({ symbol: 'TCS', quantity: -10, concentration: 0.12 }),
    ]);
    assert.deepEqual(hedged, [], 'a long against a short of stocks moving together');
    const unrelated = correlationFindings([
      position({ symbol: 'INFY' }),
      position({ symbol: 'TCS', returns: days(60, pairs) }),
    ]);
    assert.deepEqual(unrelated, []);
  });
});
