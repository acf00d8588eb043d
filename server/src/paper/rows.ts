/**
 * The rows the paper writer adds or changes for fills (orders, fills, lots, lot exits and ledger
 * rows), gathered and then written in one statement: a batch of orders (context.ts) writes all of
 * its orders' rows together before its COMMIT, instead of five or six statements per order. The rows are built in memory with their ids taken beforehand (`takeIds`: one statement
 * for many), so an order can close a lot an earlier order of its batch opened, and the engine's
 * cached account holds the rows exactly as stored.
 */
import { getTableColumns, sql, type SQL, type Table } from 'drizzle-orm';
import { schema, type Db } from '../db/index.js';
import type { FillRow, LotRow, OrderRow } from './state.js';

type LotExitValues = typeof schema.lotExits.$inferInsert;
type LedgerValues = typeof schema.cashLedger.$inferInsert;

/** Rows to write, in the order they were made. */
export interface AccountRows {
  orders: OrderRow[];
  fills: FillRow[];
  /** Each lot as it is to be stored, by id: `created` ones are inserted, the others updated. */
  lots: Map<number, { row: LotRow; created: boolean }>;
  exits: LotExitValues[];
  ledger: LedgerValues[];
}

export const emptyRows = (): AccountRows => ({
  orders: [],
  fills: [],
  lots: new Map(),
  exits: [],
  ledger: [],
});

export const hasRows = (rows: AccountRows) =>
  rows.orders.length + rows.fills.length + rows.lots.size + rows.exits.length + rows.ledger.length > 0;

/** A new lot, or a lot's columns after a change (the last change of a lot is what is stored). */
export function putLot(rows: AccountRows, row: LotRow, created: boolean): void {
  const known = rows.lots.get(row.id);
  rows.lots.set(row.id, { row, created: created || (known?.created ?? false) });
}

/** Adds `from` after what `into` holds. */
export function appendRows(into: AccountRows, from: AccountRows): void {
  into.orders.push(...from.orders);
  into.fills.push(...from.fills);
  for (const { row, created } of from.lots.values()) putLot(into, row, created);
  into.exits.push(...from.exits);
  into.ledger.push(...from.ledger);
}

/** Ids for `count` fills and as many lots, from the tables' sequences (one statement). */
export async function takeIds(q: Db, count: number): Promise<{ fills: number[]; lots: number[] }> {
  const result = await q.execute(sql`
    select nextval(pg_get_serial_sequence('fills', 'id'))::int as fill,
      nextval(pg_get_serial_sequence('lots', 'id'))::int as lot
    from generate_series(1, ${count}::int)`);
  const rows = (result as unknown as { rows: Array<{ fill: number | string; lot: number | string }> }).rows;
  return { fills: rows.map((r) => Number(r.fill)), lots: rows.map((r) => Number(r.lot)) };
}

/**
 * Ids handed out a few at a time from blocks taken `hint()` at once (at least as many as asked):
 * ids taken and not used are gaps, as a rolled-back insert leaves.
 */
export function idPool(hint: () => number) {
  let fills: number[] = [];
  let lots: number[] = [];
  return {
    async take(q: Db, count: number): Promise<{ fills: number[]; lots: number[] }> {
      if (fills.length < count) ({ fills, lots } = await takeIds(q, Math.max(count, hint())));
      return { fills: fills.splice(0, count), lots: lots.splice(0, count) };
    },
  };
}

export type IdPool = ReturnType<typeof idPool>;

/**
 * The rows as one JSON parameter with the table's column names, read by `json_populate_recordset`
 * with the table's own column types: one parameter instead of one per value (what a statement of
 * many rows costs to build and send). `names` are the columns the rows give (a column no row gives
 * keeps its default). The tables written here hold text, integers, paise and timestamps only (a
 * Date becomes its ISO string).
 */
function records<T extends Table>(table: T, rows: ReadonlyArray<Partial<T['$inferInsert']>>) {
  const byKey = getTableColumns(table);
  const keys = new Set<string>();
  for (const row of rows) for (const key in row) keys.add(key);
  const pairs = [...keys].map((key) => [key, byKey[key]!.name] as const);
  const json = JSON.stringify(
    rows.map((row) => {
      const record: Record<string, unknown> = {};
      for (const [key, name] of pairs) record[name] = (row as Record<string, unknown>)[key] ?? null;
      return record;
    }),
  );
  return {
    names: pairs.map(([, name]) => name),
    source: sql`json_populate_recordset(null::${table}, ${json}::json)`,
  };
}

const columnList = (names: readonly string[]) =>
  sql.join(
    names.map((name) => sql.identifier(name)),
    sql`, `,
  );

function insert<T extends Table>(table: T, rows: ReadonlyArray<T['$inferInsert']>): SQL {
  const { names, source } = records(table, rows);
  return sql`insert into ${table} (${columnList(names)}) select ${columnList(names)} from ${source}`;
}

/** The lots' columns a fill changes. */
function updateLots(lots: readonly LotRow[]): SQL {
  const { names, source } = records(
    schema.lots,
    lots.map((l) => ({
      id: l.id,
      openQuantity: l.openQuantity,
      exitQuantity: l.exitQuantity,
      exitValuePaise: l.exitValuePaise,
      exitChargesPaise: l.exitChargesPaise,
      realizedPnlPaise: l.realizedPnlPaise,
      closedAt: l.closedAt,
    })),
  );
  const set = sql.join(
    names
      .filter((name) => name !== 'id')
      .map((name) => sql`${sql.identifier(name)} = v.${sql.identifier(name)}`),
    sql`, `,
  );
  return sql`update ${schema.lots} set ${set} from ${source} as v where ${schema.lots.id} = v.id`;
}

/**
 * Writes `rows` in `tx` in one statement: an INSERT (or the lots' UPDATE) per table with rows, each
 * a part of one WITH (the foreign keys are checked at the end of the statement, when every row is
 * there).
 */
export async function writeRows(tx: Db, rows: AccountRows): Promise<void> {
  const created: LotRow[] = [];
  const changed: LotRow[] = [];
  for (const { row, created: isNew } of rows.lots.values()) (isNew ? created : changed).push(row);
  const parts: SQL[] = [];
  if (rows.orders.length > 0) parts.push(insert(schema.orders, rows.orders));
  if (rows.fills.length > 0) parts.push(insert(schema.fills, rows.fills));
  if (created.length > 0) parts.push(insert(schema.lots, created));
  if (changed.length > 0) parts.push(updateLots(changed));
  if (rows.exits.length > 0) parts.push(insert(schema.lotExits, rows.exits));
  if (rows.ledger.length > 0) parts.push(insert(schema.cashLedger, rows.ledger));
  if (parts.length === 0) return;
  if (parts.length === 1) {
    await tx.execute(parts[0]!);
    return;
  }
  const withs = sql.join(
    parts.map((part, i) => sql`${sql.identifier(`write_${i}`)} as (${part})`),
    sql`, `,
  );
  await tx.execute(sql`with ${withs} select 1`);
}
