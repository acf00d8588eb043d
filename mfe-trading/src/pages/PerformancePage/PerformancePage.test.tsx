import { configure, screen, waitFor, within } from '@testing-library/react';
import { toaster } from '@nivesh/ui';
import {
  delay,
  errorBody,
  HttpResponse,
  mockRoute,
  mockRouteError,
  renderWithProviders,
  setupServer,
} from '@nivesh/api-client/testing';
import { contract, type PerformanceAnalytics } from '@nivesh/api-contract';
import { makePerformanceAnalytics, makeReturns } from '@nivesh/api-contract/testing';
import PerformancePage from './PerformancePage';

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(30_000);

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
) {
  server.use(
    mockRoute(contract.performance.analytics, ({ request }) => {
      const period = new URL(request.url).searchParams.get('period') ?? '';
      seen.analytics.push(period);
      return HttpResponse.json({ success: true, data: { ...analytics, period } });
    }),
    mockRoute(contract.performance.returns, ({ request }) => {
      const period = new URL(request.url).searchParams.get('period') ?? '';
      seen.returns.push(period);
      return HttpResponse.json({ success: true, period, benchmark: 'NIFTY 50', data: makeReturns() });
    }),
  );
  return seen;
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
      ]),
    );
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
