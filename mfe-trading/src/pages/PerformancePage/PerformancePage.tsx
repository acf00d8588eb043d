/**
 * Performance Analytics (/performance; specification part 2, sections 2, 3, 7 and 8). Analytics
 * and the returns series are fetched together for the chosen period; if either fails the page
 * says 'Performance service not connected' and shows '--'; an analytics answer with success false
 * means 'Performance data not available'. Every figure, breakdown and heatmap cell comes from the
 * server (the original showed fixed values, sample tables and a random heatmap).
 */
import { useMemo, useState } from 'react';
import {
  Badge,
  Box,
  Button,
  Field,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
} from '@chakra-ui/react';
import { LuDownload, LuFilter, LuRefreshCw } from 'react-icons/lu';
import { DEFAULT_PERFORMANCE_PERIOD, type PerformancePeriod } from '@nivesh/api-contract';
import {
  combinedStatus,
  queryView,
  staleSummary,
  usePerformanceAnalyticsQuery,
  usePerformanceReturnsQuery,
} from '@nivesh/api-client';
import {
  ConnectionBanner,
  PageHeader,
  PageLoading,
  Panel,
  QueryNotice,
  ServiceStatusBadge,
  StatCard,
  Unavailable,
  formatIstTime,
  formatNumber,
  notify,
} from '@nivesh/ui';
import { downloadCsv, istFileDay } from '../../features/csv';
import { percentText, ratioText, signedTone } from '../../features/format';
import { PERFORMANCE_PERIODS, PERIOD_LABELS } from '../../features/performancePeriods';
import { performanceReportCsv } from '../../features/performanceCsv';
import { MonthlyTable, StocksTable, StrategiesTable } from './Breakdowns';
import { EquityChart } from './EquityChart';
import { PnlHeatmap } from './PnlHeatmap';
import { FigureGrid, allStatistics, keyStatistics } from './Statistics';

export const SERVICE_NOT_CONNECTED = 'Performance service not connected';
export const DATA_NOT_AVAILABLE = 'Performance data not available';

export default function PerformancePage() {
  const [period, setPeriod] = useState<PerformancePeriod>(DEFAULT_PERFORMANCE_PERIOD);
  const [filterOpen, setFilterOpen] = useState(false);
  const [strategyFilter, setStrategyFilter] = useState('');
  const [symbolFilter, setSymbolFilter] = useState('');

  const analytics = usePerformanceAnalyticsQuery({ query: { period } });
  const returns = usePerformanceReturnsQuery({ query: { period } });

  const analyticsView = queryView(analytics, 'The performance analytics service did not answer.');
  const returnsView = queryView(returns, 'The performance analytics service did not answer.');
  const failed = Boolean(analyticsView.failure || returnsView.failure);
  // The two answers go together: figures show once both have come for this period, and stay,
  // marked stale, when a later refetch of either fails.
  const both = analyticsView.data !== undefined && returnsView.data !== undefined;
  const analyticsAnswer = both ? analyticsView.data : undefined;
  const data = analyticsAnswer?.success ? analyticsAnswer.data : undefined;
  const series = both ? returnsView.data : undefined;
  const stale = staleSummary([analyticsView, returnsView]);
  const noData = analyticsAnswer?.success === false;
  const errorText = failed && !both ? SERVICE_NOT_CONNECTED : noData ? DATA_NOT_AVAILABLE : undefined;
  const loading = !failed && !analyticsAnswer;
  const state = combinedStatus([analyticsView, returnsView]);
  const lastAttempt = Math.max(analytics.startedTimeStamp ?? 0, returns.startedTimeStamp ?? 0);

  const symbolQuery = symbolFilter.trim().toLowerCase();
  const stocks = useMemo(
    () => (data?.by_stock ?? []).filter((s) => !symbolQuery || s.symbol.toLowerCase().includes(symbolQuery)),
    [data, symbolQuery],
  );
  const strategies = useMemo(
    () => (data?.by_strategy ?? []).filter((s) => !strategyFilter || s.strategy === strategyFilter),
    [data, strategyFilter],
  );
  const strategyNote = strategyFilter ? `strategy ${strategyFilter}` : '';
  const symbolNote = symbolQuery ? `symbol contains ${symbolFilter.trim().toUpperCase()}` : '';
  const filterNote = [strategyNote, symbolNote].filter(Boolean).join('; ');

  const retry = () => {
    void analytics.refetch();
    void returns.refetch();
  };

  const exportReport = () => {
    if (!data) return;
    const csv = performanceReportCsv(data, {
      generatedAt: new Date(),
      stocks,
      strategies,
      filterNote: filterNote || undefined,
    });
    downloadCsv(`nivesh-performance-${period}-${istFileDay(new Date())}.csv`, csv);
    notify('success', 'Performance report exported');
  };

  return (
    <Box>
      <PageHeader
        title="Performance Analytics"
        subtitle="Returns, risk ratios and trade statistics after costs"
        actions={
          <>
            <ServiceStatusBadge status={state} />
            <Button
              size="sm"
              variant="outline"
              onClick={retry}
              loading={analytics.isFetching || returns.isFetching}
            >
              <LuRefreshCw /> Refresh
            </Button>
            <Button
              size="sm"
              variant={filterOpen ? 'subtle' : 'outline'}
              aria-expanded={filterOpen}
              onClick={() => setFilterOpen((open) => !open)}
            >
              <LuFilter /> Filter
              {filterNote && (
                <Badge size="xs" colorPalette="brand" variant="solid">
                  on
                </Badge>
              )}
            </Button>
            <Button size="sm" colorPalette="brand" onClick={exportReport} disabled={!data}>
              <LuDownload /> Export Report
            </Button>
          </>
        }
      />

      {failed && (
        <ConnectionBanner
          title="Performance Data Connection Issues"
          description="Unable to connect to performance analytics services. Metrics may not be current."
          onRetry={retry}
          restartLabel="Restart"
        >
          {lastAttempt > 0 && (
            <Text textStyle="xs" color="fg.muted">
              Last attempt: {formatIstTime(new Date(lastAttempt))}
            </Text>
          )}
        </ConnectionBanner>
      )}

      <HStack role="group" aria-label="Period" gap="1" mb="5" wrap="wrap">
        {PERFORMANCE_PERIODS.map((p) => (
          <Button
            key={p}
            size="sm"
            variant={period === p ? 'solid' : 'ghost'}
            colorPalette={period === p ? 'brand' : 'gray'}
            aria-pressed={period === p}
            onClick={() => setPeriod(p)}
          >
            {PERIOD_LABELS[p]}
          </Button>
        ))}
      </HStack>

      {filterOpen && (
        <Box mb="5">
          <Panel
            title="Filter"
            subtitle="Symbol narrows the Stocks tab, strategy the Strategies tab; the exported report follows both"
          >
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" alignItems="end">
              <Field.Root>
                <Field.Label>Strategy</Field.Label>
                <NativeSelect.Root size="sm">
                  <NativeSelect.Field
                    value={strategyFilter}
                    onChange={(e) => setStrategyFilter(e.currentTarget.value)}
                  >
                    <option value="">All strategies</option>
                    {(data?.by_strategy ?? []).map((s) => (
                      <option key={s.strategy} value={s.strategy}>
                        {s.strategy}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
              <Field.Root>
                <Field.Label>Symbol</Field.Label>
                <Input
                  size="sm"
                  placeholder="e.g. RELIANCE"
                  value={symbolFilter}
                  onChange={(e) => setSymbolFilter(e.target.value)}
                />
              </Field.Root>
              <Button
                size="sm"
                variant="outline"
                disabled={!filterNote}
                onClick={() => {
                  setStrategyFilter('');
                  setSymbolFilter('');
                }}
              >
                Clear filter
              </Button>
            </SimpleGrid>
          </Panel>
        </Box>
      )}

      {stale && <QueryNotice view={stale} unavailableTitle={SERVICE_NOT_CONNECTED} />}
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3, '2xl': 6 }} gap="4" mb="6">
        <StatCard
          label="Total Return"
          loading={loading}
          tone={signedTone(data?.total_return)}
          value={data && percentText(data.total_return)}
          help={data && `Annualized ${percentText(data.annualized_return)}`}
        />
        <StatCard
          label="Win Rate"
          loading={loading}
          value={data && percentText(data.win_rate, { sign: false, decimals: 1 })}
          help={
            data && `${formatNumber(data.winning_trades)}/${formatNumber(data.total_trades)} winning trades`
          }
        />
        <StatCard
          label="Profit Factor"
          loading={loading}
          value={data && ratioText(data.profit_factor)}
          help={data && (data.profit_factor === null ? 'No losing trades yet' : 'Gross profit / gross loss')}
        />
        <StatCard
          label="Sharpe Ratio"
          loading={loading}
          value={data && ratioText(data.sharpe_ratio)}
          help={data && 'Annualised, after costs'}
        />
        <StatCard
          label="Max Drawdown"
          loading={loading}
          tone={data && data.max_drawdown < 0 ? 'loss' : 'neutral'}
          value={data && percentText(data.max_drawdown)}
          help={data && 'Deepest fall from a peak'}
        />
        <StatCard
          label="Total Trades"
          loading={loading}
          value={data && formatNumber(data.total_trades)}
          help={data && `Closed, ${PERIOD_LABELS[data.period].toLowerCase()}`}
        />
      </SimpleGrid>

      {errorText ? (
        <Panel>
          <Unavailable title={errorText}>
            {failed && !both
              ? (analyticsView.failureText ?? returnsView.failureText)
              : analyticsAnswer && !analyticsAnswer.success
                ? analyticsAnswer.error
                : undefined}
          </Unavailable>
        </Panel>
      ) : !data ? (
        <PageLoading label="Loading performance..." />
      ) : (
        <Tabs.Root defaultValue="overview" variant="line" lazyMount>
          <Tabs.List overflowX="auto" mb="4">
            <Tabs.Trigger value="overview">Overview</Tabs.Trigger>
            <Tabs.Trigger value="monthly">Monthly</Tabs.Trigger>
            <Tabs.Trigger value="stocks">Stocks</Tabs.Trigger>
            <Tabs.Trigger value="strategies">Strategies</Tabs.Trigger>
            <Tabs.Trigger value="statistics">Statistics</Tabs.Trigger>
          </Tabs.List>

          <Tabs.Content value="overview">
            <Stack gap="6">
              <Panel
                title={`Equity Curve vs ${series?.benchmark ?? 'NIFTY 50'}`}
                subtitle="Growth since the start of the period"
              >
                {series ? (
                  <EquityChart points={series.data} benchmark={series.benchmark} />
                ) : (
                  <PageLoading label="Loading returns..." />
                )}
              </Panel>
              <SimpleGrid columns={{ base: 1, xl: 2 }} gap="6">
                <Panel title="Key Statistics">
                  <FigureGrid label="Key statistics" figures={keyStatistics(data)} />
                </Panel>
                <Panel title="Daily P&L" subtitle="Last 30 days, after costs">
                  {data.daily_pnl.length ? (
                    <PnlHeatmap days={data.daily_pnl} />
                  ) : (
                    <Unavailable title="No daily P&L yet" />
                  )}
                </Panel>
              </SimpleGrid>
            </Stack>
          </Tabs.Content>
          <Tabs.Content value="monthly">
            <Panel title="Monthly Performance" subtitle="All strategies and symbols">
              <MonthlyTable rows={data.monthly} />
            </Panel>
          </Tabs.Content>
          <Tabs.Content value="stocks">
            <Panel title="Performance by Stock" subtitle={symbolNote ? `Filtered: ${symbolNote}` : undefined}>
              <StocksTable rows={stocks} />
            </Panel>
          </Tabs.Content>
          <Tabs.Content value="strategies">
            <Panel
              title="Performance by Strategy"
              subtitle={strategyNote ? `Filtered: ${strategyNote}` : undefined}
            >
              <StrategiesTable rows={strategies} />
            </Panel>
          </Tabs.Content>
          <Tabs.Content value="statistics">
            <Panel title="Statistics">
              <FigureGrid label="Statistics" figures={allStatistics(data)} />
            </Panel>
          </Tabs.Content>
        </Tabs.Root>
      )}
    </Box>
  );
}
