/**
 * argon2id hashing (OWASP's recommended parameters: 19 MiB, 2 passes, 1 lane). argon2id is
 * @node-rs/argon2's default algorithm; the stored PHC string names it ($argon2id$...).
 */
import { hash, verify } from '@node-rs/argon2';

const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** A hash of nothing in particular, so an unknown email costs the same time as a known one. */
let decoy: Promise<string> | null = null;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword('decoy password that is never anyone\u2019s');
  return decoy;
}
