/** Backtest answers: a finished allocator run with a week of values and three trades, and a running one. */
import { BacktestDailyValue, BacktestRun, BacktestSummary, type BacktestHeadline } from '../backtests';
import { fixture, valid } from './fixture';
import { makePerformanceAnalytics } from './performance';

const HEADLINE: BacktestHeadline = {
  final_value: 1_043_700,
  total_return: 4.37,
  annualized_return: 68.2,
  benchmark_return: 1.4,
  sharpe_ratio: 1.84,
  max_drawdown: -8.63,
  win_rate: 62.5,
  total_trades: 40,
};

/** A finished allocator run over February 2026 on ₹10,00,000. */
export const makeBacktestSummary = fixture(BacktestSummary, 'BacktestSummary', {
  id: 'BT-260301-a1b2c3',
  name: 'Allocator, February',
  strategy: 'allocator',
  from: '2026-02-02',
  to: '2026-02-27',
  initial_capital: 1_000_000,
  daily_amount: null,
  seed: 7,
  status: 'done',
  progress: 1,
  created_at: '2026-03-01T04:30:00.000Z',
  finished_at: '2026-03-01T04:30:12.000Z',
  error: null,
  headline: HEADLINE,
});

/**
 * End-of-day values growing from `initial` by the given daily returns (percent), with NIFTY 50's
 * value of the same capital moving by `benchmark` percent a day. Weekdays from `from`.
 */
export function makeBacktestDaily(
  options: { from?: string; initial?: number; returns?: number[]; benchmark?: number[] } = {},
): BacktestDailyValue[] {
  const initial = options.initial ?? 1_000_000;
  const returns = options.returns ?? [0.4, -0.2, 0.9, 1.1, -0.5];
  const benchmark = options.benchmark ?? returns.map(() => 0.25);
  let value = initial;
  let nifty = initial;
  const out: BacktestDailyValue[] = [];
  let day = Date.parse(`${options.from ?? '2026-02-02'}T00:00:00Z`);
  for (let i = 0; i < returns.length; i += 1) {
    while ([0, 6].includes(new Date(day).getUTCDay())) day += 86_400_000;
    value *= 1 + returns[i]! / 100;
    nifty *= 1 + (benchmark[i] ?? 0) / 100;
    out.push({
      date: new Date(day).toISOString().slice(0, 10),
      value: Math.round(value * 100) / 100,
      benchmark: Math.round(nifty * 100) / 100,
    });
    day += 86_400_000;
  }
  return out.map((point) => valid(BacktestDailyValue, 'BacktestDailyValue', point));
}

/** The finished run with its days, trades and analytics. */
export const makeBacktestRun = fixture(BacktestRun, 'BacktestRun', {
  ...makeBacktestSummary(),
  result: {
    daily: makeBacktestDaily(),
    trades: [
      {
        symbol: 'RELIANCE',
        strategy: 'Trend following',
        entry_date: '2026-02-02',
        entry_price: 2_501.25,
        exit_date: '2026-02-04',
        exit_price: 2_590,
        quantity: 8,
        charges: 71.35,
        net_pnl: 638.65,
        exit_reason: 'target',
      },
      {
        symbol: 'TCS',
        strategy: 'Mean reversion',
        entry_date: '2026-02-03',
        entry_price: 3_201.6,
        exit_date: '2026-02-05',
        exit_price: 3_120,
        quantity: 6,
        charges: 68.2,
        net_pnl: -557.8,
        exit_reason: 'stop',
      },
      {
        symbol: 'INFY',
        strategy: 'Breakout',
        entry_date: '2026-02-04',
        entry_price: 1_500.75,
        exit_date: '2026-02-06',
        exit_price: 1_512.3,
        quantity: 13,
        charges: 52.1,
        net_pnl: 98.05,
        exit_reason: 'end',
      },
    ],
    analytics: {
      ...makePerformanceAnalytics(),
      period: 'all',
      period_start: '2026-02-02',
      period_end: '2026-02-27',
    },
    decisions: { ordered: 41, skipped: 310, refused: 2 },
    refusals: [
      {
        limit: 'max_positions_count',
        count: 2,
        example: 'Max positions count 10 exceeded: this order would open TCS as position 11',
      },
    ],
    notes: ['Universe: the 50 NIFTY 50 stocks.'],
  },
});

/** A run under way: 42% done, no figures yet. */
export const makeRunningBacktest = fixture(BacktestRun, 'BacktestRun (running)', {
  ...makeBacktestSummary(),
  id: 'BT-260301-d4e5f6',
  name: 'Breakout, last year',
  strategy: 'breakout',
  from: '2025-03-03',
  to: '2026-02-27',
  status: 'running',
  progress: 0.42,
  finished_at: null,
  headline: null,
  result: null,
});
