/**
 * The one look of this remote's daily charts (equity curve, underwater curve, rolling figures):
 * lines or filled areas over IST trading days, with the grid, axes and tooltip of the shared chart
 * theme (@nivesh/ui), so they read in dark and light mode, and sized by their box (full width;
 * shorter on a phone). The value axis is @nivesh/ui's `chartAxis` (round, distinct ticks); a chart
 * with fewer days than a curve needs says so in words instead of drawing axes round a dot.
 */
import type { ReactNode } from 'react';
import { Box, Text } from '@nivesh/ui/chakra';
import {
  CHART_AXIS,
  CHART_COLORS,
  CHART_SERIES,
  CHART_TOOLTIP,
  chartAxis,
  pointsWithValues,
  seriesValues,
  TooFewPoints,
  TRADING_DAYS,
  type AxisOptions,
} from '@nivesh/ui';
import {
  Area,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

export interface ChartSeries<T> {
  /** The field of each row this series draws (null: no point that day). */
  key: keyof T & string;
  /** Its name in the legend and tooltip. */
  name: string;
  color: string;
  /** A filled area down to zero instead of a line. */
  area?: boolean;
  dashed?: boolean;
}

/**
 * Trading days a curve needs before it is drawn: a trading week. With fewer, a line is a dot or a
 * straight segment between two days and tells the operator nothing its one-line summary does not.
 */
const MIN_CURVE_DAYS = 5;

const shortDay = new Intl.DateTimeFormat('en-IN', { day: '2-digit', month: 'short', timeZone: 'UTC' });
/** '02 Feb' for a YYYY-MM-DD day. */
const dayTick = (date: string) => shortDay.format(new Date(`${date}T00:00:00Z`));

/** A percent on the value axis with the decimals its step needs: '2.5%', '-12%', '0.05%'. */
export const percentAxis = (value: number, decimals: number) => `${value.toFixed(decimals)}%`;
/** A ratio (Sharpe, beta) on the value axis with the decimals its step needs. */
export const ratioAxis = (value: number, decimals: number) => value.toFixed(decimals);

/**
 * A one-line summary over the chart (the chart is one image to a screen reader, named by `name`
 * and the summary); a sentence when there is no day to draw, or too few for a curve.
 */
export function TimeSeriesChart<T extends { date: string }>({
  data,
  series,
  name,
  summary,
  summaryTestId,
  yFormat,
  value,
  zeroLine = false,
  minStep = 0.01,
  minPoints = MIN_CURVE_DAYS,
  tooFewHint,
  sign,
}: {
  data: readonly T[];
  series: readonly ChartSeries<T>[];
  /** What the chart is, e.g. 'Equity curve'. */
  name: string;
  /** Its figures in words, e.g. 'Portfolio +4.37% vs NIFTY 50 +1.40%'. */
  summary: string;
  summaryTestId: string;
  /** Labels a value on the y axis with the decimals the axis's step needs. */
  yFormat: (value: number, decimals: number) => string;
  /** Formats a value in the tooltip. */
  value: (value: number) => string;
  /** Draws the zero line (figures that change sign). */
  zeroLine?: boolean;
  /** The finest step of the value axis (default 0.01: hundredths of a percent or of a ratio). */
  minStep?: number;
  /** Days with a value the curve needs (default MIN_CURVE_DAYS). */
  minPoints?: number;
  /** Under the too-few-days sentence: why, or when the curve appears. */
  tooFewHint?: ReactNode;
  /** The figure's sign when it has one (a drawdown is never above zero): the axis stays on its side. */
  sign?: AxisOptions['sign'];
}) {
  if (data.length === 0) return <Text color="fg.muted">No portfolio history for this period yet.</Text>;
  const keys = series.map((s) => s.key);
  const days = pointsWithValues(data, keys);
  // Every figure here is read against zero (growth and drawdown from the start, ratios' sign).
  const axis = chartAxis(seriesValues(data, keys), {
    format: yFormat,
    includeZero: true,
    minStep,
    sign,
  });
  return (
    <Box>
      <Text textStyle="sm" color="fg.muted" mb="3" data-testid={summaryTestId}>
        {summary}
      </Text>
      {days < minPoints ? (
        <Box data-testid={`${summaryTestId}-too-few`}>
          <TooFewPoints have={days} need={minPoints} unit={TRADING_DAYS}>
            {tooFewHint ??
              `The curve is drawn once the period has ${minPoints} trading days: choose a longer period, or come back after more trading days.`}
          </TooFewPoints>
        </Box>
      ) : (
        <Box h={{ base: '56', md: '72' }} role="img" aria-label={`${name}: ${summary}`}>
          <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 640, height: 288 }}>
            <ComposedChart data={[...data]} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" stroke={CHART_COLORS.grid} />
              <XAxis dataKey="date" tickFormatter={dayTick} minTickGap={24} {...CHART_AXIS} />
              <YAxis {...axis.props} width={60} {...CHART_AXIS} />
              <Tooltip
                {...CHART_TOOLTIP}
                formatter={(v) => (typeof v === 'number' ? value(v) : '--')}
                labelFormatter={(day) => (typeof day === 'string' ? dayTick(day) : '')}
              />
              {series.length > 1 && <Legend />}
              {zeroLine && <ReferenceLine y={0} stroke={CHART_COLORS.axis} />}
              {series.map((s) =>
                // Recharts types a data key against the chart's own row type, which a generic T is not.
                s.area ? (
                  <Area
                    key={s.key}
                    type="monotone"
                    dataKey={s.key as string}
                    name={s.name}
                    stroke={s.color}
                    fill={s.color}
                    fillOpacity={0.25}
                    strokeWidth={1.5}
                    connectNulls
                    {...CHART_SERIES}
                  />
                ) : (
                  <Line
                    key={s.key}
                    type="monotone"
                    dataKey={s.key}
                    name={s.name}
                    stroke={s.color}
                    strokeWidth={s.dashed ? 1.5 : 2}
                    strokeDasharray={s.dashed ? '4 4' : undefined}
                    dot={false}
                    connectNulls
                    {...CHART_SERIES}
                  />
                ),
              )}
            </ComposedChart>
          </ResponsiveContainer>
        </Box>
      )}
    </Box>
  );
}
