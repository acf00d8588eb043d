/**
 * Research and AI trading signals (specification part 1, sections 2-4 and 7-9).
 *
 * The original's 5-Year Trend Analysis panel was static text; here it is computed by the server
 * from stored month-end closes of the benchmark (NIFTY 50): the series itself, calendar-year
 * returns, CAGR and the maximum drawdown, so the page draws and states only real figures.
 */
import { z } from 'zod';
import { ApiError, Rupees, Timestamp } from './common';
import { DataSource } from './portfolio';
import { route } from './route';

export const MarketSentimentLabel = z.enum(['Bullish', 'Bearish', 'Neutral']);
export type MarketSentimentLabel = z.infer<typeof MarketSentimentLabel>;

/** Direction of the benchmark's medium-term trend. */
export const TrendDirection = z.enum(['Uptrend', 'Downtrend', 'Sideways']);
export type TrendDirection = z.infer<typeof TrendDirection>;

/** 'Unknown' while there is too little price history to measure volatility. */
export const VolatilityLevel = z.enum(['Low', 'Moderate', 'High', 'Unknown']);
export type VolatilityLevel = z.infer<typeof VolatilityLevel>;

export const TradingSignal = z.enum(['BUY', 'SELL', 'HOLD']);
export type TradingSignal = z.infer<typeof TradingSignal>;

export const SignalRisk = z.enum(['Low', 'Medium', 'High']);
export type SignalRisk = z.infer<typeof SignalRisk>;

/** One AI trading signal. */
export const ResearchRecommendation = z.object({
  symbol: z.string(),
  signal: TradingSignal,
  /** Model confidence, a fraction 0-1 (shown as a percent). */
  confidence: z.number().min(0).max(1),
  /** Target price in rupees. */
  target: Rupees,
  risk: SignalRisk,
  /** Why the model gives this signal, in a sentence. */
  reasoning: z.string().optional(),
});
export type ResearchRecommendation = z.infer<typeof ResearchRecommendation>;

/** A month-end close of the benchmark, `YYYY-MM`. */
export const MonthlyClose = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
  close: z.number().positive(),
});
export type MonthlyClose = z.infer<typeof MonthlyClose>;

/** Return of one calendar year, percent; `partial` for the running year (year to date). */
export const YearlyReturn = z.object({
  year: z.number().int(),
  return_pct: z.number(),
  partial: z.boolean(),
});
export type YearlyReturn = z.infer<typeof YearlyReturn>;

/** The 5-year trend of the benchmark, computed from stored closes (DOMAIN.md metric definitions). */
export const TrendAnalysis = z.object({
  /** Which index, for example 'NIFTY 50'. */
  index: z.string(),
  /** First and last month of the series, `YYYY-MM`. */
  from_month: z.string(),
  to_month: z.string(),
  /** Month-end closes, oldest first (up to 61 points for five years). */
  monthly_closes: z.array(MonthlyClose),
  yearly_returns: z.array(YearlyReturn),
  /** Change from the first to the last close, percent. */
  total_return_pct: z.number(),
  /** Compound annual growth rate over the series, percent. */
  cagr_pct: z.number(),
  /** Largest fall from a running peak of the month-end closes, percent (zero or negative). */
  max_drawdown_pct: z.number().max(0),
});
export type TrendAnalysis = z.infer<typeof TrendAnalysis>;

export const ResearchAnalysis = z.object({
  market_sentiment: MarketSentimentLabel,
  trend_direction: TrendDirection,
  volatility_level: VolatilityLevel,
  /** How many signals are actionable (BUY or SELL) right now. */
  opportunities: z.number().int().nonnegative(),
  recommendations: z.array(ResearchRecommendation),
  /** Null while the server holds less than a year of history for the benchmark. */
  trend_analysis: TrendAnalysis.nullable(),
  as_of: Timestamp,
  data_source: DataSource,
});
export type ResearchAnalysis = z.infer<typeof ResearchAnalysis>;

/** Automatic retries after a failed load: at most 3, first after 2 s, doubling (part 1, section 9). */
export const RESEARCH_MAX_RETRIES = 3;
export const RESEARCH_RETRY_BASE_DELAY_MS = 2_000;
/** The research page checks the server connection this often (part 1, section 9). */
export const RESEARCH_CONNECTION_CHECK_MS = 30_000;

export const researchRoutes = {
  analysis: route({
    method: 'GET',
    path: '/api/research/analysis',
    access: 'session',
    tag: 'research',
    summary: 'Market sentiment, volatility, the 5-year benchmark trend and AI trading signals',
    responses: {
      200: z.object({ success: z.literal(true), data: ResearchAnalysis }),
      401: ApiError,
      /** Answered, but no analysis is available yet (shown as 'Research data not available'). */
      404: ApiError,
      503: ApiError,
    },
  }),
} as const;
