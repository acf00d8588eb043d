/**
 * Every write to the paper account's tables (orders, fills, lots, cash_ledger, and its settings,
 * alerts and audit rows). Each change is one transaction (the context's: inside a batch of orders,
 * the batch's); a fill is written from its plan (plan.ts) by `writeFill` and nowhere else. The
 * rows of orders and fills are built in memory and handed to `ctx.write` (rows.ts): written at once
 * in a transaction of their own, and inside a batch of orders with the batch's other rows, one
 * statement per table, before its COMMIT.
 *
 * Callers run these through the context's queue, one at a time. A resting order is only marked
 * filled or cancelled while it is still 'open' (the update names that status), so it cannot fill
 * twice or fill after it was cancelled. After a transaction the cached account is brought up to
 * date with the fills it wrote, or dropped when anything else changed.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { DEFAULT_TRADE_STRATEGY, istDay, PAPER_RESET_BALANCE, type TradeSide } from '@nivesh/api-contract';
import { cancelledBy, type OrderRequest } from '../broker/broker.js';
import { schema, type Db } from '../db/index.js';
import { haltForOpeningOrder, haltSentence } from '../trading/halt.js';
import { refusal, type Assessment } from './assess.js';
import { haltRejection } from './limits.js';
import { BATCH_READS, type PaperContext } from './context.js';
import { addToDay, type DayTrades } from './costs.js';
import { formatPaise, formatRupeesShort } from './money.js';
import { planFill, type FillPlan } from './plan.js';
import { emptyRows, putLot, type AccountRows } from './rows.js';
import { requestPricesPaise, touchPrice } from './pricing.js';
import { costSettingsOf, PAPER_SETTINGS_KEY, PaperSettings } from './settings.js';
import { PAPER, positionsOf, type AccountState, type FillRow, type LotRow, type OrderRow } from './state.js';

/** What fills need to know of the account inside their transaction. */
interface FillBook {
  lots: LotRow[];
  /** Each stock's fills of the day, this transaction's included (plan.ts `TradesToday`). */
  today: Map<string, DayTrades>;
  /** Fills written in the transaction so far. */
  fills: FillRow[];
}

const fillBook = (state: AccountState): FillBook => ({
  lots: [...state.openLots],
  today: new Map(state.stocksToday),
  fills: [],
});

/**
 * `PO-<yymmdd>-<10 random hex digits>`: the first ten hex digits of a random UUID are random (its
 * version digit comes later), and Node draws UUIDs from a cached block of entropy instead of
 * asking the system once per order.
 */
function newOrderId(now: Date): string {
  const random = randomUUID();
  return `PO-${istDay(now).slice(2).replaceAll('-', '')}-${random.slice(0, 8)}${random.slice(9, 11)}`;
}

const tradeIdOf = (orderId: string) => orderId.replace(/^PO-/, 'PT-');

const SQUARE_OFF_NOTE = 'Intraday square-off at 15:20 IST';

type OrderValues = Pick<OrderRequest, 'symbol' | 'side' | 'quantity' | 'order_type' | 'product'> & {
  limitPricePaise: number | null;
  triggerPricePaise: number | null;
};

/** An order row as placed (the caller writes it), open or filled at once at `filledAtPaise`. */
function orderRow(values: {
  request: OrderValues;
  actor: string;
  strategy: string;
  now: Date;
  statusMessage?: string | null;
  /** Filled at once at this price (the fill's rows are written with it). */
  filledAtPaise?: number | null;
}): OrderRow {
  const { request, now } = values;
  const filled = values.filledAtPaise !== undefined && values.filledAtPaise !== null;
  return {
    id: newOrderId(now),
    account: PAPER,
    symbol: request.symbol,
    side: request.side,
    quantity: request.quantity,
    filledQuantity: filled ? request.quantity : 0,
    orderType: request.order_type,
    limitPricePaise: request.limitPricePaise,
    triggerPricePaise: request.triggerPricePaise,
    triggeredAt: null,
    product: request.product,
    status: filled ? 'filled' : 'open',
    averagePricePaise: filled ? values.filledAtPaise! : null,
    statusMessage: values.statusMessage ?? null,
    brokerOrderId: null,
    strategy: values.strategy,
    placedBy: values.actor,
    placedAt: now,
    updatedAt: now,
    filledAt: filled ? now : null,
    tradingDay: istDay(now),
  };
}

/**
 * The rows of a fill of `order` as planned, added to `rows`: the fill row with its charges, the
 * closed parts of the lots, the new lot for the rest and the ledger rows (`ids`: the fill's id and
 * the new lot's). The order row itself is written (or marked filled) by the caller in the same
 * transaction. `book` is kept up to date, so one transaction can write several fills.
 */
function writeFill(
  rows: AccountRows,
  book: FillBook,
  order: OrderRow,
  plan: FillPlan,
  now: Date,
  ids: { fill: number; lot: number },
): FillRow {
  const { side, product, symbol, quantity } = plan.order;
  const { charges, pricePaise } = plan;
  const day = istDay(now);
  const fill: FillRow = {
    id: ids.fill,
    orderId: order.id,
    account: PAPER,
    symbol,
    side,
    product,
    quantity,
    pricePaise,
    brokeragePaise: charges.brokerage,
    sttPaise: charges.stt,
    exchangePaise: charges.exchange,
    sebiPaise: charges.sebi,
    stampPaise: charges.stamp,
    gstPaise: charges.gst,
    dpPaise: charges.dp,
    chargesPaise: charges.total,
    realizedPnlPaise: plan.realizedPnlPaise,
    executedAt: now,
    tradingDay: day,
  };
  rows.fills.push(fill);

  book.today.set(symbol, addToDay(book.today.get(symbol), { side, product, quantity, pricePaise, charges }));
  for (const close of plan.closes) {
    const index = book.lots.findIndex((l) => l.id === close.lotId);
    const updated: LotRow = {
      ...book.lots[index]!,
      ...close.after,
      closedAt: close.after.openQuantity === 0 ? now : null,
    };
    putLot(rows, updated, false);
    rows.exits.push({
      lotId: close.lotId,
      fillId: fill.id,
      account: PAPER,
      quantity: close.quantity,
      pricePaise,
      realizedPnlPaise: close.realizedPnlPaise,
      exitChargesPaise: close.chargesPaise,
      entryChargesPaise: close.entryChargesPaise,
      exitedAt: now,
      tradingDay: day,
    });
    book.lots[index] = updated;
  }
  if (plan.opening) {
    const created: LotRow = {
      id: ids.lot,
      tradeId: tradeIdOf(order.id),
      account: PAPER,
      symbol,
      product,
      side,
      quantity: plan.opening.quantity,
      openQuantity: plan.opening.quantity,
      entryPricePaise: pricePaise,
      entryFillId: fill.id,
      entryChargesPaise: plan.opening.entryChargesPaise,
      exitChargesPaise: 0,
      exitQuantity: 0,
      exitValuePaise: 0,
      realizedPnlPaise: 0,
      strategy: order.strategy,
      openedAt: now,
      closedAt: null,
      openedDay: day,
    };
    putLot(rows, created, true);
    book.lots.push(created);
  }

  const verb = side === 'BUY' ? 'Bought' : 'Sold';
  rows.ledger.push({
    account: PAPER,
    at: now,
    kind: 'trade',
    amountPaise: plan.tradeCashPaise,
    fillId: fill.id,
    orderId: order.id,
    note: `${verb} ${quantity} ${symbol} at ${formatPaise(pricePaise)} (${product})`,
    tradingDay: day,
  });
  if (charges.total !== 0) {
    rows.ledger.push({
      account: PAPER,
      at: now,
      kind: 'charges',
      amountPaise: -charges.total,
      fillId: fill.id,
      orderId: order.id,
      note: `Charges of order ${order.id}`,
      tradingDay: day,
    });
  }

  book.fills.push(fill);
  return fill;
}

/** Marks a resting order filled (inside the transaction of its fill), only while it is open. */
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

/** Ends open orders (those no longer open are left alone); returns the rows it changed. */
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

async function writeAudit(q: Db, actor: string, action: string, detail: Record<string, unknown>, now: Date) {
  await q.insert(schema.auditLog).values({ at: now, actor, action, detail });
}

async function ledgerCash(tx: Db): Promise<number> {
  const [row] = await tx
    .select({ cash: sql<string>`coalesce(sum(${schema.cashLedger.amountPaise}), 0)` })
    .from(schema.cashLedger)
    .where(eq(schema.cashLedger.account, PAPER));
  return Number(row?.cash ?? 0);
}

/** One ledger row that brings the cash from `cash` to `targetPaise`, and its audit row. */
async function moveCashTo(
  tx: Db,
  cash: number,
  targetPaise: number,
  now: Date,
  actor: string,
  entry: { kind: 'reset' | 'adjustment'; note: string; action: string },
) {
  await tx.insert(schema.cashLedger).values({
    account: PAPER,
    at: now,
    kind: entry.kind,
    amountPaise: targetPaise - cash,
    note: entry.note,
    tradingDay: istDay(now),
  });
  await writeAudit(tx, actor, entry.action, { from_cash_paise: cash, balance_paise: targetPaise }, now);
}

export type PaperWriter = ReturnType<typeof createWriter>;

export function createWriter(ctx: PaperContext) {
  const { log, prices } = ctx;

  /**
   * Runs a transaction that writes fills, then brings the cached account up to date (the
   * context's transaction and cache: inside a batch of orders, the batch's).
   */
  async function withFills<T>(book: FillBook, run: (tx: Db) => Promise<T>): Promise<T> {
    try {
      const result = await ctx.transaction(run);
      ctx.cache.applyFills(book.fills, book.lots);
      return result;
    } catch (error) {
      ctx.cache.invalidate();
      throw error;
    }
  }

  /** Runs a transaction after which the cached account is read afresh. */
  async function rewriting<T>(run: (tx: Db) => Promise<T>): Promise<T> {
    try {
      return await ctx.transaction(run);
    } finally {
      ctx.cache.invalidate();
    }
  }

  /**
   * Closes positions at market (the touch, or the average entry when no price is known) in `tx`,
   * each with a filled market order carrying `note`.
   */
  async function closePositions(
    tx: Db,
    state: AccountState,
    s: PaperSettings,
    filter: (lot: LotRow) => boolean,
    actor: string,
    note: string,
    now: Date,
  ): Promise<FillRow[]> {
    const book = fillBook(state);
    const fills: FillRow[] = [];
    const rows = emptyRows();
    const positions = [...positionsOf(state.openLots.filter(filter)).values()].filter(
      (p) => p.quantity !== 0,
    );
    const ids = await ctx.ids(tx, positions.length);
    for (const [i, position] of positions.entries()) {
      const side: TradeSide = position.quantity > 0 ? 'SELL' : 'BUY';
      const quantity = Math.abs(position.quantity);
      const ltp = prices.ltp(position.symbol);
      if (ltp === undefined)
        log.warn({ symbol: position.symbol }, 'no price to close at: closing at the average entry');
      const price =
        ltp === undefined
          ? Math.round(position.costPaise / quantity)
          : touchPrice(ltp, side, s.half_spread_percent);
      const planned = planFill({
        order: { symbol: position.symbol, side, product: position.product, quantity },
        pricePaise: price,
        lots: book.lots,
        today: book.today,
        costs: costSettingsOf(s),
      });
      if (planned.rejection) throw refusal(planned.rejection);
      const order = orderRow({
        request: {
          symbol: position.symbol,
          side,
          quantity,
          order_type: 'MARKET',
          product: position.product,
          limitPricePaise: null,
          triggerPricePaise: null,
        },
        actor,
        strategy: DEFAULT_TRADE_STRATEGY,
        now,
        statusMessage: note,
        filledAtPaise: price,
      });
      rows.orders.push(order);
      fills.push(writeFill(rows, book, order, planned.plan, now, { fill: ids.fills[i]!, lot: ids.lots[i]! }));
    }
    await ctx.write(tx, rows);
    return fills;
  }

  const methods = {
    /** Writes the opening balance once, when the account has no ledger row yet. */
    async ensureOpening(now: Date): Promise<void> {
      await rewriting(async (tx) => {
        const [row] = await tx
          .select({ id: schema.cashLedger.id })
          .from(schema.cashLedger)
          .where(eq(schema.cashLedger.account, PAPER))
          .limit(1);
        if (row) return;
        await tx.insert(schema.cashLedger).values({
          account: PAPER,
          at: now,
          kind: 'opening',
          amountPaise: PAPER_RESET_BALANCE * 100,
          note: `Opening balance of the paper account, ${formatRupeesShort(PAPER_RESET_BALANCE)}`,
          tradingDay: istDay(now),
        });
      });
    },

    /** Writes an accepted order (`a.rejection` is null): resting, or filled as `a.fill` plans. */
    async placeOrder(
      a: Assessment,
      actor: string,
      strategy: string,
    ): Promise<{ order: OrderRow; fill: FillRow | null }> {
      const book = fillBook(a.state);
      const { request, fill: plan, now } = a;
      return withFills(book, async (tx) => {
        // An emergency stop written by another process since the assessment wins (trading/halt.ts).
        // Once per batch of orders: its transaction then holds the lock a new stop waits for.
        const halt = a.opens
          ? await ctx.perBatch(BATCH_READS.haltLocked, () => haltForOpeningOrder(tx))
          : null;
        if (halt) throw refusal(haltRejection(haltSentence(halt)));
        const rows = emptyRows();
        const order = orderRow({
          request: { ...request, ...requestPricesPaise(request) },
          actor,
          strategy,
          now,
          filledAtPaise: plan?.pricePaise ?? null,
        });
        rows.orders.push(order);
        let fill: FillRow | null = null;
        if (plan !== null) {
          const ids = await ctx.ids(tx, 1);
          fill = writeFill(rows, book, order, plan, now, { fill: ids.fills[0]!, lot: ids.lots[0]! });
        }
        await ctx.write(tx, rows);
        return { order, fill };
      });
    },

    /**
     * Records that a resting stop-loss order's trigger was crossed (only while it is open and not
     * yet triggered): from now on it is a market (SL-M) or limit (SL) order, over a restart too.
     * Returns the updated row, or undefined when nothing changed (no longer open, or already triggered).
     */
    async markTriggered(order: OrderRow, now: Date): Promise<OrderRow | undefined> {
      const [row] = await ctx.db
        .update(schema.orders)
        .set({ triggeredAt: now, updatedAt: now })
        .where(
          and(
            eq(schema.orders.id, order.id),
            eq(schema.orders.status, 'open'),
            isNull(schema.orders.triggeredAt),
          ),
        )
        .returning();
      return row;
    },

    /** Fills a resting order as planned, if it is still open. */
    async fillResting(state: AccountState, order: OrderRow, plan: FillPlan, now: Date): Promise<void> {
      const book = fillBook(state);
      await withFills(book, async (tx) => {
        await markFilled(tx, order, plan.pricePaise, now);
        const rows = emptyRows();
        const ids = await ctx.ids(tx, 1);
        writeFill(rows, book, order, plan, now, { fill: ids.fills[0]!, lot: ids.lots[0]! });
        await ctx.write(tx, rows);
      });
    },

    /** Ends open orders without a fill: cancelled (the default) or rejected, with a sentence. */
    async endOrders(
      ids: readonly string[],
      message: string,
      now: Date,
      status: 'cancelled' | 'rejected' = 'cancelled',
    ): Promise<OrderRow[]> {
      return ctx.transaction((tx) => cancelRows(tx, ids, message, now, status));
    },

    /** Cancels an open order for `actor` (the operator, the automation, the server), saying why. */
    async cancelOrder(
      orderId: string,
      actor: string,
      now: Date,
      reason?: string,
    ): Promise<OrderRow | undefined> {
      const [cancelled] = await ctx.transaction(async (tx) => {
        const rows = await cancelRows(tx, [orderId], cancelledBy(actor, reason), now);
        await writeAudit(
          tx,
          actor,
          'paper.order.cancel',
          { order_id: orderId, ...(reason ? { reason } : {}) },
          now,
        );
        return rows;
      });
      return cancelled;
    },

    /**
     * The 15:20 IST square-off: cancels `dueOrders`, closes the positions of the lots `dueLot`
     * picks at market and raises one alert saying what it did.
     */
    async squareOff(
      state: AccountState,
      s: PaperSettings,
      dueOrders: readonly OrderRow[],
      dueLot: (lot: LotRow) => boolean,
      now: Date,
    ): Promise<{ closed: number; cancelled: number }> {
      return rewriting(async (tx) => {
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
          (fill) =>
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
    },

    /** Cancels every open order, closes every position at market and sets the cash to `targetPaise`. */
    async reset(state: AccountState, s: PaperSettings, targetPaise: number, actor: string, now: Date) {
      await rewriting(async (tx) => {
        await cancelRows(
          tx,
          state.openOrders.map((o) => o.id),
          'Cancelled by the account reset',
          now,
        );
        await closePositions(tx, state, s, () => true, actor, 'Closed by the account reset', now);
        await moveCashTo(tx, await ledgerCash(tx), targetPaise, now, actor, {
          kind: 'reset',
          note: `Account reset: balance set to ${formatPaise(targetPaise)}`,
          action: 'paper.reset',
        });
      });
    },

    /** Sets the cash to `targetPaise` with an adjustment row (none when it already is). */
    async setBalance(targetPaise: number, actor: string, now: Date) {
      await rewriting(async (tx) => {
        const cash = await ledgerCash(tx);
        if (cash === targetPaise) return;
        await moveCashTo(tx, cash, targetPaise, now, actor, {
          kind: 'adjustment',
          note: `Balance set to ${formatPaise(targetPaise)} by ${actor}`,
          action: 'paper.balance.set',
        });
      });
    },

    /** Stores the settings with an audit row of the change; returns them as stored. */
    async storeSettings(
      next: PaperSettings,
      previous: PaperSettings,
      actor: string,
      action: string,
      now: Date,
    ): Promise<PaperSettings> {
      const parsed = PaperSettings.parse(next);
      await ctx.transaction(async (tx) => {
        await tx
          .insert(schema.settings)
          .values({ key: PAPER_SETTINGS_KEY, value: parsed, updatedAt: now, updatedBy: actor })
          .onConflictDoUpdate({
            target: schema.settings.key,
            set: { value: parsed, updatedAt: now, updatedBy: actor },
          });
        await writeAudit(tx, actor, action, { from: previous, to: parsed }, now);
      });
      return parsed;
    },
  };

  // Every method writes: each call marks the queued job as one that changed the account (the
  // context then bumps the account's write version and tells the pages).
  return Object.fromEntries(
    Object.entries(methods).map(([name, method]) => [
      name,
      async (...args: unknown[]) => {
        try {
          return await (method as (...a: unknown[]) => Promise<unknown>)(...args);
        } finally {
          ctx.wrote();
        }
      },
    ]),
  ) as typeof methods;
}
