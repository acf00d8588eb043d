/**
 * The trade history and the win rate of the paper account, read so their cost does not grow with
 * the account's age (issue 14).
 *
 * The history's trades are of two kinds (mapping.ts): completed trades, one per lot exit, which
 * only ever accumulate; and the few trades that move with the market or the order book (the open
 * rest of each lot, priced at the last tick, and the open orders as pending trades). The completed
 * trades are filtered, sorted (newest entry first, then trade id), counted, summed and paged by
 * PostgreSQL; the moving ones (and the live account's trades the caller brings) are built in memory
 * and merged into the page (`mergePage`); the paper account's are built again only when what they
 * are made of changed (`movingTrades`).
 *
 * What PostgreSQL answered for a filter and page is kept in memory until the account's next write
 * (the state cache's version: a committed fill, a reset, a cancel, or a write by another process
 * seen through `sync`), and until the IST day changes (the periods start on IST days), so the pages
 * that poll read no table while nothing was traded. Concurrent requests for the same figures share
 * one query. The win rate of the quick stats is counted incrementally: each write reads only the
 * exits added since (the account's writes hold one lock, so exit ids are committed in order).
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  periodFirstDay,
  summarizeTrades,
  tradeMatchesFilter,
  type Trade,
  type TradeHistoryFilter,
  type TradeHistoryResponse,
  type TradeSide,
  type TradeSummary,
} from '@nivesh/api-contract';
import type { PaperContext } from './context.js';
import { exitToTrade, openLotToTrade, pendingOrderToTrade } from './mapping.js';
import { toRupees } from './money.js';
import { standingPrice } from './pricing.js';
import { PAPER, type OrderRow } from './state.js';

const DAY_MS = 86_400_000;
/** Distinct filters and pages kept per account version; beyond it the kept answers are dropped. */
const MAX_KEPT = 500;

/** The history's order: newest entry first, then trade id (the same rule `mergePage` sorts by). */
export const newestFirst = (a: Trade, b: Trade) =>
  b.entry_time.localeCompare(a.entry_time) || b.trade_id.localeCompare(a.trade_id);

/** Completed trades' totals as PostgreSQL sums them (paise). */
export interface CompletedTotals {
  count: number;
  winning: number;
  netPaise: number;
  feesPaise: number;
}

/**
 * One page of the history (`page` 1-based) out of two sorted lists: `moving` (every matching trade
 * built in memory, sorted by `newestFirst`) and the completed trades in the database, of which
 * `completed(offset, limit)` reads a window in the same order and `totals` counts all. Reads one
 * window: at most page_size + moving.length rows, from where the page can start.
 */
export async function mergePage(
  moving: readonly Trade[],
  totals: CompletedTotals,
  completed: (offset: number, limit: number) => Promise<Trade[]>,
  page: number,
  pageSize: number,
): Promise<Trade[]> {
  const start = (page - 1) * pageSize;
  const k = moving.length;
  if (totals.count === 0) return moving.slice(start, start + pageSize);
  if (start >= totals.count + k) return [];
  // Each moving trade ahead of the page pushes the completed ones back by one: the page's first
  // completed trade is at least the (start - k)th.
  const offset = Math.max(0, start - k);
  const window = await completed(offset, pageSize + k);
  const first = window[0];
  if (!first) return moving.slice(start, start + pageSize);
  const reachedEnd = offset + window.length >= totals.count;
  const last = window[window.length - 1]!;
  const ahead = moving.filter((t) => newestFirst(t, first) < 0);
  const among = moving.filter((t) => newestFirst(t, first) >= 0 && (reachedEnd || newestFirst(t, last) <= 0));
  // Merged positions: from 0 when the window starts the list, else the window's first row sits
  // after the `offset` completed trades and the moving trades ahead of it.
  const merged: Trade[] = offset === 0 ? [...ahead] : [];
  const from = offset === 0 ? 0 : offset + ahead.length;
  let i = 0;
  let j = 0;
  while (i < window.length || j < among.length) {
    if (j >= among.length || (i < window.length && newestFirst(window[i]!, among[j]!) <= 0)) {
      merged.push(window[i]!);
      i += 1;
    } else {
      merged.push(among[j]!);
      j += 1;
    }
  }
  return merged.slice(start - from, start - from + pageSize);
}

const roundPaise = (value: number) => Math.round(value * 100) / 100;

/** `summarizeTrades` over the moving rows and the completed trades' totals together. */
export function combineSummary(moving: readonly Trade[], totals: CompletedTotals): TradeSummary {
  const inMemory = summarizeTrades(moving);
  const completed = inMemory.completed_trades + totals.count;
  const winning = inMemory.winning_trades + totals.winning;
  return {
    total_trades: inMemory.total_trades + totals.count,
    completed_trades: completed,
    winning_trades: winning,
    win_rate: completed ? (winning / completed) * 100 : null,
    net_pnl: roundPaise(inMemory.net_pnl + toRupees(totals.netPaise)),
    total_charges: roundPaise(inMemory.total_charges + toRupees(totals.feesPaise)),
    open_positions: inMemory.open_positions,
    unfilled_orders: inMemory.unfilled_orders,
  };
}

type HistoryFilter = Omit<TradeHistoryFilter, 'page' | 'page_size'>;

/** IST midnight of a YYYY-MM-DD day. */
const istMidnight = (day: string) => new Date(`${day}T00:00:00+05:30`);

const Count = z.coerce.number();
const When = z.union([z.string(), z.date()]).transform((v) => new Date(v));
const CompletedRow = z.object({
  trade_id: z.string(),
  symbol: z.string(),
  side: z.string(),
  product: z.string(),
  strategy: z.string(),
  lot_quantity: Count,
  entry_price_paise: Count,
  opened_at: When,
  quantity: Count,
  price_paise: Count,
  realized_pnl_paise: Count,
  entry_charges_paise: Count,
  exit_charges_paise: Count,
  exited_at: When,
});
const TotalsRow = z.object({ count: Count, winning: Count, net: Count, fees: Count });
const WinsRow = z.object({ count: Count, winning: Count, last_id: Count.nullable() });

const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;

export function createTradeHistory(ctx: PaperContext) {
  const { db, prices } = ctx;
  let keptVersion = -1;
  let kept = new Map<string, Promise<unknown>>();
  const wins = { version: -1, lastId: 0, count: 0, winning: 0 };

  const NET = sql`(e.realized_pnl_paise - e.entry_charges_paise - e.exit_charges_paise)`;
  let counting: Promise<unknown> = Promise.resolve();

  /** Adds the exits committed since the last count (in id order: the account's writes hold one lock). */
  async function catchUp(): Promise<void> {
    const at = await version();
    if (at === wins.version) return;
    const row = WinsRow.parse(
      rowsOf(
        await db.execute(sql`
          select count(*) as count, count(*) filter (where ${NET} > 0) as winning, max(e.id) as last_id
          from lot_exits e where e.account = ${PAPER} and e.id > ${wins.lastId}`),
      )[0],
    );
    wins.count += row.count;
    wins.winning += row.winning;
    if (row.last_id !== null) wins.lastId = row.last_id;
    // A write committed meanwhile: the next call looks again.
    if (ctx.cache.version() === at) wins.version = at;
  }

  /** The account's write version, after taking in another process's writes (none alone). */
  async function version(): Promise<number> {
    await ctx.sync();
    return ctx.cache.version();
  }

  /** `load()` once per account version and key; concurrent callers share it. */
  async function keep<T>(key: string, load: () => Promise<T>): Promise<T> {
    const at = await version();
    if (at !== keptVersion || kept.size >= MAX_KEPT) {
      kept = new Map();
      keptVersion = at;
    }
    const found = kept.get(key);
    if (found) return found as Promise<T>;
    const map = kept;
    const promise = load();
    map.set(key, promise);
    promise.then(
      // A write committed while it ran: it may not have seen it, so it is not kept.
      () => {
        if (ctx.cache.version() !== at) map.delete(key);
      },
      () => map.delete(key),
    );
    return promise;
  }

  /** Which exits of the paper account (joined to their lot `l`) a filter selects, bar net P&L and search. */
  function conditions(filter: HistoryFilter, now: Date): SQL[] {
    const where: SQL[] = [sql`e.account = ${PAPER}`, sql`l.account = ${PAPER}`];
    const firstDay = periodFirstDay(filter.period, now);
    const from = [firstDay, filter.from]
      .filter((d): d is string => !!d)
      .sort()
      .pop();
    if (from) where.push(sql`l.opened_at >= ${istMidnight(from).toISOString()}::timestamptz`);
    if (filter.to) {
      const end = new Date(istMidnight(filter.to).getTime() + DAY_MS);
      where.push(sql`l.opened_at < ${end.toISOString()}::timestamptz`);
    }
    if (filter.side) where.push(sql`l.side = ${filter.side}`);
    if (filter.product) where.push(sql`l.product = ${filter.product}`);
    return where;
  }

  // A lot closed by its one exit is one trade under the lot's id; else exits are <id>-1, <id>-2...
  const TRADE_ID = sql`case
    when l.open_quantity = 0 and (select count(*) from lot_exits c where c.lot_id = e.lot_id) = 1
      then l.trade_id
    else l.trade_id || '-' || (select count(*) from lot_exits c where c.lot_id = e.lot_id
      and (c.exited_at < e.exited_at or (c.exited_at = e.exited_at and c.id <= e.id)))::text
    end`;

  /** The matching completed trades with their trade ids, as a subquery `t`. */
  function matching(filter: HistoryFilter, now: Date): SQL {
    const outer: SQL[] = [sql`true`];
    // net_pnl is compared in rupees as a double, exactly as the filter compares the trade's field.
    if (filter.min_pnl !== undefined) outer.push(sql`t.net::float8 / 100 >= ${filter.min_pnl}::float8`);
    if (filter.max_pnl !== undefined) outer.push(sql`t.net::float8 / 100 <= ${filter.max_pnl}::float8`);
    const search = filter.search?.trim().toLowerCase();
    if (search) {
      outer.push(sql`(strpos(lower(t.symbol), ${search}) > 0 or strpos(lower(t.trade_id), ${search}) > 0)`);
    }
    return sql`(
      select * from (
        select ${TRADE_ID} as trade_id, ${NET} as net,
          l.symbol, l.side, l.product, l.strategy, l.quantity as lot_quantity, l.entry_price_paise, l.opened_at,
          e.quantity, e.price_paise, e.realized_pnl_paise, e.entry_charges_paise,
          e.exit_charges_paise, e.exited_at
        from lot_exits e join lots l on l.id = e.lot_id
        where ${sql.join(conditions(filter, now), sql` and `)}
      ) t where ${sql.join(outer, sql` and `)}
    ) m`;
  }

  function filterKey(filter: HistoryFilter, now: Date): string {
    return JSON.stringify([
      periodFirstDay(filter.period, now),
      filter.from ?? null,
      filter.to ?? null,
      filter.side ?? null,
      filter.product ?? null,
      filter.min_pnl ?? null,
      filter.max_pnl ?? null,
      filter.search?.trim().toLowerCase() ?? null,
    ]);
  }

  function completedTotals(filter: HistoryFilter, now: Date): Promise<CompletedTotals> {
    return keep(`totals ${filterKey(filter, now)}`, async () => {
      const row = TotalsRow.parse(
        rowsOf(
          await db.execute(sql`
            select count(*) as count, count(*) filter (where m.net > 0) as winning,
              coalesce(sum(m.net), 0) as net,
              coalesce(sum(m.entry_charges_paise + m.exit_charges_paise), 0) as fees
            from ${matching(filter, now)}`),
        )[0],
      );
      return { count: row.count, winning: row.winning, netPaise: row.net, feesPaise: row.fees };
    });
  }

  function completedWindow(filter: HistoryFilter, now: Date, offset: number, limit: number) {
    return keep(`rows ${offset} ${limit} ${filterKey(filter, now)}`, async () => {
      const rows = rowsOf(
        await db.execute(sql`
          select * from ${matching(filter, now)}
          order by m.opened_at desc, m.trade_id collate "C" desc
          limit ${limit} offset ${offset}`),
      );
      return rows.map((raw) => {
        const r = CompletedRow.parse(raw);
        const lot = {
          tradeId: r.trade_id,
          account: PAPER,
          symbol: r.symbol,
          side: r.side,
          quantity: r.lot_quantity,
          entryPricePaise: r.entry_price_paise,
          strategy: r.strategy,
          openedAt: r.opened_at,
          product: r.product,
        };
        const exit = {
          quantity: r.quantity,
          pricePaise: r.price_paise,
          realizedPnlPaise: r.realized_pnl_paise,
          entryChargesPaise: r.entry_charges_paise,
          exitChargesPaise: r.exit_charges_paise,
          exitedAt: r.exited_at,
        };
        return exitToTrade(lot, exit, r.trade_id);
      });
    });
  }

  /** Entry charges already carried by the exits of each partly closed open lot, paise. */
  function exitedEntryCharges(lotIds: readonly number[]): Promise<Map<number, number>> {
    if (lotIds.length === 0) return Promise.resolve(new Map());
    return keep(`exited ${lotIds.join(',')}`, async () => {
      const rows = rowsOf(
        await db.execute(sql`
          select lot_id, coalesce(sum(entry_charges_paise), 0) as charges from lot_exits
          where lot_id in (${sql.join(
            lotIds.map((id) => sql`${id}`),
            sql`, `,
          )}) group by lot_id`),
      );
      const parsed = z.array(z.object({ lot_id: Count, charges: Count })).parse(rows);
      return new Map(parsed.map((r) => [r.lot_id, r.charges]));
    });
  }

  /** The moving trades as last built, and what they were built from (`movingTrades`). */
  let movingKept: {
    version: number;
    orders: readonly OrderRow[];
    settings: object;
    symbols: readonly string[];
    prices: readonly (number | undefined)[];
    trades: readonly Trade[];
  } | null = null;

  const pricesOf = (symbols: readonly string[]) => symbols.map((symbol) => prices.ltp(symbol));
  const samePrices = (a: readonly (number | undefined)[], b: readonly (number | undefined)[]) =>
    a.length === b.length && a.every((price, i) => price === b[i]);

  /**
   * The paper trades that move with prices and orders: each open lot's rest and each open order.
   * Built again only when what they are made of changed: the account's writes (its version), the
   * open orders, the settings (the half spread prices pending orders) or a price of one of their
   * stocks. Between ticks and writes the pages' polls share one list (nobody changes it).
   */
  async function movingTrades(now: Date): Promise<readonly Trade[]> {
    const at = await version();
    const orders = ctx.openOrders();
    const s = await ctx.settings();
    const kept = movingKept;
    if (kept && kept.version === at && kept.orders === orders && kept.settings === s) {
      if (samePrices(kept.prices, pricesOf(kept.symbols))) return kept.trades;
    }
    const state = await ctx.state(now);
    const exited = await exitedEntryCharges(
      state.openLots.filter((l) => l.openQuantity < l.quantity).map((l) => l.id),
    );
    const trades = state.openLots.map((lot) =>
      openLotToTrade(lot, exited.get(lot.id) ?? 0, prices.ltp(lot.symbol) ?? null),
    );
    for (const order of state.openOrders) {
      const price = standingPrice(
        { ...order, side: order.side as TradeSide },
        prices.ltp(order.symbol),
        s.half_spread_percent,
      );
      if (price !== null) trades.push(pendingOrderToTrade(order, price));
    }
    const symbols = [...state.openLots.map((l) => l.symbol), ...state.openOrders.map((o) => o.symbol)];
    // Kept only when nothing moved while it was built.
    if (ctx.cache.version() === at && ctx.openOrders() === orders) {
      movingKept = { version: at, orders, settings: s, symbols, prices: pricesOf(symbols), trades };
    }
    return trades;
  }

  return {
    /**
     * One page of the history: the paper account's trades (unless the filter asks for live ones
     * only) with `others` (the live account's), filtered, newest entry first, and the summary of
     * every match.
     */
    async page(
      filter: TradeHistoryFilter,
      now: Date,
      others: readonly Trade[],
    ): Promise<TradeHistoryResponse> {
      const paper = filter.mode !== 'live';
      const moving = [...(paper ? await movingTrades(now) : []), ...others]
        .filter((t) => tradeMatchesFilter(t, filter, now))
        .sort(newestFirst);
      const wantsCompleted = paper && (filter.status === 'all' || filter.status === 'completed');
      const totals: CompletedTotals = wantsCompleted
        ? await completedTotals(filter, now)
        : { count: 0, winning: 0, netPaise: 0, feesPaise: 0 };
      const data = await mergePage(
        moving,
        totals,
        (offset, limit) => completedWindow(filter, now, offset, limit),
        filter.page,
        filter.page_size,
      );
      return {
        success: true,
        data,
        total: moving.length + totals.count,
        page: filter.page,
        page_size: filter.page_size,
        summary: combineSummary(moving, totals),
      };
    },

    /**
     * Completed trades of the paper account and how many made money after charges: the quick
     * stats' win rate. Reads only the exits written since the last call, and nothing when the
     * account has not been written since.
     */
    async completedCounts(): Promise<{ completed: number; winning: number }> {
      if ((await version()) !== wins.version) {
        // One catch-up at a time, so no exit is counted twice.
        const run = counting.then(catchUp, catchUp);
        counting = run.catch(() => undefined);
        await run;
      }
      return { completed: wins.count, winning: wins.winning };
    },
  };
}

export type TradeHistory = ReturnType<typeof createTradeHistory>;
