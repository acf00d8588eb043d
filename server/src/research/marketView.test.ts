/** The market-wide figures on hand-worked inputs: bands, sentiment and the trend analysis. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { VOLATILITY_LEVEL_BANDS } from '@nivesh/api-contract';
import { marketSentimentOf, trendAnalysisOf, trendDirectionOf, volatilityLevelOf } from './marketView.js';
import { weekdaysEnding } from './testing.js';

describe('market view', () => {
  it('bands NIFTY volatility: Low below 12%, Moderate 12-20%, High above 20%', () => {
    assert.deepEqual(VOLATILITY_LEVEL_BANDS, { moderate: 0.12, high: 0.2 });
    assert.equal(volatilityLevelOf(0.1199), 'Low');
    assert.equal(volatilityLevelOf(0.12), 'Moderate');
    assert.equal(volatilityLevelOf(0.2), 'Moderate');
    assert.equal(volatilityLevelOf(0.2001), 'High');
    assert.equal(volatilityLevelOf(null), 'Unknown');
  });

  it('reads the trend from the level against the 50- and 200-day averages', () => {
    assert.equal(trendDirectionOf(24_000, { sma50: 23_800, sma200: 23_000 }), 'Uptrend');
    assert.equal(trendDirectionOf(22_000, { sma50: 22_500, sma200: 23_000 }), 'Downtrend');
    assert.equal(trendDirectionOf(23_900, { sma50: 23_800, sma200: 24_000 }), 'Sideways');
    assert.equal(trendDirectionOf(24_000, null), 'Sideways');
  });

  it('scores sentiment from breadth, advancers and the trend', () => {
    // 40 of 50 above the 50-day average: 0.6; 30 up, 20 down: 0.2; an uptrend: 1. Score 1.8.
    const strong = { above50: 40, total: 50, advancers: 30, decliners: 20 };
    assert.deepEqual(marketSentimentOf(strong, 'Uptrend'), { score: 1.8, label: 'Bullish' });
    // The same breadth without the trend: 0.8, not enough.
    assert.equal(marketSentimentOf(strong, 'Sideways').label, 'Neutral');
    // 10 of 50 above (−0.6), 15 up and 35 down (−0.4): −1, Bearish even without a downtrend.
    assert.equal(
      marketSentimentOf({ above50: 10, total: 50, advancers: 15, decliners: 35 }, 'Sideways').label,
      'Bearish',
    );
    // A score of exactly 1 is Bullish: 5 of 6 above (2/3) and 2 up, 1 down (1/3), in floating point.
    assert.equal(
      marketSentimentOf({ above50: 5, total: 6, advancers: 2, decliners: 1 }, 'Sideways').label,
      'Bullish',
    );
    assert.equal(
      marketSentimentOf({ above50: 0, total: 0, advancers: 0, decliners: 0 }, 'Sideways').label,
      'Neutral',
    );
  });

  describe('trend analysis', () => {
    // 330 weekdays from 9 December 2024 to 13 March 2026, each month's days closing at one level.
    const levels: Record<string, number> = {
      '2024-12': 100,
      '2025-01': 104,
      '2025-02': 110,
      '2025-03': 120,
      '2025-04': 96,
      '2025-05': 90,
      '2025-06': 100,
      '2025-07': 108,
      '2025-08': 115,
      '2025-09': 118,
      '2025-10': 125,
      '2025-11': 122,
      '2025-12': 130,
      '2026-01': 126,
      '2026-02': 135,
      '2026-03': 143,
    };
    const candles = weekdaysEnding('2026-03-13', 330).map((date) => {
      const close = levels[date.slice(0, 7)]!;
      return { date, open: close, high: close, low: close, close, volume: 0 };
    });

    it('gives month-end closes, calendar-year returns, the total, CAGR and the deepest fall', () => {
      assert.equal(candles[0]!.date, '2024-12-09');
      const trend = trendAnalysisOf('NIFTY 50', candles, '2026-03-13')!;
      assert.equal(trend.index, 'NIFTY 50');
      assert.equal(trend.from_month, '2024-12');
      assert.equal(trend.to_month, '2026-03');
      assert.deepEqual(
        trend.monthly_closes,
        Object.entries(levels).map(([month, close]) => ({ month, close })),
      );
      // 2024 has no earlier year-end in the series: left out. 2025: 130 / 100; 2026 so far: 143 / 130.
      assert.deepEqual(trend.yearly_returns, [
        { year: 2025, return_pct: 30, partial: false },
        { year: 2026, return_pct: 10, partial: true },
      ]);
      assert.equal(trend.total_return_pct, 43);
      // 329 daily returns compounding to 1.43: (1.43)^(252 / 329) − 1 = 31.52%.
      assert.equal(trend.cagr_pct, Math.round((1.43 ** (252 / 329) - 1) * 10_000) / 100);
      assert.equal(trend.cagr_pct, 31.52);
      // From the March 2025 peak of 120 to the May trough of 90.
      assert.equal(trend.max_drawdown_pct, -25);
    });

    it('marks no year partial once it has ended, and needs a year of history', () => {
      const trend = trendAnalysisOf('NIFTY 50', candles, '2027-01-04')!;
      assert.equal(trend.yearly_returns.at(-1)!.partial, false);
      assert.equal(trendAnalysisOf('NIFTY 50', candles.slice(-200), '2026-03-13'), null);
      assert.equal(trendAnalysisOf('NIFTY 50', [], '2026-03-13'), null);
    });
  });
});
