/**
 * Health and operations monitors: auto-scaling, production capital phases and tick streaming
 * (specification part 2, sections 2, 3, 4, 7 and 9). Names are snake_case on the wire; the
 * specification's camelCase names map to them as each schema notes.
 */
import { z } from 'zod';
import { ApiError, Fraction, Measure, Percent, Points, Rupees, Timestamp, Seconds } from './common';
import { MarketPhase } from './market';
import { route } from './route';
import { TradingMode } from './trading';

export const HealthResponse = z.object({
  status: z.literal('ok'),
  version: z.string(),
  /** Seconds since the server process started. */
  uptime: Seconds,
});

/** A percent from 0 to 100 (CPU, memory, a success rate). */
const Share = Percent.min(0).max(100);
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
  /** The machine, e.g. '8 vCPU, 31.2 GiB' (no cloud instance type without a cloud provider). */
  instance_type: z.string(),
  market_status: MarketPhase,
  api_healthy: z.boolean(),
  metrics: z.object({
    /** Percent of CPU in use, averaged over the last minute. */
    cpu: Share,
    /** Percent of memory in use. */
    memory: Share,
    /** Median API response time over the last minute. */
    latency_ms: Measure.nonnegative(),
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
  /** The server process that answered, and its machine. */
  instance: z.object({
    id: z.string(),
    host: z.string(),
    pid: Count,
    uptime_seconds: Seconds.nonnegative(),
  }),
  /** Server processes running on this database (at least 1). */
  instances: z.number().int().min(1),
  /** This process: CPU in percent of the host's total capacity (every core), resident memory in MB. */
  process: z.object({ cpu: Share, memory_mb: Measure.nonnegative() }),
  /** Event-loop delay since the last sample (5 s), ms. */
  event_loop: z.object({ p50_ms: Measure.nonnegative(), p99_ms: Measure.nonnegative() }),
  /** API response times over the last minute, ms, and how many requests that was. */
  latency: z.object({
    p50_ms: Measure.nonnegative(),
    p95_ms: Measure.nonnegative(),
    p99_ms: Measure.nonnegative(),
    requests: Count,
  }),
  /**
   * The rules' progress: minutes the host CPU has stayed above the scale-up threshold, and below
   * the scale-down one (0 when it is not there now); no decision before `cooldown_until`.
   */
  rules: z.object({
    cpu_above_minutes: Measure.nonnegative(),
    cpu_below_minutes: Measure.nonnegative(),
    cooldown_until: Timestamp.nullable(),
  }),
  /** Who acts on a decision: 'none' (recorded only), 'process' (a second process on this host). */
  provider: z.string(),
  /** The samples of the last minutes, oldest first (every 5 s). */
  series: z.array(
    z.object({
      at: Timestamp,
      /** Host CPU percent. */
      cpu: Share,
      /** This process's CPU percent (of the host's capacity). */
      process_cpu: Share,
      /** Median API response time within the sample; null without a request. */
      latency_ms: Measure.nonnegative().nullable(),
    }),
  ),
  /** The latest scaling decisions, newest first. */
  decisions: z.array(
    z.object({
      id: z.number().int(),
      at: Timestamp,
      action: z.enum(['scale_up', 'scale_down']),
      reason: z.string(),
      cpu_percent: Percent,
      instances_before: Count,
      instances_after: Count,
      provider: z.string(),
      /** done (the provider acted), skipped (nothing to do or no provider), failed. */
      outcome: z.enum(['done', 'skipped', 'failed']),
      /** Why it was skipped or failed; null when done. */
      error: z.string().nullable(),
    }),
  ),
});
export type AutoScalingStatus = z.infer<typeof AutoScalingStatus>;

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
  value: Percent.nullable(),
  /** The figure's limit in percent: above it (volatility, fall) or below it (cash ratio) trips. */
  threshold: Percent,
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
  success_rate: Share,
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
  profit_since_phase_start_pct: Percent,
  /** How far the account is below its peak (time-weighted, since its start), percent (>= 0). */
  drawdown_pct: Percent.nonnegative(),
  /** Today's loss as a percent of the capital (0 when the day is up). */
  day_loss_pct: Percent.nonnegative(),
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

/**
 * The one-second candles the server builds from ticks: the last `max_seconds` seconds of each
 * symbol are kept; the candles route answers `default_seconds` unless asked for another span.
 */
export const TICK_CANDLE_WINDOW = { max_seconds: 300, default_seconds: 120 } as const;

/**
 * market_feed: the server's connection to its market data (the simulated market in process, or
 * the Upstox market-data socket); browser_stream: a browser's /ws/ticks socket to this server.
 */
export const StreamConnectionKind = z.enum(['market_feed', 'browser_stream']);
export type StreamConnectionKind = z.infer<typeof StreamConnectionKind>;

export const WebSocketHealth = z.object({
  active: z.boolean(),
  /** The Upstox subscription mode; null for a connection that has none (simulated market, browser). */
  mode: FeedMode.nullable(),
  /** Instruments subscribed on this connection. */
  symbols: Count,
  kind: StreamConnectionKind,
  status: StreamConnectionStatus,
  /** The symbols subscribed (equity symbols and index ids, e.g. RELIANCE, NIFTY_50). */
  subscriptions: z.array(z.string()),
});
export type WebSocketHealth = z.infer<typeof WebSocketHealth>;

export const TickStreamingDashboard = z.object({
  /** The market feed's connection: connected while in touch (active while ticks flow), else its retry state. */
  connection_status: StreamConnectionStatus,
  /**
   * Each connection by name: the market feed's ('Simulated market' or 'Upstox market data'), then
   * each open browser stream ('Browser stream 3': the socket's number since the server started).
   */
  websocket_health: z.record(z.string(), WebSocketHealth),
  health: z.object({
    /** Ticks the hub received in the last 60 seconds (from the feed, whether or not a browser follows them). */
    ticks_per_minute: Measure.nonnegative(),
    /** Tick-to-send latency (latency.tick_to_send_ms), else the feed's delay, else 0 when nothing was measured. */
    latency_ms: Measure.nonnegative(),
    /** A tick reached the hub within the last 10 seconds. */
    is_streaming: z.boolean(),
    /** The market feed is connected to its source. */
    is_connected: z.boolean(),
    /** Share of the last minute's feed input that failed to decode or arrived out of order (0-1). */
    error_rate: Fraction.min(0).max(1),
    /** The server process's resident memory. */
    memory_usage_mb: Measure.nonnegative(),
    overall_status: z.enum(['healthy', 'degraded', 'unhealthy']),
    /** Why overall_status is what it is, one sentence each. */
    status_reasons: z.array(z.string()),
    /** The newest tick's own time. */
    last_tick_time: Timestamp.nullable(),
  }),
  data_flow: z.object({
    /** Mean ticks per second over the last 10 complete seconds. */
    ticks_per_second: Measure.nonnegative(),
    /** Order-book levels received per instrument (0: the feed carries no depth). */
    depth_levels: Count,
    pattern_detection: z.boolean(),
    smart_money_tracking: z.boolean(),
  }),
  upstox_plus_features: z.object({
    /** Upstox market-data sockets open (of UPSTOX_PLUS_LIMITS.websocket_connections). */
    websocket_connections: Count,
    /** Distinct symbols with a tick on the hub. */
    symbols_tracked: Count,
    /** One-second candles are being built: at least one in the last minute. */
    candles_active: z.boolean(),
  }),
  /** Ticks the hub received in each of the last 60 seconds, oldest first, the current second last. */
  ticks_per_second_series: z.array(z.object({ time: Timestamp, ticks: Count })),
  /** Means over the last minute; null when nothing was measured. */
  latency: z.object({
    /** From a tick's own time to the browser stream's write of it. */
    tick_to_send_ms: Measure.nonnegative().nullable(),
    /** From a tick's own time to its arrival on the hub. */
    feed_delay_ms: Measure.nonnegative().nullable(),
    /** Heartbeat round trip of the open browser streams. */
    browser_round_trip_ms: Measure.nonnegative().nullable(),
  }),
  /** The last minute's feed input behind error_rate. */
  feed_input: z.object({
    ticks: Count,
    out_of_order: Count,
    undecodable: Count,
  }),
  as_of: Timestamp,
});
export type TickStreamingDashboard = z.infer<typeof TickStreamingDashboard>;

/** One second of one symbol's ticks: open, high, low, close, traded volume and tick count. */
export const TickCandle = z.object({
  /** The second's start. */
  time: Timestamp,
  open: Points,
  high: Points,
  low: Points,
  close: Points,
  /** Shares traded in the second (from the day's cumulative volume; 0 for indices). */
  volume: Count,
  ticks: Count,
});
export type TickCandle = z.infer<typeof TickCandle>;

export const TickCandlesQuery = z
  .object({
    /** An equity symbol or index id (NIFTY_50); an index's display name (NIFTY 50) is accepted too. */
    symbol: z.string().trim().min(1, 'symbol is required').max(40, 'symbol is at most 40 characters'),
    seconds: z.coerce
      .number<number>()
      .int('seconds must be a whole number')
      .min(1, 'seconds must be at least 1')
      .max(TICK_CANDLE_WINDOW.max_seconds, `seconds must be at most ${TICK_CANDLE_WINDOW.max_seconds}`)
      .default(TICK_CANDLE_WINDOW.default_seconds),
  })
  .strict();
export type TickCandlesQuery = z.input<typeof TickCandlesQuery>;

export const TickCandles = z.object({
  /** The symbol as the hub names it (NIFTY_50 for 'NIFTY 50'). */
  symbol: z.string(),
  interval_seconds: z.literal(1),
  /** The seconds with ticks among the `seconds` seconds ending at the symbol's newest tick, oldest first. */
  candles: z.array(TickCandle),
});
export type TickCandles = z.infer<typeof TickCandles>;

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
  tickCandles: route({
    method: 'GET',
    path: '/api/tick-streaming/candles',
    access: 'session',
    tag: 'ops',
    summary: 'One-second candles of a symbol, built from its ticks (the last five minutes at most)',
    querystring: TickCandlesQuery,
    responses: {
      200: z.object({ success: z.literal(true), data: TickCandles }),
      400: ApiError,
      ...errors,
    },
    client: { pollingIntervalMs: 10_000 },
  }),
} as const;
