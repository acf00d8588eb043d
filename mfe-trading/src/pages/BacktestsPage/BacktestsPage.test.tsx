import { configure, screen, waitFor, within } from '@testing-library/react';
import { toaster } from '@nivesh/ui';
import {
  HttpResponse,
  layOutCharts,
  mockRoute,
  mockRouteError,
  renderWithProviders,
  setupServer,
} from '@nivesh/api-client/testing';
import { contract, type BacktestRun, type BacktestSummary } from '@nivesh/api-contract';
import {
  makeBacktestDaily,
  makeBacktestRun,
  makeBacktestSummary,
  makeRunningBacktest,
} from '@nivesh/api-contract/testing';
import BacktestsPage from './BacktestsPage';

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(30_000);

layOutCharts();

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  toaster.remove();
});
afterAll(() => server.close());

const summaryOf = ({ result: _result, ...summary }: BacktestRun): BacktestSummary => summary;

/** The server's runs; `runs` may change between calls (a run finishing). */
function backtests(runs: () => BacktestRun[], posted: unknown[] = []) {
  server.use(
    mockRoute(contract.backtests.list, () => ({ success: true, data: runs().map(summaryOf) })),
    mockRoute(contract.backtests.get, ({ params }) => {
      const run = runs().find((r) => r.id === params['id']);
      return run
        ? { success: true, data: run }
        : HttpResponse.json({ success: false, error: 'No run', message: 'No run' }, { status: 404 });
    }),
    mockRoute(contract.backtests.start, async ({ request }) => {
      posted.push(await request.json());
      return {
        success: true,
        message: 'Backtest "New" started: its progress shows in the list.',
        data: { id: 'BT-NEW', status: 'running' },
      };
    }),
  );
  return posted;
}

async function fill(user: ReturnType<typeof renderWithProviders>['user'], label: string, value: string) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  if (value) await user.type(input, value);
}

describe('BacktestsPage form', () => {
  it("shows each refused field's own sentence and sends nothing until the values are valid", async () => {
    const posted = backtests(() => []);
    const { user } = renderWithProviders(<BacktestsPage />);
    await screen.findByText('No backtests yet');

    await fill(user, 'Initial capital (₹)', '500');
    await fill(user, 'From', '2025-08-12');
    await fill(user, 'To', '2025-07-01');
    await fill(user, 'Market seed', '1.5');
    await user.click(screen.getByRole('button', { name: 'Run backtest' }));

    expect(await screen.findByText('initial_capital must be at least ₹10,000')).toBeInTheDocument();
    expect(screen.getByText('seed must be a whole number')).toBeInTheDocument();
    expect(posted).toEqual([]);

    // With the fields right, the range's own rule speaks.
    await fill(user, 'Initial capital (₹)', '1000000');
    await fill(user, 'Market seed', '');
    await user.click(screen.getByRole('button', { name: 'Run backtest' }));
    expect(await screen.findByText('from must be before to')).toBeInTheDocument();
    expect(screen.queryByText('initial_capital must be at least ₹10,000')).not.toBeInTheDocument();
    expect(posted).toEqual([]);

    await fill(user, 'From', '2025-07-01');
    await fill(user, 'To', '2025-08-12');
    await fill(user, 'Daily amount (₹)', '2000000');
    await user.click(screen.getByRole('button', { name: 'Run backtest' }));
    expect(await screen.findByText('daily_amount must not be more than initial_capital')).toBeInTheDocument();
    expect(screen.queryByText('from must be before to')).not.toBeInTheDocument();
    expect(posted).toEqual([]);

    await fill(user, 'Daily amount (₹)', '');
    await user.selectOptions(screen.getByLabelText('Strategy'), 'breakout');
    await user.click(screen.getByRole('button', { name: 'Run backtest' }));
    await waitFor(() =>
      expect(posted).toEqual([
        { strategy: 'breakout', from: '2025-07-01', to: '2025-08-12', initial_capital: 1_000_000 },
      ]),
    );
  });

  it("shows the server's sentence when it refuses the range", async () => {
    backtests(() => []);
    server.use(
      mockRouteError(
        contract.backtests.start,
        400,
        "from 2021-12-01 is too early: the market's history starts on 2021-11-22, and the strategies need 200 trading days of it before the first day, so the earliest from is 2022-09-09.",
      ),
    );
    const { user } = renderWithProviders(<BacktestsPage />);
    await screen.findByText('No backtests yet');
    await fill(user, 'From', '2021-12-01');
    await fill(user, 'To', '2022-03-01');
    await user.click(screen.getByRole('button', { name: 'Run backtest' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/too early.*the earliest from is 2022-09-09/);
  });
});

describe('BacktestsPage progress', () => {
  it('shows a running run with its progress bar, keeps the form from starting another, and shows the result once done', async () => {
    let calls = 0;
    const running = makeRunningBacktest();
    const done = makeBacktestRun({ id: running.id, name: running.name, strategy: 'breakout' });
    backtests(() => {
      calls += 1;
      return calls <= 2 ? [running] : [done];
    });
    renderWithProviders(<BacktestsPage />);

    const bars = await screen.findAllByRole('progressbar', { name: 'Breakout, last year: 42% done' });
    expect(bars[0]).toHaveAttribute('aria-valuenow', '42');
    expect(screen.getAllByText('Running · 42%').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Run backtest' })).toBeDisabled();
    expect(
      screen.getByText('One backtest runs at a time: wait for it to finish or delete it.'),
    ).toBeInTheDocument();

    // The page polls while the run runs, and stops showing progress once it is done.
    expect(await screen.findByTestId('backtest-equity-summary', {}, { timeout: 8000 })).toHaveTextContent(
      'Breakout, last year +1.70% vs NIFTY 50 +1.26%',
    );
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Total Return' })).getByText('+4.37%'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Run backtest' })).toBeEnabled();
    const trades = screen.getByRole('table', { name: 'Backtest trades' });
    expect(within(trades).getByText('RELIANCE')).toBeInTheDocument();
    expect(within(trades).getByText('End of test')).toBeInTheDocument();
  });

  it('shows how long positions were held across days in days, not hundreds of hours', async () => {
    const run = makeBacktestRun();
    const held = makeBacktestRun({
      result: { ...run.result!, analytics: { ...run.result!.analytics, avg_hold_time_hours: 342.7 } },
    });
    backtests(() => [held]);
    renderWithProviders(<BacktestsPage />);
    expect(await screen.findByTestId('figure-Avg Hold Time')).toHaveTextContent('14.3 days');
    expect(screen.queryByText(/hrs$/)).not.toBeInTheDocument();
  });

  it('says why a failed run has no figures', async () => {
    const failed = makeBacktestRun({
      status: 'failed',
      headline: null,
      result: null,
      error:
        'Interrupted: the server restarted while this backtest was running (37% done). Start it again to get its results.',
    });
    backtests(() => [failed]);
    renderWithProviders(<BacktestsPage />);
    expect(await screen.findByText('This backtest failed')).toBeInTheDocument();
    expect(screen.getByText(/Interrupted: the server restarted .*\(37% done\)/)).toBeInTheDocument();
  });
});

describe('BacktestsPage comparison', () => {
  it('draws two ticked runs on one chart with NIFTY 50 and sets their figures side by side', async () => {
    const first = makeBacktestRun();
    const second = makeBacktestRun({
      ...makeBacktestSummary({
        id: 'BT-SECOND',
        name: 'Trend only',
        strategy: 'trend_following',
        headline: { ...makeBacktestSummary().headline!, total_return: -1.2, final_value: 988_000 },
      }),
      result: {
        ...makeBacktestRun().result!,
        daily: makeBacktestDaily({ returns: [-0.5, -0.4, 0.1, -0.2, -0.2] }),
        analytics: { ...makeBacktestRun().result!.analytics, total_return: -1.2, sharpe_ratio: -0.6 },
      },
    });
    backtests(() => [first, second]);
    const { user } = renderWithProviders(<BacktestsPage />);
    await screen.findByTestId('backtest-equity-summary');

    await user.click(screen.getByRole('checkbox', { name: 'Compare Allocator, February' }));
    await user.click(screen.getByRole('checkbox', { name: 'Compare Trend only' }));

    expect(await screen.findByTestId('compare-summary')).toHaveTextContent(
      'Allocator, February +1.70% vs Trend only -1.20% vs NIFTY 50 +1.26%',
    );
    const table = screen.getByRole('table', { name: 'Backtest comparison' });
    const row = (label: string) => within(table).getByText(label).closest('tr')!;
    expect(within(row('Total return')).getByText('+4.37%').closest('td')).toHaveAttribute('data-better');
    expect(within(row('Total return')).getByText('-1.20%').closest('td')).not.toHaveAttribute('data-better');
    expect(within(row('Sharpe ratio')).getByText('1.84')).toBeInTheDocument();
    expect(within(row('Sharpe ratio')).getByText('-0.60')).toBeInTheDocument();
    expect(within(row('Final value')).getByText('₹9,88,000')).toBeInTheDocument();

    // Unticking one leaves the comparison for the run's own page.
    await user.click(screen.getByRole('checkbox', { name: 'Compare Trend only' }));
    await waitFor(() => expect(screen.queryByTestId('compare-summary')).not.toBeInTheDocument());
    expect(await screen.findByTestId('backtest-equity-summary')).toBeInTheDocument();
  });
});
