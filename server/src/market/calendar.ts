/**
 * The NSE cash-market calendar in IST (UTC+05:30, no daylight saving). Pure functions: the time and
 * the holiday list come in as arguments.
 *
 * Sessions (DOMAIN.md; SESSION_MINUTES in tradingDays.ts): pre-open 09:00-09:15, normal
 * 09:15-15:30, closing-price 15:30-15:40, post-close 15:40-16:00. "Market Open" means the normal
 * session is running.
 */
import { z } from 'zod';
import { istDay, istIsoText, istWallClock, type MarketPhase } from '@nivesh/api-contract';
import { nextTradingDay, sessionCloseAt, sessionOpenAt, SESSION_MINUTES } from './tradingDays.js';

export const HolidayFile = z.object({
  exchange: z.literal('NSE'),
  segment: z.string().optional(),
  year: z.number().int().min(2000).max(2100),
  source: z.string().optional(),
  holidays: z.array(
    z.object({
      date: z.iso.date(),
      name: z.string().min(1),
    }),
  ),
});
export type HolidayFile = z.infer<typeof HolidayFile>;

/** Holidays by year; a year with no list is "unknown" (weekends still apply). */
export class HolidayCalendar {
  private readonly years = new Map<number, Map<string, string>>();

  constructor(files: readonly HolidayFile[] = []) {
    for (const file of files) this.add(file);
  }

  add(file: HolidayFile): void {
    const byDate = new Map<string, string>();
    for (const holiday of file.holidays) {
      if (!holiday.date.startsWith(`${file.year}-`)) {
        throw new Error(`Holiday ${holiday.date} (${holiday.name}) is not in the file's year ${file.year}`);
      }
      byDate.set(holiday.date, holiday.name);
    }
    this.years.set(file.year, byDate);
  }

  knowsYear(year: number): boolean {
    return this.years.has(year);
  }

  holidayName(isoDate: string): string | null {
    return this.years.get(Number(isoDate.slice(0, 4)))?.get(isoDate) ?? null;
  }

  knownYears(): number[] {
    return [...this.years.keys()].sort();
  }
}

type ClosedReason = 'weekend' | 'holiday';

export interface MarketStatus {
  status: MarketPhase;
  isOpen: boolean;
  closedReason: ClosedReason | null;
  holidayName: string | null;
  isTradingDay: boolean;
  nowIst: string;
  nextOpen: Date;
  nextClose: Date;
  holidaysKnown: boolean;
}

function phaseAt(minuteOfDay: number): MarketPhase {
  if (minuteOfDay < SESSION_MINUTES.preOpen) return 'CLOSED';
  if (minuteOfDay < SESSION_MINUTES.open) return 'PRE_OPEN';
  if (minuteOfDay < SESSION_MINUTES.close) return 'OPEN';
  if (minuteOfDay < SESSION_MINUTES.closingEnd) return 'CLOSING';
  if (minuteOfDay < SESSION_MINUTES.postCloseEnd) return 'POST_CLOSE';
  return 'CLOSED';
}

export function marketStatus(now: Date, calendar: HolidayCalendar): MarketStatus {
  const clock = istWallClock(now);
  const today = istDay(now);
  const weekend = clock.weekday === 0 || clock.weekday === 6;
  const holiday = weekend ? null : calendar.holidayName(today);
  const reason: ClosedReason | null = weekend ? 'weekend' : holiday !== null ? 'holiday' : null;
  const isTradingDay = reason === null;
  const status = isTradingDay ? phaseAt(clock.minuteOfDay) : 'CLOSED';
  // The session that is running, or the next one to start.
  const sessionDay =
    isTradingDay && clock.minuteOfDay < SESSION_MINUTES.close ? today : nextTradingDay(today, calendar);
  return {
    status,
    isOpen: status === 'OPEN',
    closedReason: reason,
    holidayName: holiday,
    isTradingDay,
    nowIst: istIsoText(now),
    nextOpen: new Date(sessionOpenAt(sessionDay)),
    nextClose: new Date(sessionCloseAt(sessionDay)),
    holidaysKnown: calendar.knowsYear(clock.year),
  };
}
