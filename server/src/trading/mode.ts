/**
 * The trading mode, stored in the database. `live` (the sidebar calls it `real`) sends orders to
 * the broker with real money; `paper` simulates them; `mock` is paper against the simulated
 * market, chosen from diagnostics. A fresh install starts in paper.
 */
import { eq } from 'drizzle-orm';
import { TradingMode } from '@nivesh/api-contract';
import { schema, type Db } from '../db/index.js';
import type { Clock } from '../clock.js';

const KEY = 'trading_mode';

export interface TradingModeState {
  mode: TradingMode;
  updatedAt: Date | null;
}

export type TradingModeService = ReturnType<typeof createTradingModeService>;

export function createTradingModeService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  return {
    async get(): Promise<TradingModeState> {
      const [row] = await db.select().from(schema.settings).where(eq(schema.settings.key, KEY));
      const parsed = TradingMode.safeParse(row?.value);
      return parsed.success
        ? { mode: parsed.data, updatedAt: row?.updatedAt ?? null }
        : { mode: 'paper', updatedAt: null };
    },

    async set(requested: 'live' | 'real' | 'paper' | 'mock', actor: string): Promise<TradingModeState> {
      const mode: TradingMode = requested === 'real' ? 'live' : requested;
      const now = clock.now();
      const previous = await this.get();
      await db.transaction(async (tx) => {
        await tx
          .insert(schema.settings)
          .values({ key: KEY, value: mode, updatedAt: now, updatedBy: actor })
          .onConflictDoUpdate({
            target: schema.settings.key,
            set: { value: mode, updatedAt: now, updatedBy: actor },
          });
        await tx.insert(schema.auditLog).values({
          at: now,
          actor,
          action: 'trading_mode.set',
          detail: { from: previous.mode, to: mode },
        });
      });
      return { mode, updatedAt: now };
    },
  };
}
