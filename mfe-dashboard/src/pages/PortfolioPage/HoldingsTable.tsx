/**
 * Current holdings from `md` up: Symbol, Quantity, Entry Price, Current Price, P&L, Return %, at
 * live prices, and Buy / Sell for each (the order ticket, prefilled with the holding).
 */
import { Table } from '@nivesh/ui/chakra';
import type { Holding } from '@nivesh/api-contract';
import { DEFAULT_PNL_BASIS, formatNumber, formatPercent, formatRupees, PnlLabel } from '@nivesh/ui';
import { HoldingName, toneOf, TradeButtons, type HoldingsViewProps } from './holdingParts';

export function HoldingsTable({ holdings, onOrder }: HoldingsViewProps) {
  return (
    <Table.ScrollArea borderWidth="1px" borderColor="border" rounded="l2">
      <Table.Root size="sm" interactive stickyHeader aria-label="Current holdings">
        <Table.Header>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader>Symbol</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Quantity</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Entry Price</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Current Price</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">
              <PnlLabel label="P&L" basis={holdings[0]?.pnl_basis ?? DEFAULT_PNL_BASIS} layout="stacked" />
            </Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Return %</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Trade</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body fontVariantNumeric="tabular-nums">
          {holdings.map((holding) => (
            <HoldingRow key={`${holding.symbol}-${holding.product}`} holding={holding} onOrder={onOrder} />
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function HoldingRow({ holding, onOrder }: { holding: Holding; onOrder: HoldingsViewProps['onOrder'] }) {
  const tone = toneOf(holding.total_returns);
  const percentTone = toneOf(holding.total_returns_percent);
  return (
    <Table.Row data-testid={`holding-${holding.symbol}-${holding.product}`}>
      <Table.Cell>
        <HoldingName holding={holding} nameWidth="48" />
      </Table.Cell>
      <Table.Cell textAlign="end">{formatNumber(holding.quantity)}</Table.Cell>
      <Table.Cell textAlign="end">{formatRupees(holding.avg_price, { decimals: 2 })}</Table.Cell>
      <Table.Cell textAlign="end" data-testid="current-price">
        {formatRupees(holding.current_price, { decimals: 2 })}
      </Table.Cell>
      <Table.Cell textAlign="end" color={tone} data-tone={tone} fontWeight="medium">
        {formatRupees(holding.total_returns, { sign: true })}
      </Table.Cell>
      <Table.Cell textAlign="end" color={percentTone} data-tone={percentTone} fontWeight="medium">
        {formatPercent(holding.total_returns_percent)}
      </Table.Cell>
      <Table.Cell textAlign="end">
        <TradeButtons holding={holding} onOrder={onOrder} />
      </Table.Cell>
    </Table.Row>
  );
}
