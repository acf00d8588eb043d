/**
 * The indicator snapshot: the same figures trading-signals gives when fed the candles directly, and
 * values worked out by hand on series simple enough to do so.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ATR, BollingerBands, DonchianChannels, EMA, MACD, ROC, RSI, RVOL, SMA } from 'trading-signals';
import type { Candle } from '../market/feed.js';
import { computeIndicators, indicatorSeries, MIN_CANDLES, realisedVolatility } from './indicators.js';
import { scriptedCandles } from './testing.js';
import { ManualClock } from '../clock.js';
import { loadHolidayCalendar } from '../market/holidays.js';
import { createSimulatedMarket } from '../market/simulated.js';

const near = (actual: number, expected: number, what: string, tolerance = 1e-9) =>
  assert.ok(Math.abs(actual - expected) <= tolerance, `${what}: ${actual} is not ${expected}`);

/** A fixed, irregular series: a seeded linear congruential walk, 260 days. */
function fixedCandles(): Candle[] {
  let seed = 12345;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const closes: number[] = [];
  let price = 1500;
  for (let i = 0; i < 260; i += 1) {
    price *= 1 + (next() - 0.48) * 0.04;
    closes.push(Math.round(price * 20) / 20);
  }
  return scriptedCandles(closes, { range: 12, volume: () => Math.round(50_000 + next() * 100_000) });
}

describe('computeIndicators', () => {
  it('gives the figures trading-signals gives for the same candles', () => {
    const candles = fixedCandles();
    const snapshot = computeIndicators(candles);
    assert.ok(snapshot);

    const closes = candles.map((c) => c.close);
    const last = <T>(indicator: { add(x: never): unknown; getResult(): T }, inputs: unknown[]) => {
      for (const input of inputs) indicator.add(input as never);
      return indicator.getResult();
    };
    const before = candles.slice(0, -1);
    assert.equal(snapshot.date, candles.at(-1)!.date);
    assert.equal(snapshot.close, closes.at(-1));
    assert.equal(snapshot.sma20, last(new SMA(20), closes));
    assert.equal(snapshot.sma50, last(new SMA(50), closes));
    assert.equal(snapshot.sma200, last(new SMA(200), closes));
    assert.equal(snapshot.ema20, last(new EMA(20), closes));
    assert.equal(snapshot.rsi14, last(new RSI(14), closes));
    const macd = last(new MACD(new EMA(12), new EMA(26), new EMA(9)), closes)!;
    assert.deepEqual(
      [snapshot.macd, snapshot.macdSignal, snapshot.macdHistogram],
      [macd.macd, macd.signal, macd.histogram],
    );
    assert.equal(snapshot.atr14, last(new ATR(14), candles));
    const bands = last(new BollingerBands(20, 2), closes)!;
    assert.deepEqual(
      [snapshot.bollingerLower, snapshot.bollingerMiddle, snapshot.bollingerUpper],
      [bands.lower, bands.middle, bands.upper],
    );
    assert.equal(snapshot.roc20, last(new ROC(20), closes)! * 100);
    assert.equal(
      snapshot.volumeRatio,
      last(
        new RVOL(20),
        candles.map((c) => c.volume),
      ),
    );
    assert.equal(
      snapshot.averageVolume20,
      last(
        new SMA(20),
        before.map((c) => c.volume),
      ),
    );
    const channel = last(new DonchianChannels(20), before)!;
    assert.equal(snapshot.high20, channel.upper);
    assert.equal(snapshot.low20, channel.lower);
    near(snapshot.realisedVol20, realisedVolatility(closes, 20)!, 'realised volatility');
  });

  it('works out by hand on a series rising ₹1 a day', () => {
    // Closes 1..200, each candle from the previous close to its own, ₹1 beyond each end:
    // high = close + 1, low = previous close − 1, so every true range after the first is ₹3.
    const closes = Array.from({ length: 200 }, (_, i) => i + 1);
    const candles = scriptedCandles(closes, { volume: (i, n) => (i === n - 1 ? 200_000 : 100_000) });
    const s = computeIndicators(candles)!;
    assert.equal(s.close, 200);
    near(s.sma20, 190.5, 'SMA 20 = mean(181..200)');
    near(s.sma50, 175.5, 'SMA 50 = mean(151..200)');
    near(s.sma200, 100.5, 'SMA 200 = mean(1..200)');
    near(s.roc20, (200 / 180 - 1) * 100, '20-day change');
    assert.equal(s.rsi14, 100, 'no down day: RSI 100');
    near(s.atr14, 3, 'ATR of ₹3 ranges', 1e-6);
    assert.equal(s.high20, 200, 'the 20 days before the latest: highest high 199 + 1');
    assert.equal(s.low20, 178, 'lowest low: 180 − 1 − 1 (from the previous close 179)');
    assert.equal(s.averageVolume20, 100_000);
    assert.equal(s.volumeRatio, 2);
    // Bollinger: the 20 closes 181..200 have population sd √((20² − 1) / 12).
    const sd = Math.sqrt((20 ** 2 - 1) / 12);
    near(s.bollingerUpper, 190.5 + 2 * sd, 'upper band');
    near(s.bollingerLower, 190.5 - 2 * sd, 'lower band');
  });

  it('works out the realised volatility by hand: sample sd of log returns × √252', () => {
    // ln(1.1), ln(0.9), ln(1.1): mean 0.02842, sample sd 0.115857; × √252 = 1.83918.
    near(realisedVolatility([100, 110, 99, 108.9], 3)!, 1.8391773034294787, 'three returns', 1e-12);
    assert.equal(realisedVolatility([100, 110, 99], 3), null, 'three returns need four closes');
    // A steady 1% a day has no dispersion.
    near(realisedVolatility(Array.from({ length: 21 }, (_, i) => 100 * 1.01 ** i))!, 0, 'steady', 1e-12);
  });

  it('needs 200 candles, the 200-day average being the slowest', () => {
    assert.equal(MIN_CANDLES, 200);
    const candles = fixedCandles();
    assert.equal(computeIndicators(candles.slice(-199)), null);
    assert.ok(computeIndicators(candles.slice(-200)));
    assert.equal(computeIndicators([]), null);
  });

  it('answers a volume ratio of 0 for an index, which trades no volume', () => {
    const candles = scriptedCandles(
      Array.from({ length: 220 }, (_, i) => 24_000 + i),
      { volume: () => 0 },
    );
    const s = computeIndicators(candles)!;
    assert.equal(s.volumeRatio, 0);
    assert.equal(s.averageVolume20, 0);
  });
});

describe('indicatorSeries', () => {
  it("equals computeIndicators over the candles up to each day, on the simulated market's history", async () => {
    const market = createSimulatedMarket({
      seed: 11,
      alwaysOpen: false,
      clock: new ManualClock('2026-11-20T05:00:00.000Z'),
      calendar: loadHolidayCalendar(null),
      log: { info() {}, error() {} },
    });
    for (const symbol of ['RELIANCE', 'NIFTY_50']) {
      const candles = await market.dailyCandles(symbol, '2024-06-03', '2026-11-19');
      assert.ok(candles.length > 550, `${symbol}: ${candles.length} candles`);
      const series = indicatorSeries(candles);
      assert.equal(series.length, candles.length);
      // none before the 200th candle, one on every day from it (the simulated closes are positive)
      assert.equal(series[MIN_CANDLES - 2], null);
      assert.ok(series.slice(MIN_CANDLES - 1).every((s) => s !== null));
      for (let i = 0; i < candles.length; i += 7) {
        assert.deepEqual(series[i], computeIndicators(candles.slice(0, i + 1)), `${symbol} day ${i}`);
      }
      assert.deepEqual(series.at(-1), computeIndicators(candles));
    }
  });
});
