/**
 * The trade history as CSV (Export CSV and Export Trade Report): each row with what it is in words
 * (tradeText) and each P&L with its basis, as the pages show them.
 */
import type { Trade } from '@nivesh/api-contract';
import { PNL_BASIS_TEXT } from '@nivesh/ui';
import { istCsvTime, plainNumber, toCsv, type CsvCell } from './csv';
import { tradeSentence } from './tradeText';

export const TRADE_CSV_HEADER = [
  'Trade ID',
  'Symbol',
  'Mode',
  'Side',
  'Trade',
  'Product',
  'Quantity',
  'Opened Quantity',
  'Entry Price',
  'Exit Price',
  'Current Price',
  `P&L (${PNL_BASIS_TEXT.before_charges})`,
  'Charges',
  `Net P&L (${PNL_BASIS_TEXT.after_charges})`,
  'Net P&L %',
  'Status',
  'Strategy',
  'Entry Time (IST)',
  'Exit Time (IST)',
] as const;

/** One trade as a row under TRADE_CSV_HEADER. */
export function tradeCsvRow(t: Trade): CsvCell[] {
  return [
    t.trade_id,
    t.symbol,
    t.mode.toUpperCase(),
    t.side,
    tradeSentence(t),
    t.product,
    t.quantity,
    t.opened_quantity,
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
  ];
}

export function tradesToCsv(trades: readonly Trade[]): string {
  return toCsv([[...TRADE_CSV_HEADER], ...trades.map(tradeCsvRow)]);
}
