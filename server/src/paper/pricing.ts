/**
 * The prices of the paper account's simulated market, pure. Everything is integer paise.
 *
 * - The touch: a buy fills the half-spread above the last price, a sell the half-spread below it,
 *   rounded outward to the 0.05 tick (never below one tick).
 * - A market order fills at the touch. A limit buy fills once ltp <= limit, at min(limit, touch); a
 *   limit sell once ltp >= limit, at max(limit, touch).
 * - A stop-loss order (SL, SL-M) waits until the last price crosses its trigger: a SELL stop once
 *   ltp <= trigger, a BUY stop once ltp >= trigger. From then on (its `triggeredAt` is written, so it
 *   stays so over a restart) an SL-M order is a market order and an SL order a limit order at its
 *   limit price. A new stop's trigger must not be crossed already (`stopTriggerRejection`).
 * - An order is checked (and previewed) at its limit price (LIMIT, SL), its trigger (SL-M), or at
 *   the touch when it has neither.
 * - A limit or trigger price must lie inside the stock's price band of the day, as the exchange
 *   requires (`priceBandRejection`): its circuit limits when the feed gives them, else ±20% of
 *   the previous close.
 */
import type { OrderType, TradeSide } from '@nivesh/api-contract';
import type { Rejection } from './limits.js';
import { formatPaise, scaleBy, toPaise } from './money.js';

const TICK_PAISE = 5;

/** What pricing needs of an order (a request or an open order row). */
export interface PricedOrder {
  side: TradeSide;
  orderType: string;
  limitPricePaise: number | null;
  /** SL and SL-M orders: the trigger price, paise (null or absent for other orders). */
  triggerPricePaise?: number | null;
  /** When a stop-loss order's trigger was crossed (null or absent: not yet, or not a stop). */
  triggeredAt?: Date | null;
}

/** SL and SL-M orders. */
const isStopOrder = (order: Pick<PricedOrder, 'orderType'>) =>
  order.orderType === 'SL' || order.orderType === 'SL-M';

/** Whether `ltpPaise` is at or through a stop's trigger (a SELL stop: at or below; a BUY stop: at or above). */
function atTrigger(order: PricedOrder, ltpPaise: number): boolean {
  const trigger = order.triggerPricePaise;
  if (!isStopOrder(order) || trigger === null || trigger === undefined) return false;
  return order.side === 'SELL' ? ltpPaise <= trigger : ltpPaise >= trigger;
}

/** Whether a stop-loss order that has not triggered yet triggers at this last price. */
export function triggersAt(order: PricedOrder, ltpPaise: number): boolean {
  return !order.triggeredAt && atTrigger(order, ltpPaise);
}

/**
 * The paise of a request's prices as the engine keeps them: the limit of a LIMIT or SL order and
 * the trigger of an SL or SL-M order; a price the order type ignores is null.
 */
export function requestPricesPaise(request: {
  order_type: OrderType;
  limit_price?: number | undefined;
  trigger_price?: number | undefined;
}): { limitPricePaise: number | null; triggerPricePaise: number | null } {
  const usesLimit = request.order_type === 'LIMIT' || request.order_type === 'SL';
  const usesTrigger = request.order_type === 'SL' || request.order_type === 'SL-M';
  return {
    limitPricePaise: usesLimit && request.limit_price !== undefined ? toPaise(request.limit_price) : null,
    triggerPricePaise:
      usesTrigger && request.trigger_price !== undefined ? toPaise(request.trigger_price) : null,
  };
}

/**
 * The refusal of a new stop-loss order whose trigger the last price has already crossed: a SELL
 * stop's trigger must be below the last price and a BUY stop's above it. Null otherwise.
 */
export function stopTriggerRejection(
  order: PricedOrder & { symbol: string },
  ltpPaise: number,
): Rejection | null {
  if (!isStopOrder(order) || !atTrigger(order, ltpPaise)) return null;
  const trigger = formatPaise(order.triggerPricePaise!);
  const last = formatPaise(ltpPaise);
  return {
    limit: 'stop_trigger',
    message:
      order.side === 'SELL'
        ? `Trigger price ${trigger} must be below the last price of ${order.symbol}, ${last}: a sell stop-loss triggers when the price falls to its trigger, so this one would trigger at once`
        : `Trigger price ${trigger} must be above the last price of ${order.symbol}, ${last}: a buy stop-loss triggers when the price rises to its trigger, so this one would trigger at once`,
  };
}

/** The band NSE applies when this server does not know a stock's own: ±20% of the previous close. */
const DEFAULT_PRICE_BAND = 0.2;

/** A stock's price band of the day, paise, and where it comes from. */
export interface PriceBand {
  lowerPaise: number;
  upperPaise: number;
  /** 'exchange': the source's circuit limits; 'default': ±20% of the previous close. */
  source: 'exchange' | 'default';
  previousClosePaise: number;
}

/**
 * The day's price band of a stock from its tick: the exchange's circuit limits when the feed
 * gives them, else ±20% of the previous close on the tick (the lower limit up to the tick, the
 * upper down to it, as the exchange sets its limits inside the band). Null without a close.
 */
export function priceBandOf(tick: {
  previousClose: number;
  band?: { lower: number; upper: number };
}): PriceBand | null {
  const previousClosePaise = toPaise(tick.previousClose);
  if (tick.band && tick.band.lower > 0 && tick.band.upper >= tick.band.lower) {
    return {
      lowerPaise: toPaise(tick.band.lower),
      upperPaise: toPaise(tick.band.upper),
      source: 'exchange',
      previousClosePaise,
    };
  }
  if (!(previousClosePaise > 0)) return null;
  return {
    lowerPaise: scaleBy(previousClosePaise, DEFAULT_PRICE_BAND, -1, 'up', TICK_PAISE),
    upperPaise: scaleBy(previousClosePaise, DEFAULT_PRICE_BAND, 1, 'down', TICK_PAISE),
    source: 'default',
    previousClosePaise,
  };
}

/**
 * The refusal of an order whose limit or trigger price lies outside the stock's price band of the
 * day: the exchange would refuse it. Null otherwise (and for a market order, which has neither).
 */
export function priceBandRejection(
  order: PricedOrder & { symbol: string },
  band: PriceBand | null,
): Rejection | null {
  if (!band) return null;
  const prices: Array<[string, number | null]> = [
    ['limit', order.limitPricePaise],
    ['trigger', order.triggerPricePaise ?? null],
  ];
  for (const [kind, price] of prices) {
    if (price === null || (price >= band.lowerPaise && price <= band.upperPaise)) continue;
    const range = `${formatPaise(band.lowerPaise)} and ${formatPaise(band.upperPaise)}`;
    const basis =
      band.source === 'exchange'
        ? "the exchange's circuit limits of the day"
        : `±${DEFAULT_PRICE_BAND * 100}% of the previous close of ${formatPaise(band.previousClosePaise)}, as NSE's own band for it is not known here`;
    return {
      limit: 'price_band',
      message: `Outside the price band: ${order.symbol} may trade between ${range} today (${basis}), so the exchange would refuse a ${kind} price of ${formatPaise(price)}`,
    };
  }
  return null;
}

/** The price a market order on `side` fills at when the last price is `ltpPaise`. */
export function touchPrice(ltpPaise: number, side: TradeSide, halfSpreadPercent: number): number {
  const rate = halfSpreadPercent / 100;
  return side === 'BUY'
    ? scaleBy(ltpPaise, rate, 1, 'up', TICK_PAISE)
    : Math.max(TICK_PAISE, scaleBy(ltpPaise, rate, -1, 'down', TICK_PAISE));
}

/**
 * The fill price of an order at this last price, or null when a limit order does not cross or a
 * stop has not triggered (before, or at this price). A triggered SL-M fills at the touch; a
 * triggered SL is priced as a limit order.
 */
export function crossingPrice(
  order: PricedOrder,
  ltpPaise: number,
  halfSpreadPercent: number,
): number | null {
  const atTouch = touchPrice(ltpPaise, order.side, halfSpreadPercent);
  if (isStopOrder(order)) {
    if (!order.triggeredAt && !atTrigger(order, ltpPaise)) return null;
    if (order.orderType === 'SL-M') return atTouch;
  }
  if (order.orderType === 'MARKET' || order.limitPricePaise === null) return atTouch;
  const limit = order.limitPricePaise;
  if (order.side === 'BUY') return ltpPaise <= limit ? Math.min(limit, atTouch) : null;
  return ltpPaise >= limit ? Math.max(limit, atTouch) : null;
}

/**
 * The price an order stands for while it waits (what open orders reserve, what a pending trade
 * shows): its limit (LIMIT, SL), an SL-M's trigger until it triggers, else the touch now, else
 * null when no price is known.
 */
export function standingPrice(
  order: PricedOrder,
  ltpPaise: number | undefined,
  halfSpreadPercent: number,
): number | null {
  if (order.limitPricePaise !== null && order.orderType !== 'SL-M') return order.limitPricePaise;
  const trigger = order.triggerPricePaise;
  if (isStopOrder(order) && !order.triggeredAt && trigger !== null && trigger !== undefined) return trigger;
  return ltpPaise === undefined ? null : touchPrice(ltpPaise, order.side, halfSpreadPercent);
}

export interface OrderPrices {
  /** The price the order is checked and previewed at. */
  estimatePaise: number;
  /** The price it fills at now, or null when it rests (the session is shut or it does not cross). */
  fillNowPaise: number | null;
}

/** The price a new order is estimated at when it has one of its own: LIMIT and SL its limit, SL-M its trigger. */
function estimateOf(order: PricedOrder): number | null {
  if (order.orderType === 'LIMIT' || order.orderType === 'SL') return order.limitPricePaise;
  if (order.orderType === 'SL-M') return order.triggerPricePaise ?? null;
  return null;
}

/** The prices of a new order at this last price. */
export function orderPrices(
  order: PricedOrder,
  ltpPaise: number,
  halfSpreadPercent: number,
  sessionOpen: boolean,
): OrderPrices {
  return {
    estimatePaise: estimateOf(order) ?? touchPrice(ltpPaise, order.side, halfSpreadPercent),
    fillNowPaise: sessionOpen ? crossingPrice(order, ltpPaise, halfSpreadPercent) : null,
  };
}
