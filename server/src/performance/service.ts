/**
 * Performance analytics of the paper account (contract.performance) from what the account stores:
 * end-of-day values (equity_snapshots), external cash flows (cash_ledger opening / reset /
 * adjustment rows) and closed trades counted as the trade history shows them, one per exit (so win
 * rate and the history agree); read incrementally (history.ts).
 * Today, before its close is recorded, the account's current value is the last point.
 *
 * Live trading through Upstox keeps no end-of-day values here, so in live mode the service answers
 * `success: false` with a sentence saying so.
 */
import {
  apiError,
  istDay,
  ROLLING_WINDOW_DAYS,
  type PerformanceAnalytics,
  type PerformanceAnalyticsResponse,
  type PerformancePeriod,
  type PerformanceReturnsResponse,
} from '@nivesh/api-contract';
import type { Clock } from '../clock.js';
import type { Account } from '../broker/broker.js';
import type { TickHub } from '../market/feed.js';
import type { TradingModeService } from '../trading/mode.js';
import { BENCHMARK_SYMBOL } from '../paper/snapshots.js';
import {
  performanceReport,
  pointsOfPeriod,
  periodBase,
  rollingFigures,
  type TradeRecord,
} from '../analytics/performance.js';
import { drawdownSeries } from '../analytics/drawdown.js';
import { analyticsData } from './figures.js';
import { addDays } from '../market/tradingDays.js';
import { benchmarkReturnOfDay, dailyReturns, returnOfDay, type DayValue } from '../analytics/returns.js';
import { dailySeries, type AccountHistoryReader } from '../paper/history.js';

const PERFORMANCE_BENCHMARK_NAME = 'NIFTY 50';
const NO_HISTORY = 'Performance data not available: the account has no trading history yet.';
export const LIVE_NOT_RECORDED =
  'Performance data not available: analytics cover the paper account; live trading through Upstox keeps no end-of-day values here yet.';

export interface PerformanceServiceDeps {
  /** The paper account's stored history (shared with the risk service). */
  history: AccountHistoryReader;
  clock: Clock;
  hub: TickHub;
  tradingMode: TradingModeService;
  /** The paper account: its current value. */
  paper: Pick<Account, 'overview'>;
  /** Yearly risk-free rate, a fraction (DOMAIN.md: configurable, default 0). */
  riskFreeRate: number;
}

export interface PerformanceService {
  analytics(period: PerformancePeriod): Promise<PerformanceAnalyticsResponse>;
  returns(period: PerformancePeriod): Promise<PerformanceReturnsResponse>;
}

const percent = (fraction: number) => fraction * 100;
const rupees = (x: number) => Math.round(x * 100) / 100;

export function createPerformanceService(deps: PerformanceServiceDeps): PerformanceService {
  const { history } = deps;
  type Inputs = { error: string } | { series: DayValue[]; trades: readonly TradeRecord[]; today: string };

  async function inputs(): Promise<Inputs> {
    const mode = await deps.tradingMode.get();
    if (mode.mode === 'live') return { error: LIVE_NOT_RECORDED };
    const today = istDay(deps.clock.now());
    const [stored, overview] = await Promise.all([history.load(), deps.paper.overview()]);
    const benchmark = deps.hub.last(BENCHMARK_SYMBOL)?.ltp ?? null;
    const series = dailySeries(stored, today, { value: overview.portfolio_value, benchmark });
    if (series.length === 0) return { error: NO_HISTORY };
    return { series, trades: stored.trades, today };
  }

  return {
    async analytics(period) {
      const input = await inputs();
      if ('error' in input) return apiError(input.error);
      const report = performanceReport({ ...input, period, riskFreeAnnual: deps.riskFreeRate });
      const base = periodBase(period, input.today);
      const data: PerformanceAnalytics = analyticsData(report, {
        period,
        periodStart: base === null ? null : addDays(base, 1),
        periodEnd: input.today,
        series: input.series,
      });
      return { success: true, data };
    },

    async returns(period) {
      const input = await inputs();
      if ('error' in input) return { success: true, period, benchmark: PERFORMANCE_BENCHMARK_NAME, data: [] };
      const points = pointsOfPeriod(input.series, periodBase(period, input.today));
      // The trailing windows reach back before the period, over the whole history.
      const windows = rollingFigures(
        dailyReturns(pointsOfPeriod(input.series, null)),
        ROLLING_WINDOW_DAYS,
        deps.riskFreeRate,
      );
      const out: Array<Omit<PerformanceReturnsResponse['data'][number], 'drawdown'>> = [];
      // The wealth index from 1 before the period's first return, as the analytics' max drawdown reads it.
      const index = [1];
      let growth = 1;
      let baseBenchmark: number | null = null;
      for (let i = 0; i < points.length; i += 1) {
        const p = points[i]!;
        const previous = points[i - 1];
        if (p.value === 0 && i === 0) continue; // the empty account the whole history starts from
        const daily = previous ? returnOfDay(previous, p) : null;
        if (daily !== null) growth *= 1 + daily;
        index.push(growth);
        baseBenchmark ??= p.benchmark;
        const benchmarkDaily = previous ? benchmarkReturnOfDay(previous, p) : null;
        const window = windows.get(p.day);
        out.push({
          date: p.day,
          portfolio_value: rupees(p.value),
          daily_return: daily === null ? null : percent(daily),
          benchmark_return: benchmarkDaily === null ? null : percent(benchmarkDaily),
          cumulative_return: percent(growth - 1),
          benchmark_cumulative_return:
            baseBenchmark !== null && p.benchmark !== null ? percent(p.benchmark / baseBenchmark - 1) : null,
          rolling_sharpe: window?.sharpe ?? null,
          rolling_beta: window?.beta ?? null,
        });
      }
      const drawdowns = drawdownSeries(index).slice(1);
      const data = out.map((point, i) => ({ ...point, drawdown: percent(drawdowns[i]!) }));
      return { success: true, period, benchmark: PERFORMANCE_BENCHMARK_NAME, data };
    },
  };
}
