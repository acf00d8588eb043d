/**
 * The rest of the paper engine's cost schedule (GET/POST /api/trading/paper-costs): the brokerage
 * rate cap ("₹20 or 0.03%, whichever is lower"), intraday STT, SEBI fee, stamp duty, GST, the DP
 * charge and the simulated half-spread (DOMAIN.md, "Trading costs"). Each field takes its value in
 * the unit of its contract rule (PAPER_COST_RULES), shown beside it: rates as percents, though the
 * API carries most of them as fractions of turnover.
 */
import { Heading, Stack, Text } from '@nivesh/ui/chakra';
import { DEFAULT_PAPER_COSTS, PAPER_COST_RULES, PaperCostSettings } from '@nivesh/api-contract';
import {
  serverMessage,
  usePaperCostsQuery,
  useUpdatePaperCostsMutation,
  type ApiCallError,
} from '@nivesh/api-client';
import { notify } from '@nivesh/ui';
import { COSTS_UPDATED, costsUpdateFailure } from './messages';
import { perCroreMeaning } from './rates';
import { SettingsSection, type SettingsField } from './SettingsForm';

type CostKey = keyof PaperCostSettings;

const FIELDS: SettingsField<CostKey>[] = [
  {
    key: 'brokerage_rate',
    rule: PAPER_COST_RULES.brokerage_rate,
    help: 'Brokerage becomes the lower of the flat ₹ per trade and this share of turnover (Upstox: 0.05%). Empty: flat brokerage only.',
    placeholder: 'Flat only',
  },
  {
    key: 'intraday_stt_rate',
    rule: PAPER_COST_RULES.intraday_stt_rate,
    help: 'On intraday sells, and on delivery shares sold the day they were bought (NSE: 0.025%)',
  },
  {
    key: 'stamp_duty_delivery_rate',
    rule: PAPER_COST_RULES.stamp_duty_delivery_rate,
    help: 'On delivery buys (0.015%)',
  },
  {
    key: 'stamp_duty_intraday_rate',
    rule: PAPER_COST_RULES.stamp_duty_intraday_rate,
    help: 'On intraday buys, and delivery buys sold the same day (0.003%)',
  },
  {
    key: 'gst_rate',
    rule: PAPER_COST_RULES.gst_rate,
    help: 'On brokerage, exchange and SEBI charges and the DP charge (18%)',
  },
  {
    key: 'dp_charge',
    rule: PAPER_COST_RULES.dp_charge,
    help: 'On delivery sells, once per stock per day, before GST (Upstox: ₹18.50)',
  },
  {
    key: 'sebi_fee_per_crore',
    rule: PAPER_COST_RULES.sebi_fee_per_crore,
    help: 'Rupees per ₹1,00,00,000 of turnover (₹10)',
    meaning: perCroreMeaning,
  },
  {
    key: 'half_spread_percent',
    rule: PAPER_COST_RULES.half_spread_percent,
    help: 'Market orders fill this far above (buys) or below (sells) the last price (0.05%)',
  },
];

/** The section under the limits: its heading, the form, or why it is not shown. */
export function CostsForm() {
  const costs = usePaperCostsQuery();
  const [update, { isLoading: saving }] = useUpdatePaperCostsMutation();
  const save = async (value: PaperCostSettings) => {
    try {
      await update({ body: value }).unwrap();
      notify('success', COSTS_UPDATED);
    } catch (error) {
      notify('error', costsUpdateFailure(error as ApiCallError), serverMessage(error as ApiCallError));
    }
  };
  return (
    <Stack gap="3" mt="6" pt="5" borderTopWidth="1px" borderColor="border">
      <Stack gap="0.5">
        <Heading as="h3" textStyle="sm" fontWeight="semibold">
          Trading costs
        </Heading>
        <Text textStyle="xs" color="fg.muted">
          The rest of the NSE cost schedule the engine charges, beside brokerage, STT and transaction charges
          above.
        </Text>
      </Stack>
      <SettingsSection
        query={costs}
        unavailableTitle="Trading costs are not available"
        loadingLabel="Loading costs..."
        label="Trading costs"
        fields={FIELDS}
        schema={PaperCostSettings}
        defaults={DEFAULT_PAPER_COSTS}
        restoreLabel="Restore default costs"
        saveLabel="Update Costs"
        saving={saving}
        onSave={save}
      />
    </Stack>
  );
}
