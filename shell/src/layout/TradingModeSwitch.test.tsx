/**
 * The sidebar's trading-mode switch (the shared one from @nivesh/ui, specification part 2, sections
 * 2, 4, 7 and 8): real money checked with the server before it is confirmed (a refusal said in the
 * dialog with the ways to fix it), confirmation before real money, none back to paper, disabled while switching, the
 * success alerts, one failure sentence (the server's when it sends one), and every account figure
 * of the shell (top bar, quick stats) refetched as soon as the mode changes.
 */
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { contract } from '@nivesh/api-contract';
import { makeTradingMode, makeTradingModeCheck } from '@nivesh/api-contract/testing';
import { HttpResponse, mockRoute, mockRouteError, setupServer } from '@nivesh/api-client/testing';
import { toaster } from '@nivesh/ui';
import {
  defaultHandlers,
  openSidebar,
  overviewBody,
  quickStatsBody,
  renderLayout,
} from './layoutTestSupport';

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(30_000);

const server = setupServer(...defaultHandlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  act(() => toaster.remove());
});
afterAll(() => server.close());

const REAL_ALERT = 'Real Trading Mode Activated! All trades will now be executed with real money.';
const PAPER_ALERT = 'Paper Trading Mode Activated! All trades will be simulated for ML training.';

/** Answers GET /api/trading/mode with the server's mode, and POST by switching it, recording each body. */
function modeServer(initial: 'live' | 'paper') {
  const posted: unknown[] = [];
  const state = { mode: initial };
  server.use(
    mockRoute(contract.trading.getMode, () => makeTradingMode(state.mode)),
    mockRoute(contract.trading.setMode, async ({ request }) => {
      const body = (await request.json()) as { mode: 'live' | 'paper' };
      posted.push(body);
      state.mode = body.mode;
      return HttpResponse.json(makeTradingMode(state.mode));
    }),
  );
  return { posted, state };
}

async function renderSwitch() {
  const rendered = renderLayout();
  await openSidebar(rendered.user);
  await waitFor(() => expect(modeSwitch()).toBeEnabled());
  return rendered;
}

function modeSwitch() {
  return screen.getByRole('checkbox', { name: 'Real trading' });
}

function switchBox() {
  return screen.getByTestId('trading-mode-switch');
}

async function confirmReal(user: ReturnType<typeof renderLayout>['user']) {
  await user.click(modeSwitch());
  const dialog = await screen.findByRole('alertdialog');
  await user.click(within(dialog).getByRole('button', { name: 'Switch to Real Trading' }));
}

async function closeDialog(user: ReturnType<typeof renderLayout>['user']) {
  const dialog = screen.getByRole('alertdialog');
  await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
}

describe('the trading-mode switch', () => {
  it('is the only trading-mode test id in the shell', async () => {
    modeServer('paper');
    await renderSwitch();
    expect(screen.getAllByTestId('trading-mode-switch')).toHaveLength(1);
    expect(screen.queryByTestId('trading-mode')).not.toBeInTheDocument();
    expect(screen.queryByTestId('trading-mode-label')).not.toBeInTheDocument();
  });

  it('shows the current mode from the server', async () => {
    modeServer('paper');
    await renderSwitch();
    expect(modeSwitch()).not.toBeChecked();
    expect(switchBox()).toHaveTextContent('Paper');
  });

  it('asks for confirmation before real trading; Cancel leaves paper mode unchanged', async () => {
    const { posted } = modeServer('paper');
    const { user } = await renderSwitch();

    await user.click(modeSwitch());
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Switch to Real Trading?')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Real-money trades will execute.');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(modeSwitch()).not.toBeChecked();
    expect(switchBox()).toHaveTextContent('Paper');
    expect(posted).toEqual([]);
  });

  it('switches to real after confirmation, shows the real alert and the live banner', async () => {
    const { posted } = modeServer('paper');
    const { user } = await renderSwitch();

    await confirmReal(user);

    expect(await screen.findByText(REAL_ALERT)).toBeInTheDocument();
    expect(posted).toEqual([{ mode: 'live' }]);
    await waitFor(() => expect(modeSwitch()).toBeChecked());
    expect(switchBox()).toHaveTextContent('Real');
    expect(screen.getByText('LIVE TRADING ACTIVE')).toBeInTheDocument();
  });

  it("shows the live account's figures in the top bar and quick stats right after the switch", async () => {
    const { state } = modeServer('paper');
    // The paper and the live account answer with different figures, as the server does.
    server.use(
      mockRoute(contract.portfolio.overview, () =>
        HttpResponse.json(
          state.mode === 'live'
            ? overviewBody({ portfolio_value: 250000, day_change: -1500, trading_mode: 'live' })
            : overviewBody({ portfolio_value: 1000000, day_change: 0 }),
        ),
      ),
      mockRoute(contract.portfolio.quickStats, () =>
        quickStatsBody({ active_positions: state.mode === 'live' ? 9 : 2 }),
      ),
    );
    const { user } = await renderSwitch();
    const portfolioValue = screen.getByRole('group', { name: 'Portfolio Value' });
    const stats = screen.getByRole('region', { name: 'Quick stats' });
    await waitFor(() => expect(portfolioValue).toHaveTextContent('₹10,00,000'));
    await waitFor(() => expect(stats).toHaveTextContent('Active Positions2'));

    await confirmReal(user);

    // Both poll every 30 s or more: only the switch's invalidation brings the live figures this soon.
    await waitFor(() => expect(portfolioValue).toHaveTextContent('₹2,50,000'));
    expect(screen.getByRole('group', { name: 'Daily P&L' })).toHaveTextContent('-₹1,500');
    await waitFor(() => expect(stats).toHaveTextContent('Active Positions9'));
    expect(screen.getByText('LIVE TRADING ACTIVE')).toBeInTheDocument();
  });

  it('switches from real to paper without a dialog and shows the paper alert', async () => {
    const { posted } = modeServer('live');
    const { user } = renderLayout();
    await openSidebar(user);
    await waitFor(() => expect(modeSwitch()).toBeChecked());
    expect(screen.getByText('LIVE TRADING ACTIVE')).toBeInTheDocument();

    await user.click(modeSwitch());
    expect(await screen.findByText(PAPER_ALERT)).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(posted).toEqual([{ mode: 'paper' }]);
    await waitFor(() => expect(modeSwitch()).not.toBeChecked());
    expect(screen.queryByText('LIVE TRADING ACTIVE')).not.toBeInTheDocument();
  });

  it('is disabled while the switch is on its way', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    let mode: 'live' | 'paper' = 'live';
    server.use(
      mockRoute(contract.trading.getMode, () => makeTradingMode(mode)),
      mockRoute(contract.trading.setMode, async () => {
        await answered;
        mode = 'paper';
        return HttpResponse.json(makeTradingMode('paper'));
      }),
    );
    const { user } = renderLayout();
    await openSidebar(user);
    await waitFor(() => expect(modeSwitch()).toBeEnabled());

    await user.click(modeSwitch());
    await waitFor(() => expect(modeSwitch()).toBeDisabled());
    expect(screen.getByText('Switching mode...')).toBeInTheDocument();

    answer();
    expect(await screen.findByText(PAPER_ALERT)).toBeInTheDocument();
    await waitFor(() => expect(modeSwitch()).toBeEnabled());
  });

  it('checks for a usable broker token before asking to confirm real money, and says in the dialog why not and how to fix it', async () => {
    const reason =
      'Live trading needs a valid Upstox access token. No Upstox access token is stored: paste one or connect Upstox.';
    const { posted } = modeServer('paper');
    server.use(
      mockRoute(contract.trading.checkMode, () => makeTradingModeCheck({ reason, needs_token: true })),
    );
    const { user } = await renderSwitch();

    await user.click(modeSwitch());
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Real trading cannot be switched on')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(reason);
    // Never the real-money question when the switch would be refused.
    expect(dialog).not.toHaveTextContent('Real-money trades will execute.');
    expect(within(dialog).queryByRole('button', { name: 'Switch to Real Trading' })).not.toBeInTheDocument();
    expect(
      within(dialog).getByRole('link', {
        name: "Paste a new Upstox access token on the Dashboard's broker panel",
      }),
    ).toHaveAttribute('href', '/dashboard');
    expect(
      within(dialog).getByRole('link', { name: 'Connect Upstox in Settings › Data Sources' }),
    ).toHaveAttribute('href', '/settings?tab=data-sources');
    // Said once, in the dialog: not again in small print under the switch.
    expect(within(switchBox()).queryByRole('alert')).not.toBeInTheDocument();
    expect(posted).toEqual([]);

    await closeDialog(user);
    expect(modeSwitch()).not.toBeChecked();
    expect(switchBox()).toHaveTextContent('Paper');
  });

  it('says in the dialog when the switch is refused after the confirmation (Upstox refused the token meanwhile)', async () => {
    const refusal =
      'Upstox refused the access token (UDAPI100050), so live trading was not switched on. Update the Upstox access token in Settings › Data Sources.';
    server.use(
      mockRoute(contract.trading.setMode, () =>
        HttpResponse.json(
          { success: false, error: refusal, message: refusal, token_state: 'invalid' },
          { status: 409 },
        ),
      ),
    );
    const { user } = await renderSwitch();
    await confirmReal(user);

    const dialog = await screen.findByRole('alertdialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
    expect(
      within(dialog).getByRole('link', { name: 'Connect Upstox in Settings › Data Sources' }),
    ).toBeInTheDocument();
    expect(screen.getAllByText(refusal)).toHaveLength(1);
    expect(screen.queryByText(REAL_ALERT)).not.toBeInTheDocument();
    await closeDialog(user);
    expect(modeSwitch()).not.toBeChecked();
    expect(switchBox()).toHaveTextContent('Paper');
    expect(screen.queryByText('LIVE TRADING ACTIVE')).not.toBeInTheDocument();
  });

  it("says the server's 503 sentence in the dialog when Upstox cannot be asked, with no fix but trying again", async () => {
    const unreachable =
      'Live trading was not switched on: the access token could not be checked with Upstox. Upstox did not answer. Paper trading continues; try again in a moment.';
    server.use(mockRouteError(contract.trading.setMode, 503, unreachable));
    const { user } = await renderSwitch();
    await confirmReal(user);

    const dialog = await screen.findByRole('alertdialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(unreachable);
    expect(within(dialog).queryByRole('link')).not.toBeInTheDocument();
    await closeDialog(user);
    expect(modeSwitch()).not.toBeChecked();
  });

  it("says 'Error: Could not change trading mode.' when the server cannot be reached", async () => {
    server.use(
      mockRoute(contract.trading.getMode, () => makeTradingMode('live')),
      mockRoute(contract.trading.setMode, () => HttpResponse.error()),
    );
    const { user } = renderLayout();
    await openSidebar(user);
    await waitFor(() => expect(modeSwitch()).toBeChecked());

    await user.click(modeSwitch());
    expect(await within(switchBox()).findByRole('alert')).toHaveTextContent(
      'Error: Could not change trading mode.',
    );
    expect(screen.queryByText(PAPER_ALERT)).not.toBeInTheDocument();
    expect(modeSwitch()).toBeChecked();
  });

  it("says 'Failed to change trading mode. Please try again.' when the server fails without a sentence", async () => {
    server.use(mockRouteError(contract.trading.setMode, 500, 'Internal server error'));
    const { user } = await renderSwitch();
    await confirmReal(user);

    const dialog = await screen.findByRole('alertdialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to change trading mode. Please try again.',
    );
    await closeDialog(user);
    expect(modeSwitch()).not.toBeChecked();
  });

  it('is disabled and says so when the current mode cannot be read', async () => {
    server.use(mockRouteError(contract.trading.getMode, 500, 'Internal error'));
    const { user } = renderLayout();
    await openSidebar(user);
    expect(await screen.findByText('Mode unavailable')).toBeInTheDocument();
    expect(modeSwitch()).toBeDisabled();
  });
});
