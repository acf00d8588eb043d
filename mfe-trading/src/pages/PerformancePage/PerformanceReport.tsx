/**
 * The printable performance report (Export Report's printable form): one period's figures, tear
 * sheet, charts, breakdowns and closed trades on one page, at /performance?view=report&period=…
 * (a view of the performance page, so the shell's route table needs no entry of its own).
 *
 * Printing shows only the report: every other part of the page (the shell's sidebar and top bar,
 * this page's buttons) is left out by print CSS, and the report prints in light colours on A4
 * whatever the screen's colour mode. Its width is held to a printed page's, so the charts drawn
 * on screen fit the paper (a chart is not redrawn for print).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Link as RouterLink } from '@nivesh/api-client/router';
import { Global, css } from '@emotion/react';
import { Box, Button, Heading, HStack, Stack, Text, Theme } from '@nivesh/ui/chakra';
import { LuArrowLeft, LuPrinter } from 'react-icons/lu';
import {
  DEFAULT_PERFORMANCE_PERIOD,
  PAGE_PATHS,
  PerformancePeriod,
  type PerformanceAnalytics,
} from '@nivesh/api-contract';
import { queryView, usePerformanceAnalyticsQuery, usePerformanceReturnsQuery } from '@nivesh/api-client';
import { PageLoading, QueryNotice, Unavailable, formatIstDateTime, formatNumber } from '@nivesh/ui';
import { drawdownText, formatDay, percentText, ratioText } from '../../features/format';
import { PERIOD_LABELS } from '../../features/performancePeriods';
import { useClosedTrades } from '../../features/tradeHistory';
import { ClosedTradesTable, MonthlyTable, StocksTable, StrategiesTable } from './Breakdowns';
import { DrawdownChart } from './DrawdownChart';
import { EquityChart } from './EquityChart';
import { ROLLING_SUBTITLE, ROLLING_TITLE, RollingChart } from './RollingChart';
import {
  FigureGrid,
  TEAR_SHEET_SUBTITLE,
  TearSheet,
  allStatistics,
  keyStatistics,
  type Figure,
} from './Statistics';
import { DATA_NOT_AVAILABLE, SERVICE_NOT_CONNECTED } from './messages';

/** The report's address for a period. */
export function reportPath(period: PerformancePeriod): string {
  return `${PAGE_PATHS.performance}?view=report&period=${period}`;
}

/** The period a report address names (the page's default when it names none or an unknown one). */
export function reportPeriod(value: string | null): PerformancePeriod {
  const parsed = PerformancePeriod.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_PERFORMANCE_PERIOD;
}

/** Paper A4 with 12 mm margins: 186 mm wide, about 700 CSS pixels. */
const PAGE_WIDTH = '700px';

const printStyles = css`
  @media print {
    @page {
      size: A4;
      margin: 12mm;
    }
    body *:not(:has([data-print-report])):not([data-print-report]):not([data-print-report] *) {
      display: none !important;
    }
    *:has([data-print-report]) {
      margin: 0 !important;
      padding: 0 !important;
      min-height: 0 !important;
      border: 0 !important;
      background: none !important;
    }
    [data-print-report] {
      border: 0 !important;
      padding: 0 !important;
    }
    [data-print-hide] {
      display: none !important;
    }
    [data-print-report] * {
      overflow: visible !important;
      box-shadow: none !important;
    }
    /* Chakra's breakpoints are screen media queries: give the figures the page's three columns. */
    [data-print-report] dl {
      grid-template-columns: repeat(3, minmax(0, 1fr)) !important;
    }
    /* A chart keeps the room it was drawn in on screen (at most TimeSeriesChart's 18rem). */
    [data-print-report] [role='img'] {
      height: 18rem !important;
    }
    [data-print-report] h2 {
      break-after: avoid;
    }
    [data-print-report] [data-keep-together],
    [data-print-report] dl > div,
    [data-print-report] tr {
      break-inside: avoid;
    }
  }
`;

/** True while the browser prints (from `beforeprint` to `afterprint`), set before it lays the page out. */
function usePrinting(): boolean {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    // flushSync: the light colours must be on the page before the browser lays it out for print.
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(false);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);
  return printing;
}

function Section({
  title,
  subtitle,
  keepTogether = false,
  children,
}: {
  title: string;
  subtitle?: string;
  /** Printed on one page (a chart with its title), rather than split across two. */
  keepTogether?: boolean;
  children: ReactNode;
}) {
  return (
    <Box as="section" aria-label={title} data-keep-together={keepTogether || undefined}>
      <Heading as="h2" size="md" mb="1">
        {title}
      </Heading>
      {subtitle && (
        <Text textStyle="xs" color="fg.muted" mb="3">
          {subtitle}
        </Text>
      )}
      <Box mt={subtitle ? undefined : '3'}>{children}</Box>
    </Box>
  );
}

/** The six headline figures, then every other statistic once. */
function reportFigures(a: PerformanceAnalytics): Figure[] {
  const headline: Figure[] = [
    {
      label: 'Total Return',
      value: percentText(a.total_return),
      help: `Annualized ${percentText(a.annualized_return)}`,
    },
    {
      label: 'Win Rate',
      value: percentText(a.win_rate, { sign: false, decimals: 1 }),
      help: `${formatNumber(a.winning_trades)}/${formatNumber(a.total_trades)} winning trades`,
    },
    { label: 'Profit Factor', value: ratioText(a.profit_factor) },
    { label: 'Sharpe Ratio', value: ratioText(a.sharpe_ratio) },
    { label: 'Max Drawdown', value: drawdownText(a.max_drawdown) },
    { label: 'Total Trades', value: formatNumber(a.total_trades) },
  ];
  const seen = new Set(headline.map((f) => f.label));
  const rest = [...keyStatistics(a), ...allStatistics(a)].filter((f) => {
    if (seen.has(f.label)) return false;
    seen.add(f.label);
    return true;
  });
  return [...headline, ...rest];
}

export function PerformanceReport({ period }: { period: PerformancePeriod }) {
  const printing = usePrinting();
  const analytics = queryView(
    usePerformanceAnalyticsQuery({ query: { period } }),
    'The performance analytics service did not answer.',
  );
  const returns = queryView(
    usePerformanceReturnsQuery({ query: { period } }),
    'The performance analytics service did not answer.',
  );
  const data = analytics.data?.success ? analytics.data.data : undefined;
  const trades = queryView(useClosedTrades(data?.period_start), 'The trade history did not answer.');
  const [generatedAt] = useState(() => new Date());
  const ready = Boolean(data && returns.data && trades.data);

  let body: ReactNode;
  if (analytics.data && !analytics.data.success) {
    body = <Unavailable title={DATA_NOT_AVAILABLE}>{analytics.data.error}</Unavailable>;
  } else if (analytics.failure || returns.failure) {
    body = (
      <Unavailable title={SERVICE_NOT_CONNECTED}>{analytics.failureText ?? returns.failureText}</Unavailable>
    );
  } else if (!data || !returns.data) {
    body = <PageLoading label="Loading the report..." />;
  } else {
    const series = returns.data;
    body = (
      <Stack gap="8">
        <Section title="Summary">
          <FigureGrid label="Report figures" figures={reportFigures(data)} />
        </Section>
        <Section title="Tear Sheet" subtitle={TEAR_SHEET_SUBTITLE}>
          <TearSheet analytics={data} />
        </Section>
        <Section
          keepTogether
          title={`Equity Curve vs ${series.benchmark}`}
          subtitle="Growth since the start of the period"
        >
          <EquityChart points={series.data} benchmark={series.benchmark} />
        </Section>
        <Section keepTogether title="Drawdown" subtitle="Fall from the running peak">
          <DrawdownChart points={series.data} />
        </Section>
        <Section keepTogether title={ROLLING_TITLE} subtitle={ROLLING_SUBTITLE}>
          <RollingChart points={series.data} benchmark={series.benchmark} />
        </Section>
        <Section title="Monthly Performance">
          <MonthlyTable rows={data.monthly} />
        </Section>
        <Section title="Performance by Stock">
          <StocksTable rows={data.by_stock} />
        </Section>
        <Section title="Performance by Strategy">
          <StrategiesTable rows={data.by_strategy} />
        </Section>
        <Section title="Closed Trades" subtitle="Each exit, after charges, in the order they closed (IST)">
          {trades.data ? (
            <ClosedTradesTable rows={trades.data} />
          ) : trades.failure ? (
            <QueryNotice view={trades} unavailableTitle="Trades not available" />
          ) : (
            <PageLoading label="Loading trades..." />
          )}
        </Section>
      </Stack>
    );
  }

  return (
    <Box>
      <Global styles={printStyles} />
      <HStack data-print-hide justify="space-between" mb="4" maxW={PAGE_WIDTH} mx="auto" wrap="wrap" gap="2">
        <Button asChild size="sm" variant="outline">
          <RouterLink to={PAGE_PATHS.performance}>
            <LuArrowLeft /> Back to Performance
          </RouterLink>
        </Button>
        <Button size="sm" colorPalette="brand" onClick={() => window.print()} disabled={!ready}>
          <LuPrinter /> Print
        </Button>
      </HStack>
      <Theme
        appearance={printing ? 'light' : undefined}
        data-print-report
        maxW={PAGE_WIDTH}
        mx="auto"
        p={{ base: '4', md: '6' }}
        borderWidth="1px"
        borderColor="border"
        rounded="l3"
        bg="bg.panel"
      >
        <Stack gap="1" mb="6">
          <Heading as="h1" size="xl">
            Performance Report · {PERIOD_LABELS[period]}
          </Heading>
          <Text textStyle="sm" color="fg.muted" data-testid="report-period">
            {data
              ? `${data.period_start ? formatDay(data.period_start) : 'Since the account opened'} to ${formatDay(data.period_end)}`
              : ' '}
          </Text>
          <Text textStyle="xs" color="fg.muted">
            Paper account · generated {formatIstDateTime(generatedAt)} · returns after costs, time-weighted
            unless marked
          </Text>
        </Stack>
        {body}
      </Theme>
    </Box>
  );
}
