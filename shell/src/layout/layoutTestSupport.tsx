/**
 * Test support for the layout's tests: answers of the calls the shell makes (contract shapes), a
 * default server as it is today (quick stats and portfolio not connected: 503), and a render of the
 * layout with a page in its outlet.
 */
import { Route, Routes } from 'react-router-dom';
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type {
  Holding,
  MarketPhase,
  MarketStatusResponse,
  PortfolioOverview,
  QuickStats,
  TradingMode,
  TradingModeResponse,
} from '@nivesh/api-contract';
import { TRADING_MODE_LABELS } from '@nivesh/api-contract';
import {
  errorBody,
  http,
  HttpResponse,
  renderWithProviders,
  type RenderOptions,
} from '@nivesh/api-client/testing';
import { Layout } from './Layout';

export function tradingModeBody(mode: TradingMode): TradingModeResponse {
  return {
    success: true,
    mode,
    trading_mode: mode,
    trading_mode_label: TRADING_MODE_LABELS[mode],
    current_mode: mode,
    current_mode_label: TRADING_MODE_LABELS[mode],
    updated_at: '2026-03-02T04:00:00.000Z',
    message: `Trading mode is ${TRADING_MODE_LABELS[mode]}`,
  };
}

export function marketStatusBody(status: MarketPhase): MarketStatusResponse {
  const open = status === 'OPEN';
  return {
    success: true,
    exchange: 'NSE',
    status,
    is_open: open,
    closed_reason: null,
    holiday_name: null,
    is_trading_day: true,
    now_ist: '2026-03-02T10:30:00+05:30',
    next_open: open ? '2026-03-02T03:45:00.000Z' : '2026-03-03T03:45:00.000Z',
    next_close: '2026-03-02T10:00:00.000Z',
    holidays_known: true,
  };
}

export function overviewBody(overrides: Partial<PortfolioOverview> = {}): {
  success: true;
  data: PortfolioOverview;
} {
  return {
    success: true,
    data: {
      portfolio_value: 1234567,
      total_value: 1234567,
      invested_value: 334567,
      available_balance: 900000,
      day_change: 4321,
      day_change_percent: 0.35,
      active_positions: 3,
      total_returns: 234567,
      total_returns_percent: 23.46,
      unrealized_pnl: 1200,
      realized_pnl: 3121,
      trades_today: 2,
      total_trades: 40,
      trading_mode: 'paper',
      trading_mode_label: TRADING_MODE_LABELS.paper,
      data_source: 'simulated',
      limits_status: null,
      as_of: '2026-03-02T05:00:00.000Z',
      ...overrides,
    },
  };
}

export function quickStatsBody(overrides: Partial<QuickStats> = {}): { success: true; data: QuickStats } {
  return {
    success: true,
    data: {
      active_positions: 4,
      win_rate: 65,
      monthly_return: 2.5,
      connection_status: 'connected',
      data_source: 'simulated',
      ...overrides,
    },
  };
}

export function holdingsBody(holdings: Holding[]): { success: true; data: Holding[] } {
  return { success: true, data: holdings };
}

export const notConnected = (service: string) =>
  HttpResponse.json(errorBody(`The ${service} service is not connected on this server.`), { status: 503 });

/** The server as it answers today: paper mode, market open, quick stats and portfolio not connected. */
export const defaultHandlers = [
  http.get('/api/trading/mode', () => HttpResponse.json(tradingModeBody('paper'))),
  http.get('/api/market/status', () => HttpResponse.json(marketStatusBody('OPEN'))),
  http.get('/api/portfolio/overview', () => notConnected('portfolio')),
  http.get('/api/portfolio/holdings', () => notConnected('portfolio')),
  http.get('/api/quick-stats', () => notConnected('portfolio')),
  http.post('/api/auth/logout', () => HttpResponse.json({ success: true, message: 'Signed out' })),
];

export const PAGE_TEXT = 'The page in the outlet';

/** The layout at `route`, with a page in its outlet (the layout slice is injected by importing the store). */
export function renderLayout(options: RenderOptions = {}) {
  return renderWithProviders(
    <Routes>
      <Route element={<Layout />}>
        <Route path="*" element={<h1>{PAGE_TEXT}</h1>} />
      </Route>
    </Routes>,
    { route: '/dashboard', ...options },
  );
}

/** Opens the sidebar drawer (the layout renders as on a small screen in jsdom) once the page is up. */
export async function openSidebar(user: UserEvent) {
  await screen.findByRole('heading', { name: PAGE_TEXT });
  await user.click(screen.getByRole('button', { name: 'Open menu' }));
}
