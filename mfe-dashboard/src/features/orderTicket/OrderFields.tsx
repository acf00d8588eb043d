/**
 * The ticket's fields: side, symbol, quantity, order type (market, limit, and the stop-loss orders
 * SL and SL-M), trigger price (SL, SL-M) and limit price (LIMIT, SL), on the NSE ₹0.05 tick, and
 * product (CNC delivery, MIS intraday).
 */
import { useId } from 'react';
import { Button, Field, Group, Input, NativeSelect, SimpleGrid, Stack } from '@nivesh/ui/chakra';
import { MAX_ORDER_QUANTITY, PRICE_TICK, type OrderType, type TradeProduct } from '@nivesh/api-contract';
import { ORDER_TYPE_LABELS, usesLimitPrice, usesTriggerPrice, type OrderDraft } from './orderForm';

export interface OrderFieldsProps {
  draft: OrderDraft;
  onChange: (changes: Partial<OrderDraft>) => void;
  /** Symbols to offer while typing (the server still decides which it knows). */
  knownSymbols: readonly string[];
  disabled: boolean;
}

export function OrderFields({ draft, onChange, knownSymbols, disabled }: OrderFieldsProps) {
  const listId = useId();
  return (
    <Stack gap="4">
      <Group attached w="full" role="group" aria-label="Side">
        {(['BUY', 'SELL'] as const).map((side) => {
          const chosen = draft.side === side;
          return (
            <Button
              key={side}
              flex="1"
              variant={chosen ? 'solid' : 'outline'}
              colorPalette={side === 'BUY' ? 'green' : 'red'}
              aria-pressed={chosen}
              disabled={disabled}
              onClick={() => onChange({ side })}
            >
              {side === 'BUY' ? 'Buy' : 'Sell'}
            </Button>
          );
        })}
      </Group>

      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <Field.Root required disabled={disabled}>
          <Field.Label>Symbol</Field.Label>
          <Input
            value={draft.symbol}
            onChange={(event) => onChange({ symbol: event.target.value.toUpperCase() })}
            placeholder="e.g. RELIANCE"
            list={knownSymbols.length > 0 ? listId : undefined}
            autoComplete="off"
            spellCheck={false}
            fontFamily="mono"
          />
          {knownSymbols.length > 0 && (
            <datalist id={listId}>
              {knownSymbols.map((symbol) => (
                <option key={symbol} value={symbol} />
              ))}
            </datalist>
          )}
          <Field.HelperText>NSE equity symbol</Field.HelperText>
        </Field.Root>
        <Field.Root required disabled={disabled}>
          <Field.Label>Quantity</Field.Label>
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_ORDER_QUANTITY}
            step={1}
            value={draft.quantity}
            onChange={(event) => onChange({ quantity: event.target.value })}
          />
          <Field.HelperText>Whole shares</Field.HelperText>
        </Field.Root>
        <Field.Root disabled={disabled}>
          <Field.Label>Order type</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={draft.orderType}
              onChange={(event) => onChange({ orderType: event.target.value as OrderType })}
            >
              {Object.entries(ORDER_TYPE_LABELS).map(([type, label]) => (
                <option key={type} value={type}>
                  {label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root disabled={disabled}>
          <Field.Label>Product</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={draft.product}
              onChange={(event) => onChange({ product: event.target.value as TradeProduct })}
            >
              <option value="CNC">CNC (delivery)</option>
              <option value="MIS">MIS (intraday)</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {usesTriggerPrice(draft.orderType) && (
          <Field.Root required disabled={disabled}>
            <Field.Label>Trigger price</Field.Label>
            <Input
              type="number"
              inputMode="decimal"
              min={PRICE_TICK}
              step={PRICE_TICK}
              value={draft.triggerPrice}
              onChange={(event) => onChange({ triggerPrice: event.target.value })}
            />
            <Field.HelperText>
              {draft.side === 'SELL'
                ? 'Triggers when the price falls to it: below the last price'
                : 'Triggers when the price rises to it: above the last price'}
            </Field.HelperText>
          </Field.Root>
        )}
        {usesLimitPrice(draft.orderType) && (
          <Field.Root required disabled={disabled}>
            <Field.Label>Limit price</Field.Label>
            <Input
              type="number"
              inputMode="decimal"
              min={PRICE_TICK}
              step={PRICE_TICK}
              value={draft.limitPrice}
              onChange={(event) => onChange({ limitPrice: event.target.value })}
            />
            <Field.HelperText>
              {draft.orderType !== 'SL'
                ? 'Rupees, in steps of ₹0.05'
                : draft.side === 'SELL'
                  ? 'Sells at this price or better once triggered: at or below the trigger'
                  : 'Buys at this price or better once triggered: at or above the trigger'}
            </Field.HelperText>
          </Field.Root>
        )}
      </SimpleGrid>
    </Stack>
  );
}
