/**
 * Connectivity: the live state of what the console depends on: the API server (version, uptime),
 * the NSE market calendar, the broker connection and the trading mode.
 */
import type { ReactNode } from 'react';
import { Badge, Button, DataList, SimpleGrid, Stack, Text } from '@nivesh/ui/chakra';
import { LuRefreshCw } from 'react-icons/lu';
import { SIMULATED_SESSION_LABEL, SIMULATED_SESSION_NOTE, TRADING_MODE_LABELS } from '@nivesh/api-contract';
import {
  queryView,
  useBrokerStatusQuery,
  useHealthQuery,
  useMarketStatusQuery,
  useTradingModeQuery,
  type QueryView,
} from '@nivesh/api-client';
import { formatIstDateTime, Panel, StaleNotice } from '@nivesh/ui';
import { formatUptime } from '../../features/serverHealth/uptime';

const MARKET_PHASE_LABELS = {
  PRE_OPEN: 'Pre-open',
  OPEN: 'Market Open',
  CLOSING: 'Closing session',
  POST_CLOSE: 'Post-close',
  CLOSED: 'Market Closed',
} as const;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue fontVariantNumeric="tabular-nums">{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

function Failure({ text }: { text: string | undefined }) {
  return (
    <Stack gap="1">
      <Badge colorPalette="red" alignSelf="flex-start">
        Not available
      </Badge>
      <Text textStyle="sm" color="fg.muted">
        {text}
      </Text>
    </Stack>
  );
}

/** The age of a panel's figures when the latest check failed and they are kept. */
function Stale({ view }: { view: QueryView<unknown> }) {
  return view.state === 'stale' ? <StaleNotice updatedAt={view.updatedAt} detail={view.failureText} /> : null;
}

const Checking = () => <Text color="fg.muted">Checking...</Text>;

export function ConnectivityTab() {
  const healthQuery = useHealthQuery();
  const marketQuery = useMarketStatusQuery();
  const brokerQuery = useBrokerStatusQuery('upstox');
  const modeQuery = useTradingModeQuery();
  const healthView = queryView(healthQuery, 'The API server is not answering.');
  const marketView = queryView(marketQuery, 'The market calendar is not available.');
  const brokerView = queryView(brokerQuery, 'The broker connection is not available.');
  const modeView = queryView(modeQuery, 'The trading mode is not available.');
  const health = healthView.data;
  const market = marketView.data;
  const broker = brokerView.data;
  const mode = modeView.data;
  const refreshing =
    healthQuery.isFetching || marketQuery.isFetching || brokerQuery.isFetching || modeQuery.isFetching;

  function refreshAll() {
    void healthQuery.refetch();
    void marketQuery.refetch();
    void brokerQuery.refetch();
    void modeQuery.refetch();
  }

  return (
    <Stack gap="4">
      <Button size="sm" variant="outline" alignSelf="flex-start" onClick={refreshAll} loading={refreshing}>
        <LuRefreshCw /> Check again
      </Button>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <Panel title="API server" actions={<Stale view={healthView} />}>
          {health ? (
            <DataList.Root orientation="horizontal" gap="2" aria-label="API server">
              <Row label="Status">
                {/* Online only while the latest check answers; kept figures are not a live server. */}
                {healthView.state === 'ready' ? (
                  <Badge colorPalette="green">Online</Badge>
                ) : (
                  <Badge colorPalette="red">Not answering</Badge>
                )}
              </Row>
              <Row label="Version">{health.version}</Row>
              <Row label="Uptime">{formatUptime(health.uptime)}</Row>
            </DataList.Root>
          ) : healthView.failure ? (
            <Failure text={healthView.failureText} />
          ) : (
            <Checking />
          )}
        </Panel>

        <Panel title="Market (NSE)" actions={<Stale view={marketView} />}>
          {market ? (
            <DataList.Root orientation="horizontal" gap="2" aria-label="Market">
              <Row label="Now">
                <Badge colorPalette={market.exchange_status === 'OPEN' ? 'green' : 'gray'}>
                  {MARKET_PHASE_LABELS[market.exchange_status]}
                </Badge>
              </Row>
              {market.simulated_session_open && (
                <Row label="Trading">
                  <Badge colorPalette="purple">
                    {SIMULATED_SESSION_LABEL} {SIMULATED_SESSION_NOTE}
                  </Badge>
                </Row>
              )}
              {market.closed_reason && (
                <Row label="Closed for">
                  {market.closed_reason === 'holiday'
                    ? (market.holiday_name ?? 'Exchange holiday')
                    : 'Weekend'}
                </Row>
              )}
              <Row label={market.exchange_status === 'OPEN' ? 'Closes' : 'Next open'}>
                {formatIstDateTime(market.exchange_status === 'OPEN' ? market.next_close : market.next_open)}
              </Row>
              {!market.holidays_known && (
                <Row label="Calendar">
                  <Text color="orange.fg">
                    No holiday list loaded for this year: only weekends are known.
                  </Text>
                </Row>
              )}
            </DataList.Root>
          ) : marketView.failure ? (
            <Failure text={marketView.failureText} />
          ) : (
            <Checking />
          )}
        </Panel>

        <Panel title="Broker (Upstox)" actions={<Stale view={brokerView} />}>
          {broker ? (
            <DataList.Root orientation="horizontal" gap="2" aria-label="Broker">
              <Row label="Status">
                <Badge colorPalette={broker.connected ? 'green' : 'red'}>
                  {broker.connected ? 'Connected' : 'Not connected'}
                </Badge>
              </Row>
              <Row label="Mode">{TRADING_MODE_LABELS[broker.mode]}</Row>
              <Row label="Last sync">{broker.last_sync ? formatIstDateTime(broker.last_sync) : 'Never'}</Row>
              <Row label="Message">{broker.message}</Row>
            </DataList.Root>
          ) : brokerView.failure ? (
            <Failure text={brokerView.failureText} />
          ) : (
            <Checking />
          )}
        </Panel>

        <Panel title="Trading mode" actions={<Stale view={modeView} />}>
          {mode ? (
            <DataList.Root orientation="horizontal" gap="2" aria-label="Trading mode">
              <Row label="Mode">
                <Badge colorPalette={mode.trading_mode === 'live' ? 'red' : 'blue'}>
                  {mode.trading_mode_label}
                </Badge>
              </Row>
              <Row label="Changed">{mode.updated_at ? formatIstDateTime(mode.updated_at) : 'Never'}</Row>
            </DataList.Root>
          ) : modeView.failure ? (
            <Failure text={modeView.failureText} />
          ) : (
            <Checking />
          )}
        </Panel>
      </SimpleGrid>
    </Stack>
  );
}
