/**
 * Overview: risk distribution of the open positions and their exposure by sector, portfolio
 * metrics, the stress test and the monitoring strip (part 2, section 2), with charts
 * (OverviewCharts.tsx). Every figure comes from the server's answers.
 */
import type { ReactNode } from 'react';
import { Badge, Box, Flex, HStack, SimpleGrid, Skeleton, Stack, Text } from '@nivesh/ui/chakra';
import type { MarketFeedStatus, RiskMetrics, RiskPosition } from '@nivesh/api-contract';
import { describeFeed, formatPercent, formatRupees, Panel, Unavailable, type FeedTone } from '@nivesh/ui';
import {
  formatFractionPercent,
  formatShare,
  mlAssessmentTone,
  mlRiskLabel,
  mlRiskTone,
  riskDistribution,
  sectorExposure,
  stressRows,
  RISK_LEVEL_LABELS,
  RISK_LEVEL_PALETTE,
  type Tone,
} from '../../../features/riskFormat';
import { LOAD_ERRORS, RISK_TEXT } from '../../../features/riskText';
import type { RiskConnection } from '../../../features/useRiskData';
import { RiskDistributionChart, SectorExposureChart, sectorPalette, StressTestChart } from './OverviewCharts';

const TONE_COLOR: Record<Tone, string> = { green: 'green.fg', yellow: 'yellow.fg', red: 'red.fg' };
const FEED_DOT: Record<FeedTone, string> = {
  green: 'gain',
  blue: 'blue.solid',
  orange: 'orange.solid',
  red: 'red.solid',
};

interface OverviewProps {
  metrics: RiskMetrics | undefined;
  metricsLoading: boolean;
  positions: RiskPosition[] | undefined;
  positionsLoading: boolean;
  connection: RiskConnection;
  /** This server's market data (the market status's feed); undefined until it has answered. */
  feed: MarketFeedStatus | undefined;
}

function Blocks({ count }: { count: number }) {
  return (
    <Stack gap="3" aria-busy="true">
      {Array.from({ length: count }, (_, index) => (
        <Skeleton key={index} height="6" />
      ))}
    </Stack>
  );
}

function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Flex justify="space-between" align="center" gap="3" py="1.5">
      <Text color="fg.muted" textStyle="sm">
        {label}
      </Text>
      <Box fontWeight="semibold" fontVariantNumeric="tabular-nums" textAlign="end">
        {children}
      </Box>
    </Flex>
  );
}

function RiskDistribution({
  positions,
  loading,
}: {
  positions: RiskPosition[] | undefined;
  loading: boolean;
}) {
  if (!positions) return loading ? <Blocks count={3} /> : <Unavailable title={LOAD_ERRORS.positions} />;
  if (positions.length === 0)
    return <Unavailable title="No open positions">Nothing is at risk right now.</Unavailable>;
  const shares = riskDistribution(positions);
  return (
    <Stack gap="4">
      <RiskDistributionChart shares={shares} />
      <Stack gap="3">
        {shares.map((share) => (
          <Stack key={share.level} gap="0.5" data-testid={`risk-share-${share.level}`}>
            <Flex justify="space-between" align="baseline">
              <Badge colorPalette={RISK_LEVEL_PALETTE[share.level]} variant="subtle">
                {RISK_LEVEL_LABELS[share.level]} risk
              </Badge>
              <Text fontWeight="semibold" fontVariantNumeric="tabular-nums">
                {formatShare(share.percent)}
              </Text>
            </Flex>
            <Text textStyle="xs" color="fg.muted" fontVariantNumeric="tabular-nums">
              {share.count} of {positions.length} positions · {formatRupees(share.exposure)} exposure
            </Text>
          </Stack>
        ))}
      </Stack>
    </Stack>
  );
}

function SectorExposure({ positions, loading }: { positions: RiskPosition[] | undefined; loading: boolean }) {
  if (!positions) return loading ? <Blocks count={3} /> : <Unavailable title={LOAD_ERRORS.positions} />;
  if (positions.length === 0)
    return <Unavailable title="No open positions">No sector holds any money right now.</Unavailable>;
  const sectors = sectorExposure(positions);
  return (
    <Stack gap="4">
      <SectorExposureChart sectors={sectors} />
      <Stack as="ul" gap="0" divideY="1px" listStyle="none" aria-label="Exposure by sector">
        {sectors.map((share, index) => (
          <Flex as="li" key={share.sector} justify="space-between" align="flex-start" gap="3" py="1.5">
            <HStack gap="2" align="flex-start" minW="0">
              <Box
                boxSize="2.5"
                mt="1.5"
                flexShrink="0"
                rounded="full"
                bg={`${sectorPalette(index)}.solid`}
                aria-hidden="true"
              />
              <Stack gap="0" minW="0">
                <Text textStyle="sm">{share.sector}</Text>
                <Text textStyle="xs" color="fg.muted">
                  {share.count} {share.count === 1 ? 'position' : 'positions'}
                </Text>
              </Stack>
            </HStack>
            <Stack
              gap="0"
              textAlign="end"
              fontVariantNumeric="tabular-nums"
              flexShrink="0"
              data-testid={`sector-${share.sector}`}
            >
              <Text fontWeight="semibold">{formatShare(share.percent)}</Text>
              <Text textStyle="xs" color="fg.muted">
                {formatRupees(share.exposure)}
              </Text>
            </Stack>
          </Flex>
        ))}
      </Stack>
    </Stack>
  );
}

function PortfolioMetrics({ metrics, loading }: { metrics: RiskMetrics | undefined; loading: boolean }) {
  if (!metrics) return loading ? <Blocks count={4} /> : <Unavailable title={LOAD_ERRORS.metrics} />;
  const tone = mlRiskTone(metrics.ml_risk_score);
  return (
    <Stack gap="0" divideY="1px">
      <Row label="Portfolio value">{formatRupees(metrics.portfolio_value)}</Row>
      <Row label="ML risk score">
        <Text as="span" color={TONE_COLOR[tone]} data-tone={tone} data-testid="ml-risk-score">
          {formatFractionPercent(metrics.ml_risk_score, 0)}
        </Text>{' '}
        <Text as="span" textStyle="xs" color="fg.muted">
          {mlRiskLabel(metrics.ml_risk_score)}
        </Text>
      </Row>
      <Row label="Volatility (annualised)">
        {metrics.volatility === null ? '--' : formatFractionPercent(metrics.volatility)}
      </Row>
      <Row label="Diversification">{formatFractionPercent(metrics.diversification_score, 0)}</Row>
      <Row label="Risk level">
        <Badge colorPalette={RISK_LEVEL_PALETTE[metrics.risk_level]}>
          {RISK_LEVEL_LABELS[metrics.risk_level]}
        </Badge>
      </Row>
    </Stack>
  );
}

function StressTest({ metrics, loading }: { metrics: RiskMetrics | undefined; loading: boolean }) {
  if (!metrics) return loading ? <Blocks count={3} /> : <Unavailable title={LOAD_ERRORS.metrics} />;
  const rows = stressRows(metrics);
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" alignItems="center">
      <StressTestChart rows={rows} />
      <Stack gap="3">
        {rows.map((row) => (
          <Flex
            key={row.drop}
            justify="space-between"
            align="center"
            gap="3"
            p="3"
            rounded="l2"
            bg="bg.subtle"
            data-testid={`stress-${Math.round(row.drop * 100)}`}
          >
            <Stack gap="0">
              <Text fontWeight="medium">Market drop {Math.round(row.drop * 100)}%</Text>
              <Text textStyle="xs" color="fg.muted">
                NIFTY 50, scaled by each position&apos;s beta
              </Text>
            </Stack>
            <Stack gap="0" textAlign="end" fontVariantNumeric="tabular-nums">
              <Text fontWeight="semibold">{formatRupees(row.value)}</Text>
              <Text textStyle="sm" color={row.change < 0 ? 'loss' : 'fg.muted'}>
                {formatRupees(row.change, { sign: true })}
                {row.changePercent !== null && ` (${formatPercent(row.changePercent)})`}
              </Text>
            </Stack>
          </Flex>
        ))}
      </Stack>
    </SimpleGrid>
  );
}

/**
 * Whether the risk figures are arriving and what their prices are: the risk calls failing is
 * 'Connection issues' (the specification's words); otherwise the data source as the market status
 * describes it (@nivesh/ui describeFeed), so a simulated feed is never called live.
 */
function DataConnection({ connection, feed }: Pick<OverviewProps, 'connection' | 'feed'>) {
  if (connection !== 'connected') {
    return (
      <HStack gap="2">
        <Box boxSize="2" rounded="full" bg="orange.solid" aria-hidden="true" />
        <Text textStyle="sm" color="orange.fg">
          {RISK_TEXT.connectionIssues}
        </Text>
      </HStack>
    );
  }
  if (!feed) {
    return (
      <Text textStyle="sm" color="fg.muted">
        Checking the market feed...
      </Text>
    );
  }
  const described = describeFeed(feed);
  return (
    <Stack gap="0.5" data-testid="data-connection" data-tone={described.tone}>
      <HStack gap="2">
        <Box boxSize="2" rounded="full" bg={FEED_DOT[described.tone]} aria-hidden="true" />
        <Text textStyle="sm" color={`${described.tone}.fg`}>
          {described.title}
        </Text>
      </HStack>
      <Text textStyle="xs" color="fg.muted">
        {described.detail}
      </Text>
    </Stack>
  );
}

function MonitoringStrip({
  metrics,
  positions,
  connection,
  feed,
}: Omit<OverviewProps, 'metricsLoading' | 'positionsLoading'>) {
  const assessmentTone = metrics ? mlAssessmentTone(metrics.ml_risk_score) : undefined;
  const scoreTone = metrics ? mlRiskTone(metrics.ml_risk_score) : undefined;
  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" aria-label="Risk monitoring">
      <Stack gap="0.5" p="4" rounded="l3" borderWidth="1px" borderColor="border" bg="bg.panel">
        <Text
          fontWeight="semibold"
          color={assessmentTone ? TONE_COLOR[assessmentTone] : 'fg.muted'}
          data-tone={assessmentTone}
          data-testid="ml-assessment-label"
        >
          ML Risk Assessment
        </Text>
        <Text textStyle="sm" color={scoreTone ? TONE_COLOR[scoreTone] : 'fg.muted'} data-tone={scoreTone}>
          {metrics
            ? `${formatFractionPercent(metrics.ml_risk_score, 0)} · ${mlRiskLabel(metrics.ml_risk_score)}`
            : '--'}
        </Text>
      </Stack>
      <Stack gap="0.5" p="4" rounded="l3" borderWidth="1px" borderColor="border" bg="bg.panel">
        <Text fontWeight="semibold">Data connection</Text>
        <DataConnection connection={connection} feed={feed} />
      </Stack>
      <Stack gap="0.5" p="4" rounded="l3" borderWidth="1px" borderColor="border" bg="bg.panel">
        <Text fontWeight="semibold">Positions tracked</Text>
        <Text textStyle="sm" color="fg.muted" fontVariantNumeric="tabular-nums">
          {positions
            ? `${positions.length} ${positions.length === 1 ? 'position' : 'positions'} tracked`
            : '--'}
        </Text>
      </Stack>
    </SimpleGrid>
  );
}

export function OverviewTab(props: OverviewProps) {
  const { metrics, metricsLoading, positions, positionsLoading } = props;
  return (
    <Stack gap="6">
      <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4" alignItems="start">
        <Panel title="Risk Distribution" subtitle="Share of open positions by risk level">
          <RiskDistribution positions={positions} loading={positionsLoading} />
        </Panel>
        <Panel title="Exposure by Sector" subtitle="Share of the money in open positions">
          <SectorExposure positions={positions} loading={positionsLoading} />
        </Panel>
        <Panel title="Portfolio Metrics">
          <PortfolioMetrics metrics={metrics} loading={metricsLoading} />
        </Panel>
      </SimpleGrid>
      <Panel title="Stress Test" subtitle="The loss a market drop would cost, and the value left">
        <StressTest metrics={metrics} loading={metricsLoading} />
      </Panel>
      <MonitoringStrip
        metrics={metrics}
        positions={positions}
        connection={props.connection}
        feed={props.feed}
      />
    </Stack>
  );
}
