/** Auto-Scaling (specification part 2, Auto-Scaling; polled every 30 s). */
import { Box, HStack, List, Progress, SimpleGrid, Stack, Table, Text } from '@nivesh/ui/chakra';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
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
  Unavailable,
  formatIstDateTime,
  formatIstTime,
  CHART_AXIS,
  CHART_COLORS,
  CHART_SERIES,
  CHART_TOOLTIP,
  chartAxis,
  TooFewPoints,
  timeAgo,
} from '@nivesh/ui';
import { formatCount, percent1, yesNo } from '../../features/format';
import { MetricRow } from '../../features/MetricRow';
import { cpuReading, LATENCY_PALETTE, latencyBand, statusPalette, usageTone, type UsageTone } from './levels';

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

function UsageBar({
  label,
  percent,
  tone = usageTone(percent),
  note,
}: {
  label: string;
  percent: number;
  tone?: UsageTone;
  /** What the figure measures, under the bar. */
  note?: string;
}) {
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
      {note && (
        <Text textStyle="xs" color="fg.muted">
          {note}
        </Text>
      )}
    </Stack>
  );
}

const PROVIDER_TEXT: Record<string, string> = {
  none: 'No cloud provider is connected, and no scaling provider is configured: decisions are recorded here, nothing is started or stopped.',
  process:
    'No cloud provider is connected: scaling is run by the process provider, which starts or stops a second server process on this host.',
};

function ScalingRules({ status }: { status?: AutoScalingStatus }) {
  const rules = AUTO_SCALING_RULES;
  return (
    <Panel title="Scaling Rules">
      <Stack gap="3">
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
        {status && (
          <Stack gap="1">
            <MetricRow label={`Host CPU above ${rules.scale_up_cpu_percent}%`}>
              {status.rules.cpu_above_minutes.toFixed(1)} of {rules.scale_up_after_minutes} min
            </MetricRow>
            <MetricRow label={`Host CPU below ${rules.scale_down_cpu_percent}%`}>
              {status.rules.cpu_below_minutes.toFixed(1)} of {rules.scale_down_after_minutes} min
            </MetricRow>
            <MetricRow label="Instances">
              {status.instances} of {rules.max_instances}
            </MetricRow>
            <MetricRow label="Next decision">
              {status.rules.cooldown_until
                ? `Not before ${formatIstTime(status.rules.cooldown_until)} (cooldown)`
                : 'When a rule holds'}
            </MetricRow>
            <MetricRow label="Provider">{status.provider}</MetricRow>
            <Text textStyle="xs" color="fg.muted">
              {PROVIDER_TEXT[status.provider] ??
                `No cloud provider is connected: scaling is run by the ${status.provider} provider.`}
            </Text>
          </Stack>
        )}
      </Stack>
    </Panel>
  );
}

/** Samples the load chart needs before it draws lines: fewer are a dot, or one straight segment. */
const MIN_LOAD_SAMPLES = 3;
const SAMPLES = { one: 'sample', many: 'samples' } as const;
const percentLabel = (value: number) => `${value}%`;
const msLabel = (value: number, decimals: number) => `${value.toFixed(decimals)} ms`;

/**
 * Host and process CPU, and the median latency, over the status's samples (every 5 s). The lines
 * are drawn at once (no animation: the chart gets new samples every 30 s) and kept off the frame
 * (a machine at 100% or a process at 0% would otherwise lie on the axis lines).
 */
function LoadChart({ series }: { series: AutoScalingStatus['series'] }) {
  const rows = series.map((point) => ({
    time: formatIstTime(point.at),
    cpu: point.cpu,
    process: point.process_cpu,
    latency: point.latency_ms,
  }));
  const cpuAxis = chartAxis([0, 100], { format: percentLabel, count: 5 });
  const msAxis = chartAxis(
    rows.map((row) => row.latency),
    { format: msLabel, includeZero: true, minStep: 1, count: 5, sign: 'positive' },
  );
  return (
    <Panel title="Load, last minutes">
      {rows.length < MIN_LOAD_SAMPLES ? (
        <TooFewPoints
          have={rows.length}
          need={MIN_LOAD_SAMPLES}
          unit={SAMPLES}
          title="Not enough samples yet"
        >
          One is taken every 5 seconds.
        </TooFewPoints>
      ) : (
        <Box h="64" role="img" aria-label="Host CPU, process CPU and API latency over the last minutes">
          <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 480, height: 256 }}>
            <LineChart data={rows} margin={{ top: 8, right: 8, left: -8, bottom: 0 }}>
              <CartesianGrid strokeDasharray="3 3" stroke={CHART_COLORS.grid} />
              <XAxis dataKey="time" {...CHART_AXIS} minTickGap={24} />
              <YAxis yAxisId="cpu" {...CHART_AXIS} {...cpuAxis.props} padding={{ top: 6, bottom: 6 }} />
              <YAxis
                yAxisId="ms"
                orientation="right"
                {...CHART_AXIS}
                {...msAxis.props}
                padding={{ top: 6, bottom: 6 }}
                width={64}
              />
              <Tooltip {...CHART_TOOLTIP} />
              <Legend />
              <Line
                yAxisId="cpu"
                dataKey="cpu"
                name="Host CPU %"
                stroke={CHART_COLORS.primary}
                strokeWidth={2}
                dot={false}
                {...CHART_SERIES}
              />
              <Line
                yAxisId="cpu"
                dataKey="process"
                name="Process CPU %"
                stroke={CHART_COLORS.secondary}
                strokeWidth={2}
                dot={false}
                {...CHART_SERIES}
              />
              <Line
                yAxisId="ms"
                dataKey="latency"
                name="Latency ms (median)"
                stroke={CHART_COLORS.tertiary}
                strokeWidth={2}
                dot={false}
                connectNulls
                {...CHART_SERIES}
              />
            </LineChart>
          </ResponsiveContainer>
        </Box>
      )}
    </Panel>
  );
}

const ACTION_LABEL: Record<AutoScalingStatus['decisions'][number]['action'], string> = {
  scale_up: 'Scale up',
  scale_down: 'Scale down',
};

const OUTCOME_PALETTE: Record<AutoScalingStatus['decisions'][number]['outcome'], string> = {
  done: 'green.fg',
  skipped: 'fg.muted',
  failed: 'red.fg',
};

function Decisions({ decisions }: { decisions: AutoScalingStatus['decisions'] }) {
  return (
    <Panel title="Scaling Decisions">
      {decisions.length === 0 ? (
        <Unavailable title="No scaling decision yet: no rule has held" />
      ) : (
        <Table.Root size="sm" variant="line" aria-label="Scaling decisions">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Time</Table.ColumnHeader>
              <Table.ColumnHeader>Action</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">CPU</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Instances</Table.ColumnHeader>
              <Table.ColumnHeader>Provider</Table.ColumnHeader>
              <Table.ColumnHeader>Outcome</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {decisions.map((d) => (
              <Table.Row key={d.id}>
                <Table.Cell whiteSpace="nowrap">{formatIstDateTime(d.at)}</Table.Cell>
                <Table.Cell>
                  <Text>{ACTION_LABEL[d.action]}</Text>
                  <Text textStyle="xs" color="fg.muted">
                    {d.reason}
                  </Text>
                </Table.Cell>
                <Table.Cell textAlign="end">{percent1(d.cpu_percent)}</Table.Cell>
                <Table.Cell textAlign="end" whiteSpace="nowrap">
                  {d.instances_before} → {d.instances_after}
                </Table.Cell>
                <Table.Cell>{d.provider}</Table.Cell>
                <Table.Cell>
                  <Text color={OUTCOME_PALETTE[d.outcome]}>{capitalize(d.outcome)}</Text>
                  {d.error && (
                    <Text textStyle="xs" color="fg.muted">
                      {d.error}
                    </Text>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
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
            <UsageBar
              label="CPU Usage"
              percent={status.metrics.cpu}
              {...cpuReading(status.metrics.cpu, status.process.cpu)}
            />
            <UsageBar label="Memory Usage" percent={status.metrics.memory} />
            <MetricRow label="API Latency">
              <HStack gap="2" justify="flex-end">
                <Text as="span">{Math.round(status.metrics.latency_ms)} ms</Text>
                <Text as="span" color={`${LATENCY_PALETTE[band]}.fg`}>
                  {band}
                </Text>
              </HStack>
            </MetricRow>
            <MetricRow label="Latency p95 / p99">
              {Math.round(status.latency.p95_ms)} ms / {Math.round(status.latency.p99_ms)} ms
            </MetricRow>
            <MetricRow label="Requests (last minute)">{formatCount(status.latency.requests)}</MetricRow>
            <MetricRow label="Process CPU">{percent1(status.process.cpu)}</MetricRow>
            <MetricRow label="Process Memory">{formatCount(status.process.memory_mb)} MB</MetricRow>
            <MetricRow label="Event Loop Delay p50 / p99">
              {status.event_loop.p50_ms.toFixed(1)} ms / {status.event_loop.p99_ms.toFixed(1)} ms
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
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
        <LoadChart series={status.series} />
        <Panel title="This Instance">
          <Stack gap="1">
            <MetricRow label="Instance ID">{status.instance.id}</MetricRow>
            <MetricRow label="Host">{status.instance.host}</MetricRow>
            <MetricRow label="Process ID">{status.instance.pid}</MetricRow>
            <MetricRow label="Started">
              {timeAgo(
                new Date(Date.parse(status.last_update) - status.instance.uptime_seconds * 1000),
                new Date(status.last_update),
              )}
            </MetricRow>
            <MetricRow label="Instances Running">{status.instances}</MetricRow>
          </Stack>
        </Panel>
      </SimpleGrid>
      <Decisions decisions={status.decisions} />
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
            <ScalingRules status={status} />
          </Stack>
        </>
      )}
    </Box>
  );
}
