/**
 * The one tick hub: keeps the latest tick of every symbol and hands each published batch to every
 * subscriber (paper engine, market overview, browser stream). Delivery is synchronous and in
 * publish order; a failing listener is logged and never stops the others or the feed.
 */
import type { Tick, TickHub, TickListener } from './feed.js';

export function createTickHub(log?: { error(obj: unknown, msg: string): void }): TickHub {
  const latest = new Map<string, Tick>();
  const listeners = new Set<TickListener>();
  let newest: number | null = null;

  return {
    publish(ticks) {
      if (ticks.length === 0) return;
      for (const tick of ticks) {
        latest.set(tick.symbol, tick);
        if (newest === null || tick.ts > newest) newest = tick.ts;
      }
      for (const listener of listeners) {
        try {
          listener(ticks);
        } catch (error) {
          log?.error({ err: error }, 'tick listener failed');
        }
      }
    },
    last: (symbol) => latest.get(symbol),
    all: () => [...latest.values()],
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    lastTickAt: () => newest,
  };
}
