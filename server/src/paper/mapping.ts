/**
 * Rows of the trading tables in the contract's shapes (rupees, ISO timestamps). Pure.
 *
 * Trades (specification part 2, "Trade"): one trade per lot, i.e. per opening fill. It is
 * `completed` once every share of the lot is closed, `open` before (a partly closed lot shows the
 * realised part plus the open part at the current price). Open orders are listed as `pending`
 * trades at their limit (or current) price, so the history's pending filter shows what is waiting.
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
import { lotUnrealized, type FillRow, type LotRow, type OrderRow } from './state.js';

export function fillCharges(fill: FillRow): ChargesPaise {
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

/** A lot as a trade; `ltpPaise` prices its open shares (null: no price known). */
export function lotToTrade(lot: LotRow, ltpPaise: number | null): Trade {
  const open = lot.openQuantity > 0;
  const unrealized = open && ltpPaise !== null ? lotUnrealized(lot, ltpPaise) : 0;
  const pnl = lot.realizedPnlPaise + unrealized;
  const fees = lot.entryChargesPaise + lot.exitChargesPaise;
  const net = pnl - fees;
  return {
    trade_id: lot.tradeId,
    symbol: lot.symbol,
    mode: lot.account === 'live' ? 'live' : 'paper',
    side: lot.side as TradeSide,
    quantity: lot.quantity,
    entry_price: toRupees(lot.entryPricePaise),
    exit_price: open ? null : toRupees(Math.round(lot.exitValuePaise / lot.exitQuantity)),
    current_price: open && ltpPaise !== null ? toRupees(ltpPaise) : null,
    pnl: toRupees(pnl),
    pnl_percent: percentOf(net, lot.quantity * lot.entryPricePaise),
    fees: toRupees(fees),
    net_pnl: toRupees(net),
    status: open ? 'open' : 'completed',
    strategy: lot.strategy || DEFAULT_TRADE_STRATEGY,
    entry_time: lot.openedAt.toISOString(),
    exit_time: open ? null : (lot.closedAt?.toISOString() ?? null),
    product: lot.product as TradeProduct,
  };
}

/** An open order as a pending trade, at its limit price or the price it would fill at now. */
export function pendingOrderToTrade(order: OrderRow, pricePaise: number): Trade {
  return {
    trade_id: order.id,
    symbol: order.symbol,
    mode: order.account === 'live' ? 'live' : 'paper',
    side: order.side as TradeSide,
    quantity: order.quantity,
    entry_price: toRupees(pricePaise),
    exit_price: null,
    current_price: null,
    pnl: 0,
    pnl_percent: 0,
    fees: 0,
    net_pnl: 0,
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
