/**
 * One remote: its stable release and canary (version, reach, who published it and when, and the
 * browsers that failed to load it against the automatic rollback policy), the actions that fit its
 * state, the answer to the last action, and its history.
 */
import { useState, type ReactNode } from 'react';
import {
  Badge,
  Box,
  Flex,
  Heading,
  HStack,
  Progress,
  Separator,
  SimpleGrid,
  Stack,
  Text,
} from '@nivesh/ui/chakra';
import type { AutoRollbackPolicy, LoadStats, RemoteReleases } from '@nivesh/api-contract';
import { Eyebrow, formatIstDateTime, timeAgo } from '@nivesh/ui';
import { CanaryPercentForm, StartCanaryForm } from './CanaryForm';
import type { Outcome } from './outcome';
import { ReleaseHistory } from './ReleaseHistory';
import {
  failureCountText,
  FAILURE_TONE_COLOR,
  failureTone,
  formatFailureRate,
  REMOTE_LABELS,
  windowText,
} from './releaseDisplay';
import { CanaryDecision, StableRollback } from './RolloutActions';

function Version({ value }: { value: string }) {
  return (
    <Text fontFamily="mono" fontWeight="semibold" textStyle="md" wordBreak="break-all">
      {value}
    </Text>
  );
}

function SmallPrint({ children }: { children: ReactNode }) {
  return (
    <Text textStyle="xs" color="fg.muted" fontVariantNumeric="tabular-nums">
      {children}
    </Text>
  );
}

/** The share of browsers that failed to load a release, coloured against the policy. */
function FailureFigures({
  stats,
  policy,
  label,
  baseline = 0,
}: {
  stats: LoadStats;
  policy: AutoRollbackPolicy;
  label: string;
  /** For a canary: the stable release's failure rate, which its limit is measured from. */
  baseline?: number;
}) {
  const tone = failureTone(stats, policy, baseline);
  return (
    <Stack gap="0.5" role="group" aria-label={label}>
      <SmallPrint>Failed to load ({windowText(policy)})</SmallPrint>
      {tone === 'no-loads' ? (
        <Text textStyle="sm" color="fg.muted">
          No browser has reported loading it yet
        </Text>
      ) : (
        <HStack gap="2" align="baseline" wrap="wrap" fontVariantNumeric="tabular-nums">
          <Text fontWeight="semibold" color={FAILURE_TONE_COLOR[tone]} data-tone={tone}>
            {formatFailureRate(stats.failure_rate)}
          </Text>
          <Text textStyle="sm" color="fg.muted">
            {failureCountText(stats)}
          </Text>
        </HStack>
      )}
    </Stack>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack
      as="section"
      aria-label={title}
      gap="2"
      p="3"
      rounded="l2"
      borderWidth="1px"
      borderColor="border.muted"
      bg="bg.subtle"
      minW="0"
    >
      <Eyebrow fontWeight="semibold">{title}</Eyebrow>
      {children}
    </Stack>
  );
}

function stateBadge(remote: RemoteReleases): { text: string; palette: string } {
  if (remote.canary) return { text: `Canary at ${remote.canary.percent}%`, palette: 'purple' };
  if (remote.stable) return { text: 'All on stable', palette: 'green' };
  return { text: 'Not released', palette: 'gray' };
}

export function RemoteReleaseCard({
  remote,
  policy,
}: {
  remote: RemoteReleases;
  policy: AutoRollbackPolicy;
}) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const label = REMOTE_LABELS[remote.name];
  const { stable, canary } = remote;
  const badge = stateBadge(remote);

  return (
    <Box
      as="article"
      aria-label={label}
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      rounded="l3"
      p={{ base: '4', md: '5' }}
      shadow="xs"
      minW="0"
    >
      <Stack gap="4">
        <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
          <Stack gap="0.5">
            <Heading as="h3" size="md">
              {label}
            </Heading>
            <Text textStyle="xs" fontFamily="mono" color="fg.muted">
              {remote.name}
            </Text>
          </Stack>
          <Badge colorPalette={badge.palette} variant="subtle" size="md">
            {badge.text}
          </Badge>
        </Flex>

        {!stable && remote.releases.length === 0 ? (
          <Stack gap="1">
            <Text fontWeight="medium">No release published yet</Text>
            <SmallPrint>
              Build and publish one with{' '}
              <Text as="span" fontFamily="mono">
                pnpm release publish {remote.name}
              </Text>
              ; until then its pages show the load error.
            </SmallPrint>
          </Stack>
        ) : !stable ? (
          <Stack gap="1">
            <Text fontWeight="medium">No stable release yet</Text>
            <SmallPrint>
              {remote.releases.length} published, none made stable; its pages show the load error until one
              is.
            </SmallPrint>
          </Stack>
        ) : (
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            <Block title="Stable">
              <Version value={stable.version} />
              <SmallPrint>
                Published {formatIstDateTime(stable.published_at)} by {stable.published_by}
              </SmallPrint>
              <SmallPrint>{canary ? `${100 - canary.percent}% of browsers` : 'Every browser'}</SmallPrint>
              <FailureFigures stats={stable.stats} policy={policy} label="Stable failures" />
            </Block>
            <Block title="Canary">
              {canary ? (
                <>
                  <Version value={canary.version} />
                  <Stack gap="1">
                    <Text textStyle="sm" fontWeight="medium" fontVariantNumeric="tabular-nums">
                      {canary.percent}% of browsers
                    </Text>
                    <Progress.Root
                      value={canary.percent}
                      size="xs"
                      colorPalette="purple"
                      aria-label={`${label} canary share`}
                    >
                      <Progress.Track>
                        <Progress.Range />
                      </Progress.Track>
                    </Progress.Root>
                  </Stack>
                  <SmallPrint>
                    Started {formatIstDateTime(canary.started_at)} ({timeAgo(canary.started_at)})
                  </SmallPrint>
                  <FailureFigures
                    stats={canary.stats}
                    policy={policy}
                    label="Canary failures"
                    baseline={stable.stats.failure_rate}
                  />
                  {canary.stats.loads < policy.min_loads && (
                    <SmallPrint>
                      Automatic rollback applies from {policy.min_loads} browsers; {canary.stats.loads} so
                      far.
                    </SmallPrint>
                  )}
                </>
              ) : (
                <Text textStyle="sm" color="fg.muted">
                  No canary running: every browser loads the stable release.
                </Text>
              )}
            </Block>
          </SimpleGrid>
        )}

        {stable && (
          <Stack gap="3">
            {canary ? (
              <>
                <CanaryPercentForm
                  key={canary.percent}
                  remote={remote}
                  current={canary.percent}
                  onOutcome={setOutcome}
                />
                <CanaryDecision remote={remote} onOutcome={setOutcome} />
              </>
            ) : (
              <>
                <StartCanaryForm remote={remote} onOutcome={setOutcome} />
                <StableRollback remote={remote} onOutcome={setOutcome} />
              </>
            )}
          </Stack>
        )}

        {outcome && (
          <Text
            textStyle="sm"
            fontWeight="medium"
            color={outcome.kind === 'success' ? 'gain' : 'loss'}
            role={outcome.kind === 'success' ? 'status' : 'alert'}
          >
            {outcome.text}
          </Text>
        )}

        <Separator />
        <Stack gap="1">
          <Heading as="h4" size="sm">
            History
          </Heading>
          <ReleaseHistory events={remote.history} label={label} />
        </Stack>
      </Stack>
    </Box>
  );
}
