/**
 * The paper engine: the `Broker` and `Account` of the paper account ('paper'), simulating NSE
 * equity orders against the tick hub's prices with Indian costs (costs.ts) and the paper limits
 * (limits.ts).
 *
 * - Market orders fill at the last price plus (buys) or minus (sells) the half-spread, rounded
 *   outward to the 0.05 tick. Placed while the market is shut, they rest ('open') and fill at the
 *   first tick of the next session.
 * - Limit orders rest until the price crosses: a buy fills once ltp <= limit, at
 *   min(limit, ltp with spread); a sell once ltp >= limit, at max(limit, ltp with spread).
 * - Orders are day orders: what is still open at a session's close (placed before it) expires.
 * - CNC (delivery) sells need shares held; MIS (intraday) sells beyond a long open a short lot.
 *   MIS orders are refused while the market is shut and after 15:20 IST; at 15:20 IST open MIS
 *   orders are cancelled and MIS positions closed at market, with an alert.
 * - Every fill, its charges and every cash movement are rows (fills, cash_ledger); positions are
 *   FIFO lots. Cash is the sum of the ledger. An accepted order (and each later fill) is committed
 *   in one transaction before it is acknowledged; a refused order writes nothing.
 * - Everything that writes runs one at a time through one queue, so concurrent requests cannot
 *   spend the same cash twice.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import {
  DEFAULT_TRADE_STRATEGY,
  istDay,
  istMinuteOfDay,
  PAPER_RESET_BALANCE,
  TRADING_MODE_LABELS,
  type ActivityItem,
  type Holding,
  type LimitsStatus,
  type Order,
  type OrderPreview,
  type PaperLimits,
  type PortfolioOverview,
  type Trade,
  type TradeProduct,
  type TradeSide,
} from '@nivesh/api-contract';
import { schema, type Db } from '../db/index.js';
import type { Clock } from '../clock.js';
import type { Account, Broker, OrderRequest } from '../broker/broker.js';
import type { HolidayCalendar } from '../market/calendar.js';
import type { MarketFeed, Tick, TickHub } from '../market/feed.js';
import { HttpError } from '../http/errors.js';
import { chargesToRupees, computeCharges, type ChargesPaise } from './costs.js';
import { checkOrder, splitOrder, type LimitBook, type OrderIntent, type Rejection } from './limits.js';
import { fillToActivity, lotToTrade, orderToContract, pendingOrderToTrade } from './mapping.js';
import { allocate, formatPaise, formatRupeesShort, scaleBy, toPaise, toRupees } from './money.js';
import {
  costSettingsOf,
  limitsOf,
  loadPaperSettings,
  PAPER_SETTINGS_KEY,
  PaperSettings,
  type PaperSettings as PaperSettingsType,
} from './settings.js';
import {
  accountValue,
  createStateCache,
  hubPrices,
  loadOpenOrders,
  markPrice,
  PAPER,
  positionKey,
  signedQuantity,
  type AccountState,
  type FillRow,
  type LotRow,
  type OrderRow,
  type Prices,
} from './state.js';
import { ensureSnapshots, monthlyReturnPercent, type SnapshotResult } from './snapshots.js';
import {
  isTradingDay,
  lastClosedTradingDay,
  sessionCloseAt,
  SQUARE_OFF_MINUTE,
} from '../market/tradingDays.js';

export interface EngineLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const silentLog: EngineLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

export interface PaperEngineDeps {
  db: Db;
  clock: Clock;
  hub: TickHub;
  feed: MarketFeed;
  calendar: HolidayCalendar;
  log?: EngineLog;
  /**
   * Run the scheduler (15:20 square-off, day-order expiry, end-of-day snapshots and backfill) on a
   * timer. Default true; tests pass false and call `runScheduled()` after moving their clock.
   */
  timers?: boolean;
  /** How often the scheduler looks at the clock, ms (default 30 s). */
  intervalMs?: number;
}

export interface ScheduledResult {
  /** Intraday positions closed by the square-off. */
  squaredOff: number;
  /** Orders cancelled: MIS at the square-off, day orders at the close. */
  cancelled: number;
  snapshots: SnapshotResult;
}

export interface PaperEngine extends Broker, Account {
  readonly account: 'paper';
  placeOrder(request: OrderRequest, actor: string, options?: { strategy?: string }): Promise<Order>;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Resolves once every queued job (including fills started by published ticks) is done. */
  idle(): Promise<void>;
  /** Square-off, day-order expiry and snapshots, as due at the clock's time. */
  runScheduled(): Promise<ScheduledResult>;
  settings(): Promise<PaperSettingsType>;
  /** Replaces the eight limit and cost fields of the specification; the other settings stay. */
  setLimits(limits: PaperLimits, actor: string): Promise<PaperSettingsType>;
  /** Changes any of the settings (the full cost schedule and the spread included). */
  updateSettings(patch: Partial<PaperSettingsType>, actor: string): Promise<PaperSettingsType>;
  /** Cancels open orders, closes every position at market and sets the cash to `balance` rupees. */
  reset(balance: number, actor: string): Promise<{ balance: number }>;
  /** Sets the cash to `balance` rupees with an adjustment row. */
  setBalance(balance: number, actor: string): Promise<{ balance: number }>;
  /** Percent return over the last 30 days (end-of-day snapshots; since the start if younger). */
  monthlyReturn(): Promise<number>;
}

export const INVALID_BALANCE_MESSAGE = 'Please enter a valid positive balance amount.';
const SQUARE_OFF_NOTE = 'Intraday square-off at 15:20 IST';

interface Touch {
  /** Price the order is checked (and previewed) at, paise. */
  estimatePaise: number;
  /** Price it fills at now, or null when it rests. */
  fillNowPaise: number | null;
}

function newOrderId(now: Date): string {
  return `PO-${istDay(now).slice(2).replaceAll('-', '')}-${randomBytes(5).toString('hex')}`;
}

const tradeIdOf = (orderId: string) => orderId.replace(/^PO-/, 'PT-');

/** What a fill needs to know of the account inside its transaction. */
interface FillBook {
  lots: LotRow[];
  dpPaid: Set<string>;
  /** Fills executed in the transaction so far. */
  fills: FillRow[];
}

const fillBook = (state: AccountState): FillBook => ({
  lots: [...state.openLots],
  dpPaid: new Set(state.dpPaidToday),
  fills: [],
});

export function createPaperEngine(deps: PaperEngineDeps): PaperEngine {
  const { db, clock, hub, feed, calendar } = deps;
  const log = deps.log ?? silentLog;
  const prices: Prices = hubPrices(hub);
  const cache = createStateCache();

  /** Runs a transaction that writes fills, then brings the cached account up to date. */
  async function withFills<T>(book: FillBook, run: (tx: Db) => Promise<T>): Promise<T> {
    try {
      const result = await db.transaction(run);
      cache.applyFills(book.fills, book.lots);
      return result;
    } catch (error) {
      cache.invalidate();
      throw error;
    }
  }

  /** Runs a transaction after which the cached account is read afresh. */
  async function rewriting<T>(run: (tx: Db) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(run);
    } finally {
      cache.invalidate();
    }
  }

  // ------------------------------------------------------------------ the one queue
  let chain: Promise<unknown> = Promise.resolve();
  function serialize<T>(job: () => Promise<T>): Promise<T> {
    const run = chain.then(job, job);
    chain = run.catch(() => undefined);
    return run;
  }

  let cachedSettings: PaperSettingsType | null = null;
  async function settings(): Promise<PaperSettingsType> {
    cachedSettings ??= await loadPaperSettings(db);
    return cachedSettings;
  }

  // ------------------------------------------------------------------ prices
  function touch(ltpPaise: number, side: TradeSide, s: PaperSettingsType): number {
    const rate = s.half_spread_percent / 100;
    return side === 'BUY'
      ? scaleBy(ltpPaise, rate, 1, 'up', 5)
      : Math.max(5, scaleBy(ltpPaise, rate, -1, 'down', 5));
  }

  /** The fill price of a resting or new order at this last price, or null when it does not cross. */
  function crossingPrice(
    order: { side: TradeSide; orderType: string; limitPricePaise: number | null },
    ltpPaise: number,
    s: PaperSettingsType,
  ): number | null {
    const atTouch = touch(ltpPaise, order.side, s);
    if (order.orderType === 'MARKET' || order.limitPricePaise === null) return atTouch;
    const limit = order.limitPricePaise;
    if (order.side === 'BUY') return ltpPaise <= limit ? Math.min(limit, atTouch) : null;
    return ltpPaise >= limit ? Math.max(limit, atTouch) : null;
  }

  function priceOrder(request: OrderRequest, tick: Tick, s: PaperSettingsType, sessionOpen: boolean): Touch {
    const ltp = toPaise(tick.ltp);
    const limit = request.limit_price === undefined ? null : toPaise(request.limit_price);
    const shape = { side: request.side, orderType: request.order_type, limitPricePaise: limit };
    const estimate = request.order_type === 'LIMIT' && limit !== null ? limit : touch(ltp, request.side, s);
    return { estimatePaise: estimate, fillNowPaise: sessionOpen ? crossingPrice(shape, ltp, s) : null };
  }

  // ------------------------------------------------------------------ checks
  function requireInstrument(symbol: string) {
    const instrument = feed.instrument(symbol);
    if (!instrument) {
      throw new HttpError(
        400,
        `Unknown symbol ${symbol}: it is not an NSE equity in this server's instrument list. Check the trading symbol (for example RELIANCE, INFY, M&M).`,
      );
    }
    return instrument;
  }

  function requireTick(symbol: string): Tick {
    const tick = hub.last(symbol);
    if (!tick) {
      throw new HttpError(
        503,
        `No price for ${symbol} yet: the market feed has not sent one. Try again in a moment.`,
      );
    }
    return tick;
  }

  /** Why an intraday order cannot be accepted now, or null. */
  function intradayGate(product: TradeProduct, now: Date): Rejection | null {
    if (product !== 'MIS') return null;
    if (!feed.isSessionOpen(now)) {
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

  function chargesFor(
    side: TradeSide,
    product: TradeProduct,
    quantity: number,
    pricePaise: number,
    s: PaperSettingsType,
    chargeDp = true,
  ): ChargesPaise {
    return computeCharges({ side, product, quantity, pricePaise, settings: costSettingsOf(s), chargeDp });
  }

  /** The limit book an order meets: the account with every other open order counted. */
  function buildBook(
    state: AccountState,
    s: PaperSettingsType,
    symbol: string,
    product: string,
    excludeOrderId?: string,
  ): LimitBook {
    const projected = new Map<string, number>();
    for (const [key, position] of state.positions) projected.set(key, position.quantity);
    let reserved = 0;
    let pendingOpening = 0;
    for (const order of state.openOrders) {
      if (order.id === excludeOrderId) continue;
      const side = order.side as TradeSide;
      const ltp = prices.ltp(order.symbol);
      const price = order.limitPricePaise ?? (ltp === undefined ? 0 : touch(ltp, side, s));
      if (price <= 0) continue;
      const key = positionKey(order.symbol, order.product);
      const before = projected.get(key) ?? 0;
      const split = splitOrder(side, order.quantity, before);
      const charges = chargesFor(side, order.product as TradeProduct, order.quantity, price, s).total;
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
    return {
      cashPaise: state.cashPaise,
      blockedPaise: reserved + 2 * shorts,
      accountValuePaise: state.cashPaise + holdings,
      grossExposurePaise: gross + pendingOpening,
      positionQuantity: projected.get(positionKey(symbol, product)) ?? 0,
      positionCount: [...projected.values()].filter((q) => q !== 0).length,
      dayLossPaise: Math.max(0, -state.dayPnlPaise),
    };
  }

  function available(book: LimitBook): number {
    return book.cashPaise - book.blockedPaise;
  }

  // ------------------------------------------------------------------ writing
  async function ensureOpening(): Promise<void> {
    await rewriting(async (tx) => {
      const [row] = await tx
        .select({ id: schema.cashLedger.id })
        .from(schema.cashLedger)
        .where(eq(schema.cashLedger.account, PAPER))
        .limit(1);
      if (row) return;
      const now = clock.now();
      await tx.insert(schema.cashLedger).values({
        account: PAPER,
        at: now,
        kind: 'opening',
        amountPaise: PAPER_RESET_BALANCE * 100,
        note: `Opening balance of the paper account, ${formatRupeesShort(PAPER_RESET_BALANCE)}`,
        tradingDay: istDay(now),
      });
    });
  }

  async function insertOrder(
    q: Db,
    values: {
      request: Pick<OrderRequest, 'symbol' | 'side' | 'quantity' | 'order_type' | 'product'> & {
        limitPricePaise: number | null;
      };
      actor: string;
      strategy: string;
      now: Date;
      statusMessage?: string | null;
      /** Filled at once at this price (the fill rows follow in the same transaction). */
      filledAtPaise?: number | null;
    },
  ): Promise<OrderRow> {
    const { request, now } = values;
    const filled = values.filledAtPaise !== undefined && values.filledAtPaise !== null;
    const [row] = await q
      .insert(schema.orders)
      .values({
        id: newOrderId(now),
        account: PAPER,
        symbol: request.symbol,
        side: request.side,
        quantity: request.quantity,
        orderType: request.order_type,
        limitPricePaise: request.limitPricePaise,
        product: request.product,
        status: filled ? 'filled' : 'open',
        filledQuantity: filled ? request.quantity : 0,
        averagePricePaise: filled ? values.filledAtPaise : null,
        filledAt: filled ? now : null,
        statusMessage: values.statusMessage ?? null,
        strategy: values.strategy,
        placedBy: values.actor,
        placedAt: now,
        updatedAt: now,
        tradingDay: istDay(now),
      })
      .returning();
    return row!;
  }

  /**
   * Executes an order in full at a price inside the caller's transaction: the fill with its
   * charges, FIFO lot changes (closing the oldest opposite lots first, then a new lot for the rest)
   * and the ledger rows. The order row itself is written (or marked filled) by the caller.
   * `book` is the account's open lots and today's DP payers as this transaction sees them; it is
   * kept up to date, so one transaction can execute several fills.
   */
  async function executeFill(
    tx: Db,
    order: OrderRow,
    pricePaise: number,
    now: Date,
    s: PaperSettingsType,
    book: FillBook,
  ): Promise<FillRow> {
    const side = order.side as TradeSide;
    const product = order.product as TradeProduct;
    const day = istDay(now);
    const opposite = book.lots
      .filter(
        (l) =>
          l.symbol === order.symbol && l.product === order.product && l.side !== side && l.openQuantity > 0,
      )
      .sort((a, b) => a.id - b.id);
    let remaining = order.quantity;
    const consumed: Array<{ lot: LotRow; quantity: number }> = [];
    for (const lot of opposite) {
      if (remaining === 0) break;
      const quantity = Math.min(remaining, lot.openQuantity);
      consumed.push({ lot, quantity });
      remaining -= quantity;
    }
    const opening = remaining;
    if (product === 'CNC' && side === 'SELL' && opening > 0) {
      throw new HttpError(
        422,
        `Insufficient holdings: ${order.symbol} has fewer delivery shares than this sell`,
        {
          limit: 'insufficient_holdings',
        },
      );
    }
    const chargeDp = product === 'CNC' && side === 'SELL' && !book.dpPaid.has(order.symbol);
    const charges = chargesFor(side, product, order.quantity, pricePaise, s, chargeDp);
    const realized = consumed.reduce(
      (sum, c) => sum + signedQuantity(c.lot.side, c.quantity) * (pricePaise - c.lot.entryPricePaise),
      0,
    );

    const [fill] = await tx
      .insert(schema.fills)
      .values({
        orderId: order.id,
        account: PAPER,
        symbol: order.symbol,
        side,
        product,
        quantity: order.quantity,
        pricePaise,
        brokeragePaise: charges.brokerage,
        sttPaise: charges.stt,
        exchangePaise: charges.exchange,
        sebiPaise: charges.sebi,
        stampPaise: charges.stamp,
        gstPaise: charges.gst,
        dpPaise: charges.dp,
        chargesPaise: charges.total,
        realizedPnlPaise: realized,
        executedAt: now,
        tradingDay: day,
      })
      .returning();

    if (charges.dp > 0) book.dpPaid.add(order.symbol);
    const shares = allocate(charges.total, [...consumed.map((c) => c.quantity), opening]);
    for (const [i, { lot, quantity }] of consumed.entries()) {
      const openQuantity = lot.openQuantity - quantity;
      const [updated] = await tx
        .update(schema.lots)
        .set({
          openQuantity,
          exitQuantity: lot.exitQuantity + quantity,
          exitValuePaise: lot.exitValuePaise + quantity * pricePaise,
          exitChargesPaise: lot.exitChargesPaise + shares[i]!,
          realizedPnlPaise:
            lot.realizedPnlPaise + signedQuantity(lot.side, quantity) * (pricePaise - lot.entryPricePaise),
          closedAt: openQuantity === 0 ? now : null,
        })
        .where(eq(schema.lots.id, lot.id))
        .returning();
      book.lots[book.lots.indexOf(lot)] = updated!;
    }
    if (opening > 0) {
      const [created] = await tx
        .insert(schema.lots)
        .values({
          tradeId: tradeIdOf(order.id),
          account: PAPER,
          symbol: order.symbol,
          product,
          side,
          quantity: opening,
          openQuantity: opening,
          entryPricePaise: pricePaise,
          entryFillId: fill!.id,
          entryChargesPaise: shares[shares.length - 1]!,
          strategy: order.strategy,
          openedAt: now,
          openedDay: day,
        })
        .returning();
      book.lots.push(created!);
    }

    const value = order.quantity * pricePaise;
    const verb = side === 'BUY' ? 'Bought' : 'Sold';
    await tx.insert(schema.cashLedger).values([
      {
        account: PAPER,
        at: now,
        kind: 'trade',
        amountPaise: side === 'BUY' ? -value : value,
        fillId: fill!.id,
        orderId: order.id,
        note: `${verb} ${order.quantity} ${order.symbol} at ${formatPaise(pricePaise)} (${product})`,
        tradingDay: day,
      },
      ...(charges.total !== 0
        ? [
            {
              account: PAPER,
              at: now,
              kind: 'charges',
              amountPaise: -charges.total,
              fillId: fill!.id,
              orderId: order.id,
              note: `Charges of order ${order.id}`,
              tradingDay: day,
            },
          ]
        : []),
    ]);

    book.fills.push(fill!);
    return fill!;
  }

  /** Marks a resting order filled (inside the transaction of its fill). */
  async function markFilled(tx: Db, order: OrderRow, pricePaise: number, now: Date): Promise<OrderRow> {
    const [updated] = await tx
      .update(schema.orders)
      .set({
        status: 'filled',
        filledQuantity: order.quantity,
        averagePricePaise: pricePaise,
        filledAt: now,
        updatedAt: now,
      })
      .where(and(eq(schema.orders.id, order.id), eq(schema.orders.status, 'open')))
      .returning();
    if (!updated) throw new Error(`order ${order.id} was no longer open when it filled`);
    return updated;
  }

  async function cancelRows(
    tx: Db,
    ids: readonly string[],
    message: string,
    now: Date,
    status: 'cancelled' | 'rejected' = 'cancelled',
  ): Promise<OrderRow[]> {
    const rows: OrderRow[] = [];
    for (const id of ids) {
      const [row] = await tx
        .update(schema.orders)
        .set({ status, statusMessage: message, updatedAt: now })
        .where(and(eq(schema.orders.id, id), eq(schema.orders.status, 'open')))
        .returning();
      if (row) rows.push(row);
    }
    return rows;
  }

  /** Closes positions at market (the touch, or the average entry when no price is known) in `tx`. */
  async function closePositions(
    tx: Db,
    state: AccountState,
    s: PaperSettingsType,
    filter: (lot: LotRow) => boolean,
    actor: string,
    note: string,
    now: Date,
  ): Promise<Array<{ order: OrderRow; fill: FillRow }>> {
    const book = fillBook(state);
    const byKey = new Map<
      string,
      { symbol: string; product: TradeProduct; quantity: number; cost: number }
    >();
    for (const lot of state.openLots) {
      if (!filter(lot)) continue;
      const key = positionKey(lot.symbol, lot.product);
      const entry = byKey.get(key) ?? {
        symbol: lot.symbol,
        product: lot.product as TradeProduct,
        quantity: 0,
        cost: 0,
      };
      entry.quantity += signedQuantity(lot.side, lot.openQuantity);
      entry.cost += lot.openQuantity * lot.entryPricePaise;
      byKey.set(key, entry);
    }
    const results: Array<{ order: OrderRow; fill: FillRow }> = [];
    for (const position of byKey.values()) {
      if (position.quantity === 0) continue;
      const side: TradeSide = position.quantity > 0 ? 'SELL' : 'BUY';
      const quantity = Math.abs(position.quantity);
      const ltp = prices.ltp(position.symbol);
      const price = ltp === undefined ? Math.round(position.cost / quantity) : touch(ltp, side, s);
      if (ltp === undefined)
        log.warn({ symbol: position.symbol }, 'no price to close at: closing at the average entry');
      const order = await insertOrder(tx, {
        request: {
          symbol: position.symbol,
          side,
          quantity,
          order_type: 'MARKET',
          product: position.product,
          limitPricePaise: null,
        },
        actor,
        strategy: DEFAULT_TRADE_STRATEGY,
        now,
        statusMessage: note,
        filledAtPaise: price,
      });
      results.push({ order, fill: await executeFill(tx, order, price, now, s, book) });
    }
    return results;
  }

  // ------------------------------------------------------------------ open orders and ticks
  let openIndex: OrderRow[] = [];
  let passScheduled = false;

  async function refreshOpenOrders(): Promise<void> {
    openIndex = await loadOpenOrders(db);
  }

  function schedulePass(): void {
    if (passScheduled) return;
    passScheduled = true;
    serialize(async () => {
      passScheduled = false;
      await processOpenOrders();
    }).catch((error: unknown) => log.error({ err: error }, 'paper: filling open orders failed'));
  }

  async function processOpenOrders(): Promise<void> {
    const now = clock.now();
    if (openIndex.length === 0 || !feed.isSessionOpen(now)) return;
    const s = await settings();
    let changed = false;
    // Orders still open in this pass: one filled (or rejected) a moment ago no longer blocks cash.
    let stillOpen = [...openIndex];
    for (const candidate of [...openIndex]) {
      if (candidate.product === 'MIS' && intradayGate('MIS', now)) continue;
      const ltp = prices.ltp(candidate.symbol);
      if (ltp === undefined) continue;
      const price = crossingPrice(
        {
          side: candidate.side as TradeSide,
          orderType: candidate.orderType,
          limitPricePaise: candidate.limitPricePaise,
        },
        ltp,
        s,
      );
      if (price === null) continue;
      changed = true;
      const state = await cache.load(db, prices, now, stillOpen);
      const order = state.openOrders.find((o) => o.id === candidate.id);
      if (!order) continue;
      stillOpen = stillOpen.filter((o) => o.id !== order.id);
      const side = order.side as TradeSide;
      const product = order.product as TradeProduct;
      const intent: OrderIntent = {
        symbol: order.symbol,
        side,
        product,
        quantity: order.quantity,
        pricePaise: price,
        chargesPaise: chargesFor(side, product, order.quantity, price, s).total,
      };
      const limitBook = buildBook(state, s, order.symbol, order.product, order.id);
      const rejection = checkOrder(intent, limitBook, limitsOf(s), 'funds');
      if (rejection) {
        await db.transaction((tx) =>
          cancelRows(
            tx,
            [order.id],
            `Not filled at ${formatPaise(price)}: ${rejection.message}`,
            now,
            'rejected',
          ),
        );
        log.info({ orderId: order.id, limit: rejection.limit }, 'paper: resting order rejected at fill time');
        continue;
      }
      const book = fillBook(state);
      await withFills(book, async (tx) => {
        await markFilled(tx, order, price, now);
        await executeFill(tx, order, price, now, s, book);
      });
    }
    if (changed) await refreshOpenOrders();
  }

  const onTicks = (ticks: readonly Tick[]) => {
    if (openIndex.length === 0) return;
    const symbols = new Set(ticks.map((t) => t.symbol));
    if (openIndex.some((o) => symbols.has(o.symbol))) schedulePass();
  };

  // ------------------------------------------------------------------ scheduled work
  async function squareOffIfDue(now: Date): Promise<{ squaredOff: number; cancelled: number }> {
    const today = istDay(now);
    const cutoffPassed = isTradingDay(today, calendar) && istMinuteOfDay(now) >= SQUARE_OFF_MINUTE;
    const state = await cache.load(db, prices, now, openIndex);
    const dueLot = (lot: LotRow) => lot.product === 'MIS' && (cutoffPassed || lot.openedDay < today);
    const dueOrders = state.openOrders.filter(
      (o) => o.product === 'MIS' && (cutoffPassed || o.tradingDay < today),
    );
    if (!state.openLots.some(dueLot) && dueOrders.length === 0) return { squaredOff: 0, cancelled: 0 };
    const s = await settings();
    const { closed, cancelled } = await rewriting(async (tx) => {
      const cancelledRows = await cancelRows(
        tx,
        dueOrders.map((o) => o.id),
        `Cancelled at the 15:20 IST intraday square-off`,
        now,
      );
      const closedFills = await closePositions(
        tx,
        state,
        s,
        dueLot,
        'system:square-off',
        SQUARE_OFF_NOTE,
        now,
      );
      const parts = closedFills.map(
        ({ fill }) =>
          `${fill.side === 'BUY' ? 'bought' : 'sold'} ${fill.quantity} ${fill.symbol} at ${formatPaise(fill.pricePaise)}`,
      );
      const sentences = [
        closedFills.length
          ? `closed ${closedFills.length} intraday position${closedFills.length === 1 ? '' : 's'} (${parts.join('; ')})`
          : null,
        cancelledRows.length
          ? `cancelled ${cancelledRows.length} open intraday order${cancelledRows.length === 1 ? '' : 's'}`
          : null,
      ].filter((x): x is string => x !== null);
      await tx.insert(schema.alerts).values({
        at: now,
        source: 'paper',
        severity: 'medium',
        message: `Paper account intraday (MIS) square-off at 15:20 IST: ${sentences.join(' and ')}.`,
        actionRequired: false,
        suggestedAction: null,
      });
      return { closed: closedFills.length, cancelled: cancelledRows.length };
    });
    log.info({ closed, cancelled }, 'paper: intraday square-off');
    await refreshOpenOrders();
    return { squaredOff: closed, cancelled };
  }

  /** Day orders still open after the close of the session they were placed for expire. */
  async function expireDayOrders(now: Date): Promise<number> {
    const day = lastClosedTradingDay(now, calendar);
    if (!day) return 0;
    const close = new Date(sessionCloseAt(day));
    const stale = await db
      .select({ id: schema.orders.id })
      .from(schema.orders)
      .where(
        and(
          eq(schema.orders.account, PAPER),
          eq(schema.orders.status, 'open'),
          lt(schema.orders.placedAt, close),
        ),
      );
    if (stale.length === 0) return 0;
    const rows = await db.transaction((tx) =>
      cancelRows(
        tx,
        stale.map((r) => r.id),
        'Expired unfilled at the close (day order)',
        now,
      ),
    );
    await refreshOpenOrders();
    return rows.length;
  }

  // ------------------------------------------------------------------ reading
  async function overview(): Promise<PortfolioOverview> {
    const now = clock.now();
    const s = await settings();
    const state = await cache.load(db, prices, now, openIndex);
    const { valuePaise, holdingsPaise } = accountValue(state, prices);
    const book = buildBook(state, s, '', '');
    let unrealized = 0;
    let gross = 0;
    for (const position of state.positions.values()) {
      const mark = markPrice(position, prices);
      for (const lot of position.lots)
        unrealized += signedQuantity(lot.side, lot.openQuantity) * (mark - lot.entryPricePaise);
      gross += Math.abs(position.quantity * mark);
    }
    const capital = state.epoch?.capitalPaise ?? 0;
    const totalReturns = valuePaise - capital;
    const cashAvailable = available(book);
    const dayLoss = Math.max(0, -state.dayPnlPaise);
    const exposurePercent = valuePaise > 0 ? (gross / valuePaise) * 100 : 0;
    const limits: LimitsStatus = {
      balance_status: {
        current: toRupees(cashAvailable),
        threshold: s.min_balance_threshold,
        safe: cashAvailable >= s.min_balance_threshold * 100,
      },
      daily_loss_status: {
        current_loss: toRupees(dayLoss),
        limit: s.max_daily_loss,
        safe: dayLoss < s.max_daily_loss * 100,
      },
      positions_status: {
        current: state.positions.size,
        limit: s.max_positions_count,
        safe: state.positions.size <= s.max_positions_count,
      },
      exposure_status: {
        current_percentage: round2(exposurePercent),
        limit_percentage: round2(s.max_portfolio_exposure * 100),
        safe: exposurePercent <= s.max_portfolio_exposure * 100 + 1e-9,
      },
    };
    return {
      portfolio_value: toRupees(valuePaise),
      total_value: toRupees(valuePaise),
      invested_value: toRupees(holdingsPaise),
      available_balance: toRupees(cashAvailable),
      day_change: toRupees(state.dayPnlPaise),
      day_change_percent: state.dayBasePaise > 0 ? round2((state.dayPnlPaise / state.dayBasePaise) * 100) : 0,
      active_positions: state.positions.size,
      total_returns: toRupees(totalReturns),
      total_returns_percent: capital > 0 ? round2((totalReturns / capital) * 100) : 0,
      unrealized_pnl: toRupees(unrealized),
      realized_pnl: toRupees(state.realizedGrossPaise - state.chargesPaise),
      trades_today: state.tradesToday,
      total_trades: state.totalTrades,
      trading_mode: 'paper',
      trading_mode_label: TRADING_MODE_LABELS.paper,
      data_source: feed.source,
      limits_status: limits,
      as_of: now.toISOString(),
    };
  }

  async function holdings(): Promise<Holding[]> {
    const state = await cache.load(db, prices, clock.now(), openIndex);
    return [...state.positions.values()]
      .filter((p) => p.quantity !== 0)
      .sort((a, b) => a.symbol.localeCompare(b.symbol) || a.product.localeCompare(b.product))
      .map((position) => {
        const quantity = Math.abs(position.quantity);
        const mark = markPrice(position, prices);
        const tick = hub.last(position.symbol);
        let returns = 0;
        for (const lot of position.lots)
          returns += signedQuantity(lot.side, lot.openQuantity) * (mark - lot.entryPricePaise);
        return {
          symbol: position.symbol,
          name: feed.instrument(position.symbol)?.name ?? position.symbol,
          quantity: position.quantity,
          avg_price: toRupees(Math.round(position.costPaise / quantity)),
          current_price: toRupees(mark),
          market_value: toRupees(position.quantity * mark),
          total_returns: toRupees(returns),
          total_returns_percent: position.costPaise > 0 ? round2((returns / position.costPaise) * 100) : 0,
          day_change_percent:
            tick && tick.previousClose > 0
              ? round2(((tick.ltp - tick.previousClose) / tick.previousClose) * 100)
              : 0,
          product: position.product,
        };
      });
  }

  async function fillsByOrder(orderIds: readonly string[]): Promise<Map<string, FillRow>> {
    if (orderIds.length === 0) return new Map();
    const rows = await db
      .select()
      .from(schema.fills)
      .where(and(eq(schema.fills.account, PAPER), inArray(schema.fills.orderId, [...orderIds])));
    return new Map(rows.map((f) => [f.orderId, f]));
  }

  async function writeAudit(
    q: Db,
    actor: string,
    action: string,
    detail: Record<string, unknown>,
    now: Date,
  ) {
    await q.insert(schema.auditLog).values({ at: now, actor, action, detail });
  }

  async function storeSettings(
    next: PaperSettingsType,
    actor: string,
    action: string,
  ): Promise<PaperSettingsType> {
    const parsed = PaperSettings.parse(next);
    const now = clock.now();
    const previous = await settings();
    await db.transaction(async (tx) => {
      await tx
        .insert(schema.settings)
        .values({ key: PAPER_SETTINGS_KEY, value: parsed, updatedAt: now, updatedBy: actor })
        .onConflictDoUpdate({
          target: schema.settings.key,
          set: { value: parsed, updatedAt: now, updatedBy: actor },
        });
      await writeAudit(tx, actor, action, { from: previous, to: parsed }, now);
    });
    cachedSettings = parsed;
    return parsed;
  }

  function validBalance(balance: number, allowZero: boolean): number {
    if (!Number.isFinite(balance) || balance < 0 || (!allowZero && balance === 0)) {
      throw new HttpError(400, INVALID_BALANCE_MESSAGE);
    }
    return toPaise(balance);
  }

  let timer: NodeJS.Timeout | null = null;
  let unsubscribe: (() => void) | null = null;
  let snapshotsRunning: Promise<SnapshotResult> | null = null;
  let scheduledRun: Promise<void> | null = null;

  const engine: PaperEngine = {
    account: 'paper',

    async start() {
      await serialize(ensureOpening);
      await refreshOpenOrders();
      unsubscribe = hub.subscribe(onTicks);
      // Orders resting from before a restart fill on the first tick of the session.
      if (openIndex.length > 0) schedulePass();
      if (deps.timers ?? true) {
        // Kept so stop() can wait for a run in progress: it must not touch the database after.
        const run = () => {
          scheduledRun = engine.runScheduled().then(
            () => undefined,
            (error: unknown) => log.error({ err: error }, 'paper: scheduled work failed'),
          );
        };
        timer = setInterval(run, deps.intervalMs ?? 30_000);
        timer.unref();
        run();
      }
    },

    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      unsubscribe?.();
      unsubscribe = null;
      await scheduledRun;
      await engine.idle();
      await snapshotsRunning?.catch(() => undefined);
    },

    async idle() {
      let current: Promise<unknown>;
      do {
        current = chain;
        await current;
      } while (current !== chain);
    },

    async runScheduled() {
      const now = clock.now();
      const squareOff = await serialize(() => squareOffIfDue(now));
      const expired = await serialize(() => expireDayOrders(now));
      snapshotsRunning ??= ensureSnapshots({
        db,
        feed,
        calendar,
        now,
        log,
        current: () =>
          serialize(async () => {
            const state = await cache.load(db, prices, clock.now(), openIndex);
            const { valuePaise, holdingsPaise } = accountValue(state, prices);
            return {
              cashPaise: state.cashPaise,
              holdingsPaise,
              valuePaise,
              benchmark: hub.last('NIFTY_50')?.ltp ?? null,
            };
          }),
      }).finally(() => {
        snapshotsRunning = null;
      });
      const snapshots = await snapshotsRunning;
      return { squaredOff: squareOff.squaredOff, cancelled: squareOff.cancelled + expired, snapshots };
    },

    settings,

    async setLimits(limits, actor) {
      return serialize(async () =>
        storeSettings({ ...(await settings()), ...limits }, actor, 'paper.limits.set'),
      );
    },

    async updateSettings(patch, actor) {
      return serialize(async () =>
        storeSettings({ ...(await settings()), ...patch }, actor, 'paper.settings.set'),
      );
    },

    async placeOrder(request, actor, options = {}) {
      return serialize(async () => {
        const now = clock.now();
        requireInstrument(request.symbol);
        const gate = intradayGate(request.product, now);
        if (gate) throw new HttpError(422, gate.message, { limit: gate.limit });
        const tick = requireTick(request.symbol);
        const s = await settings();
        const sessionOpen = feed.isSessionOpen(now);
        const priced = priceOrder(request, tick, s, sessionOpen);
        const state = await cache.load(db, prices, now, openIndex);
        const chargeDp =
          request.product === 'CNC' && request.side === 'SELL' && !state.dpPaidToday.has(request.symbol);
        const charges = chargesFor(
          request.side,
          request.product,
          request.quantity,
          priced.estimatePaise,
          s,
          chargeDp,
        );
        const intent: OrderIntent = {
          symbol: request.symbol,
          side: request.side,
          product: request.product,
          quantity: request.quantity,
          pricePaise: priced.estimatePaise,
          chargesPaise: charges.total,
        };
        const rejection = checkOrder(
          intent,
          buildBook(state, s, request.symbol, request.product),
          limitsOf(s),
        );
        if (rejection) throw new HttpError(422, rejection.message, { limit: rejection.limit });

        const book = fillBook(state);
        const result = await withFills(book, async (tx) => {
          const order = await insertOrder(tx, {
            request: {
              ...request,
              limitPricePaise: request.limit_price === undefined ? null : toPaise(request.limit_price),
            },
            actor,
            strategy: options.strategy ?? DEFAULT_TRADE_STRATEGY,
            now,
            filledAtPaise: priced.fillNowPaise,
          });
          if (priced.fillNowPaise === null) return { order, fill: null };
          return { order, fill: await executeFill(tx, order, priced.fillNowPaise, now, s, book) };
        });
        // A resting order joins the open orders the ticks are checked against.
        if (result.fill === null) await refreshOpenOrders();
        return orderToContract(result.order, result.fill);
      });
    },

    async preview(request) {
      const now = clock.now();
      const instrument = requireInstrument(request.symbol);
      const tick = requireTick(request.symbol);
      const s = await settings();
      const sessionOpen = feed.isSessionOpen(now);
      const priced = priceOrder(request, tick, s, sessionOpen);
      const state = await cache.load(db, prices, now, openIndex);
      const chargeDp =
        request.product === 'CNC' && request.side === 'SELL' && !state.dpPaidToday.has(request.symbol);
      const charges = chargesFor(
        request.side,
        request.product,
        request.quantity,
        priced.estimatePaise,
        s,
        chargeDp,
      );
      const book = buildBook(state, s, request.symbol, request.product);
      const value = request.quantity * priced.estimatePaise;
      const rejection =
        intradayGate(request.product, now) ??
        checkOrder(
          {
            symbol: request.symbol,
            side: request.side,
            product: request.product,
            quantity: request.quantity,
            pricePaise: priced.estimatePaise,
            chargesPaise: charges.total,
          },
          book,
          limitsOf(s),
        );
      const preview: OrderPreview = {
        symbol: request.symbol,
        name: instrument.name,
        estimated_price: toRupees(priced.estimatePaise),
        order_value: toRupees(value),
        charges: chargesToRupees(charges),
        net_amount: toRupees(request.side === 'BUY' ? value + charges.total : value - charges.total),
        available_balance: toRupees(available(book)),
        rejection,
        market_open: sessionOpen,
      };
      return preview;
    },

    async cancelOrder(orderId, actor) {
      return serialize(async () => {
        const now = clock.now();
        const [row] = await db
          .select()
          .from(schema.orders)
          .where(and(eq(schema.orders.id, orderId), eq(schema.orders.account, PAPER)));
        if (!row) throw new HttpError(404, `Order ${orderId} not found.`);
        if (row.status !== 'open') {
          throw new HttpError(409, `Order ${orderId} is ${row.status} and can no longer be cancelled.`);
        }
        const [cancelled] = await db.transaction(async (tx) => {
          const rows = await cancelRows(tx, [orderId], 'Cancelled by the operator', now);
          await writeAudit(tx, actor, 'paper.order.cancel', { order_id: orderId }, now);
          return rows;
        });
        await refreshOpenOrders();
        return orderToContract(cancelled!, null);
      });
    },

    async listOrders(filter) {
      const rows = await db
        .select()
        .from(schema.orders)
        .where(
          filter.status === 'all'
            ? eq(schema.orders.account, PAPER)
            : and(eq(schema.orders.account, PAPER), eq(schema.orders.status, filter.status)),
        )
        .orderBy(desc(schema.orders.placedAt), desc(schema.orders.id))
        .limit(filter.limit);
      const fills = await fillsByOrder(rows.filter((r) => r.status === 'filled').map((r) => r.id));
      return rows.map((row) => orderToContract(row, fills.get(row.id)));
    },

    overview,
    holdings,

    async activity(limit) {
      const now = clock.now();
      const rows = await db
        .select()
        .from(schema.fills)
        .where(eq(schema.fills.account, PAPER))
        .orderBy(desc(schema.fills.executedAt), desc(schema.fills.id))
        .limit(limit);
      return rows.map((fill): ActivityItem => fillToActivity(fill, now));
    },

    async trades() {
      const s = await settings();
      const [lots, open] = await Promise.all([
        db.select().from(schema.lots).where(eq(schema.lots.account, PAPER)),
        loadOpenOrders(db),
      ]);
      const trades: Trade[] = lots.map((lot) => lotToTrade(lot, prices.ltp(lot.symbol) ?? null));
      for (const order of open) {
        const ltp = prices.ltp(order.symbol);
        const price =
          order.limitPricePaise ?? (ltp === undefined ? null : touch(ltp, order.side as TradeSide, s));
        if (price !== null) trades.push(pendingOrderToTrade(order, price));
      }
      return trades.sort(
        (a, b) => b.entry_time.localeCompare(a.entry_time) || b.trade_id.localeCompare(a.trade_id),
      );
    },

    async reset(balance, actor) {
      const target = validBalance(balance, false);
      return serialize(async () => {
        const now = clock.now();
        const s = await settings();
        const state = await cache.load(db, prices, now, openIndex);
        await rewriting(async (tx) => {
          await cancelRows(
            tx,
            state.openOrders.map((o) => o.id),
            'Cancelled by the account reset',
            now,
          );
          await closePositions(tx, state, s, () => true, actor, 'Closed by the account reset', now);
          const [row] = await tx
            .select({ cash: sql<string>`coalesce(sum(${schema.cashLedger.amountPaise}), 0)` })
            .from(schema.cashLedger)
            .where(eq(schema.cashLedger.account, PAPER));
          const cash = Number(row?.cash ?? 0);
          await tx.insert(schema.cashLedger).values({
            account: PAPER,
            at: now,
            kind: 'reset',
            amountPaise: target - cash,
            note: `Account reset: balance set to ${formatPaise(target)}`,
            tradingDay: istDay(now),
          });
          await writeAudit(tx, actor, 'paper.reset', { from_cash_paise: cash, balance_paise: target }, now);
        });
        await refreshOpenOrders();
        return { balance: toRupees(target) };
      });
    },

    async setBalance(balance, actor) {
      const target = validBalance(balance, true);
      return serialize(async () => {
        const now = clock.now();
        await rewriting(async (tx) => {
          const [row] = await tx
            .select({ cash: sql<string>`coalesce(sum(${schema.cashLedger.amountPaise}), 0)` })
            .from(schema.cashLedger)
            .where(eq(schema.cashLedger.account, PAPER));
          const cash = Number(row?.cash ?? 0);
          if (cash === target) return;
          await tx.insert(schema.cashLedger).values({
            account: PAPER,
            at: now,
            kind: 'adjustment',
            amountPaise: target - cash,
            note: `Balance set to ${formatPaise(target)} by ${actor}`,
            tradingDay: istDay(now),
          });
          await writeAudit(
            tx,
            actor,
            'paper.balance.set',
            { from_cash_paise: cash, balance_paise: target },
            now,
          );
        });
        return { balance: toRupees(target) };
      });
    },

    async monthlyReturn() {
      const now = clock.now();
      const state = await cache.load(db, prices, now, openIndex);
      const { valuePaise } = accountValue(state, prices);
      return monthlyReturnPercent(db, { account: PAPER, now, valuePaise, epoch: state.epoch });
    },
  };
  return engine;
}

const round2 = (x: number) => Math.round(x * 100) / 100;
