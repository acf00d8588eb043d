/**
 * The paper account through the API (buildApp on PGlite and PostgreSQL), as the pages use it:
 * cash held for open orders shown as its own figure, a same-day delivery round trip charged as
 * intraday, and the cost settings beyond the eight limit fields set over HTTP.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  DEFAULT_PAPER_COSTS,
  DEFAULT_PAPER_LIMITS,
  type Order,
  type OrderPreview,
  type PaperCostSettings,
  type PaperLimits,
  type PortfolioOverview,
  type Trade,
} from '@nivesh/api-contract';
import { ManualClock } from '../clock.js';
import type { Database } from '../db/index.js';
import { createTestApp, send, setUpOperator, testDatabases, type TestApp } from '../testing/index.js';
import { toPaise } from './money.js';
import { createControlledFeed } from './testing.js';

const FRIDAY_1030_IST = '2026-11-20T05:00:00.000Z';

interface Api {
  t: TestApp;
  token: string;
}

/** A fresh database and app over a controlled feed (INFY ₹1,500, TCS ₹3,200), signed in. */
function freshApi(target: Awaited<ReturnType<typeof testDatabases>>[number]): Api {
  const api = {} as Api;
  let database: Database;
  before(async () => {
    database = await target.open();
    const clock = new ManualClock(FRIDAY_1030_IST);
    const feed = createControlledFeed({ now: () => clock.now() });
    api.t = await createTestApp(database, {
      clock,
      deps: { feed, paperTimers: false, watchBrokerToken: false, live: null },
    });
    api.token = await setUpOperator(api.t.app);
  });
  after(async () => {
    await api.t.close();
    await database.close();
  });
  return api;
}

async function call<T>(api: Api, method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  const res = await send(api.t.app, method, url, { token: api.token, body });
  assert.equal(res.statusCode, 200, `${method} ${url}: ${res.body}`);
  return res.json<{ data: T }>().data;
}

const overview = (api: Api) => call<PortfolioOverview>(api, 'GET', '/api/portfolio/overview');

/** cash = available + blocked and value = cash + holdings, to the paisa. */
function assertAddsUp(o: PortfolioOverview) {
  assert.notEqual(o.blocked_funds, null);
  assert.equal(toPaise(o.cash_balance), toPaise(o.available_balance) + toPaise(o.blocked_funds!));
  assert.equal(toPaise(o.portfolio_value), toPaise(o.cash_balance) + toPaise(o.invested_value));
}

for (const target of await testDatabases()) {
  describe(`the paper account through the API on ${target.name}`, () => {
    describe('cash held for open orders', () => {
      const api = freshApi(target);

      it('shows what a resting buy holds as blocked funds, beside the cash and what is available', async () => {
        const placed = await call<Order>(api, 'POST', '/api/trading/orders', {
          symbol: 'INFY',
          side: 'BUY',
          quantity: 10,
          order_type: 'LIMIT',
          limit_price: 1400,
          product: 'CNC',
        });
        assert.equal(placed.status, 'open');
        // ₹14,000 and its charges: brokerage ₹20, STT 0.1% = ₹14, exchange 0.00345% = ₹0.48, SEBI
        // ₹0.01, stamp 0.015% = ₹2.10 → ₹2, GST 18% of ₹20.49 = ₹3.69. ₹14,040.18 held.
        const o = await overview(api);
        assert.equal(o.cash_balance, 1_000_000);
        assert.equal(o.blocked_funds, 14_040.18);
        assert.equal(o.available_balance, 985_959.82);
        assert.equal(o.portfolio_value, 1_000_000, 'held cash is still the account’s');
        assert.equal(o.limits_status?.balance_status.current, 985_959.82);
        assertAddsUp(o);
      });

      it('shows the balance an edit set as the cash, with the held part beside it', async () => {
        const set = await send(api.t.app, 'POST', '/api/trading/paper/balance', {
          token: api.token,
          body: { balance: 1_500_000 },
        });
        assert.equal(set.json<{ message: string }>().message, 'Balance updated successfully to ₹15,00,000');
        const o = await overview(api);
        assert.equal(o.cash_balance, 1_500_000);
        assert.equal(o.blocked_funds, 14_040.18);
        assert.equal(o.available_balance, 1_485_959.82);
        assertAddsUp(o);
      });

      it('adds up with holdings too', async () => {
        await call<Order>(api, 'POST', '/api/trading/orders', {
          symbol: 'TCS',
          side: 'BUY',
          quantity: 5,
          order_type: 'MARKET',
          product: 'CNC',
        });
        const o = await overview(api);
        assert.equal(o.invested_value, 16_000, '5 TCS at ₹3,200');
        assertAddsUp(o);
      });
    });

    describe('a same-day delivery round trip', () => {
      const api = freshApi(target);
      const infy = (side: 'BUY' | 'SELL') => ({
        symbol: 'INFY',
        side,
        quantity: 10,
        order_type: 'MARKET',
        product: 'CNC',
      });

      it('charges the sell as intraday: intraday STT, no DP charge, the buy’s delivery STT and stamp taken back', async () => {
        // The buy at ₹1,500.75 (the touch): turnover ₹15,007.50; brokerage ₹20, STT 0.1% = ₹15,
        // exchange ₹0.52, SEBI ₹0.02, stamp 0.015% = ₹2.25 → ₹2, GST ₹3.70: ₹41.24.
        const buy = await call<Order>(api, 'POST', '/api/trading/orders', infy('BUY'));
        assert.equal(buy.average_price, 1500.75);
        assert.equal(buy.charges?.total, 41.24);

        // The sell at ₹1,499.25: turnover ₹14,992.50. STT 0.025% = ₹3.75 → ₹4, less the buy's
        // ₹15: -₹11. Stamp: the buy paid ₹2 and owes 0.003% = ₹0.45 → ₹0: -₹2. Exchange
        // ₹0.5172 → ₹0.52, SEBI ₹0.015 → ₹0.01, GST 18% of ₹20.53 = ₹3.70, no DP: ₹11.23.
        const expected = {
          brokerage: 20,
          stt: -11,
          exchange_charge: 0.52,
          sebi_fee: 0.01,
          stamp_duty: -2,
          gst: 3.7,
          dp_charge: 0,
          total: 11.23,
        };
        const preview = await call<OrderPreview>(api, 'POST', '/api/trading/orders/preview', infy('SELL'));
        assert.deepEqual(preview.charges, expected);
        // Shown apart: the sell's own charges (its 10 shares as intraday: STT 0.025% = ₹3.75 →
        // ₹4, no stamp, no DP) and the true-up of the buy's delivery STT ₹15 and stamp ₹2.
        assert.deepEqual(preview.own_charges, {
          ...expected,
          stt: 4,
          stamp_duty: 0,
          total: 28.23,
        });
        assert.deepEqual(preview.true_up, {
          same_day_quantity: 10,
          stt: -15,
          stamp_duty: -2,
          dp_charge: 0,
          total: -17,
        });
        const sell = await call<Order>(api, 'POST', '/api/trading/orders', infy('SELL'));
        assert.equal(sell.average_price, 1499.25);
        assert.deepEqual(sell.charges, expected, 'placing charges what the estimate said');

        // Over the round trip: STT ₹4 (0.025% on the sell only), stamp ₹0 (0.003% on the buy), no
        // DP: ₹52.47, what the same trades cost as intraday (MIS).
        assert.equal(buy.charges!.stt + sell.charges!.stt, 4);
        assert.equal(buy.charges!.stamp_duty + sell.charges!.stamp_duty, 0);
        assert.equal(toPaise(buy.charges!.total) + toPaise(sell.charges!.total), 5_247);
        const o = await overview(api);
        assert.equal(o.cash_balance, 999_932.53, '₹10,00,000 - ₹15,048.74 + ₹14,981.27');
        const history = await call<Trade[]>(api, 'GET', '/api/trading/history?period=all');
        assert.equal(history[0]!.fees, 52.47);
      });

      it('costs the same as the intraday (MIS) round trip of the same trades', async () => {
        const mis = (side: 'BUY' | 'SELL') => ({ ...infy(side), product: 'MIS' });
        const buy = await call<Order>(api, 'POST', '/api/trading/orders', mis('BUY'));
        const sell = await call<Order>(api, 'POST', '/api/trading/orders', mis('SELL'));
        assert.equal(toPaise(buy.charges!.total) + toPaise(sell.charges!.total), 5_247);
      });
    });

    describe('the cost settings', () => {
      const api = freshApi(target);
      const costs = () => call<PaperCostSettings>(api, 'GET', '/api/trading/paper-costs');

      it('answers the stored cost schedule, DOMAIN.md’s by default', async () => {
        assert.deepEqual(await costs(), DEFAULT_PAPER_COSTS);
      });

      it('sets the 0.03% brokerage cap, the DP charge, stamp, intraday STT and GST, and orders pay them', async () => {
        const res = await send(api.t.app, 'POST', '/api/trading/paper-costs', {
          token: api.token,
          body: { ...DEFAULT_PAPER_COSTS, brokerage_rate: 0.0003, dp_charge: 15.93, gst_rate: 0.18 },
        });
        assert.equal(res.statusCode, 200, res.body);
        assert.equal(res.json<{ message: string }>().message, 'Trading costs updated successfully!');
        assert.equal((await costs()).brokerage_rate, 0.0003);
        assert.equal((await costs()).dp_charge, 15.93);
        assert.deepEqual(
          await call(api, 'GET', '/api/trading/paper-limits'),
          DEFAULT_PAPER_LIMITS,
          'the eight limit fields stay',
        );
        const preview = await call<OrderPreview>(api, 'POST', '/api/trading/orders/preview', {
          symbol: 'INFY',
          side: 'BUY',
          quantity: 10,
          order_type: 'MARKET',
          product: 'CNC',
        });
        assert.equal(preview.charges.brokerage, 4.5, '0.03% of ₹15,007.50 = ₹4.50, below ₹20');
      });

      it('refuses a percent typed as a fraction, a negative charge or a missing field with a sentence, changing nothing', async () => {
        const before = await costs();
        const cases: Array<[Record<string, unknown>, RegExp]> = [
          [
            { ...before, intraday_stt_rate: 0.025 },
            /intraday_stt_rate: Intraday STT rate must be between 0% and 0\.5% of turnover\./,
          ],
          [
            { ...before, dp_charge: -1 },
            /dp_charge: DP charge must be between ₹0 and ₹1,000 per stock per day\./,
          ],
          [
            { ...before, gst_rate: 18 },
            /gst_rate: GST rate must be between 0% and 50% of the charges it applies to\./,
          ],
          [{ ...before, stamp_duty_delivery_rate: undefined }, /stamp_duty_delivery_rate/],
        ];
        for (const [body, message] of cases) {
          const res = await send(api.t.app, 'POST', '/api/trading/paper-costs', { token: api.token, body });
          assert.equal(res.statusCode, 400, res.body);
          assert.match(res.json<{ error: string }>().error, message);
        }
        assert.deepEqual(await costs(), before);
      });

      it('refuses an STT of 30% of turnover and a limit of 0 with the rule, changing nothing', async () => {
        const limits = () => call<PaperLimits>(api, 'GET', '/api/trading/paper-limits');
        const before = await limits();
        const cases: Array<[Record<string, unknown>, string]> = [
          [
            { ...before, stt_rate: 0.3 },
            'Invalid request body: stt_rate: STT rate must be between 0% and 0.5% of turnover.',
          ],
          [
            { ...before, max_daily_loss: 0 },
            'Invalid request body: max_daily_loss: Max daily loss must be a positive amount of whole rupees.',
          ],
          [
            { ...before, max_portfolio_exposure: 80 },
            'Invalid request body: max_portfolio_exposure: Max portfolio exposure must be above 0% and at most 100% of the account.',
          ],
        ];
        for (const [body, sentence] of cases) {
          const res = await send(api.t.app, 'POST', '/api/trading/paper-limits', { token: api.token, body });
          assert.equal(res.statusCode, 400, res.body);
          assert.equal(res.json<{ error: string }>().error, sentence);
        }
        assert.deepEqual(await limits(), before);
      });

      it('needs a session', async () => {
        const res = await send(api.t.app, 'GET', '/api/trading/paper-costs');
        assert.equal(res.statusCode, 401);
      });
    });
  });
}
