/**
 * The one form the paper engine's settings are edited with (limits, costs): number inputs from a
 * field list, read with the contract's schema (a refused field shows its own rule), Restore
 * defaults, and Save; and the section around it that loads the settings, says why they are not
 * shown, or waits. A new answer from the server starts a fresh form; kept values are marked stale.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Field, HStack, Input, SimpleGrid, Stack } from '@nivesh/ui/chakra';
import { LuRefreshCw, LuSave } from 'react-icons/lu';
import { queryView, type QueryResultLike } from '@nivesh/api-client';
import { PageLoading, QueryNotice } from '@nivesh/ui';

export interface SettingsField<K extends string> {
  key: K;
  label: string;
  step: number;
  max?: number;
  help: string;
  /** Shown when the value is refused. */
  rule: string;
  /** integer: read as the specification's parseInt; decimal (the default): as a number. */
  kind?: 'integer' | 'decimal';
  /** Empty means null (with this placeholder). */
  optional?: { placeholder: string };
  /** What the typed text means, under the input (e.g. '= 0.1% of turnover'). */
  meaning?: (text: string) => ReactNode;
}

type Values<K extends string> = Record<K, number | null>;

/** The contract's zod schema of the settings, as far as the form uses it. */
interface Schema<T> {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: ReadonlyArray<{ path: PropertyKey[] }> } };
}

type Read<K extends string, T> = { ok: true; value: T } | { ok: false; problems: Partial<Record<K, string>> };
type Draft<K extends string> = Record<K, string>;

function toDraft<K extends string>(fields: readonly SettingsField<K>[], values: Values<K>): Draft<K> {
  return Object.fromEntries(
    fields.map((f) => [f.key, values[f.key] === null ? '' : String(values[f.key])]),
  ) as Draft<K>;
}

function readDraft<K extends string, T>(
  fields: readonly SettingsField<K>[],
  schema: Schema<T>,
  draft: Draft<K>,
): Read<K, T> {
  const values = Object.fromEntries(
    fields.map((f) => {
      const text = draft[f.key].trim();
      if (text === '') return [f.key, f.optional ? null : Number.NaN];
      return [f.key, f.kind === 'integer' ? Number.parseInt(text, 10) : Number(text)];
    }),
  );
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, value: parsed.data };
  const problems: Partial<Record<K, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = fields.find((f) => f.key === issue.path[0]);
    if (field) problems[field.key] = field.rule;
  }
  return { ok: false, problems };
}

export interface SettingsFormProps<K extends string, T extends Values<K>> {
  /** The form's accessible name. */
  label: string;
  fields: readonly SettingsField<K>[];
  schema: Schema<T>;
  values: T;
  defaults: T;
  restoreLabel: string;
  saveLabel: string;
  saving: boolean;
  /** Saves a value the schema accepted (and tells the operator how it went). */
  onSave(value: T): Promise<void>;
}

function SettingsForm<K extends string, T extends Values<K>>(props: SettingsFormProps<K, T>) {
  const { fields } = props;
  const [draft, setDraft] = useState<Draft<K>>(() => toDraft(fields, props.values));
  const [problems, setProblems] = useState<Partial<Record<K, string>>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = readDraft(fields, props.schema, draft);
    setProblems(result.ok ? {} : result.problems);
    if (result.ok) await props.onSave(result.value);
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={props.label}>
      <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="4">
        {fields.map((f) => (
          <Field.Root key={f.key} invalid={Boolean(problems[f.key])}>
            <Field.Label>{f.label}</Field.Label>
            <Input
              size="sm"
              type="number"
              min={0}
              max={f.max}
              step={f.step}
              value={draft[f.key]}
              placeholder={f.optional?.placeholder}
              onChange={(e) => setDraft((d) => ({ ...d, [f.key]: e.target.value }))}
            />
            {f.meaning?.(draft[f.key])}
            {problems[f.key] ? (
              <Field.ErrorText>{problems[f.key]}</Field.ErrorText>
            ) : (
              <Field.HelperText>{f.help}</Field.HelperText>
            )}
          </Field.Root>
        ))}
      </SimpleGrid>
      <HStack gap="2" mt="5" justify="flex-end" wrap="wrap">
        <Button size="sm" variant="ghost" onClick={() => setDraft(toDraft(fields, props.defaults))}>
          {props.restoreLabel}
        </Button>
        <Button size="sm" type="submit" colorPalette="brand" loading={props.saving}>
          <LuSave /> {props.saveLabel}
        </Button>
      </HStack>
    </form>
  );
}

/** The settings as the server last sent them, in a form; or why they are not shown; or a wait. */
export function SettingsSection<K extends string, T extends Values<K>>({
  query,
  unavailableTitle,
  loadingLabel,
  ...form
}: Omit<SettingsFormProps<K, T>, 'values'> & {
  query: QueryResultLike<{ success: true; data: T }> & { refetch(): unknown };
  unavailableTitle: string;
  loadingLabel: string;
}) {
  const view = queryView(query, 'The trading service did not answer.');
  const current = view.data?.data;
  if (!current && view.failure) {
    return (
      <Stack align="center" gap="2">
        <QueryNotice view={view} unavailableTitle={unavailableTitle} />
        <Button size="xs" variant="outline" onClick={() => void query.refetch()} loading={query.isFetching}>
          <LuRefreshCw /> Retry
        </Button>
      </Stack>
    );
  }
  if (!current) return <PageLoading label={loadingLabel} />;
  return (
    <>
      <QueryNotice view={view} unavailableTitle={unavailableTitle} />
      <SettingsForm key={JSON.stringify(current)} values={current} {...form} />
    </>
  );
}
