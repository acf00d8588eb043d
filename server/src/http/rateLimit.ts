/**
 * A sliding-window limit per key (an address, an address and email), kept in memory: it refuses
 * (`allow` answers false) once a key reached its limit in the window. Compare the Upstox client's
 * createCallThrottle, which makes calls wait their turn instead.
 */
import type { Clock } from '../clock.js';

export interface PerKeyLimiter {
  /** Counts one event for `key`; false when the limit was already reached in the window. */
  allow(key: string): boolean;
}

export function createPerKeyLimiter(options: {
  limit: number;
  windowMs: number;
  clock: Clock;
}): PerKeyLimiter {
  const events = new Map<string, number[]>();
  let sweeps = 0;
  return {
    allow(key) {
      const now = options.clock.now().getTime();
      const recent = (events.get(key) ?? []).filter((at) => now - at < options.windowMs);
      const allowed = recent.length < options.limit;
      if (allowed) recent.push(now);
      events.set(key, recent);
      // Forget idle keys now and then, so the map does not grow without bound.
      if (++sweeps % 1000 === 0) {
        for (const [k, times] of events)
          if (times.every((at) => now - at >= options.windowMs)) events.delete(k);
      }
      return allowed;
    },
  };
}
