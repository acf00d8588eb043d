/**
 * Risk of the open positions, from each stock's daily candles (pure; the risk service supplies the
 * candles, prices and limits). Every rule that turns a figure into advice is stated where it is
 * applied, so the risk page can say why it suggests what it does.
 */
import type { Order, RiskPosition } from '@nivesh/api-contract';
import { mean, sampleCovariance } from 'simple-statistics';
import { ATR } from 'trading-signals';
import { annualVolatility, beta } from './ratios.js';

export interface DailyCandle {
  /** IST trading day, YYYY-MM-DD. */
  date: string;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** Trading days of history the per-stock statistics use (about three months). */
const STOCK_WINDOW_DAYS = 60;
/** Wilder's average true range over 14 days, the usual setting. */
const ATR_DAYS = 14;
/** The stop-loss suggestion sits this many ATRs from the price (a common volatility stop). */
const STOP_ATR_MULTIPLE = 2;
/** Liquidity: the share of a stock's average daily traded value one could sell without moving it. */
const PARTICIPATION = 0.1;
/** Days of traded value averaged for liquidity. */
const LIQUIDITY_DAYS = 20;
/** A stock more volatile than this (annualised) is high risk; above the lower bound, medium. */
export const VOLATILITY_BANDS = { medium: 0.25, high: 0.4 } as const;

/** Close-to-close returns by day, oldest first (the last `STOCK_WINDOW_DAYS`). */
export function candleReturns(
  candles: readonly DailyCandle[],
  days = STOCK_WINDOW_DAYS,
): Map<string, number> {
  const out = new Map<string, number>();
  const from = Math.max(1, candles.length - days);
  for (let i = from; i < candles.length; i += 1) {
    const previous = candles[i - 1]!.close;
    if (previous > 0) out.set(candles[i]!.date, candles[i]!.close / previous - 1);
  }
  return out;
}

/** Wilder's ATR of the candles; null with fewer than ATR_DAYS + 1 candles. */
export function averageTrueRange(candles: readonly DailyCandle[], days = ATR_DAYS): number | null {
  if (candles.length < days + 1) return null;
  const atr = new ATR(days);
  let last: number | null = null;
  for (const c of candles) last = atr.update({ high: c.high, low: c.low, close: c.close }, false);
  return last;
}

/** Values of `a` and `b` on the days both have, in day order. */
function aligned(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): [number[], number[]] {
  const x: number[] = [];
  const y: number[] = [];
  for (const [day, value] of [...a].sort(([d1], [d2]) => d1.localeCompare(d2))) {
    const other = b.get(day);
    if (other === undefined) continue;
    x.push(value);
    y.push(other);
  }
  return [x, y];
}

/**
 * Liquidity 0-1: 1 / (1 + days to exit), where days to exit = position value / (10% of the stock's
 * average daily traded value over 20 days). Without traded volume the position counts as illiquid (0).
 */
export function liquidityScore(positionValue: number, candles: readonly DailyCandle[]): number {
  const recent = candles.slice(-LIQUIDITY_DAYS).map((c) => c.close * c.volume);
  const traded = recent.length ? mean(recent) : 0;
  if (!(traded > 0)) return 0;
  return 1 / (1 + Math.abs(positionValue) / (PARTICIPATION * traded));
}

export interface PositionInput {
  symbol: string;
  sector: string;
  /** Signed: negative for an intraday short. */
  quantity: number;
  price: number;
  averagePrice: number;
  /**
   * The position's P&L at the price after its entry charges (its holding's total_returns): one
   * figure on every page (docs/DOMAIN.md, "P&L").
   */
  unrealizedPnl: number;
  candles: readonly DailyCandle[];
  /** Today's high and low so far: the true range estimate when there are no candles yet. */
  dayHigh: number;
  dayLow: number;
}

export interface PositionLimitsInput {
  maxPositionSize: number;
  /** Fraction of portfolio value. */
  maxSingleStock: number;
}

export type Level = 'low' | 'medium' | 'high';
type Advice = 'hold' | 'reduce' | 'exit';

export interface PositionRisk {
  symbol: string;
  sector: string;
  /** Signed: negative for a short. */
  quantity: number;
  price: number;
  value: number;
  unrealizedPnl: number;
  volatility: number | null;
  beta: number | null;
  atr: number;
  stopLoss: number;
  /** The price is at or through the stop (at or below it for a long, at or above for a short). */
  throughStop: boolean;
  riskAmount: number;
  concentration: number;
  liquidity: number;
  level: Level;
  recommendation: Advice;
  /** Why the level and the advice are what they are, one sentence each. */
  reasons: string[];
  returns: Map<string, number>;
}

const roundToTick = (price: number) => Math.max(0.05, Math.round(price / 0.05) * 0.05);

/**
 * One position's risk:
 * - stop loss: 2 ATR(14) below the higher of the entry (average) price and the price for a long,
 *   2 ATR above the lower of the two for a short (today's range when the stock has no 15 days of
 *   candles). It trails a gain and stays put under a loss, so a position that has lost 2 ATR a share
 *   since its entry is through its stop;
 * - risk amount: quantity x the distance from the price to the stop (0 once through it);
 * - level: high when its annualised volatility is above 40% or it breaks the single-stock limit;
 *   medium above 25% or above half that limit; else low;
 * - advice: exit when the price is already through the stop, reduce when it breaks the position-size
 *   or single-stock limit or is high risk, else hold.
 */
export function positionRisk(
  position: PositionInput,
  portfolioValue: number,
  benchmark: ReadonlyMap<string, number>,
  limits: PositionLimitsInput,
): PositionRisk {
  const value = position.quantity * position.price;
  const long = position.quantity >= 0;
  const returns = candleReturns(position.candles);
  const series = [...returns.values()];
  const volatility = annualVolatility(series);
  const [stock, market] = aligned(returns, benchmark);
  const stockBeta = beta(stock, market);
  const atr = averageTrueRange(position.candles) ?? Math.max(position.dayHigh - position.dayLow, 0.05);
  const stopLoss = roundToTick(
    long
      ? Math.max(position.averagePrice, position.price) - STOP_ATR_MULTIPLE * atr
      : Math.min(position.averagePrice, position.price) + STOP_ATR_MULTIPLE * atr,
  );
  const throughStop = long ? position.price <= stopLoss : position.price >= stopLoss;
  const riskAmount =
    Math.abs(position.quantity) * Math.max(0, long ? position.price - stopLoss : stopLoss - position.price);
  const concentration = portfolioValue > 0 ? Math.min(1, Math.abs(value) / portfolioValue) : 1;
  const reasons: string[] = [];

  let level: Level = 'low';
  if ((volatility ?? 0) > VOLATILITY_BANDS.high || concentration > limits.maxSingleStock) {
    level = 'high';
    reasons.push(
      concentration > limits.maxSingleStock
        ? `${(concentration * 100).toFixed(1)}% of the portfolio is above the ${(limits.maxSingleStock * 100).toFixed(1)}% single-stock limit.`
        : `Annual volatility ${(volatility! * 100).toFixed(1)}% is above ${VOLATILITY_BANDS.high * 100}%.`,
    );
  } else if ((volatility ?? 0) > VOLATILITY_BANDS.medium || concentration > limits.maxSingleStock / 2) {
    level = 'medium';
    reasons.push(
      (volatility ?? 0) > VOLATILITY_BANDS.medium
        ? `Annual volatility ${(volatility! * 100).toFixed(1)}% is above ${VOLATILITY_BANDS.medium * 100}%.`
        : `${(concentration * 100).toFixed(1)}% of the portfolio is above half the single-stock limit.`,
    );
  }

  let recommendation: Advice = 'hold';
  if (throughStop) {
    recommendation = 'exit';
    reasons.push(`The price is through the ${STOP_ATR_MULTIPLE}-ATR stop.`);
  } else if (Math.abs(value) > limits.maxPositionSize) {
    recommendation = 'reduce';
    reasons.push(
      `The position is larger than the ₹${limits.maxPositionSize.toLocaleString('en-IN')} position limit.`,
    );
  } else if (level === 'high') {
    recommendation = 'reduce';
  }

  return {
    symbol: position.symbol,
    sector: position.sector,
    quantity: position.quantity,
    price: position.price,
    value,
    unrealizedPnl: position.unrealizedPnl,
    volatility,
    beta: stockBeta,
    atr,
    stopLoss,
    throughStop,
    riskAmount,
    concentration,
    liquidity: liquidityScore(value, position.candles),
    level,
    recommendation,
    reasons,
    returns,
  };
}

/**
 * Diversification 0-1 from position weights and their correlations: 1 - 1 / DR, where DR is the
 * diversification ratio (Choueifaty & Coignard): the weighted sum of the positions' volatilities
 * over the volatility of the portfolio they make. One position (or positions that move together)
 * scores 0; n equally weighted, uncorrelated, equally volatile positions score 1 - 1 / sqrt(n).
 * Statistics use the days all positions have in common; a position without history counts as moving
 * with the rest (correlation 1), which never flatters the score.
 */
export function diversificationScore(
  positions: ReadonlyArray<{ value: number; returns: ReadonlyMap<string, number> }>,
): number {
  const held = positions.filter((p) => p.value !== 0);
  if (held.length < 2) return 0;
  const total = held.reduce((sum, p) => sum + Math.abs(p.value), 0);
  const weights = held.map((p) => Math.abs(p.value) / total);
  const withHistory = held.filter((p) => p.returns.size >= 2);
  let days = withHistory.length ? [...withHistory[0]!.returns.keys()] : [];
  for (const p of withHistory) days = days.filter((d) => p.returns.has(d));
  if (days.length < 2 || withHistory.length < held.length) {
    // Not enough common history: no correlation benefit can be shown.
    return 0;
  }
  const series = held.map((p) => days.map((d) => p.returns.get(d)!));
  const cov = series.map((a) => series.map((b) => sampleCovariance(a, b)));
  const sigma = cov.map((row, i) => Math.sqrt(Math.max(row[i]!, 0)));
  let variance = 0;
  for (let i = 0; i < held.length; i += 1) {
    for (let j = 0; j < held.length; j += 1) variance += weights[i]! * weights[j]! * cov[i]![j]!;
  }
  const weighted = weights.reduce((sum, w, i) => sum + w * sigma[i]!, 0);
  if (!(variance > 0) || !(weighted > 0)) return 0;
  return Math.min(1, Math.max(0, 1 - Math.sqrt(variance) / weighted));
}

/**
 * Portfolio value after a NIFTY 50 drop of each `drops` fraction: each position moves by
 * -drop x its beta (a position without a beta moves with the market, beta 1; a long can fall at
 * most to 0), cash does not move.
 */
export function stressTest(
  cash: number,
  positions: ReadonlyArray<{ value: number; beta: number | null }>,
  drops: readonly number[],
): number[] {
  return drops.map(
    (drop) =>
      cash +
      positions.reduce((sum, p) => {
        const move = 1 - drop * (p.beta ?? 1);
        return sum + (p.value >= 0 ? p.value * Math.max(move, 0) : p.value * move);
      }, 0),
  );
}

/**
 * The risk score 0-1 shown where the specification says "ML risk score". No learned model exists
 * yet, so it is a stated composite of the account's measured risks, the mean of four parts each
 * capped at 1: annual volatility / 40%, |current drawdown| / the max drawdown limit, one-day VaR as
 * a share of value / 5%, and concentration (1 - diversification).
 */
export function compositeRiskScore(input: {
  volatility: number | null;
  currentDrawdown: number | null;
  maxDrawdownLimit: number;
  var95: number | null;
  value: number;
  diversification: number;
}): number {
  const cap = (x: number) => Math.min(1, Math.max(0, x));
  const parts = [
    cap((input.volatility ?? 0) / VOLATILITY_BANDS.high),
    cap(Math.abs(input.currentDrawdown ?? 0) / input.maxDrawdownLimit),
    cap(input.value > 0 && input.var95 !== null ? input.var95 / input.value / 0.05 : 0),
    cap(1 - input.diversification),
  ];
  return mean(parts);
}

/** The specification's bands (under 0.3 low, under 0.7 medium, else high). */
export function riskLevelOf(score: number, bands: { low: number; high: number }): Level {
  return score < bands.low ? 'low' : score < bands.high ? 'medium' : 'high';
}

/**
 * The stop-loss order resting for a position: an open SL or SL-M order on the other side of it
 * (a sell for a long), the nearest to the price when several rest, with what is lost if it
 * triggers at its trigger. Null when none does.
 */
export function restingStopOf(
  position: Pick<PositionRisk, 'symbol' | 'quantity' | 'price'>,
  open: readonly Order[],
): RiskPosition['resting_stop'] {
  const long = position.quantity > 0;
  const stops = open.filter(
    (o): o is Order & { order_type: 'SL' | 'SL-M'; trigger_price: number } =>
      o.symbol === position.symbol &&
      o.status === 'open' &&
      (o.order_type === 'SL' || o.order_type === 'SL-M') &&
      o.trigger_price !== null &&
      o.side === (long ? 'SELL' : 'BUY'),
  );
  if (stops.length === 0) return null;
  const nearest = stops.reduce((a, b) =>
    long ? (b.trigger_price > a.trigger_price ? b : a) : b.trigger_price < a.trigger_price ? b : a,
  );
  const quantity = Math.min(nearest.quantity, Math.abs(position.quantity));
  const perShare = long ? position.price - nearest.trigger_price : nearest.trigger_price - position.price;
  return {
    order_id: nearest.order_id,
    order_type: nearest.order_type,
    trigger_price: nearest.trigger_price,
    quantity: nearest.quantity,
    risk_amount: Math.round(quantity * Math.max(0, perShare) * 100) / 100,
  };
}
