/**
 * Growth of the portfolio against NIFTY 50, both rebased to 0% on the first day of the period
 * (GET /api/performance/returns: the time-weighted cumulative return and NIFTY 50's).
 */
import type { PerformanceReturnPoint } from '@nivesh/api-contract';
import { CHART_COLORS, formatPercent } from '@nivesh/ui';
import { percentText } from '../../features/format';
import { TimeSeriesChart, percentAxis } from '../../features/TimeSeriesChart';

export function EquityChart({
  points,
  benchmark,
}: {
  points: readonly PerformanceReturnPoint[];
  benchmark: string;
}) {
  const last = points.at(-1);
  return (
    <TimeSeriesChart
      data={points}
      name="Equity curve"
      summary={
        last
          ? `Portfolio ${formatPercent(last.cumulative_return)} vs ${benchmark} ${percentText(last.benchmark_cumulative_return)}`
          : ''
      }
      summaryTestId="equity-summary"
      yFormat={percentAxis}
      value={formatPercent}
      series={[
        { key: 'cumulative_return', name: 'Portfolio', color: CHART_COLORS.primary },
        { key: 'benchmark_cumulative_return', name: benchmark, color: CHART_COLORS.secondary, dashed: true },
      ]}
    />
  );
}
