/**
 * What one fill does to the paper account, planned without I/O: given the open lots, the order, its
 * price and the cost schedule, which lots it closes (oldest first, FIFO), the realised P&L, the
 * charges and how they split over the lots, and the cash it moves. writer.ts writes a plan as it is.
 *
 * - A fill first closes the oldest open lots of the other side in the same symbol and product; what
 *   is left opens one new lot. A delivery (CNC) sell can never open a lot (no short delivery).
 * - The fill's charges are split over the closed parts and the new lot in proportion to their
 *   shares, to the paisa (money.ts `allocate`).
 * - The charges follow the stock's contract note of the day (`today`: its fills so far): STT and
 *   stamp duty rounded per stock per day, the part of a CNC fill matched with the day's trades of
 *   the other side settled as intraday, and the DP charge paid by the day's first delivery sell of
 *   a stock that has shares leaving the demat account (costs.ts). P&L still closes the oldest lots
 *   first.
 */
import type { TradeProduct, TradeSide } from '@nivesh/api-contract';
import {
  computeCharges,
  ownDuties,
  sameDayOf,
  type ChargesPaise,
  type CostSettings,
  type DayTrades,
  type SameDay,
} from './costs.js';
import type { Rejection } from './limits.js';
import { allocate } from './money.js';
import { signedQuantity, type LotRow } from './state.js';

/** What the plan reads of an open lot. */
export type PlanLot = Pick<
  LotRow,
  | 'id'
  | 'symbol'
  | 'product'
  | 'side'
  | 'openQuantity'
  | 'entryPricePaise'
  | 'quantity'
  | 'entryChargesPaise'
  | 'exitQuantity'
  | 'exitValuePaise'
  | 'exitChargesPaise'
  | 'realizedPnlPaise'
>;

export interface FillOrder {
  symbol: string;
  side: TradeSide;
  product: TradeProduct;
  quantity: number;
}

/** The part of one lot a fill closes, and the lot's columns after it. */
interface LotClose {
  lotId: number;
  quantity: number;
  /** This close's P&L before charges, paise. */
  realizedPnlPaise: number;
  /** This close's share of the fill's charges, paise. */
  chargesPaise: number;
  /** The lot's entry charges that belong to the shares this close exits (`entryChargesShare`). */
  entryChargesPaise: number;
  after: Pick<
    LotRow,
    'openQuantity' | 'exitQuantity' | 'exitValuePaise' | 'exitChargesPaise' | 'realizedPnlPaise'
  >;
}

export interface FillPlan {
  order: FillOrder;
  pricePaise: number;
  charges: ChargesPaise;
  /** Lots closed, oldest first. */
  closes: LotClose[];
  /** The lot the rest opens, or null when the fill only closes. */
  opening: { quantity: number; entryChargesPaise: number } | null;
  /** Σ of the closes' P&L, before charges. */
  realizedPnlPaise: number;
  /** Cash of the shares: −value on a buy, +value on a sell. */
  tradeCashPaise: number;
  /** Everything the fill moves: trade cash minus charges. */
  cashPaise: number;
}

export type PlanResult = { plan: FillPlan; rejection: null } | { plan: null; rejection: Rejection };

/**
 * The lot's entry charges that belong to its shares from `exitedBefore` to `exitedAfter` (counted
 * from its first exit): round(E × after / q) − round(E × before / q). The exits of a lot add up to
 * its entry charges exactly, to the paisa; what is still open keeps the rest.
 */
export function entryChargesShare(
  lot: Pick<PlanLot, 'entryChargesPaise' | 'quantity'>,
  exitedBefore: number,
  exitedAfter: number,
): number {
  const upTo = (shares: number) => Math.round((lot.entryChargesPaise * shares) / lot.quantity);
  return upTo(exitedAfter) - upTo(exitedBefore);
}

/**
 * The entry charges of a lot's shares still open, paise: its unrealised P&L is after them
 * (docs/DOMAIN.md, "P&L"); the shares exited carried the rest.
 */
export function openEntryCharges(
  lot: Pick<PlanLot, 'entryChargesPaise' | 'quantity' | 'exitQuantity'>,
): number {
  return lot.entryChargesPaise - entryChargesShare(lot, 0, lot.exitQuantity);
}

/** Each stock's fills of the day so far (every product), by symbol: its contract note so far. */
export type TradesToday = ReadonlyMap<string, DayTrades>;

/** The part of an order that settles as intraday against the day's trades (CNC only), or null. */
function orderSameDay(
  order: Pick<FillOrder, 'symbol' | 'side' | 'product' | 'quantity'>,
  today: TradesToday,
): SameDay | null {
  return order.product === 'CNC' ? sameDayOf(order.side, order.quantity, today.get(order.symbol)) : null;
}

/**
 * The charges of an order filling at a price, as the stock's contract note of the day has them:
 * STT and stamp duty rounded per stock per day, its same-day part at intraday rates with the
 * true-up of the day's earlier trades, and the DP charge when it is the day's first delivery sell
 * of the stock with shares leaving the demat account (costs.ts).
 */
export function orderCharges(
  order: FillOrder,
  pricePaise: number,
  today: TradesToday,
  costs: CostSettings,
): ChargesPaise {
  return computeCharges({
    side: order.side,
    product: order.product,
    quantity: order.quantity,
    pricePaise,
    settings: costs,
    day: today.get(order.symbol),
  });
}

/** STT, stamp duty and DP charge of a fill, paise. */
interface Duties {
  stt: number;
  stamp: number;
  dp: number;
}

/**
 * An order's charges split into its own and its true-up of the stock's day (the earlier trades'
 * delivery charges its same-day shares take back, and the day's rupee rounding), paise. Its own
 * are what its shares alone would pay (`ownDuties`: the same-day ones at intraday rates, STT and
 * stamp duty rounded on their own); the true-up is the rest of its STT, stamp duty and DP, so
 * own + trueUp = charges, each charge to the paisa. Null trueUp: it pays exactly its own.
 */
export function splitTrueUp(
  order: FillOrder,
  charges: ChargesPaise,
  pricePaise: number,
  today: TradesToday,
  costs: CostSettings,
): { own: ChargesPaise; trueUp: (Duties & { total: number; sameDayQuantity: number }) | null } {
  const day = today.get(order.symbol);
  const sameDay = orderSameDay(order, today);
  const duties = ownDuties({
    ...order,
    pricePaise,
    settings: costs,
    sameDay,
    dpPaid: (day?.dpPaise ?? 0) > 0,
  });
  const trueUp = {
    stt: charges.stt - duties.stt,
    stamp: charges.stamp - duties.stamp,
    dp: charges.dp - duties.dp,
  };
  const total = trueUp.stt + trueUp.stamp + trueUp.dp;
  const own = { ...charges, ...duties, total: charges.total - total };
  if (sameDay === null && trueUp.stt === 0 && trueUp.stamp === 0 && trueUp.dp === 0) {
    return { own, trueUp: null };
  }
  return { own, trueUp: { ...trueUp, total, sameDayQuantity: sameDay?.quantity ?? 0 } };
}

export function planFill(input: {
  order: FillOrder;
  pricePaise: number;
  lots: readonly PlanLot[];
  today: TradesToday;
  costs: CostSettings;
}): PlanResult {
  const { order, pricePaise } = input;
  const opposite = input.lots
    .filter(
      (l) =>
        l.symbol === order.symbol &&
        l.product === order.product &&
        l.side !== order.side &&
        l.openQuantity > 0,
    )
    .sort((a, b) => a.id - b.id);
  let remaining = order.quantity;
  const consumed: Array<{ lot: PlanLot; quantity: number }> = [];
  for (const lot of opposite) {
    if (remaining === 0) break;
    const quantity = Math.min(remaining, lot.openQuantity);
    consumed.push({ lot, quantity });
    remaining -= quantity;
  }
  if (order.product === 'CNC' && order.side === 'SELL' && remaining > 0) {
    return {
      plan: null,
      rejection: {
        limit: 'insufficient_holdings',
        message: `Insufficient holdings: ${order.symbol} has fewer delivery shares than this sell`,
      },
    };
  }

  const charges = orderCharges(order, pricePaise, input.today, input.costs);
  const shares = allocate(charges.total, [...consumed.map((c) => c.quantity), remaining]);
  const closes = consumed.map(({ lot, quantity }, i): LotClose => {
    const realizedPnlPaise = signedQuantity(lot.side, quantity) * (pricePaise - lot.entryPricePaise);
    return {
      lotId: lot.id,
      quantity,
      realizedPnlPaise,
      chargesPaise: shares[i]!,
      entryChargesPaise: entryChargesShare(lot, lot.exitQuantity, lot.exitQuantity + quantity),
      after: {
        openQuantity: lot.openQuantity - quantity,
        exitQuantity: lot.exitQuantity + quantity,
        exitValuePaise: lot.exitValuePaise + quantity * pricePaise,
        exitChargesPaise: lot.exitChargesPaise + shares[i]!,
        realizedPnlPaise: lot.realizedPnlPaise + realizedPnlPaise,
      },
    };
  });
  const value = order.quantity * pricePaise;
  const tradeCashPaise = order.side === 'BUY' ? -value : value;
  return {
    rejection: null,
    plan: {
      order,
      pricePaise,
      charges,
      closes,
      opening: remaining > 0 ? { quantity: remaining, entryChargesPaise: shares[shares.length - 1]! } : null,
      realizedPnlPaise: closes.reduce((sum, c) => sum + c.realizedPnlPaise, 0),
      tradeCashPaise,
      cashPaise: tradeCashPaise - charges.total,
    },
  };
}
