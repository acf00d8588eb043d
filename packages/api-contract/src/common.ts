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

/** Success with a sentence for the operator. */
export const SuccessMessage = z.object({ success: z.literal(true), message: z.string() });

/** The standard error responses of a route that needs a session. */
export const sessionErrors = {
  400: ApiError,
  401: ApiError,
  503: ApiError,
} as const;
