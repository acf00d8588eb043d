/**
 * Reads the paper account's state from the ledger (cash), the lots (positions) and the open orders,
 * and values it at the hub's prices. Nothing here writes.
 *
 * The account's "epoch" is its latest opening or reset row: returns, realised P&L and trade counts
 * are measured from there (a reset starts the account afresh; its history stays in the tables).
 */
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { istDay, type TradeProduct, type TradeSide } from '@nivesh/api-contract';
import { schema, type Db } from '../db/index.js';
import type { TickHub } from '../market/feed.js';
import type { DayTrades } from './costs.js';
import { toPaise } from './money.js';

export type OrderRow = typeof schema.orders.$inferSelect;
export type FillRow = typeof schema.fills.$inferSelect;
export type LotRow = typeof schema.lots.$inferSelect;

export const PAPER = 'paper';
/** Ledger kinds that bring money in or take it out (not trading). */
export const FLOW_KINDS = ['opening', 'reset', 'adjustment'] as const;

export const positionKey = (symbol: string, product: string) => `${symbol}|${product}`;

export interface Position {
  symbol: string;
  product: TradeProduct;
  /** Signed: negative for an intraday short. */
  quantity: number;
  /** Σ open quantity × entry price, paise (positive). */
  costPaise: number;
  lots: LotRow[];
}

export interface Epoch {
  /** The opening or reset ledger row. */
  ledgerId: number;
  /** The newest fill before it (fills after it belong to this epoch). */
  fillId: number;
  day: string;
  at: Date;
  /** Cash right after the epoch row plus adjustments since: what the account was given. */
  capitalPaise: number;
}

export interface AccountState {
  now: Date;
  today: string;
  cashPaise: number;
  epoch: Epoch | null;
  openLots: LotRow[];
  positions: Map<string, Position>;
  openOrders: OrderRow[];
  /** Change of value since the previous close (or since a reset made today), after charges. */
  dayPnlPaise: number;
  /** The value the day started from plus today's deposits: the base of the day's percent. */
  dayBasePaise: number;
  realizedGrossPaise: number;
  chargesPaise: number;
  tradesToday: number;
  totalTrades: number;
  /**
   * Each stock's fills of the IST day so far (every product), by symbol: the day's contract note,
   * which STT and stamp duty's per-day rounding, same-day settlement and the once-a-day DP charge
   * are worked out from (costs.ts).
   */
  stocksToday: Map<string, DayTrades>;
}

export interface Prices {
  /** Last price, paise, or undefined when the hub has none. */
  ltp(symbol: string): number | undefined;
  previousClose(symbol: string): number | undefined;
}

export function hubPrices(hub: TickHub): Prices {
  return {
    ltp: (symbol) => {
      const tick = hub.last(symbol);
      return tick ? toPaise(tick.ltp) : undefined;
    },
    previousClose: (symbol) => {
      const tick = hub.last(symbol);
      return tick ? toPaise(tick.previousClose) : undefined;
    },
  };
}

async function loadOpenLots(db: Db): Promise<LotRow[]> {
  return db
    .select()
    .from(schema.lots)
    .where(and(eq(schema.lots.account, PAPER), gt(schema.lots.openQuantity, 0)))
    .orderBy(asc(schema.lots.id));
}

export async function loadOpenOrders(db: Db): Promise<OrderRow[]> {
  return db
    .select()
    .from(schema.orders)
    .where(and(eq(schema.orders.account, PAPER), eq(schema.orders.status, 'open')))
    .orderBy(asc(schema.orders.placedAt), asc(schema.orders.id));
}

export function positionsOf(lots: readonly LotRow[]): Map<string, Position> {
  const positions = new Map<string, Position>();
  for (const lot of lots) {
    const key = positionKey(lot.symbol, lot.product);
    const position = positions.get(key) ?? {
      symbol: lot.symbol,
      product: lot.product as TradeProduct,
      quantity: 0,
      costPaise: 0,
      lots: [],
    };
    position.quantity += lot.side === 'BUY' ? lot.openQuantity : -lot.openQuantity;
    position.costPaise += lot.openQuantity * lot.entryPricePaise;
    position.lots.push(lot);
    positions.set(key, position);
  }
  return positions;
}

/** A position's price now: the hub's last price, else its average entry (no price known yet). */
export function markPrice(position: Position, prices: Prices): number {
  return prices.ltp(position.symbol) ?? Math.round(position.costPaise / Math.abs(position.quantity));
}

/** Signed value of a lot's open shares at a price (shorts negative). */
export const signedQuantity = (side: TradeSide | string, quantity: number) =>
  side === 'BUY' ? quantity : -quantity;

/** Unrealised P&L of a lot's open shares at a price, paise. */
export function lotUnrealized(lot: LotRow, pricePaise: number): number {
  return signedQuantity(lot.side, lot.openQuantity) * (pricePaise - lot.entryPricePaise);
}

const SummaryRow = z.object({
  epoch_id: z.coerce.number().nullable(),
  epoch_at: z.union([z.string(), z.date()]).nullable(),
  epoch_day: z.string().nullable(),
  epoch_fill: z.coerce.number(),
  cash: z.coerce.number(),
  before_today: z.coerce.number(),
  flows_today: z.coerce.number(),
  at_epoch: z.coerce.number(),
  flows_since_epoch: z.coerce.number(),
  realized: z.coerce.number(),
  charges: z.coerce.number(),
  total_fills: z.coerce.number(),
  today_fills: z.coerce.number(),
  traded_today: z.array(z.object({ symbol: z.string(), net: z.coerce.number(), price: z.coerce.number() })),
  stocks_today: z.array(
    z.object({
      symbol: z.string(),
      bought_quantity: z.coerce.number(),
      bought_paise: z.coerce.number(),
      sold_quantity: z.coerce.number(),
      sold_paise: z.coerce.number(),
      intraday_bought_paise: z.coerce.number(),
      intraday_sold_paise: z.coerce.number(),
      stt: z.coerce.number(),
      stamp: z.coerce.number(),
      dp: z.coerce.number(),
    }),
  ),
});

/**
 * Every figure of the account in one round trip (the engine reads it before each order): epoch,
 * ledger sums, the epoch's fills, today's net shares per symbol and today's delivery fills per stock.
 */
type Summary = z.infer<typeof SummaryRow>;

/**
 * A copy of `summary` to change apart (`applyFills` changes its figures and its lists' entries;
 * the epoch's date is never changed): every order of a batch works on one.
 */
const copySummary = (summary: Summary): Summary => ({
  ...summary,
  traded_today: summary.traded_today.map((t) => ({ ...t })),
  stocks_today: summary.stocks_today.map((d) => ({ ...d })),
});

async function loadSummary(db: Db, today: string): Promise<Summary> {
  const result = await db.execute(sql`
    with epoch as (
      select id, at, trading_day from cash_ledger
      where account = ${PAPER} and kind in ('opening', 'reset') order by id desc limit 1
    ),
    e as (
      select coalesce((select id from epoch), 0) as id,
        coalesce((select max(fill_id) from cash_ledger where account = ${PAPER}
          and id < (select id from epoch)), 0) as fill_id
    ),
    ledger as (
      select
        coalesce(sum(amount_paise), 0) as cash,
        coalesce(sum(amount_paise) filter (where trading_day < ${today}), 0) as before_today,
        coalesce(sum(amount_paise) filter (where trading_day >= ${today}
          and kind in ('opening', 'reset', 'adjustment')), 0) as flows_today,
        coalesce(sum(amount_paise) filter (where cash_ledger.id <= e.id), 0) as at_epoch,
        coalesce(sum(amount_paise) filter (where cash_ledger.id > e.id and kind = 'adjustment'), 0)
          as flows_since_epoch
      from cash_ledger, e where account = ${PAPER}
    ),
    f as (
      select
        coalesce(sum(realized_pnl_paise), 0) as realized,
        coalesce(sum(charges_paise), 0) as charges,
        count(*) as total_fills,
        count(*) filter (where trading_day >= ${today}) as today_fills
      from fills, e where account = ${PAPER} and fills.id > e.fill_id
    )
    select
      (select id from epoch) as epoch_id,
      (select at from epoch) as epoch_at,
      (select trading_day from epoch) as epoch_day,
      e.fill_id as epoch_fill,
      ledger.*, f.*,
      (select coalesce(json_agg(t), '[]'::json) from (
        select symbol,
          sum(case when side = 'BUY' then quantity else -quantity end) as net,
          max(price_paise) as price
        from fills where account = ${PAPER} and fills.id > e.fill_id and trading_day >= ${today}
        group by symbol) t) as traded_today,
      (select coalesce(json_agg(d), '[]'::json) from (
        select symbol,
          coalesce(sum(quantity) filter (where side = 'BUY' and product = 'CNC'), 0) as bought_quantity,
          coalesce(sum(quantity * price_paise) filter (where side = 'BUY' and product = 'CNC'), 0)
            as bought_paise,
          coalesce(sum(quantity) filter (where side = 'SELL' and product = 'CNC'), 0) as sold_quantity,
          coalesce(sum(quantity * price_paise) filter (where side = 'SELL' and product = 'CNC'), 0)
            as sold_paise,
          coalesce(sum(quantity * price_paise) filter (where side = 'BUY' and product <> 'CNC'), 0)
            as intraday_bought_paise,
          coalesce(sum(quantity * price_paise) filter (where side = 'SELL' and product <> 'CNC'), 0)
            as intraday_sold_paise,
          coalesce(sum(stt_paise), 0) as stt,
          coalesce(sum(stamp_paise), 0) as stamp,
          coalesce(sum(dp_paise), 0) as dp
        from fills where account = ${PAPER} and trading_day = ${today}
        group by symbol) d) as stocks_today
    from e, ledger, f`);
  const rows = (result as unknown as { rows: unknown[] }).rows;
  return SummaryRow.parse(rows[0]);
}

function buildState(
  summary: Summary,
  openLots: LotRow[],
  orders: OrderRow[],
  prices: Prices,
  now: Date,
): AccountState {
  const today = istDay(now);
  const epoch: Epoch | null =
    summary.epoch_id === null
      ? null
      : {
          ledgerId: summary.epoch_id,
          fillId: summary.epoch_fill,
          day: summary.epoch_day ?? today,
          at: new Date(summary.epoch_at ?? now),
          capitalPaise: summary.at_epoch + summary.flows_since_epoch,
        };
  const epochToday = epoch !== null && epoch.day >= today;
  const cashPaise = summary.cash;
  const positions = positionsOf(openLots);

  // Day P&L = trading cash today + (shares now × price now) - (shares at the start × previous close).
  const baseCash = epochToday ? summary.at_epoch : summary.before_today;
  const flows = epochToday ? summary.flows_since_epoch : summary.flows_today;
  const netNow = new Map<string, number>();
  for (const lot of openLots) {
    netNow.set(lot.symbol, (netNow.get(lot.symbol) ?? 0) + signedQuantity(lot.side, lot.openQuantity));
  }
  const tradedToday = new Map(summary.traded_today.map((r) => [r.symbol, r]));
  let valueNowPositions = 0;
  let valueBasePositions = 0;
  for (const symbol of new Set([...netNow.keys(), ...tradedToday.keys()])) {
    const quantityNow = netNow.get(symbol) ?? 0;
    const traded = tradedToday.get(symbol);
    const quantityBase = epochToday ? 0 : quantityNow - (traded?.net ?? 0);
    const fallback = traded?.price ?? openLots.find((l) => l.symbol === symbol)?.entryPricePaise ?? 0;
    const ltp = prices.ltp(symbol) ?? fallback;
    const previousClose = prices.previousClose(symbol) ?? ltp;
    valueNowPositions += quantityNow * ltp;
    valueBasePositions += quantityBase * previousClose;
  }

  return {
    now,
    today,
    cashPaise,
    epoch,
    openLots,
    positions,
    openOrders: orders,
    dayPnlPaise: cashPaise - baseCash - flows + valueNowPositions - valueBasePositions,
    dayBasePaise: baseCash + valueBasePositions + flows,
    realizedGrossPaise: summary.realized,
    chargesPaise: summary.charges,
    tradesToday: summary.today_fills,
    totalTrades: summary.total_fills,
    stocksToday: new Map(
      summary.stocks_today.map((d) => [
        d.symbol,
        {
          boughtQuantity: d.bought_quantity,
          boughtPaise: d.bought_paise,
          soldQuantity: d.sold_quantity,
          soldPaise: d.sold_paise,
          intradayBoughtPaise: d.intraday_bought_paise,
          intradaySoldPaise: d.intraday_sold_paise,
          sttPaise: d.stt,
          stampPaise: d.stamp,
          dpPaise: d.dp,
        },
      ]),
    ),
  };
}

interface HeldAccount {
  day: string;
  summary: Summary;
  lots: LotRow[];
}

/** What each cache holds, for `fork` and `adopt` (kept off the cache's own methods). */
const heldBy = new WeakMap<object, () => HeldAccount | null>();

/**
 * The engine's copy of the account's summary and open lots. The engine is the only writer of the
 * paper rows: after a committed fill it applies the fill to the copy (`applyFills`); anything else
 * that writes (opening, reset, balance, square-off) drops the copy, and the next read goes to the
 * database. A new IST day, too, reads afresh. A read that raced a write never stores its result.
 */
export function createStateCache(seed: HeldAccount | null = null): StateCache {
  let cached: HeldAccount | null = seed;
  let version = 0;

  const self: StateCache = {
    async load(db: Db, prices: Prices, now: Date, openOrders: readonly OrderRow[]): Promise<AccountState> {
      const today = istDay(now);
      if (cached && cached.day === today) {
        return buildState(cached.summary, [...cached.lots], [...openOrders], prices, now);
      }
      const started = version;
      const [summary, lots] = await Promise.all([loadSummary(db, today), loadOpenLots(db)]);
      if (started === version) cached = { day: today, summary, lots };
      return buildState(copySummary(summary), [...lots], [...openOrders], prices, now);
    },

    /** It holds the account of `now`'s IST day (`load` reads nothing). */
    holds: (now: Date) => cached !== null && cached.day === istDay(now),

    /** After a committed transaction: its fills and the open lots it left. */
    applyFills(fills: readonly FillRow[], lotsAfter: readonly LotRow[]): void {
      version += 1;
      if (!cached || fills.some((f) => f.tradingDay !== cached!.day)) {
        cached = null;
        return;
      }
      const summary = cached.summary;
      for (const fill of fills) {
        const value = fill.quantity * fill.pricePaise;
        summary.cash += (fill.side === 'BUY' ? -value : value) - fill.chargesPaise;
        summary.realized += fill.realizedPnlPaise;
        summary.charges += fill.chargesPaise;
        summary.total_fills += 1;
        summary.today_fills += 1;
        const signed = fill.side === 'BUY' ? fill.quantity : -fill.quantity;
        const traded = summary.traded_today.find((t) => t.symbol === fill.symbol);
        if (traded) {
          traded.net += signed;
          traded.price = Math.max(traded.price, fill.pricePaise);
        } else summary.traded_today.push({ symbol: fill.symbol, net: signed, price: fill.pricePaise });
        let day = summary.stocks_today.find((d) => d.symbol === fill.symbol);
        if (!day) {
          day = {
            symbol: fill.symbol,
            bought_quantity: 0,
            bought_paise: 0,
            sold_quantity: 0,
            sold_paise: 0,
            intraday_bought_paise: 0,
            intraday_sold_paise: 0,
            stt: 0,
            stamp: 0,
            dp: 0,
          };
          summary.stocks_today.push(day);
        }
        const delivery = fill.product === 'CNC';
        if (fill.side === 'BUY') {
          if (delivery) {
            day.bought_quantity += fill.quantity;
            day.bought_paise += value;
          } else day.intraday_bought_paise += value;
        } else if (delivery) {
          day.sold_quantity += fill.quantity;
          day.sold_paise += value;
        } else day.intraday_sold_paise += value;
        day.stt += fill.sttPaise;
        day.stamp += fill.stampPaise;
        day.dp += fill.dpPaise;
      }
      cached.lots = lotsAfter.filter((l) => l.openQuantity > 0);
    },

    /**
     * Grows with every committed write to the account's rows (fills applied, or the copy dropped):
     * what the read caches of the trade history and quick stats are keyed on.
     */
    version: () => version,

    /** Something else wrote: read afresh next time. */
    invalidate(): void {
      version += 1;
      cached = null;
    },

    /**
     * A copy to change apart from this cache: the orders of a batch before it commits (each order
     * on a copy of the batch's, dropped when the order is undone). `adopt` takes it back.
     */
    fork(): StateCache {
      return createStateCache(
        cached && { day: cached.day, summary: copySummary(cached.summary), lots: [...cached.lots] },
      );
    },

    /** Holds what `fork` (no longer used) holds: its batch committed. A read in flight keeps its result. */
    adopt(fork: StateCache): void {
      version += 1;
      cached = heldBy.get(fork)?.() ?? null;
    },
  };
  heldBy.set(self, () => cached);
  return self;
}

export interface StateCache {
  load(db: Db, prices: Prices, now: Date, openOrders: readonly OrderRow[]): Promise<AccountState>;
  holds(now: Date): boolean;
  applyFills(fills: readonly FillRow[], lotsAfter: readonly LotRow[]): void;
  version(): number;
  invalidate(): void;
  fork(): StateCache;
  adopt(fork: StateCache): void;
}

/** Cash plus every open position at its mark price (shorts count negative). */
export function accountValue(
  state: AccountState,
  prices: Prices,
): { valuePaise: number; holdingsPaise: number } {
  let holdingsPaise = 0;
  for (const position of state.positions.values())
    holdingsPaise += position.quantity * markPrice(position, prices);
  return { valuePaise: state.cashPaise + holdingsPaise, holdingsPaise };
}
