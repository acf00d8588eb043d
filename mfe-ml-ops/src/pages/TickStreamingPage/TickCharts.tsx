/**
 * The Tick Streaming page's two charts: one-second candles of a symbol (a wick from low to high
 * and a body from open to close, green when the second closed at or above its open) and the ticks
 * the server received in each second of the last minute.
 */
import type { ReactElement } from 'react';
import { Box } from '@nivesh/ui/chakra';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { TickCandle, TickStreamingDashboard } from '@nivesh/api-contract';
import {
  CHART_AXIS,
  CHART_COLORS,
  CHART_SERIES,
  CHART_TOOLTIP,
  chartAxis,
  formatIstTime,
  formatNumber,
} from '@nivesh/ui';

const clock = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});
/** '10:30:05' (IST) on an axis. */
const secondTick = (time: string) => clock.format(new Date(time));

function ChartBox({ label, height, children }: { label: string; height: string; children: ReactElement }) {
  return (
    <Box h={height} role="img" aria-label={label}>
      {/* The initial size draws the chart before the first resize measurement arrives. */}
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 640, height: 240 }}>
        {children}
      </ResponsiveContainer>
    </Box>
  );
}

interface CandleRow extends TickCandle {
  /** The wick's range, drawn by the bar. */
  range: [number, number];
}

interface CandleShapeProps {
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  payload?: CandleRow;
}

/** One candle inside the bar's box: the box spans low (bottom) to high (top). */
function CandleShape({ x = 0, y = 0, width = 0, height = 0, payload }: CandleShapeProps) {
  if (!payload) return null;
  const { open, close, high, low } = payload;
  const span = high - low;
  const at = (price: number) => (span > 0 ? y + ((high - price) / span) * height : y);
  const color = close >= open ? CHART_COLORS.up : CHART_COLORS.down;
  const middle = x + width / 2;
  const top = at(Math.max(open, close));
  const bodyHeight = Math.max(1, at(Math.min(open, close)) - top);
  const bodyWidth = Math.max(1, width * 0.7);
  return (
    <g>
      <line x1={middle} x2={middle} y1={y} y2={y + Math.max(height, 1)} stroke={color} />
      <rect x={middle - bodyWidth / 2} y={top} width={bodyWidth} height={bodyHeight} fill={color} />
    </g>
  );
}

/** A price or level on the axis, with the decimals the axis's step needs (at most the paisa). */
const priceLabel = (value: number, decimals: number) => formatNumber(value, Math.min(decimals, 2));
/** A count of ticks on the axis. */
const countLabel = (value: number) => formatNumber(value, 0);

export function CandleChart({ candles, label }: { candles: readonly TickCandle[]; label: string }) {
  const rows: CandleRow[] = candles.map((candle) => ({ ...candle, range: [candle.low, candle.high] }));
  // Round steps of at least the 5-paisa tick, each label different (not 29,973.01 and 29,972.75).
  const axis = chartAxis(
    candles.flatMap((candle) => [candle.low, candle.high]),
    { format: priceLabel, minStep: 0.05 },
  );
  return (
    <ChartBox label={label} height="64">
      <ComposedChart data={rows} margin={{ top: 8, right: 8, left: 8, bottom: 0 }}>
        <CartesianGrid stroke={CHART_COLORS.grid} strokeDasharray="3 3" />
        <XAxis dataKey="time" tickFormatter={secondTick} {...CHART_AXIS} minTickGap={24} />
        <YAxis {...axis.props} width={80} {...CHART_AXIS} />
        <Tooltip
          {...CHART_TOOLTIP}
          labelFormatter={(time) => formatIstTime(String(time))}
          formatter={(_value, _name, item) => {
            const row = (item as { payload?: CandleRow }).payload;
            return row
              ? [
                  `O ${formatNumber(row.open, 2)} · H ${formatNumber(row.high, 2)} · L ${formatNumber(row.low, 2)} · C ${formatNumber(row.close, 2)} · ${row.ticks} ticks`,
                  'Candle',
                ]
              : ['', ''];
          }}
        />
        <Bar dataKey="range" shape={CandleShape} {...CHART_SERIES} />
      </ComposedChart>
    </ChartBox>
  );
}

export function TicksPerSecondChart({
  series,
}: {
  series: TickStreamingDashboard['ticks_per_second_series'];
}) {
  const axis = chartAxis(
    series.map((second) => second.ticks),
    { format: countLabel, includeZero: true, minStep: 1, count: 3, sign: 'positive' },
  );
  return (
    <ChartBox label="Ticks received per second over the last minute" height="32">
      <BarChart data={[...series]} margin={{ top: 10, right: 4, left: -16, bottom: 0 }}>
        <XAxis dataKey="time" tickFormatter={secondTick} {...CHART_AXIS} minTickGap={32} />
        <YAxis {...axis.props} {...CHART_AXIS} />
        <Tooltip {...CHART_TOOLTIP} labelFormatter={(time) => formatIstTime(String(time))} />
        <Bar dataKey="ticks" name="Ticks" fill={CHART_COLORS.primary} {...CHART_SERIES} />
      </BarChart>
    </ChartBox>
  );
}
