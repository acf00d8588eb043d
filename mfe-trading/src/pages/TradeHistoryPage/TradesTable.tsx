import { Badge, Stack, Table, Text } from '@nivesh/ui/chakra';
import type { Trade, TradeStatus } from '@nivesh/api-contract';
import { formatIstDateTime, formatNumber, formatPercent, formatRupees } from '@nivesh/ui';
import { MISSING } from '../../features/format';

const STATUS_PALETTE: Record<TradeStatus, string> = {
  completed: 'green',
  open: 'blue',
  pending: 'yellow',
  cancelled: 'gray',
};

const money = (value: number) => formatRupees(value, { decimals: 2 });

/** Exit price when completed; the last price (marked LTP) while open. */
function ExitCell({ trade }: { trade: Trade }) {
  if (trade.exit_price !== null) return <>{money(trade.exit_price)}</>;
  if (trade.status === 'open' && trade.current_price !== null) {
    return (
      <Stack gap="0">
        <Text>{money(trade.current_price)}</Text>
        <Text textStyle="2xs" color="fg.muted">
          LTP
        </Text>
      </Stack>
    );
  }
  return <>{MISSING}</>;
}

export function TradesTable({ trades }: { trades: readonly Trade[] }) {
  return (
    <Table.ScrollArea borderWidth="1px" borderColor="border" rounded="l2">
      <Table.Root size="sm" interactive fontVariantNumeric="tabular-nums">
        <Table.Header>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader>Trade ID</Table.ColumnHeader>
            <Table.ColumnHeader>Symbol</Table.ColumnHeader>
            <Table.ColumnHeader>Mode</Table.ColumnHeader>
            <Table.ColumnHeader>Type</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Quantity</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Entry Price</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Exit Price</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end" title="Net of charges">
              P&L
            </Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
            <Table.ColumnHeader>Strategy</Table.ColumnHeader>
            <Table.ColumnHeader>Entry / Exit (IST)</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {trades.map((t) => (
            <Table.Row key={t.trade_id} data-testid="trade-row">
              <Table.Cell fontFamily="mono" textStyle="xs">
                {t.trade_id}
              </Table.Cell>
              {/* The product under the symbol, and the strategy on two lines if need be: narrow
                  enough for the whole table, times in IST included, to fit a 1440 px screen. */}
              <Table.Cell>
                <Stack gap="0">
                  <Text fontWeight="semibold">{t.symbol}</Text>
                  <Text textStyle="2xs" color="fg.muted">
                    {t.product}
                  </Text>
                </Stack>
              </Table.Cell>
              <Table.Cell>
                <Badge size="sm" variant="outline" colorPalette={t.mode === 'live' ? 'red' : 'blue'}>
                  {t.mode === 'live' ? 'LIVE' : 'PAPER'}
                </Badge>
              </Table.Cell>
              <Table.Cell>
                <Badge size="sm" variant="subtle" colorPalette={t.side === 'BUY' ? 'green' : 'red'}>
                  {t.side}
                </Badge>
              </Table.Cell>
              <Table.Cell textAlign="end">{formatNumber(t.quantity)}</Table.Cell>
              <Table.Cell textAlign="end">{money(t.entry_price)}</Table.Cell>
              <Table.Cell textAlign="end">
                <ExitCell trade={t} />
              </Table.Cell>
              <Table.Cell textAlign="end">
                <Stack gap="0" align="flex-end">
                  <Text fontWeight="semibold" color={t.net_pnl < 0 ? 'loss' : 'gain'}>
                    {formatRupees(t.net_pnl, { sign: true, decimals: 2 })}
                  </Text>
                  <Text textStyle="xs" color={t.pnl_percent < 0 ? 'loss' : 'gain'}>
                    {formatPercent(t.pnl_percent)}
                  </Text>
                </Stack>
              </Table.Cell>
              <Table.Cell>
                <Badge
                  size="sm"
                  variant="surface"
                  colorPalette={STATUS_PALETTE[t.status]}
                  textTransform="capitalize"
                >
                  {t.status}
                </Badge>
              </Table.Cell>
              <Table.Cell maxW="40" whiteSpace="normal" title={t.strategy}>
                <Text lineClamp={2}>{t.strategy}</Text>
              </Table.Cell>
              <Table.Cell textStyle="xs" whiteSpace="nowrap">
                <Text>{formatIstDateTime(t.entry_time)}</Text>
                <Text color="fg.muted">{t.exit_time ? formatIstDateTime(t.exit_time) : MISSING}</Text>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
