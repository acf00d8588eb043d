/**
 * Automated execution on the Daily Allocation page: whether it is on, the account it trades, its next
 * run, what holds new entries back, and the last run with what it did and why. Pause and resume, and
 * the run time (IST): the times the server's session takes come with the status (`run_time_window`:
 * NSE's 09:15 open to the 15:20 square-off, or any time while the simulated market is open at every
 * hour), and the field checks what is typed with the contract's `runTimeProblem` on that window.
 */
import { useState } from 'react';
import { Badge, Box, Button, Field, HStack, Input, List, SimpleGrid, Stack, Text } from '@nivesh/ui/chakra';
import { LuPause, LuPlay } from 'react-icons/lu';
import { runTimeProblem, type AutomationRun } from '@nivesh/api-contract';
import {
  errorMessage,
  queryView,
  useAutomationStatusQuery,
  useSetAutomationMutation,
} from '@nivesh/api-client';
import { formatIstDateTime, formatRupees, Panel, QueryNotice, StatCard } from '@nivesh/ui';

const RUN_STATUS = {
  running: { label: 'Running', palette: 'blue' },
  done: { label: 'Done', palette: 'green' },
  skipped: { label: 'Skipped', palette: 'orange' },
  failed: { label: 'Failed', palette: 'red' },
} as const;

export function RunStatusBadge({ status }: { status: AutomationRun['status'] }) {
  const { label, palette } = RUN_STATUS[status];
  return (
    <Badge colorPalette={palette} variant="subtle">
      {label}
    </Badge>
  );
}

/** What the open positions' stops are, as the orders resting now say. */
function stopsHelp(open: number, protectedCount: number): string {
  if (open === 0) return 'None open';
  const without = open - protectedCount;
  if (without === 0) return open === 1 ? 'With a resting stop' : `All ${open} with a resting stop`;
  if (protectedCount === 0) return open === 1 ? 'No resting stop' : 'None with a resting stop';
  return `${protectedCount} with a resting stop, ${without} without`;
}

export function AutomationPanel() {
  const query = useAutomationStatusQuery();
  const view = queryView(query, 'The automation did not answer.');
  const status = view.data?.data;
  const [setAutomation, setState] = useSetAutomationMutation();
  const [runTime, setRunTime] = useState<string | null>(null);
  const [feedback, setFeedback] = useState<{ ok: boolean; text: string } | null>(null);
  const typed = runTime ?? status?.run_time ?? '';
  // The shown time, typed or stored, on the server's window (a stored one may predate the session).
  const problem = status ? runTimeProblem(typed, status.run_time_window) : null;

  async function update(enabled: boolean) {
    setFeedback(null);
    const body = runTime !== null && !problem ? { enabled, run_time: runTime } : { enabled };
    const result = await setAutomation({ body });
    if ('data' in result && result.data) {
      setRunTime(null);
      setFeedback({ ok: true, text: result.data.message });
    } else {
      setFeedback({
        ok: false,
        text: errorMessage(
          'error' in result ? result.error : undefined,
          'The automation could not be changed. Please try again.',
        ),
      });
    }
  }

  if (!status) {
    return (
      <Panel title="Automated execution">
        <QueryNotice
          view={view}
          unavailableTitle="Automation not connected"
          errorTitle="Automation status not available"
        />
      </Panel>
    );
  }
  const last = status.last_run;
  return (
    <Panel
      title="Automated execution"
      subtitle="Each trading day the allocator spends the day's amount across the best signals, with a stop and a target on every entry"
      actions={
        status.enabled ? (
          <Button size="sm" variant="outline" onClick={() => update(false)} loading={setState.isLoading}>
            <LuPause /> Pause automation
          </Button>
        ) : (
          <Button
            size="sm"
            colorPalette="brand"
            onClick={() => update(true)}
            loading={setState.isLoading}
            disabled={Boolean(problem)}
          >
            <LuPlay /> Resume automation
          </Button>
        )
      }
    >
      <Stack gap="4">
        <QueryNotice
          view={view}
          unavailableTitle="Automation not connected"
          errorTitle="Automation status not available"
        />
        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
          <StatCard
            label="Automation"
            value={status.enabled ? (status.blocked_by.length > 0 ? 'On · held' : 'On') : 'Paused'}
            help={`${status.account === 'live' ? 'Live' : 'Paper'} account`}
          />
          <StatCard
            label="Next run"
            value={status.next_run_at ? formatIstDateTime(status.next_run_at) : '--'}
            help={status.enabled ? `Daily at ${status.run_time} IST` : 'Paused: no run scheduled'}
          />
          <StatCard
            label="Open automated positions"
            value={String(status.open_positions)}
            tone={status.protected_positions < status.open_positions ? 'warning' : 'neutral'}
            help={stopsHelp(status.open_positions, status.protected_positions)}
          />
        </SimpleGrid>
        {status.blocked_by.length > 0 && (
          <Box
            role="status"
            borderWidth="1px"
            borderColor="orange.muted"
            bg="orange.subtle"
            rounded="l2"
            p="3"
          >
            <Text fontWeight="medium">New automated entries are held back:</Text>
            <List.Root ps="4" textStyle="sm">
              {status.blocked_by.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List.Root>
          </Box>
        )}
        <Field.Root invalid={Boolean(problem)} maxW={{ base: 'full', sm: 'md' }}>
          <Field.Label>Run time (IST)</Field.Label>
          <HStack>
            <Input
              aria-label="Run time (IST)"
              value={typed}
              onChange={(event) => setRunTime(event.target.value)}
              placeholder="09:30"
              inputMode="numeric"
            />
            {runTime !== null && status.enabled && (
              <Button
                size="sm"
                onClick={() => update(true)}
                disabled={Boolean(problem)}
                loading={setState.isLoading}
              >
                Save
              </Button>
            )}
          </HStack>
          {problem ? (
            <Field.ErrorText>{problem}</Field.ErrorText>
          ) : (
            <Field.HelperText>{status.run_time_window.note}</Field.HelperText>
          )}
        </Field.Root>
        {feedback && (
          <Text role={feedback.ok ? 'status' : 'alert'} color={feedback.ok ? 'gain' : 'loss'} textStyle="sm">
            {feedback.text}
          </Text>
        )}
        <Box>
          <HStack gap="2" mb="1" wrap="wrap">
            <Text fontWeight="semibold">Last run</Text>
            {last ? (
              <>
                <Text textStyle="sm" color="fg.muted">
                  {formatIstDateTime(last.started_at)}
                </Text>
                <RunStatusBadge status={last.status} />
                <Text textStyle="sm" color="fg.muted" fontVariantNumeric="tabular-nums">
                  {formatRupees(last.spent)} of {formatRupees(last.amount)} · {last.orders_placed} orders
                </Text>
              </>
            ) : (
              <Text textStyle="sm" color="fg.muted">
                None yet
              </Text>
            )}
          </HStack>
          {last && (
            <List.Root ps="4" textStyle="sm" gap="0.5" aria-label="What the last run did">
              {last.lines.map((line, i) => (
                <List.Item key={i}>{line}</List.Item>
              ))}
            </List.Root>
          )}
        </Box>
      </Stack>
    </Panel>
  );
}
