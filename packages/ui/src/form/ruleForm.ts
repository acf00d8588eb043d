/**
 * The state of a settings form of RuleFields: what is typed (in each field's unit), the API body it
 * makes (a percent of a fraction field becomes the fraction: fieldRules' `toWire`), and the
 * contract schema's verdict on that body as the operator types: each refused field gets the
 * schema's own sentence (the server's words, the cross-field rules included, e.g. a weekly loss
 * limit below the daily one), and `value` is null while anything is refused, so Save stays
 * disabled. The server's values are shown until the first edit.
 */
import { useMemo, useState } from 'react';
import { fromWire, toWire, type NumberRule } from '@nivesh/api-contract/plain';

export interface RuleFormField<K extends string> {
  key: K;
  rule: NumberRule;
  /** Where the value sits in the API body; `[key]` by default. */
  path?: readonly string[];
  /**
   * Read as a whole number the way the specification reads amounts and counts (parseInt: '60000.9'
   * is 60000); otherwise as typed, and a fraction is the rule's to refuse.
   */
  parseInteger?: boolean;
}

/** The contract's zod schema, as far as the form uses it (no zod import in @nivesh/ui). */
export interface RuleFormSchema<T> {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } };
}

export interface RuleForm<K extends string, T> {
  /** What each field shows: the operator's text, or the server's value in the field's unit. */
  texts: Record<K, string>;
  set(key: K, text: string): void;
  /** Each refused field's sentence (the contract's). */
  problems: Partial<Record<K, string>>;
  /** A refusal that belongs to no one field. */
  formProblem: string | null;
  /** The body the schema accepted, or null while something is refused. */
  value: T | null;
  /** The operator changed something. */
  dirty: boolean;
  /** Shows the server's values again, or `values` (the defaults) as an edit. */
  reset(values?: unknown): void;
}

const pathOf = <K extends string>(field: RuleFormField<K>) => field.path ?? [field.key];

function read(values: unknown, path: readonly string[]): unknown {
  let at: unknown = values;
  for (const key of path)
    at = at && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined;
  return at;
}

function write(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let at = target;
  for (const key of path.slice(0, -1)) {
    const next = at[key];
    at = at[key] = next && typeof next === 'object' ? { ...(next as Record<string, unknown>) } : {};
  }
  at[path[path.length - 1]!] = value;
}

function textsOf<K extends string>(fields: readonly RuleFormField<K>[], values: unknown): Record<K, string> {
  return Object.fromEntries(
    fields.map((field) => {
      const value = read(values, pathOf(field));
      return [field.key, typeof value === 'number' ? String(fromWire(field.rule, value)) : ''];
    }),
  ) as Record<K, string>;
}

function typed<K extends string>(field: RuleFormField<K>, text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return field.rule.emptyMeans === undefined ? Number.NaN : null;
  const number = field.parseInteger ? Number.parseInt(trimmed, 10) : Number(trimmed);
  return Number.isFinite(number) ? toWire(field.rule, number) : Number.NaN;
}

export function useRuleForm<K extends string, T>({
  fields,
  schema,
  values,
}: {
  fields: readonly RuleFormField<K>[];
  schema: RuleFormSchema<T>;
  /** The server's body (every field the schema reads, the form's and any others). */
  values: unknown;
}): RuleForm<K, T> {
  const [draft, setDraft] = useState<Record<K, string> | null>(null);
  const texts = useMemo(() => draft ?? textsOf(fields, values), [draft, fields, values]);

  const verdict = useMemo(() => {
    const body: Record<string, unknown> =
      values && typeof values === 'object'
        ? (JSON.parse(JSON.stringify(values)) as Record<string, unknown>)
        : {};
    for (const field of fields) write(body, pathOf(field), typed(field, texts[field.key]));
    const parsed = schema.safeParse(body);
    if (parsed.success) return { value: parsed.data, problems: {}, formProblem: null };
    const problems: Partial<Record<K, string>> = {};
    let formProblem: string | null = null;
    for (const issue of parsed.error.issues) {
      const at = issue.path.map(String).join('.');
      const field = fields.find((f) => pathOf(f).join('.') === at);
      if (field) problems[field.key] ??= issue.message;
      else formProblem ??= issue.message;
    }
    return { value: null, problems, formProblem };
  }, [fields, schema, values, texts]);

  return {
    texts,
    set: (key, text) => setDraft({ ...texts, [key]: text }),
    ...verdict,
    dirty: draft !== null,
    reset: (to) => setDraft(to === undefined ? null : textsOf(fields, to)),
  };
}
