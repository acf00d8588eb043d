/**
 * Tick Streaming (specification part 2, Tick Streaming; polled every 10 s): the market feed's and
 * the browser streams' connections, the tick rates the server measures on its hub, latency and
 * health, and one-second candles of a chosen symbol built from its ticks.
 */
import { useState } from 'react';
import {
  Badge,
  Box,
  Field,
  Flex,
  HStack,
  List,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
} from '@nivesh/ui/chakra';
import { LuMonitor, LuRadio } from 'react-icons/lu';
import {
  MARKET_INDEX_NAMES,
  TICK_CANDLE_WINDOW,
  UPSTOX_PLUS_LIMITS,
  type FeedMode,
  type MarketFeedStatus,
  type StreamConnectionStatus,
  type TickStreamingDashboard,
  type WebSocketHealth,
} from '@nivesh/api-contract';
import {
  queryView,
  useMarketStatusQuery,
  useTickCandlesQuery,
  useTickStreamingDashboardQuery,
} from '@nivesh/api-client';
import {
  ConnectionBanner,
  PageHeader,
  PageLoading,
  Panel,
  QueryNotice,
  StaleNotice,
  StatCard,
  describeFeed,
  formatIstDateTime,
  formatIstTime,
  formatNumber,
} from '@nivesh/ui';
import { CandleChart, TicksPerSecondChart } from './TickCharts';
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

/** A connection without an Upstox subscription mode: the simulated market, or a browser's stream. */
function modeLabel(socket: WebSocketHealth): string {
  if (socket.mode) return MODE_LABEL[socket.mode];
  return socket.kind === 'market_feed' ? 'In process (no subscription)' : 'Price updates';
}

const KIND_LABEL = { market_feed: 'Market feed', browser_stream: 'Browser stream' } as const;

/** The symbols a connection follows, at most this many by name. */
const SUBSCRIPTIONS_SHOWN = 8;

/** 'NIFTY 50' for the index id NIFTY_50; an equity symbol as it is. */
export function symbolLabel(symbol: string): string {
  return (MARKET_INDEX_NAMES as Record<string, string>)[symbol] ?? symbol;
}

function subscriptionsText(symbols: readonly string[]): string {
  if (symbols.length === 0) return 'None yet';
  const shown = symbols.slice(0, SUBSCRIPTIONS_SHOWN).map(symbolLabel).join(', ');
  const more = symbols.length - SUBSCRIPTIONS_SHOWN;
  return more > 0 ? `${shown} and ${formatCount(more)} more` : shown;
}

/** The latency card: whole milliseconds, or tenths under 10 ms (an in-process feed is that fast). */
function latencyFigure(ms: number): string {
  return `${formatNumber(ms, ms < 10 ? 1 : 0)} ms`;
}

function latencyText(ms: number | null): string {
  return ms === null ? 'Not measured' : `${formatNumber(ms, 1)} ms`;
}

const DEFAULT_CANDLE_SYMBOL = 'NIFTY_50';

/** The chosen symbol's one-second candles, polled with the dashboard. */
function CandlesPanel({ symbols }: { symbols: readonly string[] }) {
  const [symbol, setSymbol] = useState(DEFAULT_CANDLE_SYMBOL);
  const options = symbols.includes(symbol) ? symbols : [symbol, ...symbols];
  const query = useTickCandlesQuery({
    query: { symbol, seconds: TICK_CANDLE_WINDOW.default_seconds },
  });
  const view = queryView(query, 'Failed to fetch one-second candles');
  const candles = view.data?.data.candles;
  const label = symbolLabel(symbol);
  const last = candles?.at(-1);
  return (
    <Panel title="1-second Candles">
      <Field.Root maxW="xs" mb="3">
        <Field.Label>Symbol</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field value={symbol} onChange={(event) => setSymbol(event.target.value)}>
            {options.map((option) => (
              <option key={option} value={option}>
                {symbolLabel(option)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <QueryNotice view={view} unavailableTitle="One-second candles not available" />
      {candles && (
        <>
          <Text textStyle="sm" color="fg.muted" mb="2" data-testid="candles-summary">
            {last
              ? `${label}: ${formatCount(candles.length)} one-second candles, the last at ${formatIstTime(last.time)} closing at ${formatNumber(last.close, 2)}.`
              : `No tick of ${label} has arrived since the server started: its candles appear as ticks arrive.`}
          </Text>
          {last && <CandleChart candles={candles} label={`One-second candles of ${label}, oldest first`} />}
        </>
      )}
    </Panel>
  );
}

/** Upstox Plus's limits (part 2, Tick Streaming) against what this server's Upstox feed uses. */
function UpstoxPlusPanel({ plus }: { plus: TickStreamingDashboard['upstox_plus_features'] }) {
  return (
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
  );
}

/**
 * What the ticks come from, in the one description of the data source (@nivesh/ui describeFeed,
 * from the market status): Upstox's feed gets its Plus features against their limits; the
 * simulated market, which runs in this server, gets no broker card (no broker is involved).
 */
function SourcePanel({
  feed,
  plus,
}: {
  feed: MarketFeedStatus | undefined;
  plus: TickStreamingDashboard['upstox_plus_features'];
}) {
  if (feed?.source === 'upstox') return <UpstoxPlusPanel plus={plus} />;
  const described = feed ? describeFeed(feed) : null;
  return (
    <Panel title="Data Source">
      {described ? (
        <Stack gap="1" mb="3" data-testid="data-source">
          <Text fontWeight="semibold" color={`${described.tone}.fg`}>
            {described.title}
          </Text>
          <Text textStyle="sm" color="fg.muted">
            {described.detail}
          </Text>
          <Text textStyle="sm" color="fg.muted">
            No broker is involved: no WebSocket to a broker, no order-book depth and no subscription limits
            apply.
          </Text>
        </Stack>
      ) : (
        <Text textStyle="sm" color="fg.muted" mb="3">
          Checking the market feed...
        </Text>
      )}
      <MetricRow label="Symbols Tracked">{formatCount(plus.symbols_tracked)}</MetricRow>
      <MetricRow label="1-second Candles">{activeLabel(plus.candles_active)}</MetricRow>
    </Panel>
  );
}

function Dashboard({
  dashboard,
  feed,
}: {
  dashboard: TickStreamingDashboard;
  feed: MarketFeedStatus | undefined;
}) {
  const connections = Object.entries(dashboard.websocket_health);
  const activeCount = connections.filter(([, socket]) => socket.active).length;
  const label = connectionLabel(dashboard.connection_status);
  const { health, data_flow: flow, upstox_plus_features: plus, latency } = dashboard;
  const measured = latency.tick_to_send_ms !== null || latency.feed_delay_ms !== null;
  const feedSymbols =
    connections.find(([, socket]) => socket.kind === 'market_feed')?.[1].subscriptions ?? [];
  return (
    <Stack gap="6">
      <SimpleGrid columns={{ base: 1, sm: 2, xl: 5 }} gap="4">
        <StatCard label="Connection Status" value={label} tone={CONNECTION_TONE[label]} />
        <StatCard label="Active WebSockets" value={`${activeCount}/${connections.length}`} />
        <StatCard label="Ticks per Minute" value={formatNumber(health.ticks_per_minute, 0)} />
        <StatCard
          label="Latency"
          value={measured ? latencyFigure(health.latency_ms) : 'Not measured'}
          help={latency.tick_to_send_ms !== null ? 'Tick to browser' : measured ? 'Feed delay' : undefined}
        />
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
                    {socket.kind === 'market_feed' ? <LuRadio aria-hidden /> : <LuMonitor aria-hidden />}
                    <Text fontWeight="medium">{name}</Text>
                  </HStack>
                  <Badge colorPalette={socket.active ? 'green' : 'gray'} variant="subtle">
                    {activeLabel(socket.active)}
                  </Badge>
                </Flex>
                <MetricRow label="Kind">{KIND_LABEL[socket.kind]}</MetricRow>
                <MetricRow label="Status">{connectionLabel(socket.status)}</MetricRow>
                <MetricRow label="Mode">{modeLabel(socket)}</MetricRow>
                <MetricRow label="Symbols">{formatCount(socket.symbols)}</MetricRow>
                <Text textStyle="xs" color="fg.muted" mt="1" aria-label="Subscriptions">
                  {subscriptionsText(socket.subscriptions)}
                </Text>
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
          <MetricRow label="Tick to Browser">{latencyText(latency.tick_to_send_ms)}</MetricRow>
          <MetricRow label="Feed Delay">{latencyText(latency.feed_delay_ms)}</MetricRow>
          <MetricRow label="Browser Round Trip">{latencyText(latency.browser_round_trip_ms)}</MetricRow>
          <MetricRow label="Ticks Out of Order">{formatCount(dashboard.feed_input.out_of_order)}</MetricRow>
          <MetricRow label="Undecodable Messages">{formatCount(dashboard.feed_input.undecodable)}</MetricRow>
          <List.Root gap="1" ps="5" textStyle="xs" mt="2" color="fg.muted" aria-label="Why">
            {health.status_reasons.map((reason) => (
              <List.Item key={reason}>{reason}</List.Item>
            ))}
          </List.Root>
        </Panel>
        <Panel title="Data Flow">
          <MetricRow label="Ticks per Second">{formatNumber(flow.ticks_per_second, 1)}</MetricRow>
          <MetricRow label="Depth Levels">{formatCount(flow.depth_levels)}</MetricRow>
          <MetricRow label="Pattern Detection">{onOff(flow.pattern_detection)}</MetricRow>
          <MetricRow label="Smart Money Tracking">{onOff(flow.smart_money_tracking)}</MetricRow>
          <Box mt="3">
            <TicksPerSecondChart series={dashboard.ticks_per_second_series} />
          </Box>
        </Panel>
        <SourcePanel feed={feed} plus={plus} />
      </SimpleGrid>

      <CandlesPanel symbols={feedSymbols} />
    </Stack>
  );
}

export default function TickStreamingPage() {
  const query = useTickStreamingDashboardQuery();
  const view = queryView(query);
  const dashboard = view.data?.data;
  // The data source as the market status describes it (the top bar polls the same answer).
  const feed = queryView(useMarketStatusQuery()).data?.feed;
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
          {dashboard && <Dashboard dashboard={dashboard} feed={feed} />}
        </>
      )}
    </Box>
  );
}
