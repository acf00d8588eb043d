/**
 * The portfolio pages' paper reads are kept in memory between changes (paperMemo.ts): a price
 * tick, an order, a balance change and a new IST day each show on the next read, and the
 * overview's `as_of` is always the time of the read.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Holding, PortfolioOverview } from '@nivesh/api-contract';
import { ManualClock } from '../clock.js';
import type { Database } from '../db/index.js';
import { createControlledFeed, type ControlledFeed } from '../paper/testing.js';
import { createTestApp, send, setUpOperator, signIn, testDatabases, type TestApp } from '../testing/index.js';

for (const target of await testDatabases()) {
  describe(`portfolio pages kept between changes on ${target.name}`, () => {
    let database: Database;
    let t: TestApp;
    let token: string;
    let feed: ControlledFeed;
    const clock = new ManualClock('2026-11-20T05:00:00.000Z'); // Friday 10:30 IST

    before(async () => {
      database = await target.open();
      feed = createControlledFeed({ now: () => clock.now() });
      t = await createTestApp(database, { clock, deps: { feed, paperTimers: false, live: null } });
      token = await setUpOperator(t.app);
    });
    after(async () => {
      await t.close();
      await database.close();
    });

    const get = async <T>(url: string) => {
      const res = await send(t.app, 'GET', url, { token });
      assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
      return res.json<{ data: T }>().data;
    };
    const buy = async (symbol: string, quantity: number) => {
      const res = await send(t.app, 'POST', '/api/trading/orders', {
        token,
        body: { symbol, side: 'BUY', quantity, order_type: 'MARKET', product: 'CNC' },
      });
      assert.equal(res.statusCode, 200, res.body);
    };

    it('shows a tick, an order, a balance change and a new day on the next read', async () => {
      await buy('INFY', 10); // at ₹1,500.75 (the touch of ₹1,500 with the half-spread)
      const first = await get<Holding[]>('/api/portfolio/holdings');
      assert.deepEqual(
        first.map((h) => [h.symbol, h.quantity, h.current_price, h.market_value]),
        [['INFY', 10, 1500, 15_000]],
      );
      const valueBefore = (await get<PortfolioOverview>('/api/portfolio/overview')).portfolio_value;

      // A tick: the same reads again show the new price.
      feed.move('INFY', 1_600);
      const ticked = await get<Holding[]>('/api/portfolio/holdings');
      assert.deepEqual(
        ticked.map((h) => [h.current_price, h.market_value]),
        [[1600, 16_000]],
      );
      const overview = await get<PortfolioOverview>('/api/portfolio/overview');
      assert.equal(overview.portfolio_value, valueBefore + 1_000, '10 shares × ₹100 more');
      assert.equal(overview.trades_today, 1);

      // An order: another holding, another trade today.
      await buy('TCS', 2);
      assert.deepEqual(
        (await get<Holding[]>('/api/portfolio/holdings')).map((h) => h.symbol),
        ['INFY', 'TCS'],
      );
      assert.equal((await get<PortfolioOverview>('/api/portfolio/overview')).trades_today, 2);

      // A balance change (no order, no tick).
      const set = await send(t.app, 'POST', '/api/trading/paper/balance', {
        token,
        body: { balance: 123_456 },
      });
      assert.equal(set.statusCode, 200, set.body);
      assert.equal((await get<PortfolioOverview>('/api/portfolio/overview')).cash_balance, 123_456);

      // A new IST day (no order, no tick): today's trades start again from none, and as_of moves.
      clock.advance(24 * 60 * 60 * 1000);
      token = await signIn(t.app); // the session has expired meanwhile
      const nextDay = await get<PortfolioOverview>('/api/portfolio/overview');
      assert.equal(nextDay.trades_today, 0);
      assert.equal(nextDay.as_of, clock.now().toISOString());
      clock.advance(1_000);
      assert.equal(
        (await get<PortfolioOverview>('/api/portfolio/overview')).as_of,
        clock.now().toISOString(),
      );
    });
  });
}
