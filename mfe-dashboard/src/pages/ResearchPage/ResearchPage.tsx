/**
 * Research & Analysis (specification part 1, sections 2, 4, 7-9): market sentiment, opportunities
 * and volatility, the benchmark's 5-year trend, the AI trading signals, and the System Diagnostics
 * & Control dialog. A failed load retries by itself (2 s, 4 s, 8 s), then offers diagnostics; the
 * server connection is checked every 30 s.
 */
import { useState } from 'react';
import { Badge, Box, Button, HStack, SimpleGrid, Stack, Text, useBreakpointValue } from '@nivesh/ui/chakra';
import { LuActivity, LuGauge, LuRefreshCw, LuStethoscope, LuTarget } from 'react-icons/lu';
import type { MarketSentimentLabel, VolatilityLevel } from '@nivesh/api-contract';
import {
  combinedStatus,
  queryView,
  useResearchAnalysisQuery,
  useResearchConnectionCheck,
} from '@nivesh/api-client';
import {
  ConnectionBanner,
  DATA_SOURCE_NAMES,
  formatIstDateTime,
  formatNumber,
  formatRupees,
  PageHeader,
  Panel,
  QueryNotice,
  ServiceStatusBadge,
  StatCard,
  Unavailable,
} from '@nivesh/ui';
import { DiagnosticsDialog } from './DiagnosticsDialog';
import { RESEARCH_TEXTS, researchFailureText } from './researchStatus';
import { SignalsList } from './SignalsList';
import { SignalsTable } from './SignalsTable';
import { TrendAnalysisPanel } from './TrendAnalysisPanel';
import { useBackoffRetry } from './useBackoffRetry';

const SENTIMENT_TONE: Record<MarketSentimentLabel, 'gain' | 'loss' | 'neutral'> = {
  Bullish: 'gain',
  Bearish: 'loss',
  Neutral: 'neutral',
};
const VOLATILITY_TONE: Record<VolatilityLevel, 'gain' | 'warning' | 'loss' | 'neutral'> = {
  Low: 'gain',
  Moderate: 'warning',
  High: 'loss',
  Unknown: 'neutral',
};

export default function ResearchPage() {
  const query = useResearchAnalysisQuery();
  const view = queryView(query, 'The research service did not answer.');
  const connection = queryView(useResearchConnectionCheck());
  const [diagnosticsOpen, setDiagnosticsOpen] = useState(false);
  // Below `md` the signals are a list of cards (no sideways scroll); from `md` up, the table. A
  // width that cannot be measured gets the table.
  const phone = useBreakpointValue({ base: true, md: false }, { fallback: 'md', ssr: false }) ?? false;

  const failed = query.isError && !query.isFetching;
  const retry = useBackoffRetry({
    failed,
    succeeded: query.isSuccess && !query.isFetching,
    retry: query.refetch,
  });

  const analysis = view.data?.data;
  const failureText = failed ? researchFailureText(query.error) : undefined;
  const loading = !analysis && (view.state === 'loading' || view.fetching);
  // The page shows the analysis; the 30 s check says whether the server answers at all. When it
  // does not, the page is disconnected whatever the analysis's last answer was.
  const connectionStatus = combinedStatus(connection.failure ? [connection] : [view, connection]);

  return (
    <Box>
      <PageHeader
        title="Research & Analysis"
        subtitle={
          analysis
            ? `AI market analysis and trading signals · as of ${formatIstDateTime(analysis.as_of)}`
            : 'AI market analysis and trading signals'
        }
        actions={
          <>
            <ServiceStatusBadge
              status={connectionStatus}
              title="Research analysis and server connection (checked every 30 s)"
            />
            {analysis && (
              <Badge colorPalette={analysis.data_source === 'upstox' ? 'green' : 'purple'} variant="subtle">
                {DATA_SOURCE_NAMES[analysis.data_source]}
              </Badge>
            )}
            <Button size="sm" variant="outline" onClick={retry.retryNow} loading={query.isFetching}>
              <LuRefreshCw /> Refresh
            </Button>
            <Button size="sm" variant="outline" onClick={() => setDiagnosticsOpen(true)}>
              <LuStethoscope /> System Diagnostics
            </Button>
          </>
        }
      />

      {failureText && (
        <ConnectionBanner
          title={failureText}
          status={retry.exhausted ? 'error' : 'warning'}
          description={
            <Stack gap="1">
              <Text>{view.failureText}</Text>
              <Text textStyle="sm" color="fg.muted" data-testid="retry-status">
                {retry.exhausted
                  ? `Automatic retries stopped after ${retry.maxRetries} attempts.`
                  : `Retrying automatically in ${Math.round((retry.nextDelayMs ?? 0) / 1000)} s (retry ${retry.retries + 1} of ${retry.maxRetries}).`}
              </Text>
            </Stack>
          }
          onRetry={retry.retryNow}
        >
          {retry.exhausted && (
            <Box>
              <Button size="xs" colorPalette="red" variant="subtle" onClick={() => setDiagnosticsOpen(true)}>
                <LuStethoscope /> Open System Diagnostics
              </Button>
            </Box>
          )}
        </ConnectionBanner>
      )}

      {view.state === 'stale' && (
        <QueryNotice view={view} unavailableTitle={failureText ?? RESEARCH_TEXTS.serviceNotConnected} />
      )}
      <Stack gap="6">
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          <StatCard
            label="Market Sentiment"
            icon={<LuActivity />}
            loading={loading}
            value={analysis?.market_sentiment}
            tone={analysis ? SENTIMENT_TONE[analysis.market_sentiment] : 'neutral'}
            help={
              analysis
                ? `Trend: ${analysis.trend_direction} · ${Math.round(analysis.breadth * 100)}% of stocks above their 50-day average`
                : undefined
            }
          />
          <StatCard
            label="Opportunities"
            icon={<LuTarget />}
            loading={loading}
            value={analysis ? formatNumber(analysis.opportunities) : undefined}
            help={analysis ? 'Actionable BUY and SELL signals' : undefined}
          />
          <StatCard
            label="Volatility"
            icon={<LuGauge />}
            loading={loading}
            value={analysis?.volatility_level}
            tone={analysis ? VOLATILITY_TONE[analysis.volatility_level] : 'neutral'}
            help={
              analysis
                ? analysis.realised_volatility_pct === null || analysis.volatility_level === 'Unknown'
                  ? 'Not enough price history to measure'
                  : `NIFTY 50 20-day realised volatility ${formatNumber(analysis.realised_volatility_pct, 1)}% a year`
                : undefined
            }
          />
        </SimpleGrid>

        <TrendAnalysisPanel
          trend={analysis?.trend_analysis}
          failed={Boolean(failureText)}
          loading={loading}
        />

        <Panel
          title="AI Trading Signals"
          subtitle={
            analysis
              ? `The best strategy signal per NIFTY 50 stock · break-even after charges for a ${formatRupees(analysis.intended_value)} trade`
              : 'The best strategy signal per NIFTY 50 stock, with target, stop and break-even after charges'
          }
        >
          {analysis ? (
            analysis.recommendations.length > 0 ? (
              phone ? (
                <SignalsList recommendations={analysis.recommendations} />
              ) : (
                <SignalsTable recommendations={analysis.recommendations} />
              )
            ) : (
              <Unavailable title="No trading signals right now">
                No stock has enough price history for the strategies yet.
              </Unavailable>
            )
          ) : loading ? (
            <Unavailable title="Loading signals..." />
          ) : (
            <Unavailable title="Signals unavailable">
              The research service has not given any signals.
            </Unavailable>
          )}
        </Panel>
      </Stack>

      <HStack mt="4" justify="flex-end">
        <Text textStyle="xs" color="fg.muted">
          Signals are model output, not investment advice.
        </Text>
      </HStack>

      <DiagnosticsDialog open={diagnosticsOpen} onOpenChange={setDiagnosticsOpen} />
    </Box>
  );
}
