/**
 * Performance analytics (specification part 2, sections 2, 3 and 7). Every figure is computed by
 * the server from stored trades and end-of-day portfolio values, with the conventions of DOMAIN.md
 * ("Metric definitions"): daily returns after costs, 252 trading days a year, risk-free rate
 * configurable (default 0). Percentages are percent (1.5 means 1.5%); amounts are rupees. A figure
 * that the data cannot support yet (too few days, no closed trades, no losses) is null, never 0.
 */
import { z } from 'zod';
import { ApiError, Rupees } from './common';
import { route } from './route';

export const PerformancePeriod = z.enum(['day', 'week', 'month', 'quarter', 'year', 'all']);
export type PerformancePeriod = z.infer<typeof PerformancePeriod>;

/** The page's default period (specification part 2, section 9). */
export const DEFAULT_PERFORMANCE_PERIOD: PerformancePeriod = 'month';

export const PerformanceQuery = z.object({ period: PerformancePeriod.default(DEFAULT_PERFORMANCE_PERIOD) });
export type PerformanceQuery = z.input<typeof PerformanceQuery>;

const Percent = z.number();
const Ratio = z.number().nullable();
const Count = z.number().int().min(0);
/** Percent of closed trades that made money after costs; null without closed trades. */
const WinRate = z.number().min(0).max(100).nullable();

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
  profit_factor: Ratio,
});
export type StrategyBreakdown = z.infer<typeof StrategyBreakdown>;

export const DailyPnl = z.object({
  /** IST calendar day, YYYY-MM-DD. */
  date: z.iso.date(),
  /** Net P&L of the day (realised and change in unrealised, after costs); null when the market was closed. */
  pnl: Rupees.nullable(),
});
export type DailyPnl = z.infer<typeof DailyPnl>;

export const PerformanceAnalytics = z.object({
  period: PerformancePeriod,
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
  profit_factor: Ratio,
  /** win rate x average win - loss rate x |average loss|, rupees per trade; null without closed trades. */
  expectancy: Rupees.nullable(),
  sharpe_ratio: Ratio,
  sortino_ratio: Ratio,
  /** Annualised return / |max drawdown|; null without a drawdown. */
  calmar_ratio: Ratio,
  /** Deepest fall from a running peak of portfolio value, percent (<= 0, e.g. -8.4). */
  max_drawdown: Percent,
  /** Annualised volatility of daily returns, percent; null under 2 trading days. */
  volatility: Percent.nullable(),
  /** Mean time from entry to exit of closed trades, hours; null without closed trades. */
  avg_hold_time_hours: z.number().min(0).nullable(),
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
