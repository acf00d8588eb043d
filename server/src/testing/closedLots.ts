/**
 * Closed paper trades written straight to the database, for tests and benches that need an account
 * with hundreds or thousands of trades without placing each order: per lot its filled order, its
 * entry fill, the lot and one exit, written in chunks of 500 rows.
 */
import type { Db } from '../db/index.js';
import { schema } from '../db/index.js';

export interface ClosedLotSeed {
  symbol: string;
  side: 'BUY' | 'SELL';
  product: 'CNC' | 'MIS';
  quantity: number;
  openedAt: Date;
  closedAt: Date;
  /** Entry and exit prices, paise. */
  entry: number;
  exit: number;
  /** The lot's strategy ('' for none: the order then says 'Paper Trading'). */
  strategy: string;
  entryChargesPaise: number;
  exitChargesPaise: number;
}

const CHUNK = 500;

async function inChunks<T, R>(rows: readonly T[], insert: (chunk: T[], start: number) => Promise<R[]>) {
  const out: R[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(...(await insert(rows.slice(i, i + CHUNK), i)));
  return out;
}

/** The IST trading day of an instant. */
const istDay = (at: Date) => new Date(at.getTime() + 19_800_000).toISOString().slice(0, 10);

/**
 * Writes the lots; order ids are `PO-<idPrefix>-<n>` and trade ids `PT-<idPrefix>-<n>`, n padded to
 * four digits.
 */
export async function insertClosedLots(
  db: Db,
  lots: readonly ClosedLotSeed[],
  options: { idPrefix: string; placedBy: string },
): Promise<void> {
  const id = (kind: 'PO' | 'PT', n: number) => `${kind}-${options.idPrefix}-${String(n).padStart(4, '0')}`;
  const pnl = (lot: ClosedLotSeed) => (lot.side === 'BUY' ? 1 : -1) * lot.quantity * (lot.exit - lot.entry);
  await inChunks(lots, (chunk, start) =>
    db
      .insert(schema.orders)
      .values(
        chunk.map((lot, j) => ({
          id: id('PO', start + j),
          account: 'paper',
          symbol: lot.symbol,
          side: lot.side,
          quantity: lot.quantity,
          filledQuantity: lot.quantity,
          orderType: 'MARKET',
          product: lot.product,
          status: 'filled',
          averagePricePaise: lot.entry,
          strategy: lot.strategy || 'Paper Trading',
          placedBy: options.placedBy,
          placedAt: lot.openedAt,
          updatedAt: lot.openedAt,
          filledAt: lot.openedAt,
          tradingDay: istDay(lot.openedAt),
        })),
      )
      .returning({ id: schema.orders.id }),
  );
  const fills = await inChunks(lots, (chunk, start) =>
    db
      .insert(schema.fills)
      .values(
        chunk.map((lot, j) => ({
          orderId: id('PO', start + j),
          account: 'paper',
          symbol: lot.symbol,
          side: lot.side,
          product: lot.product,
          quantity: lot.quantity,
          pricePaise: lot.entry,
          // The entry's charges, all as brokerage (the history reads only their total).
          brokeragePaise: lot.entryChargesPaise,
          sttPaise: 0,
          exchangePaise: 0,
          sebiPaise: 0,
          stampPaise: 0,
          gstPaise: 0,
          dpPaise: 0,
          chargesPaise: lot.entryChargesPaise,
          executedAt: lot.openedAt,
          tradingDay: istDay(lot.openedAt),
        })),
      )
      .returning({ id: schema.fills.id }),
  );
  const lotRows = await inChunks(lots, (chunk, start) =>
    db
      .insert(schema.lots)
      .values(
        chunk.map((lot, j) => ({
          tradeId: id('PT', start + j),
          account: 'paper',
          symbol: lot.symbol,
          product: lot.product,
          side: lot.side,
          quantity: lot.quantity,
          openQuantity: 0,
          entryPricePaise: lot.entry,
          entryFillId: fills[start + j]!.id,
          entryChargesPaise: lot.entryChargesPaise,
          exitChargesPaise: lot.exitChargesPaise,
          exitQuantity: lot.quantity,
          exitValuePaise: lot.quantity * lot.exit,
          realizedPnlPaise: pnl(lot),
          strategy: lot.strategy,
          openedAt: lot.openedAt,
          closedAt: lot.closedAt,
          openedDay: istDay(lot.openedAt),
        })),
      )
      .returning({ id: schema.lots.id }),
  );
  await inChunks(lots, (chunk, start) =>
    db
      .insert(schema.lotExits)
      .values(
        chunk.map((lot, j) => ({
          lotId: lotRows[start + j]!.id,
          account: 'paper',
          quantity: lot.quantity,
          pricePaise: lot.exit,
          realizedPnlPaise: pnl(lot),
          exitChargesPaise: lot.exitChargesPaise,
          entryChargesPaise: lot.entryChargesPaise,
          exitedAt: lot.closedAt,
          tradingDay: istDay(lot.closedAt),
        })),
      )
      .returning({ id: schema.lotExits.id }),
  );
}
