/**
 * AI Trading Signals on a phone (below `md`), where the table's nine columns do not fit: one card
 * per signal with its badge and confidence beside the symbol, then Target (with the expected move),
 * Stop, Break-even after charges and Risk, the ML win probability of a BUY (with the same "Why"
 * explanation as the table, opening under the card's figures), and the reasoning. Nothing needs a
 * sideways scroll.
 */
import { useState } from 'react';
import { Box, DataList, Flex, HStack, List, Stack, Text } from '@nivesh/ui/chakra';
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

export function SignalsList({ recommendations }: SignalsViewProps) {
  return (
    <List.Root
      listStyleType="none"
      aria-label="AI trading signals"
      borderWidth="1px"
      borderColor="border"
      rounded="l2"
      fontVariantNumeric="tabular-nums"
    >
      {recommendations.map((signal) => (
        <SignalItem key={`${signal.symbol}-${signal.signal}`} signal={signal} />
      ))}
    </List.Root>
  );
}

function SignalItem({ signal }: { signal: ResearchRecommendation }) {
  const [open, setOpen] = useState(false);
  const prediction = signal.signal === 'BUY' ? signal.ml : null;
  return (
    <List.Item
      data-testid={`signal-${signal.symbol}`}
      display="block"
      px="3"
      py="3"
      borderBottomWidth="1px"
      borderColor="border"
      _last={{ borderBottomWidth: 0 }}
    >
      <Flex justify="space-between" align="flex-start" gap="3">
        <Stack gap="0" minW="0">
          <Text fontWeight="semibold">{signal.symbol}</Text>
          <Text textStyle="xs" color="fg.muted">
            {signal.strategy} · {signal.horizon_days} trading days
          </Text>
        </Stack>
        <HStack gap="2" flexShrink={0}>
          <SignalBadge signal={signal.signal} />
          <Text fontWeight="medium" aria-label="Confidence">
            {confidenceText(signal)}
          </Text>
        </HStack>
      </Flex>
      <DataList.Root
        orientation="vertical"
        size="sm"
        flexDirection="row"
        flexWrap="wrap"
        columnGap="4"
        rowGap="1"
        mt="2"
      >
        <Figure label="Target" testId="target">
          {`${formatRupees(signal.target, { decimals: 2 })} (${moveText(signal)})`}
        </Figure>
        <Figure label="Stop" testId="stop">
          {formatRupees(signal.stop, { decimals: 2 })}
        </Figure>
        <Figure label="Break-even" testId="break-even">
          {breakEvenText(signal)}
        </Figure>
        <DataList.Item gap="0">
          <DataList.ItemLabel color="fg.muted">Risk</DataList.ItemLabel>
          <DataList.ItemValue>
            <RiskBadge risk={signal.risk} />
          </DataList.ItemValue>
        </DataList.Item>
        {signal.signal === 'BUY' && (
          <DataList.Item gap="0">
            <DataList.ItemLabel color="fg.muted">ML win probability</DataList.ItemLabel>
            <DataList.ItemValue textStyle="sm">
              <HStack gap="1" align="flex-start">
                <MlProbability signal={signal} />
                {prediction && (
                  <WhyButton symbol={signal.symbol} open={open} onToggle={() => setOpen(!open)} />
                )}
              </HStack>
            </DataList.ItemValue>
          </DataList.Item>
        )}
      </DataList.Root>
      {prediction && open && (
        <Box mt="2">
          <MlExplanation symbol={signal.symbol} prediction={prediction} />
        </Box>
      )}
      {signal.reasoning && (
        <Text mt="2" textStyle="xs" color="fg.muted">
          {signal.reasoning}
        </Text>
      )}
    </List.Item>
  );
}

function Figure({ label, testId, children }: { label: string; testId: string; children: string }) {
  return (
    <DataList.Item gap="0">
      <DataList.ItemLabel color="fg.muted">{label}</DataList.ItemLabel>
      <DataList.ItemValue textStyle="sm" data-testid={testId}>
        {children}
      </DataList.ItemValue>
    </DataList.Item>
  );
}
