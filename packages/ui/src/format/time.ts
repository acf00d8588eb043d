/**
 * Times are stored in UTC and shown in India Standard Time. The IST arithmetic and the relative-time
 * wording live in @nivesh/api-contract (time.ts), shared with the server; these are the display formats.
 */

const IST = 'Asia/Kolkata';

const dateTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: IST,
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: true,
});

const timeOnly = new Intl.DateTimeFormat('en-IN', {
  timeZone: IST,
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: true,
});

/** 20 Nov 2026, 03:30 pm IST */
export function formatIstDateTime(value: string | Date): string {
  return `${dateTime.format(new Date(value))} IST`;
}

/** 03:30:05 pm IST */
export function formatIstTime(value: string | Date): string {
  return `${timeOnly.format(new Date(value))} IST`;
}

const dayLabel = new Intl.DateTimeFormat('en-IN', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '02 Feb 2026' for an IST calendar day, YYYY-MM-DD. */
export function formatDay(date: string): string {
  return dayLabel.format(new Date(`${date}T00:00:00Z`));
}

/** The one relative-time wording ('just now', '1 minute ago', '2 hours ago'), shared with the server. */
export { timeAgo } from '@nivesh/api-contract/plain';
