/** HTTP for market data. */
import type { Contract } from '@nivesh/api-contract';
import type { Clock } from '../clock.js';
import type { DomainHandlers } from '../http/contract.js';
import { marketStatus, type HolidayCalendar } from './calendar.js';

export function marketHandlers<S>(deps: {
  clock: Clock;
  calendar: HolidayCalendar;
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
  };
}
