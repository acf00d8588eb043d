/** The trade history as CSV (Export CSV and Export Trade Report). */
import type { Trade } from '@nivesh/api-contract';
import { istCsvTime, plainNumber, toCsv, type CsvCell } from './csv';

const TRADE_CSV_HEADER = [
  'Trade ID',
  'Symbol',
  'Mode',
  'Side',
  'Product',
  'Quantity',
  'Entry Price',
  'Exit Price',
  'Current Price',
  'P&L',
  'Charges',
  'Net P&L',
  'Net P&L %',
  'Status',
  'Strategy',
  'Entry Time (IST)',
  'Exit Time (IST)',
] as const;

export function tradesToCsv(trades: readonly Trade[]): string {
  const rows: CsvCell[][] = trades.map((t) => [
    t.trade_id,
    t.symbol,
    t.mode.toUpperCase(),
    t.side,
    t.product,
    t.quantity,
    plainNumber(t.entry_price),
    plainNumber(t.exit_price),
    plainNumber(t.current_price),
    plainNumber(t.pnl),
    plainNumber(t.fees),
    plainNumber(t.net_pnl),
    plainNumber(t.pnl_percent),
    t.status,
    t.strategy,
    istCsvTime(t.entry_time),
    istCsvTime(t.exit_time),
  ]);
  return toCsv([[...TRADE_CSV_HEADER], ...rows]);
}
