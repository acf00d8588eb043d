/** Shapes several domains share. */
import { z } from 'zod';

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

/** Amounts of money travel as rupees with up to two decimals (stored as integer paise). */
export const Rupees = z.number().finite();

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
