/**
 * The estimate before submitting: price, order value, every charge of this side (DOMAIN.md,
 * "Trading costs"), the cash it takes or brings, the cash available, and the refusal a limit would
 * give. Rupees to the paisa, en-IN. A delivery order matched with today's trades of the other side
 * says it is charged as intraday, and why.
 */
import { Alert, Box, Table, Text } from '@nivesh/ui/chakra';
import type { Charges, OrderPreview, SameDaySettlement, TradeSide } from '@nivesh/api-contract';
import { formatRupees } from '@nivesh/ui';

const CHARGE_LABELS: Array<[keyof Omit<Charges, 'total'>, string]> = [
  ['brokerage', 'Brokerage'],
  ['stt', 'STT'],
  ['exchange_charge', 'Exchange transaction charge'],
  ['sebi_fee', 'SEBI turnover fee'],
  ['stamp_duty', 'Stamp duty'],
  ['gst', 'GST'],
  ['dp_charge', 'DP charge'],
];

const paise = (value: number) => formatRupees(value, { decimals: 2 });

const sharesWere = (n: number) => `${n.toLocaleString('en-IN')} ${n === 1 ? 'share was' : 'shares were'}`;

/**
 * Why a delivery order is charged as intraday (OrderPreview.same_day): brokers' contract notes
 * settle a stock bought and sold the same day as intraday, even in CNC.
 */
function sameDayText(sameDay: SameDaySettlement, side: TradeSide): string {
  const refund = paise(sameDay.refund);
  return side === 'SELL'
    ? `${sharesWere(sameDay.quantity)} bought today, so this sell is charged as intraday for them, as on a broker's contract note: STT at the intraday rate on the sell and no DP charge. STT and stamp duty above include ${refund} taken back from today's buy, charged at delivery rates when it filled.`
    : `${sharesWere(sameDay.quantity)} sold from your holdings today, so this buy settles as intraday for them, as on a broker's contract note: no STT on them and stamp duty at the intraday rate. The charges above include ${refund} taken back from today's sell, charged at delivery rates when it filled.`;
}

function Row({
  label,
  value,
  strong,
  muted,
}: {
  label: string;
  value: string;
  strong?: boolean;
  muted?: boolean;
}) {
  return (
    <Table.Row>
      <Table.Cell
        as="th"
        scope="row"
        ps={muted ? '4' : '0'}
        fontWeight={strong ? 'semibold' : 'normal'}
        color={muted ? 'fg.muted' : 'fg'}
      >
        {label}
      </Table.Cell>
      <Table.Cell textAlign="end" pe="0" fontWeight={strong ? 'semibold' : 'medium'}>
        {value}
      </Table.Cell>
    </Table.Row>
  );
}

export function OrderEstimate({
  preview,
  side,
  stale,
}: {
  preview: OrderPreview;
  side: TradeSide;
  /** The fields changed since this estimate: shown faded until the new one arrives. */
  stale: boolean;
}) {
  return (
    <Box opacity={stale ? 0.55 : 1} transition="opacity 0.15s" aria-busy={stale}>
      <Text textStyle="sm" color="fg.muted" mb="1">
        {preview.symbol} · {preview.name}
      </Text>
      <Table.Root size="sm" aria-label="Order estimate" fontVariantNumeric="tabular-nums">
        <Table.Body>
          <Row label="Estimated price" value={paise(preview.estimated_price)} />
          <Row label="Order value" value={paise(preview.order_value)} />
          {CHARGE_LABELS.map(([key, label]) => (
            <Row key={key} label={label} value={paise(preview.charges[key])} muted />
          ))}
          <Row label="Total charges" value={paise(preview.charges.total)} />
          <Row
            label={side === 'BUY' ? 'Total amount (value + charges)' : 'Net amount (value - charges)'}
            value={paise(preview.net_amount)}
            strong
          />
          <Row label="Available cash" value={paise(preview.available_balance)} muted />
        </Table.Body>
      </Table.Root>
      {preview.same_day && (
        <Text textStyle="xs" color="fg.muted" mt="2">
          {sameDayText(preview.same_day, side)}
        </Text>
      )}
      {!preview.market_open && (
        <Text textStyle="xs" color="fg.muted" mt="2">
          The market is closed: the order waits for the next session.
        </Text>
      )}
      {preview.rejection && (
        <Alert.Root status="error" mt="3" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>This order would be refused</Alert.Title>
            <Alert.Description>{preview.rejection.message}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
    </Box>
  );
}
