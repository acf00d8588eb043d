/**
 * The prices of the paper account's simulated market, pure. Everything is integer paise.
 *
 * - The touch: a buy fills the half-spread above the last price, a sell the half-spread below it,
 *   rounded outward to the 0.05 tick (never below one tick).
 * - A market order fills at the touch. A limit buy fills once ltp <= limit, at min(limit, touch); a
 *   limit sell once ltp >= limit, at max(limit, touch).
 * - An order is checked (and previewed) at its limit price, or at the touch when it has none.
 */
import type { TradeSide } from '@nivesh/api-contract';
import { scaleBy } from './money.js';

const TICK_PAISE = 5;

/** What pricing needs of an order (a request or an open order row). */
export interface PricedOrder {
  side: TradeSide;
  orderType: string;
  limitPricePaise: number | null;
}

/** The price a market order on `side` fills at when the last price is `ltpPaise`. */
export function touchPrice(ltpPaise: number, side: TradeSide, halfSpreadPercent: number): number {
  const rate = halfSpreadPercent / 100;
  return side === 'BUY'
    ? scaleBy(ltpPaise, rate, 1, 'up', TICK_PAISE)
    : Math.max(TICK_PAISE, scaleBy(ltpPaise, rate, -1, 'down', TICK_PAISE));
}

/** The fill price of an order at this last price, or null when a limit order does not cross. */
export function crossingPrice(
  order: PricedOrder,
  ltpPaise: number,
  halfSpreadPercent: number,
): number | null {
  const atTouch = touchPrice(ltpPaise, order.side, halfSpreadPercent);
  if (order.orderType === 'MARKET' || order.limitPricePaise === null) return atTouch;
  const limit = order.limitPricePaise;
  if (order.side === 'BUY') return ltpPaise <= limit ? Math.min(limit, atTouch) : null;
  return ltpPaise >= limit ? Math.max(limit, atTouch) : null;
}

/**
 * The price an order stands for while it waits (what open orders reserve, what a pending trade
 * shows): its limit, else the touch now, else null when no price is known.
 */
export function standingPrice(
  order: PricedOrder,
  ltpPaise: number | undefined,
  halfSpreadPercent: number,
): number | null {
  if (order.limitPricePaise !== null) return order.limitPricePaise;
  return ltpPaise === undefined ? null : touchPrice(ltpPaise, order.side, halfSpreadPercent);
}

export interface OrderPrices {
  /** The price the order is checked and previewed at. */
  estimatePaise: number;
  /** The price it fills at now, or null when it rests (the session is shut or it does not cross). */
  fillNowPaise: number | null;
}

/** The prices of a new order at this last price. */
export function orderPrices(
  order: PricedOrder,
  ltpPaise: number,
  halfSpreadPercent: number,
  sessionOpen: boolean,
): OrderPrices {
  const estimatePaise =
    order.orderType === 'LIMIT' && order.limitPricePaise !== null
      ? order.limitPricePaise
      : touchPrice(ltpPaise, order.side, halfSpreadPercent);
  return {
    estimatePaise,
    fillNowPaise: sessionOpen ? crossingPrice(order, ltpPaise, halfSpreadPercent) : null,
  };
}
