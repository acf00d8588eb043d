import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { contract, type ResearchAnalysis, type ResponseOf } from '@nivesh/api-contract';
import { makeTradingMode } from '@nivesh/api-contract/testing';
import {
  delay,
  errorBody,
  HttpResponse,
  mockRoute,
  mockRouteError,
  renderWithProviders,
  setupServer,
} from '@nivesh/api-client/testing';
import ResearchPage from './ResearchPage';
import { DiagnosticsDialog } from './DiagnosticsDialog';

const ANALYSIS: ResearchAnalysis = {
  market_sentiment: 'Bullish',
  trend_direction: 'Uptrend',
  volatility_level: 'Moderate',
  opportunities: 2,
  recommendations: [
    {
      symbol: 'RELIANCE',
      signal: 'BUY',
      confidence: 0.78,
      target: 3125.5,
      risk: 'Medium',
      reasoning: 'Breakout above 50-day high',
    },
    { symbol: 'INFY', signal: 'SELL', confidence: 0.64, target: 1410, risk: 'High' },
    { symbol: 'TCS', signal: 'HOLD', confidence: 0.51, target: 4020, risk: 'Low' },
  ],
  trend_analysis: {
    index: 'NIFTY 50',
    from_month: '2021-11',
    to_month: '2026-11',
    monthly_closes: [
      { month: '2021-11', close: 16983.2 },
      { month: '2022-06', close: 15780.25 },
      { month: '2026-11', close: 24350.75 },
    ],
    yearly_returns: [
      { year: 2022, return_pct: 4.3 },
      { year: 2023, return_pct: 20.03 },
      { year: 2024, return_pct: 8.8 },
      { year: 2025, return_pct: -1.2 },
      { year: 2026, return_pct: 6.4 },
    ].map((row, index) => ({ ...row, partial: index === 4 })),
    total_return_pct: 43.38,
    cagr_pct: 7.48,
    max_drawdown_pct: -15.77,
  },
  as_of: '2026-11-20T10:00:00.000Z',
  data_source: 'simulated',
};

const HEALTH: ResponseOf<typeof contract.ops.health> = { status: 'ok', version: '1.4.0', uptime: 3725 };
const health = mockRoute(contract.ops.health, () => HEALTH);
const analysisOk = mockRoute(contract.research.analysis, () => ({ success: true, data: ANALYSIS }));
const notConnected = (text: string) => HttpResponse.json(errorBody(text), { status: 503 });

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  jest.useRealTimers();
  // A dialog left open when a test ends keeps the page inert (Ark sets pointer-events on body).
  document.body.style.pointerEvents = '';
});
afterAll(() => server.close());
jest.setTimeout(30_000);

/** Lets msw answer and React render while fake timers are installed. */
async function advance(ms: number) {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
}

describe('ResearchPage, connected', () => {
  it('shows sentiment, opportunities, volatility, the 5-year trend and the signals', async () => {
    server.use(health, analysisOk);
    renderWithProviders(<ResearchPage />, { route: '/research' });

    expect(screen.getByRole('heading', { name: 'Research & Analysis' })).toBeInTheDocument();
    expect(await screen.findByText('Bullish')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Market Sentiment' })).toHaveTextContent('Trend: Uptrend');
    expect(screen.getByRole('group', { name: 'Opportunities' })).toHaveTextContent('2');
    expect(screen.getByRole('group', { name: 'Volatility' })).toHaveTextContent('Moderate');
    expect(screen.getByText('Simulated market')).toBeInTheDocument();
    expect(await screen.findByLabelText('Connection: Connected')).toBeInTheDocument();

    expect(screen.getByText(/NIFTY 50, month-end closes, Nov 2021 – Nov 2026/)).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'CAGR' })).toHaveTextContent('+7.48%');
    expect(screen.getByRole('group', { name: 'Total return' })).toHaveTextContent('+43.38%');
    expect(screen.getByRole('group', { name: 'Max drawdown' })).toHaveTextContent('-15.77%');
    expect(screen.getByRole('group', { name: 'Latest close' })).toHaveTextContent('24,350.75');
    expect(screen.getByRole('img', { name: 'NIFTY 50 month-end closes over 1 year' })).toBeInTheDocument();
    const years = screen.getByTestId('yearly-returns');
    expect(within(years).getByText('2025')).toBeInTheDocument();
    expect(within(years).getByText('-1.2%')).toBeInTheDocument();
    expect(within(years).getByText('2026 YTD')).toBeInTheDocument();

    const table = screen.getByRole('table', { name: 'AI trading signals' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Symbol', 'Signal', 'Confidence', 'Target', 'Risk']);
    const reliance = within(table).getByText('RELIANCE').closest('tr')!;
    expect(within(reliance).getByText('BUY')).toHaveAttribute('data-palette', 'green');
    expect(reliance).toHaveTextContent('78%');
    expect(reliance).toHaveTextContent('₹3,125.50');
    expect(reliance).toHaveTextContent('Medium');
    expect(reliance).toHaveTextContent('Breakout above 50-day high');
    const infy = within(table).getByText('INFY').closest('tr')!;
    expect(within(infy).getByText('SELL')).toHaveAttribute('data-palette', 'red');
    expect(within(within(table).getByText('TCS').closest('tr')!).getByText('HOLD')).toHaveAttribute(
      'data-palette',
      'gray',
    );
  });

  it('says so when there is not enough history for the trend, or no signals', async () => {
    server.use(
      health,
      mockRoute(contract.research.analysis, () => ({
        success: true,
        data: {
          ...ANALYSIS,
          trend_analysis: null,
          recommendations: [],
          opportunities: 0,
          volatility_level: 'Unknown',
        },
      })),
    );
    renderWithProviders(<ResearchPage />);
    expect(await screen.findByText('Not enough price history yet')).toBeInTheDocument();
    expect(screen.getByText('No trading signals right now')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Volatility' })).toHaveTextContent(
      'Not enough price history to measure',
    );
  });
});

describe('ResearchPage, failures', () => {
  it("shows 'Data source not connected - Check Upstox connection' on 503, with no figures", async () => {
    server.use(
      health,
      mockRoute(contract.research.analysis, () =>
        notConnected('The research service is not connected on this server.'),
      ),
    );
    renderWithProviders(<ResearchPage />);
    expect(
      await screen.findByText('Data source not connected - Check Upstox connection'),
    ).toBeInTheDocument();
    expect(screen.getByText('The research service is not connected on this server.')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Market Sentiment' })).toHaveTextContent('--');
    expect(screen.getByRole('group', { name: 'Opportunities' })).toHaveTextContent('--');
    expect(screen.getByRole('group', { name: 'Volatility' })).toHaveTextContent('--');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByTestId('retry-status')).toHaveTextContent(
      'Retrying automatically in 2 s (retry 1 of 3).',
    );
    // One query-state rule: the server answers its health check, the research data does not, so
    // the page does not say Connected beside 'Data source not connected'.
    expect(await screen.findByLabelText('Connection: Partially connected')).toBeInTheDocument();
    expect(screen.queryByLabelText('Connection: Connected')).not.toBeInTheDocument();
  });

  it("shows 'Research service not connected' when the service fails, and 'Research data not available' when it answers without data", async () => {
    server.use(health, mockRouteError(contract.research.analysis, 500, 'boom'));
    const first = renderWithProviders(<ResearchPage />);
    expect(
      await screen.findByText('Research service not connected', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    first.unmount();

    server.use(mockRouteError(contract.research.analysis, 404, 'No analysis has been computed yet'));
    renderWithProviders(<ResearchPage />);
    expect(await screen.findByText('Research data not available')).toBeInTheDocument();
    expect(screen.getByText('No analysis has been computed yet')).toBeInTheDocument();
  });

  it('retries after 2 s, 4 s and 8 s, then stops and offers the diagnostics', async () => {
    jest.useFakeTimers();
    const calls: number[] = [];
    const start = Date.now();
    server.use(
      health,
      mockRoute(contract.management.serverStatus, () =>
        notConnected('The operations service is not connected on this server.'),
      ),
      mockRouteError(contract.trading.getMode, 503, 'not connected'),
      mockRoute(contract.research.analysis, () => {
        calls.push(Date.now() - start);
        return notConnected('The research service is not connected on this server.');
      }),
    );
    renderWithProviders(<ResearchPage />);
    await advance(10);
    expect(calls).toHaveLength(1);

    await advance(1980);
    expect(calls).toHaveLength(1);
    await advance(30);
    expect(calls).toHaveLength(2);

    await advance(3950);
    expect(calls).toHaveLength(2);
    await advance(60);
    expect(calls).toHaveLength(3);

    await advance(7950);
    expect(calls).toHaveLength(3);
    await advance(60);
    expect(calls).toHaveLength(4);

    await advance(120_000);
    expect(calls).toHaveLength(4);
    const gaps = calls.slice(1).map((at, index) => at - calls[index]!);
    gaps.forEach((gap, index) => expect(gap).toBeGreaterThanOrEqual([2000, 4000, 8000][index]!));
    gaps.forEach((gap, index) => expect(gap).toBeLessThan([2000, 4000, 8000][index]! + 100));

    expect(screen.getByTestId('retry-status')).toHaveTextContent(
      'Automatic retries stopped after 3 attempts.',
    );
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Open System Diagnostics' }));
    expect(await screen.findByRole('dialog', { name: 'System Diagnostics & Control' })).toBeInTheDocument();

    // A manual retry loads at once.
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await advance(10);
    expect(calls).toHaveLength(5);
  });

  it('checks the server connection every 30 s', async () => {
    jest.useFakeTimers();
    let healthChecks = 0;
    server.use(
      analysisOk,
      mockRoute(contract.ops.health, () => {
        healthChecks += 1;
        // The second check and the api client's one retry of it find the server unreachable.
        return healthChecks === 2 || healthChecks === 3 ? HttpResponse.error() : HttpResponse.json(HEALTH);
      }),
    );
    renderWithProviders(<ResearchPage />);
    await advance(100);
    expect(healthChecks).toBe(1);
    expect(screen.getByLabelText('Connection: Connected')).toBeInTheDocument();
    await advance(29_700);
    expect(healthChecks).toBe(1);
    await advance(400);
    expect(healthChecks).toBe(2);
    await advance(5_000);
    expect(healthChecks).toBe(3);
    expect(screen.getByLabelText('Connection: Disconnected')).toBeInTheDocument();
    // The next check comes 30 s after the last answer.
    await advance(24_000);
    expect(healthChecks).toBe(3);
    await advance(6_000);
    expect(healthChecks).toBe(4);
    expect(screen.getByLabelText('Connection: Connected')).toBeInTheDocument();
  });
});

describe('System Diagnostics & Control', () => {
  const status = mockRoute(contract.management.serverStatus, () => ({
    success: true,
    main_server_healthy: true,
    main_server_pid: 4242,
    uptime: 3725,
    version: '1.4.0',
    started_at: '2026-11-20T09:00:00.000Z',
  }));
  const modeAnswer = (mode: 'paper' | 'mock') => makeTradingMode(mode, { updated_at: null, message: 'ok' });

  async function openDiagnostics(user: ReturnType<typeof userEvent.setup>) {
    await user.click(screen.getByRole('button', { name: 'System Diagnostics' }));
    return screen.findByRole('dialog', { name: 'System Diagnostics & Control' });
  }

  it('shows the server status, and switches mock mode on and back to paper', async () => {
    const posted: unknown[] = [];
    let mode: 'paper' | 'mock' = 'paper';
    server.use(
      health,
      analysisOk,
      status,
      mockRoute(contract.trading.getMode, () => modeAnswer(mode)),
      mockRoute(contract.trading.setMode, async ({ request }) => {
        const body = (await request.json()) as { mode: 'paper' | 'mock' };
        posted.push(body);
        mode = body.mode;
        return HttpResponse.json(modeAnswer(mode));
      }),
    );
    const { user } = renderWithProviders(<ResearchPage />);
    const dialog = await openDiagnostics(user);

    expect(await within(dialog).findByText('PID 4242, up 1 h 2 min')).toBeInTheDocument();
    expect(within(dialog).getByText('Healthy')).toBeInTheDocument();
    expect(within(dialog).getByText('v1.4.0, up 1 h 2 min')).toBeInTheDocument();
    const modeBox = within(dialog).getByTestId('trading-mode-switch');
    await waitFor(() => expect(modeBox).toHaveAttribute('data-mode', 'paper'));
    expect(modeBox).toHaveTextContent('Paper');

    const mock = within(dialog).getByRole('checkbox', { name: 'Mock mode' });
    expect(mock).not.toBeChecked();
    await user.click(mock);
    await waitFor(() => expect(modeBox).toHaveAttribute('data-mode', 'mock'));
    expect(modeBox).toHaveTextContent('Mock');
    expect(mock).toBeChecked();
    // Mock mode is not real money: no confirmation.
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await user.click(mock);
    await waitFor(() => expect(modeBox).toHaveAttribute('data-mode', 'paper'));
    expect(posted).toEqual([{ mode: 'mock' }, { mode: 'paper' }]);
  });

  it("shows the server's sentence in the switch when the switch fails, and keeps the mode", async () => {
    server.use(
      health,
      analysisOk,
      status,
      mockRoute(contract.trading.getMode, () => modeAnswer('paper')),
      mockRouteError(contract.trading.setMode, 409, 'Close open positions first'),
    );
    const { user } = renderWithProviders(<ResearchPage />);
    const dialog = await openDiagnostics(user);
    const modeBox = within(dialog).getByTestId('trading-mode-switch');
    await waitFor(() => expect(within(dialog).getByRole('checkbox', { name: 'Mock mode' })).toBeEnabled());
    await user.click(within(dialog).getByRole('checkbox', { name: 'Mock mode' }));
    expect(await within(modeBox).findByRole('alert')).toHaveTextContent('Close open positions first');
    expect(modeBox).toHaveAttribute('data-mode', 'paper');
    expect(within(dialog).getByRole('checkbox', { name: 'Mock mode' })).not.toBeChecked();
  });

  it('restarts the server, then checks health every 2 s until a fresh process answers', async () => {
    jest.useFakeTimers();
    let restartedAt: number | null = null;
    const probes: number[] = [];
    server.use(
      analysisOk,
      status,
      mockRoute(contract.trading.getMode, () => modeAnswer('paper')),
      mockRoute(contract.management.restartServer, () => {
        restartedAt = Date.now();
        return HttpResponse.json({ success: true, message: 'Restart scheduled.' });
      }),
      mockRoute(contract.ops.health, () => {
        if (restartedAt === null) return HttpResponse.json(HEALTH);
        if (probes.length === 4) return HttpResponse.json({ ...HEALTH, uptime: 10 }); // the dialog's own refresh
        probes.push(Date.now() - restartedAt);
        // Down for three checks, then the new process answers.
        if (probes.length <= 3) return HttpResponse.error();
        return HttpResponse.json({ ...HEALTH, uptime: 2 });
      }),
    );
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderWithProviders(<ResearchPage />);
    await advance(10);
    const dialog = await openDiagnostics(user);
    await user.click(within(dialog).getByRole('button', { name: 'Restart Server' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm restart' }));
    await advance(10);
    expect(restartedAt).not.toBeNull();
    expect(within(dialog).getByTestId('restart-progress')).toHaveTextContent(
      'Restart scheduled. Waiting for the server (check 1 of 20)...',
    );
    expect(probes).toHaveLength(0);

    await advance(2000);
    expect(probes).toHaveLength(1);
    await advance(2000);
    expect(probes).toHaveLength(2);
    expect(within(dialog).getByTestId('restart-progress')).toHaveTextContent('check 3 of 20');
    await advance(4000);
    expect(probes).toHaveLength(4);
    expect(within(dialog).getByTestId('restart-progress')).toHaveTextContent(
      'Server restarted: version 1.4.0, up 2 s (after 4 checks).',
    );
    const gaps = probes.map((at, index) => at - (probes[index - 1] ?? 0));
    gaps.forEach((gap) => expect(gap).toBeGreaterThanOrEqual(2000));
    gaps.forEach((gap) => expect(gap).toBeLessThan(2100));
  });

  it('gives up after 20 checks, each cut off after 3 s', async () => {
    jest.useFakeTimers();
    let restarted = false;
    let probes = 0;
    server.use(
      analysisOk,
      status,
      mockRoute(contract.trading.getMode, () => modeAnswer('paper')),
      mockRoute(contract.management.restartServer, () => {
        restarted = true;
        return HttpResponse.json({ success: true, message: 'Restart scheduled.' });
      }),
      mockRoute(contract.ops.health, async () => {
        if (!restarted) return HttpResponse.json(HEALTH);
        probes += 1;
        await delay('infinite');
        return HttpResponse.json(HEALTH);
      }),
    );
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    // The dialog alone: the page's own 30 s connection check would also call /api/health.
    renderWithProviders(<DiagnosticsDialog open onOpenChange={() => undefined} />);
    await advance(10);
    const dialog = await screen.findByRole('dialog', { name: 'System Diagnostics & Control' });
    await user.click(within(dialog).getByRole('button', { name: 'Restart Server' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm restart' }));
    await advance(10);

    // Each round: 2 s wait, then a check that hangs until its 3 s time-out.
    await advance(2000);
    expect(probes).toBe(1);
    await advance(2900);
    expect(within(dialog).getByTestId('restart-progress')).toHaveTextContent('check 1 of 20');
    await advance(200);
    expect(within(dialog).getByTestId('restart-progress')).toHaveTextContent('check 2 of 20');

    await advance(19 * 5000);
    expect(probes).toBe(20);
    expect(within(dialog).getByTestId('restart-progress')).toHaveTextContent(
      "The server did not come back after 20 checks. Check the server's console.",
    );
    await advance(30_000);
    expect(probes).toBe(20);
  });

  it('falls back to POST /api/admin/restart when the restart fails, and reports when both fail', async () => {
    let adminCalls = 0;
    server.use(
      health,
      analysisOk,
      status,
      mockRoute(contract.trading.getMode, () => modeAnswer('paper')),
      mockRoute(contract.management.restartServer, () => ({
        success: false,
        message: 'Restart refused',
        error: 'Supervisor not running',
      })),
      mockRoute(contract.management.adminRestart, () => {
        adminCalls += 1;
        return HttpResponse.json(errorBody('The operations service is not connected on this server.'), {
          status: 503,
        });
      }),
    );
    const { user } = renderWithProviders(<ResearchPage />);
    const dialog = await openDiagnostics(user);
    await user.click(within(dialog).getByRole('button', { name: 'Restart Server' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm restart' }));

    await waitFor(() =>
      expect(within(dialog).getByTestId('restart-progress')).toHaveTextContent(
        'Restart failed: The operations service is not connected on this server.',
      ),
    );
    expect(adminCalls).toBe(1);
  });
});

describe('ResearchPage, one query-state rule (kept figures)', () => {
  it('keeps the signals after a failed refresh, marked stale', async () => {
    server.use(health, analysisOk);
    const { user } = renderWithProviders(<ResearchPage />);
    expect(await screen.findByText('RELIANCE')).toBeInTheDocument();
    server.use(
      mockRoute(contract.research.analysis, () =>
        notConnected('The research service is not connected on this server.'),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(
      await screen.findByText('Data source not connected - Check Upstox connection'),
    ).toBeInTheDocument();
    expect(screen.getByText('Stale · updated just now')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Market Sentiment' })).toHaveTextContent('Bullish');
    expect(screen.getByText('RELIANCE')).toBeInTheDocument();
  });
});
