/**
 * A setting stored as one JSON value in the settings table, read over its defaults: a missing row,
 * or a value its schema cannot read, means the defaults; a field added later takes its default.
 */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { schema, type Db } from './index.js';

export async function readStoredSetting<T extends object>(
  db: Db,
  key: string,
  /** The setting's schema with every field optional (`Schema.partial()`). */
  partial: z.ZodType<Partial<T>>,
  defaults: T,
): Promise<T> {
  const [row] = await db
    .select({ value: schema.settings.value })
    .from(schema.settings)
    .where(eq(schema.settings.key, key));
  if (!row) return defaults;
  const stored = partial.safeParse(row.value);
  if (!stored.success) return defaults;
  const known = Object.entries(stored.data).filter(([, value]) => value !== undefined);
  return { ...defaults, ...(Object.fromEntries(known) as Partial<T>) };
}

/**
 * Stores a setting's new value and an audit row of the change (from the previous value), in one
 * transaction.
 */
export async function writeStoredSetting<T extends object>(
  db: Db,
  change: { key: string; value: T; previous: T; actor: string; at: Date; action: string },
): Promise<void> {
  const { key, value, previous, actor, at, action } = change;
  await db.transaction(async (tx) => {
    await tx
      .insert(schema.settings)
      .values({ key, value, updatedAt: at, updatedBy: actor })
      .onConflictDoUpdate({ target: schema.settings.key, set: { value, updatedAt: at, updatedBy: actor } });
    await tx.insert(schema.auditLog).values({ at, actor, action, detail: { from: previous, to: value } });
  });
}
