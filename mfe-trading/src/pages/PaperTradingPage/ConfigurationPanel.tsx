/**
 * The paper engine's limits and costs (GET/POST /api/trading/paper-limits), the rest of its cost
 * schedule (GET/POST /api/trading/paper-costs, CostsForm) and Reset Account. Amounts and counts are
 * whole numbers; exposure is a fraction 0-1; STT is a fraction and transaction charges a percent
 * of turnover, as the specification has them (part 2, sections 5 and 9): each says its unit and
 * shows what it means as a percent of turnover.
 */
import { Text } from '@nivesh/ui/chakra';
import { DEFAULT_PAPER_LIMITS, PaperLimits } from '@nivesh/api-contract';
import {
  serverMessage,
  usePaperLimitsQuery,
  useUpdatePaperLimitsMutation,
  type ApiCallError,
} from '@nivesh/api-client';
import { Panel, notify } from '@nivesh/ui';
import { CostsForm, RateMeaning } from './CostsForm';
import { LIMITS_UPDATED, limitsUpdateFailure } from './messages';
import { ResetAccountDialog } from './ResetAccountDialog';
import { SettingsSection, type SettingsField } from './SettingsForm';

type LimitKey = keyof PaperLimits;

const FIELDS: SettingsField<LimitKey>[] = [
  {
    key: 'max_position_size',
    label: 'Max Position Size (₹)',
    kind: 'integer',
    step: 1000,
    help: 'Largest value of one position',
    rule: 'Enter whole rupees, 0 or more.',
  },
  {
    key: 'max_daily_loss',
    label: 'Max Daily Loss (₹)',
    kind: 'integer',
    step: 1000,
    help: 'Trading stops for the day at this loss',
    rule: 'Enter whole rupees, 0 or more.',
  },
  {
    key: 'max_portfolio_exposure',
    label: 'Max Portfolio Exposure',
    step: 0.1,
    max: 1,
    help: 'Fraction of the account in positions (0.8 = 80%)',
    rule: 'Enter a fraction from 0 to 1.',
  },
  {
    key: 'max_positions_count',
    label: 'Max Positions',
    kind: 'integer',
    step: 1,
    help: 'Open positions at once',
    rule: 'Enter a whole number, 0 or more.',
  },
  {
    key: 'min_balance_threshold',
    label: 'Min Balance Threshold (₹)',
    kind: 'integer',
    step: 1000,
    help: 'No new buys below this cash',
    rule: 'Enter whole rupees, 0 or more.',
  },
  {
    key: 'brokerage_per_trade',
    label: 'Brokerage per Trade (₹)',
    kind: 'integer',
    step: 1,
    help: 'Flat, per executed order',
    rule: 'Enter whole rupees, 0 or more.',
  },
  {
    key: 'stt_rate',
    label: 'STT Rate (fraction of turnover)',
    step: 0.001,
    max: 1,
    help: 'Delivery STT on buys and sells. Typed as a FRACTION: 0.001 = 0.1%',
    rule: 'Enter a fraction of turnover from 0 to 1 (0.001 = 0.1%).',
    meaning: (text) => <RateMeaning text={text} unit="fraction" />,
  },
  {
    key: 'transaction_charges',
    label: 'Transaction Charges (% of turnover)',
    step: 0.001,
    max: 1,
    help: 'Exchange transaction charge. Typed as a PERCENT: 0.00345 = 0.00345%',
    rule: 'Enter a percent of turnover from 0 to 1 (0.00345 = 0.00345%).',
    meaning: (text) => <RateMeaning text={text} unit="percent" />,
  },
];

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
