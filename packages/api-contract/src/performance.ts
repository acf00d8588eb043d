/**
 * Performance analytics (specification part 2, sections 2, 3 and 7). Every figure is computed by
 * the server from stored trades and end-of-day portfolio values, with the conventions of DOMAIN.md
 * ("Metric definitions"): daily returns after costs, 252 trading days a year, risk-free rate
 * configurable (default 0). Percentages are percent (1.5 means 1.5%); amounts are rupees. A figure
 * that the data cannot support yet (too few days, no closed trades, no losses) is null, never 0.
 */
import { z } from 'zod';
import { ApiError, Rupees, Measure, Percent, Ratio } from './common';
import { route } from './route';

export const PerformancePeriod = z.enum(['day', 'week', 'month', 'quarter', 'year', 'all']);
export type PerformancePeriod = z.infer<typeof PerformancePeriod>;

/** The page's default period (specification part 2, section 9). */
export const DEFAULT_PERFORMANCE_PERIOD: PerformancePeriod = 'month';

export const PerformanceQuery = z.object({ period: PerformancePeriod.default(DEFAULT_PERFORMANCE_PERIOD) });
export type PerformanceQuery = z.input<typeof PerformanceQuery>;

/** A statistic that is null while its inputs are missing (quantstats' convention). */
const NullableRatio = Ratio.nullable();
const Count = z.number().int().min(0);
/** Percent of closed trades that made money after costs; null without closed trades. */
const WinRate = Percent.min(0).max(100).nullable();

export const MonthlyBreakdown = z.object({
  /** Calendar month, YYYY-MM (IST). */
  month: z.string().regex(/^\d{4}-\d{2}$/),
  /** Time-weighted return of the month, percent. */
  return_percent: Percent,
  /** Net P&L of trades closed in the month, after costs. */
  pnl: Rupees,
  trades: Count,
  win_rate: WinRate,
});
export type MonthlyBreakdown = z.infer<typeof MonthlyBreakdown>;

export const StockBreakdown = z.object({
  symbol: z.string(),
  trades: Count,
  pnl: Rupees,
  win_rate: WinRate,
});
export type StockBreakdown = z.infer<typeof StockBreakdown>;

export const StrategyBreakdown = z.object({
  strategy: z.string(),
  trades: Count,
  pnl: Rupees,
  win_rate: WinRate,
  /** Gross profit / |gross loss|; null when the strategy has no losing trade. */
  profit_factor: NullableRatio,
});
export type StrategyBreakdown = z.infer<typeof StrategyBreakdown>;

export const DailyPnl = z.object({
  /** IST calendar day, YYYY-MM-DD. */
  date: z.iso.date(),
  /** Net P&L of the day (realised and change in unrealised, after costs); null when the market was closed. */
  pnl: Rupees.nullable(),
});
export type DailyPnl = z.infer<typeof DailyPnl>;

/** One fall of the account from a peak of its time-weighted wealth index, and the climb back. */
export const DrawdownEpisode = z.object({
  /** IST trading day of the peak the fall started from (a fall on the account's first day starts that day). */
  start: z.iso.date(),
  /** IST trading day of the lowest point. */
  trough: z.iso.date(),
  /** First IST trading day back at the peak; null while the account is still below it. */
  recovery: z.iso.date().nullable(),
  /** Depth at the trough, percent (< 0, e.g. -6.2). */
  depth: Percent,
  /** Trading days from the peak to the recovery, or to the latest day while not recovered. */
  length: Count,
});
export type DrawdownEpisode = z.infer<typeof DrawdownEpisode>;

/** How many drawdown episodes the tear sheet lists. */
export const DEEPEST_DRAWDOWNS_LISTED = 5;

/** Trailing window of the rolling Sharpe ratio and beta, trading days (DOMAIN.md). */
export const ROLLING_WINDOW_DAYS = 60;

export const PerformanceAnalytics = z.object({
  period: PerformancePeriod,
  /**
   * First IST calendar day the period covers: returns of trading days from it on and trades closed
   * on or after it are the period's. Null for all time.
   */
  period_start: z.iso.date().nullable(),
  /** Last IST calendar day the period covers (today). */
  period_end: z.iso.date(),
  /** Time-weighted return over the period: prod(1 + r) - 1, percent. */
  total_return: Percent,
  /** The same return as a yearly rate (CAGR over 252 days), percent; null under 2 trading days. */
  annualized_return: Percent.nullable(),
  /** Net P&L over the period after costs, rupees. */
  net_pnl: Rupees,
  win_rate: WinRate,
  /** Trades closed in the period. */
  total_trades: Count,
  winning_trades: Count,
  losing_trades: Count,
  /** Mean net P&L of winning trades (>= 0); null without any. */
  avg_win: Rupees.nullable(),
  /** Mean net P&L of losing trades (<= 0, a negative amount); null without any. */
  avg_loss: Rupees.nullable(),
  /** Best trade's net P&L; null without closed trades. */
  largest_win: Rupees.nullable(),
  /** Worst trade's net P&L (negative when it lost); null without closed trades. */
  largest_loss: Rupees.nullable(),
  /** Gross profit / |gross loss|; null without a losing trade. */
  profit_factor: NullableRatio,
  /** win rate x average win - loss rate x |average loss|, rupees per trade; null without closed trades. */
  expectancy: Rupees.nullable(),
  sharpe_ratio: NullableRatio,
  sortino_ratio: NullableRatio,
  /** Annualised return / |max drawdown|; null without a drawdown. */
  calmar_ratio: NullableRatio,
  /** Deepest fall from a running peak of portfolio value, percent (<= 0, e.g. -8.4). */
  max_drawdown: Percent,
  /** Annualised volatility of daily returns, percent; null under 2 trading days. */
  volatility: Percent.nullable(),
  /** Mean time from entry to exit of closed trades, hours; null without closed trades. */
  avg_hold_time_hours: Measure.min(0).nullable(),
  /**
   * Money-weighted return: the XIRR (yearly rate over 365-day years) of the operator's own cash
   * flows: the value at the start of the period paid in on its first day, every deposit,
   * withdrawal, balance edit and reset in it, and the value at its end taken out. Percent; null
   * when no rate solves them (nothing paid in, or no time between the first and last flow).
   */
  money_weighted_return: Percent.nullable(),
  /** cov(r, r_NIFTY) / var(r_NIFTY) over the days both have a return; null under 2 such days or flat NIFTY. */
  beta: NullableRatio,
  /** Jensen's alpha to NIFTY 50, annualised: (1 + mean(r - beta x r_NIFTY))^252 - 1, percent; null with beta. */
  alpha: Percent.nullable(),
  /** mean(r - r_NIFTY) / std(r - r_NIFTY) x sqrt(252) over the same days; null under 2 of them. */
  information_ratio: NullableRatio,
  /** The deepest drawdown episodes of the period (at most DEEPEST_DRAWDOWNS_LISTED), deepest first. */
  deepest_drawdowns: z.array(DrawdownEpisode).max(DEEPEST_DRAWDOWNS_LISTED),
  /** By calendar month over the period, oldest first. */
  monthly: z.array(MonthlyBreakdown),
  /** By symbol over the period, largest P&L first. */
  by_stock: z.array(StockBreakdown),
  /** By strategy over the period, largest P&L first. */
  by_strategy: z.array(StrategyBreakdown),
  /** One entry per calendar day of the last 30 days (whatever the period), oldest first. */
  daily_pnl: z.array(DailyPnl),
});
export type PerformanceAnalytics = z.infer<typeof PerformanceAnalytics>;

/**
 * `success: false` (with the reason) means the service runs but has nothing to analyse yet, for
 * example an account without history (the specification's "Performance data not available").
 */
export const PerformanceAnalyticsResponse = z.discriminatedUnion('success', [
  z.object({ success: z.literal(true), data: PerformanceAnalytics }),
  ApiError,
]);
export type PerformanceAnalyticsResponse = z.infer<typeof PerformanceAnalyticsResponse>;

export const PerformanceReturnPoint = z.object({
  /** IST trading day, YYYY-MM-DD. */
  date: z.iso.date(),
  /** Cash plus holdings at the day's close, rupees. */
  portfolio_value: Rupees,
  /** The day's return after costs, percent; null on the first day. */
  daily_return: Percent.nullable(),
  /** NIFTY 50's return that day, percent; null when no close is known. */
  benchmark_return: Percent.nullable(),
  /** Growth since the first day of the series, percent. */
  cumulative_return: Percent,
  /** NIFTY 50's growth since the first day of the series, percent; null when not known. */
  benchmark_cumulative_return: Percent.nullable(),
  /** Fall from the period's running peak of the time-weighted wealth index, percent (<= 0; the underwater curve). */
  drawdown: Percent,
  /**
   * Sharpe ratio of the ROLLING_WINDOW_DAYS daily returns ending that day (reaching back before
   * the period when the account has them); null until the account has that many returns.
   */
  rolling_sharpe: NullableRatio,
  /** Beta to NIFTY 50 over the same trailing window; null until it is full, or without NIFTY returns in it. */
  rolling_beta: NullableRatio,
});
export type PerformanceReturnPoint = z.infer<typeof PerformanceReturnPoint>;

export const PerformanceReturnsResponse = z.object({
  success: z.literal(true),
  period: PerformancePeriod,
  /** The benchmark's name, e.g. 'NIFTY 50'. */
  benchmark: z.string(),
  /** One point per trading day, oldest first. */
  data: z.array(PerformanceReturnPoint),
});
export type PerformanceReturnsResponse = z.infer<typeof PerformanceReturnsResponse>;

export const performanceRoutes = {
  analytics: route({
    method: 'GET',
    path: '/api/performance/analytics',
    access: 'session',
    tag: 'performance',
    summary: 'Returns, trade statistics, risk ratios and breakdowns over a period',
    querystring: PerformanceQuery,
    responses: { 200: PerformanceAnalyticsResponse, 400: ApiError, 401: ApiError, 503: ApiError },
  }),
  returns: route({
    method: 'GET',
    path: '/api/performance/returns',
    access: 'session',
    tag: 'performance',
    summary: 'Daily portfolio value and returns against NIFTY 50 over a period',
    querystring: PerformanceQuery,
    responses: { 200: PerformanceReturnsResponse, 400: ApiError, 401: ApiError, 503: ApiError },
  }),
} as const;
