/**
 * The paper engine's limits and costs (GET/POST /api/trading/paper-limits), the rest of its cost
 * schedule (GET/POST /api/trading/paper-costs, CostsForm) and Reset Account. Every field takes its
 * value in one unit, shown beside it (the contract's PAPER_LIMIT_RULES): amounts in rupees and counts
 * as whole numbers, read as integers as the specification reads them; the exposure and the rates as
 * percents, though the API keeps the specification's units (exposure and STT as fractions,
 * transaction charges as a percent of turnover; part 2, sections 5 and 9).
 */
import { Text } from '@nivesh/ui/chakra';
import { DEFAULT_PAPER_LIMITS, PAPER_LIMIT_RULES, PaperLimits } from '@nivesh/api-contract';
import {
  serverMessage,
  usePaperLimitsQuery,
  useUpdatePaperLimitsMutation,
  type ApiCallError,
} from '@nivesh/api-client';
import { Panel, notify } from '@nivesh/ui';
import { CostsForm } from './CostsForm';
import { LIMITS_UPDATED, limitsUpdateFailure } from './messages';
import { ResetAccountDialog } from './ResetAccountDialog';
import { SettingsSection, type SettingsField } from './SettingsForm';

type LimitKey = keyof PaperLimits;

const HELP: Record<LimitKey, string> = {
  max_position_size: 'Largest value of one position',
  max_daily_loss: 'Trading stops for the day at this loss',
  max_portfolio_exposure: 'Share of the account held in positions',
  max_positions_count: 'Open positions at once',
  min_balance_threshold: 'No new buys below this cash',
  brokerage_per_trade: 'Flat, per executed order',
  stt_rate: 'Delivery STT on buys and sells (NSE: 0.1%)',
  transaction_charges: 'Exchange transaction charge (NSE: 0.00297%, 0.00307% with IPF)',
};

/** Amounts and counts are read as integers (the specification's parseInt). */
const WHOLE: ReadonlySet<LimitKey> = new Set([
  'max_position_size',
  'max_daily_loss',
  'max_positions_count',
  'min_balance_threshold',
  'brokerage_per_trade',
]);

const FIELDS: SettingsField<LimitKey>[] = (Object.keys(HELP) as LimitKey[]).map((key) => ({
  key,
  rule: PAPER_LIMIT_RULES[key],
  help: HELP[key],
  parseInteger: WHOLE.has(key),
}));

export function ConfigurationPanel() {
  const limits = usePaperLimitsQuery();
  const [update, { isLoading: saving }] = useUpdatePaperLimitsMutation();
  const save = async (value: PaperLimits) => {
    try {
      await update({ body: value }).unwrap();
      notify('success', LIMITS_UPDATED);
    } catch (error) {
      notify('error', limitsUpdateFailure(error as ApiCallError), serverMessage(error as ApiCallError));
    }
  };

  return (
    <Panel
      title="Configuration"
      subtitle="Limits and trading costs of the paper engine"
      actions={<ResetAccountDialog />}
    >
      <SettingsSection
        query={limits}
        unavailableTitle="Trading limits are not available"
        loadingLabel="Loading limits..."
        label="Trading limits"
        fields={FIELDS}
        schema={PaperLimits}
        defaults={DEFAULT_PAPER_LIMITS}
        restoreLabel="Restore defaults"
        saveLabel="Update Limits"
        saving={saving}
        onSave={save}
      />
      <CostsForm />
      <Text textStyle="xs" color="fg.muted" mt="4">
        Changes apply to new orders of the paper engine.
      </Text>
    </Panel>
  );
}
