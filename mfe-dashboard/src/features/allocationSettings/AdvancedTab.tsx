/** Advanced Settings tab: the daily risk budget, the allocation limits and the account figures. */
import { Box, HStack, RadioCard, SimpleGrid, Stack, Text } from '@nivesh/ui/chakra';
import {
  ALLOCATION_LIMITS,
  DAILY_RISK_BUDGET_CHOICES,
  type AllocationSettings,
  type DailyRiskBudget,
} from '@nivesh/api-contract';
import { formatRupees, Panel } from '@nivesh/ui';
import type { AllocationDraft } from './allocationForm';

/** 1.5 -> '1.5%', 2 -> '2.0%'. */
function percentText(value: number): string {
  return `${value.toFixed(1)}%`;
}

function shareOf(capital: number | undefined, percent: number): string | null {
  return capital === undefined ? null : formatRupees((capital * percent) / 100);
}

const LIMIT_ROWS = [
  { label: 'Default', percent: ALLOCATION_LIMITS.default_pct },
  { label: 'Minimum', percent: ALLOCATION_LIMITS.min_pct },
  { label: 'Maximum', percent: ALLOCATION_LIMITS.max_pct },
] as const;

export function AdvancedTab({
  form,
  settings,
  onEdit,
}: {
  form: AllocationDraft | null;
  settings: AllocationSettings | undefined;
  onEdit: (change: Partial<AllocationDraft>) => void;
}) {
  const capital = settings?.total_capital;
  const manualPct = form ? Number(form.manual_allocation_pct) : NaN;
  const outsideLimits =
    form !== null &&
    !form.ai_enabled &&
    Number.isFinite(manualPct) &&
    (manualPct < ALLOCATION_LIMITS.min_pct || manualPct > ALLOCATION_LIMITS.max_pct);

  return (
    <Stack gap="5" pt="4">
      <Panel
        title="Daily risk budget"
        subtitle="The most the day's trades may lose, as a share of total capital"
      >
        <RadioCard.Root
          value={form ? String(form.daily_risk_budget) : null}
          onValueChange={(details) => {
            if (details.value) onEdit({ daily_risk_budget: Number(details.value) as DailyRiskBudget });
          }}
          disabled={!form}
          colorPalette="brand"
          size="sm"
        >
          <RadioCard.Label srOnly>Daily risk budget</RadioCard.Label>
          <SimpleGrid columns={{ base: 2, sm: 3, md: 5 }} gap="2">
            {DAILY_RISK_BUDGET_CHOICES.map((choice) => (
              <RadioCard.Item key={choice} value={String(choice)}>
                <RadioCard.ItemHiddenInput />
                <RadioCard.ItemControl>
                  <RadioCard.ItemContent>
                    <RadioCard.ItemText fontVariantNumeric="tabular-nums">
                      {percentText(choice)}
                    </RadioCard.ItemText>
                    {capital !== undefined && (
                      <RadioCard.ItemDescription fontVariantNumeric="tabular-nums">
                        {shareOf(capital, choice)}
                      </RadioCard.ItemDescription>
                    )}
                  </RadioCard.ItemContent>
                </RadioCard.ItemControl>
              </RadioCard.Item>
            ))}
          </SimpleGrid>
        </RadioCard.Root>
      </Panel>

      <Panel title="Allocation limits" subtitle="The range a day's allocation is kept within">
        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
          {LIMIT_ROWS.map((row) => (
            <Box
              key={row.label}
              borderWidth="1px"
              borderColor="border"
              rounded="l2"
              p="3"
              aria-label={`${row.label} limit`}
            >
              <Text textStyle="sm" color="fg.muted">
                {row.label}
              </Text>
              <HStack justify="space-between" fontVariantNumeric="tabular-nums">
                <Text fontWeight="semibold" textStyle="lg">
                  {percentText(row.percent)}
                </Text>
                <Text textStyle="sm" color="fg.muted">
                  {shareOf(capital, row.percent) ?? ''}
                </Text>
              </HStack>
            </Box>
          ))}
        </SimpleGrid>
        {outsideLimits && (
          <Text mt="3" textStyle="sm" color="orange.fg" role="status">
            The manual allocation of {percentText(manualPct)} is outside the{' '}
            {percentText(ALLOCATION_LIMITS.min_pct)}–{percentText(ALLOCATION_LIMITS.max_pct)} range.
          </Text>
        )}
      </Panel>

      <Panel title="Account">
        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3" fontVariantNumeric="tabular-nums">
          {(
            [
              ['Total capital', settings?.total_capital],
              ['Portfolio value', settings?.portfolio_value],
              ['Available cash', settings?.available_cash],
            ] as const
          ).map(([label, value]) => (
            <Stack key={label} gap="0.5">
              <Text textStyle="sm" color="fg.muted">
                {label}
              </Text>
              <Text fontWeight="semibold">{value === undefined ? '--' : formatRupees(value)}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Panel>
    </Stack>
  );
}
