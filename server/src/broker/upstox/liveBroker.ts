/**
 * The live Broker: orders placed with Upstox and recorded in the `orders` table (account 'live').
 *
 * A live order is written before it is sent (status open, "Sending to Upstox"), so a timeout never
 * loses track of it: the order carries our order id as its Upstox `tag`, and every listing
 * reconciles open rows with Upstox's order book (by broker order id, else by tag). Upstox's refusal
 * marks the row rejected. Outside the normal session orders go as after-market orders (is_amo).
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import {
  istDay,
  type Charges,
  type Order,
  type OrderPreview,
  type TradeSide,
  type TradeProduct,
} from '@nivesh/api-contract';
import { schema, type Db } from '../../db/index.js';
import type { Clock } from '../../clock.js';
import { HttpError } from '../../http/errors.js';
import { marketStatus, type HolidayCalendar } from '../../market/calendar.js';
import type { Instrument } from '../../market/feed.js';
import type { Broker, OrderIntent, OrderRequest } from '../broker.js';
import { requestPricesPaise, stopTriggerRejection } from '../../paper/pricing.js';
import type { LiveGate } from '../liveGate.js';
import { TokenExpiredError, UpstoxApiError, UpstoxUnavailableError, type UpstoxClient } from './client.js';
import {
  formatRupees,
  instrumentLookup,
  mapUpstoxOrderStatus,
  parseIstTimestamp,
  readFailure,
  round2,
  toPaise,
  toRupees,
  toUpstoxProduct,
} from './mapping.js';
import type { PlaceOrderBody, UpstoxOrder } from './schemas.js';

/** One executed side's charges, estimated from DOMAIN.md's schedule (the paper engine's cost function). */
export type ChargesEstimator = (input: {
  side: TradeSide;
  product: TradeProduct;
  quantity: number;
  price: number;
}) => Promise<Charges>;

/** The strategy name of live orders placed from Nivesh by hand. */
export const LIVE_ORDER_STRATEGY = 'Live Trading';
/** An order Upstox has not confirmed is given this long to appear in its order book. */
const UNCONFIRMED_GRACE_MS = 60_000;

type OrderRow = typeof schema.orders.$inferSelect;

export interface LiveBrokerLog {
  warn(obj: object, msg: string): void;
}

export type LiveBroker = Broker & {
  /** Reconciles open live orders with Upstox's order book now. */
  refresh(): Promise<void>;
};

function newOrderId(): string {
  // Short enough for Upstox's 40-character tag, which is how an unconfirmed order is found again.
  return `LV-${Date.now().toString(36).toUpperCase()}-${randomBytes(4).toString('hex').toUpperCase()}`;
}

export function createLiveBroker(deps: {
  db: Db;
  clock: Clock;
  client: UpstoxClient;
  gate: LiveGate;
  calendar: HolidayCalendar;
  instruments: () => readonly Instrument[];
  /** Without it, preview answers 503 and filled orders carry no charges. */
  estimateCharges?: ChargesEstimator;
  log: LiveBrokerLog;
}): LiveBroker {
  const { db, clock, client, gate, calendar, log } = deps;
  const lookup = instrumentLookup(deps.instruments);

  /**
   * Whether Upstox's book shows a stop-loss order past its trigger: no longer 'trigger pending'
   * but open at the exchange, or executed.
   */
  function stopTriggered(row: OrderRow, entry: UpstoxOrder): boolean {
    if (row.orderType !== 'SL' && row.orderType !== 'SL-M') return false;
    const status = entry.status.trim().toLowerCase();
    return status === 'open' || entry.filled_quantity > 0 || mapUpstoxOrderStatus(entry.status) === 'filled';
  }

  async function toOrder(row: OrderRow): Promise<Order> {
    const side = row.side as TradeSide;
    const product = row.product as TradeProduct;
    const average = row.averagePricePaise === null ? null : toRupees(row.averagePricePaise);
    return {
      order_id: row.id,
      account: 'live',
      symbol: row.symbol,
      side,
      quantity: row.quantity,
      filled_quantity: row.filledQuantity,
      order_type: row.orderType as Order['order_type'],
      limit_price: row.limitPricePaise === null ? null : toRupees(row.limitPricePaise),
      trigger_price: row.triggerPricePaise === null ? null : toRupees(row.triggerPricePaise),
      triggered_at: row.triggeredAt?.toISOString() ?? null,
      product,
      status: row.status as Order['status'],
      average_price: average,
      charges:
        deps.estimateCharges && average !== null && row.filledQuantity > 0
          ? await deps.estimateCharges({ side, product, quantity: row.filledQuantity, price: average })
          : null,
      status_message: row.statusMessage,
      broker_order_id: row.brokerOrderId,
      strategy: row.strategy,
      placed_at: row.placedAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
      filled_at: row.filledAt?.toISOString() ?? null,
    };
  }

  async function update(id: string, set: Partial<typeof schema.orders.$inferInsert>): Promise<OrderRow> {
    const [row] = await db
      .update(schema.orders)
      .set({ ...set, updatedAt: clock.now() })
      .where(eq(schema.orders.id, id))
      .returning();
    if (!row) throw new Error(`order ${id} vanished`);
    return row;
  }

  /** The row's fields as Upstox's order book reports them, or null when nothing changed. */
  function changesFrom(row: OrderRow, entry: UpstoxOrder): Partial<typeof schema.orders.$inferInsert> | null {
    const status = mapUpstoxOrderStatus(entry.status);
    const filled = Math.round(entry.filled_quantity);
    const average = entry.average_price && entry.average_price > 0 ? toPaise(entry.average_price) : null;
    const message =
      status === 'open' && entry.status.toLowerCase() !== 'open'
        ? `Upstox: ${entry.status}`
        : (entry.status_message ?? null);
    const next = {
      status,
      filledQuantity: filled,
      averagePricePaise: filled > 0 ? average : null,
      statusMessage: message,
      brokerOrderId: entry.order_id,
      filledAt:
        status === 'filled'
          ? (parseIstTimestamp(entry.exchange_timestamp) ?? row.filledAt ?? clock.now())
          : row.filledAt,
      triggeredAt: row.triggeredAt ?? (stopTriggered(row, entry) ? clock.now() : null),
    };
    const same =
      row.triggeredAt === next.triggeredAt &&
      row.status === next.status &&
      row.filledQuantity === next.filledQuantity &&
      row.averagePricePaise === next.averagePricePaise &&
      row.statusMessage === next.statusMessage &&
      row.brokerOrderId === next.brokerOrderId;
    return same ? null : next;
  }

  async function reconcile(rows: OrderRow[]): Promise<Map<string, OrderRow>> {
    const updated = new Map<string, OrderRow>();
    if (rows.length === 0) return updated;
    const book = await client.orders();
    const byId = new Map(book.map((o) => [o.order_id, o]));
    const byTag = new Map(book.filter((o) => o.tag).map((o) => [o.tag!, o]));
    const now = clock.now();
    const today = istDay(now);
    for (const row of rows) {
      const entry = (row.brokerOrderId ? byId.get(row.brokerOrderId) : undefined) ?? byTag.get(row.id);
      if (entry) {
        const changes = changesFrom(row, entry);
        if (changes) updated.set(row.id, await update(row.id, changes));
      } else if (row.tradingDay < today) {
        // Upstox's book holds one day; a DAY order not filled by its day's close has lapsed.
        updated.set(
          row.id,
          row.brokerOrderId
            ? await update(row.id, {
                status: 'cancelled',
                statusMessage: 'Lapsed at the end of its trading day (DAY validity).',
              })
            : await update(row.id, {
                status: 'rejected',
                statusMessage: 'Upstox has no record of this order: it was not placed.',
              }),
        );
      } else if (!row.brokerOrderId && now.getTime() - row.placedAt.getTime() > UNCONFIRMED_GRACE_MS) {
        updated.set(
          row.id,
          await update(row.id, {
            status: 'rejected',
            statusMessage: 'Upstox has no record of this order: it was not placed.',
          }),
        );
      }
    }
    return updated;
  }

  async function openRows(): Promise<OrderRow[]> {
    return db
      .select()
      .from(schema.orders)
      .where(and(eq(schema.orders.account, 'live'), eq(schema.orders.status, 'open')));
  }

  async function refresh(): Promise<void> {
    await reconcile(await openRows());
  }

  return {
    account: 'live',
    refresh,

    async placeOrder(request: OrderRequest, actor: string, intent?: OrderIntent): Promise<Order> {
      await gate.ensureLiveReady();
      const instrument = lookup.require(request.symbol);
      const now = clock.now();
      const id = newOrderId();
      const isAmo = !marketStatus(now, calendar).isOpen;
      // Upstox takes `price` for LIMIT and SL orders and `trigger_price` for SL and SL-M; 0 otherwise.
      const limit =
        request.order_type === 'LIMIT' || request.order_type === 'SL' ? (request.limit_price ?? null) : null;
      const trigger =
        request.order_type === 'SL' || request.order_type === 'SL-M' ? (request.trigger_price ?? null) : null;
      const body: PlaceOrderBody = {
        quantity: request.quantity,
        product: toUpstoxProduct(request.product),
        validity: 'DAY',
        price: limit ?? 0,
        tag: id,
        instrument_token: instrument.instrumentKey,
        order_type: request.order_type,
        transaction_type: request.side,
        disclosed_quantity: 0,
        trigger_price: trigger ?? 0,
        is_amo: isAmo,
        slice: false,
      };
      // Recorded before it is sent: whatever happens on the wire, the order can be found again.
      await db.insert(schema.orders).values({
        id,
        account: 'live',
        symbol: instrument.symbol,
        side: request.side,
        quantity: request.quantity,
        filledQuantity: 0,
        orderType: request.order_type,
        limitPricePaise: limit === null ? null : toPaise(limit),
        triggerPricePaise: trigger === null ? null : toPaise(trigger),
        product: request.product,
        status: 'open',
        statusMessage: 'Sending to Upstox',
        brokerOrderId: null,
        strategy: intent?.strategy.trim() || LIVE_ORDER_STRATEGY,
        placedBy: actor,
        placedAt: now,
        updatedAt: now,
        tradingDay: istDay(now),
      });

      let brokerOrderId: string;
      try {
        [brokerOrderId] = (await client.placeOrder(body)) as [string, ...string[]];
      } catch (error) {
        if (error instanceof TokenExpiredError) {
          await update(id, { status: 'rejected', statusMessage: `Not sent: ${error.message}` });
          throw new HttpError(409, `Live orders are stopped: ${error.message}`, { token_state: error.state });
        }
        if (error instanceof UpstoxApiError) {
          await update(id, {
            status: 'rejected',
            statusMessage: `Upstox rejected the order: ${error.message}`,
          });
          throw new HttpError(422, `Upstox rejected the order: ${error.message}.`);
        }
        if (error instanceof UpstoxUnavailableError) {
          await update(id, {
            statusMessage:
              'Upstox did not confirm the order; it is matched with the order book on the next refresh.',
          });
          throw new HttpError(
            502,
            `${error.message} The order ${id} may or may not have reached Upstox; the order list will show what happened.`,
          );
        }
        throw error;
      }

      let row = await update(id, {
        brokerOrderId,
        statusMessage: isAmo ? 'After-market order: it goes to the exchange at the next session.' : null,
      });
      try {
        row = (await reconcile([row])).get(id) ?? row;
      } catch (error) {
        log.warn(
          { err: (error as Error).message, order: id },
          'the order book could not be read after placing',
        );
      }
      return toOrder(row);
    },

    async preview(request: OrderRequest): Promise<OrderPreview> {
      const instrument = lookup.require(request.symbol);
      if (!deps.estimateCharges)
        throw new HttpError(503, 'Charge estimates are not available on this server.');
      const now = clock.now();
      let lastPrice: number;
      let available: number;
      let heldQuantity = 0;
      try {
        const quote = (await client.ltp([instrument.instrumentKey])).get(instrument.instrumentKey);
        if (!quote) throw new HttpError(502, `Upstox returned no price for ${instrument.symbol}.`);
        lastPrice = quote.last_price;
        available = (await client.funds()).available_to_trade.cash_available_to_trade.total;
        if (request.side === 'SELL' && request.product === 'CNC') {
          const [holdings, positions] = await Promise.all([client.holdings(), client.positions()]);
          heldQuantity =
            holdings
              .filter((h) => h.instrument_token === instrument.instrumentKey)
              .reduce((s, h) => s + h.quantity, 0) +
            positions
              .filter((p) => p.instrument_token === instrument.instrumentKey && p.product === 'D')
              .reduce((s, p) => s + p.quantity, 0);
        }
      } catch (error) {
        if (error instanceof HttpError) throw error;
        readFailure(error);
      }
      // A stop is estimated where it is expected to fill: SL at its limit, SL-M at its trigger.
      const price =
        (request.order_type === 'LIMIT' || request.order_type === 'SL') && request.limit_price !== undefined
          ? request.limit_price
          : request.order_type === 'SL-M' && request.trigger_price !== undefined
            ? request.trigger_price
            : lastPrice;
      const orderValue = round2(price * request.quantity);
      const charges = await deps.estimateCharges({
        side: request.side,
        product: request.product,
        quantity: request.quantity,
        price,
      });
      const net = round2(request.side === 'BUY' ? orderValue + charges.total : orderValue - charges.total);
      // Upstox refuses a stop whose trigger the price has already crossed: the preview says so first.
      const stop = stopTriggerRejection(
        {
          symbol: instrument.symbol,
          side: request.side,
          orderType: request.order_type,
          ...requestPricesPaise(request),
        },
        toPaise(lastPrice),
      );
      let rejection: OrderPreview['rejection'] = null;
      if (stop) {
        rejection = stop;
      } else if (request.side === 'BUY' && net > available) {
        rejection = {
          limit: 'insufficient_funds',
          message: `This order needs ${formatRupees(net)} but ${formatRupees(available)} is available to trade in the Upstox account.`,
        };
      } else if (request.side === 'SELL' && request.product === 'CNC' && heldQuantity < request.quantity) {
        rejection = {
          limit: 'insufficient_holdings',
          message: `The Upstox account holds ${heldQuantity} ${instrument.symbol} shares; this order sells ${request.quantity}.`,
        };
      }
      return {
        symbol: instrument.symbol,
        name: instrument.name,
        estimated_price: round2(price),
        order_value: orderValue,
        charges,
        own_charges: charges,
        net_amount: net,
        available_balance: round2(available),
        // Upstox's own contract note settles same-day trades; the estimate does not net them.
        true_up: null,
        rejection,
        market_open: marketStatus(now, calendar).isOpen,
      };
    },

    async cancelOrder(orderId: string, actor: string, reason?: string): Promise<Order> {
      const [found] = await db
        .select()
        .from(schema.orders)
        .where(and(eq(schema.orders.id, orderId), eq(schema.orders.account, 'live')));
      if (!found) throw new HttpError(404, `There is no live order ${orderId}.`);
      // Cancelling stays possible after the mode went back to paper: only the token must work.
      await gate.ensureTokenUsable();
      let row = (await reconcile([found]).catch(() => new Map<string, OrderRow>())).get(orderId) ?? found;
      if (row.status !== 'open') {
        throw new HttpError(409, `Order ${orderId} is ${row.status}; only open orders can be cancelled.`);
      }
      if (!row.brokerOrderId) {
        throw new HttpError(409, `Upstox has not confirmed order ${orderId} yet; try again in a moment.`);
      }
      try {
        await client.cancelOrder(row.brokerOrderId);
      } catch (error) {
        if (error instanceof UpstoxApiError) {
          throw new HttpError(409, `Upstox refused to cancel order ${orderId}: ${error.message}.`);
        }
        if (error instanceof TokenExpiredError) {
          throw new HttpError(409, `The order was not cancelled: ${error.message}`, {
            token_state: error.state,
          });
        }
        readFailure(error);
      }
      await db.insert(schema.auditLog).values({
        at: clock.now(),
        actor,
        action: 'live_order.cancel',
        detail: { order_id: orderId, broker_order_id: row.brokerOrderId, ...(reason ? { reason } : {}) },
      });
      try {
        row = (await reconcile([row])).get(orderId) ?? row;
      } catch (error) {
        log.warn(
          { err: (error as Error).message, order: orderId },
          'the order book could not be read after cancelling',
        );
      }
      if (row.status === 'open')
        row = await update(orderId, { statusMessage: 'Cancellation requested at Upstox.' });
      return toOrder(row);
    },

    async listOrders(filter): Promise<Order[]> {
      try {
        await refresh();
      } catch (error) {
        // The stored orders still answer; their statuses catch up on the next successful refresh.
        log.warn({ err: (error as Error).message }, 'live orders could not be refreshed from Upstox');
      }
      const rows = await db
        .select()
        .from(schema.orders)
        .where(
          filter.status === 'all'
            ? eq(schema.orders.account, 'live')
            : and(eq(schema.orders.account, 'live'), eq(schema.orders.status, filter.status)),
        )
        .orderBy(desc(schema.orders.placedAt))
        .limit(filter.limit);
      return Promise.all(rows.map(toOrder));
    },
  };
}
