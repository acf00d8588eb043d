import { configure, screen, waitFor, within } from '@testing-library/react';
import { toaster } from '@nivesh/ui';
import {
  delay,
  errorBody,
  HttpResponse,
  layOutCharts,
  mockRoute,
  mockRouteError,
  renderWithProviders,
  setupServer,
} from '@nivesh/api-client/testing';
import { contract, type PerformanceAnalytics, type PerformanceReturnPoint } from '@nivesh/api-contract';
import { makePerformanceAnalytics, makeReturns } from '@nivesh/api-contract/testing';
import { performanceHandlers } from '../../testing/fixtures';
import PerformancePage from './PerformancePage';

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

const NOT_CONNECTED = 'The performance analytics service is not connected on this server.';
const KPIS = ['Total Return', 'Win Rate', 'Profit Factor', 'Sharpe Ratio', 'Max Drawdown', 'Total Trades'];

function connected(
  seen: { analytics: string[]; returns: string[] } = { analytics: [], returns: [] },
  analytics = makePerformanceAnalytics(),
  returns: PerformanceReturnPoint[] = makeReturns(),
) {
  server.use(...performanceHandlers({ seen, analytics, returns }));
  return seen;
}

/** The labels of a chart's value axis, bottom to top. */
function axisLabels(chart: HTMLElement): string[] {
  return [...chart.querySelectorAll('.recharts-cartesian-axis-tick-value[orientation="left"]')].map(
    (tick) => tick.textContent ?? '',
  );
}

function card(label: string) {
  return screen.getByRole('group', { name: label });
}

async function renderLoaded() {
  const rendered = renderWithProviders(<PerformancePage />);
  await screen.findByTestId('equity-summary');
  return rendered;
}

describe('PerformancePage connected', () => {
  it('loads the month by default and shows the six KPIs from the analytics', async () => {
    const seen = connected();
    await renderLoaded();

    expect(seen.analytics).toEqual(['month']);
    expect(seen.returns).toEqual(['month']);
    expect(screen.getByRole('button', { name: 'Month' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Connected')).toBeInTheDocument();

    expect(within(card('Total Return')).getByText('+4.37%')).toBeInTheDocument();
    expect(within(card('Total Return')).getByText('Annualized +68.20%')).toBeInTheDocument();
    expect(within(card('Win Rate')).getByText('62.5%')).toBeInTheDocument();
    expect(within(card('Win Rate')).getByText('25/40 winning trades')).toBeInTheDocument();
    expect(within(card('Profit Factor')).getByText('2.27')).toBeInTheDocument();
    expect(within(card('Sharpe Ratio')).getByText('1.84')).toBeInTheDocument();
    expect(within(card('Max Drawdown')).getByText('-8.63%')).toBeInTheDocument();
    expect(within(card('Total Trades')).getByText('40')).toBeInTheDocument();
  });

  it('draws the equity curve against NIFTY 50 and the key statistics', async () => {
    connected();
    await renderLoaded();
    expect(screen.getByTestId('equity-summary')).toHaveTextContent('Portfolio +4.37% vs NIFTY 50 +1.40%');
    expect(screen.getByRole('img', { name: /Equity curve/ })).toBeInTheDocument();
    expect(screen.getByTestId('figure-Best Trade')).toHaveTextContent('+₹9,870');
    expect(screen.getByTestId('figure-Worst Trade')).toHaveTextContent('-₹6,420');
    expect(screen.getByTestId('figure-Average Loss')).toHaveTextContent('-₹2,286');
    expect(screen.getByTestId('figure-Volatility')).toHaveTextContent('14.20%');
    // Each trade's P&L figure says it is after charges; the volatility is no P&L.
    expect(screen.getByTestId('figure-Best Trade').previousElementSibling).toHaveTextContent(
      'Best Trade after charges',
    );
    expect(screen.getByTestId('figure-Volatility').previousElementSibling).toHaveTextContent(/^Volatility$/);
  });

  it('shades one heatmap cell per day of daily_pnl, from the data', async () => {
    connected();
    await renderLoaded();
    const days = makePerformanceAnalytics().daily_pnl;
    const cells = screen.getAllByTestId('heatmap-cell');
    expect(cells).toHaveLength(30);
    expect(cells.map((c) => c.getAttribute('data-pnl'))).toEqual(days.map((d) => String(d.pnl ?? 'closed')));
    expect(screen.getByLabelText('01 Feb 2026: -₹1,000')).toBeInTheDocument();
    expect(screen.getByLabelText('02 Feb 2026: +₹1,100')).toBeInTheDocument();
    expect(screen.getByLabelText('07 Feb 2026: market closed')).toBeInTheDocument();
  });

  it('asks the server for the chosen period', async () => {
    const seen = connected();
    const { user } = await renderLoaded();
    await user.click(screen.getByRole('button', { name: 'All Time' }));
    await waitFor(() => expect(seen.analytics.at(-1)).toBe('all'));
    expect(seen.returns.at(-1)).toBe('all');
    expect(screen.getByRole('button', { name: 'All Time' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Month' })).toHaveAttribute('aria-pressed', 'false');
    expect(await within(card('Total Trades')).findByText('Closed, all time')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^(Day|Week|Month|Quarter|Year|All Time)$/ })).toHaveLength(
      6,
    );
  });

  it('shows the monthly, stock and strategy breakdowns and the statistics', async () => {
    connected();
    const { user } = await renderLoaded();

    await user.click(screen.getByRole('tab', { name: 'Monthly' }));
    const monthly = await screen.findByRole('table', { name: 'Monthly performance' });
    expect(within(monthly).getByText('January 2026')).toBeInTheDocument();
    expect(within(monthly).getByText('+2.10%')).toBeInTheDocument();
    expect(within(monthly).getByText('-₹8,400')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Stocks' }));
    const stocks = await screen.findByRole('table', { name: 'Performance by stock' });
    expect(within(stocks).getAllByRole('row')).toHaveLength(4);
    expect(within(stocks).getByText('33.3%')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Strategies' }));
    const strategies = await screen.findByRole('table', { name: 'Performance by strategy' });
    const meanReversion = within(strategies).getByText('Mean Reversion').closest('tr')!;
    expect(within(meanReversion as HTMLElement).getByText('--')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Statistics' }));
    expect(await screen.findByTestId('figure-Avg Hold Time')).toHaveTextContent('5.8 hrs');
    expect(screen.getByTestId('figure-Sortino Ratio')).toHaveTextContent('2.61');
    expect(screen.getByTestId('figure-Calmar Ratio')).toHaveTextContent('7.90');
    expect(screen.getByTestId('figure-Expectancy')).toHaveTextContent('+₹1,092');
  });

  it('shows -- for figures the data cannot support yet', async () => {
    connected(
      undefined,
      makePerformanceAnalytics({
        sortino_ratio: null,
        calmar_ratio: null,
        avg_hold_time_hours: null,
        profit_factor: null,
      }),
    );
    const { user } = await renderLoaded();
    expect(within(card('Profit Factor')).getByText('--')).toBeInTheDocument();
    expect(within(card('Profit Factor')).getByText('No losing trades yet')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Statistics' }));
    expect(await screen.findByTestId('figure-Avg Hold Time')).toHaveTextContent('--');
    expect(screen.getByTestId('figure-Sortino Ratio')).toHaveTextContent('--');
    expect(screen.getByTestId('figure-Calmar Ratio')).toHaveTextContent('--');
  });

  it('filters the stock and strategy breakdowns', async () => {
    connected();
    const { user } = await renderLoaded();
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await user.type(screen.getByLabelText('Symbol'), 'rel');
    await user.selectOptions(screen.getByLabelText('Strategy'), 'Momentum');

    await user.click(screen.getByRole('tab', { name: 'Stocks' }));
    const stocks = await screen.findByRole('table', { name: 'Performance by stock' });
    expect(within(stocks).getAllByRole('row')).toHaveLength(2);
    expect(within(stocks).getByText('RELIANCE')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Strategies' }));
    const strategies = await screen.findByRole('table', { name: 'Performance by strategy' });
    expect(within(strategies).getAllByRole('row')).toHaveLength(2);
    expect(within(strategies).getByText('Momentum')).toBeInTheDocument();
  });

  it('shows the tear sheet: XIRR, alpha, beta, information ratio and the deepest drawdowns', async () => {
    connected();
    const { user } = await renderLoaded();
    await user.click(screen.getByRole('tab', { name: 'Statistics' }));
    expect(await screen.findByTestId('figure-Money-Weighted Return (XIRR)')).toHaveTextContent('+51.30%');
    expect(screen.getByTestId('figure-Time-Weighted Return')).toHaveTextContent('+4.37%');
    expect(screen.getByTestId('figure-Alpha')).toHaveTextContent('+21.40%');
    expect(screen.getByTestId('figure-Beta')).toHaveTextContent('0.82');
    expect(screen.getByTestId('figure-Information Ratio')).toHaveTextContent('1.27');

    const drawdowns = screen.getByRole('table', { name: 'Deepest drawdowns' });
    const rows = within(drawdowns).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['03 Feb 2026', '10 Feb 2026', '18 Feb 2026', '-8.63%', '11 days'],
      ['20 Feb 2026', '24 Feb 2026', 'Not recovered', '-3.15%', '6 days'],
    ]);
  });

  it('shows -- for tear-sheet figures the data cannot support, and says when nothing fell', async () => {
    connected(
      undefined,
      makePerformanceAnalytics({
        money_weighted_return: null,
        beta: null,
        alpha: null,
        information_ratio: null,
        deepest_drawdowns: [],
      }),
    );
    const { user } = await renderLoaded();
    await user.click(screen.getByRole('tab', { name: 'Statistics' }));
    for (const label of ['Money-Weighted Return (XIRR)', 'Alpha', 'Beta', 'Information Ratio']) {
      expect(await screen.findByTestId(`figure-${label}`)).toHaveTextContent('--');
    }
    expect(screen.getByText('No drawdown in this period')).toBeInTheDocument();
  });

  it("draws the underwater curve from each day's drawdown, and the equity curve against NIFTY 50", async () => {
    const drawdowns = [0, -2.5, -1, 0, -1];
    connected(
      undefined,
      undefined,
      makeReturns().map((point, i) => ({ ...point, drawdown: drawdowns[i]! })),
    );
    await renderLoaded();
    expect(screen.getByTestId('drawdown-summary')).toHaveTextContent(
      'Now -1.00% from the peak; deepest -2.50%',
    );
    const chart = screen.getByRole('img', { name: /^Underwater curve/ });
    expect(chart.querySelectorAll('.recharts-area')).toHaveLength(1);
    // 0 to -2.5% in steps of 1 (2.5 / 4 = 0.625 rounds up to 1): whole percents, none repeated.
    expect(axisLabels(chart)).toEqual(['-3%', '-2%', '-1%', '0%']);
    const equity = screen.getByRole('img', { name: /^Equity curve/ });
    expect(within(equity).getByText('Portfolio')).toBeInTheDocument();
    expect(within(equity).getByText('NIFTY 50')).toBeInTheDocument();
    expect(equity.querySelectorAll('.recharts-line')).toHaveLength(2);
  });

  it('says a fresh account has too few days for a curve, with the counts, instead of drawing axes round a dot', async () => {
    // Day one and day two of a new account: 0% then a 0.03% dip.
    const [first, second] = makeReturns();
    connected(undefined, undefined, [
      { ...first!, cumulative_return: 0, benchmark_cumulative_return: 0, drawdown: 0 },
      { ...second!, cumulative_return: -0.03, benchmark_cumulative_return: 0.2, drawdown: -0.03 },
    ]);
    await renderLoaded();
    expect(screen.getByTestId('equity-summary')).toHaveTextContent('Portfolio -0.03% vs NIFTY 50 +0.20%');
    for (const id of ['equity-summary-too-few', 'drawdown-summary-too-few']) {
      expect(screen.getByTestId(id)).toHaveTextContent('Not enough history yet: 2 trading days of 5 needed');
    }
    expect(screen.queryByRole('img', { name: /^Equity curve/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /^Underwater curve/ })).not.toBeInTheDocument();
    expect(document.querySelector('.recharts-cartesian-axis')).toBeNull();
  });

  it('shows a drawdown of nothing as 0.00%, without a plus sign (a drawdown is never a gain)', async () => {
    connected(undefined, { ...makePerformanceAnalytics(), max_drawdown: 0 });
    await renderLoaded();
    expect(within(card('Max Drawdown')).getByText('0.00%')).toBeInTheDocument();
    expect(within(card('Max Drawdown')).queryByText('+0.00%')).not.toBeInTheDocument();
  });

  it('labels the axis of a week of tiny moves with distinct ticks, never 0.0%, -0.0%, -0.0%', async () => {
    const moves = [0, -0.01, -0.03, -0.02, -0.01];
    connected(
      undefined,
      undefined,
      makeReturns().map((point, i) => ({
        ...point,
        cumulative_return: moves[i]!,
        benchmark_cumulative_return: 0,
        drawdown: moves[i]!,
      })),
    );
    await renderLoaded();
    const equity = screen.getByRole('img', { name: /^Equity curve/ });
    // -0.03% to 0 in steps of 0.01 (0.03 / 4 rounds up to 0.01), each with the two decimals it needs.
    expect(axisLabels(equity)).toEqual(['-0.03%', '-0.02%', '-0.01%', '0.00%']);
  });

  it('draws the rolling 60-day Sharpe ratio and beta, or says the history is too short', async () => {
    connected();
    const { user, unmount } = await renderLoaded();
    await user.click(screen.getByRole('tab', { name: 'Statistics' }));
    expect(await screen.findByTestId('rolling-summary')).toHaveTextContent(
      'Latest 60-day Sharpe 2.12, beta 0.83',
    );
    const chart = screen.getByRole('img', { name: /^Rolling Sharpe ratio and beta/ });
    expect(within(chart).getByText('Sharpe ratio')).toBeInTheDocument();
    expect(within(chart).getByText('Beta to NIFTY 50')).toBeInTheDocument();
    expect(chart.querySelectorAll('.recharts-line')).toHaveLength(2);
    unmount();

    connected(
      undefined,
      undefined,
      makeReturns().map((p) => ({ ...p, rolling_sharpe: null, rolling_beta: null })),
    );
    const again = await renderLoaded();
    await again.user.click(screen.getByRole('tab', { name: 'Statistics' }));
    expect(await screen.findByText('Not enough history yet: 0 trading days of 5 needed')).toBeInTheDocument();
    expect(
      screen.getByText('The rolling figures start once the account has 60 trading days of returns.'),
    ).toBeInTheDocument();
  });

  it("shades every month's return since the account opened, year by month, from all-time analytics", async () => {
    const seen = connected();
    const { user } = await renderLoaded();
    await user.click(screen.getByRole('tab', { name: 'Monthly' }));
    const grid = await screen.findByRole('table', { name: 'Monthly returns' });
    await waitFor(() => expect(seen.analytics).toContain('all'));
    expect(within(grid).getByTestId('month-2026-01')).toHaveTextContent('+2.1%');
    expect(within(grid).getByTestId('month-2026-01')).toHaveAttribute('title', 'January 2026: +2.10%');
    expect(within(grid).getByTestId('month-2026-02')).toHaveTextContent('-0.8%');
    expect(within(grid).getByTestId('month-2026-03')).toHaveTextContent('');
    // 1.021 x 0.992 - 1 = +1.28%
    expect(within(grid).getByTestId('year-2026')).toHaveTextContent('+1.3%');
    expect(within(grid).getAllByRole('row')).toHaveLength(2);
  });

  it('opens the printable report of the chosen period', async () => {
    connected();
    const { user } = await renderLoaded();
    await user.click(screen.getByRole('button', { name: 'Quarter' }));
    await user.click(screen.getByRole('link', { name: 'Printable report' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/performance?view=report&period=quarter');
    expect(await screen.findByRole('heading', { name: 'Performance Report · Quarter' })).toBeInTheDocument();
  });

  it('exports the analytics and breakdowns as CSV', async () => {
    connected();
    const blobs: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: jest.fn((blob: Blob) => {
        blobs.push(blob);
        return 'blob:report';
      }),
      revokeObjectURL: jest.fn(),
    });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = await renderLoaded();
    await user.click(screen.getByRole('button', { name: 'Export Report' }));
    expect(blobs).toHaveLength(1);
    const lines = (await blobs[0]!.text()).split('\r\n');
    expect(lines[0]?.replace(/^\uFEFF/, '')).toBe('Performance report,Month');
    expect(lines).toEqual(
      expect.arrayContaining([
        'Sharpe ratio,1.84',
        'Max drawdown %,-8.63',
        '2026-01,2.1,21000,18,55.6',
        'RELIANCE,12,18200,66.7',
        'Mean Reversion,16,12700,56.3,',
        '2026-02-01,-1000',
        '2026-02-07,',
        'Money-weighted return (XIRR) %,51.3',
        'Beta to NIFTY 50,0.82',
        'Alpha (annualised) %,21.4',
        'Information ratio,1.27',
        '2026-02-20,2026-02-24,,-3.15,6',
        'Closed trades,2',
      ]),
    );
    // The trades closed from the period's first day on, in the order they closed.
    const trades = lines.indexOf('Closed trades,2');
    expect(lines[trades + 2]).toMatch(/^PT-0003,TCS,/);
    expect(lines[trades + 3]).toMatch(/^PT-0002,RELIANCE,/);
    expect(lines.some((line) => line.startsWith('PT-0001,'))).toBe(false);
    expect(click).toHaveBeenCalled();
    click.mockRestore();
  });

  it('shows skeletons, not --, while loading', async () => {
    server.use(
      mockRoute(contract.performance.analytics, async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
      mockRoute(contract.performance.returns, async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    renderWithProviders(<PerformancePage />);
    expect(await screen.findByText('Connecting...')).toBeInTheDocument();
    for (const label of KPIS) expect(within(card(label)).queryByText('--')).not.toBeInTheDocument();
  });
});

describe('PerformancePage not connected', () => {
  it('shows the connection panel, the error and -- in every KPI', async () => {
    server.use(
      mockRouteError(contract.performance.analytics, 503, NOT_CONNECTED),
      mockRouteError(contract.performance.returns, 503, NOT_CONNECTED),
    );
    renderWithProviders(<PerformancePage />);

    expect(await screen.findByText('Performance Data Connection Issues')).toBeInTheDocument();
    expect(
      screen.getByText('Unable to connect to performance analytics services. Metrics may not be current.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/^Last attempt: /)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Restart' })).toBeInTheDocument();
    expect(screen.getByText('Performance service not connected')).toBeInTheDocument();
    expect(screen.getByText('Disconnected')).toBeInTheDocument();
    for (const label of KPIS) expect(within(card(label)).getByText('--')).toBeInTheDocument();
    expect(screen.queryAllByTestId('heatmap-cell')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Export Report' })).toBeDisabled();
  });

  it('is not connected when only the returns fail, and recovers on Retry', async () => {
    connected();
    server.use(mockRoute(contract.performance.returns, () => HttpResponse.error()));
    const { user } = renderWithProviders(<PerformancePage />);
    expect(await screen.findByText('Performance service not connected')).toBeInTheDocument();
    for (const label of KPIS) expect(within(card(label)).getByText('--')).toBeInTheDocument();

    connected();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('equity-summary')).toBeInTheDocument();
    expect(screen.queryByText('Performance Data Connection Issues')).not.toBeInTheDocument();
  });

  it('says the data is not available when the analytics answer success false', async () => {
    connected();
    server.use(
      mockRoute(contract.performance.analytics, () => errorBody('No closed trades in this account yet')),
    );
    renderWithProviders(<PerformancePage />);
    expect(await screen.findByText('Performance data not available')).toBeInTheDocument();
    expect(screen.getByText('No closed trades in this account yet')).toBeInTheDocument();
    expect(screen.queryByText('Performance Data Connection Issues')).not.toBeInTheDocument();
    for (const label of KPIS) expect(within(card(label)).getByText('--')).toBeInTheDocument();
  });
});

// Keeps the fixture honest against the contract (a shape change fails here first).
it('uses fixtures that satisfy the contract', () => {
  const analytics: PerformanceAnalytics = makePerformanceAnalytics();
  expect(analytics.daily_pnl).toHaveLength(30);
});
