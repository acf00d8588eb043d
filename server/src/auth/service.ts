/**
 * The operator account, password setup and sessions.
 *
 * - Passwords: argon2id; at least 12 characters and strength 75, the login screen's own rules.
 * - Sessions: 256-bit random tokens, stored only as SHA-256; 12-hour sliding expiry; logout revokes.
 * - Login: 5 failures in 15 minutes for one email from one address locks that pair out (429).
 * - Setup tokens: one-time, 15 minutes, only the newest is valid. The token itself is returned to
 *   the caller only on a fresh install (no password ever set) and only to the server's own machine;
 *   otherwise the link goes to the server log, and by email when SMTP is configured.
 */
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { passwordProblem, type User } from '@nivesh/api-contract';
import { schema, type Db } from '../db/index.js';
import { HttpError } from '../http/errors.js';
import type { Clock } from '../clock.js';
import { createRateLimiter } from '../http/rateLimit.js';
import type { Mailer } from './mailer.js';
import { decoyHash, hashPassword, verifyPassword } from './password.js';
import { hashToken, newToken, sha256Hex } from './tokens.js';

export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
export const SETUP_TOKEN_TTL_MS = 15 * 60 * 1000;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_MAX_FAILURES = 5;
/** A session's expiry is pushed forward at most once a minute (one write, not one per request). */
const SLIDE_GRANULARITY_MS = 60 * 1000;
const OPERATOR_ID = 1;

export const MESSAGES = {
  invalidCredentials: 'Invalid credentials. Please check your password.',
  tooManyAttempts: 'Too many login attempts. Please try again in 15 minutes.',
  setupRequired: 'Password setup required. Please check your email for setup instructions.',
  loginOk: 'Login successful',
  setupSent:
    'If that address is the operator\u2019s, a password setup link has been written to the server log' +
    ' (and emailed, where email is configured). It is valid for 15 minutes.',
  setupIssued: 'Password setup token issued. Choose your password now.',
  setupLinkInvalid: 'This setup link is invalid, used or expired. Please request a new one.',
  passwordSet: 'Password set successfully.',
  loggedOut: 'Logged out',
  tooManySetupRequests: 'Too many password setup requests. Please try again in 15 minutes.',
} as const;

export interface Session {
  id: number;
  operatorId: number;
  user: User;
  expiresAt: Date;
}

export interface SignedIn {
  token: string;
  user: User;
  expiresAt: Date;
}

export interface RequestOrigin {
  ip: string;
  userAgent: string | null;
  /** The connection comes from this machine itself, with no proxy in between. */
  isLocal: boolean;
}

export interface AuthServiceDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  operatorEmail: string;
  operatorName: string | null;
  publicUrl: string;
  mailer: Mailer | null;
}

export type AuthService = ReturnType<typeof createAuthService>;

const normalise = (email: string) => email.trim().toLowerCase();

export function createAuthService(deps: AuthServiceDeps) {
  const { db, clock, log } = deps;
  /** Password setup requests per address (in memory: a restart forgives them). */
  const setupRequests = createRateLimiter({ limit: LOGIN_MAX_FAILURES, windowMs: LOGIN_WINDOW_MS, clock });

  function userFor(email: string): User {
    return { email, name: deps.operatorName, username: email.split('@')[0] ?? null };
  }

  async function operator() {
    const [row] = await db.select().from(schema.operators).where(eq(schema.operators.id, OPERATOR_ID));
    if (!row) throw new Error('The operator account is missing: ensureOperator() was not called');
    return row;
  }

  async function createSession(origin: RequestOrigin): Promise<SignedIn> {
    const token = newToken();
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    await db.insert(schema.sessions).values({
      operatorId: OPERATOR_ID,
      tokenHash: hashToken(token),
      lastSeenAt: now,
      expiresAt,
      ip: origin.ip,
      userAgent: origin.userAgent?.slice(0, 400) ?? null,
    });
    return { token, user: userFor(deps.operatorEmail), expiresAt };
  }

  async function recentFailures(email: string, ip: string): Promise<Date[]> {
    const since = new Date(clock.now().getTime() - LOGIN_WINDOW_MS);
    const rows = await db
      .select({ succeeded: schema.loginAttempts.succeeded, at: schema.loginAttempts.attemptedAt })
      .from(schema.loginAttempts)
      .where(
        and(
          eq(schema.loginAttempts.email, email),
          eq(schema.loginAttempts.ip, ip),
          gt(schema.loginAttempts.attemptedAt, since),
        ),
      )
      .orderBy(desc(schema.loginAttempts.attemptedAt));
    // Failures count until the next success.
    const failures: Date[] = [];
    for (const row of rows) {
      if (row.succeeded) break;
      failures.push(row.at);
    }
    return failures;
  }

  async function recordAttempt(email: string, ip: string, succeeded: boolean) {
    await db.insert(schema.loginAttempts).values({ email, ip, succeeded, attemptedAt: clock.now() });
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

  async function storePassword(password: string, actor: string) {
    const problem = passwordProblem(password);
    if (problem) throw new HttpError(400, problem);
    const passwordHash = await hashPassword(password);
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
  }

  return {
    /** Creates (or brings up to date) the operator account from the configuration. */
    async ensureOperator(): Promise<void> {
      await db
        .insert(schema.operators)
        .values({ id: OPERATOR_ID, email: deps.operatorEmail, name: deps.operatorName })
        .onConflictDoUpdate({
          target: schema.operators.id,
          set: { email: deps.operatorEmail, name: deps.operatorName },
        });
    },

    async passwordIsSet(): Promise<boolean> {
      return (await operator()).passwordHash !== null;
    },

    async loginScreenConfig() {
      return {
        operator_email_sha256: sha256Hex(deps.operatorEmail),
        password_set: await this.passwordIsSet(),
      };
    },

    async login(emailInput: string, password: string, origin: RequestOrigin): Promise<SignedIn> {
      const email = normalise(emailInput);
      const failures = await recentFailures(email, origin.ip);
      if (failures.length >= LOGIN_MAX_FAILURES) {
        const oldest = failures[failures.length - 1] as Date;
        const retryAfter = Math.max(
          1,
          Math.ceil((oldest.getTime() + LOGIN_WINDOW_MS - clock.now().getTime()) / 1000),
        );
        throw new HttpError(429, MESSAGES.tooManyAttempts, {}, { 'Retry-After': String(retryAfter) });
      }
      const account = await operator();
      const isOperator = email === account.email;
      if (isOperator && account.passwordHash === null) {
        throw new HttpError(403, MESSAGES.setupRequired, { setup_required: true });
      }
      const valid = isOperator
        ? await verifyPassword(account.passwordHash as string, password)
        : (await verifyPassword(await decoyHash(), password), false);
      await recordAttempt(email, origin.ip, valid);
      if (!valid) {
        log.warn({ ip: origin.ip }, 'login refused: invalid credentials');
        throw new HttpError(401, MESSAGES.invalidCredentials);
      }
      log.info({ ip: origin.ip }, 'operator signed in');
      return createSession(origin);
    },

    async requestPasswordSetup(
      emailInput: string,
      origin: RequestOrigin,
    ): Promise<{ message: string; temp_token?: string }> {
      if (!setupRequests.allow(origin.ip)) throw new HttpError(429, MESSAGES.tooManySetupRequests);
      const account = await operator();
      if (normalise(emailInput) !== account.email) {
        log.warn({ ip: origin.ip }, 'password setup requested for an unknown address');
        return { message: MESSAGES.setupSent };
      }
      const { token, link } = await issueSetupToken(origin.ip);
      if (account.passwordHash === null && account.passwordSetAt === null && origin.isLocal) {
        log.info({ ip: origin.ip }, 'password setup token handed to a local first-run request');
        return { message: MESSAGES.setupIssued, temp_token: token };
      }
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
      // Check the password before spending the token, so a weak first try can be corrected.
      const problem = passwordProblem(password);
      if (problem) throw new HttpError(400, problem);
      const consumed = await db
        .update(schema.passwordSetupTokens)
        .set({ usedAt: now, invalidatedAt: now })
        .where(and(eq(schema.passwordSetupTokens.id, row.id), isNull(schema.passwordSetupTokens.usedAt)))
        .returning({ id: schema.passwordSetupTokens.id });
      if (consumed.length === 0) throw new HttpError(400, MESSAGES.setupLinkInvalid);
      await storePassword(password, 'setup-link');
      log.info({ ip: origin.ip }, 'operator password set with a setup link');
      return createSession(origin);
    },

    /** `pnpm nivesh set-password`: for scripts, and a forgotten password on the server's machine. */
    async setPasswordDirectly(password: string): Promise<void> {
      await storePassword(password, 'cli');
    },

    /** Issues a setup link for the log at start, on a fresh install. */
    async firstRunSetupLink(): Promise<string | null> {
      const account = await operator();
      if (account.passwordHash !== null) return null;
      return (await issueSetupToken('server-start')).link;
    },

    async authenticate(token: string): Promise<Session | null> {
      if (token.length > 200) return null;
      const [row] = await db
        .select()
        .from(schema.sessions)
        .where(and(eq(schema.sessions.tokenHash, hashToken(token)), isNull(schema.sessions.revokedAt)));
      const now = clock.now();
      if (!row || row.expiresAt.getTime() <= now.getTime()) return null;
      let expiresAt = row.expiresAt;
      const slid = new Date(now.getTime() + SESSION_TTL_MS);
      if (slid.getTime() - row.expiresAt.getTime() >= SLIDE_GRANULARITY_MS) {
        await db
          .update(schema.sessions)
          .set({ lastSeenAt: now, expiresAt: slid })
          .where(eq(schema.sessions.id, row.id));
        expiresAt = slid;
      }
      return { id: row.id, operatorId: row.operatorId, user: userFor(deps.operatorEmail), expiresAt };
    },

    async logout(session: Session): Promise<void> {
      await db
        .update(schema.sessions)
        .set({ revokedAt: clock.now() })
        .where(eq(schema.sessions.id, session.id));
    },
  };
}
