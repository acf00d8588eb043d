/**
 * GET /api/research/analysis through the whole app, on PGlite and PostgreSQL, over a market feed
 * whose candles the test scripts: signals, opportunities, breadth, the NIFTY 50 volatility band and
 * 5-year trend are checked against figures computed here from the same candles.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  VOLATILITY_LEVEL_BANDS,
  type ResearchAnalysis,
  type ResearchRecommendation,
} from '@nivesh/api-contract';
import { ManualClock } from '../clock.js';
import { computeCharges } from '../paper/costs.js';
import { DEFAULT_PAPER_SETTINGS, costSettingsOf } from '../paper/settings.js';
import { createControlledFeed } from '../paper/testing.js';
import { send, signedInApp, testDatabases } from '../testing/index.js';
import { sampleCov } from '../testing/reference.js';
import { RESEARCH_INTENDED_VALUE } from './service.js';
import { flatCloses, scriptedCandles, trendCloses, weekdaysEnding } from './testing.js';

/** Rising 0.3% a day, swinging 0.6% either side: a 3 ATR target well above the charges at ₹5,000. */
const infy = scriptedCandles(trendCloses(1000, 0.003, 260, 0.006));
const tcs = scriptedCandles(trendCloses(2000, -0.003, 260));
const reliance = scriptedCandles(flatCloses(2500, 260, 2));
const hdfcbank = scriptedCandles([...flatCloses(1000, 259, 5), 1015], {
  volume: (i, n) => (i === n - 1 ? 200_000 : 100_000),
});
/** Too little history for the 200-day average: left out of the analysis. */
const mm = scriptedCandles(flatCloses(2900, 100, 3));
/** Six years of NIFTY 50, rising 0.03% a day to about 24,000, wobbling. */
const niftyDays = weekdaysEnding('2026-11-19', 1_570);
const nifty = niftyDays.map((date, i) => {
  const close =
    Math.round(24_000 * 1.0003 ** (i - (niftyDays.length - 1)) * (1 + 0.004 * Math.sin(i * 1.7)) * 100) / 100;
  return { date, open: close, high: close + 40, low: close - 40, close, volume: 0 };
});
const lastClose = (list: { close: number }[]) => list[list.length - 1]!.close;

/** The round trip's break-even at the analysis's intended value, from the paper engine's charges. */
function breakEven(price: number): number {
  const settings = costSettingsOf(DEFAULT_PAPER_SETTINGS);
  const quantity = Math.max(1, Math.floor(RESEARCH_INTENDED_VALUE / price));
  const pricePaise = Math.round(price * 100);
  const charges = (['BUY', 'SELL'] as const).reduce(
    (sum, side) => sum + computeCharges({ side, product: 'CNC', quantity, pricePaise, settings }).total,
    0,
  );
  return Math.round((charges / (quantity * pricePaise)) * 10_000) / 100;
}

for (const target of await testDatabases()) {
  describe(`research analysis on ${target.name}`, () => {
    // Friday 20 November 2026, 10:30 IST: the last completed day is Thursday the 19th.
    const clock = new ManualClock('2026-11-20T05:00:00.000Z');
    const feed = createControlledFeed({
      now: () => clock.now(),
      prices: {
        INFY: lastClose(infy),
        TCS: lastClose(tcs),
        RELIANCE: lastClose(reliance),
        HDFCBANK: lastClose(hdfcbank),
        'M&M': lastClose(mm),
        NIFTY_50: 24_000,
      },
    });
    const s = signedInApp(target, { clock, deps: { feed, live: null, liveAccount: null } });
    const get = () => send(s.t.app, 'GET', '/api/research/analysis', { token: s.token });
    const analysis = async () => {
      const res = await get();
      assert.equal(res.statusCode, 200, res.body);
      return res.json<{ success: true; data: ResearchAnalysis }>().data;
    };

    it('answers 401 without a session', async () => {
      const res = await send(s.t.app, 'GET', '/api/research/analysis');
      assert.equal(res.statusCode, 401);
      assert.ok(!s.t.app.services.unavailableRoutes.some((r) => r.includes('/api/research/')));
    });

    it('answers 503 naming the data source while the market data has no NIFTY 50 history', async () => {
      const res = await get();
      assert.equal(res.statusCode, 503);
      const body = res.json<{ message: string; data_source: string }>();
      assert.equal(body.data_source, 'simulated');
      assert.equal(
        body.message,
        'Data source not connected: the simulated market has no NIFTY 50 history up to 2026-11-19.',
      );
    });

    it('computes the signals, opportunities, breadth, volatility band and 5-year trend', async () => {
      for (const [symbol, candles] of Object.entries({
        INFY: infy,
        TCS: tcs,
        RELIANCE: reliance,
        HDFCBANK: hdfcbank,
        'M&M': mm,
        NIFTY_50: nifty,
      }))
        feed.setCandles(symbol, candles);
      // INFY up on the day, TCS down; the rest unchanged.
      feed.move('INFY', lastClose(infy), { previousClose: lastClose(infy) - 5 });
      feed.move('TCS', lastClose(tcs), { previousClose: lastClose(tcs) + 5 });

      const data = await analysis();
      const bySymbol = new Map(data.recommendations.map((r) => [r.symbol, r]));
      assert.deepEqual([...bySymbol.keys()].sort(), ['HDFCBANK', 'INFY', 'RELIANCE', 'TCS']);
      const signal = (symbol: string) => bySymbol.get(symbol)!;
      assert.equal(signal('INFY').signal, 'BUY');
      assert.equal(signal('INFY').strategy, 'Trend following');
      assert.equal(signal('INFY').horizon_days, 20);
      assert.equal(signal('TCS').signal, 'SELL');
      assert.equal(signal('HDFCBANK').signal, 'BUY');
      assert.equal(signal('HDFCBANK').strategy, 'Breakout');
      assert.equal(signal('RELIANCE').signal, 'HOLD');
      // BUY and SELL first, each group by confidence.
      const order = data.recommendations.map((r) => r.signal !== 'HOLD');
      assert.deepEqual(order, [true, true, true, false]);
      const confidences = data.recommendations.slice(0, 3).map((r) => r.confidence);
      assert.deepEqual(
        confidences,
        [...confidences].sort((a, b) => b - a),
      );
      assert.equal(data.opportunities, data.recommendations.filter((r) => r.signal !== 'HOLD').length);
      assert.equal(data.opportunities, 3);

      // Each signal's break-even is the round trip's charges at ₹5,000, and its levels sit either side.
      assert.equal(data.intended_value, 5_000);
      const prices: Record<string, number> = {
        INFY: lastClose(infy),
        TCS: lastClose(tcs),
        RELIANCE: lastClose(reliance),
        HDFCBANK: lastClose(hdfcbank),
      };
      for (const r of data.recommendations as ResearchRecommendation[]) {
        const price = prices[r.symbol]!;
        assert.equal(r.break_even_pct, breakEven(price), `${r.symbol} break-even`);
        assert.equal(r.expected_move_pct, Math.round(((r.target - price) / price) * 10_000) / 100);
        if (r.signal === 'SELL') assert.ok(r.target < price && price < r.stop, r.symbol);
        else assert.ok(r.stop < price && price < r.target, r.symbol);
        assert.ok(r.reasoning && r.reasoning.length > 20);
      }

      // Breadth: INFY and HDFCBANK above their 50-day averages, TCS and RELIANCE (₹2,498 against
      // ₹2,500) not; one advancer, one decliner; NIFTY 50 above a rising stack of averages.
      assert.equal(data.breadth, 0.5);
      assert.equal(data.advancers, 1);
      assert.equal(data.decliners, 1);
      assert.equal(data.trend_direction, 'Uptrend');
      // Score 0 (breadth) + 0 (advancers less decliners) + 1 (uptrend) = 1: Bullish.
      assert.equal(data.market_sentiment, 'Bullish');

      // Volatility: NIFTY 50's last 20 daily log returns, sample sd × √252, in the contract's bands.
      const closes = nifty.slice(-21).map((c) => c.close);
      const logReturns = closes.slice(1).map((c, i) => Math.log(c / closes[i]!));
      const vol = Math.sqrt(sampleCov(logReturns, logReturns)) * Math.sqrt(252);
      const band =
        vol > VOLATILITY_LEVEL_BANDS.high
          ? 'High'
          : vol >= VOLATILITY_LEVEL_BANDS.moderate
            ? 'Moderate'
            : 'Low';
      assert.equal(data.volatility_level, band);
      assert.equal(data.realised_volatility_pct, Math.round(vol * 10_000) / 100);

      // Five years of NIFTY 50: from the day after 19 November 2021 (a Saturday) to the 19th.
      const fiveYears = nifty.filter((c) => c.date >= '2021-11-20');
      assert.equal(fiveYears[0]!.date, '2021-11-22');
      const trend = data.trend_analysis!;
      assert.equal(trend.index, 'NIFTY 50');
      assert.equal(trend.from_month, '2021-11');
      assert.equal(trend.to_month, '2026-11');
      assert.equal(trend.monthly_closes.length, 61);
      assert.deepEqual(trend.monthly_closes.at(-1), { month: '2026-11', close: lastClose(nifty) });
      assert.equal(
        trend.total_return_pct,
        Math.round((lastClose(nifty) / fiveYears[0]!.close - 1) * 10_000) / 100,
      );
      assert.deepEqual(
        trend.yearly_returns.map((y) => [y.year, y.partial]),
        [
          [2022, false],
          [2023, false],
          [2024, false],
          [2025, false],
          [2026, true],
        ],
      );
      const yearEnd = (year: number) => lastClose(nifty.filter((c) => c.date.startsWith(`${year}-`)));
      assert.equal(
        trend.yearly_returns[1]!.return_pct,
        Math.round((yearEnd(2023) / yearEnd(2022) - 1) * 10_000) / 100,
      );
      assert.equal(data.data_source, 'simulated');
      assert.equal(data.as_of, '2026-11-20T05:00:00.000Z');
    });

    it('recomputes at most once a minute: a price move shows from the next minute', async () => {
      const before = await analysis();
      const infyBefore = before.recommendations.find((r) => r.symbol === 'INFY')!;
      feed.move('INFY', 2_200, { previousClose: lastClose(infy) - 5 });
      clock.advance(30_000);
      const sameMinute = await analysis();
      assert.equal(sameMinute.as_of, before.as_of);
      assert.deepEqual(
        sameMinute.recommendations.find((r) => r.symbol === 'INFY'),
        infyBefore,
      );

      clock.advance(30_000);
      const next = await analysis();
      assert.equal(next.as_of, '2026-11-20T05:01:00.000Z');
      const infyNext = next.recommendations.find((r) => r.symbol === 'INFY')!;
      // The target moves with the price (the same 3 ATR above it), to the paisa.
      assert.ok(
        Math.abs(infyNext.target - infyBefore.target - (2_200 - lastClose(infy))) <= 0.011,
        `${infyBefore.target} -> ${infyNext.target}`,
      );
      assert.equal(infyNext.break_even_pct, breakEven(2_200));
    });
  });
}
