/**
 * Orders: place, preview (estimated charges and limit check before submitting), list and cancel.
 * In paper (and mock) mode orders go to the paper engine; in live mode to the broker, and only
 * while its access token is valid. Amounts are rupees; prices are on the NSE 0.05 tick.
 */
import { z } from 'zod';
import { ApiError, Rupees, Timestamp } from './common';
import { route } from './route';
import { TradeMode, TradeProduct, TradeSide } from './trading';

/**
 * MARKET and LIMIT, and the stop-loss orders Indian brokers offer (Upstox's names): SL-M waits
 * until the last traded price crosses its trigger, then fills at market; SL waits the same way,
 * then becomes a limit order at its limit price. A SELL stop triggers when the price falls to its
 * trigger (ltp <= trigger), a BUY stop when it rises to it (ltp >= trigger).
 */
export const OrderType = z.enum(['MARKET', 'LIMIT', 'SL', 'SL-M']);
export type OrderType = z.infer<typeof OrderType>;

/**
 * open: accepted and waiting (a limit order whose price has not been crossed, a stop-loss order
 * whose trigger has not been crossed, or a market order placed while the market is shut, filled at
 * the next open); filled; cancelled (by the operator, or an unfilled intraday order at the 15:20
 * IST square-off); rejected (by the broker).
 */
export const OrderStatus = z.enum(['open', 'filled', 'cancelled', 'rejected']);
export type OrderStatus = z.infer<typeof OrderStatus>;

/** NSE equity tick size, rupees. */
export const PRICE_TICK = 0.05;
/** Largest quantity one order may carry (a fat-finger guard, not an exchange rule). */
export const MAX_ORDER_QUANTITY = 100_000;
/**
 * Highest limit price an order may carry, rupees per share (₹1 crore; the dearest NSE share trades
 * near ₹1.5 lakh). With MAX_ORDER_QUANTITY it keeps an order's value within MAX_RUPEES, the bound
 * of every other amount in a request.
 */
export const MAX_ORDER_PRICE = 10_000_000;

const onTick = (price: number) => Math.abs(Math.round(price * 100) % 5) === 0;

/** A price field of an order (`limit_price`, `trigger_price`): above zero, at most ₹1 crore, on the tick. */
const orderPrice = (field: string) =>
  z
    .number()
    .positive(`${field} must be above zero`)
    .max(MAX_ORDER_PRICE, `${field} must be at most ₹1 crore (₹1,00,00,000) a share`)
    // Below one tick the price would be 0 paise: refused here, before any price is worked out.
    .refine((price) => price <= 0 || price >= PRICE_TICK, `${field} must be at least ₹0.05 (one tick)`)
    .refine((price) => price < PRICE_TICK || onTick(price), `${field} must be a multiple of ₹0.05`);

/** SL and SL-M: the orders that wait for a trigger price. */
export const isStopOrderType = (type: OrderType): type is 'SL' | 'SL-M' => type === 'SL' || type === 'SL-M';

/** An SL order on `side` with both its prices. */
const slPrices = (
  o: { order_type: OrderType; side: string; limit_price?: number; trigger_price?: number },
  side: 'BUY' | 'SELL',
) => o.order_type === 'SL' && o.side === side && o.limit_price !== undefined && o.trigger_price !== undefined;

export const PlaceOrderRequest = z
  .object({
    symbol: z
      .string()
      .trim()
      .min(1, 'symbol is required')
      .max(30)
      .transform((s) => s.toUpperCase()),
    side: TradeSide,
    quantity: z
      .number({ error: 'quantity must be a whole number of shares' })
      .int('quantity must be a whole number of shares')
      .min(1, 'quantity must be at least 1')
      .max(MAX_ORDER_QUANTITY, `quantity must be at most ${MAX_ORDER_QUANTITY.toLocaleString('en-IN')}`),
    order_type: OrderType,
    /** Required for LIMIT and SL orders, on the 0.05 tick; ignored for MARKET and SL-M orders. */
    limit_price: orderPrice('limit_price').optional(),
    /**
     * Required for SL and SL-M orders, on the 0.05 tick; ignored for MARKET and LIMIT orders. A
     * SELL stop's trigger must be below the last price and a BUY stop's above it (the server checks
     * that when the order is placed, against the price then).
     */
    trigger_price: orderPrice('trigger_price').optional(),
    product: TradeProduct,
  })
  .refine((o) => o.order_type !== 'LIMIT' || o.limit_price !== undefined, {
    message: 'limit_price is required for a LIMIT order',
    path: ['limit_price'],
  })
  .refine((o) => o.order_type !== 'SL' || o.limit_price !== undefined, {
    message: 'limit_price is required for an SL order',
    path: ['limit_price'],
  })
  .refine((o) => !isStopOrderType(o.order_type) || o.trigger_price !== undefined, {
    message: 'trigger_price is required for an SL or SL-M order',
    path: ['trigger_price'],
  })
  // A triggered SL sell is a limit sell: a limit above the trigger could never fill once it triggers.
  .refine((o) => !slPrices(o, 'SELL') || o.limit_price! <= o.trigger_price!, {
    message: 'limit_price of a SELL SL order must be at or below its trigger_price',
    path: ['limit_price'],
  })
  .refine((o) => !slPrices(o, 'BUY') || o.limit_price! >= o.trigger_price!, {
    message: 'limit_price of a BUY SL order must be at or above its trigger_price',
    path: ['limit_price'],
  });
export type PlaceOrderRequest = z.input<typeof PlaceOrderRequest>;

/**
 * One executed side's charges (DOMAIN.md, "Trading costs"), rupees to the paisa. On a delivery
 * (CNC) fill that settles as intraday against the same stock traded the other way the same day
 * (see ChargesTrueUp), stt, stamp_duty and dp_charge also take back what that earlier trade
 * paid at delivery rates, so they can be below zero.
 */
export const Charges = z.object({
  brokerage: Rupees,
  stt: Rupees,
  exchange_charge: Rupees,
  sebi_fee: Rupees,
  stamp_duty: Rupees,
  gst: Rupees,
  dp_charge: Rupees,
  total: Rupees,
});
export type Charges = z.infer<typeof Charges>;

export const Order = z.object({
  order_id: z.string(),
  /** paper or live. */
  account: TradeMode,
  symbol: z.string(),
  side: TradeSide,
  quantity: z.number().int().positive(),
  filled_quantity: z.number().int().min(0),
  order_type: OrderType,
  limit_price: Rupees.nullable(),
  /** SL and SL-M orders: the price whose crossing triggers them; null for other orders. */
  trigger_price: Rupees.nullable(),
  /** When a stop-loss order's trigger was crossed; null before (and for other orders). */
  triggered_at: Timestamp.nullable(),
  product: TradeProduct,
  status: OrderStatus,
  /** Average fill price; null until filled. */
  average_price: Rupees.nullable(),
  /** Charges of the fill; null until filled. */
  charges: Charges.nullable(),
  /** Why the broker rejected it or why it was cancelled. */
  status_message: z.string().nullable(),
  /** The broker's own order id (live orders). */
  broker_order_id: z.string().nullable(),
  strategy: z.string(),
  placed_at: Timestamp,
  updated_at: Timestamp,
  filled_at: Timestamp.nullable(),
});
export type Order = z.infer<typeof Order>;

/** Which of the paper limits refused an order (or would). */
export const LimitName = z.enum([
  'max_position_size',
  'max_single_stock',
  'max_sector_exposure',
  'loss_limit',
  'emergency_stop',
  /** The active production phase's rules (position size, daily loss, emergency stop loss, confidence). */
  'capital_phase',
  /** A circuit breaker (market volatility, a fast market fall, low liquidity) stops automated entries. */
  'circuit_breaker',
  'max_daily_loss',
  'max_portfolio_exposure',
  'max_positions_count',
  'min_balance_threshold',
  'insufficient_funds',
  'insufficient_holdings',
  'market_closed',
  /** A stop-loss order whose trigger is on the wrong side of the last price (it would trigger at once). */
  'stop_trigger',
  /** A limit or trigger price outside the stock's price band of the day (the exchange would refuse it). */
  'price_band',
]);
export type LimitName = z.infer<typeof LimitName>;

/**
 * What an order's fill pays or takes back for the stock's earlier trades of the day, beside its own
 * charges (OrderPreview.own_charges), signed rupees: below zero when it takes back. Contract notes
 * are made per stock per day, and the paper engine charges at fill time, so a fill trues up what
 * the day's earlier fills of the stock paid:
 * - same-day settlement: the quantity of a stock both bought and sold the same day is charged as
 *   intraday (STT 0.025% on the sell only, stamp duty 0.003% on the buy, no DP charge) even in CNC,
 *   so a fill matched with today's trades of the other side takes back the delivery STT and stamp
 *   duty they paid (or a DP charge no longer due);
 * - rounding: STT and stamp duty are rounded to the rupee once per stock per day, so a fill pays
 *   the day's rounding less what earlier fills paid of it.
 */
export const ChargesTrueUp = z.object({
  /**
   * Shares of this order matched with today's trades of the other side, settled as intraday (CNC
   * only); 0 when the true-up is only the day's rounding.
   */
  same_day_quantity: z.number().int().min(0),
  stt: Rupees,
  stamp_duty: Rupees,
  dp_charge: Rupees,
  /** stt + stamp_duty + dp_charge. */
  total: Rupees,
});
export type ChargesTrueUp = z.infer<typeof ChargesTrueUp>;

export const OrderPreview = z.object({
  symbol: z.string(),
  name: z.string(),
  /**
   * The price it would fill at now (market: the touch with the spread; limit: the limit price), or
   * for a stop-loss order the price it is expected at: SL-M its trigger, SL its limit.
   */
  estimated_price: Rupees,
  /** estimated_price x quantity. */
  order_value: Rupees,
  /** Every charge the fill pays, as the stock's contract note of the day has it: own_charges + true_up. */
  charges: Charges,
  /**
   * The order's own charges: its shares alone (those matched with today's trades of the other side
   * at intraday rates), STT and stamp duty rounded on their own. Equal to `charges` when true_up is
   * null.
   */
  own_charges: Charges,
  /** Buy: cash it takes (value + charges); sell: cash it brings (value - charges). */
  net_amount: Rupees,
  /** Cash available now. */
  available_balance: Rupees,
  /**
   * Paper orders: what the fill trues up of the stock's earlier trades today (ChargesTrueUp), or
   * null when it pays exactly its own charges. Null in live mode (Upstox's own contract note
   * decides).
   */
  true_up: ChargesTrueUp.nullable(),
  /** Null when every limit allows it; otherwise the refusal the order would get. */
  rejection: z.object({ limit: LimitName, message: z.string() }).nullable(),
  market_open: z.boolean(),
});
export type OrderPreview = z.infer<typeof OrderPreview>;

/** A refused order: the message names the limit and the figures; nothing was written. */
export const OrderRejection = ApiError.extend({ limit: LimitName.optional() });

export const OrdersQuery = z.object({
  status: z.enum(['all', ...OrderStatus.options]).default('all'),
  limit: z.coerce.number<number>().int().min(1).max(500).default(100),
});

const OrderIdParams = z.object({ orderId: z.string().min(1).max(64) });

export const ordersRoutes = {
  place: route({
    method: 'POST',
    path: '/api/trading/orders',
    access: 'session',
    tag: 'trading',
    summary: 'Place an order (paper engine in paper mode; the broker in live mode with a valid token)',
    body: PlaceOrderRequest,
    responses: {
      200: z.object({ success: z.literal(true), message: z.string(), data: Order }),
      400: ApiError,
      401: ApiError,
      409: ApiError,
      422: OrderRejection,
      502: ApiError,
      503: ApiError,
    },
  }),
  preview: route({
    method: 'POST',
    path: '/api/trading/orders/preview',
    access: 'session',
    tag: 'trading',
    summary: 'Estimated price, charges and limit check of an order, without placing it',
    body: PlaceOrderRequest,
    responses: {
      200: z.object({ success: z.literal(true), data: OrderPreview }),
      400: ApiError,
      401: ApiError,
      503: ApiError,
    },
  }),
  list: route({
    method: 'GET',
    path: '/api/trading/orders',
    access: 'session',
    tag: 'trading',
    summary: 'Orders of the account the current mode trades, newest first',
    querystring: OrdersQuery,
    responses: {
      200: z.object({ success: z.literal(true), data: z.array(Order) }),
      400: ApiError,
      401: ApiError,
      503: ApiError,
    },
    // A resting order fills on the server with nothing to tell the browser: the list is fetched
    // again at the portfolio's 30 s while a page shows it.
    client: { pollingIntervalMs: 30_000 },
  }),
  cancel: route({
    method: 'POST',
    path: '/api/trading/orders/:orderId/cancel',
    access: 'session',
    tag: 'trading',
    summary: 'Cancel an open order',
    params: OrderIdParams,
    responses: {
      200: z.object({ success: z.literal(true), message: z.string(), data: Order }),
      401: ApiError,
      404: ApiError,
      409: ApiError,
      502: ApiError,
      503: ApiError,
    },
  }),
} as const;
