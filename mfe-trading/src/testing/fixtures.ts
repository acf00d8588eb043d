/**
 * Test data shaped by the contract, and an msw stand-in for the trade history server that applies
 * the contract's own filter and summary rules.
 */
import {
  PerformanceAnalytics,
  TradeHistoryQuery,
  summarizeTrades,
  tradeMatchesFilter,
  type PerformanceReturnPoint,
  type PortfolioOverview,
  type Trade,
} from '@nivesh/api-contract';
import { http, HttpResponse } from '@nivesh/api-client/testing';

export function makeTrade(overrides: Partial<Trade> = {}): Trade {
  return {
    trade_id: 'PT-0001',
    symbol: 'RELIANCE',
    mode: 'paper',
    side: 'BUY',
    quantity: 10,
    entry_price: 2500,
    exit_price: 2550,
    current_price: null,
    pnl: 500,
    pnl_percent: 1.6,
    fees: 100,
    net_pnl: 400,
    status: 'completed',
    strategy: 'Paper Trading',
    entry_time: new Date().toISOString(),
    exit_time: new Date().toISOString(),
    product: 'CNC',
    ...overrides,
  };
}

/** What the page asked for, call by call. */
export type SeenQuery = Record<string, string>;

/** GET /api/trading/history over `trades`, filtering, summing and paging as the server does. */
export function historyHandler(trades: readonly Trade[], seen: SeenQuery[] = []) {
  return http.get('/api/trading/history', ({ request }) => {
    const params = Object.fromEntries(new URL(request.url).searchParams);
    seen.push(params);
    const query = TradeHistoryQuery.parse(params);
    const matching = trades.filter((t) => tradeMatchesFilter(t, query, new Date()));
    const start = (query.page - 1) * query.page_size;
    return HttpResponse.json({
      success: true,
      data: matching.slice(start, start + query.page_size),
      total: matching.length,
      page: query.page,
      page_size: query.page_size,
      summary: summarizeTrades(matching),
    });
  });
}

export function makeOverview(overrides: Partial<PortfolioOverview> = {}): PortfolioOverview {
  return {
    portfolio_value: 1_052_340,
    total_value: 1_052_340,
    invested_value: 312_500,
    available_balance: 739_840,
    day_change: -4_250,
    day_change_percent: -0.4,
    active_positions: 4,
    total_returns: 52_340,
    total_returns_percent: 5.23,
    unrealized_pnl: 12_870,
    realized_pnl: 39_470,
    trades_today: 3,
    total_trades: 57,
    trading_mode: 'paper',
    trading_mode_label: 'Paper Trading',
    data_source: 'simulated',
    limits_status: {
      balance_status: { current: 739_840, threshold: 100_000, safe: true },
      daily_loss_status: { current_loss: 4_250, limit: 25_000, safe: true },
      positions_status: { current: 4, limit: 10, safe: true },
      exposure_status: { current_percentage: 92.5, limit_percentage: 80, safe: false },
    },
    as_of: new Date().toISOString(),
    ...overrides,
  };
}

export function makeAnalytics(overrides: Partial<PerformanceAnalytics> = {}): PerformanceAnalytics {
  const analytics: PerformanceAnalytics = {
    period: 'month',
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
    daily_pnl: Array.from({ length: 30 }, (_, i) => ({
      date: new Date(Date.UTC(2026, 1, 1 + i)).toISOString().slice(0, 10),
      pnl: i % 7 === 5 || i % 7 === 6 ? null : (i % 3 === 0 ? -1 : 1) * (1000 + i * 100),
    })),
    ...overrides,
  };
  return PerformanceAnalytics.parse(analytics);
}

export function makeReturns(): PerformanceReturnPoint[] {
  return [
    {
      date: '2026-02-02',
      portfolio_value: 1_000_000,
      daily_return: null,
      benchmark_return: null,
      cumulative_return: 0,
      benchmark_cumulative_return: 0,
    },
    {
      date: '2026-02-03',
      portfolio_value: 1_012_000,
      daily_return: 1.2,
      benchmark_return: 0.5,
      cumulative_return: 1.2,
      benchmark_cumulative_return: 0.5,
    },
    {
      date: '2026-02-04',
      portfolio_value: 1_043_700,
      daily_return: 3.13,
      benchmark_return: 0.9,
      cumulative_return: 4.37,
      benchmark_cumulative_return: 1.4,
    },
  ];
}
