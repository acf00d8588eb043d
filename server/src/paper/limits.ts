/**
 * The paper account's order checks (specification part 2, sections 3 and 9), pure. An order that
 * would break one is refused with a sentence naming the limit and the figures; nothing is written.
 *
 * Decisions the specification leaves open:
 * - A position is one symbol in one product (CNC or MIS), like a broker's positions page.
 * - Risk limits (position size, positions count, exposure, minimum balance, daily loss) apply to
 *   the part of an order that opens or grows a position; closing a position is never refused by
 *   them, only by missing funds or holdings.
 * - "Available" cash is the ledger cash minus what open orders and short positions block: an open
 *   buy blocks its value and charges; an intraday short blocks its sale proceeds and an equal margin
 *   (no leverage in the paper account), so concurrent orders can never spend the same rupee twice.
 * - Minimum balance: an opening order may not leave less than the threshold available.
 * - Daily loss: today's loss (realised and unrealised since the previous close, after charges)
 *   plus this order's charges may not pass the limit.
 * - The risk limits of Settings › Risk Management also apply to the opening part: one stock's
 *   position may not pass `max_single_stock` of the account's value, nor one sector's positions
 *   (this order's included) `max_sector_exposure`; and while a weekly, monthly or drawdown loss
 *   limit is crossed (`reducingOnly`, analytics/lossLimits.ts) no order may open or grow a position.
 * - Nor while Emergency Stop All's halt is in force (`halted`, trading/halt.ts).
 */
import type { LimitName, PaperLimits, TradeProduct, TradeSide } from '@nivesh/api-contract';
import { AUTOMATION_ACTOR } from '../broker/broker.js';
import { formatPaise, formatRupeesShort } from './money.js';

export interface OrderIntent {
  symbol: string;
  side: TradeSide;
  product: TradeProduct;
  quantity: number;
  /** The price it is expected to fill at, paise. */
  pricePaise: number;
  /** Its estimated charges, paise. */
  chargesPaise: number;
}

/** The account as the order would find it, with every open order already counted. */
export interface LimitBook {
  /** Ledger cash. */
  cashPaise: number;
  /** Cash held for open orders and short positions. */
  blockedPaise: number;
  /** Cash plus positions at current prices (shorts negative). */
  accountValuePaise: number;
  /** Σ |position value| at current prices plus the opening value of open orders. */
  grossExposurePaise: number;
  /** This order's position (symbol and product) once open orders fill: signed shares. */
  positionQuantity: number;
  /** Positions held or being opened by open orders. */
  positionCount: number;
  /** Today's loss after charges, paise, 0 when the day is up. */
  dayLossPaise: number;
  /** The order's sector, and |value| of every other position in it (open orders included), paise. */
  sector: string;
  sectorOthersPaise: number;
  /** The loss limits crossed (sentences), or empty: while not empty, only reducing orders pass. */
  reducingOnly: readonly string[];
  /** The emergency stop in force (a sentence, trading/halt.ts), or null: while set, only reducing orders pass. */
  halted: string | null;
  /** This order's position (symbol and product) held now, before open orders: signed shares. */
  heldQuantity?: number;
  /** The open orders on the same side of the same position (they take the same shares first). */
  reservingOrders?: readonly ReservingOrder[];
}

/** An open order that holds shares (or cash) of a position before a new order of the same side. */
export interface ReservingOrder {
  id: string;
  quantity: number;
  orderType: string;
  triggerPricePaise: number | null;
  limitPricePaise: number | null;
  placedBy: string;
}

/** "SL-M sell of 10 at trigger ₹1,560.00, order P-12, placed by the automation". */
function describeReserving(o: ReservingOrder, side: TradeSide, automationActor: string): string {
  const price =
    o.triggerPricePaise !== null
      ? ` at trigger ${formatPaise(o.triggerPricePaise)}`
      : o.limitPricePaise !== null
        ? ` at limit ${formatPaise(o.limitPricePaise)}`
        : '';
  const whose = o.placedBy === automationActor ? ', placed by the automation' : '';
  return `${o.orderType} ${side === 'SELL' ? 'sell' : 'buy'} of ${o.quantity}${price}, order ${o.id}${whose}`;
}

/** The limits an order is checked against: the paper limits and the risk limits the engine enforces. */
export interface OrderLimits extends PaperLimits {
  /** Fractions of the account's value. */
  max_single_stock: number;
  max_sector_exposure: number;
}

/** The refusal of an opening order while the emergency stop (`sentence`, trading/halt.ts) is in force. */
export function haltRejection(sentence: string): Rejection {
  return {
    limit: 'emergency_stop',
    message: `Halted: ${sentence} Only orders that close a position are accepted until it is lifted`,
  };
}

export interface Rejection {
  limit: LimitName;
  message: string;
}

export interface OrderSplit {
  /** Shares that close an opposite position. */
  closing: number;
  /** Shares that open or grow a position. */
  opening: number;
}

/** How much of an order closes the current position and how much opens one. */
export function splitOrder(side: TradeSide, quantity: number, positionQuantity: number): OrderSplit {
  const opposite = side === 'BUY' ? Math.max(0, -positionQuantity) : Math.max(0, positionQuantity);
  const closing = Math.min(quantity, opposite);
  return { closing, opening: quantity - closing };
}

/** Cash the order takes from what is available (negative: it frees cash), paise. */
function cashNeeded(intent: OrderIntent, split: OrderSplit): number {
  if (intent.side === 'BUY') {
    // Covering a short releases its blocked proceeds and margin.
    return intent.quantity * intent.pricePaise + intent.chargesPaise - 2 * split.closing * intent.pricePaise;
  }
  return split.opening > 0 ? split.opening * intent.pricePaise + intent.chargesPaise : 0;
}

const percent = (fraction: number) => `${Number((fraction * 100).toFixed(2))}%`;

/**
 * A refusal when `partPaise` is more than `max` of the account's value `wholePaise`, naming the
 * limit and both figures ("… would put 23.4% of the account in INFY (₹2,34,000.00 of ₹10,00,000.00)").
 */
function overShare(
  limit: LimitName,
  label: string,
  max: number,
  partPaise: number,
  wholePaise: number,
  where: string,
): Rejection | null {
  const share = wholePaise > 0 ? partPaise / wholePaise : Number.POSITIVE_INFINITY;
  if (share <= max) return null;
  return {
    limit,
    message:
      `${label} ${percent(max)} exceeded: this order would put ` +
      (wholePaise > 0
        ? `${percent(share)} of the account ${where} (${formatPaise(partPaise)} of ${formatPaise(wholePaise)})`
        : `${formatPaise(partPaise)} ${where} with an account worth ${formatPaise(wholePaise)}`),
  };
}

/**
 * The first rule the order breaks, or null. `scope: 'funds'` checks only funds and holdings (a
 * resting order about to fill was already checked against the limits when it was accepted).
 */
export function checkOrder(
  intent: OrderIntent,
  book: LimitBook,
  limits: OrderLimits,
  scope: 'all' | 'funds' = 'all',
): Rejection | null {
  const split = splitOrder(intent.side, intent.quantity, book.positionQuantity);
  const available = book.cashPaise - book.blockedPaise;

  if (intent.product === 'CNC' && intent.side === 'SELL' && split.opening > 0) {
    const held = Math.max(0, book.positionQuantity);
    const message =
      `Insufficient holdings: this order sells ${intent.quantity} ${intent.symbol} for delivery (CNC) ` +
      `and ${held} ${held === 1 ? 'share is' : 'shares are'} available to sell`;
    const owned = Math.max(0, book.heldQuantity ?? 0);
    const reserving = book.reservingOrders ?? [];
    const reserved = reserving.reduce((sum, o) => sum + o.quantity, 0);
    if (reserving.length === 0 || owned <= held) return { limit: 'insufficient_holdings', message };
    // Shares are there but resting sells hold them: say which, and how to sell them by hand.
    const one = reserving.length === 1;
    const automated = reserving.some((o) => o.placedBy === AUTOMATION_ACTOR);
    return {
      limit: 'insufficient_holdings',
      message:
        `${message}: ${Math.min(reserved, owned)} of the ${owned} held ${Math.min(reserved, owned) === 1 ? 'is' : 'are'} ` +
        `reserved by ${one ? 'a resting order' : `${reserving.length} resting orders`} ` +
        `(${reserving.map((o) => describeReserving(o, 'SELL', AUTOMATION_ACTOR)).join('; ')}). ` +
        `Cancel ${one ? 'it' : 'them'} under Open orders on the Portfolio page first to sell these shares yourself` +
        (automated
          ? '; the automation then records its position as closed by hand and no longer protects it'
          : ''),
    };
  }

  const need = cashNeeded(intent, split);
  if (need > 0 && need > available) {
    return {
      limit: 'insufficient_funds',
      message: `Insufficient funds: this order needs ${formatPaise(need)} and ${formatPaise(Math.max(0, available))} is available`,
    };
  }

  if (scope === 'funds' || split.opening === 0) return null;

  if (book.halted !== null) return haltRejection(book.halted);

  if (book.reducingOnly.length > 0) {
    return {
      limit: 'loss_limit',
      message: `Reducing only: ${book.reducingOnly.join(' ')} Only orders that reduce a position are accepted until it is back within the limit`,
    };
  }

  const after = available - Math.max(0, need);
  const threshold = limits.min_balance_threshold * 100;
  if (after < threshold) {
    return {
      limit: 'min_balance_threshold',
      message:
        `Min balance ${formatRupeesShort(limits.min_balance_threshold)} would be breached: ` +
        `this order would leave ${formatPaise(after)} available`,
    };
  }

  const lossAfter = book.dayLossPaise + intent.chargesPaise;
  if (lossAfter > limits.max_daily_loss * 100) {
    return {
      limit: 'max_daily_loss',
      message:
        `Max daily loss ${formatRupeesShort(limits.max_daily_loss)} exceeded: today's loss would be ` +
        `${formatPaise(lossAfter)} with this order's charges (${formatPaise(book.dayLossPaise)} before it)`,
    };
  }

  const signed = intent.side === 'BUY' ? intent.quantity : -intent.quantity;
  const positionValue = Math.abs(book.positionQuantity + signed) * intent.pricePaise;
  if (positionValue > limits.max_position_size * 100) {
    return {
      limit: 'max_position_size',
      message:
        `Max position size ${formatRupeesShort(limits.max_position_size)} exceeded: this order would make ` +
        `the ${intent.symbol} position ${formatPaise(positionValue)}`,
    };
  }

  const valueAfter = book.accountValuePaise - intent.chargesPaise;
  const concentration =
    overShare(
      'max_single_stock',
      'Max single stock',
      limits.max_single_stock,
      positionValue,
      valueAfter,
      `in ${intent.symbol}`,
    ) ??
    overShare(
      'max_sector_exposure',
      'Max sector exposure',
      limits.max_sector_exposure,
      book.sectorOthersPaise + positionValue,
      valueAfter,
      `in ${book.sector}`,
    );
  if (concentration) return concentration;

  if (book.positionQuantity === 0 && book.positionCount + 1 > limits.max_positions_count) {
    return {
      limit: 'max_positions_count',
      message:
        `Max positions count ${limits.max_positions_count} exceeded: this order would open ${intent.symbol} ` +
        `as position ${book.positionCount + 1}`,
    };
  }

  const exposureAfter = book.grossExposurePaise + (split.opening - split.closing) * intent.pricePaise;
  return overShare(
    'max_portfolio_exposure',
    'Max portfolio exposure',
    limits.max_portfolio_exposure,
    exposureAfter,
    valueAfter,
    'in positions',
  );
}
