/** Trading mode (live or paper), and later the order, history and paper-account calls. */
import { z } from 'zod';
import { ApiError, Timestamp } from './common';
import { route } from './route';

/**
 * Stored modes. `live` trades real money through the broker; `paper` simulates fills against the
 * market feed; `mock` is paper against the simulated market, chosen only from diagnostics.
 */
export const TradingMode = z.enum(['live', 'paper', 'mock']);
export type TradingMode = z.infer<typeof TradingMode>;

/** The specification calls live mode `real` in the sidebar; both names are accepted. */
export const TradingModeRequest = z.object({
  mode: z.enum(['live', 'real', 'paper', 'mock'], {
    error: "mode must be one of 'live', 'real', 'paper' or 'mock'",
  }),
});

export const TradingModeResponse = z.object({
  success: z.literal(true),
  mode: TradingMode,
  trading_mode: TradingMode,
  trading_mode_label: z.string(),
  current_mode: TradingMode,
  current_mode_label: z.string(),
  updated_at: Timestamp.nullable(),
  message: z.string(),
});
export type TradingModeResponse = z.infer<typeof TradingModeResponse>;

export const TRADING_MODE_LABELS: Record<TradingMode, string> = {
  live: 'Live Trading',
  paper: 'Paper Trading',
  mock: 'Mock Trading (simulated market)',
};

export const tradingRoutes = {
  getMode: route({
    method: 'GET',
    path: '/api/trading/mode',
    access: 'session',
    tag: 'trading',
    summary: 'The current trading mode',
    responses: { 200: TradingModeResponse, 401: ApiError },
  }),
  setMode: route({
    method: 'POST',
    path: '/api/trading/mode',
    access: 'session',
    tag: 'trading',
    summary: 'Switch between live (real money) and paper trading',
    body: TradingModeRequest,
    responses: { 200: TradingModeResponse, 400: ApiError, 401: ApiError, 409: ApiError },
  }),
} as const;
