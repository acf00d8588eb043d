/**
 * The five production capital phases (specification part 2, section 9; docs/DOMAIN.md): each
 * phase's capital range and limits, and which phase a capital is in. The ops domain reports them
 * (ops.ts), the server enforces the active phase's limits, and the paper account's balance edit
 * and reset (trading.ts) go no lower than the first phase's minimum.
 */
import { z } from 'zod';
import { Rupees } from './common';

const Count = z.number().int().nonnegative();

export const ProductionPhase = z.object({
  phase: z.number().int().min(1).max(5),
  name: z.string(),
  /** Capital range [min_capital, max_capital) in rupees; null max: no upper bound. */
  min_capital: Rupees,
  max_capital: Rupees.nullable(),
  /** Percent of capital in one position. */
  max_position_pct: z.number(),
  /** Percent of capital that may be lost in one day. */
  max_daily_loss_pct: z.number(),
  /** A trade needs at least this ML confidence (0-1). */
  min_ml_confidence: z.number(),
  /** Percent loss of capital at which all trading stops. */
  emergency_stop_loss_pct: z.number(),
  /** Percent of winning trades needed to move up. */
  success_rate_target_pct: z.number(),
  /** Percent return needed to move up. */
  profit_target_pct: z.number(),
  /** Days to spend in the phase before moving up (0: none, the last phase). */
  min_days: Count,
});
export type ProductionPhase = z.infer<typeof ProductionPhase>;

/**
 * The five production phases (part 2, section 9; DOMAIN.md). The phase follows the capital, and
 * the trading engine enforces the active phase's limits.
 */
export const PRODUCTION_PHASES: readonly ProductionPhase[] = Object.freeze([
  {
    phase: 1,
    name: 'Foundation',
    min_capital: 5_000,
    max_capital: 50_000,
    max_position_pct: 3,
    max_daily_loss_pct: 1.5,
    min_ml_confidence: 0.7,
    emergency_stop_loss_pct: 5,
    success_rate_target_pct: 65,
    profit_target_pct: 8,
    min_days: 15,
  },
  {
    phase: 2,
    name: 'Growth',
    min_capital: 50_000,
    max_capital: 2_00_000,
    max_position_pct: 4,
    max_daily_loss_pct: 2,
    min_ml_confidence: 0.68,
    emergency_stop_loss_pct: 6,
    success_rate_target_pct: 67,
    profit_target_pct: 10,
    min_days: 20,
  },
  {
    phase: 3,
    name: 'Expansion',
    min_capital: 2_00_000,
    max_capital: 10_00_000,
    max_position_pct: 5,
    max_daily_loss_pct: 2.5,
    min_ml_confidence: 0.65,
    emergency_stop_loss_pct: 7,
    success_rate_target_pct: 68,
    profit_target_pct: 12,
    min_days: 25,
  },
  {
    phase: 4,
    name: 'Professional',
    min_capital: 10_00_000,
    max_capital: 1_00_00_000,
    max_position_pct: 6,
    max_daily_loss_pct: 3,
    min_ml_confidence: 0.63,
    emergency_stop_loss_pct: 8,
    success_rate_target_pct: 70,
    profit_target_pct: 15,
    min_days: 30,
  },
  {
    phase: 5,
    name: 'Enterprise',
    min_capital: 1_00_00_000,
    max_capital: null,
    max_position_pct: 7,
    max_daily_loss_pct: 3.5,
    min_ml_confidence: 0.6,
    emergency_stop_loss_pct: 10,
    success_rate_target_pct: 72,
    profit_target_pct: 18,
    min_days: 0,
  },
]);

export type PhaseStatus = 'completed' | 'active' | 'locked';

/**
 * A phase's status for a capital: active when the capital lies in [min, max), completed once it
 * reaches the maximum, locked below the minimum. Half-open ranges make exactly one phase active
 * for any capital of at least ₹5,000 (₹50,000 is Growth, with Foundation completed).
 */
export function phaseStatus(phase: ProductionPhase, capital: number): PhaseStatus {
  if (phase.max_capital !== null && capital >= phase.max_capital) return 'completed';
  if (capital >= phase.min_capital) return 'active';
  return 'locked';
}

/** The phase a capital belongs to; undefined below the first phase's minimum. */
export function phaseForCapital(capital: number): ProductionPhase | undefined {
  return PRODUCTION_PHASES.find((phase) => phaseStatus(phase, capital) === 'active');
}

/** The least capital any phase takes: the first phase's minimum (₹5,000). */
export const MIN_PHASE_CAPITAL = PRODUCTION_PHASES[0]!.min_capital;
