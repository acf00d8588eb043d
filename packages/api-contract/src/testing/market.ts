/** Market answers: NSE's status and the three index levels. */
import { MarketOverview, MarketStatusResponse, type MarketPhase } from '../market';
import { fixture, valid } from './fixture';

/**
 * GET /api/market/status in `phase` on a trading day (2 March 2026). The simulated session outside
 * NSE hours is `makeMarketStatus('OPEN', { exchange_status: 'CLOSED', simulated_session_open: true })`.
 */
export function makeMarketStatus(
  phase: MarketPhase,
  overrides: Partial<MarketStatusResponse> = {},
): MarketStatusResponse {
  const open = phase === 'OPEN';
  return valid(MarketStatusResponse, 'MarketStatusResponse', {
    success: true,
    exchange: 'NSE',
    status: phase,
    is_open: open,
    exchange_status: phase,
    closed_reason: null,
    holiday_name: null,
    is_trading_day: true,
    now_ist: '2026-03-02T10:30:00+05:30',
    next_open: open ? '2026-03-02T03:45:00.000Z' : '2026-03-03T03:45:00.000Z',
    next_close: '2026-03-02T10:00:00.000Z',
    holidays_known: true,
    simulated_session_open: false,
    feed: { source: 'simulated', connection: 'connected', last_tick_at: '2026-03-02T05:00:00.000Z' },
    ...overrides,
  });
}

/** NIFTY 50 up 0.62%, SENSEX down 0.37%, Bank NIFTY up 1.01%. */
export const makeMarketOverview = fixture(MarketOverview, 'MarketOverview', {
  indices: {
    NIFTY_50: {
      name: 'NIFTY 50',
      exchange: 'NSE',
      value: 24_350.5,
      previous_close: 24_200,
      change: 150.5,
      change_percent: 0.6219,
    },
    SENSEX: {
      name: 'SENSEX',
      exchange: 'BSE',
      value: 80_100.25,
      previous_close: 80_400,
      change: -299.75,
      change_percent: -0.3728,
    },
    BANK_NIFTY: {
      name: 'Bank NIFTY',
      exchange: 'NSE',
      value: 52_000,
      previous_close: 51_480,
      change: 520,
      change_percent: 1.0101,
    },
  },
  data_source: 'simulated',
  as_of: '2026-11-20T09:45:00.000Z',
});
