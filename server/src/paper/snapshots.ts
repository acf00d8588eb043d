/**
 * End-of-day equity snapshots (equity_snapshots): the account's value at each trading day's close,
 * the series performance and risk analytics read.
 *
 * - After 15:30 IST on a trading day the day's row is written from the live state ('close').
 * - Every trading day since the account's first ledger row that has no row yet is backfilled from
 *   the ledger as it stood at the end of that day (cash = ledger rows up to that day; shares = fills
 *   up to that day) valued at the feed's daily closes ('backfill'). A day without a close for a held
 *   stock uses its latest earlier close; a day without any close for it, or without a NIFTY 50
 *   close, is left out (and logged) rather than invented.
 * Writing is idempotent: a day's row is never written twice.
 */
import { and, asc, desc, eq, gt, gte, inArray, lte, sql } from 'drizzle-orm';
import { istDay } from '@nivesh/api-contract';
import { schema, type Db } from '../db/index.js';
import type { HolidayCalendar } from '../market/calendar.js';
import type { Candle, MarketFeed } from '../market/feed.js';
import { toPaise } from './money.js';
import { FLOW_KINDS, type Epoch } from './state.js';
import { addDays, lastClosedTradingDay, tradingDaysBetween } from '../market/tradingDays.js';

export const BENCHMARK_SYMBOL = 'NIFTY_50';

export interface SnapshotResult {
  /** Days written now, with their source. */
  written: Array<{ day: string; source: 'close' | 'backfill' }>;
  /** Days that could not be valued, and why. */
  skipped: Array<{ day: string; reason: string }>;
}

interface CurrentValuation {
  cashPaise: number;
  holdingsPaise: number;
  valuePaise: number;
  /** NIFTY 50's last level, or null when the hub has none. */
  benchmark: number | null;
}

export interface SnapshotDeps {
  db: Db;
  feed: MarketFeed;
  calendar: HolidayCalendar;
  now: Date;
  account?: string;
  log: { warn(obj: object, msg: string): void };
  /** The account valued now (for today's row, written after the close). */
  current(): Promise<CurrentValuation>;
}

/** The close of the latest candle on or before `day` (candles oldest first). */
function closeOn(candles: readonly Candle[], day: string): number | null {
  let found: number | null = null;
  for (const candle of candles) {
    if (candle.date > day) break;
    found = candle.close;
  }
  return found;
}

export async function ensureSnapshots(deps: SnapshotDeps): Promise<SnapshotResult> {
  const { db, feed, calendar, now } = deps;
  const account = deps.account ?? 'paper';
  const result: SnapshotResult = { written: [], skipped: [] };

  const [first] = await db
    .select({ day: sql<string | null>`min(${schema.cashLedger.tradingDay})` })
    .from(schema.cashLedger)
    .where(eq(schema.cashLedger.account, account));
  const lastClosed = lastClosedTradingDay(now, calendar);
  if (!first?.day || !lastClosed || lastClosed < first.day) return result;

  const days = tradingDaysBetween(first.day, lastClosed, calendar);
  const existing = new Set(
    (
      await db
        .select({ day: schema.equitySnapshots.tradingDay })
        .from(schema.equitySnapshots)
        .where(
          and(eq(schema.equitySnapshots.account, account), gte(schema.equitySnapshots.tradingDay, first.day)),
        )
    ).map((r) => r.day),
  );
  const missing = days.filter((d) => !existing.has(d));
  if (missing.length === 0) return result;

  const today = istDay(now);
  const past = missing.filter((d) => d !== today);

  if (past.length > 0) {
    const from = past[0]!;
    const to = past[past.length - 1]!;
    const ledgerByDay = await db
      .select({
        day: schema.cashLedger.tradingDay,
        amount: sql<string>`sum(${schema.cashLedger.amountPaise})`,
      })
      .from(schema.cashLedger)
      .where(and(eq(schema.cashLedger.account, account), lte(schema.cashLedger.tradingDay, to)))
      .groupBy(schema.cashLedger.tradingDay)
      .orderBy(asc(schema.cashLedger.tradingDay));
    const fillsByDay = await db
      .select({
        day: schema.fills.tradingDay,
        symbol: schema.fills.symbol,
        net: sql<string>`sum(case when ${schema.fills.side} = 'BUY' then ${schema.fills.quantity} else -${schema.fills.quantity} end)`,
      })
      .from(schema.fills)
      .where(and(eq(schema.fills.account, account), lte(schema.fills.tradingDay, to)))
      .groupBy(schema.fills.tradingDay, schema.fills.symbol)
      .orderBy(asc(schema.fills.tradingDay));

    // The state at the end of each missing day.
    const states = new Map<string, { cash: number; shares: Map<string, number> }>();
    let cash = 0;
    const shares = new Map<string, number>();
    let li = 0;
    let fi = 0;
    for (const day of past) {
      while (li < ledgerByDay.length && ledgerByDay[li]!.day <= day)
        cash += Number(ledgerByDay[li++]!.amount);
      while (fi < fillsByDay.length && fillsByDay[fi]!.day <= day) {
        const row = fillsByDay[fi++]!;
        shares.set(row.symbol, (shares.get(row.symbol) ?? 0) + Number(row.net));
      }
      states.set(day, { cash, shares: new Map([...shares].filter(([, q]) => q !== 0)) });
    }

    const symbols = new Set<string>([BENCHMARK_SYMBOL]);
    for (const state of states.values()) for (const symbol of state.shares.keys()) symbols.add(symbol);
    // Two weeks before the first day so a holiday-stretch still finds an earlier close.
    const candleFrom = addDays(from, -14);
    const candles = new Map<string, Candle[]>();
    for (const symbol of symbols) candles.set(symbol, await feed.dailyCandles(symbol, candleFrom, to));

    for (const day of past) {
      const state = states.get(day)!;
      const benchmark = closeOn(candles.get(BENCHMARK_SYMBOL) ?? [], day);
      if (benchmark === null) {
        result.skipped.push({ day, reason: `no ${BENCHMARK_SYMBOL} close` });
        continue;
      }
      let holdings = 0;
      let unpriced: string | null = null;
      for (const [symbol, quantity] of state.shares) {
        const close = closeOn(candles.get(symbol) ?? [], day);
        if (close === null) {
          unpriced = symbol;
          break;
        }
        holdings += quantity * toPaise(close);
      }
      if (unpriced) {
        result.skipped.push({ day, reason: `no close for ${unpriced}` });
        continue;
      }
      const inserted = await db
        .insert(schema.equitySnapshots)
        .values({
          account,
          tradingDay: day,
          portfolioValuePaise: state.cash + holdings,
          cashPaise: state.cash,
          holdingsValuePaise: holdings,
          benchmarkClose: benchmark,
          source: 'backfill',
          recordedAt: now,
        })
        .onConflictDoNothing()
        .returning({ day: schema.equitySnapshots.tradingDay });
      if (inserted.length > 0) result.written.push({ day, source: 'backfill' });
    }
  }

  if (missing.includes(today)) {
    const current = await deps.current();
    const benchmark =
      current.benchmark ??
      closeOn(await feed.dailyCandles(BENCHMARK_SYMBOL, addDays(today, -14), today), today);
    if (benchmark === null) {
      result.skipped.push({ day: today, reason: `no ${BENCHMARK_SYMBOL} close` });
    } else {
      const inserted = await db
        .insert(schema.equitySnapshots)
        .values({
          account,
          tradingDay: today,
          portfolioValuePaise: current.valuePaise,
          cashPaise: current.cashPaise,
          holdingsValuePaise: current.holdingsPaise,
          benchmarkClose: benchmark,
          source: 'close',
          recordedAt: now,
        })
        .onConflictDoNothing()
        .returning({ day: schema.equitySnapshots.tradingDay });
      if (inserted.length > 0) result.written.push({ day: today, source: 'close' });
    }
  }

  for (const skip of result.skipped) deps.log.warn(skip, 'equity snapshot left out');
  return result;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/**
 * Percent return over the last 30 days: today's value against the latest end-of-day snapshot at
 * least 30 days old, net of deposits and withdrawals since. An account (or reset) younger than
 * that is measured from what it was given; without a start or a snapshot, `fallbackPercent`.
 */
export async function monthlyReturnPercent(
  db: Db,
  input: {
    account: string;
    now: Date;
    valuePaise: number;
    epoch: Pick<Epoch, 'day' | 'capitalPaise'> | null;
    fallbackPercent?: number;
  },
): Promise<number> {
  const { account, now, valuePaise, epoch } = input;
  const sinceStart =
    epoch && epoch.capitalPaise > 0
      ? round2(((valuePaise - epoch.capitalPaise) / epoch.capitalPaise) * 100)
      : (input.fallbackPercent ?? 0);
  const startDay = istDay(new Date(now.getTime() - 30 * 86_400_000));
  if (epoch && epoch.day >= startDay) return sinceStart;
  const [base] = await db
    .select()
    .from(schema.equitySnapshots)
    .where(
      and(
        eq(schema.equitySnapshots.account, account),
        lte(schema.equitySnapshots.tradingDay, startDay),
        gte(schema.equitySnapshots.tradingDay, epoch?.day ?? '0000-01-01'),
      ),
    )
    .orderBy(desc(schema.equitySnapshots.tradingDay))
    .limit(1);
  if (!base || base.portfolioValuePaise <= 0) return sinceStart;
  const [flows] = await db
    .select({ amount: sql<string>`coalesce(sum(${schema.cashLedger.amountPaise}), 0)` })
    .from(schema.cashLedger)
    .where(
      and(
        eq(schema.cashLedger.account, account),
        inArray(schema.cashLedger.kind, [...FLOW_KINDS]),
        gt(schema.cashLedger.tradingDay, base.tradingDay),
      ),
    );
  const gain = valuePaise - Number(flows?.amount ?? 0) - base.portfolioValuePaise;
  return round2((gain / base.portfolioValuePaise) * 100);
}
