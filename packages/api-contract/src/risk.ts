/**
 * Risk management (specification part 1 sections 3, 7 and 8; part 2 sections 2-4 and 9; metric
 * definitions in DOMAIN.md).
 *
 * Units: amounts are rupees; `*_ratio`, scores and shares are plain numbers; fields documented as
 * "fraction" are 0-1 (0.1 = 10%); fields documented as "percent" are percent (1.5 = 1.5%).
 * The specification names the metrics twice (part 1 snake_case, part 2 camelCase); this contract
 * has ONE snake_case shape covering both.
 */
import { z } from 'zod';
import { ApiError, ruleNumber, Rupees, Timestamp, Fraction, Percent, Ratio, asEntered } from './common';
import type { NumberRule } from './fieldRules';
import { route } from './route';
import { DEFAULT_PAPER_LIMITS, PAPER_LIMIT_RULES, TradingMode } from './trading';

/** Every risk GET is polled this often while a page shows it (part 1, section 9). */
export const RISK_POLLING_MS = 30_000;
/** Window of the drawdown and return statistics, trading days (part 2, section 9: "30-day period"). */
export const RISK_WINDOW_DAYS = 30;
/** VaR confidence (historical, one day). */
export const VAR_CONFIDENCE = 0.95;
/** Market (NIFTY) drops of the three stress scenarios, fractions: scenario_1, scenario_2, scenario_3. */
export const STRESS_TEST_DROPS = [0.1, 0.2, 0.3] as const;
/** ML risk score bands (part 2, section 9): under `low` green, under `high` yellow, else red. */
export const ML_RISK_SCORE_BANDS = { low: 0.3, high: 0.7 } as const;

export const RiskLevel = z.enum(['low', 'medium', 'high']);
export type RiskLevel = z.infer<typeof RiskLevel>;

/** 0-1 score (ML risk, diversification, liquidity). */
const Score = Ratio.min(0).max(1);

/**
 * The portfolio's risk metrics, computed from stored end-of-day values (DOMAIN.md). A statistic
 * is null while there is not enough history to compute it honestly (never a stand-in figure).
 */
export const RiskMetrics = z.object({
  /** Drawdown at the latest day: V_t / peak - 1, a fraction <= 0 (-0.05 = 5% below the peak). */
  current_drawdown: Fraction.max(0).nullable(),
  /** Worst (most negative) drawdown over the window, fraction <= 0. */
  max_drawdown: Fraction.max(0).nullable(),
  /** Annualised Sharpe ratio of daily returns over the window (rf per the server's setting). */
  sharpe_ratio: Ratio.nullable(),
  /** Historical one-day VaR at 95%, rupees (a positive amount that could be lost). */
  var_95: Rupees.nonnegative().nullable(),
  /** Beta of daily returns to NIFTY 50 over the window. */
  beta: Ratio.nullable(),
  /** Return of the portfolio over the window, percent. */
  portfolio_return: Percent.nullable(),
  /** Winning closed trades / losing closed trades (after costs); null without a losing trade. */
  win_loss_ratio: Ratio.nonnegative().nullable(),
  winning_trades: z.number().int().nonnegative(),
  losing_trades: z.number().int().nonnegative(),
  /** Cash plus holdings at current prices. */
  portfolio_value: Rupees,
  /** Annualised volatility of daily returns, fraction (0.18 = 18%). */
  volatility: Fraction.nonnegative().nullable(),
  /** ML model's overall risk score, 0 (calm) to 1 (very risky). */
  ml_risk_score: Score,
  risk_level: RiskLevel,
  /** 0 (one position) to 1 (well spread). */
  diversification_score: Score,
  /**
   * Portfolio value after a NIFTY drop of 10% / 20% / 30% (STRESS_TEST_DROPS), each position
   * falling by the drop times its own beta; cash unchanged.
   */
  stress_test: z.object({ scenario_1: Rupees, scenario_2: Rupees, scenario_3: Rupees }),
  /** Trading days in the statistics window (RISK_WINDOW_DAYS) and days of history actually used. */
  window_days: z.number().int().positive(),
  history_days: z.number().int().nonnegative(),
  as_of: Timestamp,
});
export type RiskMetrics = z.infer<typeof RiskMetrics>;

export const PositionRecommendation = z.enum(['hold', 'reduce', 'exit']);
export type PositionRecommendation = z.infer<typeof PositionRecommendation>;

/** Risk of one open position. */
export const RiskPosition = z.object({
  symbol: z.string(),
  /** The stock's sector (exposure by sector); null when the instrument list does not say. */
  sector: z.string().nullable(),
  risk_level: RiskLevel,
  /** Exposure: quantity times current price, rupees. */
  position_value: Rupees,
  /** Suggested stop-loss price per share, rupees. */
  stop_loss_suggestion: Rupees,
  /** What is lost if the suggested stop-loss is hit: quantity times (current price - stop), rupees. */
  risk_amount: Rupees,
  /**
   * The stop-loss order resting for this position now (the nearest one when several do), read
   * from the open orders; null when none protects it.
   */
  resting_stop: z
    .object({
      order_id: z.string(),
      order_type: z.enum(['SL', 'SL-M']),
      trigger_price: Rupees,
      /** Shares it would sell (or buy back, for a short). */
      quantity: z.number().int().positive(),
      /** What is lost if it triggers at its trigger: its shares times (current price - trigger), rupees. */
      risk_amount: Rupees,
    })
    .nullable(),
  /** The holding's P&L at the last price after its entry charges (Holding.total_returns). */
  unrealized_pnl: Rupees,
  /** Annualised volatility of the stock's daily returns, fraction; null without history. */
  price_volatility: Fraction.nonnegative().nullable(),
  ml_risk_score: Score,
  /** Share of the portfolio value in this position, fraction. */
  concentration_risk: Score,
  /** 0 (hard to exit) to 1 (very liquid). */
  liquidity_score: Score,
  /** The model's advice; 'hold' when it has no view (the specification's default, HOLD). */
  recommendation: PositionRecommendation,
  /** Price target per share, rupees; null when the model has none. */
  target_price: Rupees.nullable(),
});
export type RiskPosition = z.infer<typeof RiskPosition>;

export const AlertSeverity = z.enum(['high', 'medium', 'low']);
/** Display type (part 2: warning, info, anything else shown as success). */
export const AlertType = z.enum(['warning', 'info', 'success']);

export const RiskAlert = z.object({
  id: z.string(),
  severity: AlertSeverity,
  type: AlertType,
  message: z.string(),
  timestamp: Timestamp,
  /** The operator must act on it now (never once it is resolved). */
  action_required: z.boolean(),
  suggested_action: z.string().nullable(),
  /**
   * When the condition it was about ended, who or what ended it ('system: …' or the operator) and
   * how, in a sentence; null while it stands.
   */
  resolved: z.object({ at: Timestamp, by: z.string(), how: z.string() }).nullable(),
});
export type RiskAlert = z.infer<typeof RiskAlert>;

/**
 * The field rules of the editable limits (fieldRules.ts): amounts are positive rupees; shares are
 * typed as percents above 0 and at most 100 and carried as fractions (0.2 = 20%), as the
 * specification's fields are.
 */
const positiveRupees = (label: string): NumberRule => ({
  label,
  unit: 'rupees',
  min: 0,
  aboveMin: true,
  step: 1000,
});
/** One limit with the paper account's (the engine keeps one value): whole rupees, as the paper limit's rule. */
const paperRupees = (rule: NumberRule, label: string): NumberRule => ({ ...rule, label });
const share = (label: string, of: string): NumberRule => ({
  label,
  unit: 'percent',
  of,
  wire: 'fraction',
  min: 0,
  aboveMin: true,
  max: 100,
  step: 1,
});

export const RISK_LIMIT_RULES = {
  max_position_size: paperRupees(PAPER_LIMIT_RULES.max_position_size, 'Max position size'),
  max_single_stock: share('Max single stock', 'of the portfolio'),
  max_sector_exposure: share('Max sector exposure', 'of the portfolio'),
  min_diversification: {
    label: 'Min diversification',
    unit: 'count',
    of: 'positions',
    min: 1,
    max: 100,
    step: 1,
  },
  daily_loss_limit: paperRupees(PAPER_LIMIT_RULES.max_daily_loss, 'Daily loss limit'),
  weekly_loss_limit: positiveRupees('Weekly loss limit'),
  monthly_loss_limit: positiveRupees('Monthly loss limit'),
  max_drawdown_limit: share('Max drawdown limit', 'of the peak value'),
} as const satisfies Record<string, NumberRule>;

/** The operator's editable position limits. */
export const PositionLimits = asEntered(
  z.object({
    /** Largest single position, rupees. */
    max_position_size: ruleNumber(RISK_LIMIT_RULES.max_position_size),
    /** Largest share of the portfolio in one stock, fraction. */
    max_single_stock: ruleNumber(RISK_LIMIT_RULES.max_single_stock),
    /** Largest share of the portfolio in one sector, fraction. */
    max_sector_exposure: ruleNumber(RISK_LIMIT_RULES.max_sector_exposure),
    /** Fewest open positions for a diversified portfolio (a count). */
    min_diversification: ruleNumber(RISK_LIMIT_RULES.min_diversification),
  }),
);
export type PositionLimits = z.infer<typeof PositionLimits>;

/** The operator's editable loss limits. */
export const LossLimits = asEntered(
  z.object({
    daily_loss_limit: ruleNumber(RISK_LIMIT_RULES.daily_loss_limit),
    weekly_loss_limit: ruleNumber(RISK_LIMIT_RULES.weekly_loss_limit),
    monthly_loss_limit: ruleNumber(RISK_LIMIT_RULES.monthly_loss_limit),
    /** Deepest drawdown allowed, fraction of the peak (0.15 = 15%). */
    max_drawdown_limit: ruleNumber(RISK_LIMIT_RULES.max_drawdown_limit),
  }),
);
export type LossLimits = z.infer<typeof LossLimits>;

export const MarketRegime = z.enum(['bullish', 'bearish', 'sideways', 'volatile']);

/** What the risk model suggests now; computed by the server, not editable. */
export const MlRiskRecommendations = z.object({
  current_risk_score: Score,
  /** Share of capital to keep in cash, fraction. */
  recommended_cash_allocation: Score,
  market_regime: MarketRegime,
  /** Suggested size of a new position, fraction of portfolio value. */
  suggested_position_sizing: Score,
  next_review_date: Timestamp,
});

export const RiskLimits = z.object({
  position_limits: PositionLimits,
  loss_limits: LossLimits,
  ml_recommendations: MlRiskRecommendations,
  current_status: z.object({
    portfolio_health: z.enum(['good', 'warning', 'critical']),
    /** Limits currently breached or close to it, as sentences. */
    warnings: z.array(z.string()),
  }),
  updated_at: Timestamp,
});
export type RiskLimits = z.infer<typeof RiskLimits>;

/** The editable part of the limits; the loss limits must widen from day to week to month. */
export const RiskLimitsUpdate = z
  .object({ position_limits: PositionLimits, loss_limits: LossLimits })
  .superRefine(({ loss_limits: l }, ctx) => {
    if (l.weekly_loss_limit < l.daily_loss_limit) {
      ctx.addIssue({
        code: 'custom',
        path: ['loss_limits', 'weekly_loss_limit'],
        message: 'Weekly loss limit must be at least the daily loss limit.',
      });
    }
    if (l.monthly_loss_limit < l.weekly_loss_limit) {
      ctx.addIssue({
        code: 'custom',
        path: ['loss_limits', 'monthly_loss_limit'],
        message: 'Monthly loss limit must be at least the weekly loss limit.',
      });
    }
  });
export type RiskLimitsUpdate = z.infer<typeof RiskLimitsUpdate>;

/**
 * The limits in force until the operator saves their own: the single-position size agrees with the
 * paper account's enforced `max_position_size` (DEFAULT_PAPER_LIMITS), the daily loss with its
 * `max_daily_loss`; the rest are common retail risk budgets (a fifth of the book in one stock, two
 * fifths in one sector, at least five positions, a 15% drawdown).
 */
export const DEFAULT_RISK_LIMITS: RiskLimitsUpdate = {
  position_limits: {
    max_position_size: DEFAULT_PAPER_LIMITS.max_position_size,
    max_single_stock: 0.2,
    max_sector_exposure: 0.4,
    min_diversification: 5,
  },
  loss_limits: {
    daily_loss_limit: DEFAULT_PAPER_LIMITS.max_daily_loss,
    weekly_loss_limit: 2 * DEFAULT_PAPER_LIMITS.max_daily_loss,
    monthly_loss_limit: 4 * DEFAULT_PAPER_LIMITS.max_daily_loss,
    max_drawdown_limit: 0.15,
  },
};

/** Which risk alerts the server raises. Stored on the server; defaults below until first saved. */
const onOff = (label: string) => z.boolean({ error: `${label} must be true (on) or false (off).` });
export const AlertSettings = z.object({
  stop_loss: onOff('Stop loss alerts'),
  daily_loss: onOff('Daily loss alerts'),
  high_volatility: onOff('High volatility alerts'),
  position_correlation: onOff('Position correlation alerts'),
});
export type AlertSettings = z.infer<typeof AlertSettings>;

/** Part 2, section 2: stop loss, daily loss and high volatility on; position correlation off. */
export const DEFAULT_ALERT_SETTINGS: AlertSettings = {
  stop_loss: true,
  daily_loss: true,
  high_volatility: true,
  position_correlation: false,
};

export const ALERT_SETTING_LABELS: Record<keyof AlertSettings, string> = {
  stop_loss: 'Stop loss alerts',
  daily_loss: 'Daily loss limit alerts',
  high_volatility: 'High volatility alerts',
  position_correlation: 'Position correlation alerts',
};

/** Why the operator stops everything: said on the halt, kept with who and when. */
const StopReason = z
  .string({ error: 'Say why you are stopping (3 to 500 characters).' })
  .trim()
  .min(3, 'Say why you are stopping (3 to 500 characters).')
  .max(500, 'Say why you are stopping (3 to 500 characters).');

/**
 * The body must say `confirm: true`: a stray call never stops trading. `square_off` also closes
 * every open position with a market order (off: positions stay, only order entry halts).
 */
export const EmergencyStopRequest = z.object({
  confirm: z.literal(true, { error: 'Emergency stop needs confirm: true.' }),
  square_off: z.boolean({ error: 'square_off must be true or false.' }).default(false),
  reason: StopReason,
});
export type EmergencyStopRequest = z.input<typeof EmergencyStopRequest>;

/** Lifting the halt is a second confirmed action. */
export const LiftEmergencyStopRequest = z.object({
  confirm: z.literal(true, { error: 'Lifting the emergency stop needs confirm: true.' }),
});

/** The emergency stop in force: who stopped trading, when and why. Null fields while not halted. */
export const TradingHalt = z.object({
  halted_at: Timestamp,
  halted_by: z.string(),
  reason: z.string(),
  square_off: z.boolean(),
});
export type TradingHalt = z.infer<typeof TradingHalt>;

/**
 * Whether new positions may be opened: `normal`; `reducing` while a loss or drawdown limit is
 * crossed (only orders that reduce a position are accepted, each reason a sentence); `halted` after
 * Emergency Stop All until it is lifted (only closing orders). Halted wins over reducing.
 */
export const TradingState = z.object({
  state: z.enum(['normal', 'reducing', 'halted']),
  /** Sentences: each loss limit crossed, or the halt. Empty when normal. */
  reasons: z.array(z.string()),
  halt: TradingHalt.nullable(),
  as_of: Timestamp,
});
export type TradingState = z.infer<typeof TradingState>;

/** What the emergency stop did, in the trading mode it ran in. */
export const EmergencyStopResult = z.object({
  trading_mode: TradingMode,
  /** Open orders cancelled: those that could open or grow a position (every one with square_off). */
  cancelled_orders: z.number().int().nonnegative(),
  /**
   * Open orders kept because they only reduce a position (its resting stop-loss or target): they
   * protect it while trading is halted and after the stop is lifted. 0 with square_off.
   */
  kept_protective_orders: z.number().int().nonnegative(),
  /** Positions closed with a market order (empty unless square_off was asked). */
  squared_off: z.array(z.object({ symbol: z.string(), quantity: z.number().int(), order_id: z.string() })),
  /** Orders or positions that could not be cancelled or closed, with the reason. */
  failures: z.array(z.object({ symbol: z.string(), reason: z.string() })),
  halt: TradingHalt,
  executed_at: Timestamp,
});
export type EmergencyStopResult = z.infer<typeof EmergencyStopResult>;

const ok = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });
const okWithMessage = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), message: z.string(), data });

const errors = { 400: ApiError, 401: ApiError, 503: ApiError } as const;
const polled = { pollingIntervalMs: RISK_POLLING_MS } as const;

export const riskRoutes = {
  metrics: route({
    method: 'GET',
    path: '/api/risk/metrics',
    access: 'session',
    tag: 'risk',
    summary: 'Drawdown, Sharpe, VaR, beta, volatility, ML risk score and stress test of the portfolio',
    responses: { 200: ok(RiskMetrics), ...errors },
    client: polled,
  }),
  positions: route({
    method: 'GET',
    path: '/api/risk/positions',
    access: 'session',
    tag: 'risk',
    summary: 'Risk of each open position: level, exposure, stop loss, risk amount, recommendation',
    responses: { 200: ok(z.array(RiskPosition)), ...errors },
    client: polled,
  }),
  alerts: route({
    method: 'GET',
    path: '/api/risk/alerts',
    access: 'session',
    tag: 'risk',
    summary: 'Active (not dismissed) risk alerts, newest first',
    responses: { 200: ok(z.array(RiskAlert)), ...errors },
    client: polled,
  }),
  dismissAlert: route({
    method: 'POST',
    path: '/api/risk/alerts/:id/dismiss',
    access: 'session',
    tag: 'risk',
    summary: 'Dismiss one alert (it stays dismissed)',
    params: z.object({ id: z.string().min(1) }),
    responses: { 200: z.object({ success: z.literal(true), message: z.string() }), 404: ApiError, ...errors },
  }),
  clearAlerts: route({
    method: 'POST',
    path: '/api/risk/alerts/clear',
    access: 'session',
    tag: 'risk',
    summary: 'Dismiss every active alert',
    responses: { 200: okWithMessage(z.object({ cleared: z.number().int().nonnegative() })), ...errors },
  }),
  limits: route({
    method: 'GET',
    path: '/api/risk/limits',
    access: 'session',
    tag: 'risk',
    summary: 'Position and loss limits, ML recommendations and current status',
    responses: { 200: ok(RiskLimits), ...errors },
    client: polled,
  }),
  updateLimits: route({
    method: 'POST',
    path: '/api/risk/limits',
    access: 'session',
    tag: 'risk',
    summary: "Change the operator's position and loss limits",
    body: RiskLimitsUpdate,
    responses: { 200: okWithMessage(RiskLimits), ...errors },
  }),
  alertSettings: route({
    method: 'GET',
    path: '/api/risk/alert-settings',
    access: 'session',
    tag: 'risk',
    summary: 'Which risk alerts are raised (DEFAULT_ALERT_SETTINGS until first saved)',
    responses: { 200: ok(AlertSettings), ...errors },
    client: polled,
  }),
  saveAlertSettings: route({
    method: 'POST',
    path: '/api/risk/alert-settings',
    access: 'session',
    tag: 'risk',
    summary: 'Save which risk alerts are raised',
    body: AlertSettings,
    responses: { 200: okWithMessage(AlertSettings), ...errors },
  }),
  tradingState: route({
    method: 'GET',
    path: '/api/risk/trading-state',
    access: 'session',
    tag: 'risk',
    summary: 'Whether orders may open positions: normal, reducing (a loss limit crossed) or halted',
    responses: { 200: ok(TradingState), ...errors },
    client: polled,
  }),
  emergencyStop: route({
    method: 'POST',
    path: '/api/risk/emergency-stop',
    access: 'session',
    tag: 'risk',
    summary:
      'Halt order entry (closing orders only), cancel every open order that could open or grow a position (stop-losses and targets of open positions are kept) and optionally square off every position with its orders',
    body: EmergencyStopRequest,
    responses: { 200: okWithMessage(EmergencyStopResult), 409: ApiError, 502: ApiError, ...errors },
  }),
  liftEmergencyStop: route({
    method: 'POST',
    path: '/api/risk/emergency-stop/lift',
    access: 'session',
    tag: 'risk',
    summary: 'Lift the emergency stop: orders may open positions again',
    body: LiftEmergencyStopRequest,
    responses: { 200: okWithMessage(TradingState), 409: ApiError, ...errors },
  }),
} as const;
