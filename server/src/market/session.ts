/**
 * The one answer to "is the market open for trading now" on this server: the market its feed
 * trades on. That is NSE's normal session (calendar.ts `marketStatus`), except while the simulated
 * market keeps its own session open outside exchange hours (NIVESH_SIM_ALWAYS_OPEN): prices move
 * and orders fill then too, so the market is open for trading, and said to be simulated. The
 * market status, the auto-scaling status and the automation read it here; the feed's
 * `isSessionOpen` is the same answer. Live orders to Upstox follow the exchange alone (an order
 * sent while NSE is shut is an after-market order), which `exchange` keeps.
 */
import type { MarketPhase } from '@nivesh/api-contract';
import { marketStatus, type HolidayCalendar, type MarketStatus } from './calendar.js';
import type { MarketFeed } from './feed.js';

export interface TradingSession {
  /** Whether orders trade now on this server's market. */
  open: boolean;
  /** The phase the market is in for trading: OPEN while it trades, else the exchange's phase. */
  phase: MarketPhase;
  /** Open only because the simulated market keeps its own session outside NSE hours. */
  simulatedOutsideHours: boolean;
  /** NSE's own status. */
  exchange: MarketStatus;
}

export function tradingSession(
  now: Date,
  feed: Pick<MarketFeed, 'isSessionOpen'>,
  calendar: HolidayCalendar,
): TradingSession {
  const exchange = marketStatus(now, calendar);
  const open = feed.isSessionOpen(now);
  const simulatedOutsideHours = open && !exchange.isOpen;
  return { open, phase: open ? 'OPEN' : exchange.status, simulatedOutsideHours, exchange };
}
