/**
 * The estimate before submitting: price, order value, every charge of this side (DOMAIN.md,
 * "Trading costs"), the cash it takes or brings, the cash available, and the refusal a limit would
 * give. Rupees to the paisa, en-IN. The charges are the order's own; what the fill trues up of the
 * stock's earlier trades today (a delivery order matched with today's trades of the other side
 * settles as intraday and takes back their delivery STT and stamp duty; STT and stamp duty are
 * rounded once per stock per day) is its own line beside them, with its reason, before the total.
 */
import { Alert, Box, Table, Text } from '@nivesh/ui/chakra';
import type { Charges, ChargesTrueUp, OrderPreview, TradeSide } from '@nivesh/api-contract';
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

const TRUE_UP_PARTS: Array<[keyof Omit<ChargesTrueUp, 'total' | 'same_day_quantity'>, string]> = [
  ['stt', 'STT'],
  ['stamp_duty', 'stamp duty'],
  ['dp_charge', 'DP charge'],
];

const paise = (value: number) => formatRupees(value, { decimals: 2 });

const shares = (n: number) => `${n.toLocaleString('en-IN')} ${n === 1 ? 'share' : 'shares'}`;

/** The true-up's line: same-day settlement, or only the day's rounding. */
const trueUpLabel = (trueUp: ChargesTrueUp) =>
  trueUp.same_day_quantity > 0 ? 'Same-day true-up' : "Day's rounding true-up";

/**
 * Why the fill trues up (OrderPreview.true_up), and of which charges: brokers' contract notes
 * settle a stock bought and sold the same day as intraday, even in CNC, and round STT and stamp
 * duty once per stock per day.
 */
function trueUpReason(trueUp: ChargesTrueUp, side: TradeSide): string {
  const parts = TRUE_UP_PARTS.filter(([key]) => trueUp[key] !== 0)
    .map(([key, label]) => `${label} ${paise(trueUp[key])}`)
    .join(', ');
  const of = parts ? ` (${parts})` : '';
  if (trueUp.same_day_quantity === 0) {
    return `STT and stamp duty are rounded to the rupee once per stock per day, as on a broker's contract note: this order's share of today's rounding${of}.`;
  }
  const matched = shares(trueUp.same_day_quantity);
  return side === 'SELL'
    ? `${matched} of this sell were bought today: as on a broker's contract note they settle as intraday (STT at the intraday rate, no DP charge), so the delivery charges today's buy paid come back${of}.`
    : `${matched} of this buy were sold from your holdings today: as on a broker's contract note they settle as intraday (no STT, stamp duty at the intraday rate), so the delivery charges today's sell paid come back${of}.`;
}

function Row({
  label,
  value,
  strong,
  muted,
  explained,
}: {
  label: string;
  value: string;
  strong?: boolean;
  muted?: boolean;
  /** The next row explains this one: no rule between them. */
  explained?: boolean;
}) {
  const rule = explained ? '0' : undefined;
  return (
    <Table.Row>
      <Table.Cell
        as="th"
        scope="row"
        ps={muted ? '4' : '0'}
        fontWeight={strong ? 'semibold' : 'normal'}
        color={muted ? 'fg.muted' : 'fg'}
        borderBottomWidth={rule}
      >
        {label}
      </Table.Cell>
      <Table.Cell textAlign="end" pe="0" fontWeight={strong ? 'semibold' : 'medium'} borderBottomWidth={rule}>
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
      {/* Rows tighter than the table's small size: the whole ticket fits a 1440 x 900 screen. */}
      <Table.Root
        size="sm"
        aria-label="Order estimate"
        fontVariantNumeric="tabular-nums"
        css={{ '& th, & td': { paddingBlock: '1' } }}
      >
        <Table.Body>
          <Row label="Estimated price" value={paise(preview.estimated_price)} />
          <Row label="Order value" value={paise(preview.order_value)} />
          {CHARGE_LABELS.map(([key, label]) => (
            <Row key={key} label={label} value={paise(preview.own_charges[key])} muted />
          ))}
          {preview.true_up && (
            <>
              <Row label="This order's charges" value={paise(preview.own_charges.total)} />
              <Row label={trueUpLabel(preview.true_up)} value={paise(preview.true_up.total)} explained />
              <Table.Row>
                <Table.Cell colSpan={2} ps="4" pe="0" pt="0" textStyle="xs" color="fg.muted">
                  {trueUpReason(preview.true_up, side)}
                </Table.Cell>
              </Table.Row>
            </>
          )}
          <Row label="Total charges" value={paise(preview.charges.total)} />
          <Row
            label={side === 'BUY' ? 'Total amount (value + charges)' : 'Net amount (value - charges)'}
            value={paise(preview.net_amount)}
            strong
          />
          <Row label="Available cash" value={paise(preview.available_balance)} muted />
        </Table.Body>
      </Table.Root>
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
