/**
 * Editor of the operator's position and loss limits (POST /api/risk/limits), used by the risk
 * page's Limits tab and by RiskSettings. Validation is the contract's own schema, so the server
 * and this form reject the same values with the same sentences.
 */
import { useState, type FormEvent } from 'react';
import { Button, Field, Heading, HStack, Input, SimpleGrid, Skeleton, Stack } from '@nivesh/ui/chakra';
import { useRiskLimitsQuery, useUpdateRiskLimitsMutation } from '@nivesh/api-client';
import {
  RiskLimitsUpdate,
  type LossLimits,
  type PositionLimits,
  type RiskLimits,
} from '@nivesh/api-contract';
import { formatNumber, formatRupees } from '@nivesh/ui';
import { formatFractionPercent } from './riskFormat';
import { SaveOutcomeAlert, SettingsNotLoaded } from './RiskNotices';
import { LOAD_ERRORS } from './riskText';
import { useSaveOutcome } from './useSaveOutcome';

type Unit = 'rupees' | 'fraction' | 'count';
type Group = 'position_limits' | 'loss_limits';
type FieldKey = keyof PositionLimits | keyof LossLimits;

interface LimitField {
  group: Group;
  key: FieldKey;
  label: string;
  unit: Unit;
  step: number;
}

/** Labels match the names in the contract's validation messages. */
const LIMIT_FIELDS: readonly LimitField[] = [
  {
    group: 'position_limits',
    key: 'max_position_size',
    label: 'Max position size',
    unit: 'rupees',
    step: 1000,
  },
  {
    group: 'position_limits',
    key: 'max_single_stock',
    label: 'Max single stock',
    unit: 'fraction',
    step: 0.01,
  },
  {
    group: 'position_limits',
    key: 'max_sector_exposure',
    label: 'Max sector exposure',
    unit: 'fraction',
    step: 0.01,
  },
  {
    group: 'position_limits',
    key: 'min_diversification',
    label: 'Min diversification',
    unit: 'count',
    step: 1,
  },
  { group: 'loss_limits', key: 'daily_loss_limit', label: 'Daily loss limit', unit: 'rupees', step: 1000 },
  { group: 'loss_limits', key: 'weekly_loss_limit', label: 'Weekly loss limit', unit: 'rupees', step: 1000 },
  {
    group: 'loss_limits',
    key: 'monthly_loss_limit',
    label: 'Monthly loss limit',
    unit: 'rupees',
    step: 1000,
  },
  {
    group: 'loss_limits',
    key: 'max_drawdown_limit',
    label: 'Max drawdown limit',
    unit: 'fraction',
    step: 0.01,
  },
];

const GROUP_TITLES: Record<Group, string> = {
  position_limits: 'Position limits',
  loss_limits: 'Loss limits',
};

type Draft = Record<FieldKey, string>;

function draftFrom(limits: RiskLimits): Draft {
  const draft = {} as Draft;
  for (const field of LIMIT_FIELDS) {
    const group = limits[field.group] as Record<string, number>;
    draft[field.key] = String(group[field.key]);
  }
  return draft;
}

/** An empty box is "no value", never 0 (Number('') would be 0). */
function parse(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

function bodyFrom(draft: Draft) {
  const body = { position_limits: {} as Record<string, number>, loss_limits: {} as Record<string, number> };
  for (const field of LIMIT_FIELDS) body[field.group][field.key] = parse(draft[field.key]);
  return body;
}

function hint(field: LimitField, text: string): string {
  const value = parse(text);
  if (!Number.isFinite(value)) return '';
  if (field.unit === 'rupees') return formatRupees(value);
  if (field.unit === 'fraction') return `${formatFractionPercent(value, 1)} (fraction 0-1)`;
  return `${formatNumber(value)} positions`;
}

export function RiskLimitsForm() {
  const limits = useRiskLimitsQuery();
  const [update, { isLoading: saving }] = useUpdateRiskLimitsMutation();
  // Edits live here; until the first edit the form shows the server's current limits.
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Partial<Record<FieldKey, string>>>({});
  const { outcome, setOutcome, report } = useSaveOutcome();

  const current = limits.data?.data;
  if (!current) {
    return (
      <SettingsNotLoaded
        query={limits}
        errorTitle={LOAD_ERRORS.limits}
        loadingLabel="Loading risk limits"
        skeleton={[0, 1, 2].map((row) => (
          <Skeleton key={row} height="10" />
        ))}
      />
    );
  }

  const values = draft ?? draftFrom(current);

  const change = (key: FieldKey, text: string) => {
    setDraft({ ...values, [key]: text });
    setErrors((previous) => ({ ...previous, [key]: undefined }));
    setOutcome(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const parsed = RiskLimitsUpdate.safeParse(bodyFrom(values));
    if (!parsed.success) {
      const found: Partial<Record<FieldKey, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[1] as FieldKey | undefined;
        if (key && !found[key]) found[key] = issue.message;
      }
      setErrors(found);
      setOutcome({ status: 'error', text: 'Please correct the highlighted limits.' });
      return;
    }
    if (await report(() => update({ body: parsed.data }).unwrap(), 'Risk limits could not be saved.')) {
      setDraft(null);
      setErrors({});
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Risk limits">
      <Stack gap="6">
        {(['position_limits', 'loss_limits'] as const).map((group) => (
          <Stack key={group} gap="3">
            <Heading as="h3" size="sm">
              {GROUP_TITLES[group]}
            </Heading>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              {LIMIT_FIELDS.filter((field) => field.group === group).map((field) => (
                <Field.Root key={field.key} invalid={Boolean(errors[field.key])}>
                  <Field.Label>{field.label}</Field.Label>
                  <Input
                    type="number"
                    inputMode="decimal"
                    step={field.step}
                    min={0}
                    max={field.unit === 'fraction' ? 1 : undefined}
                    value={values[field.key]}
                    onChange={(event) => change(field.key, event.target.value)}
                    fontVariantNumeric="tabular-nums"
                  />
                  {errors[field.key] ? (
                    <Field.ErrorText>{errors[field.key]}</Field.ErrorText>
                  ) : (
                    <Field.HelperText>{hint(field, values[field.key])}</Field.HelperText>
                  )}
                </Field.Root>
              ))}
            </SimpleGrid>
          </Stack>
        ))}
        <SaveOutcomeAlert outcome={outcome} />
        <HStack gap="2" justify="flex-end">
          <Button
            variant="ghost"
            disabled={draft === null || saving}
            onClick={() => {
              setDraft(null);
              setErrors({});
              setOutcome(null);
            }}
          >
            Discard changes
          </Button>
          <Button type="submit" colorPalette="brand" loading={saving} disabled={draft === null}>
            Save limits
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
