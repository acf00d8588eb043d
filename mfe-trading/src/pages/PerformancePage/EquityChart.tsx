/** Growth of the portfolio against NIFTY 50 since the first day of the period (GET /api/performance/returns). */
import { Box, Text } from '@chakra-ui/react';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { PerformanceReturnPoint } from '@nivesh/api-contract';
import { formatPercent } from '@nivesh/ui';
import { percentText } from '../../features/format';

const shortDay = new Intl.DateTimeFormat('en-IN', { day: '2-digit', month: 'short', timeZone: 'UTC' });
const dayTick = (date: string) => shortDay.format(new Date(`${date}T00:00:00Z`));
const percentTick = (value: number) => `${value.toFixed(1)}%`;

export function EquityChart({
  points,
  benchmark,
}: {
  points: readonly PerformanceReturnPoint[];
  benchmark: string;
}) {
  const last = points.at(-1);
  if (!last) return <Text color="fg.muted">No portfolio history for this period yet.</Text>;
  const summary = `Portfolio ${formatPercent(last.cumulative_return)} vs ${benchmark} ${percentText(last.benchmark_cumulative_return)}`;
  return (
    <Box>
      <Text textStyle="sm" color="fg.muted" mb="3" data-testid="equity-summary">
        {summary}
      </Text>
      <Box h={{ base: '60', md: '72' }} role="img" aria-label={`Equity curve: ${summary}`}>
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 640, height: 288 }}>
          <LineChart data={[...points]} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="var(--chakra-colors-border)" />
            <XAxis
              dataKey="date"
              tickFormatter={dayTick}
              stroke="var(--chakra-colors-fg-muted)"
              fontSize={12}
              minTickGap={24}
            />
            <YAxis
              tickFormatter={percentTick}
              stroke="var(--chakra-colors-fg-muted)"
              fontSize={12}
              width={56}
            />
            <Tooltip
              formatter={(value) => (typeof value === 'number' ? formatPercent(value) : '--')}
              labelFormatter={(label) => (typeof label === 'string' ? dayTick(label) : '')}
              contentStyle={{
                background: 'var(--chakra-colors-bg-panel)',
                border: '1px solid var(--chakra-colors-border)',
                borderRadius: 8,
              }}
            />
            <Legend />
            <Line
              type="monotone"
              dataKey="cumulative_return"
              name="Portfolio"
              stroke="var(--chakra-colors-brand-solid)"
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
            <Line
              type="monotone"
              dataKey="benchmark_cumulative_return"
              name={benchmark}
              stroke="var(--chakra-colors-blue-400)"
              strokeWidth={1.5}
              strokeDasharray="4 4"
              dot={false}
              connectNulls
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </Box>
    </Box>
  );
}
