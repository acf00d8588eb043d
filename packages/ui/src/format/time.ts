/** Times are stored in UTC and shown in India Standard Time. */

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

/** 'just now', '5 min ago', '3 h ago', '2 d ago'. */
export function timeAgo(value: string | Date, now: Date = new Date()): string {
  const seconds = Math.max(0, Math.round((now.getTime() - new Date(value).getTime()) / 1000));
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return `${Math.round(hours / 24)} d ago`;
}
