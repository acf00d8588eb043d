/** Position risk on hand-worked candles. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  averageTrueRange,
  candleReturns,
  compositeRiskScore,
  diversificationScore,
  liquidityScore,
  positionRisk,
  restingStopOf,
  riskLevelOf,
  stressTest,
  type DailyCandle,
  type PositionInput,
} from './positionRisk.js';
import type { Order } from '@nivesh/api-contract';
import { makeOrder } from '@nivesh/api-contract/testing';
import { near } from '../testing/reference.js';

const date = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
/** Flat candles at `close` with a high-low range of `range` and `volume` shares. */
const flat = (n: number, close: number, range: number, volume = 10_000): DailyCandle[] =>
  Array.from({ length: n }, (_, i) => ({
    date: date(i),
    high: close + range / 2,
    low: close - range / 2,
    close,
    volume,
  }));

describe('per-stock statistics', () => {
  it('close-to-close returns by day', () => {
    const returns = candleReturns([
      { date: 'd1', high: 0, low: 0, close: 100, volume: 0 },
      { date: 'd2', high: 0, low: 0, close: 110, volume: 0 },
      { date: 'd3', high: 0, low: 0, close: 99, volume: 0 },
    ]);
    assert.deepEqual([...returns.keys()], ['d2', 'd3']);
    near(returns.get('d2')!, 0.1);
    near(returns.get('d3')!, -0.1);
  });

  it("Wilder's ATR(14): 4 on a steady range of 4, then (13 x 4 + 18) / 14 = 5 after an 18-rupee day", () => {
    const candles = flat(15, 1000, 4);
    near(averageTrueRange(candles), 4);
    candles.push({ date: date(15), high: 1009, low: 991, close: 1000, volume: 10_000 });
    near(averageTrueRange(candles), 5);
    assert.equal(averageTrueRange(flat(14, 1000, 4)), null, 'needs 15 candles');
  });

  it('liquidity: ₹50,000 against ₹10 lakh traded a day at 10% participation is half a day to exit', () => {
    near(liquidityScore(50_000, flat(20, 100, 1, 10_000)), 1 / 1.5);
    assert.equal(liquidityScore(50_000, flat(20, 100, 1, 0)), 0);
  });
});

describe('one position', () => {
  const limits = { maxPositionSize: 50_000, maxSingleStock: 0.2 };
  const candles = flat(30, 1000, 5);
  /** A position of 10 TCS at ₹1,000 in a ₹10 lakh portfolio, with `overrides`. */
  const riskOf = (overrides: Partial<PositionInput>) =>
    positionRisk(
      {
        symbol: 'TCS',
        sector: 'IT',
        quantity: 10,
        price: 1000,
        averagePrice: 1000,
        unrealizedPnl: 0,
        candles,
        dayHigh: 1000,
        dayLow: 1000,
        ...overrides,
      },
      1_000_000,
      new Map(),
      limits,
    );

  it('puts the stop 2 ATR below a long and measures what reaching it costs', () => {
    // ₹500 at the price, less ₹20 of entry charges: the holding's P&L after charges.
    const risk = riskOf({ averagePrice: 950, unrealizedPnl: 480, dayHigh: 1002, dayLow: 998 });
    near(risk.atr, 5);
    near(risk.stopLoss, 990);
    near(risk.riskAmount, 100); // 10 shares x ₹10
    near(risk.unrealizedPnl, 480, "the holding's P&L after charges, not 10 x (₹1,000 - ₹950)");
    near(risk.concentration, 0.01);
    assert.equal(risk.volatility, 0, 'a stock that never moved');
    assert.equal(risk.level, 'low');
    assert.equal(risk.recommendation, 'hold');
  });

  it('puts the stop above a short, and uses today range without candles', () => {
    const risk = riskOf({ quantity: -10, candles: [], dayHigh: 1006 });
    near(risk.atr, 6);
    near(risk.stopLoss, 1012);
    near(risk.riskAmount, 120);
    assert.equal(risk.volatility, null);
  });

  it('is high risk and to be reduced above the single-stock limit, and names the limit', () => {
    const risk = riskOf({ symbol: 'INFY', quantity: 300 });
    assert.equal(risk.level, 'high');
    assert.equal(risk.recommendation, 'reduce');
    assert.match(risk.reasons.join(' '), /30\.0% of the portfolio is above the 20\.0% single-stock limit/);
    assert.match(risk.reasons.join(' '), /larger than the ₹50,000 position limit/);
  });

  it('is to be exited when the price is already through its stop', () => {
    // A long bought at ₹500 now at ₹0.05: the stop stays 2 ATR (₹10) below the entry, at ₹490.
    const risk = riskOf({
      symbol: 'SBIN',
      sector: 'Banks',
      price: 0.05,
      averagePrice: 500,
      dayHigh: 1,
      dayLow: 0.05,
    });
    near(risk.stopLoss, 490);
    assert.equal(risk.throughStop, true);
    near(risk.riskAmount, 0, 'nothing more to lose before a stop already passed');
    assert.equal(risk.recommendation, 'exit');
  });

  it('keeps the stop 2 ATR from the entry under a loss: a long 2 ATR down, a short 2 ATR up are through it', () => {
    // ATR ₹5. Bought at ₹1,000, now ₹995: the stop stays at ₹990, ₹5 a share away (not 2 ATR below ₹995).
    const down = riskOf({ price: 995 });
    near(down.stopLoss, 990);
    near(down.riskAmount, 50);
    assert.equal(down.throughStop, false);
    const hit = riskOf({ price: 990 });
    assert.equal(hit.throughStop, true, 'at the stop');
    assert.equal(hit.recommendation, 'exit');
    // Shorted at ₹1,000: the stop is ₹1,010; at ₹1,010.50 the short is through it.
    const short = riskOf({ quantity: -10, price: 1010.5 });
    near(short.stopLoss, 1010);
    assert.equal(short.throughStop, true);
    near(short.riskAmount, 0);
  });
});

describe('portfolio risk', () => {
  const series = (values: number[]) => new Map(values.map((v, i) => [`d${i}`, v]));

  it('diversification: two equal uncorrelated positions of equal volatility score 1 - sqrt(1/2)', () => {
    const a = series([0.01, -0.01, 0.01, -0.01]);
    const b = series([0.01, 0.01, -0.01, -0.01]);
    near(
      diversificationScore([
        { value: 50_000, returns: a },
        { value: 50_000, returns: b },
      ]),
      1 - Math.sqrt(0.5),
    );
    near(
      diversificationScore([
        { value: 50_000, returns: a },
        { value: 20_000, returns: a },
      ]),
      0,
    );
    assert.equal(diversificationScore([{ value: 50_000, returns: a }]), 0, 'one position');
    assert.equal(
      diversificationScore([
        { value: 50_000, returns: a },
        { value: 50_000, returns: new Map() },
      ]),
      0,
      'a position without history is not assumed to diversify',
    );
  });

  it('stress test: each position falls by the drop times its beta, cash stays', () => {
    const values = stressTest(
      100_000,
      [
        { value: 200_000, beta: 1.5 },
        { value: 100_000, beta: null },
        { value: 50_000, beta: 4 },
      ],
      [0.1, 0.2, 0.3],
    );
    near(values[0]!, 100_000 + 200_000 * 0.85 + 100_000 * 0.9 + 50_000 * 0.6);
    near(values[1]!, 100_000 + 200_000 * 0.7 + 100_000 * 0.8 + 50_000 * 0.2);
    near(values[2]!, 100_000 + 200_000 * 0.55 + 100_000 * 0.7 + 0, 'a long falls at most to 0');
  });

  it('the composite risk score is the mean of its four capped parts, and bands into a level', () => {
    near(
      compositeRiskScore({
        volatility: 0.2, // 0.2 / 0.4 = 0.5
        currentDrawdown: -0.05, // 0.05 / 0.1 = 0.5
        maxDrawdownLimit: 0.1,
        var95: 2_500, // 2.5% of value / 5% = 0.5
        value: 100_000,
        diversification: 0.5, // 1 - 0.5 = 0.5
      }),
      0.5,
    );
    assert.equal(riskLevelOf(0.29, { low: 0.3, high: 0.7 }), 'low');
    assert.equal(riskLevelOf(0.5, { low: 0.3, high: 0.7 }), 'medium');
    assert.equal(riskLevelOf(0.7, { low: 0.3, high: 0.7 }), 'high');
  });
});

describe('the stop-loss resting for a position', () => {
  /** An open SL-M sell of 10 INFY at a ₹1,560 trigger, but for `o`. */
  const order = (o: Partial<Order>): Order =>
    makeOrder({
      order_id: 'PO-1',
      symbol: 'INFY',
      side: 'SELL',
      quantity: 10,
      order_type: 'SL-M',
      limit_price: null,
      trigger_price: 1560,
      ...o,
    });

  it('is the nearest open stop on the other side, with the loss to its trigger', () => {
    const long = { symbol: 'INFY', quantity: 10, price: 1580 };
    const open = [
      order({ order_id: 'PO-far', trigger_price: 1540 }),
      order({ order_id: 'PO-near', trigger_price: 1560, order_type: 'SL', limit_price: 1555 }),
      order({ order_id: 'PO-buy', side: 'BUY', trigger_price: 1600 }), // grows the position
      order({ order_id: 'PO-tcs', symbol: 'TCS', trigger_price: 1570 }),
      order({ order_id: 'PO-limit', order_type: 'LIMIT', trigger_price: null, limit_price: 1650 }),
    ];
    // 10 × (₹1,580 - ₹1,560) = ₹200.
    assert.deepEqual(restingStopOf(long, open), {
      order_id: 'PO-near',
      order_type: 'SL',
      trigger_price: 1560,
      quantity: 10,
      risk_amount: 200,
    });
  });

  it('protects a short with a buy stop above the price, and counts only the shares it covers', () => {
    const short = { symbol: 'TCS', quantity: -5, price: 3000 };
    const stop = order({ symbol: 'TCS', side: 'BUY', quantity: 8, trigger_price: 3050.5, product: 'MIS' });
    // 5 of its 8 shares cover the short: 5 × (₹3,050.50 - ₹3,000) = ₹252.50.
    assert.deepEqual(restingStopOf(short, [stop]), {
      order_id: 'PO-1',
      order_type: 'SL-M',
      trigger_price: 3050.5,
      quantity: 8,
      risk_amount: 252.5,
    });
    assert.equal(restingStopOf(short, [order({ symbol: 'TCS', side: 'SELL' })]), null);
    assert.equal(restingStopOf({ symbol: 'INFY', quantity: 10, price: 1580 }, []), null);
  });
});
