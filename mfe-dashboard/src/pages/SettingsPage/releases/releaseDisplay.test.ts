import type { RemoteReleases, RolloutEvent } from '@nivesh/api-contract';
import {
  eventSentence,
  failureTone,
  formatFailureRate,
  parsePercent,
  policySentence,
  previousStable,
  type SentencePart,
} from './releaseDisplay';

const text = (parts: SentencePart[]) =>
  parts.map((part) => (typeof part === 'string' ? part : part.version)).join('');

function event(overrides: Partial<RolloutEvent> & Pick<RolloutEvent, 'action'>): RolloutEvent {
  return {
    at: '2026-11-20T09:45:00.000Z',
    actor: 'operator@nivesh.local',
    version: '1.2.0+b',
    previous_version: null,
    percent: null,
    reason: null,
    ...overrides,
  };
}

describe('parsePercent', () => {
  it('takes whole numbers from 0 to 100 only', () => {
    expect(parsePercent('0')).toBe(0);
    expect(parsePercent(' 25 ')).toBe(25);
    expect(parsePercent('100')).toBe(100);
    for (const bad of ['', '101', '-1', '2.5', '1e2', 'ten', '1000']) expect(parsePercent(bad)).toBeNull();
  });
});

describe('policy and failure texts', () => {
  it('builds the automatic rollback sentence from the policy, in the singular where it fits', () => {
    expect(
      policySentence({ max_failure_rate: 0.2, min_loads: 20, window_minutes: 60, browsers_per_address: 3 }),
    ).toBe(
      "A canary is rolled back automatically when at least 20 browsers loaded it within 60 minutes and its failure rate is more than 20 points above the stable release's (each address counts as at most 3 browsers).",
    );
    expect(
      policySentence({ max_failure_rate: 0.025, min_loads: 1, window_minutes: 1, browsers_per_address: 1 }),
    ).toBe(
      "A canary is rolled back automatically when at least 1 browser loaded it within 1 minute and its failure rate is more than 2.5 points above the stable release's (each address counts as at most 1 browser).",
    );
  });

  it("measures a canary's failures from the stable release's, as the rollback rule does", () => {
    const policy = { max_failure_rate: 0.2, min_loads: 20, window_minutes: 60, browsers_per_address: 3 };
    const canary = { loads: 50, failures: 15, failure_rate: 0.3 };
    expect(failureTone(canary, policy)).toBe('over');
    // A bad network fails stable too: 30% against stable's 25% is within the limit.
    expect(failureTone(canary, policy, 0.25)).toBe('some');
    expect(failureTone({ loads: 10, failures: 4, failure_rate: 0.4 }, policy, 0.2)).toBe('some');
    expect(failureTone({ loads: 10, failures: 5, failure_rate: 0.5 }, policy, 0.2)).toBe('over');
  });

  it('shows a failure rate with one decimal', () => {
    expect(formatFailureRate(0.24)).toBe('24.0%');
    expect(formatFailureRate(1 / 3)).toBe('33.3%');
    expect(formatFailureRate(0)).toBe('0.0%');
  });
});

describe('eventSentence', () => {
  it('tells a dropped canary from a stable rollback', () => {
    expect(text(eventSentence(event({ action: 'rollback', percent: 10 })))).toBe(
      'Dropped canary 1.2.0+b (it reached 10%)',
    );
    expect(text(eventSentence(event({ action: 'rollback', previous_version: '1.3.0+c' })))).toBe(
      'Returned stable to 1.2.0+b (was 1.3.0+c)',
    );
    expect(text(eventSentence(event({ action: 'canary_percent', percent: 50 })))).toBe(
      'Canary 1.2.0+b now for 50% of browsers',
    );
  });
});

describe('previousStable', () => {
  const remote = (history: RolloutEvent[]): RemoteReleases => ({
    name: 'risk',
    stable: {
      version: '1.2.0+b',
      published_at: '2026-11-20T09:00:00.000Z',
      published_by: 'operator@nivesh.local',
      exposes: [],
      stats: { loads: 0, failures: 0, failure_rate: 0 },
    },
    canary: null,
    releases: [],
    history,
  });

  it('reads the newest entry that made the current release stable, as the server does', () => {
    expect(
      previousStable(
        remote([
          event({ action: 'promote', previous_version: '1.1.0+a' }),
          event({ action: 'stable', previous_version: '1.0.0+z' }),
        ]),
      ),
    ).toBe('1.1.0+a');
    expect(previousStable(remote([event({ action: 'stable' })]))).toBeNull();
    // The history no longer reaches back that far.
    expect(previousStable(remote([event({ action: 'publish', version: '1.3.0+c' })]))).toBeUndefined();
  });
});
