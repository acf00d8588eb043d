/**
 * The broker access token's state, read from the token itself. Upstox tokens are JWTs valid until
 * 03:30 IST the next morning whenever they were issued (one issued at 02:30 dies at 03:30 the same
 * day), so the expiry always comes from the JWT's `exp`, never from "24 hours after saving".
 *
 * States (specification part 2, section 4): missing (none stored), invalid (not three dot-separated
 * parts, a payload that is not a JSON object, claims out of range: see decodeJwtExpiry and
 * checkJwtExpiry; or refused by Upstox), expired, expiring (under TOKEN_EXPIRING_HOURS left), valid.
 * A token is refused when pasted, and counted invalid when already stored, by the same rules.
 */
import { z } from 'zod';
import {
  DATA_SOURCES_PLACE,
  istWallClock,
  TOKEN_EXPIRING_HOURS,
  type TokenState,
  type TokenStatus,
} from '@nivesh/api-contract';
import type { Clock } from '../clock.js';
import { HttpError } from '../http/errors.js';
import type { CredentialStore, TokenSource } from './credentials.js';

const HOUR_MS = 3_600_000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `21 Nov 2026, 03:30 IST`. */
export function formatIst(instant: Date): string {
  const d = istWallClock(instant);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.day} ${MONTHS[d.month - 1]} ${d.year}, ${pad(d.hour)}:${pad(d.minute)} IST`;
}

/** `17 h 30 min`, `45 min`. */
function formatDuration(ms: number): string {
  const totalMinutes = Math.max(0, Math.floor(ms / 60_000));
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  return hours > 0 ? `${hours} h ${minutes} min` : `${minutes} min`;
}

export type JwtExpiry = { ok: true; expiresAt: Date } | { ok: false; reason: string };

/**
 * Claims are times in seconds since 1970. No Upstox token was issued before this (1 Jan 2020,
 * UTC), and none is valid after TOKEN_CLAIM_CEILING_S (1 Jan 2100): anything outside is not a time
 * in seconds (a value in milliseconds, a typo, a crafted token) and the token is invalid.
 */
const TOKEN_CLAIM_FLOOR_S = Date.UTC(2020, 0, 1) / 1000;
const TOKEN_CLAIM_CEILING_S = Date.UTC(2100, 0, 1) / 1000;
/**
 * An Upstox access token lives until 03:30 IST the next morning, so at most 24 hours. A token
 * whose `exp` is further than this from now cannot be one (3 days leaves room for a wrong clock
 * on either side): it is refused when pasted and counted invalid if one is already stored.
 */
const MAX_TOKEN_LIFETIME_HOURS = 72;

const inRange = (seconds: number) => seconds >= TOKEN_CLAIM_FLOOR_S && seconds < TOKEN_CLAIM_CEILING_S;

/** What a claim value looks like in a message: short, whatever its type. */
function shown(value: unknown): string {
  const text = typeof value === 'number' ? String(value) : (JSON.stringify(value) ?? String(value));
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/**
 * A time claim: seconds since 1970 within 2020-2100 (`exp` also a whole number, and present).
 * Each message is the whole reason the token is unusable.
 */
function timeClaim(name: string, options: { integer: boolean; missing?: string }) {
  return z.unknown().transform((value, ctx) => {
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if ((value === undefined || value === null) && options.missing !== undefined) {
      return fail(options.missing);
    }
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      return fail(`its ${name} ${shown(value)} is not a number of seconds`);
    }
    if (options.integer && !Number.isInteger(value)) {
      return fail(`its ${name} ${shown(value)} is not a whole number of seconds`);
    }
    if (!inRange(value)) {
      return fail(`its ${name} ${shown(value)} is not a time in seconds between 2020 and 2100`);
    }
    return value;
  });
}

/** The claims Nivesh reads; the rest of the payload is Upstox's business. */
const JwtPayload = z
  .object({
    exp: timeClaim('expiry time (exp)', { integer: true, missing: 'it carries no expiry time (exp)' }),
    iat: timeClaim('issue time (iat)', { integer: false }).optional(),
    nbf: timeClaim('not-before time (nbf)', { integer: false }).optional(),
  })
  .loose()
  .superRefine((claims, ctx) => {
    for (const [value, name] of [
      [claims.iat, 'issue time (iat)'],
      [claims.nbf, 'not-before time (nbf)'],
    ] as const) {
      if (value !== undefined && value > claims.exp) {
        ctx.addIssue({ code: 'custom', message: `its ${name} comes after its expiry time (exp)` });
      }
    }
  });

/**
 * The JWT's `exp` (seconds since the epoch), or why the token is unusable: not three parts, a
 * payload that is not a base64url JSON object, an `exp` that is missing, not a whole number of
 * seconds or outside 2020-2100, an `iat` or `nbf` that is not a number in that range or comes
 * after `exp`. Signatures are not checked: Upstox does that.
 */
export function decodeJwtExpiry(token: string): JwtExpiry {
  const parts = token.trim().split('.');
  if (parts.length !== 3 || parts.some((part) => part.length === 0)) {
    return { ok: false, reason: 'it is not a JWT (three parts separated by dots)' };
  }
  const payloadPart = parts[1]!;
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(payloadPart)) {
    return { ok: false, reason: 'its payload is not base64url-encoded' };
  }
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(payloadPart, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'its payload cannot be decoded' };
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    return { ok: false, reason: 'its payload is not a JSON object' };
  }
  const parsed = JwtPayload.safeParse(payload);
  if (!parsed.success) return { ok: false, reason: parsed.error.issues[0]!.message };
  return { ok: true, expiresAt: new Date(parsed.data.exp * 1000) };
}

/**
 * decodeJwtExpiry, and at `now`: an expiry further away than MAX_TOKEN_LIFETIME_HOURS cannot
 * belong to an Upstox access token, so that token is invalid too.
 */
function checkJwtExpiry(token: string, now: Date): JwtExpiry {
  const expiry = decodeJwtExpiry(token);
  if (!expiry.ok) return expiry;
  if (expiry.expiresAt.getTime() - now.getTime() > MAX_TOKEN_LIFETIME_HOURS * HOUR_MS) {
    return {
      ok: false,
      reason: `its expiry time (exp), ${formatIst(expiry.expiresAt)}, is more than ${MAX_TOKEN_LIFETIME_HOURS} hours away, and Upstox access tokens last only until 03:30 IST the next morning`,
    };
  }
  return expiry;
}

export interface TokenView {
  state: TokenState;
  is_expired: boolean;
  hours_remaining: number | null;
  expires_at: string | null;
  message: string;
}

/**
 * The state of a token at `now`. `rejected`: Upstox refused this token before its `exp` (revoked,
 * or issued for another app); it then counts as invalid.
 */
export function describeToken(
  token: string | null,
  now: Date,
  rejected: { at: Date; reason: string } | null = null,
): TokenView {
  if (token === null || token.trim() === '') {
    return {
      state: 'missing',
      is_expired: false,
      hours_remaining: null,
      expires_at: null,
      message: `No Upstox access token is stored. Add one in ${DATA_SOURCES_PLACE}, or sign in with Upstox.`,
    };
  }
  // A stored token is judged by the same rules as a pasted one: a database may hold one saved
  // before they existed, and its status must still answer (invalid), never fail.
  const expiry = checkJwtExpiry(token, now);
  if (!expiry.ok) {
    return {
      state: 'invalid',
      is_expired: false,
      hours_remaining: null,
      expires_at: null,
      message: `The Upstox access token is invalid: ${expiry.reason}. Please update it with a new token.`,
    };
  }
  const remainingMs = expiry.expiresAt.getTime() - now.getTime();
  const base = {
    hours_remaining: Math.round((remainingMs / HOUR_MS) * 100) / 100,
    expires_at: expiry.expiresAt.toISOString(),
  };
  const at = formatIst(expiry.expiresAt);
  if (remainingMs <= 0) {
    return {
      ...base,
      state: 'expired',
      is_expired: true,
      message: `The Upstox access token expired at ${at}. Update it to restore live data and trading.`,
    };
  }
  if (rejected) {
    return {
      ...base,
      state: 'invalid',
      is_expired: false,
      message: `Upstox refused the access token at ${formatIst(rejected.at)} (${rejected.reason}). Please update it with a new token.`,
    };
  }
  if (remainingMs < TOKEN_EXPIRING_HOURS * HOUR_MS) {
    return {
      ...base,
      state: 'expiring',
      is_expired: false,
      message: `The Upstox access token expires at ${at} (${formatDuration(remainingMs)} left). Update it soon to avoid interruption.`,
    };
  }
  return {
    ...base,
    state: 'valid',
    is_expired: false,
    message: `The Upstox access token is valid until ${at} (${formatDuration(remainingMs)} left).`,
  };
}

/** Tokens live orders and broker calls may use. */
export const USABLE_STATES: readonly TokenState[] = ['valid', 'expiring'];

export type TokenService = ReturnType<typeof createTokenService>;

export function createTokenService(deps: { credentials: CredentialStore; clock: Clock }) {
  const { credentials, clock } = deps;

  return {
    async status(): Promise<TokenStatus> {
      const stored = await credentials.accessToken();
      const base = {
        success: true as const,
        broker: 'upstox' as const,
        updated_at: stored?.updatedAt.toISOString() ?? null,
      };
      if (stored && stored.token === null) {
        return {
          ...base,
          state: 'invalid',
          is_expired: false,
          hours_remaining: null,
          expires_at: null,
          message:
            "The stored Upstox access token cannot be decrypted with this server's secret key. Please paste your access token again.",
        };
      }
      return { ...base, ...describeToken(stored?.token ?? null, clock.now(), stored?.rejected ?? null) };
    },

    /** The stored token when Upstox calls may use it (valid or expiring), else null. */
    async usableToken(): Promise<string | null> {
      const stored = await credentials.accessToken();
      if (!stored?.token) return null;
      const view = describeToken(stored.token, clock.now(), stored.rejected);
      return USABLE_STATES.includes(view.state) ? stored.token : null;
    },

    /**
     * The token's expiry when it can be stored: it decodes and has not expired. Throws HttpError
     * 400 with the reason otherwise.
     */
    validate(accessToken: string): Date {
      const token = accessToken.trim();
      if (token === '') throw new HttpError(400, 'Please paste your access token');
      const expiry = checkJwtExpiry(token, clock.now());
      if (!expiry.ok) {
        throw new HttpError(
          400,
          `This access token is invalid: ${expiry.reason}. Paste the access token Upstox issued.`,
        );
      }
      if (expiry.expiresAt.getTime() <= clock.nowMs()) {
        // Storing it would only replace a token that may still work with one that cannot.
        throw new HttpError(
          400,
          `This access token already expired at ${formatIst(expiry.expiresAt)}. Generate a new one and paste it.`,
        );
      }
      return expiry.expiresAt;
    },

    /** Checks (see validate) and stores a new token; nothing is stored when it is refused. */
    async update(
      input: { accessToken: string; clientId?: string | null | undefined },
      actor: string,
      source: TokenSource,
    ): Promise<TokenStatus> {
      const expiresAt = this.validate(input.accessToken);
      const clientId = input.clientId?.trim() || null;
      await credentials.saveAccessToken(
        { token: input.accessToken.trim(), clientId, source, expiresAt },
        actor,
      );
      return this.status();
    },

    /** Upstox answered 401 to `token`: it no longer counts as valid. */
    async markRejected(token: string, reason: string): Promise<boolean> {
      return credentials.markRejected(token, reason);
    },
  };
}
