/** Market calendar and index levels. */
import { z } from 'zod';
import { ApiError, Timestamp, Percent, Points } from './common';
import { DataSource } from './portfolio';
import { route } from './route';

/** NSE cash market phases in IST (DOMAIN.md). */
export const MarketPhase = z.enum(['PRE_OPEN', 'OPEN', 'CLOSING', 'POST_CLOSE', 'CLOSED']);
export type MarketPhase = z.infer<typeof MarketPhase>;

/**
 * Where this server's prices come from and whether they are arriving: the one description of the
 * data source every page gives (the risk page's monitoring strip, Tick Streaming, Settings), so no
 * page calls a simulated feed live.
 */
export const MarketFeedStatus = z.object({
  /**
   * simulated: prices generated inside this server (not market data); upstox: the broker's
   * market-data feed (NIVESH_MARKET_DATA).
   */
  source: DataSource,
  /**
   * The feed's connection to its source. The simulated market runs in this process, so it has no
   * connection to lose: it is connected while the server runs.
   */
  connection: z.enum(['connecting', 'connected', 'reconnecting', 'disconnected']),
  /** When the newest tick the server holds was made (to the millisecond); null before the first. */
  last_tick_at: Timestamp.nullable(),
});
export type MarketFeedStatus = z.infer<typeof MarketFeedStatus>;

export const MarketStatusResponse = z.object({
  success: z.literal(true),
  exchange: z.literal('NSE'),
  /**
   * The one answer to "is the market open for trading now" on this server: 'OPEN' while orders
   * trade, that is while NSE's normal session (09:15-15:30 IST) runs, or while the server's
   * simulated market keeps its own session open outside it (`simulated_session_open`); otherwise
   * NSE's phase.
   */
  status: MarketPhase,
  /** status === 'OPEN'. */
  is_open: z.boolean(),
  /** NSE's own phase: 'OPEN' exactly while its normal session runs. */
  exchange_status: MarketPhase,
  /** Why the market is shut today, when it is. */
  closed_reason: z.enum(['weekend', 'holiday']).nullable(),
  holiday_name: z.string().nullable(),
  is_trading_day: z.boolean(),
  /** The current time in IST, `YYYY-MM-DDTHH:mm:ss+05:30`. */
  now_ist: z.string(),
  /** Start of the next normal session (now, if it is running). */
  next_open: Timestamp,
  /** End of the running or next normal session. */
  next_close: Timestamp,
  /** False when no holiday list is loaded for this year: weekends are still known, holidays are not. */
  holidays_known: z.boolean(),
  /**
   * True while the NSE normal session is not running but the server's simulated market keeps its
   * own session open (NIVESH_SIM_ALWAYS_OPEN): prices move and orders fill outside exchange hours,
   * so `status` is 'OPEN' and `exchange_status` says NSE's phase.
   */
  simulated_session_open: z.boolean(),
  /** This server's market data: its source, its connection and its newest tick. */
  feed: MarketFeedStatus,
});
export type MarketStatusResponse = z.infer<typeof MarketStatusResponse>;

/**
 * What the top bar and the dashboard say while the simulated session runs outside NSE hours:
 * 'Simulated session open (NSE closed)'. A phone's top bar shows the label without the note.
 */
export const SIMULATED_SESSION_LABEL = 'Simulated session open';
export const SIMULATED_SESSION_NOTE = '(NSE closed)';

/** The three benchmark indices the dashboard follows. SENSEX is a BSE index; the others are NSE's. */
export const MarketIndexId = z.enum(['NIFTY_50', 'SENSEX', 'BANK_NIFTY']);
export type MarketIndexId = z.infer<typeof MarketIndexId>;

/** Display names, in the order the dashboard lists the indices. */
export const MARKET_INDEX_NAMES: Record<MarketIndexId, string> = {
  NIFTY_50: 'NIFTY 50',
  SENSEX: 'SENSEX',
  BANK_NIFTY: 'Bank NIFTY',
};

/** One index level. Levels are index points (not rupees), to two decimals. */
export const IndexQuote = z.object({
  /** Display name: 'NIFTY 50', 'SENSEX', 'Bank NIFTY'. */
  name: z.string(),
  exchange: z.enum(['NSE', 'BSE']),
  /** Last traded level (the close, once the session has ended). */
  value: Points,
  /** The previous session's official close, the base of both changes below. */
  previous_close: Points,
  /** value - previous_close, in points. */
  change: Points,
  /** change / previous_close * 100 (1.5 means +1.5%). */
  change_percent: Percent,
});
export type IndexQuote = z.infer<typeof IndexQuote>;

export const MarketOverview = z.object({
  indices: z.object({ NIFTY_50: IndexQuote, SENSEX: IndexQuote, BANK_NIFTY: IndexQuote }),
  /** Where the levels come from: the simulated market (labelled "simulated" in the UI) or Upstox. */
  data_source: DataSource,
  /** When these levels were taken. */
  as_of: Timestamp,
});
export type MarketOverview = z.infer<typeof MarketOverview>;

export const marketRoutes = {
  status: route({
    method: 'GET',
    path: '/api/market/status',
    access: 'session',
    tag: 'market',
    summary: 'Whether the NSE normal session is open now, from the exchange calendar in IST',
    responses: { 200: MarketStatusResponse, 401: ApiError },
    client: { pollingIntervalMs: 30_000 },
  }),
  overview: route({
    method: 'GET',
    path: '/api/market/overview',
    access: 'session',
    tag: 'market',
    summary: 'NIFTY 50, SENSEX and Bank NIFTY: level, change since the previous close, and the data source',
    responses: {
      200: z.object({ success: z.literal(true), data: MarketOverview }),
      401: ApiError,
      503: ApiError,
    },
    // The specification sets no interval for this call; index levels on a dashboard must not go
    // stale silently, so it follows the market status's 30 s.
    client: { pollingIntervalMs: 30_000 },
  }),
} as const;
