/**
 * The market-data seam. A `MarketFeed` (the simulated NSE market, or Upstox) publishes ticks into
 * the one `TickHub`; every consumer (the paper engine, the market overview, the browser stream)
 * reads the hub, never the feed. Prices are rupees (index levels are points); equities move on
 * the 0.05 tick.
 */
import type { DataSource, FeedMode, MarketIndexId } from '@nivesh/api-contract';

/** A NIFTY 50 constituent (or any tradable equity the feed knows), from the instrument master. */
export interface Instrument {
  /** NSE trading symbol, e.g. `RELIANCE`, `M&M`. */
  symbol: string;
  name: string;
  sector: string;
  isin: string;
  /** Upstox instrument key, e.g. `NSE_EQ|INE002A01018`. */
  instrumentKey: string;
}

/** One of the three benchmark indices. */
export interface IndexInstrument {
  id: MarketIndexId;
  name: string;
  exchange: 'NSE' | 'BSE';
  /** Upstox instrument key, e.g. `NSE_INDEX|Nifty 50`, `BSE_INDEX|SENSEX`. */
  instrumentKey: string;
}

/** The latest state of one equity or index. `symbol` is the equity symbol or the index id. */
export interface Tick {
  symbol: string;
  kind: 'equity' | 'index';
  /** Last traded price (rupees) or level (points), to the paisa. */
  ltp: number;
  /** The previous session's close: the base of change and change percent. */
  previousClose: number;
  /** Today's open, high and low so far (equal to ltp before the first trade of the day). */
  open: number;
  high: number;
  low: number;
  /** Shares traded today so far (0 for indices). */
  volume: number;
  /** When the price was made (epoch ms): the trade's time from an outside feed, the instant itself in this process. */
  ts: number;
  /**
   * When the source sent this tick (epoch ms), when it says: Upstox stamps each message to the
   * millisecond, while its last-trade time `ts` is the exchange's, in whole seconds and as old as
   * a quiet stock's last trade. Absent for a tick made in this process (the simulated market),
   * whose `ts` is the instant it was made.
   */
  sentAt?: number;
  /**
   * The exchange's price band of the day (its lower and upper circuit limits, rupees) when the
   * source gives it; absent otherwise (the paper engine then assumes ±20% of the previous close).
   */
  band?: { lower: number; upper: number };
}

/** One daily candle. `date` is the IST trading day, YYYY-MM-DD. */
export interface Candle {
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/**
 * The instant a tick left its source, to the millisecond: the feed delay and the tick-to-browser
 * latency are measured from it (ops/tickStreaming.ts, stream/service.ts).
 */
export function tickSentAt(tick: Tick): number {
  return tick.sentAt ?? tick.ts;
}

export type TickListener = (ticks: readonly Tick[]) => void;

/** Latest tick per symbol, and fan-out of every batch to its subscribers. */
export interface TickHub {
  /** Stores the ticks as the latest of their symbols and hands the batch to every listener. */
  publish(ticks: readonly Tick[]): void;
  last(symbol: string): Tick | undefined;
  /** The latest tick of every symbol seen. */
  all(): Tick[];
  /** Returns the unsubscribe function. A listener that throws is logged and does not stop others. */
  subscribe(listener: TickListener): () => void;
  /** Epoch ms of the newest tick, or null before the first. */
  lastTickAt(): number | null;
}

/** A feed's connection to its source, as the tick-streaming dashboard shows it (ops/tickStreaming.ts). */
export interface FeedConnectionState {
  /** e.g. 'Upstox market data'. */
  name: string;
  status: 'connecting' | 'connected' | 'reconnecting' | 'disconnected';
  /** The subscription mode asked for. */
  mode: FeedMode;
  /** The symbols subscribed (equity symbols and index ids). */
  symbols: string[];
  /** Messages from the source that could not be decoded, since the feed was created. */
  undecodable: number;
}

export interface MarketFeed {
  readonly source: DataSource;
  /** Its connection to an outside source; absent for a feed that runs in this process (simulated). */
  connection?(): FeedConnectionState;
  /** The equities this feed can price (the instrument master). */
  instruments(): readonly Instrument[];
  indices(): readonly IndexInstrument[];
  instrument(symbol: string): Instrument | undefined;
  /**
   * Starts publishing into the hub. Before it resolves, the hub holds a tick for every instrument
   * and index (the latest known: the last close when the market is shut).
   */
  start(hub: TickHub): Promise<void>;
  stop(): Promise<void>;
  /** Whether orders at market can fill now: the NSE normal session (or the demo setting). */
  isSessionOpen(at: Date): boolean;
  /**
   * The feed keeps its session open at every hour (the simulated market under
   * NIVESH_SIM_ALWAYS_OPEN); false for a feed on NSE's hours. Schedules that follow the session
   * (the automation's run time: market/session.ts `runTimeWindow`) may then be set to any time.
   */
  readonly alwaysOpen: boolean;
  /** Daily candles of an equity symbol or index id, oldest first, IST days from..to inclusive. */
  dailyCandles(symbol: string, from: string, to: string): Promise<Candle[]>;
}
