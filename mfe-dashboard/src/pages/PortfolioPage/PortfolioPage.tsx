/**
 * Portfolio (specification part 1, section 2): value, day's P&L, positions and returns, and the
 * current holdings, all at live prices (the tick stream moves them between fetches). When a call
 * fails the page says which one ('Failed to fetch portfolio data' / 'Failed to fetch holdings
 * data') under 'Error loading portfolio data'. New Order, and Buy / Sell on each holding, open the
 * order ticket; orders still waiting to fill are listed under the holdings, with Cancel.
 */
import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  HStack,
  Skeleton,
  SimpleGrid,
  Stack,
  Text,
  useBreakpointValue,
} from '@nivesh/ui/chakra';
import { queryView, useLivePortfolio } from '@nivesh/api-client';
import { formatNumber, formatRupees, PageHeader, Panel, QueryNotice, Unavailable } from '@nivesh/ui';
import { LuPlus, LuRefreshCw } from 'react-icons/lu';
import { OrderTicket, type OrderTicketPrefill } from '../../features/orderTicket';
import { priceSourceText } from '../../features/livePrices/priceSource';
import {
  PORTFOLIO_PAGE_SUMMARY_LABELS,
  PortfolioSummaryCards,
} from '../../features/portfolioSummary/PortfolioSummaryCards';
import { HoldingsList } from './HoldingsList';
import { HoldingsTable } from './HoldingsTable';
import { OpenOrdersPanel } from './OpenOrdersPanel';
import { Section } from '../../features/layout/Section';

export default function PortfolioPage() {
  const { overviewQuery, holdingsQuery, overview, holdings, stream } = useLivePortfolio();
  const overviewView = queryView(overviewQuery);
  const holdingsView = queryView(holdingsQuery);
  const refreshing = overviewQuery.isFetching || holdingsQuery.isFetching;
  // The ticket's prefill while it is open.
  const [ticket, setTicket] = useState<OrderTicketPrefill | null>(null);
  // Below `md` the holdings are a list of cards (P&L without a sideways scroll); from `md` up, the
  // table. A width that cannot be measured gets the table.
  const phone = useBreakpointValue({ base: true, md: false }, { fallback: 'md', ssr: false }) ?? false;

  const refresh = () => {
    overviewQuery.refetch();
    holdingsQuery.refetch();
  };

  // Each failing call gets its own line, so the operator knows which figures are missing.
  const failedCalls = [
    { what: 'Failed to fetch portfolio data', view: overviewView },
    { what: 'Failed to fetch holdings data', view: holdingsView },
  ].filter(({ view }) => view.failure !== undefined);

  const subtitle = overview
    ? `${overview.trading_mode_label} · ${priceSourceText(overview, stream)}`
    : 'Holdings, P&L and returns';

  const holdingsSubtitle = holdings
    ? `${formatNumber(holdings.length)} ${holdings.length === 1 ? 'position' : 'positions'} · market value ${formatRupees(
        holdings.reduce((sum, holding) => sum + holding.market_value, 0),
      )}`
    : undefined;

  return (
    <Stack gap="0">
      <PageHeader
        title="Portfolio"
        subtitle={subtitle}
        actions={
          <HStack gap="2">
            <Button size="sm" colorPalette="brand" onClick={() => setTicket({})}>
              <LuPlus /> New Order
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={refresh}
              loading={refreshing}
              loadingText="Refreshing"
            >
              <LuRefreshCw /> Refresh
            </Button>
          </HStack>
        }
      />

      {failedCalls.length > 0 && (
        <Alert.Root role="alert" status="error" rounded="l3" mb="6" alignItems="flex-start">
          <Alert.Indicator />
          <Alert.Content gap="2">
            <Alert.Title>Error loading portfolio data</Alert.Title>
            <Alert.Description>
              <Stack gap="1.5">
                {failedCalls.map(({ what, view }) => (
                  <Stack key={what} gap="0">
                    <Text fontWeight="medium">{what}</Text>
                    <Text textStyle="sm">{view.failureText}</Text>
                  </Stack>
                ))}
              </Stack>
            </Alert.Description>
            <Button size="xs" variant="outline" alignSelf="flex-start" onClick={refresh} loading={refreshing}>
              Try Again
            </Button>
          </Alert.Content>
        </Alert.Root>
      )}

      {overviewView.state === 'stale' && (
        <QueryNotice view={overviewView} unavailableTitle="Data source not connected" />
      )}
      {/* Two columns even on a phone, so the holdings are not pushed a screen down. */}
      <SimpleGrid
        columns={{ base: 2, xl: 4 }}
        gap={{ base: '3', md: '4' }}
        mb="6"
        as="section"
        aria-label="Summary"
      >
        <PortfolioSummaryCards
          labels={PORTFOLIO_PAGE_SUMMARY_LABELS}
          overview={overview}
          loading={overviewView.state === 'loading'}
          unavailableText={
            overviewView.failure === 'unavailable' ? 'Data source not connected' : 'Not available'
          }
        />
      </SimpleGrid>

      <Section label="Current Holdings">
        <Panel title="Current Holdings" subtitle={holdingsSubtitle}>
          {holdingsView.state === 'loading' && (
            <Stack gap="2" aria-label="Loading holdings">
              {[0, 1, 2, 3].map((row) => (
                <Skeleton key={row} height="9" />
              ))}
            </Stack>
          )}
          <QueryNotice view={holdingsView} unavailableTitle="Holdings not available">
            {holdingsView.state === 'unavailable'
              ? 'The holdings will show here once the data source is connected.'
              : 'The holdings could not be loaded. Try again in a moment.'}
          </QueryNotice>
          {holdings &&
            (holdings.length === 0 ? (
              <Unavailable title="No holdings yet">
                Shares you buy appear here with their entry price, current price and P&amp;L.
              </Unavailable>
            ) : phone ? (
              <HoldingsList holdings={holdings} onOrder={setTicket} />
            ) : (
              <HoldingsTable holdings={holdings} onOrder={setTicket} />
            ))}
        </Panel>
      </Section>

      <Box mt="6">
        <OpenOrdersPanel />
      </Box>

      <OrderTicket
        open={ticket !== null}
        prefill={ticket ?? undefined}
        knownSymbols={holdings?.map((holding) => holding.symbol) ?? []}
        onClose={() => setTicket(null)}
      />
    </Stack>
  );
}
