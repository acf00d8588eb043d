/**
 * The underwater curve: how far the account stands below its running peak each day of the period
 * (the time-weighted wealth index, so deposits and withdrawals neither make nor hide a fall).
 */
import type { PerformanceReturnPoint } from '@nivesh/api-contract';
import { CHART_COLORS } from '@nivesh/ui';
import { percentText } from '../../features/format';
import { TimeSeriesChart, percentAxis } from '../../features/TimeSeriesChart';

const drawdownText = (value: number) => percentText(value, { sign: false });

export function DrawdownChart({ points }: { points: readonly PerformanceReturnPoint[] }) {
  const last = points.at(-1);
  const deepest = Math.min(0, ...points.map((p) => p.drawdown));
  return (
    <TimeSeriesChart
      data={points}
      name="Underwater curve"
      summary={
        last ? `Now ${drawdownText(last.drawdown)} from the peak; deepest ${drawdownText(deepest)}` : ''
      }
      summaryTestId="drawdown-summary"
      yFormat={percentAxis}
      sign="negative"
      value={drawdownText}
      series={[{ key: 'drawdown', name: 'Drawdown', color: CHART_COLORS.down, area: true }]}
    />
  );
}
