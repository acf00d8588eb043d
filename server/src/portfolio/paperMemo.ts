/**
 * The paper account's overview and holdings as the portfolio pages read them, worked out once per
 * change: kept until the account is written (`wrote`, called with the paper engine's `onWrite`
 * after every job that changed it: orders, fills, cancels, settings, resets, the scheduler), a
 * batch of ticks reaches the hub, or the IST day turns. The overview's `as_of` is the time of each
 * read, as before. With other processes on the database (PostgreSQL) their writes are not heard
 * here, so every read goes to the engine, which checks the account's write version.
 */
import { istDay, type Holding, type PortfolioOverview } from '@nivesh/api-contract';
import type { Clock } from '../clock.js';
import type { TickHub } from '../market/feed.js';
import type { PaperEngine } from '../paper/engine.js';

export function createPaperMemo(deps: {
  paper: Pick<PaperEngine, 'overview' | 'holdings'>;
  hub: Pick<TickHub, 'subscribe'>;
  clock: Clock;
  /** Other processes write the same account: no memo. */
  shared: boolean;
}) {
  const { paper, clock } = deps;
  let writes = 0;
  let ticks = 0;
  deps.hub.subscribe(() => {
    ticks += 1;
  });
  const keyAt = (now: Date) => `${writes}|${ticks}|${istDay(now)}`;

  /** Memoises `read` per key; a read during which the key moved is answered but not kept. */
  function memo<T>(read: () => Promise<T>) {
    let kept: { key: string; value: T } | null = null;
    return async (now: Date): Promise<T> => {
      if (deps.shared) return read();
      const key = keyAt(now);
      if (kept?.key === key) return kept.value;
      const value = await read();
      if (keyAt(now) === key) kept = { key, value };
      return value;
    };
  }

  const overview = memo(() => paper.overview());
  const holdings = memo(() => paper.holdings());

  return {
    /** The account changed (the engine's `onWrite`). */
    wrote(): void {
      writes += 1;
    },
    async overview(): Promise<PortfolioOverview> {
      const now = clock.now();
      const value = await overview(now);
      return { ...value, as_of: now.toISOString() };
    },
    holdings: (): Promise<Holding[]> => holdings(clock.now()),
  };
}
