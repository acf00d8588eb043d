/**
 * Upstox sign-in (OAuth authorization code). `authUrl()` gives the authorization dialog URL with a
 * fresh random `state`; only its SHA-256 is stored, for 10 minutes, and it can be used once.
 * `complete()` runs when the browser comes back: it consumes the state, exchanges the code once
 * (POST /v2/login/authorization/token) and stores the access token.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { TokenStatus } from '@nivesh/api-contract';
import { schema, type Db } from '../../db/index.js';
import type { Clock } from '../../clock.js';
import { HttpError } from '../../http/errors.js';
import { sha256Hex } from '../../auth/tokens.js';
import type { CredentialStore } from '../credentials.js';
import type { TokenService } from '../token.js';
import { TokenExpiredError, UpstoxApiError, UpstoxUnavailableError, type UpstoxClient } from './client.js';

const STATES_KEY = 'broker.upstox.oauth_states';
const OAUTH_STATE_TTL_MS = 10 * 60_000;
/** Pending sign-ins kept at once (each status poll while disconnected issues one). */
const MAX_PENDING_STATES = 20;

const PendingStates = z.array(z.object({ hash: z.string(), expires_at: z.iso.datetime() }));
type PendingStates = z.infer<typeof PendingStates>;

export function createUpstoxOAuth(deps: {
  db: Db;
  clock: Clock;
  credentials: CredentialStore;
  tokens: TokenService;
  client: UpstoxClient;
  /** Upstox's API host; the dialog is `<apiUrl>/v2/login/authorization/dialog`. */
  apiUrl: string;
  /** This server's address, to suggest the redirect URI to register. */
  publicUrl: string;
}) {
  const { db, clock, credentials } = deps;
  const suggestedRedirect = `${deps.publicUrl}/api/upstox/callback`;

  async function readStates(tx: Pick<Db, 'select'>): Promise<PendingStates> {
    const [row] = await tx.select().from(schema.settings).where(eq(schema.settings.key, STATES_KEY));
    const parsed = PendingStates.safeParse(row?.value);
    return parsed.success ? parsed.data : [];
  }

  async function writeStates(tx: Pick<Db, 'insert'>, states: PendingStates): Promise<void> {
    const now = clock.now();
    await tx
      .insert(schema.settings)
      .values({ key: STATES_KEY, value: states, updatedAt: now, updatedBy: 'system' })
      .onConflictDoUpdate({ target: schema.settings.key, set: { value: states, updatedAt: now } });
  }

  /** The credentials a sign-in needs, or a 400 that says which is missing and where to add it. */
  async function requireCredentials() {
    const c = await credentials.credentials();
    if (!c.apiKey) {
      throw new HttpError(
        400,
        c.apiKeyStored
          ? "The stored Upstox API key cannot be decrypted with this server's secret key. Enter it again in Settings › Data Sources."
          : 'Add your Upstox API key in Settings › Data Sources before connecting to Upstox.',
      );
    }
    if (!c.redirectUri) {
      throw new HttpError(
        400,
        `Add the redirect URI registered with your Upstox app in Settings › Data Sources before connecting (for this server: ${suggestedRedirect}).`,
      );
    }
    if (!c.apiSecret) {
      throw new HttpError(
        400,
        c.apiSecretStored
          ? "The stored Upstox API secret cannot be decrypted with this server's secret key. Enter it again in Settings › Data Sources."
          : 'Add your Upstox API secret in Settings › Data Sources before connecting to Upstox.',
      );
    }
    return { apiKey: c.apiKey, apiSecret: c.apiSecret, redirectUri: c.redirectUri };
  }

  return {
    suggestedRedirect,

    /** Whether a sign-in can start (key, secret and redirect URI stored). */
    async canSignIn(): Promise<boolean> {
      const c = await credentials.credentials();
      return Boolean(c.apiKey && c.apiSecret && c.redirectUri);
    },

    /** The authorization dialog URL with a new one-time state. */
    async authUrl(): Promise<string> {
      const c = await requireCredentials();
      const state = randomBytes(24).toString('base64url');
      const now = clock.now();
      await db.transaction(async (tx) => {
        const live = (await readStates(tx)).filter((s) => Date.parse(s.expires_at) > now.getTime());
        live.push({
          hash: sha256Hex(state),
          expires_at: new Date(now.getTime() + OAUTH_STATE_TTL_MS).toISOString(),
        });
        await writeStates(tx, live.slice(-MAX_PENDING_STATES));
      });
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: c.apiKey,
        redirect_uri: c.redirectUri,
        state,
      });
      return `${deps.apiUrl}/v2/login/authorization/dialog?${query.toString()}`;
    },

    /** The browser is back from Upstox: consume the state, exchange the code once, store the token. */
    async complete(query: {
      code?: string | undefined;
      state?: string | undefined;
      error?: string | undefined;
      error_description?: string | undefined;
    }): Promise<TokenStatus> {
      if (query.error) {
        throw new HttpError(
          400,
          `Upstox sign-in was not completed: ${query.error_description ?? query.error}. Start again from Settings › Data Sources.`,
        );
      }
      if (!query.code || !query.state) {
        throw new HttpError(
          400,
          'This sign-in link is incomplete: Upstox sends back a code and a state. Start again from Settings › Data Sources.',
        );
      }
      const hash = sha256Hex(query.state);
      const now = clock.nowMs();
      const consumed = await db.transaction(async (tx) => {
        const states = await readStates(tx);
        const match = states.find((s) => s.hash === hash && Date.parse(s.expires_at) > now);
        if (!match) return false;
        await writeStates(
          tx,
          states.filter((s) => s.hash !== hash && Date.parse(s.expires_at) > now),
        );
        return true;
      });
      if (!consumed) {
        throw new HttpError(
          400,
          'This sign-in link has expired or was already used (links last 10 minutes). Start again from Settings › Data Sources.',
        );
      }
      const c = await requireCredentials();
      let exchanged;
      try {
        exchanged = await deps.client.exchangeCode({
          code: query.code,
          clientId: c.apiKey,
          clientSecret: c.apiSecret,
          redirectUri: c.redirectUri,
        });
      } catch (error) {
        if (error instanceof UpstoxApiError || error instanceof TokenExpiredError) {
          throw new HttpError(
            400,
            `Upstox refused the sign-in code: ${error.message}. Start again from Settings › Data Sources.`,
          );
        }
        if (error instanceof UpstoxUnavailableError) {
          throw new HttpError(
            502,
            `${error.message} The sign-in was not completed; start again from Settings › Data Sources.`,
          );
        }
        throw error;
      }
      const actor = `upstox sign-in${exchanged.user_id ? ` (${exchanged.user_id})` : ''}`;
      return deps.tokens.update(
        { accessToken: exchanged.access_token, clientId: exchanged.user_id ?? null },
        actor,
        'oauth',
      );
    },
  };
}
