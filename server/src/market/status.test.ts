import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { AutoScalingStatus, MarketStatusResponse } from '@nivesh/api-contract';
import { ManualClock } from '../clock.js';
import type { Database } from '../db/index.js';
import {
  createTestApp,
  OPERATOR_EMAIL,
  send,
  setUpOperator,
  STRONG_PASSWORD,
  testDatabases,
} from '../testing/index.js';
import { loadHolidayCalendar } from './holidays.js';

describe('GET /api/market/status', () => {
  let database: Database;
  before(async () => {
    database = await (await testDatabases())[0]!.open();
  });
  after(() => database.close());

  it('answers from the calendar at the server clock', async () => {
    const clock = new ManualClock('2026-11-20T05:00:00Z'); // Friday 10:30 IST
    const t = await createTestApp(database, { clock });
    try {
      const token = await setUpOperator(t.app);
      const open = await send(t.app, 'GET', '/api/market/status', { token });
      assert.equal(open.statusCode, 200);
      assert.equal(open.json().status, 'OPEN');
      assert.equal(open.json().is_open, true);
      assert.equal(open.json().now_ist, '2026-11-20T10:30:00+05:30');

      clock.set('2026-11-24T05:00:00Z'); // Guru Nanak Jayanti, days later: sign in again
      const login = await send(t.app, 'POST', '/api/auth/login', {
        body: { email: OPERATOR_EMAIL, password: STRONG_PASSWORD },
      });
      const holiday = await send(t.app, 'GET', '/api/market/status', { token: login.json().session_token });
      assert.equal(holiday.json().status, 'CLOSED');
      assert.equal(holiday.json().closed_reason, 'holiday');
      assert.equal(holiday.json().holiday_name, 'Prakash Gurpurb Sri Guru Nanak Dev');
      assert.equal(holiday.json().next_open, '2026-11-25T03:45:00.000Z');
    } finally {
      await t.close();
    }
  });
});

for (const target of await testDatabases()) {
  describe(`GET /api/market/status with the simulated market always open on ${target.name}`, () => {
    let database: Database;
    before(async () => {
      database = await target.open();
    });
    after(() => database.close());

    const statusAt = async (at: string, simAlwaysOpen: boolean) => {
      const clock = new ManualClock(at);
      const t = await createTestApp(database, {
        clock,
        config: { market: { data: 'simulated', simSeed: 7, simAlwaysOpen } },
      });
      try {
        const login = await send(t.app, 'POST', '/api/auth/login', {
          body: { email: OPERATOR_EMAIL, password: STRONG_PASSWORD },
        });
        const token =
          login.statusCode === 200
            ? login.json<{ session_token: string }>().session_token
            : await setUpOperator(t.app);
        const res = await send(t.app, 'GET', '/api/market/status', { token });
        assert.equal(res.statusCode, 200);
        const scaling = await send(t.app, 'GET', '/api/auto-scaling/status', { token });
        assert.equal(scaling.statusCode, 200);
        return {
          ...res.json<MarketStatusResponse>(),
          scaling: scaling.json<{ data: AutoScalingStatus }>().data,
        };
      } finally {
        await t.close();
      }
    };

    it('says the market is open for trading while the simulated session runs outside NSE hours, and that NSE is closed', async () => {
      const saturday = await statusAt('2026-11-21T16:30:00Z', true); // Saturday 22:00 IST
      assert.equal(saturday.status, 'OPEN', 'orders trade: one answer everywhere');
      assert.equal(saturday.is_open, true);
      assert.equal(saturday.simulated_session_open, true);
      assert.equal(saturday.exchange_status, 'CLOSED', "NSE's own phase");
      assert.equal(saturday.closed_reason, 'weekend');
      assert.equal(saturday.scaling.market_status, 'OPEN', 'the auto-scaling status gives the same answer');
      assert.equal(saturday.scaling.status, 'active');
    });

    it('says the prices are the simulated market in this process, with its newest tick to the millisecond', async () => {
      // Friday 10:30:00.250 IST: the market publishes its first prices at start, stamped that instant.
      const friday = await statusAt('2026-11-20T05:00:00.250Z', false);
      assert.deepEqual(friday.feed, {
        source: 'simulated',
        connection: 'connected',
        last_tick_at: '2026-11-20T05:00:00.250Z',
      });
      // Saturday, the simulation keeping exchange hours: the newest tick is Friday's close.
      const saturday = await statusAt('2026-11-21T16:30:00Z', false);
      assert.equal(saturday.feed.last_tick_at, '2026-11-20T10:00:00.000Z');
    });

    it('does not say so while NSE itself is open, or when the simulation keeps exchange hours', async () => {
      const friday = await statusAt('2026-11-20T05:00:00Z', true); // Friday 10:30 IST
      assert.equal(friday.is_open, true);
      assert.equal(friday.simulated_session_open, false);
      assert.equal(friday.exchange_status, 'OPEN');
      const saturday = await statusAt('2026-11-21T16:30:00Z', false);
      assert.equal(saturday.is_open, false);
      assert.equal(saturday.status, 'CLOSED');
      assert.equal(saturday.simulated_session_open, false);
      assert.equal(saturday.scaling.market_status, 'CLOSED');
    });
  });
}

describe('operator holiday files', () => {
  it('replace a shipped year and add new ones', () => {
    const dir = fs.mkdtempSync(path.join(process.cwd(), '.tmp-holidays-'));
    try {
      fs.writeFileSync(
        path.join(dir, '2027.json'),
        JSON.stringify({
          exchange: 'NSE',
          year: 2027,
          holidays: [{ date: '2027-01-26', name: 'Republic Day' }],
        }),
      );
      const calendar = loadHolidayCalendar(dir);
      assert.deepEqual(calendar.knownYears(), [2023, 2024, 2025, 2026, 2027]);
      assert.equal(calendar.holidayName('2027-01-26'), 'Republic Day');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('stop the server with the file and the problem when invalid', () => {
    const dir = fs.mkdtempSync(path.join(process.cwd(), '.tmp-holidays-'));
    try {
      fs.writeFileSync(
        path.join(dir, '2027.json'),
        JSON.stringify({ exchange: 'NSE', year: 2027, holidays: [{ date: 'soon' }] }),
      );
      assert.throws(() => loadHolidayCalendar(dir), /2027\.json is invalid: holidays\.0\.date/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
