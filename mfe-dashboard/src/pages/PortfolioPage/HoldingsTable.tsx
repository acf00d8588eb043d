/** Current holdings: Symbol, Quantity, Entry Price, Current Price, P&L, Return %. */
import { Badge, HStack, Stack, Table, Text } from '@chakra-ui/react';
import type { Holding } from '@nivesh/api-contract';
import { formatNumber, formatPercent, formatRupees } from '@nivesh/ui';

function toneOf(value: number): 'gain' | 'loss' {
  return value < 0 ? 'loss' : 'gain';
}

export function HoldingsTable({ holdings }: { holdings: Holding[] }) {
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
          </Table.Row>
        </Table.Header>
        <Table.Body fontVariantNumeric="tabular-nums">
          {holdings.map((holding) => {
            const tone = toneOf(holding.total_returns);
            return (
              <Table.Row key={`${holding.symbol}-${holding.product}`}>
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
                <Table.Cell textAlign="end">
                  {formatRupees(holding.current_price, { decimals: 2 })}
                </Table.Cell>
                <Table.Cell textAlign="end" color={tone} data-tone={tone} fontWeight="medium">
                  {formatRupees(holding.total_returns, { sign: true })}
                </Table.Cell>
                <Table.Cell
                  textAlign="end"
                  color={toneOf(holding.total_returns_percent)}
                  data-tone={toneOf(holding.total_returns_percent)}
                  fontWeight="medium"
                >
                  {formatPercent(holding.total_returns_percent)}
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
