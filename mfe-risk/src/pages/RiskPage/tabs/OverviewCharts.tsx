/**
 * The overview's charts: risk distribution (a ring of low / medium / high position shares),
 * exposure by sector (a ring) and the stress test (the loss of each NIFTY drop, as bars).
 * Colours are the Chakra system's CSS variables, so they read in dark and light mode; each chart is
 * one image with a sentence of its figures for screen readers, and the figures are also written out
 * beside it.
 */
import { Box, HStack, Text } from '@nivesh/ui/chakra';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  LabelList,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { RiskLevel } from '@nivesh/api-contract';
import {
  CHART_AXIS,
  CHART_COLORS,
  CHART_SERIES,
  CHART_TOOLTIP,
  chartAxis,
  formatRupees,
  formatRupeesCompact,
  Unavailable,
} from '@nivesh/ui';
import {
  formatShare,
  RISK_LEVEL_LABELS,
  type RiskShare,
  type SectorShare,
  type StressRow,
} from '../../../features/riskFormat';

/** The shared tooltip, its items in the page's text colour (a slice's own colour can be faint). */
const TOOLTIP = { ...CHART_TOOLTIP, itemStyle: { color: 'var(--chakra-colors-fg)' } } as const;
const LEVEL_FILL: Record<RiskLevel, string> = {
  low: 'var(--chakra-colors-green-solid)',
  medium: 'var(--chakra-colors-yellow-solid)',
  high: 'var(--chakra-colors-red-solid)',
};

const rupeeTooltip = (value: unknown) => (typeof value === 'number' ? formatRupees(value) : '--');

interface Slice {
  key: string;
  name: string;
  value: number;
  /** Share of the whole, percent. */
  percent: number;
  fill: string;
}

/** A ring of shares with a figure in its middle, drawn clockwise from twelve o'clock. */
function ShareRing({
  slices,
  label,
  center,
  centerCaption,
  testId,
  formatValue,
}: {
  slices: readonly Slice[];
  label: string;
  center: string;
  centerCaption: string;
  testId: string;
  formatValue: (value: number) => string;
}) {
  const drawn = slices.filter((slice) => slice.value > 0);
  return (
    <Box position="relative" h="44" role="img" aria-label={label} data-testid={testId}>
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 320, height: 176 }}>
        <PieChart>
          <Pie
            data={[...drawn]}
            dataKey="value"
            nameKey="name"
            startAngle={90}
            endAngle={-270}
            innerRadius="62%"
            outerRadius="92%"
            paddingAngle={drawn.length > 1 ? 2 : 0}
            stroke="var(--chakra-colors-bg-panel)"
            {...CHART_SERIES}
          >
            {drawn.map((slice) => (
              <Cell key={slice.key} fill={slice.fill} />
            ))}
          </Pie>
          <Tooltip
            {...TOOLTIP}
            formatter={(value, _name, item) => {
              const slice = (item as { payload?: Slice }).payload;
              const amount = typeof value === 'number' ? formatValue(value) : String(value);
              return slice ? `${amount} (${formatShare(slice.percent)})` : amount;
            }}
          />
        </PieChart>
      </ResponsiveContainer>
      <Box
        position="absolute"
        inset="0"
        display="flex"
        flexDirection="column"
        alignItems="center"
        justifyContent="center"
        pointerEvents="none"
        aria-hidden="true"
      >
        <Text fontSize="2xl" fontWeight="semibold" lineHeight="1" fontVariantNumeric="tabular-nums">
          {center}
        </Text>
        <Text textStyle="xs" color="fg.muted">
          {centerCaption}
        </Text>
      </Box>
    </Box>
  );
}

const positionsWord = (count: number) => (count === 1 ? 'position' : 'positions');

/** Low / medium / high shares of the open positions as a ring, the count in its middle. */
export function RiskDistributionChart({ shares }: { shares: readonly RiskShare[] }) {
  const total = shares.reduce((sum, share) => sum + share.count, 0);
  const label = `Risk distribution of ${total} ${positionsWord(total)}: ${shares
    .map((share) => `${RISK_LEVEL_LABELS[share.level].toLowerCase()} ${formatShare(share.percent)}`)
    .join(', ')}`;
  return (
    <ShareRing
      slices={shares.map((share) => ({
        key: share.level,
        name: `${RISK_LEVEL_LABELS[share.level]} risk`,
        value: share.count,
        percent: share.percent,
        fill: LEVEL_FILL[share.level],
      }))}
      label={label}
      center={String(total)}
      centerCaption={positionsWord(total)}
      testId="risk-distribution-chart"
      formatValue={(count) => `${count} ${positionsWord(count)}`}
    />
  );
}

/**
 * The colour palette of the n-th largest sector: Chakra's palettes, whose `solid` shade reads on
 * both the dark and the light panel (repeating after ten sectors).
 */
const SECTOR_PALETTES = [
  'blue',
  'teal',
  'purple',
  'orange',
  'pink',
  'cyan',
  'yellow',
  'green',
  'red',
  'gray',
] as const;
export const sectorPalette = (index: number) => SECTOR_PALETTES[index % SECTOR_PALETTES.length]!;

/** Gross exposure by sector as a ring, largest first from twelve o'clock; the money held in its middle. */
export function SectorExposureChart({ sectors }: { sectors: readonly SectorShare[] }) {
  const total = sectors.reduce((sum, share) => sum + share.exposure, 0);
  const label = `Exposure by sector: ${sectors
    .map((s) => `${s.sector} ${formatShare(s.percent)} (${formatRupees(s.exposure)})`)
    .join(', ')}`;
  return (
    <ShareRing
      slices={sectors.map((share, index) => ({
        key: share.sector,
        name: share.sector,
        value: share.exposure,
        percent: share.percent,
        fill: `var(--chakra-colors-${sectorPalette(index)}-solid)`,
      }))}
      label={label}
      center={formatRupeesCompact(total)}
      centerCaption="held"
      testId="sector-exposure-chart"
      formatValue={(value) => formatRupees(value)}
    />
  );
}

/** A loss on the stress test's axis and labels: '₹88,000', '₹1.76L' (no "K"). */
const lossLabel = (value: number) => formatRupeesCompact(value);

/**
 * For each NIFTY drop, the loss it would cost: the bar is the loss itself (a bar of the value
 * left would be about today's value each time, with the loss a sliver on top). The value left is
 * written beside the chart and in its description.
 */
export function StressTestChart({ rows }: { rows: readonly StressRow[] }) {
  const data = rows.map((row) => ({
    drop: Math.round(row.drop * 100),
    scenario: `-${Math.round(row.drop * 100)}%`,
    value: row.value,
    loss: Math.max(0, -row.change),
  }));
  const summary = `Stress test: ${data
    .map(
      (d) => `after a ${d.drop}% NIFTY 50 drop, value ${formatRupees(d.value)}, loss ${formatRupees(d.loss)}`,
    )
    .join('; ')}`;
  if (data.every((d) => d.loss === 0)) {
    return (
      <Box role="img" aria-label={summary} data-testid="stress-test-chart">
        <Unavailable title="No loss in any scenario">
          No open position moves with NIFTY 50, so a market drop costs nothing today.
        </Unavailable>
      </Box>
    );
  }
  const axis = chartAxis(
    data.map((d) => d.loss),
    { format: lossLabel, includeZero: true, count: 4, sign: 'positive' },
  );
  return (
    <Box role="img" aria-label={summary} data-testid="stress-test-chart">
      <HStack gap="1.5" justify="center" textStyle="xs" color="fg.muted" mb="1">
        <Box boxSize="2.5" rounded="xs" bg="red.solid" aria-hidden="true" />
        <Text>Loss after the drop</Text>
      </HStack>
      <Box h={{ base: '56', md: '64' }}>
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 320, height: 224 }}>
          <BarChart data={data} margin={{ top: 20, right: 8, bottom: 16, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke={CHART_COLORS.grid} vertical={false} />
            <XAxis
              dataKey="scenario"
              {...CHART_AXIS}
              tickLine={false}
              interval={0}
              label={{
                value: 'NIFTY 50 drop',
                position: 'insideBottom',
                offset: -12,
                fill: CHART_COLORS.axis,
                fontSize: 12,
              }}
            />
            <YAxis {...axis.props} {...CHART_AXIS} width={72} />
            <Tooltip
              {...TOOLTIP}
              cursor={{ fill: 'var(--chakra-colors-bg-muted)' }}
              formatter={rupeeTooltip}
              labelFormatter={(label) => `NIFTY 50 ${String(label)}`}
            />
            <Bar
              dataKey="loss"
              name="Loss"
              fill="var(--chakra-colors-red-solid)"
              radius={[4, 4, 0, 0]}
              maxBarSize={56}
              {...CHART_SERIES}
            >
              <LabelList
                dataKey="loss"
                position="top"
                fill="var(--chakra-colors-loss)"
                fontSize={12}
                formatter={(value) => (typeof value === 'number' ? `-${lossLabel(value)}` : '')}
              />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </Box>
    </Box>
  );
}
