/**
 * Which broker an order goes to. The stored trading mode decides, for every call: paper and mock
 * go to the paper engine; live goes to the live broker, and only after it confirms it is ready
 * (live mode and a usable token). A paper-mode order never reaches the live broker.
 *
 * A live order that opens or grows a position meets, here, before the broker sees it: the emergency
 * stop (trading/halt.ts), and the active capital phase's rules on the live account's value,
 * holdings and day change (paper/phaseRules.ts: largest position, daily loss, the confidence of an
 * automated entry). The phase's emergency stop loss needs the account's daily history, which is
 * kept for the paper account only. The paper engine checks all of these itself, inside the
 * transaction that writes the order.
 */
import type { Order } from '@nivesh/api-contract';
import type { Account, Broker, OrderIntent, OrderRequest } from '../broker/broker.js';
import { haltRejection } from '../paper/limits.js';
import { checkPhaseRules } from '../paper/phaseRules.js';
import { refusal } from '../paper/assess.js';
import { haltSentence, type HaltStore } from '../trading/halt.js';
import type { TradingModeService } from '../trading/mode.js';
import { HttpError } from '../http/errors.js';
import { formatPaise, toPaise } from '../paper/money.js';

/** The live side, when the server has one wired. */
export interface LiveTrading {
  broker: Broker;
  /** Throws (HttpError 409/503) unless a live order may go to the broker now. */
  ensureLiveReady(): Promise<void>;
  /** The live account's value and positions, which an opening order's checks read. */
  account: Pick<Account, 'holdings' | 'overview'>;
}

/** Whether `request` only reduces the position `held` (signed shares of its symbol and product). */
export function onlyReduces(request: Pick<OrderRequest, 'side' | 'quantity'>, held: number): boolean {
  return request.side === 'SELL'
    ? held > 0 && request.quantity <= held
    : held < 0 && request.quantity <= -held;
}

export const LIVE_NOT_CONNECTED = 'Live trading is not connected on this server.';

export type OrdersService = ReturnType<typeof createOrdersService>;

export function createOrdersService(deps: {
  tradingMode: TradingModeService;
  paper: Broker;
  live: LiveTrading | null;
  halts: Pick<HaltStore, 'inForce'>;
  /** The last traded price of a symbol (rupees), for a market order's checks. */
  lastPrice: (symbol: string) => number | undefined;
  /** Whether ML drift is in force (the capital phase steps down one); false when not given. */
  modelDrift?: () => Promise<boolean>;
}) {
  /** The mode's broker; `write`: the live broker must also confirm it may take orders now. */
  async function broker(write = false): Promise<Broker> {
    const { mode } = await deps.tradingMode.get();
    if (mode !== 'live') return deps.paper;
    if (!deps.live) throw new HttpError(503, LIVE_NOT_CONNECTED);
    if (write) await deps.live.ensureLiveReady();
    return deps.live.broker;
  }

  /** Refuses a live order that opens or grows a position while halted or beyond the capital phase. */
  async function checkLiveOpening(live: LiveTrading, request: OrderRequest, intent?: OrderIntent) {
    const held = (await live.account.holdings())
      .filter((h) => h.symbol === request.symbol && h.product === request.product)
      .reduce((sum, h) => sum + h.quantity, 0);
    if (onlyReduces(request, held)) return;
    const halt = await deps.halts.inForce();
    if (halt) throw refusal(haltRejection(haltSentence(halt)));
    const price =
      request.order_type === 'SL-M'
        ? request.trigger_price
        : request.order_type === 'MARKET'
          ? deps.lastPrice(request.symbol)
          : request.limit_price;
    // Without a price yet the broker's own margin check decides.
    if (price === undefined) return;
    const overview = await live.account.overview();
    const rejection = checkPhaseRules(
      { symbol: request.symbol, side: request.side, quantity: request.quantity, pricePaise: toPaise(price) },
      {
        accountValuePaise: toPaise(overview.portfolio_value),
        positionQuantity: held,
        dayLossPaise: Math.max(0, -toPaise(overview.day_change)),
      },
      intent,
      (await deps.modelDrift?.()) ?? false,
    );
    if (rejection) throw refusal(rejection);
  }

  return {
    broker,
    /** Places an order; `intent` says who placed it and why (automation; none for HTTP orders). */
    async place(request: OrderRequest, actor: string, intent?: OrderIntent) {
      const target = await broker(true);
      if (target !== deps.paper && deps.live) await checkLiveOpening(deps.live, request, intent);
      const order = await target.placeOrder(request, actor, intent);
      return { order, message: placedMessage(order) };
    },
    async preview(request: OrderRequest, intent?: OrderIntent) {
      return (await broker()).preview(request, intent);
    },
    async list(filter: { status: 'all' | Order['status']; limit: number }) {
      return (await broker()).listOrders(filter);
    },
    async cancel(orderId: string, actor: string, reason?: string) {
      const order = await (await broker(true)).cancelOrder(orderId, actor, reason);
      return {
        order,
        message: `Order ${order.order_id} cancelled: ${order.side === 'BUY' ? 'buy' : 'sell'} ${order.quantity} ${order.symbol}.`,
      };
    },
  };
}

/** The sentence the order ticket shows once an order is accepted. */
function placedMessage(order: Order): string {
  const verb = order.side === 'BUY' ? 'buy' : 'sell';
  const where = order.account === 'live' ? 'Live' : 'Paper';
  if (order.status === 'filled' && order.average_price !== null) {
    const total = order.charges ? ` (charges ${formatPaise(toPaise(order.charges.total))})` : '';
    return `${where} order filled: ${order.side === 'BUY' ? 'bought' : 'sold'} ${order.quantity} ${order.symbol} at ${formatPaise(toPaise(order.average_price))}${total}.`;
  }
  if (order.status === 'open') {
    if (
      (order.order_type === 'SL' || order.order_type === 'SL-M') &&
      order.trigger_price !== null &&
      order.triggered_at === null
    ) {
      const move = order.side === 'BUY' ? 'rises' : 'falls';
      const then =
        order.order_type === 'SL' && order.limit_price !== null
          ? `then ${order.side === 'BUY' ? 'buys' : 'sells'} at a limit of ${formatPaise(toPaise(order.limit_price))}`
          : `then ${order.side === 'BUY' ? 'buys' : 'sells'} at market`;
      return `${where} stop-loss order to ${verb} ${order.quantity} ${order.symbol} is open: it triggers when the price ${move} to ${formatPaise(toPaise(order.trigger_price))}, ${then}.`;
    }
    if ((order.order_type === 'LIMIT' || order.order_type === 'SL') && order.limit_price !== null) {
      return `${where} limit order to ${verb} ${order.quantity} ${order.symbol} at ${formatPaise(toPaise(order.limit_price))} is open: it fills when the price reaches the limit.`;
    }
    return `${where} market order to ${verb} ${order.quantity} ${order.symbol} is open: it fills at the first price of the next session.`;
  }
  return order.status_message ?? `${where} order ${order.order_id} is ${order.status}.`;
}
