/** IST days and session times the paper engine schedules by (NSE: 09:15-15:30 IST, MIS cut-off 15:20). */
import { istDay } from '@nivesh/api-contract';
import { istInstant, SESSION_MINUTES, type HolidayCalendar } from '../market/calendar.js';

const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;

/** Intraday (MIS) orders stop and positions are squared off at 15:20 IST. */
export const SQUARE_OFF_MINUTE = 15 * 60 + 20;
export const CLOSE_MINUTE = SESSION_MINUTES.close;

export { istDay };

/** Minutes since IST midnight. */
export function istMinuteOfDay(instant: Date): number {
  return Math.floor(((instant.getTime() + IST_OFFSET_MS) % DAY_MS) / 60_000);
}

function parts(day: string) {
  const [year, month, d] = day.split('-').map(Number) as [number, number, number];
  return { year, month, day: d };
}

/** The UTC instant of an IST wall-clock minute on an IST day (YYYY-MM-DD). */
export function istTime(day: string, minuteOfDay: number): Date {
  return istInstant(parts(day), minuteOfDay);
}

export function addDays(day: string, n: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

/** Monday-Friday and not an exchange holiday. */
export function isTradingDay(day: string, calendar: HolidayCalendar): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && calendar.holidayName(day) === null;
}

/** Trading days from..to inclusive, oldest first. */
export function tradingDaysBetween(from: string, to: string, calendar: HolidayCalendar): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) if (isTradingDay(day, calendar)) days.push(day);
  return days;
}

/** The latest trading day whose session has closed (15:30 IST) at `now`, or null within a year. */
export function lastClosedTradingDay(now: Date, calendar: HolidayCalendar): string | null {
  let day = istDay(now);
  if (!isTradingDay(day, calendar) || istMinuteOfDay(now) < CLOSE_MINUTE) day = addDays(day, -1);
  for (let i = 0; i < 366; i += 1, day = addDays(day, -1)) if (isTradingDay(day, calendar)) return day;
  return null;
}
