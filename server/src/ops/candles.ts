/**
 * Pure parts of the tick-streaming monitor: one-second candles built from ticks, and counters in
 * one-second buckets over the last minute. Memory is bounded: at most `keepSeconds` candles per
 * symbol and `maxSymbols` symbols; the counters are a fixed ring.
 */

/** One second of one symbol: the second's first, highest, lowest and last price, volume and ticks. */
export interface SecondCandle {
  /** Epoch seconds of the second's start. */
  second: number;
  open: number;
  high: number;
  low: number;
  close: number;
  /** Shares traded in the second: the rise of the day's cumulative volume (0 for indices). */
  volume: number;
  ticks: number;
}

/** What the builder needs of a tick (market/feed.ts Tick). */
export interface CandleTick {
  symbol: string;
  ltp: number;
  /** The day's cumulative traded volume. */
  volume: number;
  /** Epoch milliseconds. */
  ts: number;
}

/** applied; out_of_order: older than the symbol's newest tick, left out; ignored: too many symbols. */
export type CandleAddResult = 'applied' | 'out_of_order' | 'ignored';

interface SymbolCandles {
  candles: SecondCandle[];
  lastTs: number;
  lastVolume: number;
}

/**
 * Builds one-second candles per symbol from ticks in arrival order. A tick older than the symbol's
 * newest is out of order and changes nothing. Volume is the rise of the cumulative volume since
 * the symbol's previous tick (a first tick, or a fall such as a new day, adds none). Each symbol
 * keeps the seconds within `keepSeconds` of its newest candle; seconds without ticks have no candle.
 */
export function createCandleBuilder(options: { keepSeconds: number; maxSymbols: number }) {
  const bySymbol = new Map<string, SymbolCandles>();
  let newestSecond: number | null = null;

  return {
    add(tick: CandleTick): CandleAddResult {
      let state = bySymbol.get(tick.symbol);
      if (state && tick.ts < state.lastTs) return 'out_of_order';
      if (!state) {
        if (bySymbol.size >= options.maxSymbols) return 'ignored';
        state = { candles: [], lastTs: tick.ts, lastVolume: tick.volume };
        bySymbol.set(tick.symbol, state);
      }
      const traded = tick.volume > state.lastVolume ? tick.volume - state.lastVolume : 0;
      state.lastTs = tick.ts;
      state.lastVolume = tick.volume;
      const second = Math.floor(tick.ts / 1000);
      const last = state.candles[state.candles.length - 1];
      if (last && last.second === second) {
        last.high = Math.max(last.high, tick.ltp);
        last.low = Math.min(last.low, tick.ltp);
        last.close = tick.ltp;
        last.volume += traded;
        last.ticks += 1;
      } else {
        state.candles.push({
          second,
          open: tick.ltp,
          high: tick.ltp,
          low: tick.ltp,
          close: tick.ltp,
          volume: traded,
          ticks: 1,
        });
        while (state.candles.length > 0 && state.candles[0]!.second <= second - options.keepSeconds) {
          state.candles.shift();
        }
      }
      if (newestSecond === null || second > newestSecond) newestSecond = second;
      return 'applied';
    },

    /** The symbol's candles within the `seconds` seconds ending at its newest, oldest first (copies). */
    candles(symbol: string, seconds: number): SecondCandle[] {
      const list = bySymbol.get(symbol)?.candles ?? [];
      const newest = list[list.length - 1];
      if (!newest) return [];
      return list
        .filter((candle) => candle.second > newest.second - seconds)
        .map((candle) => ({ ...candle }));
    },

    /** Epoch seconds of the newest candle of any symbol, or null before the first tick. */
    newestSecond: () => newestSecond,

    /** Symbols with candles. */
    symbolCount: () => bySymbol.size,
  };
}

/**
 * Named counts in one-second buckets: a ring of `size` seconds, each bucket reset when its second
 * comes round again. `at` is epoch milliseconds; sums cover whole seconds.
 */
export function createSecondCounters<K extends string>(keys: readonly K[], size = 60) {
  const seconds = new Array<number>(size).fill(-1);
  const counts = keys.map(() => new Array<number>(size).fill(0));
  const column = new Map(keys.map((key, index) => [key, index]));

  function slot(second: number): number {
    const index = ((second % size) + size) % size;
    if (seconds[index] !== second) {
      seconds[index] = second;
      for (const list of counts) list[index] = 0;
    }
    return index;
  }

  function valueAt(key: K, second: number): number {
    const index = ((second % size) + size) % size;
    return seconds[index] === second ? (counts[column.get(key)!]![index] ?? 0) : 0;
  }

  return {
    add(at: number, values: Partial<Record<K, number>>): void {
      const index = slot(Math.floor(at / 1000));
      for (const [key, value] of Object.entries(values) as Array<[K, number | undefined]>) {
        const list = counts[column.get(key)!]!;
        list[index] = (list[index] ?? 0) + (value ?? 0);
      }
    },

    /**
     * The counts of `key` for each of the `span` seconds ending `skip` seconds before the second
     * of `now` (skip 0: the current second is the last), oldest first. `span + skip` <= size.
     */
    perSecond(key: K, now: number, span: number, skip = 0): Array<{ second: number; count: number }> {
      const last = Math.floor(now / 1000) - skip;
      const out: Array<{ second: number; count: number }> = [];
      for (let second = last - span + 1; second <= last; second += 1) {
        out.push({ second, count: valueAt(key, second) });
      }
      return out;
    },

    /** The total of `key` over the same seconds as `perSecond`. */
    total(key: K, now: number, span: number, skip = 0): number {
      const last = Math.floor(now / 1000) - skip;
      let sum = 0;
      for (let second = last - span + 1; second <= last; second += 1) sum += valueAt(key, second);
      return sum;
    },
  };
}
