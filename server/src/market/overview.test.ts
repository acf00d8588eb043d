import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
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
import type { MarketFeed } from './feed.js';
import { loadHolidayCalendar } from './holidays.js';
import { createSimulatedMarket } from './simulated.js';
import { ANSWER_DIGITS, near } from '../testing/reference.js';

const silent = { info: () => undefined, error: () => undefined };

function simulatedMarket(clock: ManualClock) {
  return createSimulatedMarket({
    seed: 7,
    alwaysOpen: false,
    clock,
    calendar: loadHolidayCalendar(null),
    log: silent,
  });
}

/** A session: the first app of a database sets the password up, later ones sign in with it. */
async function signIn(app: FastifyInstance): Promise<string> {
  const login = await send(app, 'POST', '/api/auth/login', {
    body: { email: OPERATOR_EMAIL, password: STRONG_PASSWORD },
  });
  return login.statusCode === 200
    ? login.json<{ session_token: string }>().session_token
    : setUpOperator(app);
}

for (const target of await testDatabases()) {
  describe(`GET /api/market/overview on ${target.name}`, () => {
    let database: Database;
    before(async () => {
      database = await target.open();
    });
    after(() => database.close());

    it('needs a session', async () => {
      const t = await createTestApp(database);
      try {
        const res = await send(t.app, 'GET', '/api/market/overview');
        assert.equal(res.statusCode, 401);
      } finally {
        await t.close();
      }
    });

    it('gives the three index levels from the hub, their change since the previous close, and the source', async () => {
      const clock = new ManualClock('2026-11-20T05:00:00Z'); // Friday 10:30 IST
      const market = simulatedMarket(clock);
      const t = await createTestApp(database, { clock, deps: { feed: market } });
      try {
        const token = await signIn(t.app);
        const check = async (asOf: string) => {
          const res = await send(t.app, 'GET', '/api/market/overview', { token });
          assert.equal(res.statusCode, 200);
          const { data } = res.json();
          assert.equal(data.data_source, 'simulated');
          assert.equal(data.as_of, asOf);
          for (const [id, name, exchange] of [
            ['NIFTY_50', 'NIFTY 50', 'NSE'],
            ['SENSEX', 'SENSEX', 'BSE'],
            ['BANK_NIFTY', 'Bank NIFTY', 'NSE'],
          ] as const) {
            const tick = t.app.services.hub.last(id)!;
            const quote = data.indices[id];
            assert.equal(quote.name, name);
            assert.equal(quote.exchange, exchange);
            assert.equal(quote.value, tick.ltp);
            assert.equal(quote.previous_close, tick.previousClose);
            assert.equal(quote.change, Math.round((tick.ltp - tick.previousClose) * 100) / 100);
            near(
              quote.change_percent,
              (quote.change / quote.previous_close) * 100,
              `${name} change`,
              ANSWER_DIGITS.percent,
            );
            assert.notEqual(quote.change, 0);
          }
          return data;
        };
        const morning = await check('2026-11-20T05:00:00.000Z');

        // Later in the day the levels have moved; after the close they hold the close.
        clock.set('2026-11-20T07:00:00Z');
        market.advanceTo(clock.now());
        const noon = await check('2026-11-20T07:00:00.000Z');
        assert.notEqual(noon.indices.NIFTY_50.value, morning.indices.NIFTY_50.value);
        clock.set('2026-11-20T12:00:00Z');
        market.advanceTo(clock.now());
        const evening = await check('2026-11-20T10:00:00.000Z');
        const [close] = await market.dailyCandles('SENSEX', '2026-11-20', '2026-11-20');
        assert.equal(evening.indices.SENSEX.value, close!.close);
      } finally {
        await t.close();
      }
    });

    it('answers 503 with a sentence while no index level has arrived', async () => {
      const clock = new ManualClock('2026-11-20T05:00:00Z');
      const market = simulatedMarket(clock);
      // A feed that has not delivered anything yet (a broker feed still connecting).
      const silentFeed: MarketFeed = { ...market, start: async () => undefined };
      const t = await createTestApp(database, { clock, deps: { feed: silentFeed } });
      try {
        const token = await signIn(t.app);
        const res = await send(t.app, 'GET', '/api/market/overview', { token });
        assert.equal(res.statusCode, 503);
        assert.equal(
          res.json().error,
          'Index levels are not available yet: the market feed has sent no level for NIFTY 50, SENSEX and Bank NIFTY.',
        );
      } finally {
        await t.close();
      }
    });
  });
}
