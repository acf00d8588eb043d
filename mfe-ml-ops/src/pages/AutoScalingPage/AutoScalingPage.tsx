/** Auto-Scaling (specification part 2, Auto-Scaling; polled every 30 s). */
import { Box, HStack, List, Progress, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import {
  AUTO_SCALING_RULES,
  TRADING_MODE_LABELS,
  type AutoScalingStatus,
  type MarketPhase,
} from '@nivesh/api-contract';
import { queryView, useAutoScalingStatusQuery } from '@nivesh/api-client';
import {
  ConnectionBanner,
  PageHeader,
  PageLoading,
  Panel,
  StaleNotice,
  StatCard,
  formatIstDateTime,
} from '@nivesh/ui';
import { yesNo } from '../../features/format';
import { MetricRow } from '../../features/MetricRow';
import { LATENCY_PALETTE, latencyBand, statusPalette, usageTone } from './levels';

const MARKET_LABEL: Record<MarketPhase, string> = {
  PRE_OPEN: 'Pre-open',
  OPEN: 'Open',
  CLOSING: 'Closing session',
  POST_CLOSE: 'Post-close',
  CLOSED: 'Closed',
};

const BROKER_STATUS_LABEL: Record<AutoScalingStatus['broker']['status'], string> = {
  connected: 'Connected',
  disconnected: 'Disconnected',
  token_expired: 'Token expired',
};

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A status word coloured by the page's rule (active/running green, closed grey, else yellow). */
function StatusText({ status, label }: { status: string; label?: string }) {
  const palette = statusPalette(status);
  return (
    <Text as="span" color={palette === 'gray' ? 'fg.muted' : `${palette}.fg`} data-palette={palette}>
      {label ?? capitalize(status)}
    </Text>
  );
}

function UsageBar({ label, percent }: { label: string; percent: number }) {
  const tone = usageTone(percent);
  return (
    <Stack gap="1.5" role="group" aria-label={label} data-tone={tone}>
      <HStack justify="space-between">
        <Text textStyle="sm" color="fg.muted">
          {label}
        </Text>
        <Text textStyle="sm" fontWeight="semibold" fontVariantNumeric="tabular-nums" color={`${tone}.fg`}>
          {percent.toFixed(1)}%
        </Text>
      </HStack>
      <Progress.Root value={Math.min(100, Math.max(0, percent))} max={100} size="md" colorPalette={tone}>
        <Progress.Track rounded="full">
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
    </Stack>
  );
}

function ScalingRules() {
  const rules = AUTO_SCALING_RULES;
  return (
    <Panel title="Scaling Rules">
      <List.Root gap="2" ps="5" textStyle="sm">
        <List.Item>
          Scale up when CPU &gt; {rules.scale_up_cpu_percent}% for {rules.scale_up_after_minutes} minutes
        </List.Item>
        <List.Item>
          Scale down when CPU &lt; {rules.scale_down_cpu_percent}% for {rules.scale_down_after_minutes}{' '}
          minutes
        </List.Item>
        <List.Item>Maximum {rules.max_instances} instances</List.Item>
      </List.Root>
    </Panel>
  );
}

function StatusView({ status }: { status: AutoScalingStatus }) {
  const band = latencyBand(status.metrics.latency_ms);
  return (
    <Stack gap="6">
      <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="4">
        <StatCard label="Instance Status" value={<StatusText status={status.instance_state} />} />
        <StatCard label="Instance Type" value={status.instance_type} />
        <StatCard
          label="Market Status"
          value={<StatusText status={status.market_status} label={MARKET_LABEL[status.market_status]} />}
        />
        <StatCard
          label="API Health"
          value={status.api_healthy ? 'Healthy' : 'Issues'}
          tone={status.api_healthy ? 'gain' : 'loss'}
        />
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
        <Panel title="Resource Usage">
          <Stack gap="4">
            <UsageBar label="CPU Usage" percent={status.metrics.cpu} />
            <UsageBar label="Memory Usage" percent={status.metrics.memory} />
            <MetricRow label="API Latency">
              <HStack gap="2" justify="flex-end">
                <Text as="span">{Math.round(status.metrics.latency_ms)} ms</Text>
                <Text as="span" color={`${LATENCY_PALETTE[band]}.fg`}>
                  {band}
                </Text>
              </HStack>
            </MetricRow>
          </Stack>
        </Panel>
        <Panel title="Connections">
          <Stack gap="1">
            <MetricRow label="Broker Status">
              <Text as="span" color={status.broker.status === 'connected' ? 'gain' : 'loss'}>
                {BROKER_STATUS_LABEL[status.broker.status]}
              </Text>
            </MetricRow>
            <MetricRow label="Broker Mode">{TRADING_MODE_LABELS[status.broker.mode]}</MetricRow>
            <MetricRow label="Broker Accessible">{yesNo(status.broker.accessible)}</MetricRow>
            <MetricRow label="Cloud Connected">{yesNo(status.cloud_connected)}</MetricRow>
            <MetricRow label="Overall Status">
              <StatusText status={status.status} />
            </MetricRow>
            <MetricRow label="Last Update">{formatIstDateTime(status.last_update)}</MetricRow>
          </Stack>
        </Panel>
      </SimpleGrid>
    </Stack>
  );
}

export default function AutoScalingPage() {
  const query = useAutoScalingStatusQuery();
  const view = queryView(query);
  const status = view.data?.data;
  return (
    <Box>
      <PageHeader title="Auto-Scaling" subtitle="Instance health, load and the scaling rules" />
      {view.state === 'loading' ? (
        <PageLoading label="Loading scaling status..." />
      ) : (
        <>
          {view.failure && (
            <ConnectionBanner
              title="Failed to fetch scaling status"
              status="error"
              onRetry={() => void query.refetch()}
              description={view.failureText}
            >
              {view.state === 'stale' && <StaleNotice updatedAt={view.updatedAt} />}
            </ConnectionBanner>
          )}
          <Stack gap="6">
            {status && <StatusView status={status} />}
            <ScalingRules />
          </Stack>
        </>
      )}
    </Box>
  );
}
