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

export interface Ids {
  fills: number[];
  lots: number[];
}

/**
 * Ids for `count` fills and as many lots from the tables' sequences, as two columns `fills` and
 * `lots` (integer arrays) of a select: to read alone (`takeIds`) or with another read.
 */
export const idColumns = (count: number): SQL => sql`
  array(select nextval(pg_get_serial_sequence('fills', 'id'))::int from generate_series(1, ${count}::int)) as fills,
  array(select nextval(pg_get_serial_sequence('lots', 'id'))::int from generate_series(1, ${count}::int)) as lots`;

/** The ids of a row read with `idColumns`. */
export const idsOf = (row: { fills: Array<number | string>; lots: Array<number | string> }): Ids => ({
  fills: row.fills.map(Number),
  lots: row.lots.map(Number),
});

/** Ids for `count` fills and as many lots, from the tables' sequences (one statement). */
export async function takeIds(q: Db, count: number): Promise<Ids> {
  const result = await q.execute(sql`select ${idColumns(count)}`);
  const rows = (result as unknown as { rows: Array<Parameters<typeof idsOf>[0]> }).rows;
  return idsOf(rows[0]!);
}

/**
 * Ids handed out a few at a time from blocks taken `hint()` at once (at least as many as asked),
 * the first block possibly taken already (`first`): ids taken and not used are gaps, as a
 * rolled-back insert leaves.
 */
export function idPool(hint: () => number, first?: Ids) {
  let fills: number[] = first?.fills ?? [];
  let lots: number[] = first?.lots ?? [];
  return {
    async take(q: Db, count: number): Promise<Ids> {
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

/**
 * The columns as one piece of SQL text (quoted as `sql.identifier` quotes): the names are the
 * schema's own, never input, and one piece per name cost more to assemble than the rows' values.
 */
const columnList = (names: readonly string[]) =>
  sql.raw(names.map((name) => `"${name.replaceAll('"', '""')}"`).join(', '));

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
  // The ids again as an array: the planner takes the rows of `source` for a hundred and would scan
  // every lot the account ever had to join them; with the ids it reads each lot by its key.
  const ids = `{${lots.map((l) => l.id).join(',')}}`;
  return sql`update ${schema.lots} set ${set} from ${source} as v where ${schema.lots.id} = any(${ids}::int[]) and ${schema.lots.id} = v.id`;
}

/**
 * Writes `rows` in `tx` in one statement: an INSERT (or the lots' UPDATE) per table with rows, each
 * a part of one WITH (the foreign keys are checked at the end of the statement, when every row is
 * there), and `also` (other writes of the same transaction, as parts of the WITH).
 */
export async function writeRows(tx: Db, rows: AccountRows, also: readonly SQL[] = []): Promise<void> {
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
  parts.push(...also);
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
