/** Order answers: the preview of a ticket and the order the server records. */
import { isStopOrderType, Order, OrderPreview, type PlaceOrderRequest } from '../orders';
import { fixture, valid } from './fixture';

/**
 * The preview of BUY 10 RELIANCE at market, delivery, as the paper engine would estimate it at
 * ₹2,456.75: value ₹24,567.50; brokerage ₹20; STT 0.1% = ₹24.57, rounded to ₹25; exchange
 * 0.00297% = ₹0.73; SEBI ₹10 per crore = ₹0.02; stamp 0.015% = ₹3.69, rounded to ₹4; GST 18% of
 * (20 + 0.73 + 0.02) = ₹3.74; no DP charge on a buy. Total ₹53.49; cash it takes ₹24,620.99.
 */
const BUY_CHARGES = {
  brokerage: 20,
  stt: 25,
  exchange_charge: 0.73,
  sebi_fee: 0.02,
  stamp_duty: 4,
  gst: 3.74,
  dp_charge: 0,
  total: 53.49,
};

export const makeOrderPreview = fixture(OrderPreview, 'OrderPreview', {
  symbol: 'RELIANCE',
  name: 'Reliance Industries Ltd',
  estimated_price: 2_456.75,
  order_value: 24_567.5,
  charges: BUY_CHARGES,
  own_charges: BUY_CHARGES,
  net_amount: 24_620.99,
  available_balance: 500_000,
  true_up: null,
  rejection: null,
  market_open: true,
});

/** A paper order, as the server records it, for `request`. */
export const makeOrder = fixture(Order, 'Order', {
  order_id: 'ord-1',
  account: 'paper',
  symbol: 'TCS',
  side: 'BUY',
  quantity: 2,
  filled_quantity: 0,
  order_type: 'LIMIT',
  limit_price: 3_850.05,
  trigger_price: null,
  triggered_at: null,
  product: 'CNC',
  status: 'open',
  average_price: null,
  charges: null,
  status_message: null,
  broker_order_id: null,
  strategy: 'Manual',
  placed_at: '2026-11-20T09:45:00.000Z',
  updated_at: '2026-11-20T09:45:00.000Z',
  filled_at: null,
});

/**
 * The order the server answers for `request`: filled at `price` (with the preview's charges), or
 * left open (a stop-loss order open is waiting for its trigger).
 */
export function makePlacedOrder(
  request: PlaceOrderRequest,
  status: Order['status'] = 'filled',
  price = 2_456.75,
  at = '2026-11-20T09:45:00.000Z',
): Order {
  const filled = status === 'filled';
  const stop = isStopOrderType(request.order_type);
  return valid(Order, 'Order', {
    ...makeOrder({ placed_at: at, updated_at: at }),
    symbol: request.symbol.toUpperCase(),
    side: request.side,
    quantity: request.quantity,
    filled_quantity: filled ? request.quantity : 0,
    order_type: request.order_type,
    limit_price:
      request.order_type === 'LIMIT' || request.order_type === 'SL' ? (request.limit_price ?? null) : null,
    trigger_price: stop ? (request.trigger_price ?? null) : null,
    triggered_at: stop && filled ? at : null,
    product: request.product,
    status,
    average_price: filled ? price : null,
    charges: filled ? makeOrderPreview().charges : null,
    filled_at: filled ? at : null,
  });
}
