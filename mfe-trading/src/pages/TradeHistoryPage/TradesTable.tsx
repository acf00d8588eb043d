import { Badge, Stack, Table, Text } from '@nivesh/ui/chakra';
import { tradeIsFilled, type Trade, type TradeStatus } from '@nivesh/api-contract';
import { formatIstDateTime, formatPercent, formatRupees, PnlLabel } from '@nivesh/ui';
import { MISSING } from '../../features/format';
import { tradeText } from '../../features/tradeText';

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

/** The position's direction over what closed it (or what is open of it, or an order not filled). */
function TradeCell({ trade }: { trade: Trade }) {
  const { direction, detail } = tradeText(trade);
  const filled = tradeIsFilled(trade);
  return (
    // Relative: the separator read aloud (srOnly, absolutely placed) stays inside the table's scroll
    // area instead of widening the page.
    <Stack gap="0" position="relative" data-testid="trade-position">
      <Text fontWeight="medium" color={!filled ? 'fg.muted' : trade.side === 'BUY' ? 'gain' : 'loss'}>
        {direction}
        <Text as="span" srOnly>
          {' · '}
        </Text>
      </Text>
      <Text textStyle="xs" color="fg.muted">
        {detail}
      </Text>
    </Stack>
  );
}

/** Net P&L and its percent; "--" with the reason when there is none (an order not filled, no price). */
function PnlCell({ trade }: { trade: Trade }) {
  if (trade.net_pnl === null) {
    const reason =
      trade.status === 'open' ? 'No price yet' : trade.status === 'pending' ? 'Not filled' : 'Never filled';
    return (
      <Stack gap="0" align="flex-end" data-testid="trade-pnl">
        <Text color="fg.muted">{MISSING}</Text>
        <Text textStyle="xs" color="fg.muted">
          {reason}
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap="0" align="flex-end" data-testid="trade-pnl">
      <Text fontWeight="semibold" color={trade.net_pnl < 0 ? 'loss' : trade.net_pnl > 0 ? 'gain' : 'fg'}>
        {formatRupees(trade.net_pnl, { sign: true, decimals: 2 })}
      </Text>
      {trade.pnl_percent !== null && (
        <Text
          textStyle="xs"
          color={trade.pnl_percent < 0 ? 'loss' : trade.pnl_percent > 0 ? 'gain' : 'fg.muted'}
        >
          {formatPercent(trade.pnl_percent)}
        </Text>
      )}
    </Stack>
  );
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
            <Table.ColumnHeader>Trade</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Entry Price</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Exit Price</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">
              <PnlLabel label="P&L" layout="stacked" />
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
              {/* The direction over what closed it, the shares counted in it (so no Quantity column):
                  the table still fits a 1440 px screen. */}
              <Table.Cell minW="32" maxW="40" whiteSpace="normal">
                <TradeCell trade={t} />
              </Table.Cell>
              <Table.Cell textAlign="end">{money(t.entry_price)}</Table.Cell>
              <Table.Cell textAlign="end">
                <ExitCell trade={t} />
              </Table.Cell>
              <Table.Cell textAlign="end">
                <PnlCell trade={t} />
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
