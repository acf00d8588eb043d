/** HTTP for market data. */
import { MARKET_INDEX_NAMES, type Contract } from '@nivesh/api-contract';
import type { Clock } from '../clock.js';
import type { DomainHandlers } from '../http/contract.js';
import { serviceUnavailable } from '../http/errors.js';
import { marketStatus, type HolidayCalendar } from './calendar.js';
import type { MarketFeed, TickHub } from './feed.js';
import { marketOverview } from './overview.js';

export function marketHandlers<S>(deps: {
  clock: Clock;
  calendar: HolidayCalendar;
  hub: TickHub;
  feed: MarketFeed;
}): DomainHandlers<Contract['market'], S> {
  return {
    status: async () => {
      const status = marketStatus(deps.clock.now(), deps.calendar);
      return {
        success: true,
        exchange: 'NSE',
        status: status.status,
        is_open: status.isOpen,
        closed_reason: status.closedReason,
        holiday_name: status.holidayName,
        is_trading_day: status.isTradingDay,
        now_ist: status.nowIst,
        next_open: status.nextOpen.toISOString(),
        next_close: status.nextClose.toISOString(),
        holidays_known: status.holidaysKnown,
      };
    },
    overview: async () => {
      const result = marketOverview(deps.hub, deps.feed);
      if (!result.ok) {
        const names = result.missing.map((id) => MARKET_INDEX_NAMES[id]);
        const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
        throw serviceUnavailable(
          `Index levels are not available yet: the market feed has sent no level for ${list}.`,
        );
      }
      return { success: true, data: result.overview };
    },
  };
}
