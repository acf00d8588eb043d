/**
 * The performance report as CSV (Export Report): the period and its figures (the tear sheet's
 * included), then each breakdown, the deepest drawdowns, the daily P&L and the period's closed
 * trades as tables.
 */
import type { PerformanceAnalytics, StockBreakdown, StrategyBreakdown, Trade } from '@nivesh/api-contract';
import { istCsvTime, plainNumber, toCsv, type CsvCell } from './csv';
import { PERIOD_LABELS } from './performancePeriods';
import { TRADE_CSV_HEADER, tradeCsvRow } from './tradesCsv';

export interface PerformanceReportOptions {
  generatedAt: Date;
  /** The breakdowns as shown (after the page's strategy/symbol filter). */
  stocks: readonly StockBreakdown[];
  strategies: readonly StrategyBreakdown[];
  /** Describes the filter when one is applied, e.g. "symbol contains REL". */
  filterNote?: string;
  /** The trades closed in the period. */
  trades: readonly Trade[];
}

export function performanceReportCsv(a: PerformanceAnalytics, options: PerformanceReportOptions): string {
  const rows: CsvCell[][] = [
    ['Performance report', PERIOD_LABELS[a.period]],
    ['From', a.period_start ?? 'account opening'],
    ['To', a.period_end],
    ['Generated (IST)', istCsvTime(options.generatedAt.toISOString())],
  ];
  if (options.filterNote) rows.push(['Filter', options.filterNote]);
  rows.push(
    [],
    ['Metric', 'Value'],
    ['Total return %', plainNumber(a.total_return)],
    ['Annualized return %', plainNumber(a.annualized_return)],
    ['Net P&L', plainNumber(a.net_pnl)],
    ['Win rate %', plainNumber(a.win_rate)],
    ['Total trades', a.total_trades],
    ['Winning trades', a.winning_trades],
    ['Losing trades', a.losing_trades],
    ['Average win', plainNumber(a.avg_win)],
    ['Average loss', plainNumber(a.avg_loss)],
    ['Largest win', plainNumber(a.largest_win)],
    ['Largest loss', plainNumber(a.largest_loss)],
    ['Profit factor', plainNumber(a.profit_factor)],
    ['Expectancy', plainNumber(a.expectancy)],
    ['Sharpe ratio', plainNumber(a.sharpe_ratio)],
    ['Sortino ratio', plainNumber(a.sortino_ratio)],
    ['Calmar ratio', plainNumber(a.calmar_ratio)],
    ['Max drawdown %', plainNumber(a.max_drawdown)],
    ['Volatility %', plainNumber(a.volatility)],
    ['Average hold time (hours)', plainNumber(a.avg_hold_time_hours)],
    ['Money-weighted return (XIRR) %', plainNumber(a.money_weighted_return)],
    ['Beta to NIFTY 50', plainNumber(a.beta)],
    ['Alpha (annualised) %', plainNumber(a.alpha)],
    ['Information ratio', plainNumber(a.information_ratio)],
    [],
    ['Month', 'Return %', 'P&L', 'Trades', 'Win rate %'],
    ...a.monthly.map((m) => [
      m.month,
      plainNumber(m.return_percent),
      plainNumber(m.pnl),
      m.trades,
      plainNumber(m.win_rate),
    ]),
    [],
    ['Symbol', 'Trades', 'P&L', 'Win rate %'],
    ...options.stocks.map((s) => [s.symbol, s.trades, plainNumber(s.pnl), plainNumber(s.win_rate)]),
    [],
    ['Strategy', 'Trades', 'P&L', 'Win rate %', 'Profit factor'],
    ...options.strategies.map((s) => [
      s.strategy,
      s.trades,
      plainNumber(s.pnl),
      plainNumber(s.win_rate),
      plainNumber(s.profit_factor),
    ]),
    [],
    ['Drawdown start', 'Trough', 'Recovery', 'Depth %', 'Length (trading days)'],
    ...a.deepest_drawdowns.map((d) => [d.start, d.trough, d.recovery, plainNumber(d.depth), d.length]),
    [],
    ['Date', 'Daily P&L'],
    ...a.daily_pnl.map((d) => [d.date, plainNumber(d.pnl)]),
    [],
    ['Closed trades', options.trades.length],
    [...TRADE_CSV_HEADER],
    ...options.trades.map(tradeCsvRow),
  );
  return toCsv(rows);
}
