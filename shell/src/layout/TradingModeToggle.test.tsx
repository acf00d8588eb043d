/**
 * The sidebar's trading-mode toggle (specification part 2, sections 2, 4, 7 and 8): confirmation
 * before real money, none back to paper, disabled while switching, the success alerts and the two
 * failure texts.
 */
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { errorBody, http, HttpResponse, setupServer } from '@nivesh/api-client/testing';
import { toaster } from '@nivesh/ui';
import { defaultHandlers, openSidebar, renderLayout, tradingModeBody } from './layoutTestSupport';

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

/** Answers GET /api/trading/mode with `initial`, and POST with the requested mode, recording each body. */
function modeServer(initial: 'live' | 'paper') {
  const posted: unknown[] = [];
  let mode: 'live' | 'paper' = initial;
  server.use(
    http.get('/api/trading/mode', () => HttpResponse.json(tradingModeBody(mode))),
    http.post('/api/trading/mode', async ({ request }) => {
      const body = (await request.json()) as { mode: string };
      posted.push(body);
      mode = body.mode === 'real' ? 'live' : 'paper';
      return HttpResponse.json(tradingModeBody(mode));
    }),
  );
  return posted;
}

async function renderToggle() {
  const rendered = renderLayout();
  await openSidebar(rendered.user);
  await waitFor(() => expect(modeSwitch()).toBeEnabled());
  return rendered;
}

function modeSwitch() {
  return screen.getByRole('checkbox', { name: 'Real trading' });
}

describe('the trading-mode toggle', () => {
  it('shows the current mode from the server', async () => {
    modeServer('paper');
    await renderToggle();
    expect(modeSwitch()).not.toBeChecked();
    expect(screen.getByTestId('trading-mode-label')).toHaveTextContent('Paper');
  });

  it('asks for confirmation before real trading; Cancel leaves paper mode unchanged', async () => {
    const posted = modeServer('paper');
    const { user } = await renderToggle();

    await user.click(modeSwitch());
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Switch to Real Trading?')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Real-money trades will execute.');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(modeSwitch()).not.toBeChecked();
    expect(screen.getByTestId('trading-mode-label')).toHaveTextContent('Paper');
    expect(posted).toEqual([]);
  });

  it('switches to real after confirmation, shows the real alert and the live banner', async () => {
    const posted = modeServer('paper');
    const { user } = await renderToggle();

    await user.click(modeSwitch());
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Switch to Real Trading' }));

    expect(await screen.findByText(REAL_ALERT)).toBeInTheDocument();
    expect(posted).toEqual([{ mode: 'real' }]);
    await waitFor(() => expect(modeSwitch()).toBeChecked());
    expect(screen.getByTestId('trading-mode-label')).toHaveTextContent('Real');
    expect(screen.getByText('LIVE TRADING ACTIVE')).toBeInTheDocument();
  });

  it('switches from real to paper without a dialog and shows the paper alert', async () => {
    const posted = modeServer('live');
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
    server.use(
      http.get('/api/trading/mode', () => HttpResponse.json(tradingModeBody('live'))),
      http.post('/api/trading/mode', async () => {
        await answered;
        return HttpResponse.json(tradingModeBody('paper'));
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

  it("says 'Failed to change trading mode. Please try again.' when the server refuses, and keeps the mode", async () => {
    server.use(
      http.post('/api/trading/mode', () =>
        HttpResponse.json(errorBody('No valid broker token'), { status: 409 }),
      ),
    );
    const { user } = await renderToggle();
    await user.click(modeSwitch());
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Switch to Real Trading' }),
    );

    expect(await screen.findByText('Failed to change trading mode. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('No valid broker token')).toBeInTheDocument();
    expect(screen.queryByText(REAL_ALERT)).not.toBeInTheDocument();
    expect(modeSwitch()).not.toBeChecked();
    expect(screen.queryByText('LIVE TRADING ACTIVE')).not.toBeInTheDocument();
  });

  it("says 'Error: Could not change trading mode.' when the server cannot be reached", async () => {
    server.use(
      http.get('/api/trading/mode', () => HttpResponse.json(tradingModeBody('live'))),
      http.post('/api/trading/mode', () => HttpResponse.error()),
    );
    const { user } = renderLayout();
    await openSidebar(user);
    await waitFor(() => expect(modeSwitch()).toBeChecked());

    await user.click(modeSwitch());
    expect(await screen.findByText('Error: Could not change trading mode.')).toBeInTheDocument();
    expect(screen.queryByText(PAPER_ALERT)).not.toBeInTheDocument();
    expect(modeSwitch()).toBeChecked();
  });

  it('is disabled and says so when the current mode cannot be read', async () => {
    server.use(
      http.get('/api/trading/mode', () => HttpResponse.json(errorBody('Internal error'), { status: 500 })),
    );
    const { user } = renderLayout();
    await openSidebar(user);
    expect(await screen.findByText('Mode unavailable')).toBeInTheDocument();
    expect(modeSwitch()).toBeDisabled();
  });
});
