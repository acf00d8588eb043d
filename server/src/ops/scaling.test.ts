/**
 * GET /api/scaling-status on a paper account with a known history (buildApp on PGlite and
 * PostgreSQL): the phase from the capital, the days and profit since the phase began from the
 * stored closes, the success rate from the exits since, and the status as the capital falls into a
 * lower phase and a circuit breaker trips. Figures are worked out here from the stored values.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PortfolioOverview, RiskAlert, ScalingStatus } from '@nivesh/api-contract';
import { ManualClock } from '../clock.js';
import { schema } from '../db/index.js';
import type { Candle } from '../market/feed.js';
import { createControlledFeed } from '../paper/testing.js';
import { send, signedInApp, signIn, testDatabases } from '../testing/index.js';
import { sampleStd } from '../testing/reference.js';
import { LIVE_NOT_SCALED } from './scaling.js';

const round2 = (x: number) => Math.round(x * 100) / 100;

/** NIFTY 50 a calm 0.5% up and down on alternate weekdays, for six weeks before 19 November. */
function calmNifty(): Candle[] {
  const out: Candle[] = [];
  for (let t = Date.UTC(2026, 9, 5); t < Date.UTC(2026, 10, 19); t += 86_400_000) {
    const day = new Date(t);
    if (day.getUTCDay() === 0 || day.getUTCDay() === 6) continue;
    const close = out.length % 2 === 0 ? 24_000 : 24_120;
    out.push({
      date: day.toISOString().slice(0, 10),
      open: close,
      high: close,
      low: close,
      close,
      volume: 0,
    });
  }
  return out;
}

for (const target of await testDatabases()) {
  describe(`production scaling status on ${target.name}`, () => {
    // Opened on Monday 16 November 2026 with ₹10,00,000.
    const clock = new ManualClock('2026-11-16T05:00:00.000Z');
    const feed = createControlledFeed({
      now: () => clock.now(),
      prices: { INFY: 1500, TCS: 3200, NIFTY_50: 24_000 },
    });
    const nifty = calmNifty();
    feed.setCandles('NIFTY_50', nifty);
    const s = signedInApp(target, { clock, deps: { feed, live: null, liveAccount: null } });
    let token = '';
    const auth = () => token || s.token;
    const post = async (url: string, body: unknown) => {
      const res = await send(s.t.app, 'POST', url, { token: auth(), body });
      assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
    };
    const get = async <T>(url: string) => {
      const res = await send(s.t.app, 'GET', url, { token: auth() });
      assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
      return res.json<{ data: T }>().data;
    };
    const status = () => get<ScalingStatus>('/api/scaling-status');
    const order = (side: 'BUY' | 'SELL', symbol: string, quantity: number) =>
      post('/api/trading/orders', { symbol, side, quantity, order_type: 'MARKET', product: 'CNC' });

    it('counts the days, profit and trades since the capital entered its phase', async () => {
      // Closes: ₹9,80,000 (Phase 3) on Monday, then ₹10,20,000 and ₹10,40,000 (Phase 4).
      for (const [day, value] of [
        ['2026-11-16', 9_80_000],
        ['2026-11-17', 10_20_000],
        ['2026-11-18', 10_40_000],
      ] as const) {
        await s.database.db.insert(schema.equitySnapshots).values({
          account: 'paper',
          tradingDay: day,
          portfolioValuePaise: value * 100,
          cashPaise: value * 100,
          holdingsValuePaise: 0,
          benchmarkClose: 24_000,
          source: 'close',
          recordedAt: new Date(`${day}T10:00:00.000Z`),
        });
      }
      clock.set('2026-11-19T04:30:00.000Z'); // Thursday 10:00 IST
      token = await signIn(s.t.app);
      feed.move('NIFTY_50', 24_100);
      clock.set('2026-11-19T05:00:00.000Z');
      feed.move('NIFTY_50', 24_000);

      // Worth ₹10,00,000 now. The time-weighted index: 0.98, 1.02, 1.04, now 1.00.
      const first = await status();
      const closes = nifty.slice(-21).map((c) => c.close);
      const r = closes.slice(1).map((c, i) => c / closes[i]! - 1);
      assert.deepEqual(
        { ...first, as_of: null },
        {
          current_phase: 4,
          capital: 10_00_000,
          success_rate: 0,
          days_in_phase: 2,
          status: 'in_progress',
          phase_started_on: '2026-11-17',
          highest_phase: 4,
          closed_trades: 0,
          winning_trades: 0,
          profit_since_phase_start_pct: round2((1 / 1.02 - 1) * 100),
          drawdown_pct: round2((1 - 1 / 1.04) * 100),
          day_loss_pct: 0,
          reasons: [
            "Working towards Phase 4 Professional's targets: success rate 0% of 70%, profit -2% of 15%, 2 of 30 days.",
          ],
          circuit_breakers: {
            tripped: false,
            breakers: [
              {
                id: 'volatility',
                label: 'NIFTY 50 volatility',
                tripped: false,
                value: round2(sampleStd(r) * Math.sqrt(252) * 100),
                threshold: 40,
                message: `NIFTY 50 moves ${round2(sampleStd(r) * Math.sqrt(252) * 100)}% a year (annualised over its last 20 daily returns), within the 40% limit.`,
              },
              {
                id: 'market_drop',
                label: 'Market drop in 1 hour',
                tripped: false,
                value: round2((1 - 24_000 / 24_100) * 100),
                threshold: 3,
                message:
                  'NIFTY 50 at 24,000 is 0.41% below its highest level of the last hour (24,100), within the 3% limit.',
              },
              {
                id: 'liquidity',
                label: 'Cash ratio',
                tripped: false,
                value: 100,
                threshold: 15,
                message:
                  "Available cash ₹10,00,000 is 100% of the account's ₹10,00,000, above the 15% minimum.",
              },
            ],
          },
          as_of: null,
        },
      );

      // A winning and a losing trade today.
      await order('BUY', 'INFY', 10);
      feed.move('INFY', 1600);
      await order('SELL', 'INFY', 10);
      await order('BUY', 'TCS', 5);
      feed.move('TCS', 3100);
      await order('SELL', 'TCS', 5);
      const overview = await get<PortfolioOverview>('/api/portfolio/overview');
      const w = overview.portfolio_value / 10_00_000;
      const traded = await status();
      assert.deepEqual(
        [traded.closed_trades, traded.winning_trades, traded.success_rate, traded.days_in_phase],
        [2, 1, 50, 2],
      );
      assert.equal(traded.capital, overview.portfolio_value);
      assert.equal(traded.profit_since_phase_start_pct, round2((w / 1.02 - 1) * 100));
      assert.equal(traded.drawdown_pct, round2((1 - w / 1.04) * 100));
    });

    it('is scaled down when the capital falls into a lower phase than it reached', async () => {
      await post('/api/trading/paper/balance', { balance: 9_00_000 });
      const down = await status();
      assert.deepEqual(
        [down.current_phase, down.highest_phase, down.status, down.days_in_phase, down.phase_started_on],
        [3, 4, 'scaled_down', 0, '2026-11-19'],
      );
      assert.equal(down.closed_trades, 2, 'today’s exits are in the new phase’s first day');
      assert.ok(
        down.reasons.includes(
          "Scaled down from Phase 4 Professional: the capital is back in Phase 3 Expansion's range, so its stricter limits apply.",
        ),
        down.reasons.join(' | '),
      );
    });

    it('is stopped while a circuit breaker is tripped, with its alert raised once', async () => {
      // 28 × ₹1,600.80 = ₹44,822.40, within 5% of ₹9,00,000; then the cash is cut to ₹5,000.
      await order('BUY', 'INFY', 28);
      await post('/api/trading/paper/balance', { balance: 5_000 });
      const overview = await get<PortfolioOverview>('/api/portfolio/overview');
      const stopped = await status();
      const ratio = round2((5_000 / overview.portfolio_value) * 100);
      assert.equal(stopped.status, 'stopped');
      assert.equal(stopped.current_phase, 1);
      const liquidity = stopped.circuit_breakers.breakers.find((b) => b.id === 'liquidity')!;
      assert.deepEqual(
        [stopped.circuit_breakers.tripped, liquidity.tripped, liquidity.value],
        [true, true, ratio],
      );
      assert.ok(
        stopped.reasons.includes(`Circuit breaker tripped: ${liquidity.message}`),
        stopped.reasons.join(' | '),
      );
      await status();
      const alerts = (await get<RiskAlert[]>('/api/risk/alerts')).filter((a) =>
        a.message.startsWith('Circuit breaker tripped: Cash ratio.'),
      );
      assert.deepEqual(
        alerts.map((a) => a.severity),
        ['high'],
      );
    });

    it('is stopped while an emergency stop is in force, and not measured in live mode', async () => {
      await post('/api/trading/paper/balance', { balance: 9_00_000 });
      assert.notEqual((await status()).status, 'stopped');
      await post('/api/risk/emergency-stop', {
        confirm: true,
        reason: 'Reviewing the strategy',
        square_off: false,
      });
      const halted = await status();
      assert.equal(halted.status, 'stopped');
      assert.match(
        halted.reasons[0]!,
        /^Emergency stop in force since .* \(operator@nivesh\.local: "Reviewing the strategy"\)\.$/,
      );

      await s.t.app.services.tradingMode.set('live', 'test');
      try {
        const res = await send(s.t.app, 'GET', '/api/scaling-status', { token: auth() });
        assert.equal(res.statusCode, 503);
        assert.equal(res.json<{ error: string }>().error, LIVE_NOT_SCALED);
      } finally {
        await s.t.app.services.tradingMode.set('paper', 'test');
      }
    });
  });
}
