/**
 * What the login screen says (specification part 1, sections 5 and 8). The wording is the
 * specification's, including the singular "user" of the reset check.
 */
import { httpStatus, isNetworkError, serverMessage, type ApiCallError } from '@nivesh/api-client';

export const MESSAGES = {
  loginRequired: 'Please enter both email and password',
  loginRestricted: 'Access restricted to authorized users only',
  resetRequired: 'Please enter your email address',
  resetRestricted: 'Access restricted to authorized user only',
  setupRequired: 'Please enter and confirm your new password',
  setupMismatch: 'Passwords do not match',
  setupTokenMissing: 'The setup token is missing. Request a new setup link.',

  loginInvalid: 'Invalid credentials. Please check your password.',
  loginTooMany: 'Too many login attempts. Please try again in 15 minutes.',
  loginSetupRequired: 'Password setup required. Please check your email for setup instructions.',
  loginFailed: 'Login failed. Please try again.',
  loginNetwork: 'Network error. Please check your connection and try again.',

  setPasswordFailed: 'Failed to set new password',
  /** Set password (and reset) without an answer from the server. */
  networkRetry: 'Network error. Please try again.',

  resetFailed: 'Failed to send password setup instructions.',

  loginSucceeded: 'Login successful',
  setPasswordSucceeded: 'Password set successfully.',
  redirecting: 'Redirecting...',
} as const;

export interface LoginFailure {
  message: string;
  /** The account has no password yet (403 with setup_required): offer the reset mode. */
  setupRequired: boolean;
}

function isSetupRequired(error: ApiCallError): boolean {
  if (httpStatus(error) !== 403 || !error || !('data' in error)) return false;
  const data = error.data as { setup_required?: unknown } | undefined;
  return typeof data === 'object' && data !== null && data.setup_required === true;
}

/** Section 8: login 401, 429, 403 with setup_required, any other failure, no answer at all. */
export function loginFailure(error: ApiCallError): LoginFailure {
  if (isNetworkError(error)) return { message: MESSAGES.loginNetwork, setupRequired: false };
  if (isSetupRequired(error)) return { message: MESSAGES.loginSetupRequired, setupRequired: true };
  switch (httpStatus(error)) {
    case 401:
      return { message: serverMessage(error) ?? MESSAGES.loginInvalid, setupRequired: false };
    case 429:
      return { message: MESSAGES.loginTooMany, setupRequired: false };
    default:
      return { message: serverMessage(error) ?? MESSAGES.loginFailed, setupRequired: false };
  }
}

/** Section 8: set password failure (the server says why when it can: expired link, weak password). */
export function setPasswordFailure(error: ApiCallError): string {
  if (isNetworkError(error)) return MESSAGES.networkRetry;
  return serverMessage(error) ?? MESSAGES.setPasswordFailed;
}

/**
 * Section 8: the reset failure sentence, and the server's reason beneath it when it gave one
 * (for example the limit on setup requests).
 */
export function resetFailure(error: ApiCallError): { message: string; detail?: string } {
  const detail = isNetworkError(error) ? MESSAGES.networkRetry : serverMessage(error);
  return detail ? { message: MESSAGES.resetFailed, detail } : { message: MESSAGES.resetFailed };
}
