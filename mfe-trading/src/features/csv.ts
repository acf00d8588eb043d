/**
 * CSV files for download (RFC 4180: comma separated, CRLF line ends, fields with a comma, quote or
 * line break quoted). Amounts are plain numbers (no rupee sign, no grouping) so spreadsheets can
 * sum them.
 */
import { istDateTimeText } from '@nivesh/api-contract';

export type CsvCell = string | number | null | undefined;

function escapeCell(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  const text = typeof cell === 'number' ? String(cell) : cell;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map((row) => row.map(escapeCell).join(',')).join('\r\n') + '\r\n';
}

/** An amount or rate rounded to `decimals` places, as a plain number (null stays empty). */
export function plainNumber(value: number | null | undefined, decimals = 2): number | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** '2026-03-10 09:30:00' in India Standard Time (the column header says IST). */
export function istCsvTime(value: string | null | undefined): string {
  return value ? istDateTimeText(value) : '';
}

/** Offers `csv` as a file download. A byte-order mark lets Excel read it as UTF-8. */
export function downloadCsv(filename: string, csv: string): void {
  const blob = new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Let the browser start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A file-name-safe stamp of the IST day, e.g. 2026-03-10. */
export function istFileDay(now: Date): string {
  return istCsvTime(now.toISOString()).slice(0, 10);
}
