/**
 * The contract's PerformanceAnalytics from a performance report (analytics/performance.ts): fractions
 * to percent, rupees to the paisa. Pure. The performance page's figures and a backtest's stored
 * analytics both come from here, so the two read the same way.
 */
import type { PerformanceAnalytics, PerformancePeriod } from '@nivesh/api-contract';
import { dailyPnl, type PerformanceReport } from '../analytics/performance.js';
import type { DayValue } from '../analytics/returns.js';

const percent = (fraction: number) => fraction * 100;
const percentOrNull = (fraction: number | null) => (fraction === null ? null : fraction * 100);
const rupees = (x: number) => Math.round(x * 100) / 100;

export function analyticsData(
  report: PerformanceReport,
  input: {
    period: PerformancePeriod;
    /** First IST day the period covers, or null for all time. */
    periodStart: string | null;
    /** Last IST day it covers. */
    periodEnd: string;
    /** The daily series the report was made from (the 30-day P&L calendar reads it). */
    series: readonly DayValue[];
  },
): PerformanceAnalytics {
  const t = report.trades;
  return {
    period: input.period,
    period_start: input.periodStart,
    period_end: input.periodEnd,
    total_return: percent(report.totalReturn),
    // A yearly rate from a single day's return says nothing (contract: null under 2 trading days).
    annualized_return: report.returns.length >= 2 ? percentOrNull(report.annualisedReturn) : null,
    net_pnl: rupees(report.netPnl),
    win_rate: percentOrNull(t.winRate),
    total_trades: t.closed,
    winning_trades: t.winners,
    losing_trades: t.losers,
    avg_win: t.averageWin === null ? null : rupees(t.averageWin),
    avg_loss: t.averageLoss === null ? null : rupees(t.averageLoss),
    largest_win: t.largestWin === null ? null : rupees(t.largestWin),
    largest_loss: t.largestLoss === null ? null : rupees(t.largestLoss),
    profit_factor: t.profitFactor,
    expectancy: t.expectancy === null ? null : rupees(t.expectancy),
    sharpe_ratio: report.sharpe,
    sortino_ratio: report.sortino,
    calmar_ratio: report.calmar,
    max_drawdown: percent(report.maxDrawdown),
    volatility: percentOrNull(report.volatility),
    avg_hold_time_hours: t.averageHoldHours,
    money_weighted_return: percentOrNull(report.moneyWeighted),
    beta: report.beta,
    alpha: percentOrNull(report.alpha),
    information_ratio: report.informationRatio,
    deepest_drawdowns: report.deepestDrawdowns.map((d) => ({
      start: d.start,
      trough: d.trough,
      recovery: d.recovery,
      depth: percent(d.depth),
      length: d.length,
    })),
    monthly: report.monthly.map((m) => ({
      month: m.key,
      return_percent: percent(m.return),
      pnl: rupees(m.pnl),
      trades: m.trades,
      win_rate: percentOrNull(m.stats.winRate),
    })),
    by_stock: report.byStock.map((s) => ({
      symbol: s.key,
      trades: s.trades,
      pnl: rupees(s.pnl),
      win_rate: percentOrNull(s.stats.winRate),
    })),
    by_strategy: report.byStrategy.map((s) => ({
      strategy: s.key,
      trades: s.trades,
      pnl: rupees(s.pnl),
      win_rate: percentOrNull(s.stats.winRate),
      profit_factor: s.stats.profitFactor,
    })),
    daily_pnl: dailyPnl(input.series, input.periodEnd).map((d) => ({
      date: d.day,
      pnl: d.pnl === null ? null : rupees(d.pnl),
    })),
  };
}
