/**
 * Restarting the server from diagnostics (specification part 1, sections 4, 7 and 9): request a
 * restart (falling back to POST /api/admin/restart when it fails), then check health every 2 s,
 * at most 20 times, each check given 3 s. The server counts as back once health answers from a
 * process younger than the request (its uptime proves the restart happened).
 */
import {
  RESTART_POLL_INTERVAL_MS,
  RESTART_POLL_MAX_ATTEMPTS,
  type contract,
  type ResponseOf,
} from '@nivesh/api-contract';

type Health = ResponseOf<typeof contract.ops.health>;

export type RestartRequestOutcome = { ok: true; message: string } | { ok: false; error: string };

export type RestartProgress =
  | { phase: 'requesting'; via: 'management' | 'admin'; previousError?: string }
  | { phase: 'waiting'; attempt: number; maxAttempts: number; message: string }
  | { phase: 'restarted'; attempts: number; version: string; uptime: number }
  | { phase: 'timed-out'; attempts: number }
  | { phase: 'failed'; error: string };

export interface RestartSteps {
  /** POST /api/management/server/restart. */
  restart: () => Promise<RestartRequestOutcome>;
  /** POST /api/admin/restart. */
  fallbackRestart: () => Promise<RestartRequestOutcome>;
  /** One health check (3 s time-out); null when it failed or timed out. */
  probe: () => Promise<Health | null>;
  wait: (ms: number) => Promise<void>;
  now: () => number;
  onProgress: (progress: RestartProgress) => void;
  /** Stops the procedure (the dialog was closed). */
  cancelled?: () => boolean;
}

/** Uptimes are rounded by the server; allow this much when comparing with the time since the request. */
const UPTIME_SLACK_SECONDS = 1;

export async function restartServer(steps: RestartSteps): Promise<RestartProgress> {
  const report = (progress: RestartProgress) => {
    if (!steps.cancelled?.()) steps.onProgress(progress);
    return progress;
  };

  const requestedAt = steps.now();
  report({ phase: 'requesting', via: 'management' });
  let outcome = await steps.restart();
  if (!outcome.ok) {
    report({ phase: 'requesting', via: 'admin', previousError: outcome.error });
    const fallback = await steps.fallbackRestart();
    if (!fallback.ok) return report({ phase: 'failed', error: fallback.error });
    outcome = fallback;
  }

  for (let attempt = 1; attempt <= RESTART_POLL_MAX_ATTEMPTS; attempt += 1) {
    if (steps.cancelled?.()) return { phase: 'failed', error: 'Cancelled' };
    report({ phase: 'waiting', attempt, maxAttempts: RESTART_POLL_MAX_ATTEMPTS, message: outcome.message });
    await steps.wait(RESTART_POLL_INTERVAL_MS);
    if (steps.cancelled?.()) return { phase: 'failed', error: 'Cancelled' };
    const health = await steps.probe();
    const secondsSinceRequest = (steps.now() - requestedAt) / 1000;
    if (health && health.uptime <= secondsSinceRequest + UPTIME_SLACK_SECONDS) {
      return report({
        phase: 'restarted',
        attempts: attempt,
        version: health.version,
        uptime: health.uptime,
      });
    }
  }
  return report({ phase: 'timed-out', attempts: RESTART_POLL_MAX_ATTEMPTS });
}
