/**
 * The one look of this remote's daily charts (equity curve, underwater curve, rolling figures):
 * lines or filled areas over IST trading days, with the grid, axes and tooltip drawn in the Chakra
 * system's CSS variables, so they read in dark and light mode, and sized by their box (full width;
 * shorter on a phone).
 */
import { Box, Text } from '@nivesh/ui/chakra';
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

/** Series colours: the portfolio in the brand colour, the benchmark in blue, losses in red. */
export const CHART_COLORS = {
  portfolio: 'var(--chakra-colors-brand-solid)',
  benchmark: 'var(--chakra-colors-blue-400)',
  loss: 'var(--chakra-colors-red-500)',
} as const;

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

const shortDay = new Intl.DateTimeFormat('en-IN', { day: '2-digit', month: 'short', timeZone: 'UTC' });
/** '02 Feb' for a YYYY-MM-DD day. */
const dayTick = (date: string) => shortDay.format(new Date(`${date}T00:00:00Z`));
/** A percent on an axis: '2.5%', '-12%'. */
export const percentTick = (value: number) => `${value.toFixed(Math.abs(value) >= 10 ? 0 : 1)}%`;

const AXIS = { stroke: 'var(--chakra-colors-fg-muted)', fontSize: 12 } as const;

/**
 * A one-line summary over the chart (the chart is one image to a screen reader, named by `name`
 * and the summary), or a sentence when there is no day to draw.
 */
export function TimeSeriesChart<T extends { date: string }>({
  data,
  series,
  name,
  summary,
  summaryTestId,
  yTick,
  value,
  zeroLine = false,
}: {
  data: readonly T[];
  series: readonly ChartSeries<T>[];
  /** What the chart is, e.g. 'Equity curve'. */
  name: string;
  /** Its figures in words, e.g. 'Portfolio +4.37% vs NIFTY 50 +1.40%'. */
  summary: string;
  summaryTestId: string;
  /** Formats a value on the y axis. */
  yTick: (value: number) => string;
  /** Formats a value in the tooltip. */
  value: (value: number) => string;
  /** Draws the zero line (figures that change sign). */
  zeroLine?: boolean;
}) {
  if (data.length === 0) return <Text color="fg.muted">No portfolio history for this period yet.</Text>;
  return (
    <Box>
      <Text textStyle="sm" color="fg.muted" mb="3" data-testid={summaryTestId}>
        {summary}
      </Text>
      <Box h={{ base: '56', md: '72' }} role="img" aria-label={`${name}: ${summary}`}>
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 640, height: 288 }}>
          <ComposedChart data={[...data]} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="var(--chakra-colors-border)" />
            <XAxis dataKey="date" tickFormatter={dayTick} minTickGap={24} {...AXIS} />
            <YAxis tickFormatter={yTick} width={60} {...AXIS} />
            <Tooltip
              formatter={(v) => (typeof v === 'number' ? value(v) : '--')}
              labelFormatter={(day) => (typeof day === 'string' ? dayTick(day) : '')}
              contentStyle={{
                background: 'var(--chakra-colors-bg-panel)',
                border: '1px solid var(--chakra-colors-border)',
                borderRadius: 8,
                color: 'var(--chakra-colors-fg)',
              }}
            />
            {series.length > 1 && <Legend />}
            {zeroLine && <ReferenceLine y={0} stroke="var(--chakra-colors-fg-muted)" />}
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
                  isAnimationActive={false}
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
                  isAnimationActive={false}
                />
              ),
            )}
          </ComposedChart>
        </ResponsiveContainer>
      </Box>
    </Box>
  );
}
