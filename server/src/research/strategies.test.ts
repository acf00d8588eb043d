/**
 * The strategies on scripted candles: each setup gives its signal with ATR-multiple levels, and a
 * BUY that cannot pay its own charges at the intended size is held, saying so with the figures.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_PAPER_SETTINGS, costSettingsOf } from '../paper/settings.js';
import { computeCharges } from '../paper/costs.js';
import type { Candle } from '../market/feed.js';
import { computeIndicators, type IndicatorSnapshot } from './indicators.js';
import {
  bestSignal,
  roundTripCost,
  signalsFor,
  STRATEGIES,
  STRATEGY_IDS,
  STRATEGY_RULES,
  type StrategyId,
  type StrategySignal,
} from './strategies.js';
import { flatCloses, scriptedCandles, trendCloses } from './testing.js';

const costs = costSettingsOf(DEFAULT_PAPER_SETTINGS);

function indicatorsOf(candles: Candle[]): IndicatorSnapshot {
  const snapshot = computeIndicators(candles);
  assert.ok(snapshot, 'enough candles');
  return snapshot;
}

function signals(candles: Candle[], intendedValue = 50_000, price?: number) {
  const indicators = indicatorsOf(candles);
  const list = signalsFor({
    symbol: 'INFY',
    indicators,
    price: price ?? indicators.close,
    intendedValue,
    costs,
  });
  const of = (strategy: StrategyId) => list.find((s) => s.strategy === strategy)!;
  return { indicators, list, of };
}

/** Target and stop at the strategy's ATR multiples from the price, on the signal's side. */
function assertLevels(s: StrategySignal, atr: number) {
  const rules = STRATEGY_RULES[s.strategy];
  const direction = s.signal === 'SELL' ? -1 : 1;
  assert.equal(s.target, Math.round((s.price + direction * rules.targetAtr * atr) * 100) / 100, 'target');
  assert.equal(s.stop, Math.round((s.price - direction * rules.stopAtr * atr) * 100) / 100, 'stop');
  if (direction === 1) assert.ok(s.stop < s.price && s.price < s.target, 'stop < price < target');
  else assert.ok(s.target < s.price && s.price < s.stop, 'target < price < stop');
  assert.equal(s.expectedMovePct, Math.round(((s.target - s.price) / s.price) * 10_000) / 100);
}

const rising = scriptedCandles(trendCloses(1000, 0.003, 260));
const falling = scriptedCandles(trendCloses(2000, -0.003, 260));
// Two hundred and fifty-seven days swinging ₹2 around ₹1,000, then three sharp falls.
const dip = scriptedCandles([...flatCloses(1000, 257, 2), 985, 965, 945]);
// Days swinging ₹5 around ₹1,000 (so the 20-day high is ₹1,006), then ₹1,015 on twice the volume.
const breakoutCandles = scriptedCandles([...flatCloses(1000, 259, 5), 1015], {
  volume: (i, n) => (i === n - 1 ? 200_000 : 100_000),
});

describe('strategies', () => {
  it('names three strategies with a version and a horizon, and answers one signal each', () => {
    assert.deepEqual(STRATEGY_IDS, ['trend_following', 'mean_reversion', 'breakout']);
    assert.deepEqual(
      STRATEGY_IDS.map((id) => STRATEGIES[id].version),
      ['trend_following@1', 'mean_reversion@1', 'breakout@1'],
    );
    const { list } = signals(rising);
    assert.deepEqual(
      list.map((s) => [s.strategy, s.strategyVersion, s.horizonDays]),
      STRATEGY_IDS.map((id) => [id, STRATEGIES[id].version, STRATEGIES[id].horizonDays]),
    );
    for (const s of list) {
      assert.equal(s.symbol, 'INFY');
      assert.ok(s.confidence >= 0 && s.confidence <= 1);
      assert.equal(s.inputs.atr14, list[0]!.inputs.atr14);
    }
  });

  it('trend following buys a rising trend: 3 ATR target, 2 ATR stop', () => {
    const { indicators, of } = signals(rising);
    assert.ok(indicators.close > indicators.sma50 && indicators.sma50 > indicators.sma200);
    const s = of('trend_following');
    assert.equal(s.signal, 'BUY');
    assertLevels(s, indicators.atr14);
    assert.ok(s.confidence > 0.55, `${s.confidence}`);
    assert.match(s.reasoning, /^Uptrend: close ₹2,168\.06 vs 50-day average ₹2,020\.57/);
    assert.match(s.reasoning, /an expected 1\.40% move against a 0\.36% break-even after charges\.$/);
    // No volume surge: no breakout.
    assert.equal(of('breakout').signal, 'HOLD');
  });

  it('trend following sells a falling trend: target below, stop above', () => {
    const { indicators, of } = signals(falling);
    const s = of('trend_following');
    assert.equal(s.signal, 'SELL');
    assertLevels(s, indicators.atr14);
    assert.ok(s.expectedMovePct < 0);
    assert.match(s.reasoning, /^Downtrend: /);
  });

  it('mean reversion buys an oversold dip below the lower band: 2 ATR target, 1.5 ATR stop', () => {
    const { indicators, of } = signals(dip);
    assert.ok(indicators.close < indicators.bollingerLower, 'below the lower band');
    assert.ok(indicators.rsi14 < 30, `RSI ${indicators.rsi14}`);
    const s = of('mean_reversion');
    assert.equal(s.signal, 'BUY');
    assertLevels(s, indicators.atr14);
    assert.match(s.reasoning, /^Oversold below the lower band: close ₹945\.00 vs Bollinger bands/);
  });

  it('breakout buys a close above the 20-day high on rising volume: 3 ATR target, 1.5 ATR stop', () => {
    const { indicators, of } = signals(breakoutCandles);
    assert.equal(indicators.high20, 1006);
    assert.equal(indicators.volumeRatio, 2);
    const s = of('breakout');
    assert.equal(s.signal, 'BUY');
    assertLevels(s, indicators.atr14);
    // Confidence: 0.55 + 0.2 × (2 − 1.5) / 1.5 + 0.2 × min(1, (1015 − 1006) / ATR 12) = 0.7667.
    assert.equal(s.confidence, 0.77);
    // The same close on ordinary volume is no breakout.
    const quiet = scriptedCandles([...flatCloses(1000, 259, 5), 1015]);
    assert.equal(signals(quiet).of('breakout').signal, 'HOLD');
  });

  it("measures risk by the stock's realised volatility", () => {
    assert.equal(signals(rising).of('breakout').risk, 'Low');
    const wild = scriptedCandles(flatCloses(1000, 260, 30));
    const { indicators, of } = signals(wild);
    assert.ok(indicators.realisedVol20 > 0.4, `${indicators.realisedVol20}`);
    assert.equal(of('breakout').risk, 'High');
  });
});

describe('cost-aware signals', () => {
  it('holds a breakout whose move does not clear the charges at ₹2,000, and buys it at ₹1,00,000', () => {
    const small = signals(breakoutCandles, 2_000).of('breakout');
    // One share at ₹1,015. Each side: ₹20 brokerage, ₹1 STT (0.1%, to the rupee), ₹0.04 exchange
    // charge (0.00345%), ₹3.61 GST; the sell also pays the ₹18.50 DP charge with GST, ₹21.83:
    // ₹71.13, 7.01% of ₹1,015, above the 3.55% the 3 ATR target offers.
    assert.equal(small.signal, 'HOLD');
    assert.equal(small.breakEvenPct, 7.01);
    assert.equal(small.expectedMovePct, 3.55);
    assert.equal(
      small.reasoning,
      'Breakout sees a BUY (breakout: close ₹1,015.00 vs 20-day range ₹994.00-₹1,006.00, volume 2.00× its 20-day average) ' +
        'but the expected move to the target, 3.55%, does not clear the 7.01% break-even after round-trip charges of ₹71.13 on ₹1,015, so it holds.',
    );
    // A refused BUY keeps its levels and the setup's confidence.
    assert.equal(small.confidence, 0.77);
    assert.equal(small.target, 1051);

    const large = signals(breakoutCandles, 100_000).of('breakout');
    assert.equal(large.signal, 'BUY');
    const quantity = Math.floor(100_000 / 1015);
    const charges =
      computeCharges({ side: 'BUY', product: 'CNC', quantity, pricePaise: 101_500, settings: costs }).total +
      computeCharges({ side: 'SELL', product: 'CNC', quantity, pricePaise: 101_500, settings: costs }).total;
    assert.equal(large.breakEvenPct, Math.round((charges / (quantity * 101_500)) * 10_000) / 100);
    assert.ok(large.breakEvenPct < 0.5, `${large.breakEvenPct}`);
    assert.equal(large.inputs.quantity, 98);
    assert.ok(
      large.reasoning.endsWith(
        `an expected 3.55% move against a ${large.breakEvenPct.toFixed(2)}% break-even after charges.`,
      ),
    );
  });

  it('works the round trip out at the intended size, at least one share', () => {
    assert.deepEqual(roundTripCost(1015, 2_000, costs), {
      quantity: 1,
      value: 1015,
      charges: 71.13,
      breakEvenPct: 7.01,
    });
    assert.equal(roundTripCost(5_000, 1_000, costs).quantity, 1);
    assert.throws(() => roundTripCost(0, 1_000, costs), RangeError);
    assert.throws(() => roundTripCost(100, -5, costs), RangeError);
  });

  it('does not refuse a SELL for its charges: an exit spends nothing', () => {
    const s = signals(falling, 1_000).of('trend_following');
    // One share at ₹916.66: the round trip would cost more than the move, yet the exit stands.
    assert.ok(s.breakEvenPct > Math.abs(s.expectedMovePct), `${s.breakEvenPct} vs ${s.expectedMovePct}`);
    assert.equal(s.signal, 'SELL');
  });
});

describe('bestSignal', () => {
  const base = signals(rising).list[0]!;
  const make = (strategy: StrategyId, signal: StrategySignal['signal'], confidence: number) => ({
    ...base,
    strategy,
    signal,
    confidence,
  });

  it('picks the most confident BUY or SELL, even over a more confident HOLD', () => {
    const best = bestSignal([
      make('trend_following', 'HOLD', 0.9),
      make('mean_reversion', 'SELL', 0.6),
      make('breakout', 'BUY', 0.7),
    ]);
    assert.equal(best.strategy, 'breakout');
  });

  it('falls back to the most confident HOLD, the earlier on a tie', () => {
    assert.equal(
      bestSignal([
        make('trend_following', 'HOLD', 0.5),
        make('mean_reversion', 'HOLD', 0.77),
        make('breakout', 'HOLD', 0.77),
      ]).strategy,
      'mean_reversion',
    );
    assert.throws(() => bestSignal([]), RangeError);
  });

  it('prefers the breakout on the breakout candles, where trend following is less sure', () => {
    const { list } = signals(breakoutCandles);
    assert.equal(list.find((s) => s.strategy === 'trend_following')!.signal, 'BUY');
    assert.equal(bestSignal(list).strategy, 'breakout');
  });
});
