/**
 * GET /api/auto-scaling/status from this process's own measurements (ops/measurements.ts), the
 * auto-scaler's rules and decisions (ops/autoScaler.ts), the NSE calendar, the Upstox token and
 * the trading mode.
 *
 * api_healthy: the last minute's median response under 1 s, the event loop's p99 delay under
 * 1 s, and the database answering `select 1` within 2 s. status: scaling while the provider acts,
 * degraded when not healthy, closed while the market is closed, else active. There is no cloud
 * provider (cloud_connected false): scaling is run by the configured provider (none or process).
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { AutoScalingStatus, TokenStatus } from '@nivesh/api-contract';
import type { Clock } from '../clock.js';
import type { Db } from '../db/index.js';
import type { HolidayCalendar } from '../market/calendar.js';
import type { MarketFeed } from '../market/feed.js';
import { tradingSession } from '../market/session.js';
import type { TradingModeService } from '../trading/mode.js';
import type { AutoScaler } from './autoScaler.js';
import { LATENCY_WINDOW_MS, type Measurements } from './measurements.js';
import { windowMean } from './windows.js';

const HEALTHY_LATENCY_MS = 1_000;
const HEALTHY_EVENT_LOOP_MS = 1_000;
const DATABASE_TIMEOUT_MS = 2_000;
/** The broker counts as accessible when Upstox answered a call within this long. */
const BROKER_ANSWER_MS = 5 * 60_000;
/** The chart's span. */
const SERIES_MS = 10 * 60_000;
const DECISIONS_SHOWN = 20;

export interface AutoScalingDeps {
  db: Db;
  clock: Clock;
  calendar: HolidayCalendar;
  /** The market this server trades on: its session is the market status shown. */
  feed: Pick<MarketFeed, 'isSessionOpen'>;
  measurements: Measurements;
  autoScaler: AutoScaler;
  instanceId: string;
  /** performance.now() when the process started. */
  startedAt: number;
  tradingMode: Pick<TradingModeService, 'get'>;
  brokerToken: () => Promise<Pick<TokenStatus, 'state'>>;
  /** When Upstox last answered a call successfully. */
  brokerAnsweredAt: () => Date | null;
}

const round1 = (x: number) => Math.round(x * 10) / 10;
const GIB = 1024 ** 3;

/** The machine: cores and memory (this server knows no cloud instance type). */
function hostDescription(): string {
  return `${os.cpus().length} vCPU, ${round1(os.totalmem() / GIB)} GiB`;
}

async function databaseAnswers(db: Db): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), DATABASE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      db.execute(sql`select 1`).then(
        () => true,
        () => false,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export function createAutoScalingStatus(deps: AutoScalingDeps): () => Promise<AutoScalingStatus> {
  const { measurements, autoScaler, clock } = deps;
  return async () => {
    const now = clock.now();
    const nowMs = now.getTime();
    const samples = measurements.samples();
    const latest = samples.at(-1);
    const latency = measurements.latency();
    const loop = measurements.eventLoop();
    const [dbOk, token, mode, verdict, instances, decisions] = await Promise.all([
      databaseAnswers(deps.db),
      deps.brokerToken(),
      deps.tradingMode.get(),
      autoScaler.verdict(),
      autoScaler.instances(),
      autoScaler.recent(DECISIONS_SHOWN),
    ]);
    const healthy = latency.p50 < HEALTHY_LATENCY_MS && loop.p99 < HEALTHY_EVENT_LOOP_MS && dbOk;
    const market = tradingSession(now, deps.feed, deps.calendar);
    const answeredAt = deps.brokerAnsweredAt();
    const usable = token.state === 'valid' || token.state === 'expiring';
    const hostCpu = windowMean(samples, nowMs, LATENCY_WINDOW_MS, (s) => s.hostCpu) ?? latest?.hostCpu ?? 0;
    return {
      instance_state: 'running',
      instance_type: hostDescription(),
      market_status: market.phase,
      api_healthy: healthy,
      metrics: {
        cpu: round1(hostCpu),
        memory: round1(latest?.hostMemory ?? 0),
        latency_ms: round1(latency.p50),
      },
      broker: {
        status: usable ? 'connected' : token.state === 'expired' ? 'token_expired' : 'disconnected',
        mode: mode.mode,
        accessible: usable && answeredAt !== null && nowMs - answeredAt.getTime() <= BROKER_ANSWER_MS,
      },
      cloud_connected: false,
      status: autoScaler.acting()
        ? 'scaling'
        : !healthy
          ? 'degraded'
          : market.phase === 'CLOSED'
            ? 'closed'
            : 'active',
      last_update: now.toISOString(),
      instance: {
        id: deps.instanceId,
        host: os.hostname(),
        pid: process.pid,
        uptime_seconds: Math.round((performance.now() - deps.startedAt) / 1000),
      },
      instances,
      process: {
        cpu: round1(latest?.processCpu ?? 0),
        memory_mb: round1((latest?.rssBytes ?? process.memoryUsage.rss()) / 1024 ** 2),
      },
      event_loop: { p50_ms: round1(loop.p50), p99_ms: round1(loop.p99) },
      latency: {
        p50_ms: round1(latency.p50),
        p95_ms: round1(latency.p95),
        p99_ms: round1(latency.p99),
        requests: latency.requests,
      },
      rules: {
        cpu_above_minutes: round1(verdict.aboveMs / 60_000),
        cpu_below_minutes: round1(verdict.belowMs / 60_000),
        cooldown_until: verdict.cooldownUntil === null ? null : new Date(verdict.cooldownUntil).toISOString(),
      },
      provider: autoScaler.provider,
      series: samples
        .filter((s) => s.at > nowMs - SERIES_MS)
        .map((s) => ({
          at: new Date(s.at).toISOString(),
          cpu: round1(s.hostCpu),
          process_cpu: round1(s.processCpu),
          latency_ms: s.latencyP50Ms === null ? null : round1(s.latencyP50Ms),
        })),
      decisions: decisions.map((d) => ({
        id: d.id,
        at: d.at.toISOString(),
        action: d.action === 'scale_down' ? 'scale_down' : 'scale_up',
        reason: d.reason,
        cpu_percent: d.cpuPercent,
        instances_before: d.instancesBefore,
        instances_after: d.instancesAfter,
        provider: d.provider,
        outcome: d.outcome === 'done' || d.outcome === 'failed' ? d.outcome : 'skipped',
        error: d.error,
      })),
    };
  };
}
