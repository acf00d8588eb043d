/**
 * India Standard Time and relative times, written once for the server and the browser. IST is
 * UTC+05:30 all year (no daylight saving), so an IST wall clock is the UTC clock of the instant
 * shifted by IST_OFFSET_MS. Pure functions: the instant (and "now") come in as arguments.
 */

/** IST is 330 minutes (5 h 30 min) ahead of UTC. */
export const IST_OFFSET_MINUTES = 330;
export const IST_OFFSET_MS = IST_OFFSET_MINUTES * 60_000;

/** An IST wall-clock reading. `month` is 1-12; `weekday` 0 (Sunday) to 6. */
export interface IstWallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
  /** Minutes since IST midnight. */
  minuteOfDay: number;
}

/** The IST wall clock at an instant (a Date, an ISO text or epoch ms). */
export function istWallClock(instant: string | number | Date): IstWallClock {
  const shifted = new Date(new Date(instant).getTime() + IST_OFFSET_MS);
  const hour = shifted.getUTCHours();
  const minute = shifted.getUTCMinutes();
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour,
    minute,
    second: shifted.getUTCSeconds(),
    weekday: shifted.getUTCDay(),
    minuteOfDay: hour * 60 + minute,
  };
}

const DAY_MS = 86_400_000;

/** The last day `istDay` wrote out: most calls in a row fall on one day (the history's trades, now). */
let lastDay = { number: Number.NaN, text: '' };

const epochMs = (instant: string | number | Date) =>
  instant instanceof Date ? instant.getTime() : typeof instant === 'number' ? instant : Date.parse(instant);

/** The IST calendar day (YYYY-MM-DD) of an instant. */
export function istDay(instant: string | number | Date): string {
  const number = Math.floor((epochMs(instant) + IST_OFFSET_MS) / DAY_MS);
  if (number !== lastDay.number) {
    // An invalid instant throws here, as toISOString does (NaN never equals the last day).
    lastDay = { number, text: new Date(number * DAY_MS).toISOString().slice(0, 10) };
  }
  return lastDay.text;
}

/** `2026-11-20 10:30:00`: the IST wall clock as text (CSV exports, Upstox's order book format). */
export function istDateTimeText(instant: string | number | Date): string {
  return new Date(new Date(instant).getTime() + IST_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** `2026-11-20T10:30:00+05:30`: the instant as ISO 8601 text with IST's offset. */
export function istIsoText(instant: string | number | Date): string {
  return `${istDateTimeText(instant).replace(' ', 'T')}+05:30`;
}

/** Minutes since IST midnight at an instant. */
export function istMinuteOfDay(instant: string | number | Date): number {
  return istWallClock(instant).minuteOfDay;
}

/**
 * The instant of an IST wall-clock time. `month` is 1-12; fields past their range roll over
 * (minute 1440 is the next midnight), as Date.UTC does.
 */
export function fromIstWallClock(time: {
  year: number;
  month: number;
  day: number;
  hour?: number;
  minute?: number;
  second?: number;
}): Date {
  const { year, month, day, hour = 0, minute = 0, second = 0 } = time;
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second) - IST_OFFSET_MS);
}

/** The instant of `minuteOfDay` minutes after IST midnight on an IST day (YYYY-MM-DD). */
export function istTimeOn(day: string, minuteOfDay: number): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return fromIstWallClock({ year, month, day: date, minute: minuteOfDay });
}

/**
 * How long ago an instant was, in the one wording every page and answer uses: `just now` under a
 * minute, then whole minutes, hours or days, rounded down (`1 minute ago`, `59 minutes ago`,
 * `2 hours ago`, `1 day ago`). An instant in the future reads `just now`.
 */
export function timeAgo(at: string | number | Date, now: Date = new Date()): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - new Date(at).getTime()) / 1000));
  if (seconds < 60) return 'just now';
  const ago = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return ago(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return ago(hours, 'hour');
  return ago(Math.floor(hours / 24), 'day');
}
