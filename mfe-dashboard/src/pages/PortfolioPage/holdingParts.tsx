/**
 * What the holdings table (from `md` up) and the holdings list (on a phone) share: the colour of a
 * gain or a loss, the holding's name block, and Buy / Sell for a holding, which open the order
 * ticket prefilled with it.
 */
import { Badge, Button, HStack, Stack, Text } from '@nivesh/ui/chakra';
import type { Holding } from '@nivesh/api-contract';
import type { OrderTicketPrefill } from '../../features/orderTicket';

/** Symbol, product badge and the company's name (truncated to `nameWidth` when given). */
export function HoldingName({ holding, nameWidth }: { holding: Holding; nameWidth?: string }) {
  return (
    <Stack gap="0" minW="0">
      <HStack gap="2">
        <Text fontWeight="semibold">{holding.symbol}</Text>
        <Badge size="xs" variant="outline">
          {holding.product}
        </Badge>
      </HStack>
      <Text textStyle="xs" color="fg.muted" truncate maxW={nameWidth}>
        {holding.name}
      </Text>
    </Stack>
  );
}

export function toneOf(value: number): 'gain' | 'loss' {
  return value < 0 ? 'loss' : 'gain';
}

export interface HoldingsViewProps {
  holdings: Holding[];
  /** Opens the order ticket for a holding. */
  onOrder: (prefill: OrderTicketPrefill) => void;
}

export function TradeButtons({
  holding,
  onOrder,
  size = '2xs',
}: {
  holding: Holding;
  onOrder: HoldingsViewProps['onOrder'];
  /** Larger on a phone, where a finger presses them. */
  size?: '2xs' | 'xs';
}) {
  // Selling a long holding closes it (a short one, intraday, is closed by buying): that side
  // starts with the whole quantity.
  const closingSide = holding.quantity < 0 ? 'BUY' : 'SELL';
  const order = (side: 'BUY' | 'SELL') =>
    onOrder({
      symbol: holding.symbol,
      product: holding.product,
      side,
      ...(side === closingSide ? { quantity: Math.abs(holding.quantity) } : {}),
    });
  return (
    <HStack gap="1" justify="flex-end">
      <Button
        size={size}
        variant="subtle"
        colorPalette="green"
        aria-label={`Buy ${holding.symbol} ${holding.product}`}
        onClick={() => order('BUY')}
      >
        Buy
      </Button>
      <Button
        size={size}
        variant="subtle"
        colorPalette="red"
        aria-label={`Sell ${holding.symbol} ${holding.product}`}
        onClick={() => order('SELL')}
      >
        Sell
      </Button>
    </HStack>
  );
}
