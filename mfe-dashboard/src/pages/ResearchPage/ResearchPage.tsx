/**
 * Research & Analysis (specification part 1, sections 2, 4, 7-9): market sentiment, opportunities
 * and volatility, the benchmark's 5-year trend, the AI trading signals, and the System Diagnostics
 * & Control dialog. A failed load retries by itself (2 s, 4 s, 8 s), then offers diagnostics; the
 * server connection is checked every 30 s.
 */
import { useState } from 'react';
import { Badge, Box, Button, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { LuActivity, LuGauge, LuRefreshCw, LuStethoscope, LuTarget } from 'react-icons/lu';
import type { MarketSentimentLabel, VolatilityLevel } from '@nivesh/api-contract';
import { errorMessage, useResearchAnalysisQuery, useResearchConnectionCheck } from '@nivesh/api-client';
import {
  ConnectionBanner,
  formatIstDateTime,
  formatNumber,
  PageHeader,
  Panel,
  StatCard,
  Unavailable,
} from '@nivesh/ui';
import { ConnectionIndicator } from '../../features/connection/ConnectionIndicator';
import type { ServiceStatus } from '../../features/connection/serviceStatus';
import { readyData } from '../../features/queryState/loadState';
import { DiagnosticsDialog } from './DiagnosticsDialog';
import { researchFailureText } from './researchStatus';
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

const DATA_SOURCE_LABELS = { simulated: 'Simulated market', upstox: 'Upstox live data' } as const;

export default function ResearchPage() {
  const query = useResearchAnalysisQuery();
  const connection = useResearchConnectionCheck();
  const [diagnosticsOpen, setDiagnosticsOpen] = useState(false);

  const failed = query.isError && !query.isFetching;
  const retry = useBackoffRetry({
    failed,
    succeeded: query.isSuccess && !query.isFetching,
    retry: query.refetch,
  });

  const analysis = readyData(query)?.data;
  const failureText = failed ? researchFailureText(query.error) : undefined;
  const loading = query.isLoading || (query.isFetching && !analysis);
  const connectionStatus: ServiceStatus = connection.isError
    ? 'disconnected'
    : connection.isSuccess
      ? 'connected'
      : 'checking';

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
            <ConnectionIndicator status={connectionStatus} title="Server connection, checked every 30 s" />
            {analysis && (
              <Badge colorPalette={analysis.data_source === 'upstox' ? 'green' : 'purple'} variant="subtle">
                {DATA_SOURCE_LABELS[analysis.data_source]}
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
              <Text>{errorMessage(query.error, 'The research service did not answer.')}</Text>
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

      <Stack gap="6">
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          <StatCard
            label="Market Sentiment"
            icon={<LuActivity />}
            loading={loading}
            value={analysis?.market_sentiment}
            tone={analysis ? SENTIMENT_TONE[analysis.market_sentiment] : 'neutral'}
            help={analysis ? `Trend: ${analysis.trend_direction}` : undefined}
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
              analysis?.volatility_level === 'Unknown' ? 'Not enough price history to measure' : undefined
            }
          />
        </SimpleGrid>

        <TrendAnalysisPanel
          trend={analysis?.trend_analysis}
          failed={Boolean(failureText)}
          loading={loading}
        />

        <Panel title="AI Trading Signals" subtitle="Model signals with confidence, target price and risk">
          {analysis ? (
            analysis.recommendations.length > 0 ? (
              <SignalsTable recommendations={analysis.recommendations} />
            ) : (
              <Unavailable title="No trading signals right now">
                The models have no BUY or SELL view at the moment.
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
