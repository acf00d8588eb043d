/**
 * Test support for the layout's tests: answers of the calls the shell makes (contract shapes), a
 * default server as it is today (quick stats and portfolio not connected: 503), and a render of the
 * layout with a page in its outlet.
 */
import { Route, Routes } from 'react-router-dom';
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { contract, type Holding, type PortfolioOverview, type QuickStats } from '@nivesh/api-contract';
import {
  makeAutomationStatus,
  makeMarketStatus,
  makePortfolioOverview,
  makeQuickStats,
  makeTradingMode,
  makeTradingModeCheck,
  makeTradingState,
  ok,
} from '@nivesh/api-contract/testing';
import {
  errorBody,
  HttpResponse,
  mockRoute,
  mockRouteError,
  type RenderOptions,
  renderWithProviders,
} from '@nivesh/api-client/testing';
import { Layout } from './Layout';

/** The shell's answers, from the contract's factories (overview and quick stats in the envelope). */

/** ₹12,34,567 in paper mode, three positions, no limit checks. */
export function overviewBody(overrides: Partial<PortfolioOverview> = {}) {
  return ok(
    makePortfolioOverview({
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
      limits_status: null,
      ...overrides,
    }),
  );
}

export const quickStatsBody = (overrides: Partial<QuickStats> = {}) => ok(makeQuickStats(overrides));
export const holdingsBody = (holdings: Holding[]) => ok(holdings);

const NOT_CONNECTED = (service: string) => `The ${service} service is not connected on this server.`;
export const notConnected = (service: string) =>
  HttpResponse.json(errorBody(NOT_CONNECTED(service)), { status: 503 });

/** The server as it answers today: paper mode, market open, quick stats and portfolio not connected. */
export const defaultHandlers = [
  mockRoute(contract.trading.getMode, () => makeTradingMode('paper')),
  // Real trading would be taken: the check before the confirmation passes.
  mockRoute(contract.trading.checkMode, () => makeTradingModeCheck()),
  mockRoute(contract.market.status, () => makeMarketStatus('OPEN')),
  mockRouteError(contract.portfolio.overview, 503, NOT_CONNECTED('portfolio')),
  mockRouteError(contract.portfolio.holdings, 503, NOT_CONNECTED('portfolio')),
  mockRouteError(contract.portfolio.quickStats, 503, NOT_CONNECTED('portfolio')),
  mockRoute(contract.auth.logout, () => ({ success: true, message: 'Signed out' })),
  mockRoute(contract.risk.tradingState, () => ok(makeTradingState())),
  mockRoute(contract.allocation.automation, () =>
    ok(makeAutomationStatus({ enabled: false, next_run_at: null })),
  ),
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
