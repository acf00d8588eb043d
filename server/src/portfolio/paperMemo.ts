/**
 * The paper account's overview, holdings and monthly return as the portfolio pages and the quick
 * stats read them, worked out once per change: kept until the account is written (`wrote`, called
 * with the paper engine's `onWrite` after every job that changed it: orders, fills, exits, cancels,
 * settings, resets, the scheduler), a batch of ticks reaches the hub, or the IST day turns. Each
 * read hands out the same object until then (the pages send its checked text again,
 * http/keptAnswer.ts); the overview's `as_of` is stamped at each send (portfolio/routes.ts).
 *
 * The monthly return also reads the end-of-day equity snapshots, which the scheduler may backfill
 * (after a restart) without writing the account: it is read again at least every
 * MONTHLY_RETURN_RECHECK_MS. With other processes on the database (PostgreSQL) their writes are not
 * heard here, so every read goes to the engine, which checks the account's write version.
 */
import { IST_OFFSET_MS, type Holding, type PortfolioOverview } from '@nivesh/api-contract';
import type { Clock } from '../clock.js';
import type { TickHub } from '../market/feed.js';
import type { PaperEngine } from '../paper/engine.js';

/** How long a monthly return is answered before it is read again, changes or not. */
const MONTHLY_RETURN_RECHECK_MS = 5_000;

const DAY_MS = 86_400_000;

/** What a kept read depends on: the account's writes, the batches of ticks, the IST day, a period. */
interface Key {
  writes: number;
  ticks: number;
  day: number;
  period: number;
}

const sameKey = (a: Key, b: Key) =>
  a.writes === b.writes && a.ticks === b.ticks && a.day === b.day && a.period === b.period;

export function createPaperMemo(deps: {
  paper: Pick<PaperEngine, 'overview' | 'holdings' | 'monthlyReturn'>;
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
  /** The key now; `recheckMs` cuts time into periods, each read afresh (0: none). */
  const keyAt = (recheckMs: number): Key => {
    const ms = clock.nowMs();
    return {
      writes,
      ticks,
      // The IST day's number: it turns at IST midnight, as `istDay` does.
      day: Math.floor((ms + IST_OFFSET_MS) / DAY_MS),
      period: recheckMs > 0 ? Math.floor(ms / recheckMs) : 0,
    };
  };

  /** Memoises `read` per key; a read during which the key moved is answered but not kept. */
  function memo<T>(read: () => Promise<T>, recheckMs = 0) {
    let kept: { key: Key; value: T } | null = null;
    return async (): Promise<T> => {
      if (deps.shared) return read();
      const key = keyAt(recheckMs);
      if (kept && sameKey(kept.key, key)) return kept.value;
      const value = await read();
      if (sameKey(keyAt(recheckMs), key)) kept = { key, value };
      return value;
    };
  }

  return {
    /** The account changed (the engine's `onWrite`). */
    wrote(): void {
      writes += 1;
    },
    /** The overview; its `as_of` is when it was worked out (the pages stamp each send). */
    overview: memo((): Promise<PortfolioOverview> => paper.overview()),
    holdings: memo((): Promise<Holding[]> => paper.holdings()),
    monthlyReturn: memo((): Promise<number> => paper.monthlyReturn(), MONTHLY_RETURN_RECHECK_MS),
  };
}
