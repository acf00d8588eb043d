import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { contract, type ResearchAnalysis, type ResponseOf } from '@nivesh/api-contract';
import { makeResearchAnalysis, makeTradingMode } from '@nivesh/api-contract/testing';
import {
  delay,
  errorBody,
  HttpResponse,
  layOutCharts,
  mockRoute,
  mockRouteError,
  renderWithProviders,
  setupServer,
  windowWidth,
} from '@nivesh/api-client/testing';
import ResearchPage from './ResearchPage';
import { DiagnosticsDialog } from './DiagnosticsDialog';

/** RELIANCE BUY (Breakout), INFY SELL (Trend following), TCS HOLD refused for its charges. */
const ANALYSIS: ResearchAnalysis = makeResearchAnalysis();

const HEALTH: ResponseOf<typeof contract.ops.health> = { status: 'ok', version: '1.4.0', uptime: 3725 };
const health = mockRoute(contract.ops.health, () => HEALTH);
const analysisOk = mockRoute(contract.research.analysis, () => ({ success: true, data: ANALYSIS }));
/** A 503; `dataSource` is the data source the server names as not connected, when it names one. */
const notConnected = (text: string, dataSource?: 'upstox' | 'simulated') =>
  HttpResponse.json(
    { ...errorBody(text), ...(dataSource ? { data_source: dataSource } : {}) },
    { status: 503 },
  );
const UPSTOX_TEXT = 'Data source not connected - Check Upstox connection';

layOutCharts();

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
    expect(screen.getByRole('group', { name: 'Market Sentiment' })).toHaveTextContent(
      'Trend: Uptrend · 62% of stocks above their 50-day average',
    );
    expect(screen.getByRole('group', { name: 'Opportunities' })).toHaveTextContent('2');
    expect(screen.getByRole('group', { name: 'Volatility' })).toHaveTextContent('Moderate');
    expect(screen.getByRole('group', { name: 'Volatility' })).toHaveTextContent(
      'NIFTY 50 20-day realised volatility 14.6% a year',
    );
    expect(screen.getByText('Simulated market')).toBeInTheDocument();
    expect(await screen.findByLabelText('Connection: Connected')).toBeInTheDocument();

    expect(screen.getByText(/NIFTY 50, month-end closes, Nov 2021 – Nov 2026/)).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'CAGR' })).toHaveTextContent('+7.48%');
    expect(screen.getByRole('group', { name: 'Total return' })).toHaveTextContent('+43.38%');
    expect(screen.getByRole('group', { name: 'Max drawdown' })).toHaveTextContent('-15.77%');
    expect(screen.getByRole('group', { name: 'Latest close' })).toHaveTextContent('24,350.75');
    const trend = screen.getByRole('img', { name: 'NIFTY 50 month-end closes over 1 year' });
    // Closes 15,780.25 to 24,350.75: round steps of 2,500 points (8,570 / 4 rounded up).
    expect(
      [...trend.querySelectorAll('.recharts-cartesian-axis-tick-value[orientation="left"]')].map(
        (tick) => tick.textContent,
      ),
    ).toEqual(['15,000', '17,500', '20,000', '22,500', '25,000']);
    const years = screen.getByTestId('yearly-returns');
    expect(within(years).getByText('2025')).toBeInTheDocument();
    expect(within(years).getByText('-1.2%')).toBeInTheDocument();
    expect(within(years).getByText('2026 YTD')).toBeInTheDocument();

    const table = screen.getByRole('table', { name: 'AI trading signals' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Symbol',
      'Signal',
      'Strategy',
      'Confidence',
      'ML win probability',
      'Target',
      'Stop',
      'Break-even',
      'Risk',
    ]);
    expect(
      screen.getByText(
        'The best strategy signal per NIFTY 50 stock · break-even after charges for a ₹5,000 trade',
      ),
    ).toBeInTheDocument();
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    const reliance = within(table).getByText('RELIANCE').closest('tr')!;
    expect(within(reliance).getByText('BUY')).toHaveAttribute('data-palette', 'green');
    expect(cells(reliance).slice(1)).toEqual([
      'BUY',
      'Breakout15 trading days',
      '78%',
      '64.0%model v7Why',
      '₹3,125.50+3.75% move',
      '₹2,952.25',
      '0.42%',
      'Medium',
    ]);
    expect(reliance).toHaveTextContent('Breakout: close ₹3,010.00 above the 20-day high');
    const infy = within(table).getByText('INFY').closest('tr')!;
    expect(within(infy).getByText('SELL')).toHaveAttribute('data-palette', 'red');
    expect(cells(infy).slice(2)).toEqual([
      'Trend following20 trading days',
      '64%',
      '',
      '₹1,410.00-4.08% move',
      '₹1,530.00',
      '1.62%',
      'High',
    ]);
    // A BUY whose move does not clear its charges is a HOLD: its break-even stands beside its move.
    const tcs = within(table).getByText('TCS').closest('tr')!;
    expect(within(tcs).getByText('HOLD')).toHaveAttribute('data-palette', 'gray');
    expect(within(tcs).getByTestId('break-even')).toHaveTextContent('1.35%');
    expect(tcs).toHaveTextContent('+1.12% move');
    expect(tcs).toHaveTextContent('does not clear the 1.35% break-even after round-trip charges');
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
    expect(screen.getByText('No stock has enough price history for the strategies yet.')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Volatility' })).toHaveTextContent(
      'Not enough price history to measure',
    );
  });
});

describe('ResearchPage, failures', () => {
  it("shows 'Research service not connected' on a 503 from a server without research, with no figures", async () => {
    server.use(
      health,
      mockRoute(contract.research.analysis, () =>
        notConnected('The research service is not connected on this server.'),
      ),
    );
    renderWithProviders(<ResearchPage />);
    expect(await screen.findByText('Research service not connected')).toBeInTheDocument();
    // Nothing here is Upstox's fault: the page does not send the operator to check it.
    expect(screen.queryByText(UPSTOX_TEXT)).not.toBeInTheDocument();
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

  it('blames Upstox on a 503 only when the server says Upstox is the data source not connected', async () => {
    server.use(
      health,
      mockRoute(contract.research.analysis, () =>
        notConnected('Data source not connected: Upstox did not give NIFTY 50 history (401).', 'upstox'),
      ),
    );
    const upstox = renderWithProviders(<ResearchPage />);
    expect(await screen.findByText(UPSTOX_TEXT)).toBeInTheDocument();
    expect(
      screen.getByText('Data source not connected: Upstox did not give NIFTY 50 history (401).'),
    ).toBeInTheDocument();
    upstox.unmount();

    server.use(
      mockRoute(contract.research.analysis, () =>
        notConnected(
          'Data source not connected: the simulated market has no NIFTY 50 history up to 2026-11-19.',
          'simulated',
        ),
      ),
    );
    renderWithProviders(<ResearchPage />);
    expect(await screen.findByText('Research service not connected')).toBeInTheDocument();
    expect(screen.queryByText(UPSTOX_TEXT)).not.toBeInTheDocument();
    expect(
      screen.getByText(
        'Data source not connected: the simulated market has no NIFTY 50 history up to 2026-11-19.',
      ),
    ).toBeInTheDocument();
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
    expect(await screen.findByText('Research service not connected')).toBeInTheDocument();
    expect(screen.getByText('Stale · updated just now')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Market Sentiment' })).toHaveTextContent('Bullish');
    expect(screen.getByText('RELIANCE')).toBeInTheDocument();
  });
});

describe('ResearchPage on a phone (390 px)', () => {
  let restore: () => void;
  beforeEach(() => (restore = windowWidth(390)));
  afterEach(() => restore());

  it('lists the signals with target, stop and break-even in view, and no table', async () => {
    server.use(health, analysisOk);
    renderWithProviders(<ResearchPage />, { route: '/research' });
    const list = await screen.findByRole('list', { name: 'AI trading signals' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('data-testid'))).toEqual([
      'signal-RELIANCE',
      'signal-INFY',
      'signal-TCS',
    ]);
    expect(within(items[0]!).getByText('RELIANCE')).toBeInTheDocument();
    // Each figure under its name, as the table's columns name them.
    const reliance = within(items[0]!);
    const figure = (label: string) => reliance.getByText(label).nextElementSibling;
    expect(reliance.getByText('BUY')).toHaveAttribute('data-palette', 'green');
    expect(reliance.getByLabelText('Confidence')).toHaveTextContent('78%');
    expect(reliance.getByText('Breakout · 15 trading days')).toBeInTheDocument();
    expect(figure('Target')).toHaveTextContent('₹3,125.50 (+3.75% move)');
    expect(figure('Stop')).toHaveTextContent('₹2,952.25');
    expect(figure('Break-even')).toHaveTextContent('0.42%');
    expect(figure('Risk')).toHaveTextContent('Medium');

    const tcs = within(items[2]!);
    expect(tcs.getByText('HOLD')).toHaveAttribute('data-palette', 'gray');
    expect(tcs.getByTestId('break-even')).toHaveTextContent('1.35%');
    expect(tcs.getByTestId('target')).toHaveTextContent('(+1.12% move)');
    expect(tcs.getByText(/does not clear the 1\.35% break-even/)).toBeInTheDocument();
  });
});

describe('ResearchPage on a wide screen (1440 px)', () => {
  let restore: () => void;
  beforeEach(() => (restore = windowWidth(1440)));
  afterEach(() => restore());

  it('shows the signals table with the break-even beside each signal', async () => {
    server.use(health, analysisOk);
    renderWithProviders(<ResearchPage />, { route: '/research' });
    const table = await screen.findByRole('table', { name: 'AI trading signals' });
    expect(screen.queryByRole('list', { name: 'AI trading signals' })).not.toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(
      within(table)
        .getAllByTestId('break-even')
        .map((cell) => cell.textContent),
    ).toEqual(['0.42%', '1.62%', '1.35%']);
  });
});

/** RELIANCE (the BUY) with no trained model. */
const untrained = mockRoute(contract.research.analysis, () => ({
  success: true,
  data: {
    ...ANALYSIS,
    recommendations: ANALYSIS.recommendations.map((r) => (r.signal === 'BUY' ? { ...r, ml: null } : r)),
  },
}));

const NO_SKILL =
  'Model v7 cannot tell signals apart: its out-of-sample AUC is 0.51, not clearly above chance ' +
  "(0.53 needed on 1,204 held-out signals); the allocator uses each strategy's own confidence.";
/** RELIANCE's prediction from a model without skill out of sample. */
const withoutSkill = mockRoute(contract.research.analysis, () => ({
  success: true,
  data: {
    ...ANALYSIS,
    recommendations: ANALYSIS.recommendations.map((r) =>
      r.ml
        ? {
            ...r,
            ml: {
              ...r.ml,
              skill: { ...r.ml.skill, auc: 0.51, brier_skill: -0.004, has_skill: false },
              cannot_tell_apart: NO_SKILL,
            },
          }
        : r,
    ),
  },
}));

/** Each feature row of one method's list: name, value and contribution, and its colour. */
function methodRows(explanation: HTMLElement, method: string) {
  return within(within(explanation).getByRole('region', { name: method }))
    .getAllByTestId('ml-feature')
    .map((row) => [row.textContent, row.lastElementChild?.getAttribute('data-tone')]);
}

/** The fixture's explanation of RELIANCE (model v7, 64.0%), by the three methods. */
function expectRelianceExplanation(explanation: HTMLElement) {
  expect(explanation).toHaveTextContent(
    'Model v7: 64.0% chance of a win after charges (61.0% before calibration).',
  );
  expect(methodRows(explanation, 'Linear model (exact)')).toEqual([
    ['Relative volume 1.80×+0.42', 'gain'],
    ['20-day change +5.1%+0.18', 'gain'],
    ['RSI (14) 66.0-0.09', 'loss'],
  ]);
  expect(methodRows(explanation, 'Local surrogate (LIME)')).toEqual([
    ['Relative volume 1.80×+7.0 pp', 'gain'],
    ['Price vs 50-day average +3.4%+3.0 pp', 'gain'],
    ['ATR / price 1.9%-2.0 pp', 'loss'],
  ]);
  expect(methodRows(explanation, 'Permutation importance')).toEqual([
    ['Relative volume 1.80×+4.1 pp', 'gain'],
    ['20-day change +5.1%+2.2 pp', 'gain'],
    ['NIFTY volatility 14.6%+0.8 pp', 'gain'],
  ]);
  expect(
    within(explanation).getByText(
      "Exact contribution to the logistic model's log-odds of a win: positive raises the chance.",
    ),
  ).toBeInTheDocument();
  expect(
    within(explanation).getByText(
      "Change in the ensemble's win probability, in percentage points, from a fit around this stock.",
    ),
  ).toBeInTheDocument();
  expect(
    within(explanation).getByText(
      "Drop in the ensemble's accuracy on recent outcomes when the feature is shuffled; global, the same for every stock.",
    ),
  ).toBeInTheDocument();
}

describe('ResearchPage ML predictions on a wide screen (1440 px)', () => {
  let restore: () => void;
  beforeEach(() => (restore = windowWidth(1440)));
  afterEach(() => restore());

  it("shows a BUY's ML probability with its model, and its explanation under the row on Why", async () => {
    server.use(health, analysisOk);
    const { user } = renderWithProviders(<ResearchPage />, { route: '/research' });
    const table = await screen.findByRole('table', { name: 'AI trading signals' });
    const reliance = within(table).getByTestId('signal-RELIANCE');
    expect(within(reliance).getByTestId('ml-probability')).toHaveTextContent('64.0%model v7');
    // A model that tells signals apart says nothing of the kind.
    expect(within(reliance).queryByTestId('ml-cannot-tell-apart')).not.toBeInTheDocument();
    // SELL and HOLD carry no prediction, and say nothing about one.
    expect(within(within(table).getByTestId('signal-INFY')).queryByTestId('ml-probability')).toBeNull();
    expect(within(within(table).getByTestId('signal-TCS')).queryByTestId('ml-probability')).toBeNull();
    expect(within(table).getAllByRole('button', { name: /^Why/ })).toHaveLength(1);

    const why = within(reliance).getByRole('button', { name: /^Why/ });
    expect(why).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: 'ML explanation for RELIANCE' })).not.toBeInTheDocument();
    await user.click(why);
    expect(why).toHaveAttribute('aria-expanded', 'true');
    const explanation = screen.getByRole('region', { name: 'ML explanation for RELIANCE' });
    // The explanation is a row of its own, right under the signal's.
    expect(reliance.nextElementSibling).toContainElement(explanation);
    expectRelianceExplanation(explanation);

    await user.click(why);
    expect(screen.queryByRole('region', { name: 'ML explanation for RELIANCE' })).not.toBeInTheDocument();
  });

  it('says beside the probability when the model cannot tell the signal apart, and why on Why', async () => {
    server.use(health, withoutSkill);
    const { user } = renderWithProviders(<ResearchPage />, { route: '/research' });
    const table = await screen.findByRole('table', { name: 'AI trading signals' });
    const reliance = within(table).getByTestId('signal-RELIANCE');
    expect(within(reliance).getByTestId('ml-probability')).toHaveTextContent(
      '64.0%model v7Cannot tell apart',
    );
    expect(within(reliance).getByTestId('ml-cannot-tell-apart')).toHaveAttribute('title', NO_SKILL);
    await user.click(within(reliance).getByRole('button', { name: /^Why/ }));
    const explanation = screen.getByRole('region', { name: 'ML explanation for RELIANCE' });
    expect(within(explanation).getByText(NO_SKILL)).toBeInTheDocument();
  });

  it("says 'Model not trained yet' for a BUY without a prediction, with no Why", async () => {
    server.use(health, untrained);
    renderWithProviders(<ResearchPage />, { route: '/research' });
    const table = await screen.findByRole('table', { name: 'AI trading signals' });
    const reliance = within(table).getByTestId('signal-RELIANCE');
    expect(within(reliance).getByTestId('ml-probability')).toHaveTextContent('Model not trained yet');
    expect(within(table).queryByRole('button', { name: /^Why/ })).not.toBeInTheDocument();
  });
});

describe('ResearchPage ML predictions on a phone (390 px)', () => {
  let restore: () => void;
  beforeEach(() => (restore = windowWidth(390)));
  afterEach(() => restore());

  it("shows a BUY's ML probability in its card, and the same explanation on Why", async () => {
    server.use(health, analysisOk);
    const { user } = renderWithProviders(<ResearchPage />, { route: '/research' });
    const list = await screen.findByRole('list', { name: 'AI trading signals' });
    const reliance = within(list).getByTestId('signal-RELIANCE');
    expect(within(reliance).getByText('ML win probability').nextElementSibling).toHaveTextContent(
      '64.0%model v7',
    );
    expect(within(within(list).getByTestId('signal-INFY')).queryByText('ML win probability')).toBeNull();
    expect(within(within(list).getByTestId('signal-TCS')).queryByText('ML win probability')).toBeNull();

    await user.click(within(reliance).getByRole('button', { name: /^Why/ }));
    const explanation = within(reliance).getByRole('region', { name: 'ML explanation for RELIANCE' });
    expectRelianceExplanation(explanation);
  });

  it('says in the card when the model cannot tell the signal apart', async () => {
    server.use(health, withoutSkill);
    renderWithProviders(<ResearchPage />, { route: '/research' });
    const list = await screen.findByRole('list', { name: 'AI trading signals' });
    const reliance = within(list).getByTestId('signal-RELIANCE');
    expect(within(reliance).getByText('ML win probability').nextElementSibling).toHaveTextContent(
      '64.0%model v7Cannot tell apart',
    );
  });

  it("says 'Model not trained yet' for a BUY without a prediction", async () => {
    server.use(health, untrained);
    renderWithProviders(<ResearchPage />, { route: '/research' });
    const list = await screen.findByRole('list', { name: 'AI trading signals' });
    const reliance = within(list).getByTestId('signal-RELIANCE');
    expect(within(reliance).getByText('ML win probability').nextElementSibling).toHaveTextContent(
      'Model not trained yet',
    );
    expect(within(reliance).queryByRole('button', { name: /^Why/ })).not.toBeInTheDocument();
  });
});
