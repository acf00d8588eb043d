/**
 * The paper engine's limits and costs (GET/POST /api/trading/paper-limits), the rest of its cost
 * schedule (GET/POST /api/trading/paper-costs, CostsForm) and Reset Account. Amounts and counts are
 * whole numbers; exposure is a fraction 0-1; STT is a fraction and transaction charges a percent
 * of turnover, as the specification has them (part 2, sections 5 and 9): each says its unit and
 * shows what it means as a percent of turnover.
 */
import { useState, type FormEvent } from 'react';
import { Button, Field, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { LuRefreshCw, LuSave } from 'react-icons/lu';
import { DEFAULT_PAPER_LIMITS, PaperLimits } from '@nivesh/api-contract';
import {
  queryView,
  serverMessage,
  usePaperLimitsQuery,
  useUpdatePaperLimitsMutation,
  type ApiCallError,
} from '@nivesh/api-client';
import { Panel, PageLoading, QueryNotice, notify } from '@nivesh/ui';
import { CostsForm, RateMeaning } from './CostsForm';
import { LIMITS_UPDATED, limitsUpdateFailure } from './messages';
import { ResetAccountDialog } from './ResetAccountDialog';

type LimitKey = keyof PaperLimits;

interface FieldSpec {
  key: LimitKey;
  label: string;
  kind: 'integer' | 'decimal';
  step: number;
  max?: number;
  help: string;
  /** Shown when the value is refused. */
  rule: string;
  /** A rate: the unit it is typed in, shown as a percent of turnover beside the input. */
  unit?: 'fraction' | 'percent';
}

const FIELDS: FieldSpec[] = [
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
    kind: 'decimal',
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
    kind: 'decimal',
    step: 0.001,
    max: 1,
    help: 'Delivery STT on buys and sells. Typed as a FRACTION: 0.001 = 0.1%',
    rule: 'Enter a fraction of turnover from 0 to 1 (0.001 = 0.1%).',
    unit: 'fraction',
  },
  {
    key: 'transaction_charges',
    label: 'Transaction Charges (% of turnover)',
    kind: 'decimal',
    step: 0.001,
    max: 1,
    help: 'Exchange transaction charge. Typed as a PERCENT: 0.00345 = 0.00345%',
    rule: 'Enter a percent of turnover from 0 to 1 (0.00345 = 0.00345%).',
    unit: 'percent',
  },
];

type Draft = Record<LimitKey, string>;

const toDraft = (limits: PaperLimits): Draft =>
  Object.fromEntries(FIELDS.map((f) => [f.key, String(limits[f.key])])) as Draft;

/** Integers parsed as integers (the specification's parseInt), rates as decimals. */
function parseDraft(draft: Draft): { limits?: PaperLimits; problems: Partial<Record<LimitKey, string>> } {
  const values = Object.fromEntries(
    FIELDS.map((f) => {
      const text = draft[f.key].trim();
      const value =
        text === '' ? Number.NaN : f.kind === 'integer' ? Number.parseInt(text, 10) : Number(text);
      return [f.key, value];
    }),
  );
  const parsed = PaperLimits.safeParse(values);
  if (parsed.success) return { limits: parsed.data, problems: {} };
  const problems: Partial<Record<LimitKey, string>> = {};
  for (const issue of parsed.error.issues) {
    const spec = FIELDS.find((f) => f.key === issue.path[0]);
    if (spec) problems[spec.key] = spec.rule;
  }
  return { problems };
}

function LimitsForm({ limits }: { limits: PaperLimits }) {
  const [draft, setDraft] = useState<Draft>(() => toDraft(limits));
  const [problems, setProblems] = useState<Partial<Record<LimitKey, string>>>({});
  const [update, { isLoading }] = useUpdatePaperLimitsMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = parseDraft(draft);
    setProblems(result.problems);
    if (!result.limits) return;
    try {
      await update({ body: result.limits }).unwrap();
      notify('success', LIMITS_UPDATED);
    } catch (error) {
      notify('error', limitsUpdateFailure(error as ApiCallError), serverMessage(error as ApiCallError));
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Trading limits">
      <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="4">
        {FIELDS.map((f) => (
          <Field.Root key={f.key} invalid={Boolean(problems[f.key])}>
            <Field.Label>{f.label}</Field.Label>
            <Input
              size="sm"
              type="number"
              min={0}
              max={f.max}
              step={f.step}
              value={draft[f.key]}
              onChange={(e) => setDraft((d) => ({ ...d, [f.key]: e.target.value }))}
            />
            {f.unit && <RateMeaning text={draft[f.key]} unit={f.unit} />}
            {problems[f.key] ? (
              <Field.ErrorText>{problems[f.key]}</Field.ErrorText>
            ) : (
              <Field.HelperText>{f.help}</Field.HelperText>
            )}
          </Field.Root>
        ))}
      </SimpleGrid>
      <HStack gap="2" mt="5" justify="flex-end" wrap="wrap">
        <Button size="sm" variant="ghost" onClick={() => setDraft(toDraft(DEFAULT_PAPER_LIMITS))}>
          Restore defaults
        </Button>
        <Button size="sm" type="submit" colorPalette="brand" loading={isLoading}>
          <LuSave /> Update Limits
        </Button>
      </HStack>
    </form>
  );
}

export function ConfigurationPanel() {
  const limits = usePaperLimitsQuery();
  const view = queryView(limits, 'The trading service did not answer.');
  const current = view.data?.data;

  return (
    <Panel
      title="Configuration"
      subtitle="Limits and trading costs of the paper engine"
      actions={<ResetAccountDialog />}
    >
      {!current && view.failure ? (
        <Stack align="center" gap="2">
          <QueryNotice view={view} unavailableTitle="Trading limits are not available" />
          <Button
            size="xs"
            variant="outline"
            onClick={() => void limits.refetch()}
            loading={limits.isFetching}
          >
            <LuRefreshCw /> Retry
          </Button>
        </Stack>
      ) : current ? (
        // A new answer from the server starts a fresh form; kept limits are marked stale.
        <>
          <QueryNotice view={view} unavailableTitle="Trading limits are not available" />
          <LimitsForm key={JSON.stringify(current)} limits={current} />
        </>
      ) : (
        <PageLoading label="Loading limits..." />
      )}
      <CostsForm />
      <Text textStyle="xs" color="fg.muted" mt="4">
        Changes apply to new orders of the paper engine.
      </Text>
    </Panel>
  );
}
