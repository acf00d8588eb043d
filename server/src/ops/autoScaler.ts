/**
 * The auto-scaler (specification part 2, Auto-Scaling; AUTO_SCALING_RULES): scale up when CPU has
 * stayed above 85% for 15 minutes, down when below 30% for 10 minutes, never above 2 instances
 * nor below 1, and not again within COOLDOWN_MS of the last decision.
 *
 * The CPU that drives it is the host's (every core, ops/measurements.ts): what the machine has
 * left is what another instance relieves; this process's own share is shown beside it.
 *
 * `evaluateScaling` is the pure rule. `createAutoScaler` runs it on the leader (a leaderOnly
 * engine job every 30 s), records each decision in `scaling_decisions` and asks the configured
 * provider to act.
 *
 * Plug-in point: a provider is `ScalingProvider { name; scaleUp(); scaleDown() }`, each resolving
 * to what happened (done, skipped or failed, with a sentence). `none` records decisions only;
 * `process` starts or stops a second server process on this host. A cloud provider (an
 * auto-scaling group, a Kubernetes deployment) would implement the same two calls.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { and, desc, gt, isNull, sql } from 'drizzle-orm';
import { AUTO_SCALING_RULES } from '@nivesh/api-contract';
import type { Clock } from '../clock.js';
import { LIVE_WITHIN_MS } from '../cluster/instances.js';
import { schema, type Db } from '../db/index.js';
import { heldFor, windowMean, type CpuSample } from './windows.js';

/** After a decision, none again for this long (the next window must be measured afresh). */
export const COOLDOWN_MS = 15 * 60_000;
/** Samples further apart than this break a sustained run (the sampler runs every 5 s). */
const MAX_SAMPLE_GAP_MS = 15_000;
export const AUTO_SCALER_INTERVAL_MS = 30_000;

const MINUTE = 60_000;
const UP_WINDOW_MS = AUTO_SCALING_RULES.scale_up_after_minutes * MINUTE;
const DOWN_WINDOW_MS = AUTO_SCALING_RULES.scale_down_after_minutes * MINUTE;

type ScalingAction = 'scale_up' | 'scale_down';

export interface ScalingVerdict {
  /** How long the host CPU has stayed above the scale-up threshold, and below the scale-down one (ms). */
  aboveMs: number;
  belowMs: number;
  /** No decision before this time (epoch ms); null when none is cooling down. */
  cooldownUntil: number | null;
  decision: { action: ScalingAction; reason: string; cpuPercent: number; instancesAfter: number } | null;
}

const oneDecimal = (x: number) => Math.round(x * 10) / 10;

/** The rules over the host CPU samples (oldest first, contiguous), `instances` live now. */
export function evaluateScaling(input: {
  samples: readonly CpuSample[];
  now: number;
  instances: number;
  lastDecisionAt: number | null;
}): ScalingVerdict {
  const { samples, now, instances } = input;
  const rules = AUTO_SCALING_RULES;
  const aboveMs = heldFor(samples, now, MAX_SAMPLE_GAP_MS, (s) => s.hostCpu > rules.scale_up_cpu_percent);
  const belowMs = heldFor(samples, now, MAX_SAMPLE_GAP_MS, (s) => s.hostCpu < rules.scale_down_cpu_percent);
  const cooling = input.lastDecisionAt !== null && now - input.lastDecisionAt < COOLDOWN_MS;
  const cooldownUntil = cooling ? input.lastDecisionAt! + COOLDOWN_MS : null;
  const verdict: ScalingVerdict = { aboveMs, belowMs, cooldownUntil, decision: null };
  if (cooling) return verdict;
  const mean = (windowMs: number) => oneDecimal(windowMean(samples, now, windowMs, (s) => s.hostCpu) ?? 0);
  if (aboveMs >= UP_WINDOW_MS && instances < rules.max_instances) {
    const cpu = mean(UP_WINDOW_MS);
    verdict.decision = {
      action: 'scale_up',
      cpuPercent: cpu,
      instancesAfter: instances + 1,
      reason: `Host CPU above ${rules.scale_up_cpu_percent}% for ${rules.scale_up_after_minutes} minutes (mean ${cpu}%): one more instance (${instances} to ${instances + 1}).`,
    };
  } else if (belowMs >= DOWN_WINDOW_MS && instances > 1) {
    const cpu = mean(DOWN_WINDOW_MS);
    verdict.decision = {
      action: 'scale_down',
      cpuPercent: cpu,
      instancesAfter: instances - 1,
      reason: `Host CPU below ${rules.scale_down_cpu_percent}% for ${rules.scale_down_after_minutes} minutes (mean ${cpu}%): one instance fewer (${instances} to ${instances - 1}).`,
    };
  }
  return verdict;
}

/**
 * Server processes running on this database: `server_instances` rows not stopped whose heartbeat
 * is within the last 15 s (at least 1: this process, before or without heartbeats).
 */
export async function liveInstanceCount(db: Db, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(schema.serverInstances)
    .where(
      and(
        isNull(schema.serverInstances.stoppedAt),
        gt(schema.serverInstances.heartbeatAt, new Date(now.getTime() - LIVE_WITHIN_MS)),
      ),
    );
  return Math.max(1, Number(row?.n ?? 0));
}

interface ProviderResult {
  outcome: 'done' | 'skipped' | 'failed';
  /** Why it was skipped or failed, in a sentence; null when done. */
  error: string | null;
}

/** What acts on a decision (see the header). */
export interface ScalingProvider {
  readonly name: string;
  scaleUp(): Promise<ProviderResult>;
  scaleDown(): Promise<ProviderResult>;
  /** Instances this provider started and that still run (counted as live). */
  started(): number;
  /** The server is closing: stop what the provider started. */
  close(): Promise<void>;
}

const NO_PROVIDER =
  'No scaling provider is configured (NIVESH_SCALING_PROVIDER=none): the decision is recorded, nothing was started or stopped.';

export function noProvider(): ScalingProvider {
  const skipped = async (): Promise<ProviderResult> => ({ outcome: 'skipped', error: NO_PROVIDER });
  return { name: 'none', scaleUp: skipped, scaleDown: skipped, started: () => 0, close: async () => {} };
}

export const PGLITE_REFUSAL =
  'The process provider needs PostgreSQL (DATABASE_URL): the embedded PGlite database belongs to one process, so a second server cannot share it.';

interface Log {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

/**
 * Starts a second server process on this host (the same Node, flags and entry script, PORT one
 * above this one, the same environment otherwise) and waits until it answers /api/health; on
 * scale-down it sends SIGTERM to the process it started (only that one).
 */
export function processProvider(options: {
  port: number;
  host: string;
  databaseUrl: string | null;
  log: Log;
  /** How long the new process has to answer /api/health (default 60 s). */
  startTimeoutMs?: number;
}): ScalingProvider {
  let child: ChildProcess | null = null;
  const port = options.port + 1;
  const host = ['0.0.0.0', '::', ''].includes(options.host) ? '127.0.0.1' : options.host;
  const healthUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}/api/health`;
  const alive = () => child !== null && child.exitCode === null && child.signalCode === null;

  const stopChild = async (): Promise<void> => {
    const running = child;
    if (!running || !alive()) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill('SIGTERM');
    await exited;
  };

  return {
    name: 'process',
    started: () => (alive() ? 1 : 0),
    async scaleUp() {
      if (options.databaseUrl === null) return { outcome: 'failed', error: PGLITE_REFUSAL };
      if (alive()) {
        return { outcome: 'skipped', error: `The second process (pid ${child!.pid}) already runs.` };
      }
      const entry = process.argv[1];
      if (!entry) return { outcome: 'failed', error: 'This process has no entry script to start again.' };
      const started = spawn(process.execPath, [...process.execArgv, entry, ...process.argv.slice(2)], {
        env: { ...process.env, PORT: String(port) },
        stdio: 'inherit',
      });
      child = started;
      const exit = new Promise<string>((resolve) => {
        started.once('error', (error) => resolve(`it could not be started: ${error.message}`));
        started.once('exit', (code, signal) => resolve(`it exited (${signal ?? `code ${code}`})`));
      });
      const deadline = Date.now() + (options.startTimeoutMs ?? 60_000);
      while (Date.now() < deadline) {
        const early = await Promise.race([exit, new Promise<null>((r) => setTimeout(() => r(null), 500))]);
        if (early !== null) {
          return { outcome: 'failed', error: `The second process on port ${port} did not start: ${early}.` };
        }
        const up = await fetch(healthUrl, { signal: AbortSignal.timeout(2_000) }).then(
          (res) => res.ok,
          () => false,
        );
        if (up) {
          options.log.info({ pid: started.pid, port }, 'auto-scaler: second server process started');
          return { outcome: 'done', error: null };
        }
      }
      await stopChild();
      return {
        outcome: 'failed',
        error: `The second process on port ${port} did not answer ${healthUrl} within ${Math.round((options.startTimeoutMs ?? 60_000) / 1000)} s; it was stopped.`,
      };
    },
    async scaleDown() {
      if (!alive()) {
        return {
          outcome: 'skipped',
          error: 'The process provider stops only a server process it started, and none of its runs.',
        };
      }
      const pid = child!.pid;
      await stopChild();
      options.log.info({ pid }, 'auto-scaler: second server process stopped');
      return { outcome: 'done', error: null };
    },
    close: stopChild,
  };
}

export interface DecisionRow {
  id: number;
  at: Date;
  action: string;
  reason: string;
  cpuPercent: number;
  instancesBefore: number;
  instancesAfter: number;
  provider: string;
  outcome: string;
  error: string | null;
}

export function createAutoScaler(deps: {
  db: Db;
  clock: Clock;
  /** The host CPU samples, oldest first (ops/measurements.ts). */
  samples: () => readonly CpuSample[];
  provider: ScalingProvider;
  instanceId: string;
}) {
  const { db, clock, provider } = deps;
  let acting = false;

  const lastDecisionAt = async (): Promise<number | null> => {
    const [row] = await db
      .select({ at: schema.scalingDecisions.at })
      .from(schema.scalingDecisions)
      .orderBy(desc(schema.scalingDecisions.at))
      .limit(1);
    return row ? row.at.getTime() : null;
  };

  const instances = async (now: Date) => Math.max(await liveInstanceCount(db, now), 1 + provider.started());

  return {
    provider: provider.name,
    /** A provider action is under way. */
    acting: () => acting,
    instances: () => instances(clock.now()),

    /** The rules now, without acting (the status page's progress). */
    async verdict(): Promise<ScalingVerdict> {
      const now = clock.now();
      return evaluateScaling({
        samples: deps.samples(),
        now: now.getTime(),
        instances: await instances(now),
        lastDecisionAt: await lastDecisionAt(),
      });
    },

    /** One pass: a decision when the rules say so, recorded with what the provider did. */
    async evaluate(): Promise<DecisionRow | null> {
      const now = clock.now();
      const before = await instances(now);
      const { decision } = evaluateScaling({
        samples: deps.samples(),
        now: now.getTime(),
        instances: before,
        lastDecisionAt: await lastDecisionAt(),
      });
      if (!decision) return null;
      acting = true;
      let result: ProviderResult;
      try {
        result = decision.action === 'scale_up' ? await provider.scaleUp() : await provider.scaleDown();
      } catch (error) {
        result = { outcome: 'failed', error: (error as Error).message };
      } finally {
        acting = false;
      }
      const [row] = await db
        .insert(schema.scalingDecisions)
        .values({
          at: now,
          instanceId: deps.instanceId,
          action: decision.action,
          reason: decision.reason,
          cpuPercent: decision.cpuPercent,
          instancesBefore: before,
          instancesAfter: result.outcome === 'done' ? decision.instancesAfter : before,
          provider: provider.name,
          outcome: result.outcome,
          error: result.error,
        })
        .returning();
      return row!;
    },

    /** The latest decisions, newest first. */
    recent(limit: number): Promise<DecisionRow[]> {
      return db
        .select()
        .from(schema.scalingDecisions)
        .orderBy(desc(schema.scalingDecisions.at), desc(schema.scalingDecisions.id))
        .limit(limit);
    },

    close: () => provider.close(),
  };
}

export type AutoScaler = ReturnType<typeof createAutoScaler>;
