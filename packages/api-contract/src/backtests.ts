/**
 * Backtests: a strategy, or the whole allocator, run over a range of daily history through the
 * paper engine's own order, cost and limit code, walk-forward (a decision reads only the candles of
 * the days before its own). A run executes in the background; its progress is polled. When done it
 * holds its trades, its end-of-day values against NIFTY 50 and the same analytics as the
 * performance page. Amounts are rupees; percentages are percent (1.5 means 1.5%).
 */
import { z } from 'zod';
import { ApiError, Rupees, SuccessMessage, Timestamp, Fraction, Percent, Ratio } from './common';
import { PerformanceAnalytics } from './performance';
import { route } from './route';

/** What a run trades: one strategy's signals, or the allocator choosing among all three. */
export const BacktestStrategy = z.enum(['trend_following', 'mean_reversion', 'breakout', 'allocator'], {
  error: 'strategy must be one of trend_following, mean_reversion, breakout or allocator',
});
export type BacktestStrategy = z.infer<typeof BacktestStrategy>;

export const BACKTEST_STRATEGY_LABELS: Record<BacktestStrategy, string> = {
  trend_following: 'Trend following',
  mean_reversion: 'Mean reversion',
  breakout: 'Breakout',
  allocator: 'Allocator (all strategies)',
};

/** Bounds of a run's request (the server also checks the range against the history it has). */
export const BACKTEST_LIMITS = {
  min_capital: 10_000,
  max_capital: 1_00_00_00_000,
  min_daily_amount: 1_000,
  /** The longest range, in years. */
  max_years: 5,
  /** The shortest range, in trading days. */
  min_trading_days: 20,
  max_name_length: 80,
  max_seed: 2_147_483_647,
} as const;

/** How often a page polls while a run is running. */
export const BACKTEST_POLL_MS = 1_000;

const isDay = (day: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`));

/** The same calendar date `years` later, YYYY-MM-DD (29 February becomes 28). */
function yearsAfter(day: string, years: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y + years, m - 1, d));
  if (target.getUTCMonth() !== m - 1) target.setUTCDate(0);
  return target.toISOString().slice(0, 10);
}

const IsoDay = (field: string) =>
  z.iso.date({ error: `${field} must be a date written YYYY-MM-DD, for example 2025-01-01` });

export const StartBacktestRequest = z
  .object({
    name: z
      .string({ error: 'name must be text' })
      .trim()
      .max(
        BACKTEST_LIMITS.max_name_length,
        `name may be at most ${BACKTEST_LIMITS.max_name_length} characters`,
      )
      .optional(),
    strategy: BacktestStrategy,
    from: IsoDay('from'),
    to: IsoDay('to'),
    initial_capital: z
      .number({ error: 'initial_capital must be an amount of rupees' })
      .min(BACKTEST_LIMITS.min_capital, 'initial_capital must be at least ₹10,000')
      .max(BACKTEST_LIMITS.max_capital, 'initial_capital must be at most ₹100 crore (₹1,00,00,00,000)'),
    /** Rupees the run may spend each day; default 2.5% of the account's value (the moderate allocation). */
    daily_amount: z
      .number({ error: 'daily_amount must be an amount of rupees' })
      .min(BACKTEST_LIMITS.min_daily_amount, 'daily_amount must be at least ₹1,000')
      .max(BACKTEST_LIMITS.max_capital, 'daily_amount must be at most ₹100 crore (₹1,00,00,00,000)')
      .optional(),
    /** The simulated market's seed whose history the run trades on; default the server's own market. */
    seed: z
      .number({ error: 'seed must be a whole number' })
      .int('seed must be a whole number')
      .min(0, 'seed must be 0 or more')
      .max(BACKTEST_LIMITS.max_seed, `seed must be at most ${BACKTEST_LIMITS.max_seed}`)
      .optional(),
  })
  .strict()
  // The range rules speak only of real dates (a malformed one has its own message above).
  .refine((b) => !isDay(b.from) || !isDay(b.to) || b.from < b.to, {
    message: 'from must be before to',
    path: ['from'],
  })
  .refine((b) => !isDay(b.from) || !isDay(b.to) || b.to <= yearsAfter(b.from, BACKTEST_LIMITS.max_years), {
    message: `The range may span at most ${BACKTEST_LIMITS.max_years} years: choose a later from or an earlier to`,
    path: ['to'],
  })
  .refine((b) => typeof b.daily_amount !== 'number' || !(b.daily_amount > b.initial_capital), {
    message: 'daily_amount must not be more than initial_capital',
    path: ['daily_amount'],
  });
export type StartBacktestRequest = z.input<typeof StartBacktestRequest>;

export const BacktestStatus = z.enum(['running', 'done', 'failed']);
export type BacktestStatus = z.infer<typeof BacktestStatus>;

/** The figures a list shows for a finished run (all from its analytics). */
export const BacktestHeadline = z.object({
  final_value: Rupees,
  /** Time-weighted return over the range, percent. */
  total_return: Percent,
  annualized_return: Percent.nullable(),
  /** NIFTY 50's return over the same days, percent; null without its closes. */
  benchmark_return: Percent.nullable(),
  sharpe_ratio: Ratio.nullable(),
  /** Percent, <= 0. */
  max_drawdown: Percent,
  win_rate: Percent.min(0).max(100).nullable(),
  total_trades: z.number().int().min(0),
});
export type BacktestHeadline = z.infer<typeof BacktestHeadline>;

export const BacktestSummary = z.object({
  id: z.string(),
  name: z.string(),
  strategy: BacktestStrategy,
  from: z.iso.date(),
  to: z.iso.date(),
  initial_capital: Rupees,
  /** The day's spend: the amount asked for, or null for the default (2.5% of the account's value). */
  daily_amount: Rupees.nullable(),
  /** The simulated market's seed the run traded on; null on real (Upstox) history. */
  seed: z.number().int().nullable(),
  status: BacktestStatus,
  /** 0-1. */
  progress: Fraction.min(0).max(1),
  created_at: Timestamp,
  finished_at: Timestamp.nullable(),
  /** Why it failed, in a sentence; null otherwise. */
  error: z.string().nullable(),
  /** Null until it is done. */
  headline: BacktestHeadline.nullable(),
});
export type BacktestSummary = z.infer<typeof BacktestSummary>;

/** One trading day's close. */
export const BacktestDailyValue = z.object({
  date: z.iso.date(),
  /** Cash plus holdings at the close, rupees. */
  value: Rupees,
  /** The initial capital had it been in NIFTY 50 from the close before the first day; null without a close. */
  benchmark: Rupees.nullable(),
});
export type BacktestDailyValue = z.infer<typeof BacktestDailyValue>;

/**
 * How a position ended: at its target, at its stop (the stop is assumed hit first when a day's
 * range holds both), after its horizon of trading days, or still open on the last day (closed there).
 */
export const BacktestExitReason = z.enum(['target', 'stop', 'horizon', 'end']);
export type BacktestExitReason = z.infer<typeof BacktestExitReason>;

export const BacktestTrade = z.object({
  symbol: z.string(),
  strategy: z.string(),
  entry_date: z.iso.date(),
  entry_price: Rupees,
  exit_date: z.iso.date(),
  exit_price: Rupees,
  quantity: z.number().int().positive(),
  /** Charges of the entry and the exit, rupees. */
  charges: Rupees,
  /** After every charge, rupees. */
  net_pnl: Rupees,
  exit_reason: BacktestExitReason,
});
export type BacktestTrade = z.infer<typeof BacktestTrade>;

export const BacktestResult = z.object({
  daily: z.array(BacktestDailyValue),
  trades: z.array(BacktestTrade),
  /** The performance page's figures over the run's days (period 'all', period_start = from). */
  analytics: PerformanceAnalytics,
  /** The BUY signals the run acted on or passed over. */
  decisions: z.object({
    ordered: z.number().int().min(0),
    skipped: z.number().int().min(0),
    refused: z.number().int().min(0),
  }),
  /** Orders the paper engine's limits refused, by limit, with one example sentence each. */
  refusals: z.array(z.object({ limit: z.string(), count: z.number().int().min(1), example: z.string() })),
  /** What the run assumed and did, in sentences (universe, costs, limits, the stop-first rule). */
  notes: z.array(z.string()),
});
export type BacktestResult = z.infer<typeof BacktestResult>;

export const BacktestRun = BacktestSummary.extend({
  /** Null until it is done. */
  result: BacktestResult.nullable(),
});
export type BacktestRun = z.infer<typeof BacktestRun>;

export const BacktestStarted = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ id: z.string(), status: z.literal('running') }),
});
export type BacktestStarted = z.infer<typeof BacktestStarted>;

export const BacktestIdParams = z.object({
  id: z.string().trim().min(1, 'id is required').max(64, 'id may be at most 64 characters'),
});

const errors = { 400: ApiError, 401: ApiError, 503: ApiError } as const;

export const backtestsRoutes = {
  start: route({
    method: 'POST',
    path: '/api/backtests',
    access: 'session',
    tag: 'backtests',
    summary:
      'Start a backtest of a strategy or the allocator over a date range (202: it runs in the background)',
    body: StartBacktestRequest,
    // 202 Accepted: the run is under way; its progress is read from the list or the run.
    responses: { 200: BacktestStarted, 202: BacktestStarted, 409: ApiError, ...errors },
  }),
  list: route({
    method: 'GET',
    path: '/api/backtests',
    access: 'session',
    tag: 'backtests',
    summary: 'Backtest runs, newest first: parameters, status, progress and, when done, the headline figures',
    responses: { 200: z.object({ success: z.literal(true), data: z.array(BacktestSummary) }), ...errors },
    client: { pollingIntervalMs: BACKTEST_POLL_MS },
  }),
  get: route({
    method: 'GET',
    path: '/api/backtests/:id',
    access: 'session',
    tag: 'backtests',
    summary: 'One backtest run: parameters, progress and, when done, its daily values, trades and analytics',
    params: BacktestIdParams,
    responses: { 200: z.object({ success: z.literal(true), data: BacktestRun }), 404: ApiError, ...errors },
    client: { pollingIntervalMs: BACKTEST_POLL_MS },
  }),
  remove: route({
    method: 'DELETE',
    path: '/api/backtests/:id',
    access: 'session',
    tag: 'backtests',
    summary: 'Delete a backtest run (a running one is stopped first)',
    params: BacktestIdParams,
    responses: { 200: SuccessMessage, 404: ApiError, ...errors },
  }),
} as const;
