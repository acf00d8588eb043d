/**
 * AI Trading Signals from `md` up (specification part 1, section 2: Symbol, Signal, Confidence,
 * Target, Risk), with the strategy that gave each signal, its stop, and the break-even after
 * charges beside the expected move, so a signal that cannot pay its charges is plain to see. A BUY
 * also shows the ML model's probability of a win after charges; its "Why" opens a row under it
 * with the model's explanation.
 */
import { useState } from 'react';
import { HStack, Stack, Table, Text } from '@nivesh/ui/chakra';
import type { ResearchRecommendation } from '@nivesh/api-contract';
import { formatRupees } from '@nivesh/ui';
import { MlExplanation, MlProbability, WhyButton } from './mlPrediction';
import {
  breakEvenText,
  confidenceText,
  moveText,
  RiskBadge,
  SignalBadge,
  type SignalsViewProps,
} from './signalParts';

const COLUMNS = 9;

export function SignalsTable({ recommendations }: SignalsViewProps) {
  return (
    <Table.ScrollArea borderWidth="1px" borderColor="border" rounded="l2">
      <Table.Root size="sm" interactive aria-label="AI trading signals">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Symbol</Table.ColumnHeader>
            <Table.ColumnHeader>Signal</Table.ColumnHeader>
            <Table.ColumnHeader>Strategy</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Confidence</Table.ColumnHeader>
            <Table.ColumnHeader
              textAlign="end"
              title="The ML model's calibrated probability that a BUY wins after charges"
            >
              ML win probability
            </Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Target</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Stop</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end" title="The move the round trip needs to pay its charges">
              Break-even
            </Table.ColumnHeader>
            <Table.ColumnHeader>Risk</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body fontVariantNumeric="tabular-nums">
          {recommendations.map((signal) => (
            <SignalRow key={`${signal.symbol}-${signal.signal}`} signal={signal} />
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function SignalRow({ signal }: { signal: ResearchRecommendation }) {
  const [open, setOpen] = useState(false);
  const prediction = signal.signal === 'BUY' ? signal.ml : null;
  return (
    <>
      <Table.Row data-testid={`signal-${signal.symbol}`}>
        <Table.Cell whiteSpace="normal" minW="48" maxW="sm">
          <Stack gap="0.5">
            <Text fontWeight="semibold">{signal.symbol}</Text>
            {signal.reasoning && (
              <Text textStyle="xs" color="fg.muted" lineClamp={2} title={signal.reasoning}>
                {signal.reasoning}
              </Text>
            )}
          </Stack>
        </Table.Cell>
        <Table.Cell>
          <SignalBadge signal={signal.signal} />
        </Table.Cell>
        <Table.Cell>
          <Stack gap="0">
            <Text>{signal.strategy}</Text>
            <Text textStyle="xs" color="fg.muted">
              {signal.horizon_days} trading days
            </Text>
          </Stack>
        </Table.Cell>
        <Table.Cell textAlign="end">{confidenceText(signal)}</Table.Cell>
        <Table.Cell textAlign="end">
          <HStack gap="1" justify="flex-end" align="flex-start">
            <MlProbability signal={signal} align="end" />
            {prediction && <WhyButton symbol={signal.symbol} open={open} onToggle={() => setOpen(!open)} />}
          </HStack>
        </Table.Cell>
        <Table.Cell textAlign="end">
          <Stack gap="0" align="flex-end">
            <Text>{formatRupees(signal.target, { decimals: 2 })}</Text>
            <Text textStyle="xs" color="fg.muted">
              {moveText(signal)}
            </Text>
          </Stack>
        </Table.Cell>
        <Table.Cell textAlign="end">{formatRupees(signal.stop, { decimals: 2 })}</Table.Cell>
        <Table.Cell textAlign="end" data-testid="break-even">
          {breakEvenText(signal)}
        </Table.Cell>
        <Table.Cell>
          <RiskBadge risk={signal.risk} />
        </Table.Cell>
      </Table.Row>
      {prediction && open && (
        <Table.Row data-testid={`ml-explanation-${signal.symbol}`} _hover={{ bg: 'transparent' }}>
          <Table.Cell colSpan={COLUMNS}>
            <MlExplanation symbol={signal.symbol} prediction={prediction} />
          </Table.Cell>
        </Table.Row>
      )}
    </>
  );
}
