/**
 * Current holdings on a phone (below `md`), where the table's seven columns do not fit: one card
 * per holding with its P&L and Return % beside the symbol, then Quantity, Entry Price and Current
 * Price, and Buy / Sell. Nothing needs a sideways scroll.
 */
import { DataList, Flex, HStack, List } from '@nivesh/ui/chakra';
import type { Holding } from '@nivesh/api-contract';
import { formatNumber, formatPercent, formatRupees, PnlBasisTag } from '@nivesh/ui';
import { HoldingName, toneOf, TradeButtons, type HoldingsViewProps } from './holdingParts';

export function HoldingsList({ holdings, onOrder }: HoldingsViewProps) {
  return (
    <List.Root
      listStyleType="none"
      aria-label="Current holdings"
      borderWidth="1px"
      borderColor="border"
      rounded="l2"
      fontVariantNumeric="tabular-nums"
    >
      {holdings.map((holding) => (
        <HoldingItem key={`${holding.symbol}-${holding.product}`} holding={holding} onOrder={onOrder} />
      ))}
    </List.Root>
  );
}

function HoldingItem({ holding, onOrder }: { holding: Holding; onOrder: HoldingsViewProps['onOrder'] }) {
  const tone = toneOf(holding.total_returns);
  const percentTone = toneOf(holding.total_returns_percent);
  return (
    <List.Item
      data-testid={`holding-${holding.symbol}-${holding.product}`}
      display="block"
      px="3"
      py="3"
      borderBottomWidth="1px"
      borderColor="border"
      _last={{ borderBottomWidth: 0 }}
    >
      <Flex justify="space-between" align="flex-start" gap="3">
        <HoldingName holding={holding} />
        <DataList.Root orientation="vertical" size="sm" gap="0" flexShrink={0} textAlign="end">
          <DataList.Item gap="0" alignItems="flex-end">
            <DataList.ItemLabel srOnly>P&amp;L</DataList.ItemLabel>
            <DataList.ItemValue
              fontWeight="semibold"
              textStyle="md"
              color={tone}
              data-tone={tone}
              data-testid="holding-pnl"
            >
              {formatRupees(holding.total_returns, { sign: true })}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item gap="0" alignItems="flex-end">
            <DataList.ItemLabel srOnly>Return %</DataList.ItemLabel>
            <DataList.ItemValue
              fontWeight="medium"
              color={percentTone}
              data-tone={percentTone}
              data-testid="holding-return"
            >
              {formatPercent(holding.total_returns_percent)}
            </DataList.ItemValue>
          </DataList.Item>
          <PnlBasisTag basis={holding.pnl_basis} />
        </DataList.Root>
      </Flex>
      <Flex mt="2" justify="space-between" align="flex-end" gap="2" wrap="wrap">
        <DataList.Root orientation="vertical" size="sm" flexDirection="row" columnGap="4" rowGap="1">
          <Figure label="Quantity">{formatNumber(holding.quantity)}</Figure>
          <Figure label="Entry Price">{formatRupees(holding.avg_price, { decimals: 2 })}</Figure>
          <Figure label="Current Price" testId="current-price">
            {formatRupees(holding.current_price, { decimals: 2 })}
          </Figure>
        </DataList.Root>
        <HStack ms="auto">
          <TradeButtons holding={holding} onOrder={onOrder} size="xs" />
        </HStack>
      </Flex>
    </List.Item>
  );
}

function Figure({ label, testId, children }: { label: string; testId?: string; children: string }) {
  return (
    <DataList.Item gap="0">
      <DataList.ItemLabel color="fg.muted">{label}</DataList.ItemLabel>
      <DataList.ItemValue textStyle="sm" data-testid={testId}>
        {children}
      </DataList.ItemValue>
    </DataList.Item>
  );
}
