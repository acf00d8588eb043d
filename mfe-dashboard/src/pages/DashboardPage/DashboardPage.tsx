/**
 * Dashboard (specification part 1, section 2): trading mode, connection and Refresh; the broker
 * token; five summary cards; market indices; ML intelligence; the news and sentiment pipeline; and
 * recent activity. Every figure comes from the server; a block whose service is not connected says
 * so instead of showing a number.
 */
import { Button, Grid, HStack, SimpleGrid, Stack } from '@nivesh/ui/chakra';
import {
  combinedStatus,
  queryView,
  useActivityQuery,
  useEnginesStatusQuery,
  useIntelligenceMetricsQuery,
  useLivePortfolio,
  useMarketOverviewQuery,
  useMarketSentimentQuery,
  useNewsQuery,
  useTokenStatusQuery,
  useTradingModeSwitch,
  type QueryView,
} from '@nivesh/api-client';
import { ConnectionBanner, PageHeader, QueryNotice, ServiceStatusBadge, TradingModeSwitch } from '@nivesh/ui';
import { LuRefreshCw } from 'react-icons/lu';
import {
  DASHBOARD_SUMMARY_LABELS,
  PortfolioSummaryCards,
} from '../../features/portfolioSummary/PortfolioSummaryCards';
import { priceSourceText } from '../../features/livePrices/priceSource';
import { AiHealthCard } from './AiHealthCard';
import { BrokerTokenPanel } from './BrokerTokenPanel';
import { DataPipelinePanel } from './DataPipelinePanel';
import { MarketStatusPanel } from './MarketStatusPanel';
import { MlIntelligenceCard } from './MlIntelligenceCard';
import { RecentActivityPanel } from './RecentActivityPanel';
import { useDashboardRefresh } from './useDashboardRefresh';

/** The Dashboard's text for a failed switch without a sentence from the server (specification part 1). */
export const MODE_SWITCH_FAILED_DASHBOARD = 'Failed to switch trading mode.';

export const PORTFOLIO_NOT_CONNECTED = 'Data source not connected';

/**
 * The services behind the page's figures: the summary cards, market indices, ML card and AI
 * health, the news pipeline, recent activity and the broker token. The same cache entries the
 * blocks read (no extra requests); the connection indicator is computed from exactly these.
 */
function useDashboardStatus(portfolio: QueryView<unknown>) {
  const views = [
    portfolio,
    queryView(useMarketOverviewQuery()),
    queryView(useActivityQuery()),
    queryView(useTokenStatusQuery('upstox')),
    queryView(useIntelligenceMetricsQuery()),
    queryView(useMarketSentimentQuery()),
    queryView(useEnginesStatusQuery()),
    queryView(useNewsQuery()),
  ];
  return combinedStatus(views);
}

export default function DashboardPage() {
  // The summary cards move with the tick stream between fetches (the held symbols' prices).
  const { overviewQuery: portfolioQuery, overview, stream } = useLivePortfolio();
  const portfolioView = queryView(portfolioQuery, 'Unable to reach the portfolio service.');
  const status = useDashboardStatus(portfolioView);
  const { refreshAll, refreshPortfolio, refreshing } = useDashboardRefresh();
  const modeSwitch = useTradingModeSwitch({ failed: MODE_SWITCH_FAILED_DASHBOARD });

  const subtitle = overview
    ? `${overview.trading_mode_label} · ${priceSourceText(overview, stream)}`
    : 'Portfolio, markets and AI systems at a glance';

  return (
    <Stack gap="0">
      <PageHeader
        title="Dashboard"
        subtitle={subtitle}
        actions={
          <HStack gap="3" wrap="wrap" align="center">
            <TradingModeSwitch control={modeSwitch} />
            <ServiceStatusBadge status={status} />
            <Button
              size="sm"
              variant="outline"
              onClick={refreshAll}
              loading={refreshing}
              loadingText="Refreshing"
            >
              <LuRefreshCw /> Refresh
            </Button>
          </HStack>
        }
      />

      {portfolioView.failure && (
        <ConnectionBanner
          title="Data Connection Issues"
          description={portfolioView.failureText}
          status="warning"
          onRetry={() => void refreshPortfolio()}
          retryLabel="Try Again"
          restartLabel="Restart Page"
        />
      )}

      <BrokerTokenPanel tradingMode={modeSwitch.mode} />

      {portfolioView.state === 'stale' && (
        <QueryNotice view={portfolioView} unavailableTitle={PORTFOLIO_NOT_CONNECTED} />
      )}
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3, xl: 5 }} gap="4" mb="6" as="section" aria-label="Summary">
        <PortfolioSummaryCards
          labels={DASHBOARD_SUMMARY_LABELS}
          overview={overview}
          loading={portfolioView.state === 'loading'}
          unavailableText={PORTFOLIO_NOT_CONNECTED}
        />
        <AiHealthCard />
      </SimpleGrid>

      <Grid templateColumns={{ base: '1fr', lg: 'repeat(2, minmax(0, 1fr))' }} gap="4" mb="6">
        <MarketStatusPanel />
        <MlIntelligenceCard />
      </Grid>

      <Grid templateColumns={{ base: '1fr', xl: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap="4">
        <DataPipelinePanel />
        <RecentActivityPanel />
      </Grid>
    </Stack>
  );
}
