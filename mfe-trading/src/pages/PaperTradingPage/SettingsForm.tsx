/**
 * The one form the paper engine's settings are edited with (limits, costs): RuleFields of the
 * contract's field rules (a rate typed as a percent, an amount as rupees, the unit beside each),
 * read with the contract's schema as they are typed (a refused field shows the server's own
 * sentence beside it, and the save button waits until every field is fine), Restore defaults, and
 * Save; and the section around it that loads the settings, says why they are not shown, or waits.
 * A new answer from the server starts a fresh form; kept values are marked stale.
 */
import { Button, HStack, SimpleGrid, Stack } from '@nivesh/ui/chakra';
import { LuRefreshCw, LuSave } from 'react-icons/lu';
import { queryView, type QueryResultLike } from '@nivesh/api-client';
import {
  PageLoading,
  QueryNotice,
  RuleField,
  useRuleForm,
  type RuleFormField,
  type RuleFormSchema,
} from '@nivesh/ui';

export interface SettingsField<K extends string> extends RuleFormField<K> {
  /** What the setting does, under the field while its value is fine. */
  help: string;
  /** Shown in an empty field the rule allows (e.g. 'Flat only'). */
  placeholder?: string;
  /** What the typed text means, before the help (e.g. '= 0.0001% of turnover'); null while it means nothing. */
  meaning?: (text: string) => string | null;
}

type Values<K extends string> = Record<K, number | null>;

export interface SettingsFormProps<K extends string, T extends Values<K>> {
  /** The form's accessible name. */
  label: string;
  fields: readonly SettingsField<K>[];
  schema: RuleFormSchema<T>;
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
  const form = useRuleForm({ fields, schema: props.schema, values: props.values });

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (form.value) void props.onSave(form.value);
      }}
      noValidate
      aria-label={props.label}
    >
      <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="4">
        {fields.map((f) => (
          <RuleField
            key={f.key}
            rule={f.rule}
            size="sm"
            value={form.texts[f.key]}
            onChange={(text) => form.set(f.key, text)}
            problem={form.problems[f.key]}
            placeholder={f.placeholder}
            help={[f.meaning?.(form.texts[f.key]), f.help].filter(Boolean).join(' · ')}
          />
        ))}
      </SimpleGrid>
      <HStack gap="2" mt="5" justify="flex-end" wrap="wrap">
        <Button size="sm" variant="ghost" onClick={() => form.reset(props.defaults)}>
          {props.restoreLabel}
        </Button>
        <Button size="sm" type="submit" colorPalette="brand" loading={props.saving} disabled={!form.value}>
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
