/**
 * The 5-Year Trend Analysis (specification part 1, section 2): static text in the original, here
 * drawn from the benchmark's stored month-end closes with the figures the server computed from them.
 */
import { Badge, Box, HStack, SimpleGrid, Stack, Text, Wrap } from '@nivesh/ui/chakra';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { TrendAnalysis } from '@nivesh/api-contract';
import {
  CHART_AXIS,
  CHART_COLORS,
  CHART_SERIES,
  CHART_TOOLTIP,
  chartAxis,
  formatNumber,
  formatPercent,
  Panel,
  Unavailable,
} from '@nivesh/ui';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2024-03' -> 'Mar 2024'. */
function monthLabel(month: string): string {
  const [year, number] = month.split('-');
  return `${MONTHS[Number(number) - 1] ?? number} ${year}`;
}

function Figure({ label, value, tone }: { label: string; value: string; tone?: 'gain' | 'loss' }) {
  return (
    <Stack gap="0.5" aria-label={label} role="group">
      <Text textStyle="xs" color="fg.muted">
        {label}
      </Text>
      <Text fontWeight="semibold" textStyle="lg" color={tone ?? 'fg'} fontVariantNumeric="tabular-nums">
        {value}
      </Text>
    </Stack>
  );
}

const tone = (value: number) => (value < 0 ? 'loss' : 'gain');

export interface TrendAnalysisPanelProps {
  trend: TrendAnalysis | null | undefined;
  /** The analysis could not be loaded (the page says why). */
  failed: boolean;
  loading: boolean;
}

export function TrendAnalysisPanel({ trend, failed, loading }: TrendAnalysisPanelProps) {
  if (!trend) {
    return (
      <Panel title="5-Year Trend Analysis">
        {loading ? (
          <Unavailable title="Loading trend analysis..." />
        ) : failed ? (
          <Unavailable title="Trend analysis unavailable">
            The 5-year trend comes with the research analysis.
          </Unavailable>
        ) : (
          <Unavailable title="Not enough price history yet">
            The trend analysis needs at least a year of month-end closes of the benchmark.
          </Unavailable>
        )}
      </Panel>
    );
  }

  const points = trend.monthly_closes.map((point) => ({ ...point, label: monthLabel(point.month) }));
  const years = Math.max(1, Math.round(trend.monthly_closes.length / 12));
  // Index levels in round steps, every label different (recharts' own repeat at whole points).
  const axis = chartAxis(
    points.map((point) => point.close),
    { format: (value, decimals) => formatNumber(value, Math.min(decimals, 2)) },
  );
  return (
    <Panel
      title="5-Year Trend Analysis"
      subtitle={`${trend.index}, month-end closes, ${monthLabel(trend.from_month)} – ${monthLabel(trend.to_month)}`}
    >
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="4" mb="4">
        <Figure
          label="Total return"
          value={formatPercent(trend.total_return_pct)}
          tone={tone(trend.total_return_pct)}
        />
        <Figure label="CAGR" value={formatPercent(trend.cagr_pct)} tone={tone(trend.cagr_pct)} />
        <Figure label="Max drawdown" value={formatPercent(trend.max_drawdown_pct)} tone="loss" />
        <Figure label="Latest close" value={formatNumber(trend.monthly_closes.at(-1)?.close ?? 0, 2)} />
      </SimpleGrid>
      <Box
        role="img"
        aria-label={`${trend.index} month-end closes over ${years} ${years === 1 ? 'year' : 'years'}`}
        h={{ base: '200px', md: '260px' }}
      >
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 640, height: 260 }}>
          <AreaChart data={points} margin={{ left: 0, right: 8, top: 8 }}>
            <defs>
              <linearGradient id="trendFill" x1="0" y1="0" x2="0" y2="1">
                <stop offset="0%" stopColor={CHART_COLORS.primary} stopOpacity={0.35} />
                <stop offset="100%" stopColor={CHART_COLORS.primary} stopOpacity={0} />
              </linearGradient>
            </defs>
            <CartesianGrid strokeDasharray="3 3" stroke={CHART_COLORS.grid} vertical={false} />
            <XAxis dataKey="label" {...CHART_AXIS} fontSize={11} minTickGap={32} />
            <YAxis {...axis.props} width={64} {...CHART_AXIS} fontSize={11} />
            <Tooltip {...CHART_TOOLTIP} formatter={(value) => [formatNumber(Number(value), 2), 'Close']} />
            <Area
              type="monotone"
              dataKey="close"
              stroke={CHART_COLORS.primary}
              fill="url(#trendFill)"
              strokeWidth={2}
              {...CHART_SERIES}
            />
          </AreaChart>
        </ResponsiveContainer>
      </Box>
      <Stack gap="2" mt="4">
        <Text textStyle="sm" fontWeight="medium">
          Calendar-year returns
        </Text>
        <Wrap gap="2" data-testid="yearly-returns">
          {trend.yearly_returns.map((year) => (
            <HStack
              key={year.year}
              gap="1.5"
              borderWidth="1px"
              borderColor="border"
              rounded="l2"
              px="2.5"
              py="1"
            >
              <Text textStyle="sm" color="fg.muted">
                {year.year}
                {year.partial ? ' YTD' : ''}
              </Text>
              <Badge
                colorPalette={year.return_pct < 0 ? 'red' : 'green'}
                variant="subtle"
                fontVariantNumeric="tabular-nums"
              >
                {formatPercent(year.return_pct, { decimals: 1 })}
              </Badge>
            </HStack>
          ))}
        </Wrap>
      </Stack>
    </Panel>
  );
}
