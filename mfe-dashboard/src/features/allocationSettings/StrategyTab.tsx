/**
 * Allocation Strategy tab: the four strategies with their percentage and amount, the AI switch,
 * the manual percentage and the direct daily amount (applied on blur).
 */
import { useState } from 'react';
import { Field, HStack, Input, RadioCard, SimpleGrid, Stack, Switch, Text } from '@nivesh/ui/chakra';
import {
  ALLOCATION_STRATEGIES,
  ALLOCATION_STRATEGY_LABELS,
  DAILY_AMOUNT_LIMITS,
  DEFAULT_STRATEGY_PERCENTAGES,
  MANUAL_ALLOCATION_PCT,
  type AllocationSettings,
  type AllocationStrategy,
  type DailyAmountData,
} from '@nivesh/api-contract';
import { errorMessage, isDisconnected, useSetDailyAmountMutation } from '@nivesh/api-client';
import { formatRupees, Panel, StatCard } from '@nivesh/ui';
import {
  ALLOCATION_UNAVAILABLE_TEXT,
  dailyAmountProblem,
  isNumeric,
  type AllocationDraft,
} from './allocationForm';

const STRATEGY_DESCRIPTIONS: Record<AllocationStrategy, string> = {
  conservative: 'Smaller daily deployment, for capital protection.',
  moderate: 'Balanced daily deployment.',
  aggressive: 'Larger daily deployment, for growth.',
  ai_optimized: "The AI's recommendation for the day.",
};

function percentLabel(id: AllocationStrategy, strategies: DailyAmountData | undefined): string {
  const fromServer = strategies?.all_strategies[id].percentage;
  if (fromServer !== undefined) return fromServer === null ? 'Dynamic' : `${fromServer.toFixed(1)}%`;
  const fallback = DEFAULT_STRATEGY_PERCENTAGES[id];
  return fallback === 'dynamic' ? 'Dynamic' : `${fallback.toFixed(1)}%`;
}

function amountLabel(id: AllocationStrategy, strategies: DailyAmountData | undefined): string {
  const amount = strategies?.all_strategies[id].amount;
  return amount === undefined || amount === null ? '--' : `${formatRupees(amount)} / day`;
}

export interface StrategyTabProps {
  form: AllocationDraft | null;
  settings: AllocationSettings | undefined;
  strategies: DailyAmountData | undefined;
  dailyAmount: number | undefined;
  amountLoading: boolean;
  disconnected: boolean;
  pctProblem: string | null;
  onEdit: (change: Partial<AllocationDraft>) => void;
}

type AmountFeedback = { kind: 'success' | 'error'; text: string };

export function StrategyTab({
  form,
  settings,
  strategies,
  dailyAmount,
  amountLoading,
  disconnected,
  pctProblem,
  onEdit,
}: StrategyTabProps) {
  const [setDailyAmount, amountState] = useSetDailyAmountMutation();
  // What the operator is typing; null shows the server's daily amount.
  const [amountText, setAmountText] = useState<string | null>(null);
  const [amountFeedback, setAmountFeedback] = useState<AmountFeedback | null>(null);
  const amountValue = amountText ?? (dailyAmount === undefined ? '' : String(dailyAmount));
  const amountDisabled = disconnected || dailyAmount === undefined || amountState.isLoading;

  async function applyDailyAmount() {
    if (amountText === null || !isNumeric(amountText)) return;
    const value = Number(amountText);
    if (value === dailyAmount) {
      setAmountText(null);
      return;
    }
    const problem = dailyAmountProblem(amountText);
    if (problem) {
      setAmountFeedback({ kind: 'error', text: problem });
      return;
    }
    const result = await setDailyAmount({ body: { daily_amount: value } });
    if ('data' in result && result.data) {
      setAmountText(null);
      setAmountFeedback({
        kind: 'success',
        text: `Daily amount set to ${formatRupees(result.data.data.daily_amount)}`,
      });
    } else {
      const error = 'error' in result ? result.error : undefined;
      setAmountFeedback({
        kind: 'error',
        text: isDisconnected(error)
          ? ALLOCATION_UNAVAILABLE_TEXT
          : errorMessage(error, 'The daily amount could not be set. Please try again.'),
      });
    }
  }

  const capital = settings?.total_capital;
  const shareOfCapital =
    dailyAmount !== undefined && capital
      ? ` (${((dailyAmount / capital) * 100).toFixed(2)}% of capital)`
      : '';

  return (
    <Stack gap="5" pt="4">
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
        <StatCard
          label="Today's Allocation"
          value={dailyAmount === undefined ? undefined : formatRupees(dailyAmount)}
          help={dailyAmount === undefined ? undefined : shareOfCapital.trim()}
          loading={amountLoading}
        />
        <StatCard
          label="Total Capital"
          value={capital === undefined ? undefined : formatRupees(capital)}
          loading={amountLoading}
        />
        <StatCard
          label="Available Cash"
          value={settings ? formatRupees(settings.available_cash) : undefined}
          loading={amountLoading}
        />
      </SimpleGrid>

      <Panel title="Strategy" subtitle="The share of total capital put to work each trading day">
        <RadioCard.Root
          value={form?.allocation_strategy ?? null}
          onValueChange={(details) => {
            if (details.value) onEdit({ allocation_strategy: details.value as AllocationStrategy });
          }}
          disabled={!form}
          colorPalette="brand"
          orientation="vertical"
          align="start"
        >
          <RadioCard.Label srOnly>Allocation strategy</RadioCard.Label>
          <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="3">
            {ALLOCATION_STRATEGIES.map((id) => (
              <RadioCard.Item key={id} value={id} data-testid={`strategy-${id}`}>
                <RadioCard.ItemHiddenInput />
                <RadioCard.ItemControl>
                  <RadioCard.ItemContent>
                    <RadioCard.ItemText>{ALLOCATION_STRATEGY_LABELS[id]}</RadioCard.ItemText>
                    <RadioCard.ItemDescription>{STRATEGY_DESCRIPTIONS[id]}</RadioCard.ItemDescription>
                    <HStack justify="space-between" w="full" pt="2" fontVariantNumeric="tabular-nums">
                      <Text fontWeight="semibold" textStyle="lg">
                        {percentLabel(id, strategies)}
                      </Text>
                      <Text color="fg.muted" textStyle="sm">
                        {amountLabel(id, strategies)}
                      </Text>
                    </HStack>
                  </RadioCard.ItemContent>
                  <RadioCard.ItemIndicator />
                </RadioCard.ItemControl>
              </RadioCard.Item>
            ))}
          </SimpleGrid>
        </RadioCard.Root>
      </Panel>

      <Panel title="Allocation controls">
        <Stack gap="5">
          <Switch.Root
            checked={form?.ai_enabled ?? false}
            onCheckedChange={(details) => onEdit({ ai_enabled: details.checked })}
            disabled={!form}
            colorPalette="brand"
          >
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>AI-assisted allocation</Switch.Label>
          </Switch.Root>

          <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
            <Field.Root invalid={Boolean(pctProblem)} disabled={!form}>
              <Field.Label>Manual allocation (%)</Field.Label>
              <Input
                type="number"
                inputMode="decimal"
                min={MANUAL_ALLOCATION_PCT.min}
                max={MANUAL_ALLOCATION_PCT.max}
                step={MANUAL_ALLOCATION_PCT.step}
                value={form?.manual_allocation_pct ?? ''}
                onChange={(event) => onEdit({ manual_allocation_pct: event.target.value })}
                fontVariantNumeric="tabular-nums"
              />
              {pctProblem ? (
                <Field.ErrorText>{pctProblem}</Field.ErrorText>
              ) : (
                <Field.HelperText>
                  Used while AI-assisted allocation is off; 0.5% to 6.0% in steps of 0.1.
                </Field.HelperText>
              )}
            </Field.Root>

            <Field.Root invalid={amountFeedback?.kind === 'error'} disabled={amountDisabled}>
              <Field.Label>Daily amount (₹)</Field.Label>
              <Input
                type="number"
                inputMode="numeric"
                min={DAILY_AMOUNT_LIMITS.min}
                step={DAILY_AMOUNT_LIMITS.step}
                value={amountValue}
                onChange={(event) => {
                  setAmountText(event.target.value);
                  setAmountFeedback(null);
                }}
                onBlur={applyDailyAmount}
                fontVariantNumeric="tabular-nums"
              />
              {amountFeedback?.kind === 'error' ? (
                <Field.ErrorText>{amountFeedback.text}</Field.ErrorText>
              ) : amountFeedback?.kind === 'success' ? (
                <Field.HelperText color="gain" role="status">
                  {amountFeedback.text}
                </Field.HelperText>
              ) : (
                <Field.HelperText>
                  {disconnected
                    ? `${ALLOCATION_UNAVAILABLE_TEXT}: the amount cannot be changed now.`
                    : 'Set the amount directly, in steps of ₹1,000 (at least ₹1,000). Applied when you leave the field.'}
                </Field.HelperText>
              )}
            </Field.Root>
          </SimpleGrid>
        </Stack>
      </Panel>
    </Stack>
  );
}
