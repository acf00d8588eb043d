/**
 * 'System Diagnostics & Control' (specification part 1, sections 2, 4 and 7): the server's status,
 * the trading mode with a mock-mode switch, and a server restart that reports its progress.
 */
import { useCallback, useState } from 'react';
import { Badge, Box, Button, DataList, Dialog, HStack, Progress, Stack, Text } from '@nivesh/ui/chakra';
import { LuPower, LuRefreshCw } from 'react-icons/lu';
import { queryView, useHealthQuery, useServerStatusQuery, useTradingModeSwitch } from '@nivesh/api-client';
import { StaleNotice, TradingModeSwitch } from '@nivesh/ui';
import { WorkDialog } from '../../features/layout/WorkDialog';
import { formatUptime } from '../../features/serverHealth/uptime';
import { useServerRestart } from './useServerRestart';
import type { RestartProgress } from './serverRestart';

function progressText(progress: RestartProgress): string {
  switch (progress.phase) {
    case 'requesting':
      return progress.via === 'management'
        ? 'Requesting a server restart...'
        : `Restart failed (${progress.previousError ?? 'no answer'}); trying the fallback restart...`;
    case 'waiting':
      return `${progress.message} Waiting for the server (check ${progress.attempt} of ${progress.maxAttempts})...`;
    case 'restarted':
      return `Server restarted: version ${progress.version}, up ${formatUptime(progress.uptime)} (after ${progress.attempts} ${progress.attempts === 1 ? 'check' : 'checks'}).`;
    case 'timed-out':
      return `The server did not come back after ${progress.attempts} checks. Check the server's console.`;
    case 'failed':
      return `Restart failed: ${progress.error}`;
  }
}

const PROGRESS_COLOR: Record<RestartProgress['phase'], string> = {
  requesting: 'fg',
  waiting: 'fg',
  restarted: 'gain',
  'timed-out': 'loss',
  failed: 'loss',
};

function ServerStatusSection() {
  const statusQuery = useServerStatusQuery();
  const healthQuery = useHealthQuery();
  const statusView = queryView(statusQuery, 'Server management is not available.');
  const healthView = queryView(healthQuery);
  const status = statusView.data;
  // Online is a claim about now: only the latest check's answer makes it.
  const health = healthView.state === 'ready' ? healthView.data : undefined;

  return (
    <Stack gap="3">
      <HStack justify="space-between">
        <Text fontWeight="semibold">Server status</Text>
        <Button
          size="xs"
          variant="ghost"
          onClick={() => {
            void statusQuery.refetch();
            void healthQuery.refetch();
          }}
          loading={statusQuery.isFetching || healthQuery.isFetching}
        >
          <LuRefreshCw /> Check
        </Button>
      </HStack>
      <DataList.Root orientation="horizontal" size="sm" gap="2">
        <DataList.Item>
          <DataList.ItemLabel>API server</DataList.ItemLabel>
          <DataList.ItemValue>
            {health ? (
              <Text as="span" fontVariantNumeric="tabular-nums">
                <Badge colorPalette="green" me="2">
                  Online
                </Badge>
                v{health.version}, up {formatUptime(health.uptime)}
              </Text>
            ) : healthView.failure ? (
              <HStack as="span" gap="2" wrap="wrap">
                <Badge colorPalette="red">Not answering</Badge>
                {healthView.state === 'stale' && <StaleNotice updatedAt={healthView.updatedAt} />}
              </HStack>
            ) : (
              'Checking...'
            )}
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Main server</DataList.ItemLabel>
          <DataList.ItemValue>
            {status ? (
              <Text as="span" fontVariantNumeric="tabular-nums">
                <Badge colorPalette={status.main_server_healthy ? 'green' : 'red'} me="2">
                  {status.main_server_healthy ? 'Healthy' : 'Unhealthy'}
                </Badge>
                {status.main_server_pid !== null ? `PID ${status.main_server_pid}` : 'not running'}
                {status.uptime !== null ? `, up ${formatUptime(status.uptime)}` : ''}
                {statusView.state === 'stale' && (
                  <StaleNotice updatedAt={statusView.updatedAt} detail={statusView.failureText} />
                )}
              </Text>
            ) : statusView.failure ? (
              <Text as="span" color="fg.muted">
                {statusView.failureText}
              </Text>
            ) : (
              'Checking...'
            )}
          </DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
    </Stack>
  );
}

function TradingModeSection() {
  const modeSwitch = useTradingModeSwitch();
  return (
    <Stack gap="3">
      <Text fontWeight="semibold">Trading mode</Text>
      <Text textStyle="sm" color="fg.muted">
        Mock mode is paper trading on the simulated market; switch it off to return to paper trading.
      </Text>
      <TradingModeSwitch control={modeSwitch} on="mock" />
      {modeSwitch.mode === 'live' && (
        <Text textStyle="xs" color="orange.fg">
          Live trading is on: switching to mock mode stops real-money orders.
        </Text>
      )}
    </Stack>
  );
}

function RestartSection() {
  const statusQuery = useServerStatusQuery();
  const healthQuery = useHealthQuery();
  const refetchStatus = statusQuery.refetch;
  const refetchHealth = healthQuery.refetch;
  const onRestarted = useCallback(() => {
    void refetchStatus();
    void refetchHealth();
  }, [refetchStatus, refetchHealth]);
  const { progress, running, start } = useServerRestart(onRestarted);
  const [confirming, setConfirming] = useState(false);

  return (
    <Stack gap="3">
      <Text fontWeight="semibold">Server restart</Text>
      <Text textStyle="sm" color="fg.muted">
        Restarts the API server. Pages lose their connection until it is back; open orders stay with the
        broker.
      </Text>
      {confirming ? (
        <HStack gap="2" wrap="wrap">
          <Button
            size="sm"
            colorPalette="red"
            onClick={() => {
              setConfirming(false);
              void start();
            }}
          >
            <LuPower /> Confirm restart
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
        </HStack>
      ) : (
        <Box>
          <Button
            size="sm"
            variant="outline"
            colorPalette="red"
            onClick={() => setConfirming(true)}
            disabled={running}
          >
            <LuPower /> Restart Server
          </Button>
        </Box>
      )}
      {progress && (
        <Stack gap="2" role="status" aria-live="polite">
          {progress.phase === 'waiting' && (
            <Progress.Root
              value={(progress.attempt / progress.maxAttempts) * 100}
              size="xs"
              colorPalette="brand"
              aria-label="Waiting for the server"
            >
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
          )}
          <Text textStyle="sm" color={PROGRESS_COLOR[progress.phase]} data-testid="restart-progress">
            {progressText(progress)}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}

export function DiagnosticsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <WorkDialog
      open={open}
      onClose={() => onOpenChange(false)}
      title="System Diagnostics & Control"
      size="lg"
      closeLabel="Close diagnostics"
    >
      <Dialog.Body>
        <Stack gap="6" separator={<Box borderTopWidth="1px" borderColor="border" />}>
          <ServerStatusSection />
          <TradingModeSection />
          <RestartSection />
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline">Done</Button>
        </Dialog.ActionTrigger>
      </Dialog.Footer>
    </WorkDialog>
  );
}
