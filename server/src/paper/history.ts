/**
 * The paper account's history as the risk and performance analytics read it: end-of-day values, external cash flows by day and
 * closed trades (one per exit, as the trade history shows them). These rows are only ever added,
 * so the history is held in memory and each read fetches what was added since the last one: one
 * query of counts when nothing changed. When a count does not match what is held (rows removed, or
 * another process committed a row out of id order) everything is read again.
 */
import { and, asc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { istDay } from '@nivesh/api-contract';
import { schema, type Db } from '../db/index.js';
import { exitFeesPaise, tradeStrategy } from './mapping.js';
import { toRupees } from './money.js';
import { FLOW_KINDS } from './state.js';
import type { TradeRecord } from '../analytics/performance.js';
import type { DayValue } from '../analytics/returns.js';

interface StoredDay {
  day: string;
  /** Rupees. */
  value: number;
  benchmark: number;
}

export interface AccountHistory {
  snapshots: readonly StoredDay[];
  /** Net external flow of each day with one, paise. */
  flowPaiseByDay: ReadonlyMap<string, number>;
  /** Closed trades, oldest exit first. */
  trades: readonly TradeRecord[];
}

/** How many of each kind of row is stored: a read compares them with what is held. */
export interface StoredCounts {
  snapshots: number;
  flows: number;
  exits: number;
}

interface Held {
  snapshots: StoredDay[];
  flowRows: number;
  lastFlowId: number;
  flowPaiseByDay: Map<string, number>;
  exitRows: number;
  lastExitId: number;
  trades: TradeRecord[];
}

const empty = (): Held => ({
  snapshots: [],
  flowRows: 0,
  lastFlowId: 0,
  flowPaiseByDay: new Map(),
  exitRows: 0,
  lastExitId: 0,
  trades: [],
});

export function createAccountHistory(db: Db, account = 'paper') {
  let held = empty();
  /** Reads run one at a time: each brings the one held history up to date. */
  let queue: Promise<unknown> = Promise.resolve();

  /** The stored rows' counts as columns `snapshots`, `flows` and `exits` (0 unless `withExits`). */
  function countColumns(withExits: boolean): SQL {
    const exits = withExits
      ? sql`(select count(*) from ${schema.lotExits} where ${schema.lotExits.account} = ${account})`
      : sql`0`;
    return sql`
        (select count(*) from ${schema.equitySnapshots} where ${schema.equitySnapshots.account} = ${account}) as snapshots,
        (select count(*) from ${schema.cashLedger} where ${schema.cashLedger.account} = ${account}
           and ${inArray(schema.cashLedger.kind, [...FLOW_KINDS])}) as flows,
        ${exits} as exits`;
  }

  const countsOf = (row: Record<string, unknown>): StoredCounts => ({
    snapshots: Number(row['snapshots']),
    flows: Number(row['flows']),
    exits: Number(row['exits']),
  });

  async function counts(withExits: boolean): Promise<StoredCounts> {
    const result = await db.execute(sql`select ${countColumns(withExits)}`);
    return countsOf((result as unknown as { rows: Array<Record<string, unknown>> }).rows[0]!);
  }

  async function readNew(h: Held, withExits: boolean): Promise<void> {
    const lastDay = h.snapshots[h.snapshots.length - 1]?.day ?? '';
    const [days, flows, exits] = await Promise.all([
      db
        .select({
          day: schema.equitySnapshots.tradingDay,
          value: schema.equitySnapshots.portfolioValuePaise,
          benchmark: schema.equitySnapshots.benchmarkClose,
        })
        .from(schema.equitySnapshots)
        .where(
          and(eq(schema.equitySnapshots.account, account), gt(schema.equitySnapshots.tradingDay, lastDay)),
        )
        .orderBy(asc(schema.equitySnapshots.tradingDay)),
      db
        .select({
          id: schema.cashLedger.id,
          day: schema.cashLedger.tradingDay,
          amount: schema.cashLedger.amountPaise,
        })
        .from(schema.cashLedger)
        .where(
          and(
            eq(schema.cashLedger.account, account),
            inArray(schema.cashLedger.kind, [...FLOW_KINDS]),
            gt(schema.cashLedger.id, h.lastFlowId),
          ),
        )
        .orderBy(asc(schema.cashLedger.id)),
      !withExits
        ? []
        : db
            .select({
              id: schema.lotExits.id,
              exitedAt: schema.lotExits.exitedAt,
              realizedPnlPaise: schema.lotExits.realizedPnlPaise,
              entryChargesPaise: schema.lotExits.entryChargesPaise,
              exitChargesPaise: schema.lotExits.exitChargesPaise,
              symbol: schema.lots.symbol,
              strategy: schema.lots.strategy,
              openedAt: schema.lots.openedAt,
            })
            .from(schema.lotExits)
            .innerJoin(schema.lots, eq(schema.lots.id, schema.lotExits.lotId))
            .where(and(eq(schema.lotExits.account, account), gt(schema.lotExits.id, h.lastExitId)))
            .orderBy(asc(schema.lotExits.id)),
    ]);
    for (const d of days) h.snapshots.push({ day: d.day, value: toRupees(d.value), benchmark: d.benchmark });
    for (const f of flows) {
      h.flowPaiseByDay.set(f.day, (h.flowPaiseByDay.get(f.day) ?? 0) + f.amount);
      h.lastFlowId = f.id;
      h.flowRows += 1;
    }
    for (const e of exits) {
      h.trades.push({
        symbol: e.symbol,
        strategy: tradeStrategy(e),
        netPnl: toRupees(e.realizedPnlPaise - exitFeesPaise(e)),
        openedAt: e.openedAt,
        closedAt: e.exitedAt,
        closedDay: istDay(e.exitedAt),
      });
      h.lastExitId = e.id;
      h.exitRows += 1;
    }
    h.trades.sort((a, b) => a.closedAt.getTime() - b.closedAt.getTime());
  }

  async function read(withExits: boolean, given?: StoredCounts): Promise<AccountHistory> {
    const now = given ?? (await counts(withExits));
    const matches = (h: Held) =>
      h.snapshots.length === now.snapshots &&
      h.flowRows === now.flows &&
      (!withExits || h.exitRows === now.exits);
    if (!matches(held)) {
      await readNew(held, withExits);
      if (!matches(held)) {
        const fresh = empty();
        await readNew(fresh, withExits);
        held = fresh;
      }
    }
    return { snapshots: held.snapshots, flowPaiseByDay: held.flowPaiseByDay, trades: held.trades };
  }

  function queued(withExits: boolean, given?: StoredCounts): Promise<AccountHistory> {
    const run = queue.then(
      () => read(withExits, given),
      () => read(withExits, given),
    );
    queue = run.catch(() => undefined);
    return run;
  }

  return {
    /** The history as stored now. */
    load: () => queued(true),
    /**
     * The end-of-day values and flows as stored now, without reading new exits (`trades` may lag):
     * what the loss limits need on every order, for one small query when nothing changed.
     */
    loadDays: (given?: StoredCounts) => queued(false, given),
    /**
     * What `loadDays` compares with what is held, as columns of another select (`columns`, read
     * with `of`): a statement that reads more gives them to `loadDays` and saves its query.
     */
    daysCounts: { columns: countColumns(false), of: countsOf },
  };
}

/**
 * The end-of-day series with each day's external flows, and today's value as the last point while
 * today's close is not recorded yet (flows since the last close belong to it).
 */
export function dailySeries(
  history: AccountHistory,
  today: string,
  current: { value: number; benchmark: number | null },
): DayValue[] {
  const flow = (day: string) => toRupees(history.flowPaiseByDay.get(day) ?? 0);
  const series: DayValue[] = history.snapshots.map((s) => ({ ...s, flow: flow(s.day) }));
  const last = series[series.length - 1];
  if (history.flowPaiseByDay.size > 0 && (!last || last.day < today)) {
    let pending = 0;
    for (const [day, paise] of history.flowPaiseByDay) if (!last || day > last.day) pending += paise;
    series.push({ day: today, value: current.value, flow: toRupees(pending), benchmark: current.benchmark });
  }
  return series;
}

/** The history as its readers (analytics, the loss limits) read it. */
export interface AccountHistoryReader {
  /** The history as stored now. */
  load(): Promise<AccountHistory>;
  /** The end-of-day values and flows as stored now (`trades` may lag). */
  loadDays(): Promise<AccountHistory>;
}
