/**
 * Daily investment allocation (specification part 1, sections 2, 3, 5, 7-9): how much of the
 * capital the system may put to work each day, by strategy or by the AI's recommendation.
 * Percentages are percent of total capital (2.5 means 2.5%); amounts are rupees.
 */
import { z } from 'zod';
import {
  ApiError,
  RupeeAmount,
  ruleNumber,
  Rupees,
  Timestamp,
  asEntered,
  Fraction,
  Percent,
  Ratio,
} from './common';
import type { NumberRule } from './fieldRules';
import { route } from './route';

export const AllocationStrategy = z.enum(['conservative', 'moderate', 'aggressive', 'ai_optimized']);
export type AllocationStrategy = z.infer<typeof AllocationStrategy>;

export const ALLOCATION_STRATEGIES = AllocationStrategy.options;

export const ALLOCATION_STRATEGY_LABELS: Record<AllocationStrategy, string> = {
  conservative: 'Conservative',
  moderate: 'Moderate',
  aggressive: 'Aggressive',
  ai_optimized: 'AI Optimized',
};

/** Default daily percentage of each strategy; AI Optimized is dynamic (the AI's recommendation). */
export const DEFAULT_STRATEGY_PERCENTAGES: Record<AllocationStrategy, number | 'dynamic'> = {
  conservative: 1.5,
  moderate: 2.5,
  aggressive: 4.0,
  ai_optimized: 'dynamic',
};

/** Manual allocation percent input: 0.5 to 6.0 in steps of 0.1. */
export const MANUAL_ALLOCATION_PCT = { min: 0.5, max: 6.0, step: 0.1 } as const;

/** Direct daily amount input: at least ₹1,000, in steps of ₹1,000. */
export const DAILY_AMOUNT_LIMITS = { min: 1_000, step: 1_000 } as const;

/** Daily risk budget choices, percent. */
export const DAILY_RISK_BUDGET_CHOICES = [0.5, 1.0, 1.5, 2.0, 2.5] as const;

/** Defaults of a fresh install: moderate strategy, AI enabled, 1.5% daily risk budget. */
export const DEFAULT_ALLOCATION_SETTINGS = {
  allocation_strategy: 'moderate',
  ai_enabled: true,
  daily_risk_budget: 1.5,
} as const satisfies {
  allocation_strategy: AllocationStrategy;
  ai_enabled: boolean;
  daily_risk_budget: number;
};

/** The allocation limits the page shows: default 2.5%, minimum 1.0%, maximum 4.0%. */
export const ALLOCATION_LIMITS = { default_pct: 2.5, min_pct: 1.0, max_pct: 4.0 } as const;

/** The save confirmation disappears after this long. */
export const SAVE_CONFIRMATION_MS = 3_000;

/** The field rule of the manual percentage (fieldRules.ts): 0.5 to 6.0 percent of total capital, in steps of 0.1. */
export const MANUAL_ALLOCATION_RULE = {
  label: 'Manual allocation',
  unit: 'percent',
  of: 'of total capital',
  min: MANUAL_ALLOCATION_PCT.min,
  max: MANUAL_ALLOCATION_PCT.max,
  step: MANUAL_ALLOCATION_PCT.step,
  stepped: true,
} as const satisfies NumberRule;

export const ManualAllocationPct = ruleNumber(MANUAL_ALLOCATION_RULE);

export const DailyRiskBudget = z.literal(DAILY_RISK_BUDGET_CHOICES, {
  error: 'Daily risk budget must be 0.5, 1.0, 1.5, 2.0 or 2.5 percent',
});
export type DailyRiskBudget = z.infer<typeof DailyRiskBudget>;

/** The field rule of a direct daily amount: whole thousands of rupees, at least ₹1,000. */
export const DAILY_AMOUNT_RULE = {
  label: 'Daily amount',
  unit: 'rupees',
  min: DAILY_AMOUNT_LIMITS.min,
  integer: true,
  step: DAILY_AMOUNT_LIMITS.step,
  stepped: true,
} as const satisfies NumberRule;

export const DailyAmount = ruleNumber(DAILY_AMOUNT_RULE);

export const AllocationSettings = z.object({
  allocation_strategy: AllocationStrategy,
  /** The AI may adjust the day's allocation (and AI Optimized uses its recommendation). */
  ai_enabled: z.boolean(),
  /** The operator's own percentage when the AI is off. */
  manual_allocation_pct: ManualAllocationPct,
  /** Rupees to allocate today under these settings. */
  daily_amount: RupeeAmount.nonnegative(),
  daily_risk_budget: DailyRiskBudget,
  /** The account figures the amounts derive from; read-only (the server ignores them on save). */
  total_capital: RupeeAmount,
  portfolio_value: RupeeAmount,
  available_cash: RupeeAmount,
});
export type AllocationSettings = z.infer<typeof AllocationSettings>;

/**
 * The settings as the server answers them: the operator's choices as entered, and the figures it
 * works out (the day's amount, the account's figures) rounded to the paisa.
 */
export const AllocationSettingsAnswer = AllocationSettings.extend({
  manual_allocation_pct: asEntered(ManualAllocationPct),
  daily_amount: Rupees.nonnegative(),
  total_capital: Rupees,
  portfolio_value: Rupees,
  available_cash: Rupees,
});

/** One strategy's daily figures; null while AI Optimized has no recommendation yet. */
export const StrategyAllocation = z.object({
  percentage: Percent.nullable(),
  amount: Rupees.nullable(),
});
export type StrategyAllocation = z.infer<typeof StrategyAllocation>;

/**
 * Where the day's amount comes from, worked out once by the server with the amount and shown the
 * same wherever the page shows the amount: the operator's manual percentage (AI-assisted allocation
 * off, or AI Optimized without a recommendation), the chosen strategy's percentage, the AI's
 * recommendation of the day (AI Optimized), or an amount set directly.
 */
export const DailyAmountSource = z.object({
  kind: z.enum(['manual', 'strategy', 'ai', 'direct']),
  /** The percentage of total capital the amount is from; null for an amount set directly. */
  percentage: Percent.nullable(),
  /** The strategy whose percentage applies; null when none does (manual, direct). */
  strategy: AllocationStrategy.nullable(),
  /** 'Manual 3.2% of ₹10,00,000', 'Moderate strategy: 2.5% of ₹10,00,000', 'Set directly'. */
  label: z.string(),
  /** Why this source applies today, in a sentence (and how a percentage's amount was rounded). */
  reason: z.string(),
});
export type DailyAmountSource = z.infer<typeof DailyAmountSource>;

export const DailyAmountData = z.object({
  /**
   * Rupees to allocate today: whole steps of ₹1,000 (DAILY_AMOUNT_LIMITS.step, as an amount set
   * directly must be; a percentage's amount is rounded down to them).
   */
  daily_amount: Rupees.nonnegative(),
  source: DailyAmountSource,
  all_strategies: z.record(AllocationStrategy, StrategyAllocation),
});
export type DailyAmountData = z.infer<typeof DailyAmountData>;

export const AiAllocationRecommendation = z.object({
  allocation_amount: Rupees.nonnegative(),
  allocation_pct: Percent.nonnegative(),
  /** Fraction 0-1. */
  confidence: Fraction.min(0).max(1),
  risk_assessment: z.enum(['Low', 'Medium', 'High']),
  reasoning: z.array(z.string()),
  /** How many trade opportunities the AI expects today. */
  expected_opportunities: z.number().int().nonnegative(),
  as_of: Timestamp,
});
export type AiAllocationRecommendation = z.infer<typeof AiAllocationRecommendation>;

// ---------------------------------------------------------------------------------------------
// Automated execution: once each trading day the allocator spends the day's amount across the best
// signals, through the broker of the current mode, with a stop and a target on every entry.
// ---------------------------------------------------------------------------------------------

/** The automation's default run time, IST: shortly after the 09:15 open, once the first prices settle. */
export const DEFAULT_AUTOMATION_RUN_TIME = '09:30';

/**
 * A run time, HH:MM IST. Which times the server takes depends on its session (RunTimeWindow): the
 * status says, and the server refuses a time outside it with `runTimeProblem`'s sentence.
 */
export const AutomationRunTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Run time must be HH:MM (24-hour, IST)');

/**
 * The run times the server's session allows, HH:MM IST: from `from`, and before `before` (null: to
 * the end of the day). On NSE's session, between the 09:15 open and the 15:20 square-off; while the
 * simulated market keeps its session open at all hours (NIVESH_SIM_ALWAYS_OPEN), any time.
 */
export const RunTimeWindow = z.object({
  from: z.string(),
  before: z.string().nullable(),
  /** Which session the window follows, in a sentence for the operator. */
  note: z.string(),
});
export type RunTimeWindow = z.infer<typeof RunTimeWindow>;

/** Why a run time is refused on this window (format first), or null when it is taken. */
export function runTimeProblem(time: string, window: RunTimeWindow): string | null {
  const format = AutomationRunTime.safeParse(time);
  if (!format.success) return format.error.issues[0]?.message ?? 'Run time must be HH:MM (24-hour, IST)';
  if (time < window.from || (window.before !== null && time >= window.before)) {
    return window.before === null
      ? `Run time must be ${window.from} or later (IST)`
      : `Run time must be between ${window.from} and ${window.before} IST`;
  }
  return null;
}

export const AutomationRunStatus = z.enum(['running', 'done', 'skipped', 'failed']);
export type AutomationRunStatus = z.infer<typeof AutomationRunStatus>;

/** One day's automated allocation run: what it could spend, what it did and why. */
export const AutomationRun = z.object({
  trading_day: z.string(),
  account: z.enum(['paper', 'live']),
  started_at: Timestamp,
  finished_at: Timestamp.nullable(),
  status: AutomationRunStatus,
  /** The day's amount the run could spend. */
  amount: Rupees.nonnegative(),
  /** What its filled entries cost, charges included. */
  spent: Rupees.nonnegative(),
  orders_placed: z.number().int().nonnegative(),
  /** What it did and why, in sentences with the figures. */
  lines: z.array(z.string()),
});
export type AutomationRun = z.infer<typeof AutomationRun>;

export const AutomationStatus = z.object({
  /** On: the allocator runs each trading day and manages its exits. Off: paused (nothing automated). */
  enabled: z.boolean(),
  run_time: z.string(),
  /** The account automated orders go to: the current trading mode's. */
  account: z.enum(['paper', 'live']),
  /** When the next run is due; null while paused. */
  next_run_at: Timestamp.nullable(),
  last_run: AutomationRun.nullable(),
  /** Automated positions still open. */
  open_positions: z.number().int().nonnegative(),
  /** Of those, the ones a stop-loss order rests for now (read from the open orders). */
  protected_positions: z.number().int().nonnegative(),
  /** Why new automated entries are held back right now (circuit breakers, a halt); empty when clear. */
  blocked_by: z.array(z.string()),
  /** The run times this server's session allows. */
  run_time_window: RunTimeWindow,
});
export type AutomationStatus = z.infer<typeof AutomationStatus>;

export const AutomationUpdate = z
  .object({ enabled: z.boolean(), run_time: AutomationRunTime.optional() })
  .strict();
export type AutomationUpdate = z.infer<typeof AutomationUpdate>;

export const DecisionAction = z.enum(['ordered', 'skipped', 'refused', 'exit']);
export type DecisionAction = z.infer<typeof DecisionAction>;

export const DecisionOutcome = z.object({
  at: Timestamp,
  /**
   * target, stop, horizon (the time limit), manual (the position was closed outside the
   * automation: the operator sold the shares) or cancelled (the entry never filled).
   */
  kind: z.enum(['target', 'stop', 'horizon', 'manual', 'cancelled']),
  /** Return after charges on the money put in, percent. */
  return_pct: Percent,
  /** Profit or loss after charges. */
  pnl: Rupees,
});
export type DecisionOutcome = z.infer<typeof DecisionOutcome>;

/** One decision of the allocator or a strategy, with the figures behind it and what came of it. */
export const Decision = z.object({
  id: z.number().int(),
  decided_at: Timestamp,
  trading_day: z.string(),
  account: z.enum(['paper', 'live']),
  symbol: z.string(),
  strategy: z.string(),
  strategy_version: z.string(),
  signal: z.enum(['BUY', 'SELL', 'HOLD']),
  action: DecisionAction,
  reason: z.string(),
  /** 0-1. */
  confidence: Fraction.min(0).max(1),
  price: Rupees,
  target: Rupees.nullable(),
  stop: Rupees.nullable(),
  horizon_days: z.number().int().nonnegative(),
  quantity: z.number().int().nullable(),
  order_id: z.string().nullable(),
  /** The indicator values and costs the strategy read, to 4 decimals. */
  inputs: z.record(z.string(), Ratio),
  /** The ML ensemble's calibrated probability of a win after charges when it decided; null without a model. */
  ml_probability: Ratio.min(0).max(1).nullable(),
  /**
   * The expected profit or loss after charges of an ordered entry, from that probability: p × (gain
   * at the target − charges) + (1 − p) × (loss at the stop − charges). Compared with `outcome.pnl`.
   */
  expected_pnl: Rupees.nullable(),
  outcome: DecisionOutcome.nullable(),
});
export type Decision = z.infer<typeof Decision>;

export const DecisionDay = z.object({
  trading_day: z.string(),
  run: AutomationRun.nullable(),
  decisions: z.array(Decision),
});
export type DecisionDay = z.infer<typeof DecisionDay>;

/** How many trading days the Decisions view lists by default, and at most. */
export const DECISION_DAYS = { default: 10, max: 60 } as const;

const errors = { 400: ApiError, 401: ApiError, 503: ApiError } as const;

export const allocationRoutes = {
  settings: route({
    method: 'GET',
    path: '/api/allocation/settings',
    access: 'session',
    tag: 'allocation',
    summary: 'The allocation settings with the account figures they apply to',
    responses: { 200: z.object({ success: z.literal(true), data: AllocationSettingsAnswer }), ...errors },
  }),
  aiRecommendation: route({
    method: 'GET',
    path: '/api/allocation/ai-recommendation',
    access: 'session',
    tag: 'allocation',
    summary: "The AI's recommended allocation for today, with its reasoning",
    responses: { 200: z.object({ success: z.literal(true), data: AiAllocationRecommendation }), ...errors },
  }),
  dailyAmount: route({
    method: 'GET',
    path: '/api/allocation/daily-amount',
    access: 'session',
    tag: 'allocation',
    summary: "Today's daily amount and every strategy's percentage and amount",
    responses: { 200: z.object({ success: z.literal(true), data: DailyAmountData }), ...errors },
  }),
  setDailyAmount: route({
    method: 'POST',
    path: '/api/allocation/daily-amount',
    access: 'session',
    tag: 'allocation',
    summary: 'Set the daily amount directly (whole thousands of rupees)',
    body: z.object({ daily_amount: DailyAmount }),
    responses: {
      200: z.object({ success: z.literal(true), message: z.string(), data: DailyAmountData }),
      ...errors,
    },
  }),
  save: route({
    method: 'POST',
    path: '/api/allocation/save',
    access: 'session',
    tag: 'allocation',
    summary: 'Save the allocation settings (the body is the full settings object)',
    body: AllocationSettings,
    responses: {
      200: z.object({ success: z.literal(true), message: z.string(), data: AllocationSettingsAnswer }),
      ...errors,
    },
  }),
  automation: route({
    method: 'GET',
    path: '/api/allocation/automation',
    access: 'session',
    tag: 'allocation',
    summary: 'Whether automated execution is on, its next and last run, and what holds it back',
    responses: { 200: z.object({ success: z.literal(true), data: AutomationStatus }), ...errors },
    client: { pollingIntervalMs: 30_000 },
  }),
  setAutomation: route({
    method: 'POST',
    path: '/api/allocation/automation',
    access: 'session',
    tag: 'allocation',
    summary: 'Switch automated execution on or pause it, and set its run time',
    body: AutomationUpdate,
    responses: {
      200: z.object({ success: z.literal(true), message: z.string(), data: AutomationStatus }),
      ...errors,
    },
  }),
  decisions: route({
    method: 'GET',
    path: '/api/allocation/decisions',
    access: 'session',
    tag: 'allocation',
    summary: 'What the allocator and the strategies decided each day, with the figures and the outcomes',
    querystring: z
      .object({
        days: z.coerce
          .number()
          .int('days must be a whole number')
          .min(1, 'days must be at least 1')
          .max(DECISION_DAYS.max, `days must be at most ${DECISION_DAYS.max}`)
          .default(DECISION_DAYS.default),
      })
      .strict(),
    responses: { 200: z.object({ success: z.literal(true), data: z.array(DecisionDay) }), ...errors },
  }),
} as const;
