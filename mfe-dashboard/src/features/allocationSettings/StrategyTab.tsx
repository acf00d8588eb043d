/**
 * Allocation Strategy tab: today's amount with where it comes from (the server's DailyAmountData
 * source: the manual percentage, the chosen strategy's, the AI's, or an amount set directly), the
 * four strategies with their percentage and amount (the one applied today marked, and the chosen
 * one marked "Not applied today" when the manual percentage or a direct amount applies instead),
 * the AI switch, the manual percentage and the direct daily amount (applied on blur), both fields
 * of the contract's rules (RuleField).
 */
import { useState } from 'react';
import { Badge, Box, HStack, RadioCard, SimpleGrid, Stack, Switch, Text } from '@nivesh/ui/chakra';
import {
  ALLOCATION_STRATEGIES,
  ALLOCATION_STRATEGY_LABELS,
  DAILY_AMOUNT_RULE,
  DEFAULT_STRATEGY_PERCENTAGES,
  MANUAL_ALLOCATION_RULE,
  type AllocationSettings,
  type AllocationStrategy,
  type DailyAmountData,
} from '@nivesh/api-contract';
import { errorMessage, isDisconnected, useSetDailyAmountMutation } from '@nivesh/api-client';
import { formatRupees, Panel, RuleField, StatCard } from '@nivesh/ui';
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
  const source = strategies?.source;
  const chosen = form?.allocation_strategy;
  // While the operator is typing, the blur decides; the field says what is wrong as it is typed.
  const typedProblem = amountText === null ? null : dailyAmountProblem(amountText);
  const amountProblem = amountFeedback?.kind === 'error' ? amountFeedback.text : typedProblem;

  return (
    <Stack gap="5" pt="4">
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
        <StatCard
          label="Today's Allocation"
          value={dailyAmount === undefined ? undefined : formatRupees(dailyAmount)}
          help={source?.label}
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
        {source && dailyAmount !== undefined && (
          <Box
            role="status"
            aria-label="Where today's amount comes from"
            mb="4"
            p="3"
            rounded="l2"
            borderWidth="1px"
            borderColor="border"
            bg="bg.subtle"
          >
            <Text fontWeight="semibold" fontVariantNumeric="tabular-nums">
              Today: {formatRupees(dailyAmount)} · {source.label}
            </Text>
            <Text textStyle="sm" color="fg.muted">
              {source.reason}
            </Text>
          </Box>
        )}
        <RadioCard.Root
          value={chosen ?? null}
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
                    <HStack justify="space-between" w="full" gap="2" wrap="wrap">
                      <RadioCard.ItemText>{ALLOCATION_STRATEGY_LABELS[id]}</RadioCard.ItemText>
                      <TodayBadge id={id} chosen={chosen} source={source} />
                    </HStack>
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
            <RuleField
              rule={MANUAL_ALLOCATION_RULE}
              value={form?.manual_allocation_pct ?? ''}
              onChange={(text) => onEdit({ manual_allocation_pct: text })}
              problem={pctProblem}
              disabled={!form}
              help="Used while AI-assisted allocation is off; 0.5% to 6% in steps of 0.1."
            />

            <RuleField
              rule={DAILY_AMOUNT_RULE}
              value={amountValue}
              onChange={(text) => {
                setAmountText(text);
                setAmountFeedback(null);
              }}
              onBlur={applyDailyAmount}
              problem={amountProblem}
              disabled={amountDisabled}
              help={
                amountFeedback?.kind === 'success' ? (
                  <Text as="span" color="gain" role="status">
                    {amountFeedback.text}
                  </Text>
                ) : disconnected ? (
                  `${ALLOCATION_UNAVAILABLE_TEXT}: the amount cannot be changed now.`
                ) : (
                  "The day's amount, in steps of ₹1,000 (a percentage's amount is rounded down to them). Set it here directly; applied when you leave the field."
                )
              }
            />
          </SimpleGrid>
        </Stack>
      </Panel>
    </Stack>
  );
}

/**
 * On the chosen strategy's card: whether its percentage is what today's amount is (the server's
 * source says), or not (AI-assisted allocation off, no AI recommendation, an amount set directly).
 */
function TodayBadge({
  id,
  chosen,
  source,
}: {
  id: AllocationStrategy;
  chosen: AllocationStrategy | undefined;
  source: DailyAmountData['source'] | undefined;
}) {
  if (!source || id !== chosen) return null;
  return source.strategy === id ? (
    <Badge colorPalette="green" variant="subtle" size="sm">
      Applied today
    </Badge>
  ) : (
    <Badge colorPalette="gray" variant="subtle" size="sm">
      Not applied today
    </Badge>
  );
}
