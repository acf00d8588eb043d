/**
 * NIFTY 50, SENSEX and Bank NIFTY: level, change in points and percent since the previous close,
 * whether the NSE session is open, and where the levels come from. Simulated levels say so.
 */
import { Badge, Box, Flex, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { MARKET_INDEX_NAMES, MarketIndexId, type IndexQuote } from '@nivesh/api-contract';
import { useMarketOverviewQuery, useMarketStatusQuery } from '@nivesh/api-client';
import { formatIstTime, formatNumber, formatPercent, Panel, Unavailable } from '@nivesh/ui';
import { failureText, loadState, readyData } from '../../features/queryState/loadState';
import { Section } from '../../features/layout/Section';

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
        <Text fontWeight="semibold" textStyle="lg">
          {formatNumber(quote.value, 2)}
        </Text>
        <Text textStyle="sm" color={tone} data-tone={tone}>
          {signedPoints(quote.change)} ({formatPercent(quote.change_percent)})
        </Text>
      </Stack>
    </Flex>
  );
}

function SessionBadge() {
  const status = useMarketStatusQuery();
  const data = readyData(status);
  if (!data) return null;
  const label = data.is_open
    ? 'Market Open'
    : data.holiday_name
      ? `Closed · ${data.holiday_name}`
      : 'Market Closed';
  return (
    <Badge colorPalette={data.is_open ? 'green' : 'gray'} variant="subtle">
      {label}
    </Badge>
  );
}

export function MarketStatusPanel() {
  const query = useMarketOverviewQuery();
  const load = loadState(query);
  const overview = readyData(query)?.data;

  return (
    <Section label="Market Status">
      <Panel
        title="Market Status"
        subtitle="Benchmark indices since the previous close"
        actions={<SessionBadge />}
      >
        {load === 'loading' && (
          <Stack gap="3" aria-label="Loading market data">
            {MarketIndexId.options.map((id) => (
              <Skeleton key={id} height="10" />
            ))}
          </Stack>
        )}
        {load === 'unavailable' && (
          <Unavailable title="Market data not connected">
            {failureText(query, 'The market data service did not answer.')}
          </Unavailable>
        )}
        {load === 'error' && (
          <Unavailable title="Unable to load market data">
            {failureText(query, 'Please try again.')}
          </Unavailable>
        )}
        {overview && (
          <Stack gap="3">
            <Box>
              {MarketIndexId.options.map((id) => (
                <IndexRow key={id} id={id} quote={overview.indices[id]} />
              ))}
            </Box>
            <HStack justify="space-between" wrap="wrap" gap="2" textStyle="xs" color="fg.muted">
              {overview.data_source === 'simulated' ? (
                <Badge colorPalette="purple" variant="subtle" size="sm">
                  Simulated data
                </Badge>
              ) : (
                <Badge colorPalette="green" variant="subtle" size="sm">
                  Live data · Upstox
                </Badge>
              )}
              <Text>As of {formatIstTime(overview.as_of)}</Text>
            </HStack>
          </Stack>
        )}
      </Panel>
    </Section>
  );
}
