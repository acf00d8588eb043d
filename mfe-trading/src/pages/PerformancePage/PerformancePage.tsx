/**
 * Performance Analytics (/performance; specification part 2, sections 2, 3, 7 and 8). Analytics
 * and the returns series are fetched together for the chosen period; if either fails the page
 * says 'Performance service not connected' and shows '--'; an analytics answer with success false
 * means 'Performance data not available'. Every figure, breakdown and heatmap cell comes from the
 * server (the original showed fixed values, sample tables and a random heatmap).
 *
 * Overview: the equity curve against NIFTY 50, the underwater curve, key statistics and the
 * 30-day P&L calendar. Monthly: every month's return since the account opened (year × month) and
 * the period's months. Statistics: the tear sheet (money-weighted return, alpha, beta,
 * information ratio, the deepest drawdowns), the rolling 60-day Sharpe ratio and beta, and the
 * rest. Export Report downloads the period's figures and closed trades as CSV; Printable report
 * opens the same as a page to print (PerformanceReport.tsx).
 */
import { useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from '@nivesh/api-client/router';
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
} from '@nivesh/ui/chakra';
import { LuDownload, LuFilter, LuPrinter, LuRefreshCw } from 'react-icons/lu';
import { DEFAULT_PERFORMANCE_PERIOD, type PerformancePeriod } from '@nivesh/api-contract';
import {
  combinedStatus,
  errorMessage,
  queryView,
  staleSummary,
  useAppDispatch,
  usePerformanceAnalyticsQuery,
  usePerformanceReturnsQuery,
  type ApiCallError,
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
  PNL_BASIS_TEXT,
} from '@nivesh/ui';
import { downloadCsv, istFileDay } from '../../features/csv';
import { drawdownText, percentText, ratioText, signedTone } from '../../features/format';
import { PERFORMANCE_PERIODS, PERIOD_LABELS } from '../../features/performancePeriods';
import { performanceReportCsv } from '../../features/performanceCsv';
import { fetchClosedTrades } from '../../features/tradeHistory';
import { MonthlyTable, StocksTable, StrategiesTable } from './Breakdowns';
import { DrawdownChart } from './DrawdownChart';
import { EquityChart } from './EquityChart';
import { DATA_NOT_AVAILABLE, SERVICE_NOT_CONNECTED } from './messages';
import { MonthlyHeatmap } from './MonthlyHeatmap';
import { PerformanceReport, reportPath, reportPeriod } from './PerformanceReport';
import { PnlHeatmap } from './PnlHeatmap';
import { ROLLING_SUBTITLE, ROLLING_TITLE, RollingChart } from './RollingChart';
import { FigureGrid, TEAR_SHEET_SUBTITLE, TearSheet, allStatistics, keyStatistics } from './Statistics';

/** The page, or its printable report when the address asks for it (`?view=report&period=…`). */
export default function PerformancePage() {
  const [params] = useSearchParams();
  if (params.get('view') === 'report')
    return <PerformanceReport period={reportPeriod(params.get('period'))} />;
  return <PerformanceDashboard />;
}

/**
 * Monthly returns of every month since the account opened (the analytics of all time, whatever
 * period the page shows), as a year × month grid.
 */
function MonthlyReturns() {
  const view = queryView(
    usePerformanceAnalyticsQuery({ query: { period: 'all' } }),
    'The performance analytics service did not answer.',
  );
  const answer = view.data;
  return (
    <Panel title="Monthly Returns" subtitle="Every month since the account opened, time-weighted">
      <QueryNotice view={view} unavailableTitle={SERVICE_NOT_CONNECTED} />
      {answer?.success ? (
        <MonthlyHeatmap months={answer.data.monthly} />
      ) : answer ? (
        <Unavailable title={DATA_NOT_AVAILABLE}>{answer.error}</Unavailable>
      ) : view.state === 'loading' ? (
        <PageLoading label="Loading monthly returns..." />
      ) : null}
    </Panel>
  );
}

function PerformanceDashboard() {
  const dispatch = useAppDispatch();
  const [exporting, setExporting] = useState(false);
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

  const exportReport = async () => {
    if (!data) return;
    setExporting(true);
    try {
      const trades = await fetchClosedTrades(dispatch, data.period_start);
      const csv = performanceReportCsv(data, {
        generatedAt: new Date(),
        stocks,
        strategies,
        filterNote: filterNote || undefined,
        trades,
      });
      downloadCsv(`nivesh-performance-${data.period}-${istFileDay(new Date())}.csv`, csv);
      notify('success', 'Performance report exported');
    } catch (error) {
      notify(
        'error',
        'Export failed',
        errorMessage(error as ApiCallError, 'The trade history did not answer, so the report was not made.'),
      );
    } finally {
      setExporting(false);
    }
  };

  return (
    <Box>
      <PageHeader
        title="Performance Analytics"
        subtitle={`Returns, risk ratios and trade statistics, ${PNL_BASIS_TEXT.after_charges}`}
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
            <Button asChild size="sm" variant="outline">
              <RouterLink to={reportPath(period)}>
                <LuPrinter /> Printable report
              </RouterLink>
            </Button>
            <Button
              size="sm"
              colorPalette="brand"
              onClick={() => void exportReport()}
              disabled={!data}
              loading={exporting}
            >
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
          value={data && drawdownText(data.max_drawdown)}
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
                subtitle="Growth since the start of the period, both rebased to 0%"
              >
                {series ? (
                  <EquityChart points={series.data} benchmark={series.benchmark} />
                ) : (
                  <PageLoading label="Loading returns..." />
                )}
              </Panel>
              <Panel title="Drawdown" subtitle="Fall from the running peak, net of deposits and withdrawals">
                {series ? <DrawdownChart points={series.data} /> : <PageLoading label="Loading returns..." />}
              </Panel>
              <SimpleGrid columns={{ base: 1, xl: 2 }} gap="6">
                <Panel title="Key Statistics">
                  <FigureGrid label="Key statistics" figures={keyStatistics(data)} />
                </Panel>
                <Panel title="Daily P&L" subtitle={`Last 30 days, ${PNL_BASIS_TEXT.after_charges}`}>
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
            <Stack gap="6">
              <MonthlyReturns />
              <Panel title="Monthly Performance" subtitle="This period, all strategies and symbols">
                <MonthlyTable rows={data.monthly} />
              </Panel>
            </Stack>
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
            <Stack gap="6">
              <Panel title="Tear Sheet" subtitle={TEAR_SHEET_SUBTITLE}>
                <TearSheet analytics={data} />
              </Panel>
              <Panel title={ROLLING_TITLE} subtitle={ROLLING_SUBTITLE}>
                {series ? (
                  <RollingChart points={series.data} benchmark={series.benchmark} />
                ) : (
                  <PageLoading label="Loading returns..." />
                )}
              </Panel>
              <Panel title="Statistics">
                <FigureGrid label="Statistics" figures={allStatistics(data)} />
              </Panel>
            </Stack>
          </Tabs.Content>
        </Tabs.Root>
      )}
    </Box>
  );
}
