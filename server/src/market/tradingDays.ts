/**
 * NSE trading days as IST calendar dates (YYYY-MM-DD): Monday to Friday minus the holidays of the
 * calendar (a year without a holiday list counts its weekdays), and the instants of their normal
 * session (09:15-15:30 IST) and of the intraday (MIS) cut-off at 15:20 IST. The one set of
 * trading-day helpers: the simulated market and the paper engine both use it. IST itself (offset,
 * the IST day of an instant) is in @nivesh/api-contract's time.ts.
 */
import { istDay, istMinuteOfDay, istTimeOn } from '@nivesh/api-contract';

/** What these helpers read of a calendar (calendar.ts's HolidayCalendar): a date's holiday, or null. */
interface Holidays {
  holidayName(isoDate: string): string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

const minutes = (h: number, m: number) => h * 60 + m;
/** NSE cash-market sessions in minutes after IST midnight (DOMAIN.md). */
export const SESSION_MINUTES = {
  preOpen: minutes(9, 0),
  open: minutes(9, 15),
  close: minutes(15, 30),
  closingEnd: minutes(15, 40),
  postCloseEnd: minutes(16, 0),
} as const;

/** Intraday (MIS) orders stop and positions are squared off at 15:20 IST. */
export const SQUARE_OFF_MINUTE = minutes(15, 20);

function parts(iso: string) {
  return { year: Number(iso.slice(0, 4)), month: Number(iso.slice(5, 7)), day: Number(iso.slice(8, 10)) };
}

export function addDays(iso: string, days: number): string {
  const { year, month, day } = parts(iso);
  return new Date(Date.UTC(year, month - 1, day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The same calendar date `years` earlier (29 February falls back to 28). */
export function yearsBefore(iso: string, years: number): string {
  const { year, month, day } = parts(iso);
  const target = new Date(Date.UTC(year - years, month - 1, day));
  if (target.getUTCMonth() !== month - 1) return addDays(target.toISOString().slice(0, 10), -1);
  return target.toISOString().slice(0, 10);
}

/** Monday-Friday and not an exchange holiday. */
export function isTradingDay(iso: string, calendar: Holidays): boolean {
  const { year, month, day } = parts(iso);
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return weekday !== 0 && weekday !== 6 && calendar.holidayName(iso) === null;
}

// Holiday stretches are a few days; a year of search is a generous bound.
const SEARCH_LIMIT = 366;

export function nextTradingDay(iso: string, calendar: Holidays): string {
  let day = addDays(iso, 1);
  for (let i = 0; i < SEARCH_LIMIT && !isTradingDay(day, calendar); i += 1) day = addDays(day, 1);
  return day;
}

export function previousTradingDay(iso: string, calendar: Holidays): string {
  let day = addDays(iso, -1);
  for (let i = 0; i < SEARCH_LIMIT && !isTradingDay(day, calendar); i += 1) day = addDays(day, -1);
  return day;
}

/** Trading days from..to inclusive, oldest first. */
export function tradingDaysBetween(from: string, to: string, calendar: Holidays): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) if (isTradingDay(day, calendar)) days.push(day);
  return days;
}

/** The latest trading day whose session has closed (15:30 IST) at `now`, or null within a year. */
export function lastClosedTradingDay(now: Date, calendar: Holidays): string | null {
  let day = istDay(now);
  if (!isTradingDay(day, calendar) || istMinuteOfDay(now) < SESSION_MINUTES.close) day = addDays(day, -1);
  for (let i = 0; i < SEARCH_LIMIT; i += 1, day = addDays(day, -1))
    if (isTradingDay(day, calendar)) return day;
  return null;
}

/** Epoch ms of 09:15 IST on the day. */
export function sessionOpenAt(iso: string): number {
  return istTimeOn(iso, SESSION_MINUTES.open).getTime();
}

/** Epoch ms of 15:30 IST on the day. */
export function sessionCloseAt(iso: string): number {
  return istTimeOn(iso, SESSION_MINUTES.close).getTime();
}
