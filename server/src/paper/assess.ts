/**
 * Whether the paper account takes an order, and what it would do: one assessment that both the
 * preview and placing use, so an estimate never differs from what placing does.
 *
 * An order is checked at its estimate (its limit, or the touch) against the account with every
 * other open order counted (limits.ts). When it fills at once, the assessment also carries the fill
 * plan (plan.ts) that placing writes.
 */
import {
  istDay,
  istMinuteOfDay,
  type OrderPreview,
  type TradeProduct,
  type TradeSide,
} from '@nivesh/api-contract';
import type { OrderIntent, OrderRequest } from '../broker/broker.js';
import { HttpError } from '../http/errors.js';
import type { HolidayCalendar } from '../market/calendar.js';
import { isTradingDay, SQUARE_OFF_MINUTE } from '../market/tradingDays.js';
import { BATCH_READS, type PaperContext } from './context.js';
import { chargesToRupees, computeCharges, type ChargesPaise, type CostSettings } from './costs.js';
import { checkOrder, splitOrder, type LimitBook, type Rejection, type ReservingOrder } from './limits.js';
import { toPaise, toRupees } from './money.js';
import {
  orderCharges,
  planFill,
  splitTrueUp,
  type FillOrder,
  type FillPlan,
  type PlanResult,
} from './plan.js';
import {
  orderPrices,
  priceBandOf,
  priceBandRejection,
  requestPricesPaise,
  standingPrice,
  stopTriggerRejection,
} from './pricing.js';
import { costSettingsOf, orderLimitsOf, type PaperSettings } from './settings.js';
import { dailySeries, type AccountHistory } from './history.js';
import { lossLimitState } from '../analytics/lossLimits.js';
import { haltInForce, haltSentence } from '../trading/halt.js';
import { checkPhaseRules, enforceEmergencyStop, phaseHistoryOf } from './phaseRules.js';
import { driftIsInForce } from '../ml/store.js';
import {
  markPrice,
  positionKey,
  signedQuantity,
  type AccountState,
  type OrderRow,
  type Prices,
} from './state.js';

/** A refusal as the HTTP error placing answers with (nothing is written). */
export const refusal = (rejection: Rejection) =>
  new HttpError(422, rejection.message, { limit: rejection.limit });

/** Why an intraday order cannot be accepted now, or null. */
export function intradayGate(
  product: TradeProduct,
  now: Date,
  sessionOpen: boolean,
  calendar: HolidayCalendar,
): Rejection | null {
  if (product !== 'MIS') return null;
  if (!sessionOpen) {
    return {
      limit: 'market_closed',
      message:
        'Market closed: intraday (MIS) orders are accepted only while the market is open, until 15:20 IST. Use delivery (CNC) to place an order for the next session',
    };
  }
  if (isTradingDay(istDay(now), calendar) && istMinuteOfDay(now) >= SQUARE_OFF_MINUTE) {
    return {
      limit: 'market_closed',
      message:
        'Intraday (MIS) orders closed at 15:20 IST, when intraday positions are squared off. Use delivery (CNC) instead',
    };
  }
  return null;
}

/**
 * The limit book an order meets: the account with every other open order counted. An open order
 * reserves its value and charges (DP included) at its standing price.
 */
export function limitBookOf(
  state: AccountState,
  s: PaperSettings,
  prices: Prices,
  order: {
    symbol: string;
    product: string;
    /** The side of the order checked: open orders of this side on its position reserve first. */
    side?: string;
    sectorOf(symbol: string): string;
    reducingOnly?: readonly string[];
    halted?: string | null;
  },
  excludeOrderId?: string,
): LimitBook {
  const { symbol, product } = order;
  const costs = costSettingsOf(s);
  const projected = new Map<string, number>();
  for (const [key, position] of state.positions) projected.set(key, position.quantity);
  let reserved = 0;
  let pendingOpening = 0;
  for (const order of state.openOrders) {
    if (order.id === excludeOrderId) continue;
    const side = order.side as TradeSide;
    const price = standingPrice({ ...order, side }, prices.ltp(order.symbol), s.half_spread_percent);
    if (price === null) continue;
    const key = positionKey(order.symbol, order.product);
    const before = projected.get(key) ?? 0;
    const split = splitOrder(side, order.quantity, before);
    const charges = computeCharges({
      side,
      product: order.product as TradeProduct,
      quantity: order.quantity,
      pricePaise: price,
      settings: costs,
    }).total;
    if (side === 'BUY') reserved += order.quantity * price + charges;
    else if (split.opening > 0) reserved += split.opening * price + charges;
    pendingOpening += split.opening * price;
    projected.set(key, before + signedQuantity(side, order.quantity));
  }
  let holdings = 0;
  let gross = 0;
  let shorts = 0;
  for (const position of state.positions.values()) {
    const value = position.quantity * markPrice(position, prices);
    holdings += value;
    gross += Math.abs(value);
    if (value < 0) shorts += -value;
  }
  const ownKey = positionKey(symbol, product);
  const reservingOrders: ReservingOrder[] = [];
  if (order.side !== undefined) {
    for (const o of state.openOrders) {
      if (o.id === excludeOrderId || o.side !== order.side) continue;
      if (positionKey(o.symbol, o.product) !== ownKey) continue;
      reservingOrders.push({
        id: o.id,
        quantity: o.quantity,
        orderType: o.orderType,
        triggerPricePaise: o.triggerPricePaise,
        limitPricePaise: o.limitPricePaise,
        placedBy: o.placedBy,
      });
    }
  }
  const sector = order.sectorOf(symbol);
  let sectorOthers = 0;
  for (const [key, quantity] of projected) {
    if (quantity === 0 || key === ownKey) continue;
    const other = key.slice(0, key.lastIndexOf('|'));
    if (order.sectorOf(other) !== sector) continue;
    const position = state.positions.get(key);
    const price = position ? markPrice(position, prices) : (prices.ltp(other) ?? 0);
    sectorOthers += Math.abs(quantity) * price;
  }
  return {
    sector,
    sectorOthersPaise: sectorOthers,
    reducingOnly: order.reducingOnly ?? [],
    halted: order.halted ?? null,
    cashPaise: state.cashPaise,
    blockedPaise: reserved + 2 * shorts,
    accountValuePaise: state.cashPaise + holdings,
    grossExposurePaise: gross + pendingOpening,
    positionQuantity: projected.get(ownKey) ?? 0,
    heldQuantity: state.positions.get(ownKey)?.quantity ?? 0,
    reservingOrders,
    positionCount: [...projected.values()].filter((q) => q !== 0).length,
    dayLossPaise: Math.max(0, -state.dayPnlPaise),
  };
}

/** Cash not held by open orders or short positions. */
export const availablePaise = (book: LimitBook) => book.cashPaise - book.blockedPaise;

export interface Assessment {
  request: OrderRequest;
  instrumentName: string;
  now: Date;
  sessionOpen: boolean;
  settings: PaperSettings;
  /** The account the order was assessed against (placing writes against the same). */
  state: AccountState;
  /** The price it is checked and previewed at. */
  estimatePaise: number;
  /** Its charges at the estimate. */
  charges: ChargesPaise;
  availablePaise: number;
  /** Whether it opens or grows a position (placing re-checks the emergency stop in its transaction). */
  opens: boolean;
  /** The first rule it breaks, or null when placing takes it. */
  rejection: Rejection | null;
  /** When it is taken and fills at once: what the fill does. Null when it rests or is refused. */
  fill: FillPlan | null;
  /** Who placed it and why (automation), or null for a manual order. */
  intent: OrderIntent | null;
}

/** The loss limits crossed now (analytics/lossLimits.ts), one sentence each. */
function lossLimitsCrossed(
  days: AccountHistory,
  now: Date,
  book: LimitBook,
  settings: PaperSettings,
): string[] {
  const today = istDay(now);
  const series = dailySeries(days, today, {
    value: toRupees(book.accountValuePaise),
    benchmark: null,
  });
  return lossLimitState(series, today, settings).breaches;
}

/** Each stock's sector from the instrument master ('Unknown' for one it does not list). */
const sectorLookup = (ctx: PaperContext) => (symbol: string) =>
  ctx.feed.instrument(symbol)?.sector ?? 'Unknown';

function requireInstrument(ctx: PaperContext, symbol: string) {
  const instrument = ctx.feed.instrument(symbol);
  if (!instrument) {
    throw new HttpError(
      400,
      `Unknown symbol ${symbol}: it is not an NSE equity in this server's instrument list. Check the trading symbol (for example RELIANCE, INFY, M&M).`,
    );
  }
  return instrument;
}

/**
 * Assesses a new order at the clock's `now`. Throws only when it cannot be assessed at all: an
 * unknown symbol (400), or no price yet (503; a closed intraday order says so instead, 422).
 */
export async function assessOrder(
  ctx: PaperContext,
  request: OrderRequest,
  now: Date,
  intent?: OrderIntent,
): Promise<Assessment> {
  const instrument = requireInstrument(ctx, request.symbol);
  const sessionOpen = ctx.feed.isSessionOpen(now);
  const gate = intradayGate(request.product, now, sessionOpen, ctx.calendar);
  const tick = ctx.hub.last(request.symbol);
  if (!tick) {
    if (gate) throw refusal(gate);
    throw new HttpError(
      503,
      `No price for ${request.symbol} yet: the market feed has not sent one. Try again in a moment.`,
    );
  }
  const settings = await ctx.settings();
  const state = await ctx.state(now);
  const costs = costSettingsOf(settings);
  const { limitPricePaise, triggerPricePaise } = requestPricesPaise(request);
  const prices = orderPrices(
    { side: request.side, orderType: request.order_type, limitPricePaise, triggerPricePaise },
    toPaise(tick.ltp),
    settings.half_spread_percent,
    sessionOpen,
  );
  const order: FillOrder = {
    symbol: request.symbol,
    side: request.side,
    product: request.product,
    quantity: request.quantity,
  };
  const charges = orderCharges(order, prices.estimatePaise, state.stocksToday, costs);
  const sectorOf = sectorLookup(ctx);
  const unchecked = limitBookOf(state, settings, ctx.prices, { ...request, sectorOf });
  // The emergency stop and the loss limits (on the account's stored days and its value now) only
  // ever stop an order that opens or grows a position: one that only reduces is not held up reading them.
  const opens = splitOrder(request.side, request.quantity, unchecked.positionQuantity).opening > 0;
  // Read once per batch of orders: the writer checks the halt again in the order's transaction.
  const halt = opens ? await ctx.perBatch(BATCH_READS.halt, () => haltInForce(ctx.db)) : null;
  // The account's stored days (read incrementally): the loss limits' and the phase's history.
  const days = opens && !halt ? await ctx.history.loadDays() : null;
  const book = {
    ...unchecked,
    halted: halt ? haltSentence(halt) : null,
    reducingOnly: days ? lossLimitsCrossed(days, now, unchecked, settings) : [],
  };
  // The capital phase's emergency stop loss (phaseRules.ts): once the account has fallen that far
  // it halts order entry, and the order that found it is refused saying so.
  const phaseStop = days
    ? await enforceEmergencyStop(ctx, {
        history: phaseHistoryOf(days, istDay(now), toRupees(unchecked.accountValuePaise), state.epoch),
        valuePaise: unchecked.accountValuePaise,
      })
    : null;
  let rejection =
    gate ??
    stopTriggerRejection(
      { ...request, orderType: request.order_type, triggerPricePaise, limitPricePaise },
      toPaise(tick.ltp),
    ) ??
    priceBandRejection(
      { ...request, orderType: request.order_type, triggerPricePaise, limitPricePaise },
      priceBandOf(tick),
    ) ??
    phaseStop ??
    checkOrder(
      { ...order, pricePaise: prices.estimatePaise, chargesPaise: charges.total },
      book,
      orderLimitsOf(settings),
    ) ??
    // The active capital phase's limits (phaseRules.ts), after the paper and risk limits.
    checkPhaseRules(
      { ...order, pricePaise: prices.estimatePaise },
      book,
      intent,
      await ctx.perBatch(BATCH_READS.drift, () => driftIsInForce(ctx.db)),
    );
  let fill: FillPlan | null = null;
  if (rejection === null && prices.fillNowPaise !== null) {
    const planned = planAgainst(state, order, prices.fillNowPaise, costs);
    rejection = planned.rejection;
    fill = planned.plan;
  }
  return {
    request,
    instrumentName: instrument.name,
    now,
    sessionOpen,
    settings,
    state,
    estimatePaise: prices.estimatePaise,
    charges,
    availablePaise: availablePaise(book),
    opens,
    rejection,
    fill,
    intent: intent ?? null,
  };
}

export function previewOf(a: Assessment): OrderPreview {
  const value = a.request.quantity * a.estimatePaise;
  const { own, trueUp } = splitTrueUp(
    a.request,
    a.charges,
    a.estimatePaise,
    a.state.stocksToday,
    costSettingsOf(a.settings),
  );
  return {
    symbol: a.request.symbol,
    name: a.instrumentName,
    estimated_price: toRupees(a.estimatePaise),
    order_value: toRupees(value),
    charges: chargesToRupees(a.charges),
    own_charges: chargesToRupees(own),
    net_amount: toRupees(a.request.side === 'BUY' ? value + a.charges.total : value - a.charges.total),
    available_balance: toRupees(a.availablePaise),
    true_up: trueUp && {
      same_day_quantity: trueUp.sameDayQuantity,
      stt: toRupees(trueUp.stt),
      stamp_duty: toRupees(trueUp.stamp),
      dp_charge: toRupees(trueUp.dp),
      total: toRupees(trueUp.total),
    },
    rejection: a.rejection,
    market_open: a.sessionOpen,
  };
}

const planAgainst = (state: AccountState, order: FillOrder, pricePaise: number, costs: CostSettings) =>
  planFill({ order, pricePaise, lots: state.openLots, today: state.stocksToday, costs });

export type RestingAssessment = { rejection: Rejection; plan: null } | { rejection: null; plan: FillPlan };

/**
 * A resting order whose price crossed: checked for funds and holdings only (the limits were checked
 * when it was accepted), with every other open order counted, then planned at `pricePaise`.
 */
export function assessRestingFill(
  state: AccountState,
  s: PaperSettings,
  prices: Prices,
  row: OrderRow,
  pricePaise: number,
): RestingAssessment {
  const order: FillOrder = {
    symbol: row.symbol,
    side: row.side as TradeSide,
    product: row.product as TradeProduct,
    quantity: row.quantity,
  };
  const costs = costSettingsOf(s);
  // The check counts the DP charge even when this fill will not pay it.
  const chargesPaise = computeCharges({ ...order, pricePaise, settings: costs }).total;
  const book = limitBookOf(state, s, prices, { ...row, sectorOf: () => '' }, row.id);
  const rejection = checkOrder({ ...order, pricePaise, chargesPaise }, book, orderLimitsOf(s), 'funds');
  if (rejection) return { rejection, plan: null };
  return { rejection: null, plan: requirePlan(planAgainst(state, order, pricePaise, costs)) };
}

function requirePlan(result: PlanResult): FillPlan {
  if (result.rejection) throw refusal(result.rejection);
  return result.plan;
}
