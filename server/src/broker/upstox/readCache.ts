/**
 * A short cache for Upstox account reads (holdings, positions, funds, the order book, trades,
 * prices), so pages that poll or open together do not each call Upstox.
 *
 * - An answer is reused for READ_CACHE_MS (20 s): live figures lag Upstox by at most that.
 * - Concurrent callers of the same read share one request while it runs.
 * - A failure is kept for FAILED_READ_CACHE_MS (3 s) only, so an unreachable Upstox is not asked
 *   again by every request, and a recovered one is asked again almost at once. A refused token is
 *   never kept: the token service remembers the refusal, and a new token must be tried at once.
 * - `clear()` forgets everything (after an order write, the account has changed).
 */
import type { Clock } from '../../clock.js';
import { TokenExpiredError } from './client.js';

export const READ_CACHE_MS = 20_000;
const FAILED_READ_CACHE_MS = 3_000;

interface Entry {
  promise: Promise<unknown>;
  /** When the answer stops being reused (epoch ms); null while the request runs. */
  until: number | null;
}

export type ReadCache = ReturnType<typeof createReadCache>;

export function createReadCache(deps: { clock: Clock; ttlMs?: number; failureTtlMs?: number }) {
  const ttlMs = deps.ttlMs ?? READ_CACHE_MS;
  const failureTtlMs = deps.failureTtlMs ?? FAILED_READ_CACHE_MS;
  const entries = new Map<string, Entry>();
  const now = () => deps.clock.nowMs();

  return {
    /** The answer of `load` for `key`: a fresh cached one, the one in flight, or a new request. */
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const found = entries.get(key);
      if (found && (found.until === null || now() < found.until)) return found.promise as Promise<T>;

      const entry: Entry = { promise: Promise.resolve(), until: null };
      const settle = (keepMs: number) => {
        // A clear() or a newer request may have replaced this entry meanwhile: leave that one be.
        if (entries.get(key) !== entry) return;
        if (keepMs > 0) entry.until = now() + keepMs;
        else entries.delete(key);
      };
      entry.promise = load().then(
        (value) => {
          settle(ttlMs);
          return value;
        },
        (error: unknown) => {
          settle(error instanceof TokenExpiredError ? 0 : failureTtlMs);
          throw error;
        },
      );
      entries.set(key, entry);
      return entry.promise as Promise<T>;
    },

    clear(): void {
      entries.clear();
    },
  };
}
