/**
 * NIFTY 50, SENSEX and Bank NIFTY: level, change in points and percent since the previous close,
 * whether the NSE session (or, outside it, an always-open simulated session) is open, and where the
 * levels come from. The server's levels are moved by the tick stream (index ids NIFTY_50, SENSEX,
 * BANK_NIFTY) as they change. Simulated levels say so.
 */
import { useMemo } from 'react';
import { Badge, Box, Flex, HStack, Skeleton, Stack, Text } from '@nivesh/ui/chakra';
import {
  MARKET_INDEX_NAMES,
  MarketIndexId,
  SIMULATED_SESSION_LABEL,
  SIMULATED_SESSION_NOTE,
  type IndexQuote,
  type MarketOverview,
} from '@nivesh/api-contract';
import {
  freshTick,
  liveIndexQuote,
  queryView,
  snapshotTime,
  useLiveTicks,
  useMarketOverviewQuery,
  useMarketStatusQuery,
  type TickMap,
} from '@nivesh/api-client';
import {
  DATA_SOURCE_LABELS,
  formatIstTime,
  formatNumber,
  formatPercent,
  Panel,
  QueryNotice,
} from '@nivesh/ui';
import { currentSource, STREAM_STATUS_TEXT } from '../../features/livePrices/priceSource';
import { Section } from '../../features/layout/Section';

const INDEX_IDS: readonly string[] = MarketIndexId.options;

function signedPoints(value: number): string {
  const text = formatNumber(Math.abs(value), 2);
  if (value < 0 && text !== formatNumber(0, 2)) return `-${text}`;
  return `+${text}`;
}

function IndexRow({ id, quote }: { id: MarketIndexId; quote: IndexQuote }) {
  const tone = quote.change_percent < 0 ? 'loss' : 'gain';
  return (
    <Flex
      justify="space-between"
      align="center"
      py="2.5"
      borderBottomWidth="1px"
      borderColor="border"
      _last={{ borderBottomWidth: 0 }}
      data-testid={`index-${id}`}
      gap="3"
    >
      <Stack gap="0">
        <Text fontWeight="semibold">{MARKET_INDEX_NAMES[id]}</Text>
        <Text textStyle="xs" color="fg.muted">
          {quote.exchange} · prev. close {formatNumber(quote.previous_close, 2)}
        </Text>
      </Stack>
      <Stack gap="0" align="flex-end" fontVariantNumeric="tabular-nums">
        <Text fontWeight="semibold" textStyle="lg" data-testid={`index-${id}-value`}>
          {formatNumber(quote.value, 2)}
        </Text>
        <Text textStyle="sm" color={tone} data-tone={tone}>
          {signedPoints(quote.change)} ({formatPercent(quote.change_percent)})
        </Text>
      </Stack>
    </Flex>
  );
}

function SourceBadge({ source }: { source: MarketOverview['data_source'] }) {
  return (
    <Badge
      colorPalette={source === 'simulated' ? 'purple' : 'green'}
      variant="subtle"
      size="sm"
      data-testid="index-source"
    >
      {source === 'simulated'
        ? `${DATA_SOURCE_LABELS.simulated} data`
        : `Live data · ${DATA_SOURCE_LABELS.upstox}`}
    </Badge>
  );
}

function SessionBadge() {
  const view = queryView(useMarketStatusQuery());
  // Open or closed is a claim about now: an answer that could not be refreshed is not shown.
  const data = view.state === 'ready' ? view.data : undefined;
  if (!data) return null;
  // Outside NSE hours a simulated market set to be always open still moves prices and fills orders:
  // the market is open for trading, and said to be simulated.
  const simulated = data.is_open && data.simulated_session_open;
  const label = simulated
    ? `${SIMULATED_SESSION_LABEL} ${SIMULATED_SESSION_NOTE}`
    : data.is_open
      ? 'Market Open'
      : data.holiday_name
        ? `Closed · ${data.holiday_name}`
        : 'Market Closed';
  return (
    // A long label (a holiday's name) wraps inside the badge rather than running past the card.
    <Badge
      colorPalette={simulated ? 'purple' : data.is_open ? 'green' : 'gray'}
      variant="subtle"
      whiteSpace="normal"
      maxW="full"
    >
      {label}
    </Badge>
  );
}

/** The overview with each index at its latest tick newer than the server's levels. */
function liveOverview(overview: MarketOverview, ticks: TickMap): { overview: MarketOverview; asOf: number } {
  const since = snapshotTime(overview.as_of);
  let asOf = since ?? 0;
  const indices = { ...overview.indices };
  for (const id of MarketIndexId.options) {
    const tick = freshTick(ticks, id, since);
    if (tick) asOf = Math.max(asOf, tick.ts);
    indices[id] = liveIndexQuote(overview.indices[id], tick);
  }
  return { overview: { ...overview, indices }, asOf };
}

export function MarketStatusPanel() {
  const view = queryView(useMarketOverviewQuery(), 'The market data service did not answer.');
  const stream = useLiveTicks(INDEX_IDS);
  const serverOverview = view.data?.data;
  const live = useMemo(
    () => serverOverview && liveOverview(serverOverview, stream.ticks),
    [serverOverview, stream.ticks],
  );

  return (
    <Section label="Market Status">
      <Panel
        title="Market Status"
        subtitle="Benchmark indices since the previous close"
        actions={<SessionBadge />}
      >
        {view.state === 'loading' && (
          <Stack gap="3" aria-label="Loading market data">
            {MarketIndexId.options.map((id) => (
              <Skeleton key={id} height="10" />
            ))}
          </Stack>
        )}
        <QueryNotice
          view={view}
          unavailableTitle="Market data not connected"
          errorTitle="Unable to load market data"
        />
        {live && (
          <Stack gap="3">
            <Box>
              {MarketIndexId.options.map((id) => (
                <IndexRow key={id} id={id} quote={live.overview.indices[id]} />
              ))}
            </Box>
            <HStack justify="space-between" wrap="wrap" gap="2" textStyle="xs" color="fg.muted">
              <HStack gap="2">
                <SourceBadge source={currentSource(live.overview.data_source, stream)} />
                <Text data-testid="index-stream">{STREAM_STATUS_TEXT[stream.status]}</Text>
              </HStack>
              <Text>As of {formatIstTime(new Date(live.asOf))}</Text>
            </HStack>
          </Stack>
        )}
      </Panel>
    </Section>
  );
}
