/** Shapes several domains share. */
import { z } from 'zod';
import { fromWire, onStep, ruleMaxRupeesSentence, ruleSentence, toWire, type NumberRule } from './fieldRules';

/**
 * Every error answer: `success: false` with the text to show. The specification's screens read
 * `message` in some places and `error` in others, so both carry the same sentence.
 */
export const ApiError = z
  .object({
    success: z.literal(false),
    error: z.string(),
    message: z.string(),
  })
  .loose();
export type ApiError = z.infer<typeof ApiError>;

/** Builds an error body. */
export function apiError(text: string, extra: Record<string, unknown> = {}): ApiError {
  return { success: false, error: text, message: text, ...extra };
}

/** `{ success: true, data }`, the envelope most data answers use. */
export function dataEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

/** An ISO-8601 timestamp with offset (the server always sends UTC, `...Z`). */
export const Timestamp = z.iso.datetime({ offset: true });

/**
 * `x` rounded half away from zero to `digits` decimals, on its decimal text (so 1.005 is 1.01,
 * not 1.00 as binary arithmetic gives), never -0.
 */
export function roundTo(x: number, digits: number): number {
  // From 2^53 no double has a fraction left to round.
  if (!Number.isFinite(x) || Math.abs(x) >= Number.MAX_SAFE_INTEGER) return x;
  const text = String(Math.abs(x));
  // Exponent notation (below 1e-6): the decimal shift would not parse; such a value rounds to 0
  // at any precision used here, as the binary product gives.
  const magnitude = text.includes('e')
    ? Math.round(Math.abs(x) * 10 ** digits) / 10 ** digits
    : Number(`${Math.round(Number(`${text}e${digits}`))}e-${digits}`);
  return x < 0 && magnitude !== 0 ? -magnitude : magnitude;
}

/**
 * A number in an answer, rounded once to `digits` decimals as it is written (the server's
 * serializer parses every answer with its schema, so no answer carries a float's noise such as
 * 25125.250000000004). Every non-integer number of an answer is one of the named precisions below
 * (api-contract's precision test walks every response schema for it).
 */
export function decimals(digits: number) {
  return z
    .number()
    .finite()
    .overwrite((x) => roundTo(x, digits));
}

/**
 * Schemas whose numbers an answer gives back exactly as the operator entered them (limits, cost
 * settings): their precision is their request schema's, which checked them. Register the object
 * (`asEntered(PaperLimits)`); the precision test does not ask its numbers to be rounded, and none
 * is a figure the server computed.
 */
export const enteredValues = z.registry<{ precision: 'as entered' }>();
export function asEntered<T extends z.ZodType>(schema: T): T {
  enteredValues.add(schema, { precision: 'as entered' });
  return schema;
}

/** Amounts of money travel as rupees, rounded to the paisa (stored as integer paise). */
export const Rupees = decimals(2);

/**
 * Whether a P&L figure has the charges taken off. The console's one rule (docs/DOMAIN.md, "P&L"):
 * after charges, realised P&L after the entry and exit charges of the shares sold, unrealised after
 * the open shares' entry charges (their exit charges are not paid yet). A figure known only before
 * charges (what a broker reports without its charges) says so with `before_charges`.
 */
export const PnlBasis = z.enum(['after_charges', 'before_charges']);
export type PnlBasis = z.infer<typeof PnlBasis>;
/** A percent (12.3456 = 12.3456%), to 0.0001 of a percentage point (a day's return keeps its digits). */
export const Percent = decimals(4);
/** A fraction of a whole (0.123456 = 12.3456%): a share, a return, a rate, as precise as Percent. */
export const Fraction = decimals(6);
/** A dimensionless statistic (Sharpe, beta, a correlation, a score, a probability), to 4 decimals. */
export const Ratio = decimals(4);
/** Index points, or a price level that is not money, to two decimals. */
export const Points = decimals(2);
/** A duration or a size measured by the server (ms, MB, hours, minutes), to one decimal. */
export const Measure = decimals(1);
/** Seconds since something started (an uptime), to the millisecond. */
export const Seconds = decimals(3);

/**
 * The largest amount of rupees any request may carry: ₹1,00,000 crore (10^12 rupees). In paise
 * that is 10^14, ninety times below Number.MAX_SAFE_INTEGER (about 9 x 10^15), so every amount,
 * and sums of many of them, stay exact integers of paise on the server and in the database.
 */
export const MAX_RUPEES = 1e12;
export const MAX_RUPEES_TEXT = '₹1,00,000 crore';

/**
 * An amount of rupees in a request (a balance, a price, a limit, an allocation): a finite number
 * no larger than MAX_RUPEES either way. Fields add their own floor (`.positive()`, `.min(0)`);
 * `error` replaces the message for a value that is not a number. Answers keep using `Rupees`.
 */
export function rupeeAmount(params: { error?: string } = {}) {
  return z
    .number(params.error ? { error: params.error } : undefined)
    .min(-MAX_RUPEES, `amount must be at least -${MAX_RUPEES_TEXT}`)
    .max(MAX_RUPEES, `amount must be at most ${MAX_RUPEES_TEXT}`);
}
export const RupeeAmount = rupeeAmount();

/**
 * A number a settings form sends, checked by its field rule (fieldRules.ts) on the API's value: the
 * rule's range, whole numbers, steps, each refused with the rule's sentence, in the order
 * `ruleProblem` checks them, so a form that checks what is typed shows what the server would say.
 */
export function ruleNumber(rule: NumberRule) {
  const sentence = ruleSentence(rule);
  const min = toWire(rule, rule.min);
  let schema = z.number({ error: sentence });
  schema = rule.aboveMin ? schema.gt(min, sentence) : schema.min(min, sentence);
  if (rule.max !== undefined) schema = schema.max(toWire(rule, rule.max), sentence);
  else if (rule.unit !== 'count') schema = schema.max(MAX_RUPEES, ruleMaxRupeesSentence(rule));
  if (rule.integer || rule.unit === 'count') schema = schema.int(sentence);
  if (rule.stepped) schema = schema.refine((value) => onStep(fromWire(rule, value), rule.step), sentence);
  return schema;
}

/** The largest count a request may carry where no smaller bound applies (positions, pages). */
export const MAX_COUNT = 1_000_000;

/** Success with a sentence for the operator. */
export const SuccessMessage = z.object({ success: z.literal(true), message: z.string() });

/** The standard error responses of a route that needs a session. */
export const sessionErrors = {
  400: ApiError,
  401: ApiError,
  503: ApiError,
} as const;
