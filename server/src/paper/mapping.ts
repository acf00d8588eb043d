/**
 * Rows of the trading tables in the contract's shapes (rupees, ISO timestamps). Pure.
 *
 * Trades (specification part 2, "Trade"): a lot (an opening fill) is one trade while nothing of it
 * has been exited, and each exit from it is a completed trade for the shares it closed (selling 4
 * of 10 is a completed trade of 4 and an open trade of the other 6, both with opened_quantity 10).
 * A lot closed by one exit stays one completed trade under the lot's id; otherwise the exits are
 * `<id>-1`, `<id>-2`, ... and the open rest keeps the lot's id. Entry charges are split over the
 * parts to the paisa. Open orders are listed as `pending` rows at their limit (or current) price,
 * so the pending filter shows what waits; they are not trades and have no P&L (null).
 */
import {
  DEFAULT_TRADE_STRATEGY,
  timeAgo,
  type ActivityItem,
  type Order,
  type OrderStatus,
  type OrderType,
  type Trade,
  type TradeProduct,
  type TradeSide,
} from '@nivesh/api-contract';
import type { ChargesPaise } from './costs.js';
import { chargesToRupees } from './costs.js';
import { toRupees } from './money.js';
import type { schema } from '../db/index.js';
import { lotUnrealized, type FillRow, type LotRow, type OrderRow } from './state.js';

function fillCharges(fill: FillRow): ChargesPaise {
  return {
    brokerage: fill.brokeragePaise,
    stt: fill.sttPaise,
    exchange: fill.exchangePaise,
    sebi: fill.sebiPaise,
    stamp: fill.stampPaise,
    gst: fill.gstPaise,
    dp: fill.dpPaise,
    total: fill.chargesPaise,
  };
}

export function orderToContract(order: OrderRow, fill: FillRow | null | undefined): Order {
  return {
    order_id: order.id,
    account: order.account === 'live' ? 'live' : 'paper',
    symbol: order.symbol,
    side: order.side as TradeSide,
    quantity: order.quantity,
    filled_quantity: order.filledQuantity,
    order_type: order.orderType as OrderType,
    limit_price: order.limitPricePaise === null ? null : toRupees(order.limitPricePaise),
    trigger_price: order.triggerPricePaise === null ? null : toRupees(order.triggerPricePaise),
    triggered_at: order.triggeredAt?.toISOString() ?? null,
    product: order.product as TradeProduct,
    status: order.status as OrderStatus,
    average_price: order.averagePricePaise === null ? null : toRupees(order.averagePricePaise),
    charges: fill ? chargesToRupees(fillCharges(fill)) : null,
    status_message: order.statusMessage,
    broker_order_id: order.brokerOrderId,
    strategy: order.strategy,
    placed_at: order.placedAt.toISOString(),
    updated_at: order.updatedAt.toISOString(),
    filled_at: order.filledAt?.toISOString() ?? null,
  };
}

const percentOf = (part: number, whole: number) =>
  whole === 0 ? 0 : Number(((part / whole) * 100).toFixed(4));

/** What a trade is made of: one exit from a lot (`lot_exits`), or the lot's open rest. */
export type LotExitRow = typeof schema.lotExits.$inferSelect;

/** The charges of one exit: its share of the lot's entry charges and of the closing fill's. */
export const exitFeesPaise = (exit: Pick<LotExitRow, 'entryChargesPaise' | 'exitChargesPaise'>) =>
  exit.entryChargesPaise + exit.exitChargesPaise;

/** A trade's strategy: the one that placed its lot, or the default for a manual paper trade. */
export const tradeStrategy = (lot: Pick<LotRow, 'strategy'>) => lot.strategy || DEFAULT_TRADE_STRATEGY;

/** What of a lot its trades show: the lot row's fields the history reads. */
type TradeLot = Pick<
  LotRow,
  | 'tradeId'
  | 'account'
  | 'symbol'
  | 'side'
  | 'quantity'
  | 'entryPricePaise'
  | 'strategy'
  | 'openedAt'
  | 'product'
>;

/**
 * The fields every trade of a lot shares. Callers add theirs with `Object.assign`, not an object
 * spread: on Node 20 a literal that spreads one object and then adds ten properties took ~20 µs to
 * build (about twenty times as long), and the history builds one per trade on every request.
 */
function tradeBase(lot: TradeLot) {
  return {
    symbol: lot.symbol,
    mode: lot.account === 'live' ? ('live' as const) : ('paper' as const),
    side: lot.side as TradeSide,
    opened_quantity: lot.quantity,
    entry_price: toRupees(lot.entryPricePaise),
    strategy: tradeStrategy(lot),
    entry_time: lot.openedAt.toISOString(),
    product: lot.product as TradeProduct,
  };
}

/** One exit of a lot as its completed trade, under `tradeId` (see the header for the id). */
export function exitToTrade(
  lot: TradeLot,
  exit: Pick<
    LotExitRow,
    'quantity' | 'pricePaise' | 'realizedPnlPaise' | 'entryChargesPaise' | 'exitChargesPaise' | 'exitedAt'
  >,
  tradeId: string,
): Trade {
  const fees = exitFeesPaise(exit);
  const net = exit.realizedPnlPaise - fees;
  return Object.assign(tradeBase(lot), {
    trade_id: tradeId,
    quantity: exit.quantity,
    exit_price: toRupees(exit.pricePaise),
    current_price: null,
    pnl: toRupees(exit.realizedPnlPaise),
    pnl_percent: percentOf(net, exit.quantity * lot.entryPricePaise),
    fees: toRupees(fees),
    net_pnl: toRupees(net),
    status: 'completed' as const,
    exit_time: exit.exitedAt.toISOString(),
  });
}

/**
 * The open rest of a lot (open quantity above 0) as its open trade: `exitedEntryChargesPaise` is
 * the entry charges its exits already carry; `ltpPaise` prices the open shares (null: no price,
 * and so no P&L).
 */
export function openLotToTrade(lot: LotRow, exitedEntryChargesPaise: number, ltpPaise: number | null): Trade {
  const unrealized = ltpPaise !== null ? lotUnrealized(lot, ltpPaise) : null;
  const fees = lot.entryChargesPaise - exitedEntryChargesPaise;
  const net = unrealized === null ? null : unrealized - fees;
  return Object.assign(tradeBase(lot), {
    trade_id: lot.tradeId,
    quantity: lot.openQuantity,
    exit_price: null,
    current_price: ltpPaise !== null ? toRupees(ltpPaise) : null,
    pnl: unrealized === null ? null : toRupees(unrealized),
    pnl_percent: net === null ? null : percentOf(net, lot.openQuantity * lot.entryPricePaise),
    fees: toRupees(fees),
    net_pnl: net === null ? null : toRupees(net),
    status: 'open' as const,
    exit_time: null,
  });
}

/**
 * A lot as trades (see the header): its exits, oldest first, and its open rest. `ltpPaise` prices
 * the open shares (null: no price known).
 */
export function lotToTrades(lot: LotRow, exits: readonly LotExitRow[], ltpPaise: number | null): Trade[] {
  const sorted = [...exits].sort((a, b) => a.exitedAt.getTime() - b.exitedAt.getTime() || a.id - b.id);
  const whole = lot.openQuantity === 0 && sorted.length === 1;
  const trades: Trade[] = sorted.map((exit, i) =>
    exitToTrade(lot, exit, whole ? lot.tradeId : `${lot.tradeId}-${i + 1}`),
  );
  if (lot.openQuantity > 0) {
    const exited = sorted.reduce((sum, e) => sum + e.entryChargesPaise, 0);
    trades.push(openLotToTrade(lot, exited, ltpPaise));
  }
  return trades;
}

/**
 * An open order as a pending row, at its limit price or the price it would fill at now: not a
 * trade yet, so no P&L.
 */
export function pendingOrderToTrade(order: OrderRow, pricePaise: number): Trade {
  return {
    trade_id: order.id,
    symbol: order.symbol,
    mode: order.account === 'live' ? 'live' : 'paper',
    side: order.side as TradeSide,
    quantity: order.quantity,
    opened_quantity: null,
    entry_price: toRupees(pricePaise),
    exit_price: null,
    current_price: null,
    pnl: null,
    pnl_percent: null,
    fees: 0,
    net_pnl: null,
    status: 'pending',
    strategy: order.strategy,
    entry_time: order.placedAt.toISOString(),
    exit_time: null,
    product: order.product as TradeProduct,
  };
}

export function fillToActivity(fill: FillRow, now: Date): ActivityItem {
  return {
    id: `fill-${fill.id}`,
    action: fill.side === 'BUY' ? 'Bought' : 'Sold',
    symbol: fill.symbol,
    quantity: fill.quantity,
    price: toRupees(fill.pricePaise),
    value: toRupees(fill.quantity * fill.pricePaise),
    timestamp: fill.executedAt.toISOString(),
    time_ago: timeAgo(fill.executedAt, now),
  };
}
