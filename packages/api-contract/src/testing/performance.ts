/** Performance answers: the month's analytics and a three-day returns series. */
import { PerformanceAnalytics, PerformanceReturnPoint } from '../performance';
import { fixture, valid } from './fixture';

/** A month of 40 trades (25 won), with monthly, per-stock and per-strategy figures and 30 days of P&L. */
export const makePerformanceAnalytics = fixture(PerformanceAnalytics, 'PerformanceAnalytics', {
  period: 'month',
  period_start: '2026-02-01',
  period_end: '2026-03-01',
  total_return: 4.37,
  annualized_return: 68.2,
  net_pnl: 43_700,
  win_rate: 62.5,
  total_trades: 40,
  winning_trades: 25,
  losing_trades: 15,
  avg_win: 3_120.5,
  avg_loss: -2_286.4,
  largest_win: 9_870,
  largest_loss: -6_420,
  profit_factor: 2.27,
  expectancy: 1_092.4,
  sharpe_ratio: 1.84,
  sortino_ratio: 2.61,
  calmar_ratio: 7.9,
  max_drawdown: -8.63,
  volatility: 14.2,
  avg_hold_time_hours: 5.75,
  money_weighted_return: 51.3,
  beta: 0.82,
  alpha: 21.4,
  information_ratio: 1.27,
  deepest_drawdowns: [
    { start: '2026-02-03', trough: '2026-02-10', recovery: '2026-02-18', depth: -8.63, length: 11 },
    { start: '2026-02-20', trough: '2026-02-24', recovery: null, depth: -3.15, length: 6 },
  ],
  monthly: [
    { month: '2026-01', return_percent: 2.1, pnl: 21_000, trades: 18, win_rate: 55.6 },
    { month: '2026-02', return_percent: -0.8, pnl: -8_400, trades: 22, win_rate: 45.5 },
  ],
  by_stock: [
    { symbol: 'RELIANCE', trades: 12, pnl: 18_200, win_rate: 66.7 },
    { symbol: 'TCS', trades: 9, pnl: -3_100, win_rate: 33.3 },
    { symbol: 'INFY', trades: 7, pnl: 5_400, win_rate: 57.1 },
  ],
  by_strategy: [
    { strategy: 'Momentum', trades: 24, pnl: 31_000, win_rate: 66.7, profit_factor: 2.9 },
    { strategy: 'Mean Reversion', trades: 16, pnl: 12_700, win_rate: 56.3, profit_factor: null },
  ],
  // Weekends (every 6th and 7th day) have no P&L; every third day is a loss.
  daily_pnl: Array.from({ length: 30 }, (_, i) => ({
    date: new Date(Date.UTC(2026, 1, 1 + i)).toISOString().slice(0, 10),
    pnl: i % 7 === 5 || i % 7 === 6 ? null : (i % 3 === 0 ? -1 : 1) * (1000 + i * 100),
  })),
});

/**
 * A trading week (Monday 2 to Friday 6 February 2026, enough days for a curve): ₹10,00,000 growing
 * 1.2% on Tuesday and 3.13% on Thursday (4.37% in all), flat on Wednesday and Friday, against a
 * benchmark's 0.5% and 0.9% on the same days: never below a peak. The account's history is long
 * enough for the 60-day rolling figures.
 */
export function makeReturns(): PerformanceReturnPoint[] {
  const day = (
    date: string,
    portfolio_value: number,
    [daily_return, benchmark_return]: [number | null, number | null],
    [cumulative_return, benchmark_cumulative_return]: [number, number],
    [rolling_sharpe, rolling_beta]: [number, number],
  ): PerformanceReturnPoint => ({
    date,
    portfolio_value,
    daily_return,
    benchmark_return,
    cumulative_return,
    benchmark_cumulative_return,
    drawdown: 0,
    rolling_sharpe,
    rolling_beta,
  });
  const points: PerformanceReturnPoint[] = [
    day('2026-02-02', 1_000_000, [null, null], [0, 0], [1.91, 0.78]),
    day('2026-02-03', 1_012_000, [1.2, 0.5], [1.2, 0.5], [1.96, 0.8]),
    day('2026-02-04', 1_012_000, [0, 0], [1.2, 0.5], [1.94, 0.8]),
    day('2026-02-05', 1_043_700, [3.13, 0.9], [4.37, 1.4], [2.05, 0.82]),
    day('2026-02-06', 1_043_700, [0, 0], [4.37, 1.4], [2.12, 0.83]),
  ];
  return points.map((point) => valid(PerformanceReturnPoint, 'PerformanceReturnPoint', point));
}
