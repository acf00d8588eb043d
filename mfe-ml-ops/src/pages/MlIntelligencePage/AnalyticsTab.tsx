/** The ML Analytics (Live Data) tab: what the prediction log says about the models. */
import type { ReactElement } from 'react';
import { Alert, Box, Flex, SimpleGrid, Stack, Table, Text } from '@nivesh/ui/chakra';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { serverMessage } from '@nivesh/api-client';
import type { TradeFeatureValue } from '@nivesh/api-contract';
import {
  featureLabel,
  formatFeatureValue,
  PageLoading,
  Panel,
  StatCard,
  Unavailable,
  CHART_AXIS,
  CHART_COLORS,
  CHART_SERIES,
  CHART_TOOLTIP,
  chartAxis,
  formatPercent,
} from '@nivesh/ui';
import { formatCount, fractionPercent } from '../../features/format';
import { MetricRow } from '../../features/MetricRow';
import type { MlIntelligenceData } from './useMlIntelligenceData';

type Analytics = MlIntelligenceData['analytics'];

/** Each feature list shows at most this many features. */
const FEATURE_LIST_LIMIT = 5;

const DRIFT_WARNING =
  'Model drift detected! Recent performance has declined significantly. Consider retraining.';

/** A fraction as a chart value in percent, one decimal. */
function toPercent(fraction: number): number {
  return Math.round(fraction * 1000) / 10;
}

/** A 0-100% axis in quarters. */
const PERCENT_AXIS = chartAxis([0, 100], { format: (value) => `${value}%` });

/** A count axis from zero in whole steps, every label different (not 0, 1, 1, 1, 2). */
function countAxis(counts: readonly number[]) {
  return chartAxis(counts, {
    format: (value) => formatCount(value),
    includeZero: true,
    minStep: 1,
    sign: 'positive',
  });
}

const PERCENT_AXIS_PROPS = { ...CHART_AXIS, ...PERCENT_AXIS.props } as const;

function ChartBox({ label, children }: { label: string; children: ReactElement }) {
  return (
    <Box h="64" role="img" aria-label={label}>
      {/* The initial size draws the chart before the first resize measurement arrives. */}
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 480, height: 256 }}>
        {children}
      </ResponsiveContainer>
    </Box>
  );
}

function AccuracyByConfidence({ accuracy }: { accuracy: Analytics['accuracy'] }) {
  const buckets = accuracy.data?.buckets;
  const rows = buckets?.map((b) => ({
    bucket: b.confidence_bucket,
    successRate: toPercent(b.success_rate),
    count: b.count,
  }));
  const counts = countAxis(rows?.map((row) => row.count) ?? []);
  return (
    <Panel title="Prediction Accuracy by Confidence Level">
      {!rows ? (
        <Unavailable title="Accuracy by confidence not available" />
      ) : rows.length === 0 ? (
        <Unavailable title="No resolved predictions yet" />
      ) : (
        <Stack gap="3">
          <ChartBox label="Success rate and number of predictions by confidence bucket">
            <BarChart data={rows} margin={{ top: 8, right: 8, left: -8, bottom: 0 }}>
              <CartesianGrid strokeDasharray="3 3" stroke={CHART_COLORS.grid} />
              <XAxis dataKey="bucket" {...CHART_AXIS} />
              <YAxis yAxisId="rate" {...PERCENT_AXIS_PROPS} />
              <YAxis yAxisId="count" orientation="right" {...CHART_AXIS} {...counts.props} />
              <Tooltip {...CHART_TOOLTIP} />
              <Legend />
              <Bar
                yAxisId="rate"
                dataKey="successRate"
                name="Success rate %"
                fill={CHART_COLORS.primary}
                {...CHART_SERIES}
              />
              <Bar
                yAxisId="count"
                dataKey="count"
                name="Predictions"
                fill={CHART_COLORS.secondary}
                {...CHART_SERIES}
              />
            </BarChart>
          </ChartBox>
          <Table.Root size="sm" variant="line">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Confidence</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Success rate</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Predictions</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {buckets?.map((b) => (
                <Table.Row key={b.confidence_bucket}>
                  <Table.Cell>{b.confidence_bucket}</Table.Cell>
                  <Table.Cell textAlign="end">{fractionPercent(b.success_rate)}</Table.Cell>
                  <Table.Cell textAlign="end">{formatCount(b.count)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Stack>
      )}
    </Panel>
  );
}

function FeatureList({
  title,
  features,
  tone,
}: {
  title: string;
  features: TradeFeatureValue[];
  tone: 'gain' | 'loss';
}) {
  return (
    <Stack gap="2" as="section" aria-label={title}>
      <Text fontWeight="semibold" color={tone}>
        {title}
      </Text>
      {features.length === 0 ? (
        <Text textStyle="sm" color="fg.muted">
          None yet.
        </Text>
      ) : (
        features.slice(0, FEATURE_LIST_LIMIT).map((f) => (
          // The model's own features by name and in their unit; any other to 2 decimals.
          <MetricRow key={f.feature} label={featureLabel(f.feature)}>
            {formatFeatureValue(f.feature, f.avg_value)}
          </MetricRow>
        ))
      )}
    </Stack>
  );
}

function TradeFeatures({ features }: { features: Analytics['features'] }) {
  return (
    <Panel title="Winning vs Losing Trade Features" subtitle="Average feature value">
      {!features.data ? (
        <Unavailable title="Trade features not available" />
      ) : (
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="6">
          <FeatureList title="Winning Trades" features={features.data.top_winning_features} tone="gain" />
          <FeatureList title="Losing Trades" features={features.data.top_losing_features} tone="loss" />
        </SimpleGrid>
      )}
    </Panel>
  );
}

function ModelDrift({ drift }: { drift: Analytics['drift'] }) {
  const data = drift.data;
  return (
    <Panel title="Model Drift Analysis">
      {!data ? (
        <Unavailable title="Drift analysis not available" />
      ) : (
        <Stack gap="4">
          <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
            <StatCard
              label="Baseline Performance"
              value={data.baseline_performance === null ? null : fractionPercent(data.baseline_performance)}
              missing="No prediction resolved in the baseline window yet."
            />
            <StatCard
              label="Recent Performance"
              value={data.recent_performance === null ? null : fractionPercent(data.recent_performance)}
              missing="No prediction resolved in the recent window yet."
            />
            <StatCard
              label="Performance Delta"
              value={
                data.performance_delta === null
                  ? null
                  : formatPercent(data.performance_delta * 100, { decimals: 1 })
              }
              tone={data.performance_delta !== null && data.performance_delta < 0 ? 'loss' : 'gain'}
              help="Percentage points, recent against baseline"
              missing="Needs resolved predictions in both windows."
            />
          </SimpleGrid>
          {data.drift_detected && (
            <Alert.Root status="error" rounded="l2">
              <Alert.Indicator />
              <Alert.Title>{DRIFT_WARNING}</Alert.Title>
            </Alert.Root>
          )}
        </Stack>
      )}
    </Panel>
  );
}

function StrategyComparison({ trend }: { trend: Analytics['performanceTrend'] }) {
  const strategies = trend.data?.strategies;
  const rows = strategies?.map((s) => ({
    strategy: s.strategy_name,
    winRate: toPercent(s.win_rate),
    avgConfidence: toPercent(s.avg_confidence),
  }));
  return (
    <Panel title="Strategy Performance Comparison">
      {!rows ? (
        <Unavailable title="Strategy performance not available" />
      ) : rows.length === 0 ? (
        <Unavailable title="No strategy has resolved predictions yet" />
      ) : (
        <Stack gap="3">
          <ChartBox label="Win rate and average confidence by strategy">
            <BarChart data={rows} margin={{ top: 8, right: 8, left: -8, bottom: 0 }}>
              <CartesianGrid strokeDasharray="3 3" stroke={CHART_COLORS.grid} />
              <XAxis dataKey="strategy" {...CHART_AXIS} />
              <YAxis {...PERCENT_AXIS_PROPS} />
              <Tooltip {...CHART_TOOLTIP} />
              <Legend />
              <Bar dataKey="winRate" name="Win rate %" fill={CHART_COLORS.primary} {...CHART_SERIES} />
              <Bar
                dataKey="avgConfidence"
                name="Avg confidence %"
                fill={CHART_COLORS.secondary}
                {...CHART_SERIES}
              />
            </BarChart>
          </ChartBox>
          <Stack gap="0">
            {strategies?.map((s) => (
              <MetricRow key={s.strategy_name} label={s.strategy_name}>
                {fractionPercent(s.win_rate)} win · {fractionPercent(s.avg_confidence)} confidence
              </MetricRow>
            ))}
          </Stack>
        </Stack>
      )}
    </Panel>
  );
}

export function AnalyticsTab({ analytics }: { analytics: Analytics }) {
  const { dbStats } = analytics;
  if (dbStats.state === 'loading') return <PageLoading label="Loading learning analytics..." />;
  if (!dbStats.data) {
    // Not "No Learning Data Available": that would claim the log is ready and empty.
    return (
      <Panel>
        <Unavailable title="Learning analytics not available">
          {serverMessage(dbStats.error) ?? 'The learning audit log did not answer.'}
        </Unavailable>
      </Panel>
    );
  }
  const stats = dbStats.data;
  if (stats.total_predictions === 0) {
    return (
      <Panel>
        <Unavailable title="No Learning Data Available">
          The ML learning infrastructure is ready, but no predictions have been logged yet. Start trading to
          see real-time learning analytics here.
        </Unavailable>
      </Panel>
    );
  }
  return (
    <Stack gap="6">
      <Panel title="Learning System Statistics">
        <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="4">
          <StatCard label="Total Predictions" value={formatCount(stats.total_predictions)} />
          <StatCard
            label="Success Rate"
            value={stats.overall_success_rate === null ? null : fractionPercent(stats.overall_success_rate)}
            missing="No prediction has an outcome yet."
          />
          <StatCard
            label="Avg Confidence"
            value={stats.average_confidence === null ? null : fractionPercent(stats.average_confidence)}
          />
          <StatCard label="Learning Events" value={formatCount(stats.total_learning_events)} />
        </SimpleGrid>
      </Panel>
      <Flex gap="6" direction={{ base: 'column', xl: 'row' }}>
        <Box flex="3" minW="0">
          <AccuracyByConfidence accuracy={analytics.accuracy} />
        </Box>
        <Box flex="2" minW="0">
          <TradeFeatures features={analytics.features} />
        </Box>
      </Flex>
      <ModelDrift drift={analytics.drift} />
      <StrategyComparison trend={analytics.performanceTrend} />
    </Stack>
  );
}
