/**
 * The monthly, per-stock and per-strategy breakdowns and the deepest drawdowns of the analytics
 * answer, and a period's closed trades (the printable report).
 */
import type { ReactNode } from 'react';
import { Table, Text } from '@nivesh/ui/chakra';
import {
  istDay,
  type DrawdownEpisode,
  type MonthlyBreakdown,
  type StockBreakdown,
  type StrategyBreakdown,
  type Trade,
} from '@nivesh/api-contract';
import { PnlLabel, Unavailable, formatNumber, formatRupees } from '@nivesh/ui';
import { MISSING, formatDay, percentText, ratioText, rupeesText } from '../../features/format';
import { tradeSentence } from '../../features/tradeText';

const monthLabel = new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' });

interface Column<T> {
  header: string;
  numeric?: boolean;
  /** A P&L column: its header says the figures are after charges (PnlLabel). */
  pnl?: boolean;
  cell: (row: T) => ReactNode;
}

function Pnl({ value }: { value: number | null }) {
  if (value === null) return <>{MISSING}</>;
  return (
    <Text as="span" color={value < 0 ? 'loss' : value > 0 ? 'gain' : undefined} fontWeight="medium">
      {formatRupees(value, { sign: true })}
    </Text>
  );
}

function BreakdownTable<T>({
  label,
  rows,
  rowKey,
  columns,
  empty,
}: {
  label: string;
  rows: readonly T[];
  rowKey: (row: T) => string;
  columns: Column<T>[];
  empty: string;
}) {
  if (rows.length === 0) return <Unavailable title={empty} />;
  return (
    <Table.ScrollArea borderWidth="1px" borderColor="border" rounded="l2">
      <Table.Root size="sm" aria-label={label} fontVariantNumeric="tabular-nums">
        <Table.Header>
          <Table.Row bg="bg.subtle">
            {columns.map((c) => (
              <Table.ColumnHeader key={c.header} textAlign={c.numeric ? 'end' : 'start'}>
                {c.pnl ? <PnlLabel label={c.header} layout="stacked" /> : c.header}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={rowKey(row)}>
              {columns.map((c) => (
                <Table.Cell key={c.header} textAlign={c.numeric ? 'end' : 'start'}>
                  {c.cell(row)}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** A row's name (a symbol, a strategy). */
function Strong({ children }: { children: ReactNode }) {
  return (
    <Text as="span" fontWeight="semibold">
      {children}
    </Text>
  );
}

const winRate = (value: number | null) => percentText(value, { sign: false, decimals: 1 });

export function MonthlyTable({ rows }: { rows: readonly MonthlyBreakdown[] }) {
  return (
    <BreakdownTable
      label="Monthly performance"
      rows={rows}
      rowKey={(r) => r.month}
      empty="No months with activity in this period"
      columns={[
        { header: 'Month', cell: (r) => monthLabel.format(new Date(`${r.month}-01T00:00:00Z`)) },
        {
          header: 'Return',
          numeric: true,
          cell: (r) => (
            <Text as="span" color={r.return_percent < 0 ? 'loss' : 'gain'}>
              {percentText(r.return_percent)}
            </Text>
          ),
        },
        { header: 'P&L', numeric: true, pnl: true, cell: (r) => <Pnl value={r.pnl} /> },
        { header: 'Trades', numeric: true, cell: (r) => formatNumber(r.trades) },
        { header: 'Win Rate', numeric: true, cell: (r) => winRate(r.win_rate) },
      ]}
    />
  );
}

export function StocksTable({ rows }: { rows: readonly StockBreakdown[] }) {
  return (
    <BreakdownTable
      label="Performance by stock"
      rows={rows}
      rowKey={(r) => r.symbol}
      empty="No stocks match"
      columns={[
        {
          header: 'Symbol',
          cell: (r) => <Strong>{r.symbol}</Strong>,
        },
        { header: 'Trades', numeric: true, cell: (r) => formatNumber(r.trades) },
        { header: 'P&L', numeric: true, pnl: true, cell: (r) => <Pnl value={r.pnl} /> },
        { header: 'Win Rate', numeric: true, cell: (r) => winRate(r.win_rate) },
      ]}
    />
  );
}

export function StrategiesTable({ rows }: { rows: readonly StrategyBreakdown[] }) {
  return (
    <BreakdownTable
      label="Performance by strategy"
      rows={rows}
      rowKey={(r) => r.strategy}
      empty="No strategies match"
      columns={[
        {
          header: 'Strategy',
          cell: (r) => <Strong>{r.strategy}</Strong>,
        },
        { header: 'Trades', numeric: true, cell: (r) => formatNumber(r.trades) },
        { header: 'P&L', numeric: true, pnl: true, cell: (r) => <Pnl value={r.pnl} /> },
        { header: 'Win Rate', numeric: true, cell: (r) => winRate(r.win_rate) },
        { header: 'Profit Factor', numeric: true, cell: (r) => ratioText(r.profit_factor) },
      ]}
    />
  );
}

export function DrawdownsTable({ rows }: { rows: readonly DrawdownEpisode[] }) {
  return (
    <BreakdownTable
      label="Deepest drawdowns"
      rows={rows}
      rowKey={(r) => r.start}
      empty="No drawdown in this period"
      columns={[
        { header: 'Start', cell: (r) => formatDay(r.start) },
        { header: 'Trough', cell: (r) => formatDay(r.trough) },
        {
          header: 'Recovery',
          cell: (r) =>
            r.recovery === null ? (
              <Text as="span" color="fg.muted">
                Not recovered
              </Text>
            ) : (
              formatDay(r.recovery)
            ),
        },
        {
          header: 'Depth',
          numeric: true,
          cell: (r) => (
            <Text as="span" color="loss" fontWeight="medium">
              {percentText(r.depth, { sign: false })}
            </Text>
          ),
        },
        {
          header: 'Length',
          numeric: true,
          cell: (r) => `${formatNumber(r.length)} ${r.length === 1 ? 'day' : 'days'}`,
        },
      ]}
    />
  );
}

export function ClosedTradesTable({ rows }: { rows: readonly Trade[] }) {
  return (
    <BreakdownTable
      label="Closed trades"
      rows={rows}
      rowKey={(r) => r.trade_id}
      empty="No trades closed in this period"
      columns={[
        { header: 'Closed', cell: (r) => (r.exit_time ? formatDay(istDay(r.exit_time)) : MISSING) },
        {
          header: 'Symbol',
          cell: (r) => <Strong>{r.symbol}</Strong>,
        },
        { header: 'Trade', cell: (r) => tradeSentence(r) },
        { header: 'Qty', numeric: true, cell: (r) => formatNumber(r.quantity) },
        { header: 'Entry', numeric: true, cell: (r) => rupeesText(r.entry_price, { decimals: 2 }) },
        { header: 'Exit', numeric: true, cell: (r) => rupeesText(r.exit_price, { decimals: 2 }) },
        { header: 'Charges', numeric: true, cell: (r) => formatRupees(r.fees, { decimals: 2 }) },
        { header: 'Net P&L', numeric: true, pnl: true, cell: (r) => <Pnl value={r.net_pnl} /> },
        { header: 'Strategy', cell: (r) => r.strategy },
      ]}
    />
  );
}
