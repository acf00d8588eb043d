/**
 * Backtest equity curves against NIFTY 50, each rebased to 0% at the run's start: one run's curve,
 * or two runs' on one chart (the comparison), over the shared chart of this remote.
 */
import type { BacktestRun } from '@nivesh/api-contract';
import { CHART_COLORS, formatPercent } from '@nivesh/ui';
import { percentText } from '../../features/format';
import { TimeSeriesChart, percentAxis, type ChartSeries } from '../../features/TimeSeriesChart';

export interface CurveRow {
  date: string;
  first: number | null;
  second: number | null;
  benchmark: number | null;
}

const growth = (value: number | null, base: number) => (value === null ? null : (value / base - 1) * 100);

/**
 * One row per date either run has, oldest first: each run's growth since its start, percent, and
 * NIFTY 50's over the first run's days (the capital had it been in NIFTY 50 from that run's start).
 */
function curveRows(first: BacktestRun, second?: BacktestRun): CurveRow[] {
  const rows = new Map<string, CurveRow>();
  const row = (date: string) => {
    let found = rows.get(date);
    if (!found) rows.set(date, (found = { date, first: null, second: null, benchmark: null }));
    return found;
  };
  for (const d of first.result?.daily ?? []) {
    const r = row(d.date);
    r.first = growth(d.value, first.initial_capital);
    r.benchmark = growth(d.benchmark, first.initial_capital);
  }
  for (const d of second?.result?.daily ?? []) row(d.date).second = growth(d.value, second!.initial_capital);
  return [...rows.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
}

export function EquityCurves({ first, second }: { first: BacktestRun; second?: BacktestRun }) {
  const rows = curveRows(first, second);
  const last = (key: keyof Omit<CurveRow, 'date'>) =>
    [...rows].reverse().find((r) => r[key] !== null)?.[key] ?? null;
  const series: ChartSeries<CurveRow>[] = [
    { key: 'first', name: first.name, color: CHART_COLORS.primary },
    ...(second ? [{ key: 'second' as const, name: second.name, color: CHART_COLORS.tertiary }] : []),
    { key: 'benchmark', name: 'NIFTY 50', color: CHART_COLORS.secondary, dashed: true },
  ];
  const summary = [
    `${first.name} ${percentText(last('first'))}`,
    ...(second ? [`${second.name} ${percentText(last('second'))}`] : []),
    `NIFTY 50 ${percentText(last('benchmark'))}`,
  ].join(' vs ');
  return (
    <TimeSeriesChart
      data={rows}
      name={second ? 'Equity curves compared' : 'Equity curve'}
      summary={summary}
      summaryTestId={second ? 'compare-summary' : 'backtest-equity-summary'}
      yFormat={percentAxis}
      value={formatPercent}
      series={series}
      zeroLine
    />
  );
}
