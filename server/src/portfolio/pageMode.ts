/**
 * The trading mode as the portfolio pages read it: from memory, read from the database again when
 * the copy is older than PAGE_MODE_RECHECK_MS. A switch made in this process drops the copy at
 * once (`forget`, from the switch in app.ts), and so does a switch announced by another process on
 * the bus (NATS); without a bus another process's switch shows on these pages within the bound.
 * Only the pages' reads use it: orders, the automation and the live gate read the stored mode.
 */
import type { Clock } from '../clock.js';
import type { TradingModeService, TradingModeState } from '../trading/mode.js';

/** How long the pages answer from the remembered mode before reading it again. */
export const PAGE_MODE_RECHECK_MS = 5_000;

export function createPageMode(deps: { modes: Pick<TradingModeService, 'get'>; clock: Clock }) {
  let copy: { state: TradingModeState; readAt: number } | null = null;
  // Counts `forget` calls: a read that started before one is answered but not kept.
  let generation = 0;

  return {
    async get(): Promise<TradingModeState> {
      const now = deps.clock.nowMs();
      if (copy && Math.abs(now - copy.readAt) < PAGE_MODE_RECHECK_MS) return copy.state;
      const started = generation;
      const state = await deps.modes.get();
      if (started === generation) copy = { state, readAt: now };
      return state;
    },
    /** The mode was switched (here, or on another process): read it afresh next time. */
    forget(): void {
      generation += 1;
      copy = null;
    },
  };
}
