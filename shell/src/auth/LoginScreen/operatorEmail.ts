/**
 * The client-side check that only the operator's address is tried (specification part 1, section
 * 5). The server publishes only a salted SHA-256 of that address (`GET /api/auth/config`: the
 * install's random salt and the hash of `saltedOperatorEmail(salt, address)`), so the page does
 * not reveal it, and the hash cannot be looked up across installs.
 *
 * Without WebCrypto (a page served over plain HTTP to another machine is not a secure context, and
 * `crypto.subtle` is then missing) or without the server's hash (the config did not load), the
 * check is skipped: it is a convenience, and the server refuses other addresses anyway.
 */
import { saltedOperatorEmail, type AuthConfig } from '@nivesh/api-contract';

/** What the check needs of the login screen's config. */
export type OperatorEmailHash = Pick<AuthConfig, 'operator_email_salt' | 'operator_email_sha256'>;

async function sha256Hex(text: string): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** False only when the address is known not to be the operator's. */
export async function mayBeOperatorEmail(
  email: string,
  operator: OperatorEmailHash | undefined,
): Promise<boolean> {
  if (!operator) return true;
  try {
    const hash = await sha256Hex(saltedOperatorEmail(operator.operator_email_salt, email));
    return hash === null || hash === operator.operator_email_sha256.toLowerCase();
  } catch (error) {
    console.warn('Could not hash the email; leaving the check to the server', error);
    return true;
  }
}
