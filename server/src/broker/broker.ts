/**
 * The broker seam. Orders from the API go to exactly one `Broker`: the paper engine in paper and
 * mock mode, Upstox in live mode (only while its access token is valid: `orders/service.ts`
 * decides, and a paper-mode order never reaches the live broker).
 *
 * An `Account` is what the portfolio pages read: the paper ledger, or the broker's holdings,
 * positions and funds. Both answer in the contract's shapes.
 */
import type {
  ActivityItem,
  Holding,
  Order,
  OrderPreview,
  PlaceOrderRequest,
  PortfolioOverview,
  Trade,
} from '@nivesh/api-contract';
import type { z } from 'zod';

/** A parsed order request (symbol upper-cased, limit and trigger prices checked). */
export type OrderRequest = z.output<typeof PlaceOrderRequest>;

/**
 * Who placed an order and why. Automation passes one; HTTP (manual) orders never do. The order
 * (and, once filled, its lot: trade history and performance break down by it) records `strategy`.
 */
export interface OrderIntent {
  /** The strategy's name, as the order, its trades and the performance pages show it. */
  strategy: string;
  /** Placed by the automation rather than by the operator's hand. */
  automated: boolean;
  /** The signal's confidence, 0-1, or null when it has none. */
  confidence: number | null;
}

/** The actor automated orders are placed and cancelled as (audit rows, order history). */
export const AUTOMATION_ACTOR = 'automation';

/**
 * What a cancelled order says about who ended it: the automation, the server itself (actors
 * `system…`) or the operator (a signed-in user's email), and why when a reason is given.
 */
export function cancelledBy(actor: string, reason?: string): string {
  const who =
    actor === AUTOMATION_ACTOR
      ? 'the automation'
      : actor.startsWith('system')
        ? 'the system'
        : 'the operator';
  return `Cancelled by ${who}${reason ? `: ${reason}` : ''}`;
}

export interface Broker {
  readonly account: 'paper' | 'live';
  /**
   * Places the order; resolves once it is durably recorded (and, live, accepted by the broker).
   * Without an intent it is a manual order under the broker's default strategy name.
   */
  placeOrder(request: OrderRequest, actor: string, intent?: OrderIntent): Promise<Order>;
  preview(request: OrderRequest, intent?: OrderIntent): Promise<OrderPreview>;
  /** Cancels an open order; `reason` (why, when not the operator's own click) is kept with it. */
  cancelOrder(orderId: string, actor: string, reason?: string): Promise<Order>;
  listOrders(filter: { status: 'all' | Order['status']; limit: number }): Promise<Order[]>;
}

export interface Account {
  readonly account: 'paper' | 'live';
  overview(): Promise<PortfolioOverview>;
  holdings(): Promise<Holding[]>;
  /** Recent fills, newest first. */
  activity(limit: number): Promise<ActivityItem[]>;
  /** Every trade (entry and, once closed, exit), newest entry first. */
  trades(): Promise<Trade[]>;
}
