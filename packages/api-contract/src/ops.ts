/**
 * Health and operations monitors: auto-scaling, production capital phases and tick streaming
 * (specification part 2, sections 2, 3, 4, 7 and 9). Names are snake_case on the wire; the
 * specification's camelCase names map to them as each schema notes.
 */
import { z } from 'zod';
import { ApiError, Rupees, Timestamp } from './common';
import { MarketPhase } from './market';
import { route } from './route';
import { TradingMode } from './trading';

export const HealthResponse = z.object({
  status: z.literal('ok'),
  version: z.string(),
  /** Seconds since the server process started. */
  uptime: z.number(),
});

const Percent = z.number().min(0).max(100);
const Count = z.number().int().nonnegative();

// ---------------------------------------------------------------------------------------------
// Auto-scaling
// ---------------------------------------------------------------------------------------------

/** The rules the auto-scaler follows (part 2, Auto-Scaling). The server enforces them. */
export const AUTO_SCALING_RULES = {
  scale_up_cpu_percent: 85,
  scale_up_after_minutes: 15,
  scale_down_cpu_percent: 30,
  scale_down_after_minutes: 10,
  max_instances: 2,
} as const;

export const InstanceState = z.enum(['pending', 'running', 'stopping', 'stopped']);
export type InstanceState = z.infer<typeof InstanceState>;

/**
 * The overall scaling state: active (market hours, serving), scaling (an instance is being added
 * or removed), degraded (a health check fails), closed (market closed, scaled down).
 */
export const ScalingState = z.enum(['active', 'scaling', 'degraded', 'closed']);
export type ScalingState = z.infer<typeof ScalingState>;

/**
 * The specification's instanceState, instanceType, marketStatus, apiHealthy, metrics.latency,
 * upstoxStatus, awsConnected and lastUpdate are instance_state, instance_type, market_status,
 * api_healthy, metrics.latency_ms, broker, cloud_connected and last_update.
 */
export const AutoScalingStatus = z.object({
  instance_state: InstanceState,
  /** The machine size, e.g. 't3.medium'. */
  instance_type: z.string(),
  market_status: MarketPhase,
  api_healthy: z.boolean(),
  metrics: z.object({
    /** Percent of CPU in use, averaged over the last minute. */
    cpu: Percent,
    /** Percent of memory in use. */
    memory: Percent,
    /** Median API response time over the last minute. */
    latency_ms: z.number().nonnegative(),
  }),
  broker: z.object({
    status: z.enum(['connected', 'disconnected', 'token_expired']),
    mode: TradingMode,
    /** The broker's API answered the last check. */
    accessible: z.boolean(),
  }),
  cloud_connected: z.boolean(),
  status: ScalingState,
  last_update: Timestamp,
});
export type AutoScalingStatus = z.infer<typeof AutoScalingStatus>;

// ---------------------------------------------------------------------------------------------
// Production capital phases
// ---------------------------------------------------------------------------------------------

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

/** The safety mechanisms that stop or warn (part 2, section 9). The server enforces them. */
export const SAFETY_LIMITS = {
  /** Circuit breakers. */
  max_volatility_pct: 40,
  market_drop_pct: 3,
  market_drop_window_minutes: 60,
  min_liquidity_ratio_pct: 15,
  /** Email alerts. */
  alert_portfolio_loss_pct: 3,
} as const;

/**
 * Where the account stands in the phases: in_progress (working towards the phase's targets),
 * ready (targets met, can move up), scaled_down (moved down after losses), stopped (an emergency
 * stop or circuit breaker halted trading).
 */
export const ScalingProgress = z.enum(['in_progress', 'ready', 'scaled_down', 'stopped']);
export type ScalingProgress = z.infer<typeof ScalingProgress>;

export const CircuitBreakerId = z.enum(['volatility', 'market_drop', 'liquidity']);
export type CircuitBreakerId = z.infer<typeof CircuitBreakerId>;

/**
 * One circuit breaker (SAFETY_LIMITS) measured now: NIFTY 50's realised volatility (annualised,
 * last 20 daily returns), NIFTY 50's fall from its highest level within the last hour, and the
 * account's cash ratio (available cash over the account's value). While one is tripped the
 * automation opens no new position.
 */
export const CircuitBreaker = z.object({
  id: CircuitBreakerId,
  label: z.string(),
  tripped: z.boolean(),
  /** The measured figure in percent; null when it cannot be measured now (`message` says why). */
  value: z.number().nullable(),
  /** The figure's limit in percent: above it (volatility, fall) or below it (cash ratio) trips. */
  threshold: z.number(),
  /** One sentence: the figure against its limit, or why it is not known. */
  message: z.string(),
});
export type CircuitBreaker = z.infer<typeof CircuitBreaker>;

export const CircuitBreakersState = z.object({
  /** At least one breaker is tripped. */
  tripped: z.boolean(),
  breakers: z.array(CircuitBreaker),
});
export type CircuitBreakersState = z.infer<typeof CircuitBreakersState>;

/**
 * The specification's currentPhase, successRate and daysInPhase are current_phase, success_rate,
 * days_in_phase. The phase follows the capital (cash plus holdings at market); its run starts at
 * the first close of the account's latest unbroken run of closes inside the phase's range (since
 * the account was opened or last reset).
 */
export const ScalingStatus = z.object({
  current_phase: z.number().int().min(1).max(5),
  capital: Rupees,
  /** Percent of winning closed trades (exits) since the phase began; 0 without any. */
  success_rate: Percent,
  /** Trading days closed inside the phase's range since it began. */
  days_in_phase: Count,
  status: ScalingProgress,
  /** The IST day the phase began (the account's start when it never left the range). */
  phase_started_on: z.iso.date(),
  /** The highest phase the account's value reached since it was opened or last reset. */
  highest_phase: z.number().int().min(1).max(5),
  /** Closed trades (exits) since the phase began, and the winning ones (after costs). */
  closed_trades: Count,
  winning_trades: Count,
  /** Time-weighted return since the phase began, percent (deposits and withdrawals aside). */
  profit_since_phase_start_pct: z.number(),
  /** How far the account is below its peak (time-weighted, since its start), percent (>= 0). */
  drawdown_pct: z.number().nonnegative(),
  /** Today's loss as a percent of the capital (0 when the day is up). */
  day_loss_pct: z.number().nonnegative(),
  /** Why the status is what it is: the halt, each tripped breaker, the targets met or missing. */
  reasons: z.array(z.string()),
  circuit_breakers: CircuitBreakersState,
  as_of: Timestamp,
});
export type ScalingStatus = z.infer<typeof ScalingStatus>;

// ---------------------------------------------------------------------------------------------
// Tick streaming
// ---------------------------------------------------------------------------------------------

/** What the broker's plus plan offers the feed (part 2, section 9). */
export const UPSTOX_PLUS_LIMITS = {
  websocket_connections: 5,
  depth_levels: 30,
  candle_interval_seconds: 1,
} as const;

/** The page shows connected and active as Connected, disconnected as Disconnected, else Connecting. */
export const StreamConnectionStatus = z.enum([
  'connected',
  'active',
  'connecting',
  'reconnecting',
  'disconnected',
]);
export type StreamConnectionStatus = z.infer<typeof StreamConnectionStatus>;

/** The broker feed's subscription modes (DOMAIN.md). */
export const FeedMode = z.enum(['ltpc', 'full', 'option_greeks', 'full_d30']);
export type FeedMode = z.infer<typeof FeedMode>;

export const WebSocketHealth = z.object({
  active: z.boolean(),
  mode: FeedMode,
  /** Instruments subscribed on this connection. */
  symbols: Count,
});
export type WebSocketHealth = z.infer<typeof WebSocketHealth>;

export const TickStreamingDashboard = z.object({
  connection_status: StreamConnectionStatus,
  /** Each feed connection by name. */
  websocket_health: z.record(z.string(), WebSocketHealth),
  health: z.object({
    ticks_per_minute: z.number().nonnegative(),
    latency_ms: z.number().nonnegative(),
    is_streaming: z.boolean(),
    is_connected: z.boolean(),
    /** Share of feed messages that failed to decode or arrived out of order (0-1). */
    error_rate: z.number().min(0).max(1),
    memory_usage_mb: z.number().nonnegative(),
    overall_status: z.enum(['healthy', 'degraded', 'unhealthy']),
    last_tick_time: Timestamp.nullable(),
  }),
  data_flow: z.object({
    ticks_per_second: z.number().nonnegative(),
    /** Order-book levels received per instrument. */
    depth_levels: Count,
    pattern_detection: z.boolean(),
    smart_money_tracking: z.boolean(),
  }),
  upstox_plus_features: z.object({
    websocket_connections: Count,
    symbols_tracked: Count,
    /** One-second candles are being built. */
    candles_active: z.boolean(),
  }),
});
export type TickStreamingDashboard = z.infer<typeof TickStreamingDashboard>;

const errors = { 401: ApiError, 503: ApiError } as const;

export const opsRoutes = {
  health: route({
    method: 'GET',
    path: '/api/health',
    access: 'public',
    tag: 'ops',
    summary: 'Liveness: server version and uptime',
    responses: { 200: HealthResponse },
  }),
  autoScalingStatus: route({
    method: 'GET',
    path: '/api/auto-scaling/status',
    access: 'session',
    tag: 'ops',
    summary: 'The instance, its load, and the broker and cloud connections',
    responses: { 200: z.object({ success: z.literal(true), data: AutoScalingStatus }), ...errors },
    client: { pollingIntervalMs: 30_000 },
  }),
  scalingStatus: route({
    method: 'GET',
    path: '/api/scaling-status',
    access: 'session',
    tag: 'ops',
    summary: 'The production phase, capital and progress towards the next phase',
    responses: { 200: z.object({ success: z.literal(true), data: ScalingStatus }), ...errors },
  }),
  tickStreamingDashboard: route({
    method: 'GET',
    path: '/api/tick-streaming/dashboard',
    access: 'session',
    tag: 'ops',
    summary: 'The market-data feed connections, tick rates and health',
    responses: { 200: z.object({ success: z.literal(true), data: TickStreamingDashboard }), ...errors },
    client: { pollingIntervalMs: 10_000 },
  }),
} as const;
