/**
 * The one answer to "is the market open for trading now" on this server: the market its feed
 * trades on. That is NSE's normal session (calendar.ts `marketStatus`), except while the simulated
 * market keeps its own session open outside exchange hours (NIVESH_SIM_ALWAYS_OPEN): prices move
 * and orders fill then too, so the market is open for trading, and said to be simulated. The
 * market status, the auto-scaling status and the automation read it here; the feed's
 * `isSessionOpen` is the same answer. Live orders to Upstox follow the exchange alone (an order
 * sent while NSE is shut is an after-market order), which `exchange` keeps.
 */
import type { MarketPhase, RunTimeWindow } from '@nivesh/api-contract';
import { marketStatus, type HolidayCalendar, type MarketStatus } from './calendar.js';
import type { MarketFeed } from './feed.js';
import { SESSION_MINUTES, SQUARE_OFF_MINUTE } from './tradingDays.js';

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

/** 555 -> '09:15'. */
const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/**
 * The run times a daily schedule on this server's session may take (the automation's run time), IST:
 * on NSE's session, from the open to the 15:20 square-off (a run after it would buy what the
 * square-off sells); while the feed keeps its session open at every hour, any time of the day.
 */
export function runTimeWindow(feed: Pick<MarketFeed, 'alwaysOpen'>): RunTimeWindow {
  if (feed.alwaysOpen) {
    return {
      from: '00:00',
      before: null,
      note: 'The simulated market is open at every hour (NIVESH_SIM_ALWAYS_OPEN): any run time is taken.',
    };
  }
  const from = hhmm(SESSION_MINUTES.open);
  const before = hhmm(SQUARE_OFF_MINUTE);
  return { from, before, note: `NSE's session: from the ${from} open to the ${before} square-off.` };
}
