/**
 * The broker's API credentials and access token, kept in the `settings` table. The API key, the
 * API secret and the access token are sealed with AES-256-GCM (secretBox.ts): the key is opened
 * only to build the OAuth sign-in URL and the code exchange, and every answer masks it to its
 * first 8 characters. A row an older server stored with the key in clear (`api_key`) is still
 * read, and `sealStoredKey()` (at start) rewrites it sealed. Changes are written to the audit log
 * without the secret values.
 */
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { maskApiKey, RedirectUri, type BrokerCredentials } from '@nivesh/api-contract';
import { schema, type Db } from '../db/index.js';
import type { Clock } from '../clock.js';
import type { SecretBox } from './secretBox.js';

const CREDENTIALS_KEY = 'broker.upstox.credentials';
const TOKEN_KEY = 'broker.upstox.access_token';
const SEAL_KEY = 'upstox.api_key';
const SEAL_SECRET = 'upstox.api_secret';
const SEAL_TOKEN = 'upstox.access_token';

const StoredFields = z.object({
  api_secret: z.string().nullable(),
  redirect_uri: z.string().nullable(),
});
/** As stored now: the key sealed. */
const SealedCredentials = StoredFields.extend({ api_key_sealed: z.string().min(1) });
/** As an older server stored them: the key in clear. */
const ClearKeyCredentials = StoredFields.extend({ api_key: z.string().min(1) });
const StoredCredentials = z.union([SealedCredentials, ClearKeyCredentials]);
type StoredCredentials = z.infer<typeof StoredCredentials>;

const StoredToken = z.object({
  access_token: z.string().min(1),
  client_id: z.string().nullable(),
  source: z.enum(['manual', 'oauth', 'credentials']),
  /** Set when Upstox refused the token (401) before its own expiry. */
  rejected_at: z.iso.datetime().nullable().default(null),
  rejected_reason: z.string().nullable().default(null),
});

export type TokenSource = z.infer<typeof StoredToken>['source'];

export interface StoredAccessToken {
  /** Null when the stored value cannot be decrypted with this server's key. */
  token: string | null;
  clientId: string | null;
  source: TokenSource;
  updatedAt: Date;
  rejected: { at: Date; reason: string } | null;
}

export interface ApiCredentials {
  /** Null when none is stored, or it cannot be decrypted with this server's key. */
  apiKey: string | null;
  apiKeyStored: boolean;
  /** Null when none is stored, or it cannot be decrypted with this server's key. */
  apiSecret: string | null;
  apiSecretStored: boolean;
  redirectUri: string | null;
  updatedAt: Date | null;
}

export type CredentialStore = ReturnType<typeof createCredentialStore>;

export function createCredentialStore(deps: {
  db: Db;
  clock: Clock;
  box: SecretBox;
  log?: { warn(obj: unknown, msg: string): void };
}) {
  const { db, clock, box } = deps;

  async function readRow(key: string) {
    const [row] = await db.select().from(schema.settings).where(eq(schema.settings.key, key));
    return row ?? null;
  }

  function openOrNull(sealed: string, context: string): string | null {
    try {
      return box.open(sealed, context);
    } catch (error) {
      deps.log?.warn(
        { context, err: (error as Error).message },
        'a stored broker secret cannot be decrypted',
      );
      return null;
    }
  }

  async function upsert(
    key: string,
    value: unknown,
    actor: string,
    audit: { action: string; detail: object },
  ) {
    const now = clock.now();
    await db.transaction(async (tx) => {
      await tx
        .insert(schema.settings)
        .values({ key, value, updatedAt: now, updatedBy: actor })
        .onConflictDoUpdate({
          target: schema.settings.key,
          set: { value, updatedAt: now, updatedBy: actor },
        });
      await tx.insert(schema.auditLog).values({ at: now, actor, action: audit.action, detail: audit.detail });
    });
  }

  function apiKeyOf(stored: StoredCredentials): string | null {
    return 'api_key_sealed' in stored ? openOrNull(stored.api_key_sealed, SEAL_KEY) : stored.api_key;
  }

  return {
    /**
     * Seals a key an older server stored in clear (at start; a no-op once sealed). The row is
     * rewritten only if it still holds what was read, so a save by another process meanwhile stands.
     */
    async sealStoredKey(): Promise<boolean> {
      const row = await readRow(CREDENTIALS_KEY);
      const parsed = ClearKeyCredentials.safeParse(row?.value);
      if (!row || !parsed.success || 'api_key_sealed' in (row.value as object)) return false;
      const { api_key, ...rest } = parsed.data;
      const value: z.infer<typeof SealedCredentials> = {
        ...rest,
        api_key_sealed: box.seal(api_key, SEAL_KEY),
      };
      // The stored JSON is compared as jsonb: equal values whatever their key order.
      const sealed = await db
        .update(schema.settings)
        .set({ value })
        .where(
          and(
            eq(schema.settings.key, CREDENTIALS_KEY),
            sql`${schema.settings.value} = ${JSON.stringify(row.value)}::jsonb`,
          ),
        )
        .returning({ key: schema.settings.key });
      return sealed.length > 0;
    },

    async credentials(): Promise<ApiCredentials> {
      const row = await readRow(CREDENTIALS_KEY);
      const parsed = StoredCredentials.safeParse(row?.value);
      if (!row || !parsed.success) {
        return {
          apiKey: null,
          apiKeyStored: false,
          apiSecret: null,
          apiSecretStored: false,
          redirectUri: null,
          updatedAt: null,
        };
      }
      const { api_secret, redirect_uri } = parsed.data;
      return {
        apiKey: apiKeyOf(parsed.data),
        apiKeyStored: true,
        apiSecret: api_secret === null ? null : openOrNull(api_secret, SEAL_SECRET),
        apiSecretStored: api_secret !== null,
        // One stored before the http(s) rule existed counts as none: sign-in asks for a new one.
        redirectUri:
          redirect_uri !== null && RedirectUri.safeParse(redirect_uri).success ? redirect_uri : null,
        updatedAt: row.updatedAt,
      };
    },

    /** `apiSecret` / `redirectUri` undefined: keep what is stored. */
    async saveCredentials(
      input: { apiKey: string; apiSecret?: string | undefined; redirectUri?: string | undefined },
      actor: string,
    ): Promise<void> {
      const current = StoredCredentials.safeParse((await readRow(CREDENTIALS_KEY))?.value);
      const previous = current.success ? current.data : null;
      const value: z.infer<typeof SealedCredentials> = {
        api_key_sealed: box.seal(input.apiKey, SEAL_KEY),
        api_secret:
          input.apiSecret !== undefined
            ? box.seal(input.apiSecret, SEAL_SECRET)
            : (previous?.api_secret ?? null),
        redirect_uri: input.redirectUri !== undefined ? input.redirectUri : (previous?.redirect_uri ?? null),
      };
      await upsert(CREDENTIALS_KEY, value, actor, {
        action: 'broker.credentials.save',
        detail: {
          broker: 'upstox',
          api_key: maskApiKey(input.apiKey),
          api_secret_changed: input.apiSecret !== undefined,
          redirect_uri: value.redirect_uri,
        },
      });
    },

    async accessToken(): Promise<StoredAccessToken | null> {
      const row = await readRow(TOKEN_KEY);
      const parsed = StoredToken.safeParse(row?.value);
      if (!row || !parsed.success) return null;
      const v = parsed.data;
      return {
        token: openOrNull(v.access_token, SEAL_TOKEN),
        clientId: v.client_id,
        source: v.source,
        updatedAt: row.updatedAt,
        rejected:
          v.rejected_at !== null
            ? { at: new Date(v.rejected_at), reason: v.rejected_reason ?? 'refused' }
            : null,
      };
    },

    async saveAccessToken(
      input: { token: string; clientId: string | null; source: TokenSource; expiresAt: Date },
      actor: string,
    ): Promise<void> {
      const value: z.input<typeof StoredToken> = {
        access_token: box.seal(input.token, SEAL_TOKEN),
        client_id: input.clientId,
        source: input.source,
        rejected_at: null,
        rejected_reason: null,
      };
      await upsert(TOKEN_KEY, value, actor, {
        action: 'broker.token.update',
        detail: {
          broker: 'upstox',
          source: input.source,
          client_id: input.clientId,
          expires_at: input.expiresAt.toISOString(),
        },
      });
    },

    /**
     * Records that Upstox refused `token` (only if it is still the stored one: a newer token saved
     * meanwhile stays untouched). Returns whether the record changed.
     */
    async markRejected(token: string, reason: string): Promise<boolean> {
      const row = await readRow(TOKEN_KEY);
      const parsed = StoredToken.safeParse(row?.value);
      if (!row || !parsed.success) return false;
      if (parsed.data.rejected_at !== null) return false;
      if (openOrNull(parsed.data.access_token, SEAL_TOKEN) !== token) return false;
      const now = clock.now();
      const value = { ...parsed.data, rejected_at: now.toISOString(), rejected_reason: reason };
      // The row's updated_at stays the time the token was saved (the status shows it).
      await db.transaction(async (tx) => {
        await tx.update(schema.settings).set({ value }).where(eq(schema.settings.key, TOKEN_KEY));
        await tx.insert(schema.auditLog).values({
          at: now,
          actor: 'system',
          action: 'broker.token.rejected',
          detail: { broker: 'upstox', reason },
        });
      });
      return true;
    },

    /** What the credentials routes answer: the key masked, secrets only as "set" flags. */
    async masked(): Promise<BrokerCredentials> {
      const [credentials, token] = [await this.credentials(), await readRow(TOKEN_KEY)];
      return {
        api_key: credentials.apiKey === null ? null : maskApiKey(credentials.apiKey),
        api_secret_set: credentials.apiSecretStored,
        access_token_set: token !== null,
        redirect_uri: credentials.redirectUri,
      };
    },
  };
}
