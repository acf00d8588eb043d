/** Small translations between Upstox's vocabulary and ours, shared by the live broker and account. */
import { fromIstWallClock, type OrderStatus, type TradeProduct } from '@nivesh/api-contract';
import type { Instrument } from '../../market/feed.js';
import { HttpError } from '../../http/errors.js';
import { TokenExpiredError, UpstoxApiError, UpstoxUnavailableError } from './client.js';

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};

/** Upstox order statuses (complete, rejected, cancelled, open, trigger pending, ...) as ours. */
export function mapUpstoxOrderStatus(status: string): OrderStatus {
  const s = status.trim().toLowerCase();
  if (s === 'complete' || s === 'completed' || s === 'filled') return 'filled';
  if (s === 'rejected') return 'rejected';
  if (s.startsWith('cancelled') || s === 'canceled') return 'cancelled';
  return 'open';
}

export const toUpstoxProduct = (product: TradeProduct): 'D' | 'I' => (product === 'CNC' ? 'D' : 'I');
export const fromUpstoxProduct = (product: string): TradeProduct => (product === 'I' ? 'MIS' : 'CNC');

/**
 * Upstox timestamps are IST wall-clock text: `2023-10-19 09:23:23` (order book) or
 * `03-Aug-2017 15:03:42` (trades). Null when neither.
 */
export function parseIstTimestamp(text: string | null | undefined): Date | null {
  if (!text) return null;
  let m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(text.trim());
  let parts: number[] | null = m ? m.slice(1).map(Number) : null;
  if (!parts) {
    m = /^(\d{2})-([A-Za-z]{3})-(\d{4}) (\d{2}):(\d{2}):(\d{2})$/.exec(text.trim());
    const month = m ? MONTHS[m[2]!.toLowerCase()] : undefined;
    if (m && month) parts = [Number(m[3]), month, Number(m[1]), Number(m[4]), Number(m[5]), Number(m[6])];
  }
  if (!parts) return null;
  const [y, mo, d, h, mi, s] = parts as [number, number, number, number, number, number];
  const instant = fromIstWallClock({ year: y, month: mo, day: d, hour: h, minute: mi, second: s });
  return Number.isNaN(instant.getTime()) ? null : instant;
}

export const round2 = (value: number) => Math.round(value * 100) / 100;
export const toPaise = (rupees: number) => Math.round(rupees * 100);
export const toRupees = (paise: number) => paise / 100;

/** `₹1,23,456.78` */
export function formatRupees(value: number): string {
  return `₹${value.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** Looks instruments up by symbol and by Upstox instrument key. */
export function instrumentLookup(instruments: () => readonly Instrument[]) {
  let cached: readonly Instrument[] | null = null;
  let bySymbol = new Map<string, Instrument>();
  let byKey = new Map<string, Instrument>();
  function refresh() {
    const list = instruments();
    if (list !== cached) {
      cached = list;
      bySymbol = new Map(list.map((i) => [i.symbol, i]));
      byKey = new Map(list.map((i) => [i.instrumentKey, i]));
    }
  }
  return {
    bySymbol(symbol: string): Instrument | undefined {
      refresh();
      return bySymbol.get(symbol);
    },
    byKey(key: string): Instrument | undefined {
      refresh();
      return byKey.get(key);
    },
    /** Our symbol for an Upstox row: from the master by key, else the trading symbol without `-EQ`. */
    symbolOf(key: string, tradingSymbol: string | null | undefined): string {
      refresh();
      return byKey.get(key)?.symbol ?? tradingSymbol?.replace(/-EQ$/, '') ?? key;
    },
    require(symbol: string): Instrument {
      const found = this.bySymbol(symbol);
      if (!found) throw new HttpError(400, `Unknown symbol ${symbol}: it is not in the instrument master.`);
      return found;
    },
  };
}

/** An Upstox failure on a read, as the HTTP answer the caller sees. */
export function readFailure(error: unknown): never {
  if (error instanceof TokenExpiredError) {
    throw new HttpError(409, `Upstox data is unavailable: ${error.message}`, { token_state: error.state });
  }
  if (error instanceof UpstoxApiError)
    throw new HttpError(502, `Upstox refused the request: ${error.message}.`);
  if (error instanceof UpstoxUnavailableError) throw new HttpError(502, error.message);
  throw error;
}
