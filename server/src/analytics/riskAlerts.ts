/**
 * The rules of the risk alert monitor (pure): which of the four alert kinds the operator can switch
 * on (AlertSettings: stop loss, daily loss, high volatility, position correlation) the account's
 * figures call for now. risk/monitor.ts words each finding and raises it at most once a trading day.
 *
 * - Stop loss: an open position at or through its suggested stop (positionRisk: 2 ATR from the
 *   entry, trailing a gain).
 * - Daily loss: today's loss reaches DAILY_LOSS_WARNING_SHARE (80%) of the daily loss limit, and
 *   again when it reaches the limit itself (only the higher level is reported).
 * - High volatility: a held stock's annualised volatility above the HIGH band of VOLATILITY_BANDS
 *   (40%), or the portfolio's above PORTFOLIO_VOLATILITY_HIGH (25%), each judged on at least
 *   MIN_ALERT_RETURNS daily returns.
 * - Position correlation: two held positions, each at least CORRELATION_ALERT.minWeight (10%) of
 *   the portfolio, whose daily returns over the last 60 trading days (their common days, at least
 *   MIN_ALERT_RETURNS) have a Pearson correlation above CORRELATION_ALERT.threshold (0.8). The
 *   correlation is of the positions' P&L: a long against a short of two stocks that move together
 *   is a hedge, not a concentration, so the stocks' correlation counts with the opposite sign.
 */
import { sampleCorrelation } from 'simple-statistics';
import { VOLATILITY_BANDS, type PositionRisk } from './positionRisk.js';

/** Today's loss as a share of the daily loss limit that raises the first daily loss alert. */
const DAILY_LOSS_WARNING_SHARE = 0.8;
/**
 * A portfolio more volatile than this (annualised) raises a high volatility alert. NIFTY 50 itself
 * moves about 15-20% a year; a book above 25%, a single stock's medium band, swings markedly more.
 */
const PORTFOLIO_VOLATILITY_HIGH = 0.25;
/** Fewest daily returns a volatility or correlation alert is judged on (about a trading month). */
const MIN_ALERT_RETURNS = 20;
/** Two positions each this share of the portfolio or more, moving together above `threshold`. */
export const CORRELATION_ALERT = { minWeight: 0.1, threshold: 0.8 } as const;

type Position = Pick<
  PositionRisk,
  | 'symbol'
  | 'quantity'
  | 'price'
  | 'stopLoss'
  | 'throughStop'
  | 'unrealizedPnl'
  | 'volatility'
  | 'concentration'
  | 'returns'
>;

export interface StopLossFinding {
  kind: 'stop_loss';
  symbol: string;
  quantity: number;
  price: number;
  stopLoss: number;
  unrealizedPnl: number;
}

export interface DailyLossFinding {
  kind: 'daily_loss';
  /** 'warning' at DAILY_LOSS_WARNING_SHARE of the limit, 'limit' at the limit. */
  level: 'warning' | 'limit';
  loss: number;
  limit: number;
  /** loss / limit. */
  share: number;
}

export interface VolatilityFinding {
  kind: 'high_volatility';
  /** Null for the portfolio as a whole. */
  symbol: string | null;
  volatility: number;
  band: number;
  days: number;
}

export interface CorrelationFinding {
  kind: 'position_correlation';
  /** In symbol order. */
  symbols: [string, string];
  correlation: number;
  /** Each position's share of the portfolio, in the order of `symbols`. */
  weights: [number, number];
  days: number;
}

export type RiskFinding = StopLossFinding | DailyLossFinding | VolatilityFinding | CorrelationFinding;

export function stopLossFindings(positions: readonly Position[]): StopLossFinding[] {
  return positions
    .filter((p) => p.quantity !== 0 && p.throughStop)
    .map((p) => ({
      kind: 'stop_loss',
      symbol: p.symbol,
      quantity: p.quantity,
      price: p.price,
      stopLoss: p.stopLoss,
      unrealizedPnl: p.unrealizedPnl,
    }));
}

/** `loss` is today's loss in rupees (0 or more); `limit` the daily loss limit. */
export function dailyLossFinding(loss: number, limit: number): DailyLossFinding | null {
  if (!(limit > 0) || !(loss > 0)) return null;
  const share = loss / limit;
  if (share >= 1) return { kind: 'daily_loss', level: 'limit', loss, limit, share };
  if (share >= DAILY_LOSS_WARNING_SHARE) return { kind: 'daily_loss', level: 'warning', loss, limit, share };
  return null;
}

export function volatilityFindings(
  positions: readonly Position[],
  portfolio: { volatility: number | null; days: number },
): VolatilityFinding[] {
  const findings: VolatilityFinding[] = [];
  for (const p of positions) {
    if (
      p.volatility !== null &&
      p.returns.size >= MIN_ALERT_RETURNS &&
      p.volatility > VOLATILITY_BANDS.high
    ) {
      findings.push({
        kind: 'high_volatility',
        symbol: p.symbol,
        volatility: p.volatility,
        band: VOLATILITY_BANDS.high,
        days: p.returns.size,
      });
    }
  }
  if (
    portfolio.volatility !== null &&
    portfolio.days >= MIN_ALERT_RETURNS &&
    portfolio.volatility > PORTFOLIO_VOLATILITY_HIGH
  ) {
    findings.push({
      kind: 'high_volatility',
      symbol: null,
      volatility: portfolio.volatility,
      band: PORTFOLIO_VOLATILITY_HIGH,
      days: portfolio.days,
    });
  }
  return findings;
}

/** Pearson correlation of two return series on the days both have; null under MIN_ALERT_RETURNS days. */
export function returnCorrelation(
  a: ReadonlyMap<string, number>,
  b: ReadonlyMap<string, number>,
): { correlation: number; days: number } | null {
  const x: number[] = [];
  const y: number[] = [];
  for (const [day, value] of a) {
    const other = b.get(day);
    if (other === undefined) continue;
    x.push(value);
    y.push(other);
  }
  if (x.length < MIN_ALERT_RETURNS) return null;
  const correlation = sampleCorrelation(x, y);
  // A series that never moved has no correlation to speak of.
  return Number.isFinite(correlation) ? { correlation, days: x.length } : null;
}

export function correlationFindings(positions: readonly Position[]): CorrelationFinding[] {
  const large = positions
    .filter((p) => p.quantity !== 0 && p.concentration >= CORRELATION_ALERT.minWeight)
    .sort((p, q) => p.symbol.localeCompare(q.symbol));
  const findings: CorrelationFinding[] = [];
  for (let i = 0; i < large.length; i += 1) {
    for (let j = i + 1; j < large.length; j += 1) {
      const a = large[i]!;
      const b = large[j]!;
      const measured = returnCorrelation(a.returns, b.returns);
      if (!measured) continue;
      const correlation = Math.sign(a.quantity) * Math.sign(b.quantity) * measured.correlation;
      if (correlation <= CORRELATION_ALERT.threshold) continue;
      findings.push({
        kind: 'position_correlation',
        symbols: [a.symbol, b.symbol],
        correlation,
        weights: [a.concentration, b.concentration],
        days: measured.days,
      });
    }
  }
  return findings;
}
