import {
  IST_OFFSET_MINUTES,
  fromIstWallClock,
  istDateTimeText,
  istDay,
  istIsoText,
  istMinuteOfDay,
  istTimeOn,
  istWallClock,
  timeAgo,
} from './time';

describe('India Standard Time', () => {
  it('is UTC+05:30 all year', () => {
    expect(IST_OFFSET_MINUTES).toBe(330);
    // 18:30 UTC is midnight in India, in January and in July alike.
    expect(istDay('2026-01-15T18:29:59Z')).toBe('2026-01-15');
    expect(istDay('2026-01-15T18:30:00Z')).toBe('2026-01-16');
    expect(istDay('2026-07-15T18:30:00Z')).toBe('2026-07-16');
  });

  it('gives the IST day of a Date, epoch ms or text, from one call to the next', () => {
    // The same day twice, then the next, then back: each answer is that instant's own day.
    expect(istDay(new Date('2026-02-28T18:29:59.999Z'))).toBe('2026-02-28');
    expect(istDay(Date.parse('2026-02-28T10:00:00Z'))).toBe('2026-02-28');
    expect(istDay('2026-02-28T18:30:00Z')).toBe('2026-03-01');
    expect(istDay('2026-02-28T18:29:00Z')).toBe('2026-02-28');
    expect(istDay('2026-11-20T10:30:00+05:30')).toBe('2026-11-20');
    // Before 1970 (negative epoch ms) and at leap days.
    expect(istDay('1969-12-31T18:30:00Z')).toBe('1970-01-01');
    expect(istDay('1969-12-31T18:29:59Z')).toBe('1969-12-31');
    expect(istDay('2028-02-29T12:00:00Z')).toBe('2028-02-29');
    expect(() => istDay('not a time')).toThrow(RangeError);
    expect(istDay('2026-02-28T18:30:00Z')).toBe('2026-03-01');
  });

  it('reads the IST wall clock of an instant', () => {
    expect(istWallClock('2026-11-20T03:45:07Z')).toEqual({
      year: 2026,
      month: 11,
      day: 20,
      hour: 9,
      minute: 15,
      second: 7,
      weekday: 5,
      minuteOfDay: 9 * 60 + 15,
    });
    expect(istMinuteOfDay(new Date('2026-11-20T10:00:00Z'))).toBe(15 * 60 + 30);
    expect(istDateTimeText('2026-03-10T04:00:00Z')).toBe('2026-03-10 09:30:00');
    expect(istIsoText(Date.parse('2026-03-10T04:00:00Z'))).toBe('2026-03-10T09:30:00+05:30');
  });

  it('turns an IST wall-clock time back into the instant', () => {
    expect(fromIstWallClock({ year: 2026, month: 11, day: 20, hour: 9, minute: 15 }).toISOString()).toBe(
      '2026-11-20T03:45:00.000Z',
    );
    expect(istTimeOn('2026-11-20', 15 * 60 + 30).toISOString()).toBe('2026-11-20T10:00:00.000Z');
    // Midnight IST is 18:30 UTC the day before.
    expect(istTimeOn('2026-01-01', 0).toISOString()).toBe('2025-12-31T18:30:00.000Z');
  });
});

describe('timeAgo, the one relative-time wording', () => {
  const now = new Date('2026-11-20T10:00:00Z');
  const before = (seconds: number) => new Date(now.getTime() - seconds * 1000);

  it.each([
    [0, 'just now'],
    [59, 'just now'],
    [60, '1 minute ago'],
    [90, '1 minute ago'],
    [5 * 60, '5 minutes ago'],
    [59 * 60 + 59, '59 minutes ago'],
    [60 * 60, '1 hour ago'],
    [2 * 3600, '2 hours ago'],
    [23 * 3600 + 3599, '23 hours ago'],
    [86_400, '1 day ago'],
    [3 * 86_400 + 7200, '3 days ago'],
  ])('%i s before now reads %s', (seconds, text) => {
    expect(timeAgo(before(seconds), now)).toBe(text);
    expect(timeAgo(before(seconds).toISOString(), now)).toBe(text);
  });

  it('reads an instant a little in the future (clock skew) as just now', () => {
    expect(timeAgo(new Date(now.getTime() + 5000), now)).toBe('just now');
  });
});
