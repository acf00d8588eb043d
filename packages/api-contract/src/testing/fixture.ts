/**
 * Test data that the contract vouches for: every factory checks what it builds against the
 * contract's schema, so a test can never feed a screen a shape the server could not send.
 */
import { z } from 'zod';

/** `value` unchanged, once it matches `schema`; otherwise an error naming the fixture and each bad field. */
export function valid<S extends z.ZodType>(schema: S, name: string, value: z.output<S>): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new Error(`Test fixture ${name} does not match the contract:\n${z.prettifyError(result.error)}`);
  }
  return value;
}

/** A factory of `schema` values: a fresh copy of `base` with `overrides` (top-level fields), checked. */
export function fixture<S extends z.ZodType<object>>(schema: S, name: string, base: NoInfer<z.output<S>>) {
  valid(schema, name, base);
  const json = JSON.stringify(base);
  // A fresh copy each time (fixtures are JSON), so no test sees another's changes.
  return (overrides: Partial<z.output<S>> = {}): z.output<S> =>
    valid(schema, name, { ...(JSON.parse(json) as z.output<S>), ...overrides });
}

/** `{ success: true, data }`, the envelope most answers use. */
export function ok<T>(data: T): { success: true; data: T } {
  return { success: true, data };
}
