/**
 * The NSE cash-market calendar in IST (UTC+05:30, no daylight saving). Pure functions: the time and
 * the holiday list come in as arguments.
 *
 * Sessions (DOMAIN.md): pre-open 09:00-09:15, normal 09:15-15:30, closing-price 15:30-15:40,
 * post-close 15:40-16:00. "Market Open" means the normal session is running.
 */
import { z } from 'zod';
import type { MarketPhase } from '@nivesh/api-contract';

const IST_OFFSET_MS = 330 * 60 * 1000;
const minutes = (h: number, m: number) => h * 60 + m;
export const SESSION_MINUTES = {
  preOpen: minutes(9, 0),
  open: minutes(9, 15),
  close: minutes(15, 30),
  closingEnd: minutes(15, 40),
  postCloseEnd: minutes(16, 0),
} as const;

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

/** A calendar day in IST. */
interface IstDay {
  year: number;
  month: number; // 1-12
  day: number;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const isoDay = (d: IstDay) => `${d.year}-${pad(d.month)}-${pad(d.day)}`;

function istView(instant: Date) {
  const shifted = new Date(instant.getTime() + IST_OFFSET_MS);
  return {
    day: { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() },
    minuteOfDay: shifted.getUTCHours() * 60 + shifted.getUTCMinutes(),
    weekday: shifted.getUTCDay(),
    text:
      `${shifted.getUTCFullYear()}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}` +
      `T${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}:${pad(shifted.getUTCSeconds())}+05:30`,
  };
}

/** The UTC instant of an IST wall-clock time on an IST day. */
export function istInstant(day: IstDay, minuteOfDay: number): Date {
  return new Date(
    Date.UTC(day.year, day.month - 1, day.day, Math.floor(minuteOfDay / 60), minuteOfDay % 60) -
      IST_OFFSET_MS,
  );
}

function nextDay(d: IstDay): IstDay {
  const next = new Date(Date.UTC(d.year, d.month - 1, d.day + 1));
  return { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
}

function weekdayOf(d: IstDay): number {
  return new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay();
}

export type ClosedReason = 'weekend' | 'holiday';

function closedReason(
  d: IstDay,
  calendar: HolidayCalendar,
): { reason: ClosedReason | null; holiday: string | null } {
  const weekday = weekdayOf(d);
  if (weekday === 0 || weekday === 6) return { reason: 'weekend', holiday: null };
  const holiday = calendar.holidayName(isoDay(d));
  return holiday ? { reason: 'holiday', holiday } : { reason: null, holiday: null };
}

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
  const view = istView(now);
  const today = view.day;
  const { reason, holiday } = closedReason(today, calendar);
  const isTradingDay = reason === null;
  const status = isTradingDay ? phaseAt(view.minuteOfDay) : 'CLOSED';

  // The session that is running, or the next one to start.
  let sessionDay = today;
  if (!isTradingDay || view.minuteOfDay >= SESSION_MINUTES.close) {
    sessionDay = nextDay(today);
    // Long holiday stretches are at most a few days; a year of search is a safe bound.
    for (let i = 0; i < 366 && closedReason(sessionDay, calendar).reason !== null; i += 1) {
      sessionDay = nextDay(sessionDay);
    }
  }
  return {
    status,
    isOpen: status === 'OPEN',
    closedReason: reason,
    holidayName: holiday,
    isTradingDay,
    nowIst: view.text,
    nextOpen: istInstant(sessionDay, SESSION_MINUTES.open),
    nextClose: istInstant(sessionDay, SESSION_MINUTES.close),
    holidaysKnown: calendar.knowsYear(today.year),
  };
}
