/** AI Trading Signals (specification part 1, section 2): Symbol, Signal, Confidence, Target, Risk. */
import { Badge, Stack, Table, Text } from '@chakra-ui/react';
import type { ResearchRecommendation, SignalRisk, TradingSignal } from '@nivesh/api-contract';
import { formatRupees } from '@nivesh/ui';

const SIGNAL_PALETTE: Record<TradingSignal, string> = { BUY: 'green', SELL: 'red', HOLD: 'gray' };
const RISK_PALETTE: Record<SignalRisk, string> = { Low: 'green', Medium: 'orange', High: 'red' };

export function SignalsTable({ recommendations }: { recommendations: ResearchRecommendation[] }) {
  return (
    <Table.ScrollArea borderWidth="1px" borderColor="border" rounded="l2">
      <Table.Root size="sm" interactive aria-label="AI trading signals">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Symbol</Table.ColumnHeader>
            <Table.ColumnHeader>Signal</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Confidence</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Target</Table.ColumnHeader>
            <Table.ColumnHeader>Risk</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {recommendations.map((signal) => (
            <Table.Row key={`${signal.symbol}-${signal.signal}`}>
              <Table.Cell>
                <Stack gap="0.5">
                  <Text fontWeight="semibold">{signal.symbol}</Text>
                  {signal.reasoning && (
                    <Text textStyle="xs" color="fg.muted" maxW="md">
                      {signal.reasoning}
                    </Text>
                  )}
                </Stack>
              </Table.Cell>
              <Table.Cell>
                <Badge
                  colorPalette={SIGNAL_PALETTE[signal.signal]}
                  variant="solid"
                  data-signal={signal.signal}
                  data-palette={SIGNAL_PALETTE[signal.signal]}
                >
                  {signal.signal}
                </Badge>
              </Table.Cell>
              <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                {Math.round(signal.confidence * 100)}%
              </Table.Cell>
              <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                {formatRupees(signal.target, { decimals: 2 })}
              </Table.Cell>
              <Table.Cell>
                <Badge colorPalette={RISK_PALETTE[signal.risk]} variant="subtle">
                  {signal.risk}
                </Badge>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
