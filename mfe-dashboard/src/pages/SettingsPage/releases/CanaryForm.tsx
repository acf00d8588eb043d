/**
 * Starting a canary (a published release that is not the stable one, for N% of browsers) and
 * changing a running canary's percentage. Each reports the server's answer to its card.
 */
import { useState } from 'react';
import { Button, Field, Flex, NativeSelect, Text } from '@nivesh/ui/chakra';
import { LuFlaskConical, LuPercent } from 'react-icons/lu';
import type { RemoteReleases } from '@nivesh/api-contract';
import { useSetCanaryPercentMutation, useStartCanaryMutation } from '@nivesh/api-client';
import { formatIstDateTime } from '@nivesh/ui';
import { outcomeOf, type Outcome } from './outcome';
import { PercentField } from './PercentField';
import { parsePercent } from './releaseDisplay';

/** Where a new canary starts unless the operator types another share. */
const DEFAULT_CANARY_PERCENT = '10';

export function StartCanaryForm({
  remote,
  onOutcome,
}: {
  remote: RemoteReleases;
  onOutcome: (outcome: Outcome) => void;
}) {
  const candidates = remote.releases.filter((release) => release.version !== remote.stable?.version);
  const [chosen, setChosen] = useState(candidates[0]?.version ?? '');
  const [percentText, setPercentText] = useState(DEFAULT_CANARY_PERCENT);
  const [startCanary, { isLoading }] = useStartCanaryMutation();

  if (candidates.length === 0) {
    return (
      <Text textStyle="sm" color="fg.muted">
        To start a canary, publish a new release first:{' '}
        <Text as="span" fontFamily="mono">
          pnpm release publish {remote.name}
        </Text>
      </Text>
    );
  }

  // The chosen release may have left the list (a refresh); fall back to the newest candidate.
  const version = candidates.some((release) => release.version === chosen)
    ? chosen
    : (candidates[0]?.version ?? '');
  const percent = parsePercent(percentText);

  async function start() {
    if (percent === null || !version) return;
    onOutcome(outcomeOf(await startCanary({ params: { name: remote.name }, body: { version, percent } })));
  }

  return (
    <Flex
      as="form"
      gap="3"
      align="flex-start"
      wrap="wrap"
      onSubmit={(event) => {
        event.preventDefault();
        void start();
      }}
    >
      <Field.Root flex="1" minW={{ base: 'full', sm: '56' }}>
        <Field.Label>Canary release</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            value={version}
            onChange={(event) => setChosen(event.target.value)}
            fontFamily="mono"
          >
            {candidates.map((release) => (
              <option key={release.version} value={release.version}>
                {release.version} (published {formatIstDateTime(release.published_at)})
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <PercentField label="Share of browsers" value={percentText} onChange={setPercentText} />
      <Button
        type="submit"
        colorPalette="brand"
        mt={{ base: '0', sm: '6' }}
        disabled={percent === null}
        loading={isLoading}
      >
        <LuFlaskConical /> Start canary
      </Button>
    </Flex>
  );
}

export function CanaryPercentForm({
  remote,
  current,
  onOutcome,
}: {
  remote: RemoteReleases;
  current: number;
  onOutcome: (outcome: Outcome) => void;
}) {
  const [percentText, setPercentText] = useState(String(current));
  const [setCanaryPercent, { isLoading }] = useSetCanaryPercentMutation();
  const percent = parsePercent(percentText);

  async function apply() {
    if (percent === null) return;
    onOutcome(outcomeOf(await setCanaryPercent({ params: { name: remote.name }, body: { percent } })));
  }

  return (
    <Flex
      as="form"
      gap="3"
      align="flex-start"
      wrap="wrap"
      onSubmit={(event) => {
        event.preventDefault();
        void apply();
      }}
    >
      <PercentField
        label="New share of browsers"
        value={percentText}
        onChange={setPercentText}
        helper={`Now ${current}%`}
      />
      <Button
        type="submit"
        variant="outline"
        mt={{ base: '0', sm: '6' }}
        disabled={percent === null || percent === current}
        loading={isLoading}
      >
        <LuPercent /> Set percentage
      </Button>
    </Flex>
  );
}
