/**
 * Daily investment allocation (specification part 1, sections 2, 3, 5, 7-9): how much of the
 * capital the system may put to work each day, by strategy or by the AI's recommendation.
 * Percentages are percent of total capital (2.5 means 2.5%); amounts are rupees.
 */
import { z } from 'zod';
import { ApiError, MAX_RUPEES, MAX_RUPEES_TEXT, RupeeAmount, Rupees, Timestamp } from './common';
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

/** True when `value` is a whole number of `step`s (tolerating binary fractions). */
function onStep(value: number, step: number): boolean {
  const steps = value / step;
  return Math.abs(steps - Math.round(steps)) < 1e-9;
}

export const ManualAllocationPct = z
  .number()
  .min(MANUAL_ALLOCATION_PCT.min, 'Manual allocation must be at least 0.5%')
  .max(MANUAL_ALLOCATION_PCT.max, 'Manual allocation must be at most 6.0%')
  .refine((value) => onStep(value, MANUAL_ALLOCATION_PCT.step), 'Manual allocation goes in steps of 0.1%');

export const DailyRiskBudget = z.literal(DAILY_RISK_BUDGET_CHOICES, {
  error: 'Daily risk budget must be 0.5, 1.0, 1.5, 2.0 or 2.5 percent',
});
export type DailyRiskBudget = z.infer<typeof DailyRiskBudget>;

/** A direct daily amount: whole thousands of rupees, at least ₹1,000. */
export const DailyAmount = z
  .number()
  .int('Daily amount must be whole rupees')
  .min(DAILY_AMOUNT_LIMITS.min, 'Daily amount must be at least ₹1,000')
  .max(MAX_RUPEES, `Daily amount must be at most ${MAX_RUPEES_TEXT}`)
  .refine((value) => value % DAILY_AMOUNT_LIMITS.step === 0, 'Daily amount goes in steps of ₹1,000');

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

/** One strategy's daily figures; null while AI Optimized has no recommendation yet. */
export const StrategyAllocation = z.object({
  percentage: z.number().nullable(),
  amount: Rupees.nullable(),
});
export type StrategyAllocation = z.infer<typeof StrategyAllocation>;

export const DailyAmountData = z.object({
  daily_amount: Rupees.nonnegative(),
  all_strategies: z.record(AllocationStrategy, StrategyAllocation),
});
export type DailyAmountData = z.infer<typeof DailyAmountData>;

export const AiAllocationRecommendation = z.object({
  allocation_amount: Rupees.nonnegative(),
  allocation_pct: z.number().nonnegative(),
  /** Fraction 0-1. */
  confidence: z.number().min(0).max(1),
  risk_assessment: z.enum(['Low', 'Medium', 'High']),
  reasoning: z.array(z.string()),
  /** How many trade opportunities the AI expects today. */
  expected_opportunities: z.number().int().nonnegative(),
  as_of: Timestamp,
});
export type AiAllocationRecommendation = z.infer<typeof AiAllocationRecommendation>;

const errors = { 400: ApiError, 401: ApiError, 503: ApiError } as const;

export const allocationRoutes = {
  settings: route({
    method: 'GET',
    path: '/api/allocation/settings',
    access: 'session',
    tag: 'allocation',
    summary: 'The allocation settings with the account figures they apply to',
    responses: { 200: z.object({ success: z.literal(true), data: AllocationSettings }), ...errors },
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
      200: z.object({ success: z.literal(true), message: z.string(), data: AllocationSettings }),
      ...errors,
    },
  }),
} as const;
