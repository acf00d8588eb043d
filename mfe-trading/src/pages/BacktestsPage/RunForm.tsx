/**
 * The form that starts a backtest: what it trades (a strategy or the allocator), the date range,
 * the capital, and optionally the day's amount, a name and the simulated market's seed. The values
 * are read with the contract's own schema, so each refused field shows the server's own sentence;
 * what only the server can check (the range against its history) comes back as its answer's sentence.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Field, HStack, Input, NativeSelect, SimpleGrid, Text } from '@nivesh/ui/chakra';
import { LuPlay } from 'react-icons/lu';
import {
  BACKTEST_LIMITS,
  BACKTEST_STRATEGY_LABELS,
  BacktestStrategy,
  StartBacktestRequest,
} from '@nivesh/api-contract';
import { errorMessage, useStartBacktestMutation, type ApiCallError } from '@nivesh/api-client';
import { notify } from '@nivesh/ui';

type Key = 'name' | 'strategy' | 'from' | 'to' | 'initial_capital' | 'daily_amount' | 'seed';
type Draft = Record<Key, string>;

const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/** The last weekday before today, and a year before it: a sensible first range. */
function defaultRange(now = Date.now()): { from: string; to: string } {
  let t = now - 86_400_000;
  while ([0, 6].includes(new Date(t).getUTCDay())) t -= 86_400_000;
  const end = new Date(t);
  // The same date a year earlier (29 February falls back to 28).
  const start = new Date(Date.UTC(end.getUTCFullYear() - 1, end.getUTCMonth(), end.getUTCDate()));
  if (start.getUTCMonth() !== end.getUTCMonth()) start.setUTCDate(0);
  return { from: isoDay(start.getTime()), to: isoDay(t) };
}

function initialDraft(now?: number): Draft {
  return {
    name: '',
    strategy: 'allocator',
    ...defaultRange(now),
    initial_capital: '1000000',
    daily_amount: '',
    seed: '',
  };
}

/** The request the form's values make, or each refused field's sentence. */
function readDraft(
  draft: Draft,
): { ok: true; body: StartBacktestRequest } | { ok: false; problems: Partial<Record<Key, string>> } {
  const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
  const optional = (text: string) => (text.trim() === '' ? undefined : Number(text));
  const body = {
    ...(draft.name.trim() ? { name: draft.name.trim() } : {}),
    strategy: draft.strategy,
    from: draft.from,
    to: draft.to,
    initial_capital: number(draft.initial_capital),
    ...(optional(draft.daily_amount) === undefined ? {} : { daily_amount: optional(draft.daily_amount) }),
    ...(optional(draft.seed) === undefined ? {} : { seed: optional(draft.seed) }),
  };
  const parsed = StartBacktestRequest.safeParse(body);
  if (parsed.success) return { ok: true, body: parsed.data };
  const problems: Partial<Record<Key, string>> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as Key | undefined;
    if (key && !problems[key]) problems[key] = issue.message;
  }
  return { ok: false, problems };
}

export function RunForm({ running, onStarted }: { running: boolean; onStarted: (id: string) => void }) {
  const [draft, setDraft] = useState<Draft>(() => initialDraft());
  const [problems, setProblems] = useState<Partial<Record<Key, string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [start, { isLoading }] = useStartBacktestMutation();
  const set = (key: Key) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: e.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    const read = readDraft(draft);
    setProblems(read.ok ? {} : read.problems);
    if (!read.ok) return;
    try {
      const answer = await start({ body: read.body }).unwrap();
      notify('success', answer.message);
      onStarted(answer.data.id);
    } catch (error) {
      setRefusal(
        errorMessage(error as ApiCallError, 'The backtest service did not answer: the run was not started.'),
      );
    }
  };

  const field = (key: Key, label: string, input: ReactNode, help: string) => (
    <Field.Root invalid={Boolean(problems[key])}>
      <Field.Label>{label}</Field.Label>
      {input}
      {problems[key] ? (
        <Field.ErrorText>{problems[key]}</Field.ErrorText>
      ) : (
        <Field.HelperText>{help}</Field.HelperText>
      )}
    </Field.Root>
  );

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="New backtest">
      <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="4">
        {field(
          'strategy',
          'Strategy',
          <NativeSelect.Root size="sm">
            <NativeSelect.Field value={draft.strategy} onChange={set('strategy')}>
              {BacktestStrategy.options.map((s) => (
                <option key={s} value={s}>
                  {BACKTEST_STRATEGY_LABELS[s]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>,
          'One strategy, or the allocator choosing among all three',
        )}
        {field(
          'from',
          'From',
          <Input size="sm" type="date" value={draft.from} onChange={set('from')} />,
          'First trading day',
        )}
        {field(
          'to',
          'To',
          <Input size="sm" type="date" value={draft.to} onChange={set('to')} />,
          `Last day; at most ${BACKTEST_LIMITS.max_years} years after From`,
        )}
        {field(
          'initial_capital',
          'Initial capital (₹)',
          <Input
            size="sm"
            type="number"
            min={0}
            step={10_000}
            value={draft.initial_capital}
            onChange={set('initial_capital')}
          />,
          'Cash the run starts with',
        )}
        {field(
          'daily_amount',
          'Daily amount (₹)',
          <Input
            size="sm"
            type="number"
            min={0}
            step={1_000}
            placeholder="2.5% of the account"
            value={draft.daily_amount}
            onChange={set('daily_amount')}
          />,
          'What each day may spend; empty: 2.5% of the account',
        )}
        {field(
          'name',
          'Name',
          <Input
            size="sm"
            placeholder="e.g. Allocator, last year"
            value={draft.name}
            onChange={set('name')}
          />,
          'Optional',
        )}
        {field(
          'seed',
          'Market seed',
          <Input
            size="sm"
            type="number"
            min={0}
            step={1}
            placeholder="This server's market"
            value={draft.seed}
            onChange={set('seed')}
          />,
          "Optional: another simulated market's history",
        )}
      </SimpleGrid>
      {refusal && (
        <Text role="alert" color="loss" textStyle="sm" mt="4">
          {refusal}
        </Text>
      )}
      <HStack gap="3" mt="5" justify="flex-end" wrap="wrap">
        {running && (
          <Text textStyle="sm" color="fg.muted">
            One backtest runs at a time: wait for it to finish or delete it.
          </Text>
        )}
        <Button size="sm" type="submit" colorPalette="brand" loading={isLoading} disabled={running}>
          <LuPlay /> Run backtest
        </Button>
      </HStack>
    </form>
  );
}
