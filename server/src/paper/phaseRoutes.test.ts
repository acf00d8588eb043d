/**
 * The capital phase's limits through the orders API (buildApp on PGlite and PostgreSQL): each rule
 * refuses an order that opens or grows a position with 422, its sentence and the limit
 * 'capital_phase', the preview shows the same refusal, and an order that reduces a position still
 * passes. The emergency stop loss halts order entry (trading/halt.ts) with a high alert.
 *
 * The paper and risk limits are opened wide, so the phase's rules are the ones that bind.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  DEFAULT_RISK_LIMITS,
  type Order,
  type OrderPreview,
  type PortfolioOverview,
  type RiskAlert,
  type TradingState,
} from '@nivesh/api-contract';
import type { OrderIntent, OrderRequest } from '../broker/broker.js';
import { ManualClock } from '../clock.js';
import { schema } from '../db/index.js';
import { HttpError } from '../http/errors.js';
import { send, signedInApp, signIn, testDatabases, type SignedInApp } from '../testing/index.js';
import { toPaise } from './money.js';
import { createControlledFeed } from './testing.js';

/** ₹60,000: paise as whole rupees with Indian grouping. */
const rupees = (paise: number) => `₹${Math.round(paise / 100).toLocaleString('en-IN')}`;
/** 12.01%: a fraction in percent, at most two decimals. */
const percent = (fraction: number) => `${Number((fraction * 100).toFixed(2))}%`;

const buy = (symbol: string, quantity: number): OrderRequest => ({
  symbol,
  side: 'BUY',
  quantity,
  order_type: 'MARKET',
  product: 'CNC',
});
const sell = (symbol: string, quantity: number): OrderRequest => ({ ...buy(symbol, quantity), side: 'SELL' });

/** The operator's view of the API over one signed-in app. */
function api(s: SignedInApp) {
  let token = '';
  const auth = () => token || s.token;
  const post = (url: string, body: unknown) => send(s.t.app, 'POST', url, { token: auth(), body });
  const get = async <T>(url: string) => {
    const res = await send(s.t.app, 'GET', url, { token: auth() });
    assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
    return res.json<{ data: T }>().data;
  };
  return {
    get,
    post,
    /** Moves the clock (and signs in again: sessions expire). */
    async at(instant: string) {
      s.t.clock.set(instant);
      token = await signIn(s.t.app);
    },
    async place(request: OrderRequest) {
      const res = await post('/api/trading/orders', request);
      assert.equal(res.statusCode, 200, res.body);
      return res.json<{ data: Order }>().data;
    },
    async refused(request: OrderRequest) {
      const res = await post('/api/trading/orders', request);
      assert.equal(res.statusCode, 422, res.body);
      const body = res.json<{ error: string; limit: string }>();
      return { message: body.error, limit: body.limit };
    },
    async preview(request: OrderRequest) {
      const res = await post('/api/trading/orders/preview', request);
      assert.equal(res.statusCode, 200, res.body);
      return res.json<{ data: OrderPreview }>().data.rejection;
    },
    capitalPaise: async () =>
      toPaise((await get<PortfolioOverview>('/api/portfolio/overview')).portfolio_value),
    /** The paper and risk limits opened wide: only the phase's limits (and cash) bind. */
    async openLimits() {
      const res = await post('/api/risk/limits', {
        position_limits: {
          max_position_size: 5_000_000,
          max_single_stock: 1,
          max_sector_exposure: 1,
          min_diversification: 1,
        },
        loss_limits: {
          ...DEFAULT_RISK_LIMITS.loss_limits,
          daily_loss_limit: 500_000,
          weekly_loss_limit: 500_000,
          monthly_loss_limit: 1_000_000,
        },
      });
      assert.equal(res.statusCode, 200, res.body);
    },
  };
}

for (const target of await testDatabases()) {
  describe(`capital phase limits on orders on ${target.name}`, () => {
    // Monday 16 November 2026, 10:30 IST; the account opens with ₹10,00,000 (Phase 4 Professional).
    const clock = new ManualClock('2026-11-16T05:00:00.000Z');
    const feed = createControlledFeed({ now: () => clock.now(), prices: { INFY: 1500, TCS: 3200 } });
    const s = signedInApp(target, { clock, deps: { feed, live: null, liveAccount: null } });
    const a = api(s);

    it('max position: refuses a buy past the phase’s share of the capital, in the preview too', async () => {
      await a.openLimits();
      // 80 × ₹1,500.75 (the half-spread above ₹1,500) = ₹1,20,060: 12% of ₹10,00,000, past 6%.
      const message =
        'Phase 4 Professional allows at most 6% of capital (₹60,000 of ₹10,00,000) in one position; this buy would make INFY ₹1,20,060 (12.01%)';
      assert.deepEqual(await a.preview(buy('INFY', 80)), { limit: 'capital_phase', message });
      assert.deepEqual(await a.refused(buy('INFY', 80)), { limit: 'capital_phase', message });
      assert.deepEqual(await a.get<Order[]>('/api/trading/orders?status=all'), [], 'nothing written');

      // 39 × ₹1,500.75 = ₹58,529.25, within ₹60,000.
      assert.equal((await a.place(buy('INFY', 39))).status, 'filled');
      // The charges took the account under ₹10,00,000: Phase 3 Expansion, 5% in one position.
      const capital = await a.capitalPaise();
      assert.ok(capital < 100_000_000);
      const expected = {
        limit: 'capital_phase',
        message: `Phase 3 Expansion allows at most 5% of capital (${rupees(capital * 0.05)} of ${rupees(capital)}) in one position; this buy would make INFY ₹60,030 (${percent(6_003_000 / capital)})`,
      };
      assert.deepEqual(await a.preview(buy('INFY', 1)), expected);
      assert.deepEqual(await a.refused(buy('INFY', 1)), expected);
      // The position is past 5% now, and selling some of it is still taken.
      assert.equal((await a.place(sell('INFY', 9))).status, 'filled');
    });

    it('min ML confidence: refuses an automated entry below the phase’s minimum', async () => {
      const paper = s.t.app.services.paper;
      const intent = (confidence: number | null): OrderIntent => ({
        strategy: 'momentum',
        automated: true,
        confidence,
      });
      const expected = {
        limit: 'capital_phase',
        message:
          "Phase 3 Expansion needs an ML confidence of at least 0.65 for an automated entry; this one's is 0.50",
      };
      assert.deepEqual((await paper.preview(buy('TCS', 1), intent(0.5))).rejection, expected);
      await assert.rejects(paper.placeOrder(buy('TCS', 1), 'automation', intent(0.5)), (error: unknown) => {
        assert.ok(error instanceof HttpError);
        assert.equal(error.statusCode, 422);
        assert.deepEqual({ limit: error.extra['limit'], message: error.message }, expected);
        return true;
      });
      assert.equal((await paper.placeOrder(buy('TCS', 1), 'automation', intent(0.7))).status, 'filled');
      // The operator's own orders carry no confidence and are not held to it.
      assert.equal((await a.place(buy('TCS', 1))).status, 'filled');
    });

    it('max daily loss: once today’s loss reaches the phase’s share, no position is opened or grown today', async () => {
      // INFY (30 held at ₹1,500.75) falls to ₹500: a loss of about ₹30,000, past 2.5% of the capital.
      feed.move('INFY', 500);
      const overview = await a.get<PortfolioOverview>('/api/portfolio/overview');
      const capital = toPaise(overview.portfolio_value);
      const loss = -toPaise(overview.day_change);
      assert.ok(loss >= capital * 0.025, `a loss of ${loss} paise`);
      const expected = {
        limit: 'capital_phase',
        message:
          `Phase 3 Expansion allows a loss of at most 2.5% of capital in a day (${rupees(capital * 0.025)} of ${rupees(capital)}); ` +
          `today's loss is ${rupees(loss)} (${percent(loss / capital)}), so no position may be opened or grown today. ` +
          'Orders that reduce a position are still accepted',
      };
      assert.deepEqual(await a.preview(buy('TCS', 1)), expected);
      assert.deepEqual(await a.refused(buy('TCS', 1)), expected);
      assert.equal((await a.place(sell('INFY', 10))).status, 'filled', 'a sale reduces a position');
    });
  });

  describe(`the capital phase’s emergency stop loss on ${target.name}`, () => {
    const clock = new ManualClock('2026-11-16T05:00:00.000Z');
    const feed = createControlledFeed({ now: () => clock.now(), prices: { INFY: 1500, TCS: 3200 } });
    const s = signedInApp(target, { clock, deps: { feed, live: null, liveAccount: null } });
    const a = api(s);

    it('halts order entry once the account is the phase’s share below its peak, with a high alert', async () => {
      await a.openLimits();
      await a.place(buy('INFY', 10));
      // The account's closes: ₹10,00,000 on Monday, ₹11,00,000 on Tuesday, ₹10,50,000 on Wednesday.
      for (const [day, rupeesValue] of [
        ['2026-11-16', 10_00_000],
        ['2026-11-17', 11_00_000],
        ['2026-11-18', 10_50_000],
      ] as const) {
        await s.database.db.insert(schema.equitySnapshots).values({
          account: 'paper',
          tradingDay: day,
          portfolioValuePaise: rupeesValue * 100,
          cashPaise: rupeesValue * 100,
          holdingsValuePaise: 0,
          benchmarkClose: 24_000,
          source: 'close',
          recordedAt: new Date(`${day}T10:00:00.000Z`),
        });
      }
      await a.at('2026-11-19T05:00:00.000Z'); // Thursday 10:30 IST
      // Now about ₹10,00,000: 9.09% below Tuesday's ₹11,00,000, past Phase 3 Expansion's 7%.
      const value = await a.capitalPaise();
      const reason =
        `Phase 3 Expansion emergency stop loss: the account is ${percent(1 - value / 110_000_000)} below its peak of 2026-11-17 ` +
        `(time-weighted, deposits and withdrawals aside; ${rupees(value)} now), at or past the phase's 7%.`;
      assert.deepEqual(await a.refused(buy('TCS', 1)), {
        limit: 'capital_phase',
        message: `${reason} Trading is halted: only orders that close a position are accepted until the emergency stop is lifted on the Risk Management page`,
      });

      const state = await a.get<TradingState>('/api/risk/trading-state');
      assert.equal(state.state, 'halted');
      assert.deepEqual(
        [state.halt?.halted_by, state.halt?.reason, state.halt?.square_off],
        ['system', reason, false],
      );
      const raised = (await a.get<RiskAlert[]>('/api/risk/alerts')).filter((x) =>
        x.message.startsWith('Emergency stop'),
      );
      assert.deepEqual(
        raised.map((x) => [x.severity, x.message]),
        [
          [
            'high',
            `Emergency stop by system: order entry halted ("${reason}"). Only orders that close a position are accepted until it is lifted.`,
          ],
        ],
      );
      // From now on the halt refuses, in the preview too; a sale of held shares passes.
      const halted = await a.preview(buy('TCS', 1));
      assert.equal(halted?.limit, 'emergency_stop');
      assert.ok(halted?.message.includes(reason), halted?.message);
      assert.equal((await a.refused(buy('TCS', 1))).limit, 'emergency_stop');
      assert.equal((await a.place(sell('INFY', 5))).status, 'filled');

      // The operator lifts it: the same fall does not halt again.
      const lifted = await a.post('/api/risk/emergency-stop/lift', { confirm: true });
      assert.equal(lifted.statusCode, 200, lifted.body);
      assert.equal((await a.place(buy('TCS', 1))).status, 'filled');
      assert.equal((await a.get<TradingState>('/api/risk/trading-state')).state, 'normal');
    });
  });
}
