/**
 * The rest of the paper engine's cost schedule (GET/POST /api/trading/paper-costs): the brokerage
 * rate cap ("₹20 or 0.03%, whichever is lower"), intraday STT, SEBI fee, stamp duty, GST, the DP
 * charge and the simulated half-spread (DOMAIN.md, "Trading costs"). Each input says its unit, and
 * every rate shows what it means as a percent beside it.
 */
import { Heading, Stack, Text } from '@nivesh/ui/chakra';
import { DEFAULT_PAPER_COSTS, PaperCostSettings } from '@nivesh/api-contract';
import {
  serverMessage,
  usePaperCostsQuery,
  useUpdatePaperCostsMutation,
  type ApiCallError,
} from '@nivesh/api-client';
import { notify } from '@nivesh/ui';
import { COSTS_UPDATED, costsUpdateFailure } from './messages';
import { ratePercent } from './rates';
import { SettingsSection, type SettingsField } from './SettingsForm';

type CostKey = keyof PaperCostSettings;

interface CostField {
  key: CostKey;
  label: string;
  step: number;
  help: string;
  /** Shown when the value is refused. */
  rule: string;
  /** How the typed number reads as a percent, and of what; absent for rupee amounts. */
  meaning?: { unit: 'fraction' | 'percent' | 'per-crore'; of: string };
  /** Empty means null (no cap). */
  optional?: boolean;
}

const FRACTION_RULE = (example: string) =>
  `Enter a fraction of turnover from 0 to 0.01 (${example}); a percent typed here would be 100 times too large.`;

const COST_FIELDS: CostField[] = [
  {
    key: 'brokerage_rate',
    label: 'Brokerage Rate Cap (fraction of turnover)',
    step: 0.0001,
    help: 'Brokerage becomes the lower of the flat ₹ per trade and this share of turnover (0.0003 = 0.03%). Empty: flat brokerage only.',
    rule: FRACTION_RULE('0.0003 = 0.03%') + ' Leave it empty for flat brokerage only.',
    meaning: { unit: 'fraction', of: 'of turnover' },
    optional: true,
  },
  {
    key: 'intraday_stt_rate',
    label: 'Intraday STT Rate (fraction of turnover)',
    step: 0.00001,
    help: 'On intraday sells, and on delivery shares sold the day they were bought (0.00025 = 0.025%)',
    rule: FRACTION_RULE('0.00025 = 0.025%'),
    meaning: { unit: 'fraction', of: 'of turnover' },
  },
  {
    key: 'stamp_duty_delivery_rate',
    label: 'Stamp Duty, Delivery (fraction of turnover)',
    step: 0.00001,
    help: 'On delivery buys (0.00015 = 0.015%)',
    rule: FRACTION_RULE('0.00015 = 0.015%'),
    meaning: { unit: 'fraction', of: 'of turnover' },
  },
  {
    key: 'stamp_duty_intraday_rate',
    label: 'Stamp Duty, Intraday (fraction of turnover)',
    step: 0.00001,
    help: 'On intraday buys, and delivery buys sold the same day (0.00003 = 0.003%)',
    rule: FRACTION_RULE('0.00003 = 0.003%'),
    meaning: { unit: 'fraction', of: 'of turnover' },
  },
  {
    key: 'gst_rate',
    label: 'GST Rate (fraction)',
    step: 0.01,
    help: 'On brokerage, exchange and SEBI charges and the DP charge (0.18 = 18%)',
    rule: 'Enter a fraction from 0 to 0.5 (0.18 = 18%).',
    meaning: { unit: 'fraction', of: 'of those charges' },
  },
  {
    key: 'dp_charge',
    label: 'DP Charge (₹ per stock per day)',
    step: 0.5,
    help: 'On delivery sells, once per stock per day, before GST (Upstox: ₹18.50)',
    rule: 'Enter rupees from 0 to 1,000.',
  },
  {
    key: 'sebi_fee_per_crore',
    label: 'SEBI Turnover Fee (₹ per crore)',
    step: 1,
    help: 'Rupees per ₹1,00,00,000 of turnover (₹10 = 0.0001%)',
    rule: 'Enter rupees per crore from 0 to 10,000.',
    meaning: { unit: 'per-crore', of: 'of turnover' },
  },
  {
    key: 'half_spread_percent',
    label: 'Simulated Half-Spread (% of last price)',
    step: 0.01,
    help: 'Market orders fill this far above (buys) or below (sells) the last price (0.05 = 0.05%)',
    rule: 'Enter a percent of the last price from 0 to 5.',
    meaning: { unit: 'percent', of: 'of the last price' },
  },
];

/** '= 0.1% of turnover' under a rate input, as it is typed. */
export function RateMeaning({
  text,
  unit,
  of = 'of turnover',
}: {
  text: string;
  unit: 'fraction' | 'percent';
  of?: string;
}) {
  const percent = ratePercent(text, unit);
  if (percent === null) return null;
  return (
    <Text textStyle="xs" fontWeight="medium" color="fg" fontVariantNumeric="tabular-nums">
      = {percent} {of}
    </Text>
  );
}

const meaningOf = (field: Pick<CostField, 'meaning'>) =>
  field.meaning ? (text: string) => <Meaning meaning={field.meaning!} text={text} /> : undefined;

function Meaning({ meaning, text }: { meaning: NonNullable<CostField['meaning']>; text: string }) {
  if (meaning.unit !== 'per-crore') return <RateMeaning text={text} unit={meaning.unit} of={meaning.of} />;
  // Rupees per crore as a percent: ₹10 of ₹1,00,00,000 = 0.0001%.
  const value = text.trim() === '' ? Number.NaN : Number(text);
  return Number.isFinite(value) ? (
    <RateMeaning text={String(value / 1e5)} unit="percent" of={meaning.of} />
  ) : null;
}

const FIELDS: SettingsField<CostKey>[] = COST_FIELDS.map((f) => ({
  key: f.key,
  label: f.label,
  step: f.step,
  help: f.help,
  rule: f.rule,
  optional: f.optional ? { placeholder: 'Flat only' } : undefined,
  meaning: meaningOf(f),
}));

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
