/** Login, password setup and sessions (specification part 1, sections 3-9). */
import { z } from 'zod';
import { ApiError, Timestamp } from './common';
import { route } from './route';

export const User = z.object({
  email: z.string(),
  name: z.string().nullable(),
  username: z.string().nullable(),
});
export type User = z.infer<typeof User>;

/** A session ends after this many hours without use (sliding), and at its absolute end anyway. */
export const SESSION_IDLE_HOURS = 12;

const Email = z.string().trim().min(1, 'Email is required').max(320);

export const LoginRequest = z.object({
  email: Email,
  password: z.string().min(1, 'Password is required').max(1024),
});

export const LoginResponse = z.object({
  success: z.literal(true),
  session_token: z.string(),
  message: z.string(),
  setup_required: z.literal(false),
  user: User,
  /** When the session ends unless it is used again (12 hours, sliding). */
  expires_at: Timestamp,
  /** When it ends however often it is used: the absolute lifetime from sign-in (default 7 days). */
  session_ends_at: Timestamp,
});

export const SetupRequiredError = ApiError.extend({ setup_required: z.literal(true) });

export const PasswordSetupRequest = z.object({ email: Email });
export const PasswordSetupResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /**
   * The specification's field. This server never sends it: a setup token reaches only the person
   * at the server (the link it prints and logs, or email), never an HTTP caller.
   */
  temp_token: z.string().optional(),
});

export const SetPasswordRequest = z.object({
  temp_token: z.string().min(1, 'Setup token is required').max(200),
  new_password: z.string().min(1, 'New password is required').max(1024),
});

export const SessionResponse = z.object({
  success: z.literal(true),
  user: User,
  expires_at: Timestamp,
  session_ends_at: Timestamp,
});

export const LogoutResponse = z.object({ success: z.literal(true), message: z.string() });

/** An email address as the operator's is compared: trimmed and lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * What `operator_email_sha256` is the SHA-256 of: the install's salt, then the address normalised.
 * The salt is random per install, so the hash of one address differs from install to install and
 * cannot be looked up in a table of known addresses' hashes.
 */
export function saltedOperatorEmail(salt: string, email: string): string {
  return `${salt}${normaliseEmail(email)}`;
}

export const AuthConfigResponse = z.object({
  success: z.literal(true),
  /** This install's random salt (32 hex characters), stored once and kept across restarts. */
  operator_email_salt: z.string().regex(/^[0-9a-f]{32}$/),
  /**
   * SHA-256 (hex) of `saltedOperatorEmail(operator_email_salt, the operator's email)`: the login
   * screen refuses other addresses before calling the server, without the page revealing the
   * address itself.
   */
  operator_email_sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** False on a fresh install, until the first password is set. */
  password_set: z.boolean(),
});
export type AuthConfig = z.infer<typeof AuthConfigResponse>;

export const authRoutes = {
  config: route({
    method: 'GET',
    path: '/api/auth/config',
    access: 'public',
    tag: 'auth',
    summary: 'What the login screen needs before anyone signs in',
    responses: { 200: AuthConfigResponse },
  }),
  login: route({
    method: 'POST',
    path: '/api/auth/login',
    access: 'public',
    tag: 'auth',
    summary: 'Sign in with the operator email and password',
    body: LoginRequest,
    responses: { 200: LoginResponse, 400: ApiError, 401: ApiError, 403: SetupRequiredError, 429: ApiError },
  }),
  requestPasswordSetup: route({
    method: 'POST',
    path: '/api/auth/request-password-setup',
    access: 'public',
    tag: 'auth',
    summary: 'Issue a one-time password setup link (valid 15 minutes)',
    body: PasswordSetupRequest,
    responses: { 200: PasswordSetupResponse, 400: ApiError, 429: ApiError },
  }),
  setPassword: route({
    method: 'POST',
    path: '/api/auth/set-password',
    access: 'public',
    tag: 'auth',
    summary: 'Set a new password with a setup token, and sign in',
    body: SetPasswordRequest,
    // A new password signs in: the answer is login's.
    responses: { 200: LoginResponse, 400: ApiError, 429: ApiError },
  }),
  validateSession: route({
    method: 'POST',
    path: '/api/auth/validate-session',
    access: 'session',
    tag: 'auth',
    summary: 'Check the Bearer session and extend it',
    responses: { 200: SessionResponse, 401: ApiError },
  }),
  logout: route({
    method: 'POST',
    path: '/api/auth/logout',
    access: 'session',
    tag: 'auth',
    summary: 'Revoke the Bearer session',
    responses: { 200: LogoutResponse, 401: ApiError },
  }),
} as const;
