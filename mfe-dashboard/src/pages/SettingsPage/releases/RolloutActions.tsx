/**
 * The actions that change what every browser loads, each behind a confirm dialog: promoting the
 * canary, dropping it, and (with no canary) returning stable to the previous or a chosen release.
 */
import { useState } from 'react';
import { Button, Field, Flex, NativeSelect, Text } from '@nivesh/ui/chakra';
import { LuCircleArrowUp, LuUndo2 } from 'react-icons/lu';
import type { RemoteReleases } from '@nivesh/api-contract';
import { usePromoteCanaryMutation, useRollbackRemoteMutation } from '@nivesh/api-client';
import { ConfirmDialog, formatIstDateTime } from '@nivesh/ui';
import { outcomeOf, type Outcome } from './outcome';
import { previousStable, REMOTE_LABELS } from './releaseDisplay';

function Version({ children }: { children: string }) {
  return (
    <Text as="span" fontFamily="mono" fontWeight="medium">
      {children}
    </Text>
  );
}

/** Promote the running canary, or drop it. */
export function CanaryDecision({
  remote,
  onOutcome,
}: {
  remote: RemoteReleases;
  onOutcome: (outcome: Outcome) => void;
}) {
  const [dialog, setDialog] = useState<'promote' | 'rollback' | null>(null);
  const [promote, promoteState] = usePromoteCanaryMutation();
  const [rollback, rollbackState] = useRollbackRemoteMutation();
  const canary = remote.canary;
  if (!canary) return null;
  const label = REMOTE_LABELS[remote.name];
  const stableVersion = remote.stable?.version ?? 'the stable release';

  async function confirmPromote() {
    const outcome = outcomeOf(await promote({ params: { name: remote.name } }));
    setDialog(null);
    onOutcome(outcome);
  }

  async function confirmRollback() {
    const outcome = outcomeOf(await rollback({ params: { name: remote.name }, body: {} }));
    setDialog(null);
    onOutcome(outcome);
  }

  return (
    <Flex gap="2" wrap="wrap">
      <ConfirmDialog
        open={dialog === 'promote'}
        onOpenChange={(open) => setDialog(open ? 'promote' : null)}
        title={`Promote ${canary.version} to stable?`}
        icon={LuCircleArrowUp}
        tone="neutral"
        confirmLabel="Promote"
        loading={promoteState.isLoading}
        onConfirm={() => void confirmPromote()}
        trigger={
          <Button size="sm" colorPalette="brand">
            <LuCircleArrowUp /> Promote to stable
          </Button>
        }
      >
        <Text>
          Every browser will load {label} <Version>{canary.version}</Version> instead of{' '}
          <Version>{stableVersion}</Version>, not only the {canary.percent}% in the canary. The change is
          recorded in the history under your name.
        </Text>
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === 'rollback'}
        onOpenChange={(open) => setDialog(open ? 'rollback' : null)}
        title={`Roll back the ${label} canary?`}
        icon={LuUndo2}
        tone="danger"
        confirmLabel="Roll back"
        loading={rollbackState.isLoading}
        onConfirm={() => void confirmRollback()}
        trigger={
          <Button size="sm" variant="outline" colorPalette="red">
            <LuUndo2 /> Roll back canary
          </Button>
        }
      >
        <Text>
          The canary <Version>{canary.version}</Version> ends: the {canary.percent}% of browsers on it return
          to <Version>{stableVersion}</Version> on their next load. The change is recorded in the history
          under your name.
        </Text>
      </ConfirmDialog>
    </Flex>
  );
}

/** The previous stable release is sent as no version: the server finds it in its history. */
const PREVIOUS = '';

/** With no canary: return stable to the release before it, or to a chosen published release. */
export function StableRollback({
  remote,
  onOutcome,
}: {
  remote: RemoteReleases;
  onOutcome: (outcome: Outcome) => void;
}) {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  const [rollback, { isLoading }] = useRollbackRemoteMutation();
  const stable = remote.stable;
  if (!stable) return null;

  const previous = previousStable(remote);
  const others = remote.releases.filter(
    (release) => release.version !== stable.version && release.version !== previous,
  );
  const options = [
    // null: the history says there was none before this one, so the server would refuse.
    ...(previous === null
      ? []
      : [{ value: PREVIOUS, text: `Previous stable release${previous ? ` (${previous})` : ''}` }]),
    ...others.map((release) => ({
      value: release.version,
      text: `${release.version} (published ${formatIstDateTime(release.published_at)})`,
    })),
  ];
  // The chosen release may have left the list (a refresh); fall back to the first choice.
  const selected = options.find((option) => option.value === chosen) ?? options[0];
  if (!selected) {
    return (
      <Text textStyle="sm" color="fg.muted">
        No earlier release to roll back to.
      </Text>
    );
  }

  const target = selected.value;
  const targetText = target === PREVIOUS ? (previous ?? 'the previous stable release') : target;

  async function confirm() {
    const body = target ? { version: target } : {};
    const outcome = outcomeOf(await rollback({ params: { name: remote.name }, body }));
    setOpen(false);
    onOutcome(outcome);
  }

  return (
    <Flex gap="3" align="flex-end" wrap="wrap">
      <Field.Root flex="1" minW={{ base: 'full', sm: '56' }}>
        <Field.Label>Roll stable back to</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            value={target}
            onChange={(event) => setChosen(event.target.value)}
            fontFamily="mono"
          >
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.text}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Roll back ${REMOTE_LABELS[remote.name]}?`}
        icon={LuUndo2}
        tone="danger"
        confirmLabel="Roll back"
        loading={isLoading}
        onConfirm={() => void confirm()}
        trigger={
          <Button variant="outline" colorPalette="red">
            <LuUndo2 /> Roll back stable
          </Button>
        }
      >
        <Text>
          Every browser will load <Version>{targetText}</Version> instead of{' '}
          <Version>{stable.version}</Version> on its next load. The change is recorded in the history under
          your name.
        </Text>
      </ConfirmDialog>
    </Flex>
  );
}
