import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HolidayCalendar, marketStatus } from './calendar.js';
import { loadHolidayCalendar } from './holidays.js';

const calendar = loadHolidayCalendar(null);

/** An IST wall-clock time as a UTC instant. */
const ist = (text: string) => new Date(`${text}+05:30`);

describe('NSE market calendar (IST)', () => {
  it('walks through the phases of a trading day at their exact edges', () => {
    const phase = (time: string) => marketStatus(ist(`2026-11-20T${time}`), calendar).status;
    assert.equal(phase('08:59:59'), 'CLOSED');
    assert.equal(phase('09:00:00'), 'PRE_OPEN');
    assert.equal(phase('09:14:59'), 'PRE_OPEN');
    assert.equal(phase('09:15:00'), 'OPEN');
    assert.equal(phase('15:29:59'), 'OPEN');
    assert.equal(phase('15:30:00'), 'CLOSING');
    assert.equal(phase('15:39:59'), 'CLOSING');
    assert.equal(phase('15:40:00'), 'POST_CLOSE');
    assert.equal(phase('15:59:59'), 'POST_CLOSE');
    assert.equal(phase('16:00:00'), 'CLOSED');
  });

  it('is open only in the normal session', () => {
    assert.equal(marketStatus(ist('2026-11-20T10:30:00'), calendar).isOpen, true);
    assert.equal(marketStatus(ist('2026-11-20T09:10:00'), calendar).isOpen, false);
  });

  it('uses IST whatever the UTC date is', () => {
    // 2026-11-19T20:00Z is 01:30 IST on Friday the 20th.
    const status = marketStatus(new Date('2026-11-19T20:00:00Z'), calendar);
    assert.equal(status.nowIst, '2026-11-20T01:30:00+05:30');
    assert.equal(status.nextOpen.toISOString(), '2026-11-20T03:45:00.000Z');
    assert.equal(status.nextClose.toISOString(), '2026-11-20T10:00:00.000Z');
  });

  it('is closed on weekends, and opens next on Monday', () => {
    const saturday = marketStatus(ist('2026-11-21T11:00:00'), calendar);
    assert.equal(saturday.status, 'CLOSED');
    assert.equal(saturday.closedReason, 'weekend');
    assert.equal(saturday.isTradingDay, false);
    assert.equal(saturday.nextOpen.toISOString(), ist('2026-11-23T09:15:00').toISOString());
  });

  it('is closed on an exchange holiday and names it', () => {
    const gurpurb = marketStatus(ist('2026-11-24T11:00:00'), calendar);
    assert.equal(gurpurb.status, 'CLOSED');
    assert.equal(gurpurb.closedReason, 'holiday');
    assert.equal(gurpurb.holidayName, 'Prakash Gurpurb Sri Guru Nanak Dev');
    assert.equal(gurpurb.nextOpen.toISOString(), ist('2026-11-25T09:15:00').toISOString());
  });

  it('skips a holiday after a close: Monday evening before Tuesday Balipratipada opens Wednesday', () => {
    const status = marketStatus(ist('2026-11-09T15:45:00'), calendar);
    assert.equal(status.status, 'POST_CLOSE');
    assert.equal(status.nextOpen.toISOString(), ist('2026-11-11T09:15:00').toISOString());
  });

  it('skips a weekend plus a holiday: Christmas Friday 2026 after Thursday close opens Monday', () => {
    const status = marketStatus(ist('2026-12-24T16:30:00'), calendar);
    assert.equal(status.nextOpen.toISOString(), ist('2026-12-28T09:15:00').toISOString());
  });

  it('points at the running session while the market is open', () => {
    const status = marketStatus(ist('2026-11-20T12:00:00'), calendar);
    assert.equal(status.nextOpen.toISOString(), ist('2026-11-20T09:15:00').toISOString());
    assert.equal(status.nextClose.toISOString(), ist('2026-11-20T15:30:00').toISOString());
  });

  it('knows 2023 to 2026, and says so when a year has no holiday list', () => {
    assert.deepEqual(calendar.knownYears(), [2023, 2024, 2025, 2026]);
    assert.equal(marketStatus(ist('2026-06-01T10:00:00'), calendar).holidaysKnown, true);
    const unknown = marketStatus(ist('2027-01-26T10:00:00'), calendar);
    assert.equal(unknown.holidaysKnown, false);
    assert.equal(unknown.status, 'OPEN', 'weekdays count as trading days until the list is loaded');
  });

  it('refuses a holiday file whose dates are outside its year', () => {
    assert.throws(
      () =>
        new HolidayCalendar([{ exchange: 'NSE', year: 2026, holidays: [{ date: '2025-01-26', name: 'x' }] }]),
      /not in the file's year 2026/,
    );
  });
});
