/**
 * Current holdings: Symbol, Quantity, Entry Price, Current Price, P&L, Return %, at live prices,
 * and Buy / Sell for each (the order ticket, prefilled with the holding).
 */
import { Badge, Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import type { Holding } from '@nivesh/api-contract';
import { formatNumber, formatPercent, formatRupees } from '@nivesh/ui';
import type { OrderTicketPrefill } from '../../features/orderTicket';

function toneOf(value: number): 'gain' | 'loss' {
  return value < 0 ? 'loss' : 'gain';
}

export interface HoldingsTableProps {
  holdings: Holding[];
  /** Opens the order ticket for a holding. */
  onOrder: (prefill: OrderTicketPrefill) => void;
}

export function HoldingsTable({ holdings, onOrder }: HoldingsTableProps) {
  return (
    <Table.ScrollArea borderWidth="1px" borderColor="border" rounded="l2">
      <Table.Root size="sm" interactive stickyHeader aria-label="Current holdings">
        <Table.Header>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader>Symbol</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Quantity</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Entry Price</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Current Price</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">P&amp;L</Table.ColumnHeader>
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

function HoldingRow({ holding, onOrder }: { holding: Holding; onOrder: HoldingsTableProps['onOrder'] }) {
  const tone = toneOf(holding.total_returns);
  const percentTone = toneOf(holding.total_returns_percent);
  // Selling a long holding closes it (a short one, intraday, is closed by buying): that side
  // starts with the whole quantity.
  const closingSide = holding.quantity < 0 ? 'BUY' : 'SELL';
  const order = (side: 'BUY' | 'SELL') =>
    onOrder({
      symbol: holding.symbol,
      product: holding.product,
      side,
      ...(side === closingSide ? { quantity: Math.abs(holding.quantity) } : {}),
    });
  return (
    <Table.Row data-testid={`holding-${holding.symbol}-${holding.product}`}>
      <Table.Cell>
        <Stack gap="0">
          <HStack gap="2">
            <Text fontWeight="semibold">{holding.symbol}</Text>
            <Badge size="xs" variant="outline">
              {holding.product}
            </Badge>
          </HStack>
          <Text textStyle="xs" color="fg.muted" truncate maxW="48">
            {holding.name}
          </Text>
        </Stack>
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
        <HStack gap="1" justify="flex-end">
          <Button
            size="2xs"
            variant="subtle"
            colorPalette="green"
            aria-label={`Buy ${holding.symbol} ${holding.product}`}
            onClick={() => order('BUY')}
          >
            Buy
          </Button>
          <Button
            size="2xs"
            variant="subtle"
            colorPalette="red"
            aria-label={`Sell ${holding.symbol} ${holding.product}`}
            onClick={() => order('SELL')}
          >
            Sell
          </Button>
        </HStack>
      </Table.Cell>
    </Table.Row>
  );
}
