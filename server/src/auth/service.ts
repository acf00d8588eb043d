/**
 * The operator account, password setup and sessions.
 *
 * - Passwords: argon2id; at least 12 characters and strength 75, the login screen's own rules.
 * - Sessions: 256-bit random tokens, stored only as SHA-256; 12-hour sliding expiry, and an
 *   absolute lifetime from sign-in (NIVESH_SESSION_MAX_DAYS, default 7) however often it is used;
 *   logout revokes.
 * - Sessions checked from memory: each process keeps the sessions it validated (by token hash) and
 *   answers from that copy, reading the row again when its copy is older than
 *   SESSION_RECHECK_MS (5 s). Logout and a new password take effect at once in the process that
 *   did them, in the other processes at once through the bus (`onRevoke`/`forget`, NATS), and
 *   without a bus within SESSION_RECHECK_MS. The idle expiry and the absolute lifetime are checked
 *   on every request against the clock; the slide is written at most once a minute per session.
 * - Login: 5 failures in 15 minutes for one email from one address locks that pair out (429), and
 *   20 failures in 15 minutes from one address lock the address out whatever the emails (429).
 *   Each attempt is written before its password is checked, and the count includes it, so
 *   parallel guesses cannot slip past the limit (the database decides, for every process). At
 *   most two password hashes run at once (password.ts); attempts are kept for a day.
 * - Setup tokens: one-time, 15 minutes, only the newest is valid. The token is never returned to an
 *   HTTP caller: the link goes to the server log (printed at start on a fresh install), and by
 *   email when SMTP is configured. Only the person at the server can use it (or the CLI).
 */
import { randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, lt, min, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import {
  normaliseEmail,
  passwordProblem,
  saltedOperatorEmail,
  SESSION_IDLE_HOURS,
  type User,
} from '@nivesh/api-contract';
import { schema, type Db } from '../db/index.js';
import { HttpError } from '../http/errors.js';
import type { Clock } from '../clock.js';
import { createSharedLimiter } from '../http/rateLimit.js';
import type { Mailer } from './mailer.js';
import { decoyHash, hashPassword, PasswordCheckBusy, verifyPassword } from './password.js';
import { hashToken, newToken, sha256Hex } from './tokens.js';

const SESSION_TTL_MS = SESSION_IDLE_HOURS * 60 * 60 * 1000;
const SETUP_TOKEN_TTL_MS = 15 * 60 * 1000;
const LOGIN_WINDOW_MS = 15 * 60 * 1000;
const LOGIN_MAX_FAILURES = 5;
/** Failures from one address in LOGIN_WINDOW_MS, whatever the emails, before it is refused. */
const ADDRESS_MAX_FAILURES = 20;
/** Login attempts older than this are deleted (the limits look back 15 minutes). */
const ATTEMPT_RETENTION_MS = 24 * 60 * 60 * 1000;
const DEFAULT_SESSION_MAX_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A session's expiry is pushed forward at most once a minute (one write, not one per request). */
const SLIDE_GRANULARITY_MS = 60 * 1000;
const OPERATOR_ID = 1;
/** The settings row of the install's salt for the login screen's hash of the operator email. */
const EMAIL_SALT_KEY = 'auth.operator_email_salt';
const StoredSalt = z.object({ salt: z.string().regex(/^[0-9a-f]{32}$/) });
/**
 * How long a process answers for a session from its memory before reading its row again: the
 * bound on how late a revocation made elsewhere without a bus (another process, the CLI) is seen.
 */
export const SESSION_RECHECK_MS = 5_000;
/** Sessions kept in memory at most (the oldest checked are dropped first). */
const SESSION_CACHE_MAX = 10_000;

/** Which sessions were revoked: their ids, or every session (a new password). */
export type RevokedSessions = number[] | 'all';

interface CachedSession {
  id: number;
  operatorId: number;
  createdAt: Date;
  /** The idle expiry as last written (by this process) or read. */
  expiresAt: Date;
  /** When the row was last read (clock time, ms). */
  checkedAt: number;
}

export const MESSAGES = {
  invalidCredentials: 'Invalid credentials. Please check your password.',
  tooManyAttempts: 'Too many login attempts. Please try again in 15 minutes.',
  setupRequired: 'Password setup required. Please check your email for setup instructions.',
  loginOk: 'Login successful',
  setupSent:
    'If that address is the operator\u2019s, a password setup link has been written to the server log' +
    ' (and emailed, where email is configured). It is valid for 15 minutes.',
  setupLinkInvalid: 'This setup link is invalid, used or expired. Please request a new one.',
  passwordSet: 'Password set successfully.',
  loggedOut: 'Logged out',
  tooManySetupRequests: 'Too many password setup requests. Please try again in 15 minutes.',
  busy: 'Too many sign-ins are being checked right now. Please try again in a few seconds.',
} as const;

export interface Session {
  id: number;
  operatorId: number;
  user: User;
  /** When the session ends unless it is used again (sliding). */
  expiresAt: Date;
  /** When it ends however often it is used (absolute lifetime from sign-in). */
  endsAt: Date;
}

export interface SignedIn {
  token: string;
  user: User;
  expiresAt: Date;
  endsAt: Date;
}

export interface RequestOrigin {
  /** The client's address (behind a trusted proxy, the address the proxy reports). */
  ip: string;
  userAgent: string | null;
}

export interface AuthServiceDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  operatorEmail: string;
  operatorName: string | null;
  publicUrl: string;
  mailer: Mailer | null;
  /** Absolute session lifetime in days (default DEFAULT_SESSION_MAX_DAYS). */
  sessionMaxDays?: number;
}

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(deps: AuthServiceDeps) {
  const { db, clock, log } = deps;
  /** Sessions validated lately, by token hash (see SESSION_RECHECK_MS). */
  const sessionCache = new Map<string, CachedSession>();
  const revokeListeners = new Set<(revoked: RevokedSessions) => void>();
  // Counts revocations: a row read before one is not kept (it may predate the revocation).
  let revocations = 0;

  /** Drops revoked sessions from this process's memory. */
  function forget(revoked: RevokedSessions): void {
    revocations += 1;
    if (revoked === 'all') {
      sessionCache.clear();
      return;
    }
    const ids = new Set(revoked);
    for (const [hash, entry] of sessionCache) if (ids.has(entry.id)) sessionCache.delete(hash);
  }

  /** Forgets here, and tells the listeners (the other processes, through the bus). */
  function revoked(sessions: RevokedSessions): void {
    forget(sessions);
    for (const listener of revokeListeners) {
      try {
        listener(sessions);
      } catch (error) {
        log.warn({ err: error }, 'a session revocation listener failed');
      }
    }
  }

  /** The session's row, read now, kept in memory while valid. */
  async function readSession(hash: string, now: number): Promise<CachedSession | null> {
    const generation = revocations;
    const [row] = await db
      .select({
        id: schema.sessions.id,
        operatorId: schema.sessions.operatorId,
        createdAt: schema.sessions.createdAt,
        expiresAt: schema.sessions.expiresAt,
      })
      .from(schema.sessions)
      .where(and(eq(schema.sessions.tokenHash, hash), isNull(schema.sessions.revokedAt)));
    if (!row) {
      sessionCache.delete(hash);
      return null;
    }
    const known = sessionCache.get(hash);
    // A slide this process is writing may not be in the row yet: keep the later expiry.
    const expiresAt =
      known && known.id === row.id && known.expiresAt.getTime() > row.expiresAt.getTime()
        ? known.expiresAt
        : row.expiresAt;
    const entry: CachedSession = { ...row, expiresAt, checkedAt: now };
    sessionCache.delete(hash);
    // Answered from this read, but not kept when a revocation came meanwhile.
    if (generation !== revocations) return entry;
    if (sessionCache.size >= SESSION_CACHE_MAX) {
      const oldest = sessionCache.keys().next();
      if (!oldest.done) sessionCache.delete(oldest.value);
    }
    sessionCache.set(hash, entry);
    return entry;
  }
  /** Password setup requests per address, counted in the database (every process, every restart). */
  const setupRequests = createSharedLimiter({
    db,
    name: 'password-setup',
    limit: LOGIN_MAX_FAILURES,
    windowMs: LOGIN_WINDOW_MS,
    clock,
  });

  function userFor(email: string): User {
    return { email, name: deps.operatorName, username: email.split('@')[0] ?? null };
  }

  async function operator() {
    const [row] = await db.select().from(schema.operators).where(eq(schema.operators.id, OPERATOR_ID));
    if (!row) throw new Error('The operator account is missing: ensureOperator() was not called');
    return row;
  }

  const sessionMaxMs = (deps.sessionMaxDays ?? DEFAULT_SESSION_MAX_DAYS) * DAY_MS;

  async function createSession(origin: RequestOrigin): Promise<SignedIn> {
    const token = newToken();
    const now = clock.now();
    const endsAt = new Date(now.getTime() + sessionMaxMs);
    const expiresAt = new Date(Math.min(now.getTime() + SESSION_TTL_MS, endsAt.getTime()));
    await db.insert(schema.sessions).values({
      operatorId: OPERATOR_ID,
      tokenHash: hashToken(token),
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
      ip: origin.ip,
      userAgent: origin.userAgent?.slice(0, 400) ?? null,
    });
    return { token, user: userFor(deps.operatorEmail), expiresAt, endsAt };
  }

  const attempts = schema.loginAttempts;

  /**
   * Failures in the window that count against this attempt (its own row included): for the
   * email and address since their last success, and for the address whatever the emails.
   */
  async function failuresAgainst(email: string, ip: string, since: Date) {
    const lastSuccess = db
      .select({ id: sql`coalesce(max(${attempts.id}), 0)` })
      .from(attempts)
      .where(
        and(
          eq(attempts.email, email),
          eq(attempts.ip, ip),
          eq(attempts.succeeded, true),
          gt(attempts.attemptedAt, since),
        ),
      );
    const [pair] = await db
      .select({ count: count(), oldest: min(attempts.attemptedAt) })
      .from(attempts)
      .where(
        and(
          eq(attempts.email, email),
          eq(attempts.ip, ip),
          eq(attempts.succeeded, false),
          gt(attempts.attemptedAt, since),
          gt(attempts.id, lastSuccess),
        ),
      );
    const [address] = await db
      .select({ count: count(), oldest: min(attempts.attemptedAt) })
      .from(attempts)
      .where(and(eq(attempts.ip, ip), eq(attempts.succeeded, false), gt(attempts.attemptedAt, since)));
    return { pair, address };
  }

  function tooManyAttempts(oldest: Date | null | undefined): HttpError {
    const now = clock.nowMs();
    const retryAfter = Math.max(1, Math.ceil(((oldest?.getTime() ?? now) + LOGIN_WINDOW_MS - now) / 1000));
    return new HttpError(429, MESSAGES.tooManyAttempts, {}, { 'Retry-After': String(retryAfter) });
  }

  /** Issues a setup token (superseding earlier ones) and returns it with its link. */
  async function issueSetupToken(requestedFrom: string): Promise<{ token: string; link: string }> {
    const token = newToken();
    const now = clock.now();
    await db.transaction(async (tx) => {
      await tx
        .update(schema.passwordSetupTokens)
        .set({ invalidatedAt: now })
        .where(isNull(schema.passwordSetupTokens.invalidatedAt));
      await tx.insert(schema.passwordSetupTokens).values({
        operatorId: OPERATOR_ID,
        tokenHash: hashToken(token),
        expiresAt: new Date(now.getTime() + SETUP_TOKEN_TTL_MS),
        requestedFrom,
      });
    });
    return { token, link: `${deps.publicUrl}/login?setup=${encodeURIComponent(token)}` };
  }

  /** Checks the password's strength and hashes it (429 while the hashing queue is full). */
  async function hashNewPassword(password: string): Promise<string> {
    const problem = passwordProblem(password);
    if (problem) throw new HttpError(400, problem);
    try {
      return await hashPassword(password);
    } catch (error) {
      if (error instanceof PasswordCheckBusy)
        throw new HttpError(429, MESSAGES.busy, {}, { 'Retry-After': '5' });
      throw error;
    }
  }

  async function storePassword(passwordHash: string, actor: string) {
    const now = clock.now();
    await db.transaction(async (tx) => {
      await tx
        .update(schema.operators)
        .set({ passwordHash, passwordSetAt: now })
        .where(eq(schema.operators.id, OPERATOR_ID));
      // A new password ends every existing session.
      await tx
        .update(schema.sessions)
        .set({ revokedAt: now })
        .where(and(eq(schema.sessions.operatorId, OPERATOR_ID), isNull(schema.sessions.revokedAt)));
      await tx.insert(schema.auditLog).values({ at: now, actor, action: 'password.set', detail: {} });
    });
    revoked('all');
  }

  /**
   * The install's salt: made once, at random, by whichever process asks first (the others read
   * the same row), and kept in the database across restarts.
   */
  async function emailSalt(): Promise<string> {
    const made = { salt: randomBytes(16).toString('hex') };
    await db
      .insert(schema.settings)
      .values({ key: EMAIL_SALT_KEY, value: made, updatedAt: clock.now(), updatedBy: 'system' })
      .onConflictDoNothing();
    const [row] = await db.select().from(schema.settings).where(eq(schema.settings.key, EMAIL_SALT_KEY));
    const stored = StoredSalt.safeParse(row?.value);
    if (!stored.success) throw new Error(`the ${EMAIL_SALT_KEY} setting is not a salt`);
    return stored.data.salt;
  }

  /** What the login screen compares a typed address with; worked out once per process. */
  let emailHash: Promise<{ operator_email_salt: string; operator_email_sha256: string }> | null = null;
  function operatorEmailHash() {
    emailHash ??= emailSalt().then((salt) => ({
      operator_email_salt: salt,
      operator_email_sha256: sha256Hex(saltedOperatorEmail(salt, deps.operatorEmail)),
    }));
    // A failed read is tried again by the next caller.
    emailHash.catch(() => (emailHash = null));
    return emailHash;
  }

  return {
    /** Creates (or brings up to date) the operator account from the configuration, and the salt. */
    async ensureOperator(): Promise<void> {
      await db
        .insert(schema.operators)
        .values({ id: OPERATOR_ID, email: deps.operatorEmail, name: deps.operatorName })
        .onConflictDoUpdate({
          target: schema.operators.id,
          set: { email: deps.operatorEmail, name: deps.operatorName },
        });
      await operatorEmailHash();
    },

    async passwordIsSet(): Promise<boolean> {
      return (await operator()).passwordHash !== null;
    },

    async loginScreenConfig() {
      return { ...(await operatorEmailHash()), password_set: await this.passwordIsSet() };
    },

    async login(emailInput: string, password: string, origin: RequestOrigin): Promise<SignedIn> {
      const email = normaliseEmail(emailInput);
      const now = clock.now();
      const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
      // Count this attempt before checking anything: of any number of parallel guesses, only
      // those that find room under the limits (their own row included) go on to the check.
      const [attempt] = await db
        .insert(attempts)
        .values({ email, ip: origin.ip, succeeded: false, attemptedAt: now })
        .returning({ id: attempts.id });
      const attemptId = (attempt as { id: number }).id;
      const { pair, address } = await failuresAgainst(email, origin.ip, since);
      const overPair = (pair?.count ?? 0) > LOGIN_MAX_FAILURES;
      const overAddress = (address?.count ?? 0) > ADDRESS_MAX_FAILURES;
      if (overPair || overAddress) {
        // A refused attempt is not checked and leaves nothing behind.
        await db.delete(attempts).where(eq(attempts.id, attemptId));
        log.warn({ ip: origin.ip, perAddress: overAddress }, 'login refused: too many attempts');
        throw tooManyAttempts(overPair ? pair?.oldest : address?.oldest);
      }
      const account = await operator();
      const isOperator = email === account.email;
      if (isOperator && account.passwordHash === null) {
        await db.delete(attempts).where(eq(attempts.id, attemptId));
        throw new HttpError(403, MESSAGES.setupRequired, { setup_required: true });
      }
      let valid: boolean;
      try {
        valid = isOperator
          ? await verifyPassword(account.passwordHash as string, password)
          : (await verifyPassword(await decoyHash(), password), false);
      } catch (error) {
        // Too many checks queued (PasswordCheckBusy): this attempt was not checked.
        await db.delete(attempts).where(eq(attempts.id, attemptId));
        if (error instanceof PasswordCheckBusy) {
          throw new HttpError(429, MESSAGES.busy, {}, { 'Retry-After': '5' });
        }
        throw error;
      }
      if (!valid) {
        log.warn({ ip: origin.ip }, 'login refused: invalid credentials');
        throw new HttpError(401, MESSAGES.invalidCredentials);
      }
      await db.update(attempts).set({ succeeded: true }).where(eq(attempts.id, attemptId));
      log.info({ ip: origin.ip }, 'operator signed in');
      return createSession(origin);
    },

    /** Deletes login attempts older than a day (the limits look back 15 minutes). */
    async pruneLoginAttempts(): Promise<number> {
      const cutoff = new Date(clock.nowMs() - ATTEMPT_RETENTION_MS);
      const deleted = await db
        .delete(attempts)
        .where(lt(attempts.attemptedAt, cutoff))
        .returning({ id: attempts.id });
      // Shared rate-limit events are pruned with them (each limit's window is far shorter).
      await db.delete(schema.rateLimitEvents).where(lt(schema.rateLimitEvents.at, cutoff));
      return deleted.length;
    },

    async requestPasswordSetup(
      emailInput: string,
      origin: RequestOrigin,
    ): Promise<{ message: string; temp_token?: string }> {
      if (!(await setupRequests.allow(origin.ip))) throw new HttpError(429, MESSAGES.tooManySetupRequests);
      const account = await operator();
      if (normaliseEmail(emailInput) !== account.email) {
        log.warn({ ip: origin.ip }, 'password setup requested for an unknown address');
        return { message: MESSAGES.setupSent };
      }
      // The link goes only where the person at the server can read it (the log, their email):
      // never to the caller, not even on a fresh install from this machine (a page in the
      // operator's browser can reach a local server too, e.g. by DNS rebinding).
      const { link } = await issueSetupToken(origin.ip);
      log.warn({ setupLink: link, ip: origin.ip }, `Password setup link (valid 15 minutes): ${link}`);
      if (deps.mailer) {
        try {
          await deps.mailer.sendSetupLink(account.email, link);
        } catch (error) {
          log.error({ err: error }, 'could not email the password setup link; it is in this log');
        }
      }
      return { message: MESSAGES.setupSent };
    },

    async setPasswordWithToken(
      tempToken: string,
      password: string,
      origin: RequestOrigin,
    ): Promise<SignedIn> {
      const now = clock.now();
      const [row] = await db
        .select()
        .from(schema.passwordSetupTokens)
        .where(eq(schema.passwordSetupTokens.tokenHash, hashToken(tempToken)));
      if (!row || row.usedAt || row.invalidatedAt || row.expiresAt.getTime() <= now.getTime()) {
        throw new HttpError(400, MESSAGES.setupLinkInvalid);
      }
      // Check and hash the password before spending the token, so a weak first try (or a busy
      // server) can be corrected with the same link.
      const passwordHash = await hashNewPassword(password);
      const consumed = await db
        .update(schema.passwordSetupTokens)
        .set({ usedAt: now, invalidatedAt: now })
        .where(and(eq(schema.passwordSetupTokens.id, row.id), isNull(schema.passwordSetupTokens.usedAt)))
        .returning({ id: schema.passwordSetupTokens.id });
      if (consumed.length === 0) throw new HttpError(400, MESSAGES.setupLinkInvalid);
      await storePassword(passwordHash, 'setup-link');
      log.info({ ip: origin.ip }, 'operator password set with a setup link');
      return createSession(origin);
    },

    /** `pnpm nivesh set-password`: for scripts, and a forgotten password on the server's machine. */
    async setPasswordDirectly(password: string): Promise<void> {
      await storePassword(await hashNewPassword(password), 'cli');
    },

    /** Issues a setup link for the log at start, on a fresh install. */
    async firstRunSetupLink(): Promise<string | null> {
      const account = await operator();
      if (account.passwordHash !== null) return null;
      return (await issueSetupToken('server-start')).link;
    },

    async authenticate(token: string): Promise<Session | null> {
      if (token.length > 200) return null;
      const hash = hashToken(token);
      const now = clock.now();
      const nowMs = now.getTime();
      let entry = sessionCache.get(hash);
      // Read the row again when the copy is older than the bound (or the clock went back).
      if (!entry || Math.abs(nowMs - entry.checkedAt) >= SESSION_RECHECK_MS) {
        entry = (await readSession(hash, nowMs)) ?? undefined;
      }
      if (!entry || entry.expiresAt.getTime() <= nowMs) return null;
      const endsAt = new Date(entry.createdAt.getTime() + sessionMaxMs);
      if (endsAt.getTime() <= nowMs) return null;
      const previous = entry.expiresAt;
      const slid = new Date(Math.min(nowMs + SESSION_TTL_MS, endsAt.getTime()));
      if (slid.getTime() - previous.getTime() >= SLIDE_GRANULARITY_MS) {
        // Taken before the write, so requests arriving meanwhile do not write it again.
        entry.expiresAt = slid;
        try {
          await db
            .update(schema.sessions)
            .set({ lastSeenAt: now, expiresAt: slid })
            .where(eq(schema.sessions.id, entry.id));
        } catch (error) {
          if (entry.expiresAt === slid) entry.expiresAt = previous;
          throw error;
        }
      }
      return {
        id: entry.id,
        operatorId: entry.operatorId,
        user: userFor(deps.operatorEmail),
        expiresAt: entry.expiresAt,
        endsAt,
      };
    },

    /**
     * Listens for sessions this process revoked (logout, a new password), for the other processes
     * to `forget` them (app.ts wires it to the bus). Returns the unsubscribe.
     */
    onRevoke(listener: (revoked: RevokedSessions) => void): () => void {
      revokeListeners.add(listener);
      return () => revokeListeners.delete(listener);
    },

    /** Sessions another process revoked: no longer answered from this process's memory. */
    forget,

    async logout(session: Session): Promise<void> {
      await db
        .update(schema.sessions)
        .set({ revokedAt: clock.now() })
        .where(eq(schema.sessions.id, session.id));
      revoked([session.id]);
    },
  };
}
