import { configure, fireEvent, screen, within } from '@testing-library/react';
import {
  errorBody,
  layOutCharts,
  mockRoute,
  mockRouteError,
  renderWithProviders,
  setupServer,
} from '@nivesh/api-client/testing';
import { contract } from '@nivesh/api-contract';
import { performanceHandlers } from '../../testing/fixtures';
import PerformancePage from './PerformancePage';

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(30_000);

layOutCharts();

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const REPORT = '/performance?view=report&period=quarter';

function openReport(route = REPORT) {
  return renderWithProviders(<PerformancePage />, { route });
}

describe('the printable performance report', () => {
  it("prints the period's figures, tear sheet, charts and the trades closed in it", async () => {
    const seen = { analytics: [] as string[], returns: [] as string[] };
    server.use(...performanceHandlers({ seen }));
    openReport();

    expect(await screen.findByRole('heading', { name: 'Performance Report · Quarter' })).toBeInTheDocument();
    const trades = await screen.findByRole('table', { name: 'Closed trades' });
    expect(seen.analytics).toEqual(['quarter']);
    expect(seen.returns).toEqual(['quarter']);
    expect(screen.getByTestId('report-period')).toHaveTextContent('01 Feb 2026 to 01 Mar 2026');

    const figures = screen.getByLabelText('Report figures');
    expect(within(figures).getByTestId('figure-Total Return')).toHaveTextContent('+4.37%');
    expect(within(figures).getByTestId('figure-Win Rate')).toHaveTextContent('62.5%');
    expect(within(figures).getByTestId('figure-Avg Hold Time')).toHaveTextContent('5.8 hrs');
    // Each figure once, though the page shows some in two places.
    expect(within(figures).getAllByTestId('figure-Sharpe Ratio')).toHaveLength(1);
    const tearSheet = screen.getByLabelText('Tear sheet');
    expect(within(tearSheet).getByTestId('figure-Money-Weighted Return (XIRR)')).toHaveTextContent('+51.30%');
    expect(within(tearSheet).getByTestId('figure-Beta')).toHaveTextContent('0.82');
    expect(screen.getByRole('table', { name: 'Deepest drawdowns' })).toBeInTheDocument();

    for (const chart of [/^Equity curve/, /^Underwater curve/, /^Rolling Sharpe ratio and beta/]) {
      expect(screen.getByRole('img', { name: chart }).querySelector('.recharts-surface')).not.toBeNull();
    }
    expect(screen.getByRole('table', { name: 'Monthly performance' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Performance by stock' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Performance by strategy' })).toBeInTheDocument();

    // The trades closed from 1 February on, in the order they closed; INFY closed in January.
    const rows = within(trades).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual(['TCS', 'RELIANCE']);
    expect(within(rows[0]!).getByText('-₹320')).toBeInTheDocument();
    expect(within(trades).queryByText('INFY')).not.toBeInTheDocument();
  });

  it('prints on Print, in light colours while the browser prints', async () => {
    server.use(...performanceHandlers());
    const { user } = openReport();
    await screen.findByRole('table', { name: 'Closed trades' });
    const print = jest.fn();
    Object.assign(window, { print });
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);

    const report = screen
      .getByRole('heading', { name: /^Performance Report/ })
      .closest('[data-print-report]')!;
    expect(report).not.toHaveClass('light');
    fireEvent(window, new Event('beforeprint'));
    expect(report).toHaveClass('light');
    fireEvent(window, new Event('afterprint'));
    expect(report).not.toHaveClass('light');
    expect(screen.getByRole('button', { name: 'Print' }).closest('[data-print-hide]')).not.toBeNull();
  });

  it('says when the trades cannot be read, and does not offer to print without them', async () => {
    server.use(...performanceHandlers());
    server.use(
      mockRouteError(contract.trading.history, 503, 'The trading service is not connected on this server.'),
    );
    openReport();
    expect(await screen.findByText('Trades not available')).toBeInTheDocument();
    expect(screen.getByText('The trading service is not connected on this server.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeDisabled();
  });

  it('says when there is no performance data, and goes back to the page', async () => {
    server.use(...performanceHandlers());
    server.use(mockRoute(contract.performance.analytics, () => errorBody('No trading history yet')));
    const { user } = openReport();
    expect(await screen.findByText('Performance data not available')).toBeInTheDocument();
    expect(screen.getByText('No trading history yet')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to Performance' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/performance$/);
  });

  it('reports the default month for an address without a known period', async () => {
    const seen = { analytics: [] as string[], returns: [] as string[] };
    server.use(...performanceHandlers({ seen }));
    openReport('/performance?view=report&period=decade');
    expect(await screen.findByRole('heading', { name: 'Performance Report · Month' })).toBeInTheDocument();
    expect(seen.analytics).toEqual(['month']);
  });
});
