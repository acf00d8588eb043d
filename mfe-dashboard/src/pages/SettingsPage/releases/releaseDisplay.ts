/**
 * How releases are shown: the remotes' friendly names, failure shares against the automatic
 * rollback policy, the policy as a sentence, each history entry as a sentence, and the percent
 * input's check.
 */
import type {
  AutoRollbackPolicy,
  LoadStats,
  RemoteName,
  RemoteReleases,
  RolloutAction,
  RolloutEvent,
} from '@nivesh/api-contract';

export const REMOTE_LABELS: Record<RemoteName, string> = {
  landing: 'Landing page',
  dashboard: 'Dashboard group',
  risk: 'Risk',
  trading: 'Trading group',
  ml_ops: 'ML & operations',
};

export const PERCENT_INVALID_TEXT = 'Enter a whole percentage from 0 to 100';

/** The percent input's text as a whole percentage from 0 to 100, else null. */
export function parsePercent(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,3}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value <= 100 ? value : null;
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** A failure rate (0..1) with one decimal, as the operator compares it: 0.04 -> '4.0%'. */
export function formatFailureRate(rate: number): string {
  return `${(rate * 100).toFixed(1)}%`;
}

export function failureCountText(stats: LoadStats): string {
  return `${stats.failures} of ${plural(stats.loads, 'browser', 'browsers')}`;
}

/** A difference of shares in percentage points: 0.2 -> '20 points', 0.01 -> '1 point'. */
function formatPoints(share: number): string {
  const points = Math.round(share * 1000) / 10;
  return `${points} ${points === 1 ? 'point' : 'points'}`;
}

/**
 * Where a release's failures stand against the policy: over the limit (red), some failures under
 * it (orange), none (green), or nothing reported yet. A canary's limit is the stable release's
 * failure rate (`baseline`) plus the policy's margin, as the server decides its rollback.
 */
export type FailureTone = 'over' | 'some' | 'none' | 'no-loads';

export function failureTone(stats: LoadStats, policy: AutoRollbackPolicy, baseline = 0): FailureTone {
  if (stats.loads === 0) return 'no-loads';
  if (stats.failure_rate - baseline > policy.max_failure_rate + 1e-9) return 'over';
  return stats.failures > 0 ? 'some' : 'none';
}

export const FAILURE_TONE_COLOR: Record<FailureTone, string> = {
  over: 'loss',
  some: 'orange.fg',
  none: 'gain',
  'no-loads': 'fg.muted',
};

/** The automatic rollback rule as one sentence, from the server's policy. */
export function policySentence(policy: AutoRollbackPolicy): string {
  return (
    `A canary is rolled back automatically when at least ${plural(policy.min_loads, 'browser', 'browsers')} ` +
    `loaded it within ${plural(policy.window_minutes, 'minute', 'minutes')} and its failure rate is more ` +
    `than ${formatPoints(policy.max_failure_rate)} above the stable release's (each address counts as ` +
    `at most ${plural(policy.browsers_per_address, 'browser', 'browsers')}).`
  );
}

export function windowText(policy: AutoRollbackPolicy): string {
  return `last ${plural(policy.window_minutes, 'minute', 'minutes')}`;
}

export const ACTION_LABELS: Record<RolloutAction, string> = {
  publish: 'Published',
  stable: 'Made stable',
  canary_start: 'Canary started',
  canary_percent: 'Canary percentage',
  promote: 'Promoted',
  rollback: 'Rolled back',
  auto_rollback: 'Automatic rollback',
};

export const ACTION_PALETTE: Record<RolloutAction, string> = {
  publish: 'gray',
  stable: 'blue',
  canary_start: 'purple',
  canary_percent: 'purple',
  promote: 'green',
  rollback: 'orange',
  auto_rollback: 'red',
};

/** A sentence in pieces: words, and versions (shown in monospace). */
export type SentencePart = string | { version: string };

/** What one history entry did, in words. */
export function eventSentence(event: RolloutEvent): SentencePart[] {
  const version = event.version === null ? 'an unknown release' : { version: event.version };
  const was: SentencePart[] = event.previous_version
    ? [' (was ', { version: event.previous_version }, ')']
    : [];
  const reach = event.percent === null ? '' : ` for ${event.percent}% of browsers`;
  switch (event.action) {
    case 'publish':
      return ['Published ', version];
    case 'stable':
      return ['Made ', version, ' stable', ...was];
    case 'canary_start':
      return ['Started canary ', version, reach];
    case 'canary_percent':
      return ['Canary ', version, ` now${reach}`];
    case 'promote':
      return ['Promoted ', version, ' to stable', ...was];
    case 'rollback':
      // Returning stable records the release it left; dropping a canary records its percentage.
      return event.previous_version
        ? ['Returned stable to ', version, ...was]
        : ['Dropped canary ', version, event.percent === null ? '' : ` (it reached ${event.percent}%)`];
    case 'auto_rollback':
      return ['Dropped canary ', version, ' automatically'];
  }
}

/**
 * The release that was stable before the current one, read from the history as the server reads
 * it (the newest entry that made the current release stable): undefined when the history (the
 * latest 50 entries) no longer says, null when there was none.
 */
export function previousStable(remote: RemoteReleases): string | null | undefined {
  const stable = remote.stable;
  if (!stable) return null;
  const made = remote.history.find(
    (event) =>
      event.version === stable.version &&
      (event.action === 'stable' || event.action === 'promote' || event.action === 'rollback'),
  );
  return made ? made.previous_version : undefined;
}
