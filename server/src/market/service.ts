/**
 * Market data: whether the NSE normal session is open (the exchange calendar at the server's
 * clock) and whether the simulated market runs its own session outside it, and the overview of NIFTY 50, SENSEX and Bank NIFTY from the tick hub's latest index
 * ticks (the running session's level, or the last close outside it), with the change since the
 * previous session's close and the feed they came from. The status also says what the feed is
 * (simulated or Upstox), its connection and its newest tick: the one description of the data
 * source the pages show.
 */
import {
  MARKET_INDEX_NAMES,
  MarketIndexId,
  type IndexQuote,
  type MarketOverview,
  type MarketStatusResponse,
} from '@nivesh/api-contract';
import type { Clock } from '../clock.js';
import { serviceUnavailable } from '../http/errors.js';
import type { HolidayCalendar } from './calendar.js';
import { tradingSession } from './session.js';
import type { MarketFeed, Tick, TickHub } from './feed.js';

const toHundredths = (value: number) => Math.round(value * 100) / 100;

function indexQuote(id: MarketIndexId, exchange: IndexQuote['exchange'], tick: Tick): IndexQuote {
  // Levels are to two decimals; rounding the difference removes floating-point dust.
  const change = toHundredths(tick.ltp - tick.previousClose);
  return {
    name: MARKET_INDEX_NAMES[id],
    exchange,
    value: tick.ltp,
    previous_close: tick.previousClose,
    change,
    change_percent: tick.previousClose === 0 ? 0 : (change / tick.previousClose) * 100,
  };
}

/** 'NIFTY 50', 'NIFTY 50 and SENSEX', 'NIFTY 50, SENSEX and Bank NIFTY'. */
function listOf(names: string[]): string {
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
}

export interface MarketService {
  status(): Omit<MarketStatusResponse, 'success'>;
  /** Throws 503 while the feed has not sent a level for every index. */
  overview(): MarketOverview;
}

export function createMarketService(deps: {
  clock: Clock;
  calendar: HolidayCalendar;
  hub: TickHub;
  feed: MarketFeed;
}): MarketService {
  const { clock, calendar, hub, feed } = deps;
  // The overview is worked out once per batch of ticks: it depends on the hub's prices only.
  let ticks = 0;
  hub.subscribe(() => {
    ticks += 1;
  });
  let latest: { ticks: number; overview: MarketOverview } | null = null;

  function overview(): MarketOverview {
    const quotes: Partial<Record<MarketIndexId, IndexQuote>> = {};
    const missing: MarketIndexId[] = [];
    let asOf = -Infinity;
    for (const id of MarketIndexId.options) {
      const index = feed.indices().find((i) => i.id === id);
      const tick = hub.last(id);
      if (!index || !tick || tick.kind !== 'index') {
        missing.push(id);
        continue;
      }
      quotes[id] = indexQuote(id, index.exchange, tick);
      asOf = Math.max(asOf, tick.ts);
    }
    if (missing.length > 0 || !quotes.NIFTY_50 || !quotes.SENSEX || !quotes.BANK_NIFTY) {
      throw serviceUnavailable(
        `Index levels are not available yet: the market feed has sent no level for ${listOf(
          missing.map((id) => MARKET_INDEX_NAMES[id]),
        )}.`,
      );
    }
    return {
      indices: { NIFTY_50: quotes.NIFTY_50, SENSEX: quotes.SENSEX, BANK_NIFTY: quotes.BANK_NIFTY },
      data_source: feed.source,
      as_of: new Date(asOf).toISOString(),
    };
  }

  return {
    status() {
      const now = clock.now();
      const session = tradingSession(now, feed, calendar);
      const status = session.exchange;
      const lastTick = hub.lastTickAt();
      return {
        exchange: 'NSE',
        status: session.phase,
        is_open: session.open,
        exchange_status: status.status,
        closed_reason: status.closedReason,
        holiday_name: status.holidayName,
        is_trading_day: status.isTradingDay,
        now_ist: status.nowIst,
        next_open: status.nextOpen.toISOString(),
        next_close: status.nextClose.toISOString(),
        holidays_known: status.holidaysKnown,
        simulated_session_open: session.simulatedOutsideHours,
        feed: {
          source: feed.source,
          // A feed without a connection of its own runs in this process (the simulated market).
          connection: feed.connection?.().status ?? 'connected',
          last_tick_at: lastTick === null ? null : new Date(lastTick).toISOString(),
        },
      };
    },

    overview() {
      if (latest?.ticks !== ticks) latest = { ticks, overview: overview() };
      return latest.overview;
    },
  };
}
