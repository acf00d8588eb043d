/** Market calendar and index levels. */
import { z } from 'zod';
import { ApiError, Timestamp } from './common';
import { route } from './route';

/** NSE cash market phases in IST (DOMAIN.md). */
export const MarketPhase = z.enum(['PRE_OPEN', 'OPEN', 'CLOSING', 'POST_CLOSE', 'CLOSED']);
export type MarketPhase = z.infer<typeof MarketPhase>;

export const MarketStatusResponse = z.object({
  success: z.literal(true),
  exchange: z.literal('NSE'),
  /** 'OPEN' exactly while the normal session (09:15-15:30 IST) runs. */
  status: MarketPhase,
  is_open: z.boolean(),
  /** Why the market is shut today, when it is. */
  closed_reason: z.enum(['weekend', 'holiday']).nullable(),
  holiday_name: z.string().nullable(),
  is_trading_day: z.boolean(),
  /** The current time in IST, `YYYY-MM-DDTHH:mm:ss+05:30`. */
  now_ist: z.string(),
  /** Start of the next normal session (now, if it is running). */
  next_open: Timestamp,
  /** End of the running or next normal session. */
  next_close: Timestamp,
  /** False when no holiday list is loaded for this year: weekends are still known, holidays are not. */
  holidays_known: z.boolean(),
});
export type MarketStatusResponse = z.infer<typeof MarketStatusResponse>;

export const marketRoutes = {
  status: route({
    method: 'GET',
    path: '/api/market/status',
    access: 'session',
    tag: 'market',
    summary: 'Whether the NSE normal session is open now, from the exchange calendar in IST',
    responses: { 200: MarketStatusResponse, 401: ApiError },
    client: { pollingIntervalMs: 30_000 },
  }),
} as const;
