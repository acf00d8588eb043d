/**
 * The training labels: the exit walk worked by hand (each exit kind, a gap, a day holding both
 * levels, a trade not yet over), and the rows of a small scripted market.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Candle } from '../market/feed.js';
import { costSettingsOf, DEFAULT_PAPER_SETTINGS } from '../paper/settings.js';
import { computeIndicators, realisedVolatility } from '../research/indicators.js';
import { roundTripCost, type StrategyId } from '../research/strategies.js';
import { flatCloses, scriptedCandles, trendCloses } from '../research/testing.js';
import { flatCosts } from '../paper/testing.js';
import { buildDataset, tradeOutcome } from './dataset.js';
import { FEATURE_NAMES, featuresOf } from './features.js';

/** ₹20 brokerage a side and nothing else: a round trip costs ₹40. */
const flat = flatCosts(20);

let dayNumber = 0;
const candle = (open: number, high: number, low: number, close: number): Candle => {
  dayNumber += 1;
  return { date: `2026-01-${String(dayNumber).padStart(2, '0')}`, open, high, low, close, volume: 1000 };
};

/** Bought at ₹100 with ₹5,000: 50 shares; target ₹110, stop ₹95, over 2 days unless told. */
const trade = (later: Candle[], horizonDays = 2) =>
  tradeOutcome({ entry: 100, target: 110, stop: 95, horizonDays, later, costs: flat, intendedValue: 5_000 });

describe('tradeOutcome', () => {
  it('exits at the target when a later day reaches it: (10 × 50 − 40) / 5,000 = 9.2%', () => {
    dayNumber = 0;
    const outcome = trade([candle(101, 104, 99, 103), candle(103, 111, 102, 109)]);
    assert.deepEqual(outcome, {
      exitPrice: 110,
      exitDay: '2026-01-02',
      kind: 'target',
      returnAfterCosts: 0.092,
    });
  });

  it('exits at the stop when the low reaches it: (−5 × 50 − 40) / 5,000 = −5.8%', () => {
    dayNumber = 0;
    const outcome = trade([candle(99, 100, 94, 96)]);
    assert.deepEqual(outcome, {
      exitPrice: 95,
      exitDay: '2026-01-01',
      kind: 'stop',
      returnAfterCosts: -0.058,
    });
  });

  it('exits at the open when the open gaps through the stop (₹90: −10.8%) or above the target (₹112: +11.2%)', () => {
    dayNumber = 0;
    assert.deepEqual(trade([candle(90, 92, 88, 91)]), {
      exitPrice: 90,
      exitDay: '2026-01-01',
      kind: 'stop',
      returnAfterCosts: -0.108,
    });
    assert.deepEqual(trade([candle(112, 115, 111, 113)]), {
      exitPrice: 112,
      exitDay: '2026-01-02',
      kind: 'target',
      returnAfterCosts: 0.112,
    });
  });

  it('takes the stop first when one day ranges over both levels', () => {
    dayNumber = 0;
    const outcome = trade([candle(100, 112, 94, 108)]);
    assert.equal(outcome?.kind, 'stop');
    assert.equal(outcome?.exitPrice, 95);
  });

  it("exits at the horizon day's close when neither level is reached: (4 × 50 − 40) / 5,000 = 3.2%", () => {
    dayNumber = 0;
    // the third day would reach the target, but the trade ended at the second day's close
    const outcome = trade([
      candle(100, 103, 98, 101),
      candle(101, 105, 100, 104),
      candle(104, 115, 103, 114),
    ]);
    assert.deepEqual(outcome, {
      exitPrice: 104,
      exitDay: '2026-01-02',
      kind: 'horizon',
      returnAfterCosts: 0.032,
    });
  });

  it('is null while the horizon has not passed and neither level was reached', () => {
    dayNumber = 0;
    assert.equal(trade([candle(100, 103, 98, 101), candle(101, 105, 100, 104)], 3), null);
    assert.equal(trade([], 3), null);
  });

  it("loses exactly the strategies' break-even at the real charges when it ends where it began", () => {
    const costs = costSettingsOf(DEFAULT_PAPER_SETTINGS);
    const outcome = tradeOutcome({
      entry: 1_234.5,
      target: 1_300,
      stop: 1_200,
      horizonDays: 1,
      later: [{ date: '2026-01-01', open: 1_234.5, high: 1_240, low: 1_230, close: 1_234.5, volume: 1 }],
      costs,
      intendedValue: 5_000,
    });
    const cost = roundTripCost(1_234.5, 5_000, costs);
    assert.equal(cost.quantity, 4);
    assert.ok(Math.abs(outcome!.returnAfterCosts - -cost.charges / cost.value) < 1e-12);
  });
});

describe('buildDataset', () => {
  // A steady uptrend: trend following says BUY every day it has indicators.
  const closes = trendCloses(500, 0.004, 240);
  const candles = scriptedCandles(closes, { range: 6 });
  const benchmark = scriptedCandles(trendCloses(20_000, 0.001, 240, 0.003), { range: 50, volume: () => 0 });
  const costs = costSettingsOf(DEFAULT_PAPER_SETTINGS);
  const dataset = buildDataset({
    candles: { UP: candles, LATE: candles.slice(30) },
    benchmark,
    costs,
    intendedValue: 5_000,
    from: candles[210]!.date,
  });

  it('makes a row of each BUY from `from` on, in time order, labelled by its trade after charges', () => {
    // UP has indicators from day 199, so rows from day 210 on: 30 days. LATE starts 30 candles
    // later: its 200th candle is UP's day 229, so 11 days (all too late to reach the horizon).
    assert.equal(dataset.rows.length + dataset.pending.length, 41);
    assert.ok(
      [...dataset.rows, ...dataset.pending].every(
        (r) => r.strategy === 'trend_following' && r.horizonDays === 20,
      ),
    );
    const keys = (rows: { day: string; symbol: string }[]) => rows.map((r) => `${r.day} ${r.symbol}`);
    const sorted = (list: string[]) => [...list].sort();
    assert.deepEqual(keys(dataset.rows), sorted(keys(dataset.rows)));
    assert.deepEqual(keys(dataset.pending), sorted(keys(dataset.pending)));
    assert.equal(dataset.rows[0]!.day, candles[210]!.date);
    // a trade from the last 20 days that has not reached its target yet is pending
    assert.ok(dataset.pending.length > 0);
    assert.ok(dataset.pending.every((r) => r.day >= candles[220]!.date));
    assert.equal(keys(dataset.pending).at(-1), `${candles[239]!.date} UP`);
    const symbolCandles = { UP: candles, LATE: candles.slice(30) };
    for (const row of dataset.pending) {
      const series = symbolCandles[row.symbol as 'UP' | 'LATE'];
      const i = series.findIndex((c) => c.date === row.day);
      const later = series.slice(i + 1);
      assert.ok(later.length < 20);
      assert.equal(tradeOutcome({ ...row, later, costs, intendedValue: 5_000 }), null);
    }
    for (const row of dataset.rows.filter((r) => r.symbol === 'UP')) {
      const i = candles.findIndex((c) => c.date === row.day);
      assert.equal(row.entry, closes[i]);
      const outcome = tradeOutcome({
        entry: row.entry,
        target: row.target,
        stop: row.stop,
        horizonDays: 20,
        later: candles.slice(i + 1),
        costs,
        intendedValue: 5_000,
      })!;
      assert.equal(row.returnAfterCosts, outcome.returnAfterCosts);
      assert.equal(row.label, outcome.returnAfterCosts > 0 ? 1 : 0);
    }
    // a steady 0.4% a day climb reaches the 3-ATR target: every trade won
    assert.ok(dataset.rows.every((r) => r.label === 1));
  });

  it("reads NIFTY 50's volatility up to the day and no news", () => {
    const row = dataset.rows[0]!;
    assert.equal(row.features.length, FEATURE_NAMES.length);
    const i = benchmark.findIndex((c) => c.date === row.day);
    const at = (name: (typeof FEATURE_NAMES)[number]) => row.features[FEATURE_NAMES.indexOf(name)];
    assert.equal(at('market_vol'), realisedVolatility(benchmark.slice(0, i + 1).map((c) => c.close)));
    assert.equal(at('market_vol_missing'), 0);
    assert.equal(at('news_sentiment'), 0);
    assert.equal(at('news_sentiment_missing'), 1);
    const indicators = computeIndicators(candles.slice(0, candles.findIndex((c) => c.date === row.day) + 1))!;
    assert.equal(at('rsi14'), indicators.rsi14 / 100);
  });

  it("labels an automated entry's row by what it really made, or adds the row, whatever the history said", () => {
    // FLAT alternates ₹500 ± 1: no strategy buys it at a close. The automation bought it on day
    // 215's indicators and made +3%; it bought UP on day 212's (won by the exit walk) and lost 2%,
    // and on day 235's (still pending by the walk) and made +1%.
    const flatCandles = scriptedCandles(flatCloses(500, 240, 1), { range: 2 });
    const trade = (symbol: string, i: number, returnAfterCosts: number, strategy: StrategyId) => ({
      symbol,
      day: candles[i]!.date,
      strategy,
      horizonDays: 10,
      entry: 501,
      target: 520,
      stop: 490,
      returnAfterCosts,
    });
    const decided = [
      trade('FLAT', 215, 0.03, 'mean_reversion'),
      trade('UP', 212, -0.02, 'trend_following'),
      trade('UP', 235, 0.01, 'trend_following'),
    ];
    const input = { candles: { UP: candles, FLAT: flatCandles }, benchmark, costs, intendedValue: 5_000 };
    const before = buildDataset({ ...input, from: candles[210]!.date });
    const after = buildDataset({ ...input, from: candles[210]!.date, decided });
    const rowOf = (set: typeof after, symbol: string, i: number) =>
      set.rows.find((r) => r.symbol === symbol && r.day === candles[i]!.date);
    assert.equal(before.rows.filter((r) => r.symbol === 'FLAT').length, 0);
    assert.equal(rowOf(before, 'UP', 212)!.label, 1);
    assert.ok(before.pending.some((r) => r.symbol === 'UP' && r.day === candles[235]!.date));

    const flatIndicators = computeIndicators(flatCandles.slice(0, 216))!;
    assert.deepEqual(rowOf(after, 'FLAT', 215), {
      ...decided[0],
      features: featuresOf(flatIndicators, {
        marketVolatility: realisedVolatility(benchmark.slice(0, 216).map((c) => c.close)),
        newsSentiment: null,
      }),
      label: 1,
    });
    const { symbol: _s, day: _d, ...lost } = decided[1]!;
    assert.deepEqual(
      { ...rowOf(after, 'UP', 212)!, features: [] },
      {
        symbol: 'UP',
        day: candles[212]!.date,
        ...lost,
        features: [],
        label: 0,
      },
    );
    assert.equal(rowOf(after, 'UP', 235)!.label, 1);
    assert.ok(!after.pending.some((r) => r.symbol === 'UP' && r.day === candles[235]!.date));
    // One row more (FLAT's), one pending fewer (UP's day 235), in time order still.
    assert.equal(after.rows.length, before.rows.length + 2);
    assert.equal(after.pending.length, before.pending.length - 1);
    const keys = after.rows.map((r) => `${r.day} ${r.symbol}`);
    assert.deepEqual(keys, [...keys].sort());
  });
});
