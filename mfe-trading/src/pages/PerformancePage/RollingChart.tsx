/**
 * The rolling Sharpe ratio and beta to NIFTY 50 over the trailing 60 trading days, each day of the
 * period (the window reaches back before the period; the server leaves a day null until the
 * account has 60 daily returns).
 */
import { ROLLING_WINDOW_DAYS, type PerformanceReturnPoint } from '@nivesh/api-contract';
import { CHART_COLORS } from '@nivesh/ui';
import { ratioText } from '../../features/format';
import { TimeSeriesChart, ratioAxis } from '../../features/TimeSeriesChart';

export const ROLLING_TITLE = `Rolling ${ROLLING_WINDOW_DAYS}-Day Sharpe and Beta`;
export const ROLLING_SUBTITLE = `Over the ${ROLLING_WINDOW_DAYS} trading days ending each day`;

const ratio = (value: number) => value.toFixed(2);

export function RollingChart({
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
      name={`Rolling Sharpe ratio and beta to ${benchmark}`}
      summary={`Latest ${ROLLING_WINDOW_DAYS}-day Sharpe ${ratioText(last?.rolling_sharpe)}, beta ${ratioText(last?.rolling_beta)}`}
      summaryTestId="rolling-summary"
      yFormat={ratioAxis}
      value={ratio}
      zeroLine
      tooFewHint={`The rolling figures start once the account has ${ROLLING_WINDOW_DAYS} trading days of returns.`}
      series={[
        { key: 'rolling_sharpe', name: 'Sharpe ratio', color: CHART_COLORS.primary },
        { key: 'rolling_beta', name: `Beta to ${benchmark}`, color: CHART_COLORS.secondary, dashed: true },
      ]}
    />
  );
}
