/**
 * The performance report of one period (the contract's `PerformanceAnalytics`, in fractions and
 * rupees; the service turns fractions into percent): returns and ratios from the time-weighted
 * daily series, trade statistics from the trades closed in the period, and the breakdowns.
 */
import { DEEPEST_DRAWDOWNS_LISTED, type PerformancePeriod } from '@nivesh/api-contract';
import { addDays } from '../market/tradingDays.js';
import { currentDrawdown, deepestDrawdowns, maxDrawdown, type DrawdownEpisode } from './drawdown.js';
import { moneyWeightedReturn } from './moneyWeighted.js';
import {
  annualisedReturn,
  annualVolatility,
  beta,
  calmarRatio,
  informationRatio,
  jensenAlpha,
  rolling,
  sharpeRatio,
  sortinoRatio,
} from './ratios.js';
import {
  alignedWithBenchmark,
  compoundReturn,
  dailyReturns,
  wealthIndex,
  type DayReturn,
  type DayValue,
} from './returns.js';
import { tradeStats, type ClosedTrade, type TradeStats } from './trades.js';

export interface TradeRecord extends ClosedTrade {
  symbol: string;
  strategy: string;
  /** IST day of the exit, YYYY-MM-DD. */
  closedDay: string;
}

/** The first day the period covers: returns of days after `periodBase` belong to it. */
export function periodBase(period: PerformancePeriod, today: string): string | null {
  const monthsBack = (months: number) => {
    const [y, m, d] = today.split('-').map(Number) as [number, number, number];
    const first = new Date(Date.UTC(y, m - 1 - months, 1));
    const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
    first.setUTCDate(Math.min(d, lastDay));
    return first.toISOString().slice(0, 10);
  };
  switch (period) {
    case 'day':
      return addDays(today, -1);
    case 'week':
      return addDays(today, -7);
    case 'month':
      return monthsBack(1);
    case 'quarter':
      return monthsBack(3);
    case 'year':
      return monthsBack(12);
    case 'all':
      return null;
  }
}

/**
 * The points of the period: the last one on or before its base day (the starting value), and every
 * later one. A period that reaches back before the account's first point (and 'all') starts from the
 * empty account the day before it.
 */
export function pointsOfPeriod(series: readonly DayValue[], base: string | null): DayValue[] {
  let start = -1;
  if (base !== null) for (let i = 0; i < series.length; i += 1) if (series[i]!.day <= base) start = i;
  if (start >= 0) return series.slice(start);
  const first = series[0];
  return first ? [{ day: addDays(first.day, -1), value: 0, flow: 0, benchmark: null }, ...series] : [];
}

interface PeriodBreakdown {
  key: string;
  trades: number;
  pnl: number;
  stats: TradeStats;
}

function breakdown(trades: readonly TradeRecord[], keyOf: (t: TradeRecord) => string): PeriodBreakdown[] {
  const groups = new Map<string, TradeRecord[]>();
  for (const trade of trades) {
    const key = keyOf(trade);
    groups.set(key, [...(groups.get(key) ?? []), trade]);
  }
  return [...groups].map(([key, group]) => ({
    key,
    trades: group.length,
    pnl: group.reduce((sum, t) => sum + t.netPnl, 0),
    stats: tradeStats(group),
  }));
}

interface MonthFigures extends PeriodBreakdown {
  /** Time-weighted return of the month's days in the period (fraction). */
  return: number;
}

export interface PerformanceReport {
  /** prod(1 + r) - 1 over the period. */
  totalReturn: number;
  annualisedReturn: number | null;
  /** V_end - V_start - the period's external flows, rupees. */
  netPnl: number;
  sharpe: number | null;
  sortino: number | null;
  calmar: number | null;
  /** <= 0 */
  maxDrawdown: number;
  currentDrawdown: number;
  volatility: number | null;
  trades: TradeStats;
  monthly: MonthFigures[];
  byStock: PeriodBreakdown[];
  byStrategy: PeriodBreakdown[];
  /** The period's daily returns (the chart's series). */
  returns: DayReturn[];
  /** XIRR of the period's flows (see `periodCashFlows`), a yearly fraction; null when none solves them. */
  moneyWeighted: number | null;
  /** To NIFTY 50 over the period's days on which both have a return. */
  beta: number | null;
  /** Jensen's alpha, annualised (fraction). */
  alpha: number | null;
  informationRatio: number | null;
  /** The deepest drawdown episodes of the period's wealth index, deepest first. */
  deepestDrawdowns: DrawdownEpisode[];
}

/**
 * The operator's own cash flows over the period's points, for the money-weighted return: the value
 * at its start paid in on its first day, then each day's external flow (deposits, withdrawals,
 * balance edits, resets); the value at its end is the final value.
 */
function periodCashFlows(points: readonly DayValue[]): {
  flows: Array<{ day: string; amount: number }>;
  finalDay: string;
  finalValue: number;
} | null {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return null;
  const flows = [{ day: first.day, amount: first.value }];
  for (const p of points.slice(1)) if (p.flow !== 0) flows.push({ day: p.day, amount: p.flow });
  return { flows, finalDay: last.day, finalValue: last.value };
}

/**
 * The days of a wealth index built from `returns` (`wealthIndex`): its starting point is dated by the
 * close it starts from, except that a start from the empty account (money paid in on the first
 * day, before any trading) is dated that first day.
 */
function indexDays(points: readonly DayValue[], returns: readonly DayReturn[]): string[] {
  const days = returns.map((d) => d.day);
  const first = days[0];
  if (first === undefined) return [];
  const before = points[points.findIndex((p) => p.day === first) - 1];
  return [before && before.value > 0 ? before.day : first, ...days];
}

export function performanceReport(input: {
  series: readonly DayValue[];
  trades: readonly TradeRecord[];
  period: PerformancePeriod;
  today: string;
  riskFreeAnnual: number;
}): PerformanceReport {
  const base = periodBase(input.period, input.today);
  const points = pointsOfPeriod(input.series, base);
  const returns = dailyReturns(points);
  const r = returns.map((d) => d.r);
  const index = wealthIndex(r);
  const deepest = maxDrawdown(index);
  const annualised = annualisedReturn(r);
  const trades = input.trades.filter((t) => base === null || t.closedDay > base);
  const first = points[0];
  const last = points[points.length - 1];
  const flows = points.slice(1).reduce((sum, p) => sum + p.flow, 0);
  const cash = periodCashFlows(points);
  const aligned = alignedWithBenchmark(returns);

  const months = breakdown(trades, (t) => t.closedDay.slice(0, 7));
  const monthKeys = new Set([...returns.map((d) => d.day.slice(0, 7)), ...months.map((m) => m.key)]);
  const monthly = [...monthKeys].sort().map((key) => {
    const found = months.find((m) => m.key === key);
    return {
      key,
      trades: found?.trades ?? 0,
      pnl: found?.pnl ?? 0,
      stats: found?.stats ?? tradeStats([]),
      return: compoundReturn(returns.filter((d) => d.day.startsWith(key)).map((d) => d.r)),
    };
  });
  const byPnl = (a: PeriodBreakdown, b: PeriodBreakdown) => b.pnl - a.pnl || a.key.localeCompare(b.key);

  return {
    totalReturn: compoundReturn(r),
    annualisedReturn: annualised,
    netPnl: first && last ? last.value - first.value - flows : 0,
    sharpe: sharpeRatio(r, input.riskFreeAnnual),
    sortino: sortinoRatio(r, input.riskFreeAnnual),
    calmar: calmarRatio(annualised, deepest),
    maxDrawdown: deepest,
    currentDrawdown: currentDrawdown(index),
    volatility: annualVolatility(r),
    trades: tradeStats(trades),
    monthly,
    byStock: breakdown(trades, (t) => t.symbol).sort(byPnl),
    byStrategy: breakdown(trades, (t) => t.strategy).sort(byPnl),
    returns,
    moneyWeighted: cash && moneyWeightedReturn(cash.flows, cash.finalDay, cash.finalValue),
    beta: beta(aligned.r, aligned.b),
    alpha: jensenAlpha(aligned.r, aligned.b),
    informationRatio: informationRatio(aligned.r, aligned.b),
    deepestDrawdowns: returns.length
      ? deepestDrawdowns(indexDays(points, returns), index, DEEPEST_DRAWDOWNS_LISTED)
      : [],
  };
}

export interface RollingFigures {
  sharpe: number | null;
  beta: number | null;
}

/**
 * The Sharpe ratio and the beta to NIFTY 50 of each trailing window of `window` daily returns, by
 * the day that ends it; days before the first full window are absent. The beta uses the window's
 * days on which NIFTY 50 has a return too.
 */
export function rollingFigures(
  returns: readonly DayReturn[],
  window: number,
  riskFreeAnnual: number,
): Map<string, RollingFigures> {
  const r = returns.map((d) => d.r);
  const windows = rolling(
    returns.map((d) => d.day),
    window,
    (from, to): RollingFigures => {
      const aligned = alignedWithBenchmark(returns.slice(from, to));
      return { sharpe: sharpeRatio(r.slice(from, to), riskFreeAnnual), beta: beta(aligned.r, aligned.b) };
    },
  );
  return new Map(windows.map((w) => [w.day, w.value]));
}

/**
 * Net P&L of each calendar day of the `days` days ending `today`, oldest first: V_t - V_(t-1) - F_t
 * for a day with a value, null for a day the market was closed (no value).
 */
export function dailyPnl(
  series: readonly DayValue[],
  today: string,
  days = 30,
): Array<{ day: string; pnl: number | null }> {
  const byDay = new Map(series.map((p, i) => [p.day, i]));
  const out: Array<{ day: string; pnl: number | null }> = [];
  for (let back = days - 1; back >= 0; back -= 1) {
    const day = addDays(today, -back);
    const i = byDay.get(day);
    if (i === undefined) {
      out.push({ day, pnl: null });
      continue;
    }
    const point = series[i]!;
    const before = i === 0 ? 0 : series[i - 1]!.value;
    out.push({ day, pnl: point.value - before - point.flow });
  }
  return out;
}
