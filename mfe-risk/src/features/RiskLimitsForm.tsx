/**
 * Editor of the operator's position and loss limits (POST /api/risk/limits), used by the risk
 * page's Limits tab and by RiskSettings. Each field is a RuleField of the contract's rule
 * (RISK_LIMIT_RULES): amounts in rupees, shares typed as percents (20 means 20%; the API carries
 * 0.2), and the contract's schema checks the limits as they are typed, so a refused value shows the
 * server's own sentence beside its field and Save stays disabled until every field is fine.
 */
import { Button, Heading, HStack, SimpleGrid, Skeleton, Stack } from '@nivesh/ui/chakra';
import { useRiskLimitsQuery, useUpdateRiskLimitsMutation } from '@nivesh/api-client';
import {
  RISK_LIMIT_RULES,
  RiskLimitsUpdate,
  type LossLimits,
  type PositionLimits,
  type RiskLimitsUpdate as RiskLimitsBody,
} from '@nivesh/api-contract';
import { formatRupees, RuleField, useRuleForm, type RuleFormField } from '@nivesh/ui';
import { SaveOutcomeAlert, SettingsNotLoaded } from './RiskNotices';
import { LOAD_ERRORS } from './riskText';
import { useSaveOutcome } from './useSaveOutcome';

type Group = 'position_limits' | 'loss_limits';
type FieldKey = keyof PositionLimits | keyof LossLimits;

interface LimitField extends RuleFormField<FieldKey> {
  group: Group;
  /** What the limit does, under the field. */
  help: string;
}

const field = (group: Group, key: FieldKey, help: string): LimitField => ({
  key,
  group,
  path: [group, key],
  rule: RISK_LIMIT_RULES[key],
  help,
});

const LIMIT_FIELDS: readonly LimitField[] = [
  field(
    'position_limits',
    'max_position_size',
    "Largest value of one position (also the paper account's limit)",
  ),
  field('position_limits', 'max_single_stock', 'Largest share of the portfolio in one stock'),
  field('position_limits', 'max_sector_exposure', 'Largest share of the portfolio in one sector'),
  field('position_limits', 'min_diversification', 'Fewest open positions for a spread portfolio'),
  field('loss_limits', 'daily_loss_limit', 'New positions stop for the day at this loss'),
  field('loss_limits', 'weekly_loss_limit', 'At least the daily limit'),
  field('loss_limits', 'monthly_loss_limit', 'At least the weekly limit'),
  field('loss_limits', 'max_drawdown_limit', 'Deepest fall from the peak value before only reducing orders'),
];

const GROUP_TITLES: Record<Group, string> = {
  position_limits: 'Position limits',
  loss_limits: 'Loss limits',
};

/** An amount's help starts with the amount in Indian grouping, as typed. */
function helpOf(limit: LimitField, text: string): string {
  if (limit.rule.unit !== 'rupees' || text.trim() === '' || !Number.isFinite(Number(text))) return limit.help;
  return `${formatRupees(Number(text))} · ${limit.help}`;
}

function LimitsEditor({
  current,
  saveOutcome: { outcome, setOutcome, report },
}: {
  current: RiskLimitsBody;
  /** Kept by the parent: a save brings new limits, and with them a fresh editor. */
  saveOutcome: ReturnType<typeof useSaveOutcome>;
}) {
  const [update, { isLoading: saving }] = useUpdateRiskLimitsMutation();
  const form = useRuleForm({ fields: LIMIT_FIELDS, schema: RiskLimitsUpdate, values: current });

  const save = async () => {
    if (!form.value) return;
    const body = form.value;
    if (await report(() => update({ body }).unwrap(), 'Risk limits could not be saved.')) form.reset();
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      noValidate
      aria-label="Risk limits"
    >
      <Stack gap="6">
        {(['position_limits', 'loss_limits'] as const).map((group) => (
          <Stack key={group} gap="3">
            <Heading as="h3" size="sm">
              {GROUP_TITLES[group]}
            </Heading>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              {LIMIT_FIELDS.filter((limit) => limit.group === group).map((limit) => (
                <RuleField
                  key={limit.key}
                  rule={limit.rule}
                  value={form.texts[limit.key]}
                  onChange={(text) => {
                    form.set(limit.key, text);
                    setOutcome(null);
                  }}
                  problem={form.problems[limit.key]}
                  help={helpOf(limit, form.texts[limit.key])}
                />
              ))}
            </SimpleGrid>
          </Stack>
        ))}
        <SaveOutcomeAlert outcome={outcome} />
        <HStack gap="2" justify="flex-end">
          <Button
            variant="ghost"
            disabled={!form.dirty || saving}
            onClick={() => {
              form.reset();
              setOutcome(null);
            }}
          >
            Discard changes
          </Button>
          <Button type="submit" colorPalette="brand" loading={saving} disabled={!form.dirty || !form.value}>
            Save limits
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

export function RiskLimitsForm() {
  const limits = useRiskLimitsQuery();
  const saveOutcome = useSaveOutcome();
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
  const editable = { position_limits: current.position_limits, loss_limits: current.loss_limits };
  // A new answer with other limits (a save, another window) starts a fresh form; a poll that
  // brings the same limits keeps what is being typed.
  return <LimitsEditor key={JSON.stringify(editable)} current={editable} saveOutcome={saveOutcome} />;
}
