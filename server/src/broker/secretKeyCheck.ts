/**
 * Every server process on one database must hold the same secret key: the broker's credentials and
 * tokens, the Telegram bot token and the data sources' keys are sealed in the database with it
 * (secretBox.ts), and a process with another key could not open what the others sealed (nor they
 * what it sealed). The database keeps one value sealed with the key of the first process that
 * started on it; a process whose key cannot open it refuses to start, saying so, instead of
 * failing later on the operator's secrets.
 */
import { eq } from 'drizzle-orm';
import { schema, type Db } from '../db/index.js';
import { SecretKeyError, type SecretBox } from './secretBox.js';

const CHECK_KEY = 'secret_key.check';
/** What the check seals: a fixed text, so opening it proves the key and nothing else. */
const CHECK_TEXT = 'nivesh secret key check';

export class SecretKeyMismatchError extends Error {
  override name = 'SecretKeyMismatchError';
}

/** Writes the database's check on first use; throws SecretKeyMismatchError when `box`'s key cannot open it. */
export async function checkSecretKey(db: Db, box: SecretBox, now: Date): Promise<void> {
  // The first process to start writes it; any other reads what that one wrote.
  await db
    .insert(schema.settings)
    .values({
      key: CHECK_KEY,
      value: { sealed: box.seal(CHECK_TEXT, CHECK_KEY) },
      updatedAt: now,
      updatedBy: 'system',
    })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: schema.settings.value })
    .from(schema.settings)
    .where(eq(schema.settings.key, CHECK_KEY));
  const sealed = (row?.value as { sealed?: unknown } | undefined)?.sealed;
  try {
    if (typeof sealed !== 'string' || box.open(sealed, CHECK_KEY) !== CHECK_TEXT) {
      throw new SecretKeyError('the check did not open to its text');
    }
  } catch (error) {
    if (!(error instanceof SecretKeyError) && !(error instanceof Error)) throw error;
    throw new SecretKeyMismatchError(
      "this server's secret key is not the one the database's stored secrets are sealed with. " +
        'Every server on one database needs the same key: set NIVESH_SECRET_KEY to the same 64 hex ' +
        "characters for each (the first server's is in its data folder's secret.key unless NIVESH_SECRET_KEY was set).",
    );
  }
}
