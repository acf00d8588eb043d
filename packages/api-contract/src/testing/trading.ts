/** Trade history and trading-mode answers. */
import {
  Trade,
  TRADING_MODE_LABELS,
  TradingModeCheck,
  TradingModeResponse,
  type TradingMode,
} from '../trading';
import { fixture, valid } from './fixture';

/** A completed paper BUY of 10 RELIANCE, 2,500 to 2,550: P&L ₹500, fees ₹100, net ₹400. */
export const makeTrade = fixture(Trade, 'Trade', {
  trade_id: 'T-1',
  symbol: 'RELIANCE',
  mode: 'paper',
  side: 'BUY',
  quantity: 10,
  opened_quantity: 10,
  entry_price: 2500,
  exit_price: 2550,
  current_price: null,
  pnl: 500,
  pnl_percent: 1.6,
  fees: 100,
  net_pnl: 400,
  status: 'completed',
  strategy: 'Paper Trading',
  entry_time: '2026-03-10T04:00:00Z',
  exit_time: '2026-03-10T08:00:00Z',
  product: 'CNC',
});

/** GET /api/trading/mode's answer for `mode`. */
export function makeTradingMode(
  mode: TradingMode,
  overrides: Partial<TradingModeResponse> = {},
): TradingModeResponse {
  const label = TRADING_MODE_LABELS[mode];
  return valid(TradingModeResponse, 'TradingModeResponse', {
    success: true,
    mode,
    trading_mode: mode,
    trading_mode_label: label,
    current_mode: mode,
    current_mode_label: label,
    updated_at: '2026-03-02T04:00:00.000Z',
    message: `Trading mode is ${label}`,
    ...overrides,
  });
}

/** POST /api/trading/mode/check's answer: ready, or refused with the server's reason. */
export function makeTradingModeCheck(
  refusal: { reason: string; needs_token: boolean } | null = null,
  mode: TradingMode = 'live',
): TradingModeCheck {
  return valid(TradingModeCheck, 'TradingModeCheck', {
    success: true,
    mode,
    ready: refusal === null,
    reason: refusal?.reason ?? null,
    needs_token: refusal?.needs_token ?? false,
  });
}
