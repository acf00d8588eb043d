/**
 * Technical indicators of one stock's (or index's) daily candles, pure. The averages, oscillators
 * and bands come from the `trading-signals` library, fed the candles oldest first; the realised
 * volatility is DOMAIN.md's annual volatility (sample standard deviation × √252, analytics/ratios.ts)
 * of the daily log returns.
 *
 * The snapshot is the state at the latest candle: the last completed trading day the decision may
 * see. Nothing here reads today's live price; the strategies compare it with these figures.
 */
import { ATR, BollingerBands, DonchianChannels, EMA, MACD, ROC, RSI, RVOL, SMA } from 'trading-signals';
import type { Candle } from '../market/feed.js';
import { annualVolatility } from '../analytics/ratios.js';

/** The indicator values at the latest candle, plain numbers (rupees, or points for an index). */
export interface IndicatorSnapshot {
  /** IST trading day of the latest candle, YYYY-MM-DD. */
  date: string;
  /** The latest candle's close. */
  close: number;
  /** Simple moving averages of the closes over 20, 50 and 200 days. */
  sma20: number;
  sma50: number;
  sma200: number;
  /** Exponential moving average of the closes over 20 days. */
  ema20: number;
  /** Relative strength index over 14 days (Wilder's smoothing), 0-100. */
  rsi14: number;
  /** MACD (12, 26, 9): the line (EMA 12 − EMA 26), its 9-day EMA signal and the histogram. */
  macd: number;
  macdSignal: number;
  macdHistogram: number;
  /** Wilder's average true range over 14 days. */
  atr14: number;
  /** Bollinger bands over 20 days at 2 standard deviations (middle = SMA 20). */
  bollingerUpper: number;
  bollingerMiddle: number;
  bollingerLower: number;
  /** Rate of change over 20 days, percent: (close / close 20 days earlier − 1) × 100. */
  roc20: number;
  /** Annualised sample standard deviation of the last 20 daily log returns, a fraction (0.18 = 18%). */
  realisedVol20: number;
  /** Average daily volume of the 20 days before the latest. */
  averageVolume20: number;
  /** The latest day's volume over `averageVolume20` (relative volume); 0 when that average is 0 (an index). */
  volumeRatio: number;
  /** Highest high and lowest low of the 20 days before the latest (the Donchian channel). */
  high20: number;
  low20: number;
}

const SHORT = 20;
const MEDIUM = 50;
const LONG = 200;
const RSI_DAYS = 14;
const ATR_DAYS = 14;
const MACD_FAST = 12;
const MACD_SLOW = 26;
const MACD_SIGNAL = 9;
const BOLLINGER_DEVIATIONS = 2;
const VOLATILITY_DAYS = 20;

/**
 * Candles `computeIndicators` needs: the 200-day average is the slowest indicator (MACD needs 34,
 * the 20-day volume, channel, change and volatility figures 21).
 */
export const MIN_CANDLES = LONG;

/** Calendar days of a stock's candles research reads: about 290 trading days, above MIN_CANDLES. */
export const STOCK_CALENDAR_DAYS = 420;

/**
 * Annualised realised volatility of the last `days` daily log returns (needs `days` + 1 closes):
 * sample standard deviation (ddof 1) × √252, a fraction. Null with fewer closes.
 */
export function realisedVolatility(closes: readonly number[], days = VOLATILITY_DAYS): number | null {
  if (days < 2 || closes.length < days + 1) return null;
  const recent = closes.slice(-(days + 1));
  const logReturns = recent.slice(1).map((close, i) => Math.log(close / recent[i]!));
  return annualVolatility(logReturns);
}

/**
 * The indicators at the latest of `candles` (daily, oldest first, each with a positive close).
 * Null when there are fewer than MIN_CANDLES (200) candles: the 200-day average is the slowest.
 */
export function computeIndicators(candles: readonly Candle[]): IndicatorSnapshot | null {
  if (candles.length < MIN_CANDLES) return null;
  let latest: IndicatorSnapshot | null = null;
  streamIndicators(candles, candles.length - 1, (_, snapshot) => (latest = snapshot));
  return latest;
}

/**
 * The indicators at every candle of `candles` (daily, oldest first) in one pass: element i is
 * what `computeIndicators(candles.slice(0, i + 1))` answers (null before the 200th candle, and
 * wherever a figure is not yet defined). For building a multi-year history in O(n).
 */
export function indicatorSeries(candles: readonly Candle[]): (IndicatorSnapshot | null)[] {
  const series: (IndicatorSnapshot | null)[] = candles.map(() => null);
  streamIndicators(candles, MIN_CANDLES - 1, (i, snapshot) => (series[i] = snapshot));
  return series;
}

/**
 * Feeds the candles to the indicators oldest first and hands `each` the snapshot at every index
 * from `from` on: the one implementation behind computeIndicators and indicatorSeries.
 */
function streamIndicators(
  candles: readonly Candle[],
  from: number,
  each: (index: number, snapshot: IndicatorSnapshot | null) => void,
): void {
  const sma20 = new SMA(SHORT);
  const sma50 = new SMA(MEDIUM);
  const sma200 = new SMA(LONG);
  const ema20 = new EMA(SHORT);
  const rsi = new RSI(RSI_DAYS);
  const macd = new MACD(new EMA(MACD_FAST), new EMA(MACD_SLOW), new EMA(MACD_SIGNAL));
  const atr = new ATR(ATR_DAYS);
  const bands = new BollingerBands(SHORT, BOLLINGER_DEVIATIONS);
  const roc = new ROC(SHORT);
  const rvol = new RVOL(SHORT);
  // The volume baseline and the channel are of the days before the latest: a candle joins them
  // after the snapshot at its own index.
  const volumeAverage = new SMA(SHORT);
  const channel = new DonchianChannels(SHORT);
  const closes = candles.map((c) => c.close);

  candles.forEach((candle, i) => {
    const { close } = candle;
    sma20.add(close);
    sma50.add(close);
    sma200.add(close);
    ema20.add(close);
    rsi.add(close);
    macd.add(close);
    atr.add({ high: candle.high, low: candle.low, close });
    bands.add(close);
    roc.add(close);
    rvol.add(candle.volume);
    if (i >= from) {
      const values = {
        sma20: sma20.getResult(),
        sma50: sma50.getResult(),
        sma200: sma200.getResult(),
        ema20: ema20.getResult(),
        rsi14: rsi.getResult(),
        atr14: atr.getResult(),
        roc: roc.getResult(),
        averageVolume20: volumeAverage.getResult(),
        // RVOL has no result over a zero baseline (an index has no volume): no volume information.
        volumeRatio: rvol.getResult() ?? (volumeAverage.getResult() === 0 ? 0 : null),
        realisedVol20: realisedVolatility(closes.slice(Math.max(0, i - VOLATILITY_DAYS), i + 1)),
      };
      each(i, snapshotOf(candle, values, macd.getResult(), bands.getResult(), channel.getResult()));
    }
    volumeAverage.add(candle.volume);
    channel.add({ high: candle.high, low: candle.low });
  });
}

function snapshotOf(
  latest: Candle,
  values: Record<
    | 'sma20'
    | 'sma50'
    | 'sma200'
    | 'ema20'
    | 'rsi14'
    | 'atr14'
    | 'roc'
    | 'averageVolume20'
    | 'volumeRatio'
    | 'realisedVol20',
    number | null
  >,
  macdResult: { macd: number; signal: number; histogram: number } | null,
  bandResult: { upper: number; middle: number; lower: number } | null,
  channelResult: { upper: number; lower: number } | null,
): IndicatorSnapshot | null {
  if (!macdResult || !bandResult || !channelResult) return null;
  for (const value of Object.values(values)) if (value === null || !Number.isFinite(value)) return null;
  return {
    date: latest.date,
    close: latest.close,
    sma20: values.sma20!,
    sma50: values.sma50!,
    sma200: values.sma200!,
    ema20: values.ema20!,
    rsi14: values.rsi14!,
    macd: macdResult.macd,
    macdSignal: macdResult.signal,
    macdHistogram: macdResult.histogram,
    atr14: values.atr14!,
    bollingerUpper: bandResult.upper,
    bollingerMiddle: bandResult.middle,
    bollingerLower: bandResult.lower,
    roc20: values.roc! * 100,
    realisedVol20: values.realisedVol20!,
    averageVolume20: values.averageVolume20!,
    volumeRatio: values.volumeRatio!,
    high20: channelResult.upper,
    low20: channelResult.lower,
  };
}
