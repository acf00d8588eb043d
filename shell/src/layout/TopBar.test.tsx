/**
 * The top bar (specification part 2, sections 2 and 7): market status, portfolio value and daily
 * P&L (or '--' when the data source is not connected), the user menu and Sign Out, colour mode.
 */
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { contract, type MarketPhase, type User } from '@nivesh/api-contract';
import { makeMarketStatus } from '@nivesh/api-contract/testing';
import { HttpResponse, mockRoute, type RenderOptions, setupServer } from '@nivesh/api-client/testing';
import type { UserEvent } from '@testing-library/user-event';
import { defaultHandlers, holdingsBody, overviewBody, PAGE_TEXT, renderLayout } from './layoutTestSupport';

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(30_000);

const server = setupServer(...defaultHandlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function figure(label: 'Portfolio Value' | 'Daily P&L') {
  return screen.getByRole('group', { name: label });
}

/** Opens the user menu from the keyboard and chooses `name` (arrow keys, then Enter). */
async function chooseMenuItem(user: UserEvent, name: string) {
  act(() => screen.getByTestId('user-menu').focus());
  await user.keyboard('{ArrowDown}');
  const items = await screen.findAllByRole('menuitem');
  const target = items.findIndex((item) => item.textContent?.trim() === name);
  expect(target).toBeGreaterThanOrEqual(0);
  await waitFor(() => expect(items[0]).toHaveAttribute('data-highlighted'));
  for (let step = 0; step < target; step += 1) await user.keyboard('{ArrowDown}');
  await waitFor(() => expect(items[target]).toHaveAttribute('data-highlighted'));
  await user.keyboard('{Enter}');
}

async function renderBar(options: RenderOptions = {}) {
  const rendered = renderLayout(options);
  await screen.findByRole('heading', { name: PAGE_TEXT });
  return rendered;
}

describe('market status', () => {
  it("shows an active dot and 'Market Open' while the session is OPEN", async () => {
    await renderBar();
    const status = screen.getByTestId('market-status');
    await waitFor(() => expect(status).toHaveTextContent('Market Open'));
    expect(status).toHaveAttribute('data-active', 'true');
  });

  it.each<MarketPhase>(['CLOSED', 'PRE_OPEN', 'POST_CLOSE'])(
    "shows an inactive dot and 'Market Closed' when the phase is %s",
    async (phase) => {
      server.use(mockRoute(contract.market.status, () => makeMarketStatus(phase)));
      await renderBar();
      const status = screen.getByTestId('market-status');
      await waitFor(() => expect(status).toHaveTextContent('Market Closed'));
      expect(status).toHaveAttribute('data-active', 'false');
    },
  );

  it('says in words that the simulated session is open while NSE is closed, with an active dot', async () => {
    server.use(
      mockRoute(contract.market.status, () =>
        makeMarketStatus('OPEN', {
          exchange_status: 'CLOSED',
          closed_reason: 'weekend',
          simulated_session_open: true,
        }),
      ),
    );
    await renderBar();
    const status = screen.getByTestId('market-status');
    await waitFor(() => expect(status).toHaveTextContent('Simulated session open (NSE closed)'));
    expect(status).not.toHaveTextContent('Market Closed');
    expect(status).toHaveAttribute('data-active', 'true');
    expect(status).toHaveAttribute('title', expect.stringContaining('NSE closed · weekend'));
  });

  it('does not claim open or closed when the status cannot be read', async () => {
    server.use(mockRoute(contract.market.status, () => HttpResponse.error()));
    await renderBar();
    const status = screen.getByTestId('market-status');
    await waitFor(() => expect(status).toHaveTextContent('Market status unavailable'));
    expect(status).toHaveAttribute('data-active', 'false');
  });
});

describe('portfolio value and daily P&L', () => {
  it('shows rupees in en-IN format and a gain with a plus sign in green', async () => {
    server.use(
      mockRoute(contract.portfolio.overview, () =>
        HttpResponse.json(
          overviewBody({ portfolio_value: 1234567, day_change: 4321.4, day_change_percent: 0.35 }),
        ),
      ),
    );
    await renderBar();
    await waitFor(() => expect(figure('Portfolio Value')).toHaveTextContent('₹12,34,567'));
    const pnl = within(figure('Daily P&L')).getByText('+₹4,321').parentElement;
    expect(pnl).toHaveAttribute('data-tone', 'gain');
    expect(pnl).toHaveTextContent('(+0.35%)');
    expect(within(figure('Daily P&L')).getByText('after charges')).toBeInTheDocument();
  });

  it('shows a loss with a minus sign in red', async () => {
    server.use(
      mockRoute(contract.portfolio.overview, () =>
        overviewBody({ day_change: -25000, day_change_percent: -2.1 }),
      ),
    );
    await renderBar();
    const pnl = (await within(figure('Daily P&L')).findByText('-₹25,000')).parentElement;
    expect(pnl).toHaveAttribute('data-tone', 'loss');
    expect(pnl).toHaveTextContent('(-2.10%)');
  });

  it('shows no change as +₹0 (plus sign for non-negative)', async () => {
    server.use(
      mockRoute(contract.portfolio.overview, () => overviewBody({ day_change: 0, day_change_percent: 0 })),
    );
    await renderBar();
    const pnl = (await within(figure('Daily P&L')).findByText('+₹0')).parentElement;
    expect(pnl).toHaveAttribute('data-tone', 'gain');
  });

  it('moves both figures with the live price of a held symbol', async () => {
    const asOf = '2026-03-02T05:00:00.000Z';
    server.use(
      mockRoute(contract.portfolio.overview, () =>
        HttpResponse.json(
          overviewBody({ portfolio_value: 1234567, day_change: 4321, day_change_percent: 0.35, as_of: asOf }),
        ),
      ),
      mockRoute(contract.portfolio.holdings, () =>
        HttpResponse.json(
          holdingsBody([
            {
              symbol: 'INFY',
              name: 'Infosys Ltd',
              quantity: 100,
              avg_price: 1500,
              current_price: 1550,
              market_value: 155000,
              total_returns: 5000,
              total_returns_percent: 3.33,
              pnl_basis: 'after_charges',
              day_change_percent: 0.5,
              product: 'CNC',
            },
          ]),
        ),
      ),
    );
    const { tickServer } = await renderBar();
    await waitFor(() => expect(figure('Portfolio Value')).toHaveTextContent('₹12,34,567'));
    await tickServer.following(['INFY']);
    // INFY 1,550 -> 1,560 on 100 shares: +₹1,000 on the value and on the day's P&L, whose base is
    // the value at the previous close (12,34,567 - 4,321): 0.35% + 1,000 / 12,30,246 = +0.43%.
    tickServer.publish([
      {
        symbol: 'INFY',
        ltp: 1560,
        previous_close: 1542.3,
        change: 17.7,
        change_percent: 1.15,
        volume: 1000,
        ts: Date.parse(asOf) + 1000,
      },
    ]);
    expect(figure('Portfolio Value')).toHaveTextContent('₹12,35,567');
    const pnl = within(figure('Daily P&L')).getByText('+₹5,321').parentElement;
    expect(pnl).toHaveTextContent('(+0.43%)');
    expect(pnl).toHaveAttribute('data-tone', 'gain');
  });

  it("shows '--' and says the data source is not connected when the portfolio answers 503", async () => {
    await renderBar();
    for (const label of ['Portfolio Value', 'Daily P&L'] as const) {
      const missing = await within(figure(label)).findByText('--');
      expect(missing).toHaveAttribute('title', 'Data source not connected');
      expect(missing).toHaveAccessibleName('-- (Data source not connected)');
    }
    expect(screen.queryByText(/₹/)).not.toBeInTheDocument();
  });

  it("shows '--' when the server cannot be reached", async () => {
    server.use(mockRoute(contract.portfolio.overview, () => HttpResponse.error()));
    await renderBar();
    await waitFor(() =>
      expect(within(figure('Portfolio Value')).getByText('--')).toHaveAttribute(
        'title',
        'Data source not connected',
      ),
    );
  });
});

describe('the user menu', () => {
  const session = (user: User) => ({ token: 'a-session-token', user });

  it.each([
    [{ name: 'Asha Rao', username: 'asha', email: 'asha@example.in' }, 'Asha Rao', 'asha@example.in'],
    [{ name: null, username: 'asha', email: 'asha@example.in' }, 'asha', 'asha@example.in'],
    [{ name: null, username: null, email: '' }, 'User', 'Trading Account'],
    [{ name: '', username: '', email: '' }, 'User', 'Trading Account'],
  ] as const)('shows %j as %s / %s', async (user, name, detail) => {
    await renderBar({ session: session({ ...user }) });
    const trigger = screen.getByTestId('user-menu');
    expect(within(trigger).getByText(name)).toBeInTheDocument();
    expect(within(trigger).getByText(detail)).toBeInTheDocument();
  });

  it.each([
    ['Market Insights', '/'],
    ['Settings', '/settings'],
  ])('%s goes to %s', async (item, path) => {
    const { user } = await renderBar();
    await chooseMenuItem(user, item);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^${path}$`)));
  });

  it('Sign Out calls POST /api/auth/logout, clears the session and lands on /login', async () => {
    let loggedOut = 0;
    server.use(
      mockRoute(contract.auth.logout, () => {
        loggedOut += 1;
        return HttpResponse.json({ success: true, message: 'Signed out' });
      }),
    );
    const { user, store } = await renderBar();
    await chooseMenuItem(user, 'Sign Out');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(loggedOut).toBe(1);
    expect(store.getState().session.isAuthenticated).toBe(false);
  });
});

describe('colour mode', () => {
  it('switches between dark (the default) and light', async () => {
    window.localStorage.removeItem('nivesh.color-mode');
    const { user } = await renderBar();
    expect(document.documentElement).toHaveClass('dark');
    await user.click(screen.getByRole('button', { name: 'Switch to light mode' }));
    expect(document.documentElement).toHaveClass('light');
    await user.click(screen.getByRole('button', { name: 'Switch to dark mode' }));
    expect(document.documentElement).toHaveClass('dark');
  });
});
