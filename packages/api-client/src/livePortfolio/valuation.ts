/**
 * Live valuation: the server's portfolio figures moved to the latest traded prices of the tick
 * stream, so the pages never show a stale value while prices flow. Pure functions, no I/O.
 *
 * A tick is used only when it is newer than the server's figures (`since`, the overview's as_of):
 * an older one (the stream's snapshot on subscribing, or ticks from before a re-fetch) is already
 * inside the server's prices.
 */
import type { Holding, IndexQuote, PortfolioOverview, StreamTick } from '@nivesh/api-contract';

export type TickMap = Readonly<Record<string, StreamTick>>;

/** The tick for `symbol` when it is newer than `since` (epoch ms); any tick when `since` is unknown. */
export function freshTick(ticks: TickMap, symbol: string, since: number | undefined): StreamTick | undefined {
  const tick = ticks[symbol];
  if (!tick) return undefined;
  return since === undefined || tick.ts >= since ? tick : undefined;
}

/** Epoch ms of an ISO timestamp, or undefined. */
export function snapshotTime(asOf: string | undefined): number | undefined {
  if (!asOf) return undefined;
  const ms = Date.parse(asOf);
  return Number.isNaN(ms) ? undefined : ms;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * A holding at price `ltp`: value = ltp x quantity; P&L = the server's moved by (ltp - the server's
 * price) x quantity, so it keeps its basis (after the entry charges the server took off, or before
 * charges where the server says so); return in percent of the cost (|quantity| x average price),
 * so a short position (negative quantity) gains as the price falls.
 */
export function valueHolding(holding: Holding, tick: StreamTick): Holding {
  const ltp = tick.ltp;
  const cost = Math.abs(holding.quantity) * holding.avg_price;
  const pnl = holding.total_returns + (ltp - holding.current_price) * holding.quantity;
  return {
    ...holding,
    current_price: ltp,
    market_value: round2(ltp * holding.quantity),
    total_returns: round2(pnl),
    total_returns_percent: cost > 0 ? (pnl / cost) * 100 : 0,
    day_change_percent: tick.change_percent,
  };
}

/** Every holding at its latest fresh price; a holding without one keeps the server's figures. */
export function valueHoldings(holdings: readonly Holding[], ticks: TickMap, since?: number): Holding[] {
  return holdings.map((holding) => {
    const tick = freshTick(ticks, holding.symbol, since);
    return tick && tick.ltp !== holding.current_price ? valueHolding(holding, tick) : holding;
  });
}

/**
 * How much the holdings' value moved from the server's prices to the latest fresh ticks:
 * sum of quantity x (ltp - the server's current price).
 */
export function priceMove(holdings: readonly Holding[], ticks: TickMap, since?: number): number {
  return holdings.reduce((sum, holding) => {
    const tick = freshTick(ticks, holding.symbol, since);
    return tick ? sum + holding.quantity * (tick.ltp - holding.current_price) : sum;
  }, 0);
}

/**
 * The overview with the holdings' price move added to every figure that contains their value
 * (portfolio value, invested value, day's P&L, total returns, unrealised P&L). The percentages move
 * by the same amount over their base: the value at the previous close (portfolio value - day's
 * change) and the capital the returns are measured on (portfolio value - total returns), so they
 * equal the server's until a price moves. Cash, realised P&L and counts do not move with prices.
 */
export function valueOverview(
  overview: PortfolioOverview,
  holdings: readonly Holding[],
  ticks: TickMap,
): PortfolioOverview {
  const move = priceMove(holdings, ticks, snapshotTime(overview.as_of));
  if (move === 0) return overview;
  const dayBase = overview.portfolio_value - overview.day_change;
  const returnsBase = overview.portfolio_value - overview.total_returns;
  const value = round2(overview.portfolio_value + move);
  return {
    ...overview,
    portfolio_value: value,
    total_value: value,
    invested_value: round2(overview.invested_value + move),
    day_change: round2(overview.day_change + move),
    day_change_percent:
      dayBase > 0 ? overview.day_change_percent + (move / dayBase) * 100 : overview.day_change_percent,
    total_returns: round2(overview.total_returns + move),
    total_returns_percent:
      returnsBase > 0
        ? overview.total_returns_percent + (move / returnsBase) * 100
        : overview.total_returns_percent,
    unrealized_pnl: round2(overview.unrealized_pnl + move),
  };
}

/** An index level from its latest tick (index ids stream like symbols: NIFTY_50, SENSEX, BANK_NIFTY). */
export function liveIndexQuote(quote: IndexQuote, tick: StreamTick | undefined): IndexQuote {
  if (!tick) return quote;
  return {
    ...quote,
    value: tick.ltp,
    previous_close: tick.previous_close,
    change: tick.change,
    change_percent: tick.change_percent,
  };
}
