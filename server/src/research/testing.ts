/**
 * Scripted daily candles for the research tests: closes the test chooses, on consecutive weekdays
 * ending on a given day, each candle ranging `range` rupees around its close.
 */
import type { Candle } from '../market/feed.js';

export interface ScriptOptions {
  /** The last candle's IST day, YYYY-MM-DD (a weekday). Default 2026-11-19, a Thursday. */
  end?: string;
  /** High − low of every candle, centred on the close. Default 2. */
  range?: number;
  /** Volume of each candle, by position (default 100,000 every day). */
  volume?: (i: number, count: number) => number;
}

/** The `count` weekdays ending on `end`, oldest first. */
export function weekdaysEnding(end: string, count: number): string[] {
  const days: string[] = [];
  let t = Date.parse(`${end}T00:00:00Z`);
  while (days.length < count) {
    const day = new Date(t);
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) days.unshift(day.toISOString().slice(0, 10));
    t -= 86_400_000;
  }
  return days;
}

/** One candle per close, oldest first: open at the previous close, high and low `range / 2` around the close. */
export function scriptedCandles(closes: readonly number[], options: ScriptOptions = {}): Candle[] {
  const range = options.range ?? 2;
  const days = weekdaysEnding(options.end ?? '2026-11-19', closes.length);
  return closes.map((close, i) => ({
    date: days[i]!,
    open: i === 0 ? close : closes[i - 1]!,
    high: Math.max(close, i === 0 ? close : closes[i - 1]!) + range / 2,
    low: Math.min(close, i === 0 ? close : closes[i - 1]!) - range / 2,
    close,
    volume: options.volume?.(i, closes.length) ?? 100_000,
  }));
}

/** `count` closes growing (or falling) by `rate` a day from `start`, with a small alternating wobble. */
export function trendCloses(start: number, rate: number, count: number, wobble = 0.002): number[] {
  return Array.from(
    { length: count },
    (_, i) => Math.round(start * (1 + rate) ** i * (1 + (i % 2 === 0 ? wobble : -wobble)) * 100) / 100,
  );
}

/** `count` closes around `level`, alternating `level ± swing`. */
export function flatCloses(level: number, count: number, swing = 1): number[] {
  return Array.from({ length: count }, (_, i) => level + (i % 2 === 0 ? swing : -swing));
}

/**
 * NIFTY 50's last 300 weekdays up to Thursday 19 November 2026: rising 0.03% a day with a small
 * wave, each candle ±30 points (the index trades no volume).
 */
export function risingNiftyCandles(): Candle[] {
  return weekdaysEnding('2026-11-19', 300).map((date, i) => {
    const close = Math.round(24_000 * 1.0003 ** (i - 299) * (1 + 0.003 * Math.sin(i * 1.7)) * 100) / 100;
    return { date, open: close, high: close + 30, low: close - 30, close, volume: 0 };
  });
}

/**
 * Four stocks with a BUY each on 20 November 2026 (three rising at different rates: trend
 * following; HDFCBANK breaking out of a flat year on twice the volume), and NIFTY 50.
 */
export function fourBuySignalsCandles() {
  return {
    INFY: scriptedCandles(trendCloses(1000, 0.003, 260, 0.006)),
    TCS: scriptedCandles(trendCloses(2000, 0.0025, 260, 0.005)),
    RELIANCE: scriptedCandles(trendCloses(2500, 0.002, 260, 0.004)),
    HDFCBANK: scriptedCandles([...flatCloses(1000, 259, 5), 1015], {
      volume: (i, n) => (i === n - 1 ? 200_000 : 100_000),
    }),
    NIFTY_50: risingNiftyCandles(),
  };
}
