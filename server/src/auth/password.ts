/**
 * argon2id hashing (OWASP's recommended parameters: 19 MiB, 2 passes, 1 lane). argon2id is
 * @node-rs/argon2's default algorithm; the stored PHC string names it ($argon2id$...).
 *
 * Hashing is deliberately expensive, so it is bounded: at most HASH_CONCURRENCY hashes run at
 * once in this process, at most HASH_QUEUE_LIMIT more wait, and a check beyond that is refused at
 * once (PasswordCheckBusy) instead of queueing behind a flood and starving every other request.
 */
import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';

const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
export const HASH_CONCURRENCY = 2;
export const HASH_QUEUE_LIMIT = 16;

const hashing = pLimit(HASH_CONCURRENCY);

export class PasswordCheckBusy extends Error {
  override name = 'PasswordCheckBusy';
}

/** Runs `work` in the bounded hashing queue, or throws PasswordCheckBusy when it is full. */
function bounded<T>(work: () => Promise<T>): Promise<T> {
  if (hashing.pendingCount >= HASH_QUEUE_LIMIT) {
    return Promise.reject(new PasswordCheckBusy('too many password hashes waiting'));
  }
  return hashing(work);
}

/** Hashes now running and waiting (for tests and monitors). */
export function hashingLoad(): { active: number; pending: number } {
  return { active: hashing.activeCount, pending: hashing.pendingCount };
}

export function hashPassword(password: string): Promise<string> {
  return bounded(() => hash(password, OPTIONS));
}

/** False for a wrong password or an unreadable hash; throws PasswordCheckBusy when saturated. */
export function verifyPassword(stored: string, password: string): Promise<boolean> {
  return bounded(async () => {
    try {
      return await verify(stored, password);
    } catch {
      return false;
    }
  });
}

/** A hash of nothing in particular, so an unknown email costs the same time as a known one. */
let decoy: Promise<string> | null = null;
export function decoyHash(): Promise<string> {
  decoy ??= hash('decoy password that is never anyone\u2019s', OPTIONS);
  return decoy;
}
