/** Tick Streaming (specification part 2, Tick Streaming; polled every 10 s). */
import { Badge, Box, Flex, HStack, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { LuRadio } from 'react-icons/lu';
import {
  UPSTOX_PLUS_LIMITS,
  type FeedMode,
  type StreamConnectionStatus,
  type TickStreamingDashboard,
} from '@nivesh/api-contract';
import { queryView, useTickStreamingDashboardQuery } from '@nivesh/api-client';
import {
  ConnectionBanner,
  PageHeader,
  PageLoading,
  Panel,
  StaleNotice,
  StatCard,
  formatIstDateTime,
  formatNumber,
} from '@nivesh/ui';
import { activeLabel, formatCount, fractionPercent, yesNo } from '../../features/format';
import { MetricRow } from '../../features/MetricRow';

export type ConnectionLabel = 'Connected' | 'Disconnected' | 'Connecting';

/** connected or active: Connected; disconnected: Disconnected; anything else: Connecting. */
export function connectionLabel(status: StreamConnectionStatus): ConnectionLabel {
  if (status === 'connected' || status === 'active') return 'Connected';
  if (status === 'disconnected') return 'Disconnected';
  return 'Connecting';
}

const CONNECTION_TONE = { Connected: 'gain', Disconnected: 'loss', Connecting: 'warning' } as const;

const MODE_LABEL: Record<FeedMode, string> = {
  ltpc: 'LTPC',
  full: 'Full',
  option_greeks: 'Option Greeks',
  full_d30: 'Full (30-level depth)',
};

const HEALTH_LABEL = { healthy: 'Healthy', degraded: 'Degraded', unhealthy: 'Unhealthy' } as const;
const HEALTH_TONE = { healthy: 'gain', degraded: 'warning', unhealthy: 'loss' } as const;

function onOff(flag: boolean): 'On' | 'Off' {
  return flag ? 'On' : 'Off';
}

function Dashboard({ dashboard }: { dashboard: TickStreamingDashboard }) {
  const connections = Object.entries(dashboard.websocket_health);
  const activeCount = connections.filter(([, socket]) => socket.active).length;
  const label = connectionLabel(dashboard.connection_status);
  const { health, data_flow: flow, upstox_plus_features: plus } = dashboard;
  return (
    <Stack gap="6">
      <SimpleGrid columns={{ base: 1, sm: 2, xl: 5 }} gap="4">
        <StatCard label="Connection Status" value={label} tone={CONNECTION_TONE[label]} />
        <StatCard label="Active WebSockets" value={`${activeCount}/${connections.length}`} />
        <StatCard label="Ticks per Minute" value={formatNumber(health.ticks_per_minute, 0)} />
        <StatCard label="Latency" value={`${Math.round(health.latency_ms)} ms`} />
        <StatCard
          label="System Health"
          value={HEALTH_LABEL[health.overall_status]}
          tone={HEALTH_TONE[health.overall_status]}
        />
      </SimpleGrid>

      <Panel title="WebSocket Connections">
        {connections.length === 0 ? (
          <Text textStyle="sm" color="fg.muted">
            No feed connections are open.
          </Text>
        ) : (
          <SimpleGrid columns={{ base: 1, sm: 2, xl: 3 }} gap="3">
            {connections.map(([name, socket]) => (
              <Box key={name} as="section" aria-label={name} bg="bg.subtle" rounded="l2" p="3">
                <Flex justify="space-between" align="center" gap="2" mb="1">
                  <HStack gap="2">
                    <LuRadio aria-hidden />
                    <Text fontWeight="medium">{name}</Text>
                  </HStack>
                  <Badge colorPalette={socket.active ? 'green' : 'gray'} variant="subtle">
                    {activeLabel(socket.active)}
                  </Badge>
                </Flex>
                <MetricRow label="Mode">{MODE_LABEL[socket.mode]}</MetricRow>
                <MetricRow label="Symbols">{formatCount(socket.symbols)}</MetricRow>
              </Box>
            ))}
          </SimpleGrid>
        )}
      </Panel>

      <SimpleGrid columns={{ base: 1, lg: 3 }} gap="6">
        <Panel title="Stream Health">
          <MetricRow label="Streaming">{yesNo(health.is_streaming)}</MetricRow>
          <MetricRow label="Feed Connected">{yesNo(health.is_connected)}</MetricRow>
          <MetricRow label="Error Rate">{fractionPercent(health.error_rate)}</MetricRow>
          <MetricRow label="Memory Usage">{formatNumber(health.memory_usage_mb, 1)} MB</MetricRow>
          <MetricRow label="Last Tick">
            {health.last_tick_time ? formatIstDateTime(health.last_tick_time) : 'No tick received yet'}
          </MetricRow>
        </Panel>
        <Panel title="Data Flow">
          <MetricRow label="Ticks per Second">{formatNumber(flow.ticks_per_second, 1)}</MetricRow>
          <MetricRow label="Depth Levels">{formatCount(flow.depth_levels)}</MetricRow>
          <MetricRow label="Pattern Detection">{onOff(flow.pattern_detection)}</MetricRow>
          <MetricRow label="Smart Money Tracking">{onOff(flow.smart_money_tracking)}</MetricRow>
        </Panel>
        <Panel title="Upstox Plus Features">
          <List.Root gap="1" ps="5" textStyle="sm" mb="3" color="fg.muted">
            <List.Item>{UPSTOX_PLUS_LIMITS.websocket_connections} WebSocket connections</List.Item>
            <List.Item>{UPSTOX_PLUS_LIMITS.depth_levels}-level depth</List.Item>
            <List.Item>{UPSTOX_PLUS_LIMITS.candle_interval_seconds}-second candles</List.Item>
          </List.Root>
          <MetricRow label="Connections in Use">
            {plus.websocket_connections} of {UPSTOX_PLUS_LIMITS.websocket_connections}
          </MetricRow>
          <MetricRow label="Symbols Tracked">{formatCount(plus.symbols_tracked)}</MetricRow>
          <MetricRow label="1-second Candles">{activeLabel(plus.candles_active)}</MetricRow>
        </Panel>
      </SimpleGrid>
    </Stack>
  );
}

export default function TickStreamingPage() {
  const query = useTickStreamingDashboardQuery();
  const view = queryView(query);
  const dashboard = view.data?.data;
  return (
    <Box>
      <PageHeader title="Tick Streaming" subtitle="Market-data feed connections, tick rates and health" />
      {view.state === 'loading' ? (
        <PageLoading label="Loading streaming status..." />
      ) : (
        <>
          {view.failure && (
            <ConnectionBanner
              title="Failed to fetch streaming status"
              status="error"
              onRetry={() => void query.refetch()}
              description={view.failureText}
            >
              {view.state === 'stale' && <StaleNotice updatedAt={view.updatedAt} />}
            </ConnectionBanner>
          )}
          {dashboard && <Dashboard dashboard={dashboard} />}
        </>
      )}
    </Box>
  );
}
