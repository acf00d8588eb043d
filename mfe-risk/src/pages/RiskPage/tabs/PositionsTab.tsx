/** Positions: risk of each open position with the model's recommendation (part 2, section 2). */
import { Badge, Skeleton, Stack, Table, Text } from '@nivesh/ui/chakra';
import type { PositionRecommendation, RiskPosition } from '@nivesh/api-contract';
import { formatRupees, Panel, PnlLabel, Unavailable } from '@nivesh/ui';
import { RISK_LEVEL_LABELS, RISK_LEVEL_PALETTE } from '../../../features/riskFormat';
import { LOAD_ERRORS } from '../../../features/riskText';

const RECOMMENDATION_PALETTE: Record<PositionRecommendation, 'green' | 'yellow' | 'red'> = {
  hold: 'green',
  reduce: 'yellow',
  exit: 'red',
};

/**
 * The stop loss of a position: the stop-loss order resting for it (its trigger, type and shares)
 * with the suggested level beside it, or the suggestion alone when no stop rests.
 */
function StopLossCell({ position }: { position: RiskPosition }) {
  const suggestion = formatRupees(position.stop_loss_suggestion, { decimals: 2 });
  const resting = position.resting_stop;
  if (!resting) {
    return (
      <Stack gap="0" align="end">
        <Text as="span">{suggestion}</Text>
        <Text as="span" textStyle="xs" color="orange.fg">
          Suggested · no stop resting
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap="0" align="end">
      <Text as="span">{formatRupees(resting.trigger_price, { decimals: 2 })}</Text>
      <Text as="span" textStyle="xs" color="fg.muted">
        Resting {resting.order_type} · {resting.quantity} sh · suggested {suggestion}
      </Text>
    </Stack>
  );
}

export function PositionsTab({
  positions,
  loading,
  errorDetail,
}: {
  positions: RiskPosition[] | undefined;
  loading: boolean;
  errorDetail: string | null;
}) {
  let body;
  if (!positions) {
    body = loading ? (
      <Stack gap="3" aria-busy="true">
        <Skeleton height="8" />
        <Skeleton height="8" />
        <Skeleton height="8" />
      </Stack>
    ) : (
      <Unavailable title={LOAD_ERRORS.positions}>{errorDetail}</Unavailable>
    );
  } else if (positions.length === 0) {
    body = (
      <Unavailable title="No open positions">Position risk appears here once you hold a stock.</Unavailable>
    );
  } else {
    body = (
      <Table.ScrollArea>
        <Table.Root size="sm" aria-label="Position risk" css={{ '& td, & th': { whiteSpace: 'nowrap' } }}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Symbol</Table.ColumnHeader>
              <Table.ColumnHeader>Risk Level</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Exposure</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Stop Loss</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Risk Amount</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">
                {/* Risk analyses the paper account only: its P&L is after charges. */}
                <PnlLabel label="Unrealized P&L" layout="stacked" />
              </Table.ColumnHeader>
              <Table.ColumnHeader>ML Recommendation</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body fontVariantNumeric="tabular-nums">
            {positions.map((position) => (
              <Table.Row key={position.symbol}>
                <Table.Cell fontWeight="semibold">{position.symbol}</Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={RISK_LEVEL_PALETTE[position.risk_level]} variant="subtle">
                    {RISK_LEVEL_LABELS[position.risk_level]}
                  </Badge>
                </Table.Cell>
                <Table.Cell textAlign="end">{formatRupees(position.position_value)}</Table.Cell>
                <Table.Cell textAlign="end">
                  <StopLossCell position={position} />
                </Table.Cell>
                <Table.Cell textAlign="end">
                  {position.resting_stop ? (
                    <Stack gap="0" align="end">
                      <Text as="span">{formatRupees(position.resting_stop.risk_amount)}</Text>
                      <Text as="span" textStyle="xs" color="fg.muted">
                        {formatRupees(position.risk_amount)} at the suggestion
                      </Text>
                    </Stack>
                  ) : (
                    formatRupees(position.risk_amount)
                  )}
                </Table.Cell>
                <Table.Cell textAlign="end">
                  <Text as="span" color={position.unrealized_pnl < 0 ? 'loss' : 'gain'}>
                    {formatRupees(position.unrealized_pnl, { sign: true })}
                  </Text>
                </Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={RECOMMENDATION_PALETTE[position.recommendation]}>
                    {position.recommendation.toUpperCase()}
                  </Badge>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    );
  }
  return (
    <Panel
      title="Position Risk"
      subtitle="Exposure, the stop loss resting for each position beside the suggested one, and what is lost if it is hit"
    >
      {body}
    </Panel>
  );
}
