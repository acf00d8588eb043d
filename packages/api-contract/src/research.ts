/**
 * Research and AI trading signals (specification part 1, sections 2-4 and 7-9).
 *
 * The original's 5-Year Trend Analysis panel was static text; here it is computed by the server
 * from stored month-end closes of the benchmark (NIFTY 50): the series itself, calendar-year
 * returns, CAGR and the maximum drawdown, so the page draws and states only real figures.
 */
import { z } from 'zod';
import { ApiError, Rupees, Timestamp, Percent, Points, Ratio } from './common';
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

/**
 * One trading signal: the best of the server's strategies for one NIFTY 50 stock (the most
 * confident BUY or SELL, else the most confident HOLD). Target and stop are ATR multiples from the
 * price the signal read. A BUY whose expected move does not clear the break-even after charges is
 * answered as HOLD, and its reasoning says so with both figures.
 */
/** One feature's part in a prediction: its value and its contribution to the win probability. */
export const FeatureContribution = z.object({
  /** The feature's name, e.g. 'rsi14' (ml/features.ts FEATURE_NAMES). */
  feature: z.string(),
  /** The feature's value for this stock today. */
  value: Ratio,
  /**
   * Its contribution: for `linear`, to the logistic model's log-odds (exact: coefficient × standard
   * score); for `local_surrogate`, the weighted linear fit's slope × standard score around this
   * stock's features (change in the ensemble's probability); for `permutation`, the ensemble's drop
   * in accuracy on recent outcomes when the feature is shuffled (global: the same for every stock).
   */
  contribution: Ratio,
});
export type FeatureContribution = z.infer<typeof FeatureContribution>;

/**
 * A model version's skill out of sample, measured on its walk-forward's held-out predictions when
 * it was trained: does it tell a winning signal from a losing one better than chance?
 */
export const ModelSkill = z.object({
  /**
   * Area under the ROC curve of the held-out predictions: the chance a winner was ranked above a
   * loser (0.5 a coin, 1 perfect); null when the held-out signals all won or all lost.
   */
  auc: Ratio.min(0).max(1).nullable(),
  /** The AUC above which the ranking is clearly better than chance (one-sided 5%); null with `auc`. */
  auc_needed: Ratio.min(0).max(1).nullable(),
  /**
   * 1 − Brier score / Brier score of always predicting the base rate, of the calibrated held-out
   * probabilities (above 0: better than the base rate); null when it could not be measured.
   */
  brier_skill: Ratio.max(1).nullable(),
  /** Share of the held-out signals that won, 0-1. */
  base_rate: Ratio.min(0).max(1),
  /** Held-out predictions measured. */
  samples: z.number().int().nonnegative(),
  /**
   * The AUC is clearly above chance and the Brier skill (where measured) above 0. Without skill the
   * allocator uses each strategy's own confidence, not the model's probability.
   */
  has_skill: z.boolean(),
});
export type ModelSkill = z.infer<typeof ModelSkill>;

/**
 * The ML ensemble's view of a BUY signal: the calibrated probability that the trade (entry at the
 * price, the strategy's target and stop, closed at its horizon) wins after charges, the model
 * version, its skill, whether it can tell this signal from the day's others, and the features that
 * drove it by three methods, largest first (at most 5 each).
 */
export const SignalPrediction = z.object({
  /** Calibrated probability of a win after charges, strictly between 0 and 1. */
  probability: Ratio.gt(0).lt(1),
  /** The ensemble's probability before calibration, 0-1. */
  raw_probability: Ratio.min(0).max(1),
  /** e.g. 'v7'. */
  model_version: z.string(),
  skill: ModelSkill,
  /**
   * Why the model cannot tell this signal apart from others, in a sentence: the model has no skill
   * out of sample, or its calibration gives many of the day's signals the same probability. Null
   * when it can.
   */
  cannot_tell_apart: z.string().nullable(),
  explanation: z.object({
    linear: z.array(FeatureContribution),
    local_surrogate: z.array(FeatureContribution),
    permutation: z.array(FeatureContribution),
  }),
});
export type SignalPrediction = z.infer<typeof SignalPrediction>;

export const ResearchRecommendation = z.object({
  symbol: z.string(),
  signal: TradingSignal,
  /** Model confidence, a fraction 0-1 (shown as a percent). */
  confidence: Ratio.min(0).max(1),
  /** Target price in rupees. */
  target: Rupees,
  risk: SignalRisk,
  /** Why the model gives this signal, in a sentence. */
  reasoning: z.string().optional(),
  /** The strategy that gave the signal, as shown: 'Trend following', 'Mean reversion', 'Breakout'. */
  strategy: z.string(),
  /** Stop-loss price in rupees (below the price for a BUY or HOLD, above it for a SELL). */
  stop: Rupees,
  /** (target − price) / price × 100: negative for a SELL. */
  expected_move_pct: Percent,
  /**
   * The move a round trip needs to pay its Indian charges (delivery buy and sell, with the DP
   * charge, at the analysis's `intended_value`), percent of the value.
   */
  break_even_pct: Percent.nonnegative(),
  /** Trading days the strategy gives the trade before it is closed at the market. */
  horizon_days: z.number().int().positive(),
  /** The ML ensemble's prediction for a BUY; null for SELL and HOLD, or while no model is trained. */
  ml: SignalPrediction.nullable(),
});
export type ResearchRecommendation = z.infer<typeof ResearchRecommendation>;

/** A month-end close of the benchmark, `YYYY-MM`. */
export const MonthlyClose = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
  close: Points.positive(),
});
export type MonthlyClose = z.infer<typeof MonthlyClose>;

/** Return of one calendar year, percent; `partial` for the running year (year to date). */
export const YearlyReturn = z.object({
  year: z.number().int(),
  return_pct: Percent,
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
  total_return_pct: Percent,
  /** Compound annual growth rate over the series, percent. */
  cagr_pct: Percent,
  /** Largest fall from a running peak of the month-end closes, percent (zero or negative). */
  max_drawdown_pct: Percent.max(0),
});
export type TrendAnalysis = z.infer<typeof TrendAnalysis>;

/**
 * Volatility bands of NIFTY 50's realised volatility (annualised sample standard deviation of the
 * last 20 daily log returns): Low below 12%, Moderate from 12% to 20%, High above 20%.
 */
export const VOLATILITY_LEVEL_BANDS = { moderate: 0.12, high: 0.2 } as const;

/**
 * The research analysis of the NIFTY 50 stocks, from daily candles up to the last completed
 * trading day and today's prices.
 *
 * - market_sentiment: a score of three terms, each -1..1: breadth (share of the stocks above their
 *   50-day average, 2 × share − 1), the day's advancers less decliners over both, and the NIFTY 50
 *   trend (+1 Uptrend, −1 Downtrend, 0 Sideways). Bullish at a score of 1 or more, Bearish at −1
 *   or less, else Neutral.
 * - trend_direction: NIFTY 50 against its 50- and 200-day averages: Uptrend when its level is above
 *   the 50-day average and that above the 200-day; Downtrend for both below; else Sideways
 *   (also while there is less than 200 days of history).
 * - volatility_level: VOLATILITY_LEVEL_BANDS of NIFTY 50's 20-day realised volatility.
 */
export const ResearchAnalysis = z.object({
  market_sentiment: MarketSentimentLabel,
  trend_direction: TrendDirection,
  volatility_level: VolatilityLevel,
  /** NIFTY 50's 20-day realised volatility, annualised percent (18.5 = 18.5%); null while unknown. */
  realised_volatility_pct: Percent.nonnegative().nullable(),
  /** Share of the analysed stocks whose price is above their 50-day average, 0-1. */
  breadth: Ratio.min(0).max(1),
  /** Stocks up and down on the day (against the previous close). */
  advancers: z.number().int().nonnegative(),
  decliners: z.number().int().nonnegative(),
  /** Rupees each signal's break-even is computed at (the intended size of one trade). */
  intended_value: Rupees,
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
      /**
       * Not connected. When the research service runs but its market data does not answer, the
       * body also carries `data_source` ('simulated' or 'upstox'), so the page names the data
       * source only when it is the one at fault; without it, the research service itself is not
       * running.
       */
      503: ApiError,
    },
  }),
} as const;
