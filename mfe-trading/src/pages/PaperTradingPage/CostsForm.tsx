/**
 * The rest of the paper engine's cost schedule (GET/POST /api/trading/paper-costs): the brokerage
 * rate cap ("₹20 or 0.03%, whichever is lower"), intraday STT, SEBI fee, stamp duty, GST, the DP
 * charge and the simulated half-spread (DOMAIN.md, "Trading costs"). Each input says its unit, and
 * every rate shows what it means as a percent beside it.
 */
import { useState, type FormEvent } from 'react';
import { Button, Field, Heading, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { LuRefreshCw, LuSave } from 'react-icons/lu';
import { DEFAULT_PAPER_COSTS, PaperCostSettings } from '@nivesh/api-contract';
import {
  queryView,
  serverMessage,
  usePaperCostsQuery,
  useUpdatePaperCostsMutation,
  type ApiCallError,
} from '@nivesh/api-client';
import { PageLoading, QueryNotice, notify } from '@nivesh/ui';
import { COSTS_UPDATED, costsUpdateFailure } from './messages';
import { ratePercent } from './rates';

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

type Draft = Record<CostKey, string>;

const toDraft = (costs: PaperCostSettings): Draft =>
  Object.fromEntries(
    COST_FIELDS.map((f) => [f.key, costs[f.key] === null ? '' : String(costs[f.key])]),
  ) as Draft;

function parseDraft(draft: Draft): { costs?: PaperCostSettings; problems: Partial<Record<CostKey, string>> } {
  const values = Object.fromEntries(
    COST_FIELDS.map((f) => {
      const text = draft[f.key].trim();
      return [f.key, text === '' ? (f.optional ? null : Number.NaN) : Number(text)];
    }),
  );
  const parsed = PaperCostSettings.safeParse(values);
  if (parsed.success) return { costs: parsed.data, problems: {} };
  const problems: Partial<Record<CostKey, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = COST_FIELDS.find((f) => f.key === issue.path[0]);
    if (field) problems[field.key] = field.rule;
  }
  return { problems };
}

function Meaning({ field, text }: { field: CostField; text: string }) {
  if (!field.meaning) return null;
  if (field.meaning.unit !== 'per-crore') {
    return <RateMeaning text={text} unit={field.meaning.unit} of={field.meaning.of} />;
  }
  // Rupees per crore as a percent: ₹10 of ₹1,00,00,000 = 0.0001%.
  const value = text.trim() === '' ? Number.NaN : Number(text);
  return Number.isFinite(value) ? (
    <RateMeaning text={String(value / 1e5)} unit="percent" of={field.meaning.of} />
  ) : null;
}

function Form({ costs }: { costs: PaperCostSettings }) {
  const [draft, setDraft] = useState<Draft>(() => toDraft(costs));
  const [problems, setProblems] = useState<Partial<Record<CostKey, string>>>({});
  const [update, { isLoading }] = useUpdatePaperCostsMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = parseDraft(draft);
    setProblems(result.problems);
    if (!result.costs) return;
    try {
      await update({ body: result.costs }).unwrap();
      notify('success', COSTS_UPDATED);
    } catch (error) {
      notify('error', costsUpdateFailure(error as ApiCallError), serverMessage(error as ApiCallError));
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Trading costs">
      <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="4">
        {COST_FIELDS.map((f) => (
          <Field.Root key={f.key} invalid={Boolean(problems[f.key])}>
            <Field.Label>{f.label}</Field.Label>
            <Input
              size="sm"
              type="number"
              min={0}
              step={f.step}
              value={draft[f.key]}
              placeholder={f.optional ? 'Flat only' : undefined}
              onChange={(e) => setDraft((d) => ({ ...d, [f.key]: e.target.value }))}
            />
            <Meaning field={f} text={draft[f.key]} />
            {problems[f.key] ? (
              <Field.ErrorText>{problems[f.key]}</Field.ErrorText>
            ) : (
              <Field.HelperText>{f.help}</Field.HelperText>
            )}
          </Field.Root>
        ))}
      </SimpleGrid>
      <HStack gap="2" mt="5" justify="flex-end" wrap="wrap">
        <Button size="sm" variant="ghost" onClick={() => setDraft(toDraft(DEFAULT_PAPER_COSTS))}>
          Restore default costs
        </Button>
        <Button size="sm" type="submit" colorPalette="brand" loading={isLoading}>
          <LuSave /> Update Costs
        </Button>
      </HStack>
    </form>
  );
}

/** The section under the limits: its heading, the form, or why it is not shown. */
export function CostsForm() {
  const costs = usePaperCostsQuery();
  const view = queryView(costs, 'The trading service did not answer.');
  const current = view.data?.data;
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
      {!current && view.failure ? (
        <Stack align="center" gap="2">
          <QueryNotice view={view} unavailableTitle="Trading costs are not available" />
          <Button size="xs" variant="outline" onClick={() => void costs.refetch()} loading={costs.isFetching}>
            <LuRefreshCw /> Retry
          </Button>
        </Stack>
      ) : current ? (
        <>
          <QueryNotice view={view} unavailableTitle="Trading costs are not available" />
          <Form key={JSON.stringify(current)} costs={current} />
        </>
      ) : (
        <PageLoading label="Loading costs..." />
      )}
    </Stack>
  );
}
