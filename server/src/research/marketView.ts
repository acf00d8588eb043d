/**
 * The market-wide figures of the research analysis (pure): sentiment from breadth, the benchmark's
 * trend direction and volatility level, and its 5-year trend analysis. The rules are stated in the
 * contract (packages/api-contract/src/research.ts, ResearchAnalysis and TrendAnalysis).
 */
import {
  VOLATILITY_LEVEL_BANDS,
  type MarketSentimentLabel,
  type TrendAnalysis,
  type TrendDirection,
  type VolatilityLevel,
} from '@nivesh/api-contract';
import type { Candle } from '../market/feed.js';
import { maxDrawdown } from '../analytics/drawdown.js';
import { annualisedReturn } from '../analytics/ratios.js';
import { yearsBefore } from '../market/tradingDays.js';

const round2 = (x: number) => Math.round(x * 100) / 100;

/** NIFTY 50 against its averages: Uptrend above a rising stack, Downtrend below a falling one. */
export function trendDirectionOf(
  level: number,
  averages: { sma50: number; sma200: number } | null,
): TrendDirection {
  if (!averages) return 'Sideways';
  if (level > averages.sma50 && averages.sma50 > averages.sma200) return 'Uptrend';
  if (level < averages.sma50 && averages.sma50 < averages.sma200) return 'Downtrend';
  return 'Sideways';
}

/** The band of an annualised realised volatility (a fraction); Unknown without one. */
export function volatilityLevelOf(realisedVol: number | null): VolatilityLevel {
  if (realisedVol === null || !Number.isFinite(realisedVol)) return 'Unknown';
  if (realisedVol > VOLATILITY_LEVEL_BANDS.high) return 'High';
  if (realisedVol >= VOLATILITY_LEVEL_BANDS.moderate) return 'Moderate';
  return 'Low';
}

export interface Breadth {
  /** Stocks whose price is above their 50-day average. */
  above50: number;
  /** Stocks analysed. */
  total: number;
  advancers: number;
  decliners: number;
}

/** The sentiment score (three terms, each −1..1) and its label. */
export function marketSentimentOf(
  breadth: Breadth,
  trend: TrendDirection,
): { score: number; label: MarketSentimentLabel } {
  const breadthTerm = breadth.total > 0 ? (2 * breadth.above50) / breadth.total - 1 : 0;
  const moved = breadth.advancers + breadth.decliners;
  const advanceTerm = moved > 0 ? (breadth.advancers - breadth.decliners) / moved : 0;
  const trendTerm = trend === 'Uptrend' ? 1 : trend === 'Downtrend' ? -1 : 0;
  const score = breadthTerm + advanceTerm + trendTerm;
  // Scores are compared after rounding away float noise (1/3 + 2/3 must count as 1).
  const rounded = Math.round(score * 1e9) / 1e9;
  return { score, label: rounded >= 1 ? 'Bullish' : rounded <= -1 ? 'Bearish' : 'Neutral' };
}

/**
 * The trend analysis of an index's daily candles (oldest first): month-end closes, calendar-year
 * returns (each from the previous year's last close, so the first year of the series, which has
 * none, is left out; the year of `today` is partial), the total return and CAGR from the first to
 * the last daily close (DOMAIN.md: (last / first)^(252 / n) − 1 over n daily returns), and the
 * deepest fall of the month-end closes from their running peak. Null with less than a year of
 * candles (the first on or before the same date a year before the last).
 */
export function trendAnalysisOf(
  index: string,
  candles: readonly Candle[],
  today: string,
): TrendAnalysis | null {
  if (candles.length < 2) return null;
  const first = candles[0]!;
  const last = candles[candles.length - 1]!;
  if (first.date > yearsBefore(last.date, 1)) return null;

  const monthEnd = new Map<string, number>();
  const yearEnd = new Map<number, number>();
  for (const c of candles) {
    monthEnd.set(c.date.slice(0, 7), c.close);
    yearEnd.set(Number(c.date.slice(0, 4)), c.close);
  }
  const monthly = [...monthEnd].map(([month, close]) => ({ month, close: round2(close) }));
  const runningYear = Number(today.slice(0, 4));
  const yearly = [...yearEnd].flatMap(([year, close]) => {
    const base = yearEnd.get(year - 1);
    return base === undefined
      ? []
      : [{ year, return_pct: round2((close / base - 1) * 100), partial: year === runningYear }];
  });
  const returns = candles.slice(1).map((c, i) => c.close / candles[i]!.close - 1);
  return {
    index,
    from_month: monthly[0]!.month,
    to_month: monthly[monthly.length - 1]!.month,
    monthly_closes: monthly,
    yearly_returns: yearly,
    total_return_pct: round2((last.close / first.close - 1) * 100),
    // A year of candles or more: there are returns, so the rate is known (never a made-up 0).
    cagr_pct: round2(annualisedReturn(returns)! * 100),
    max_drawdown_pct: Math.min(0, round2(maxDrawdown(monthly.map((m) => m.close)) * 100)),
  };
}
