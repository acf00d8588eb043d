import { configure, screen, waitFor, within } from '@testing-library/react';
import { contract, type PlaceOrderRequest } from '@nivesh/api-contract';
import {
  HttpResponse,
  mockRoute,
  mockRouteError,
  renderWithProviders,
  setupServer,
} from '@nivesh/api-client/testing';
import { toaster } from '@nivesh/ui';
import {
  activity,
  holdings,
  notConnected,
  orderPreview,
  placedOrder,
  portfolioOverview,
  tickAt,
  tradingMode,
} from '../../features/testing/fixtures';
import PortfolioPage from './PortfolioPage';

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(30_000);

// No open orders unless a test says otherwise.
const server = setupServer(mockRoute(contract.orders.list, () => ({ success: true, data: [] })));
const requests: string[] = [];
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  server.events.on('request:start', ({ request }) => {
    requests.push(`${request.method} ${new URL(request.url).pathname}`);
  });
});
afterEach(() => {
  server.resetHandlers();
  requests.length = 0;
  toaster.remove();
});
afterAll(() => server.close());

const overviewOk = mockRoute(contract.portfolio.overview, () => ({ success: true, data: portfolioOverview }));
const holdingsOk = mockRoute(contract.portfolio.holdings, () => ({ success: true, data: holdings }));
const overviewDown = mockRoute(contract.portfolio.overview, notConnected('The portfolio service'));
const holdingsDown = mockRoute(contract.portfolio.holdings, notConnected('The portfolio service'));

function renderPage() {
  return renderWithProviders(<PortfolioPage />, { route: '/portfolio', path: '/portfolio' });
}

const card = (label: string) => screen.getByRole('group', { name: label });

describe('PortfolioPage', () => {
  it("says the live account's P&L is before charges, as Upstox reports it", async () => {
    server.use(
      mockRoute(contract.portfolio.overview, () => ({
        success: true,
        data: { ...portfolioOverview, trading_mode: 'live', pnl_basis: 'before_charges' },
      })),
      mockRoute(contract.portfolio.holdings, () => ({
        success: true,
        data: holdings.map((h) => ({ ...h, pnl_basis: 'before_charges' })),
      })),
    );
    renderPage();
    const table = await screen.findByRole('table', { name: 'Current holdings' });
    expect(within(table).getByRole('columnheader', { name: 'P&L before charges' })).toBeInTheDocument();
    expect(await within(card('Daily P&L')).findByText('before charges')).toBeInTheDocument();
    expect(within(card('Total Returns')).getByText('before charges')).toBeInTheDocument();
    expect(screen.queryByText('after charges')).not.toBeInTheDocument();
  });

  it('shows skeletons while loading', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      mockRoute(contract.portfolio.overview, async () => {
        await gate;
        return HttpResponse.json({ success: true, data: portfolioOverview });
      }),
      mockRoute(contract.portfolio.holdings, async () => {
        await gate;
        return HttpResponse.json({ success: true, data: holdings });
      }),
    );
    renderPage();
    expect(screen.getByRole('heading', { name: 'Portfolio', level: 1 })).toBeInTheDocument();
    expect(screen.getByLabelText('Loading holdings')).toBeInTheDocument();
    expect(within(card('Total Value')).queryByText('--')).not.toBeInTheDocument();
    release();
    expect(await screen.findByRole('table', { name: 'Current holdings' })).toBeInTheDocument();
  });

  it('shows the four cards and the holdings table with formatted, signed and coloured figures', async () => {
    server.use(overviewOk, holdingsOk);
    renderPage();
    expect(await within(card('Total Value')).findByText('₹12,34,568')).toBeInTheDocument();
    expect(within(card('Daily P&L')).getByText('-₹2,346')).toHaveStyle({
      color: 'var(--chakra-colors-loss)',
    });
    expect(within(card('Active Positions')).getByText('7')).toBeInTheDocument();
    expect(within(card('Total Returns')).getByText('+₹2,34,568')).toHaveStyle({
      color: 'var(--chakra-colors-gain)',
    });
    expect(within(screen.getByRole('region', { name: 'Summary' })).getAllByRole('group')).toHaveLength(4);
    // Every P&L says it is after charges, as on Trades and Risk.
    expect(within(card('Daily P&L')).getByText('after charges')).toBeInTheDocument();
    expect(within(card('Total Returns')).getByText('after charges')).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Current holdings' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      'Symbol',
      'Quantity',
      'Entry Price',
      'Current Price',
      'P&L after charges',
      'Return %',
      'Trade',
    ]);

    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const reliance = within(rows[0]!);
    expect(reliance.getByText('RELIANCE')).toBeInTheDocument();
    expect(reliance.getByText('1,200')).toBeInTheDocument();
    expect(reliance.getByText('₹2,400.50')).toBeInTheDocument();
    expect(reliance.getByText('₹2,456.75')).toBeInTheDocument();
    expect(reliance.getByText('+₹67,500')).toHaveStyle({ color: 'var(--chakra-colors-gain)' });
    expect(reliance.getByText('+2.34%')).toHaveStyle({ color: 'var(--chakra-colors-gain)' });
    const infy = within(rows[1]!);
    expect(infy.getByText('INFY')).toBeInTheDocument();
    expect(infy.getByText('50')).toBeInTheDocument();
    expect(infy.getByText('₹1,600.00')).toBeInTheDocument();
    expect(infy.getByText('₹1,520.20')).toBeInTheDocument();
    expect(infy.getByText('-₹3,990')).toHaveStyle({ color: 'var(--chakra-colors-loss)' });
    expect(infy.getByText('-4.99%')).toHaveStyle({ color: 'var(--chakra-colors-loss)' });
    expect(screen.getByText('2 positions · market value ₹30,24,110')).toBeInTheDocument();
    expect(screen.queryByText('Error loading portfolio data')).not.toBeInTheDocument();
  });

  it('shows the cash held for open orders as its own figure, and the figures add up to the value', async () => {
    // Value ₹12,34,567.89 = cash ₹5,00,000 + holdings ₹7,34,567.89; cash = ₹4,97,974.35 available
    // + ₹2,025.65 held by a resting buy.
    server.use(overviewOk, holdingsOk);
    renderPage();
    const value = card('Total Value');
    expect(await within(value).findByText('₹12,34,568')).toBeInTheDocument();
    expect(within(value).getByText('Cash ₹5,00,000.00 + Holdings ₹7,34,567.89')).toBeInTheDocument();
    expect(
      within(value).getByText('Cash = ₹4,97,974.35 available + ₹2,025.65 held for open orders'),
    ).toBeInTheDocument();
  });

  it('says the held funds are not reported when the broker gives no figure (live)', async () => {
    server.use(
      mockRoute(contract.portfolio.overview, () => ({
        success: true,
        data: {
          ...portfolioOverview,
          trading_mode: 'live',
          data_source: 'upstox',
          cash_balance: 497_974.35,
          portfolio_value: 1_232_542.24,
          total_value: 1_232_542.24,
          blocked_funds: null,
        },
      })),
      holdingsOk,
    );
    renderPage();
    const value = card('Total Value');
    expect(await within(value).findByText('Cash ₹4,97,974.35 + Holdings ₹7,34,567.89')).toBeInTheDocument();
    expect(
      within(value).getByText(
        'Cash is what the broker reports as available; funds held for open orders are not reported',
      ),
    ).toBeInTheDocument();
  });

  it('shows a clear empty state when there are no holdings', async () => {
    server.use(
      overviewOk,
      mockRoute(contract.portfolio.holdings, () => ({ success: true, data: [] })),
    );
    renderPage();
    expect(await screen.findByText('No holdings yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('names the portfolio call when it fails, and still shows the holdings', async () => {
    server.use(overviewDown, holdingsOk);
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error loading portfolio data')).toBeInTheDocument();
    expect(within(alert).getByText('Failed to fetch portfolio data')).toBeInTheDocument();
    expect(within(alert).queryByText('Failed to fetch holdings data')).not.toBeInTheDocument();
    expect(
      within(alert).getByText('The portfolio service is not connected on this server.'),
    ).toBeInTheDocument();
    expect(within(card('Total Value')).getByText('--')).toBeInTheDocument();
    expect(within(card('Total Value')).getByText('Data source not connected')).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Current holdings' })).toBeInTheDocument();
  });

  it('names the holdings call when it fails, and still shows the summary', async () => {
    server.use(overviewOk, holdingsDown);
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error loading portfolio data')).toBeInTheDocument();
    expect(within(alert).getByText('Failed to fetch holdings data')).toBeInTheDocument();
    expect(within(alert).queryByText('Failed to fetch portfolio data')).not.toBeInTheDocument();
    expect(screen.getByText('Holdings not available')).toBeInTheDocument();
    expect(await within(card('Total Value')).findByText('₹12,34,568')).toBeInTheDocument();
  });

  it('names both calls when both fail, and Try Again fetches them again', async () => {
    server.use(overviewDown, holdingsDown);
    const { user } = renderPage();
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(within(alert).getByText('Failed to fetch holdings data')).toBeInTheDocument());
    expect(within(alert).getByText('Failed to fetch portfolio data')).toBeInTheDocument();

    server.use(overviewOk, holdingsOk);
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('table', { name: 'Current holdings' })).toBeInTheDocument();
    expect(await within(card('Total Value')).findByText('₹12,34,568')).toBeInTheDocument();
    expect(screen.queryByText('Error loading portfolio data')).not.toBeInTheDocument();
    expect(requests.filter((call) => call === 'GET /api/portfolio/holdings')).toHaveLength(2);
  });

  it('says "Not available" on the cards for a failure that is not a disconnection', async () => {
    server.use(mockRouteError(contract.portfolio.overview, 400, 'Bad request'), holdingsOk);
    renderPage();
    expect(await screen.findByText('Failed to fetch portfolio data')).toBeInTheDocument();
    expect(within(card('Total Value')).getByText('Not available')).toBeInTheDocument();
  });
});

describe('PortfolioPage with live prices', () => {
  it('moves Current Price, P&L and Return % of a holding, and the cards, with its ticks', async () => {
    server.use(overviewOk, holdingsOk);
    const { tickServer } = renderPage();
    expect(await within(card('Total Value')).findByText('₹12,34,568')).toBeInTheDocument();
    await tickServer.following(['INFY', 'RELIANCE']);

    // RELIANCE 2,456.75 -> 2,466.75 on 1,200 shares: +₹12,000.
    tickServer.publish([tickAt('RELIANCE', 2_466.75, 2_446.95)]);
    const reliance = within(screen.getByTestId('holding-RELIANCE-CNC'));
    expect(reliance.getByText('₹2,466.75')).toBeInTheDocument();
    expect(reliance.getByText('+₹79,500')).toBeInTheDocument(); // (2,466.75 - 2,400.50) x 1,200
    expect(reliance.getByText('+2.76%')).toBeInTheDocument(); // 66.25 / 2,400.50
    expect(within(card('Total Value')).getByText('₹12,46,568')).toBeInTheDocument();
    expect(within(card('Daily P&L')).getByText('+₹9,655')).toHaveStyle({
      color: 'var(--chakra-colors-gain)',
    });
    // -0.19% + 12,000 / (12,34,567.89 + 2,345.50) = +0.78%
    expect(within(card('Daily P&L')).getByText('+0.78% since previous close')).toBeInTheDocument();
    expect(within(card('Total Returns')).getByText('+₹2,46,568')).toBeInTheDocument();
    expect(screen.getByText('2 positions · market value ₹30,36,110')).toBeInTheDocument();

    // INFY falls further: 1,520.20 -> 1,500.00 on 50 shares.
    tickServer.publish([tickAt('INFY', 1_500, 1_537.1, 2)]);
    const infy = within(screen.getByTestId('holding-INFY-CNC'));
    expect(infy.getByText('₹1,500.00')).toBeInTheDocument();
    expect(infy.getByText('-₹5,000')).toHaveStyle({ color: 'var(--chakra-colors-loss)' });
    expect(infy.getByText('-6.25%')).toBeInTheDocument();
    expect(within(card('Total Value')).getByText('₹12,45,558')).toBeInTheDocument(); // -1,010
    expect(screen.getByText(/Simulated prices · streaming/)).toBeInTheDocument();
  });

  it('ignores ticks older than the figures the server sent', async () => {
    server.use(overviewOk, holdingsOk);
    const { tickServer } = renderPage();
    expect(await within(card('Total Value')).findByText('₹12,34,568')).toBeInTheDocument();
    await tickServer.following(['RELIANCE']);
    tickServer.publish([tickAt('RELIANCE', 2_300, 2_446.95, -60)]);
    expect(within(screen.getByTestId('holding-RELIANCE-CNC')).getByText('₹2,456.75')).toBeInTheDocument();
    expect(within(card('Total Value')).getByText('₹12,34,568')).toBeInTheDocument();
  });
});

describe('PortfolioPage orders', () => {
  const previews: PlaceOrderRequest[] = [];
  const placed: PlaceOrderRequest[] = [];
  afterEach(() => {
    previews.length = 0;
    placed.length = 0;
  });

  function orderHandlers() {
    return [
      overviewOk,
      holdingsOk,
      mockRoute(contract.portfolio.activity, () => ({ success: true, data: activity })),
      mockRoute(contract.trading.getMode, () => tradingMode('paper')),
      mockRoute(contract.orders.preview, async ({ request }) => {
        previews.push((await request.json()) as PlaceOrderRequest);
        return HttpResponse.json({ success: true, data: orderPreview() });
      }),
      mockRoute(contract.orders.place, async ({ request }) => {
        const body = (await request.json()) as PlaceOrderRequest;
        placed.push(body);
        return HttpResponse.json({
          success: true,
          message: `Sold ${body.quantity} ${body.symbol} at ₹1,520.20`,
          data: placedOrder(body, 'filled', 1_520.2),
        });
      }),
    ];
  }

  it('lists open orders and cancels one after confirming', async () => {
    const resting = placedOrder(
      { symbol: 'TCS', side: 'BUY', quantity: 3, order_type: 'LIMIT', limit_price: 3_800.05, product: 'CNC' },
      'open',
    );
    let open = [resting];
    const cancelled: string[] = [];
    server.use(
      mockRoute(contract.orders.list, ({ request }) => {
        expect(new URL(request.url).searchParams.get('status')).toBe('open');
        return HttpResponse.json({ success: true, data: open });
      }),
      mockRoute(contract.orders.cancel, ({ params }) => {
        cancelled.push(String(params.orderId));
        open = [];
        return HttpResponse.json({
          success: true,
          message: 'Cancelled: Buy 3 TCS at ₹3,800.05',
          data: { ...resting, status: 'cancelled' },
        });
      }),
      ...orderHandlers(),
    );
    const { user } = renderPage();
    const table = await screen.findByRole('table', { name: 'Open orders' });
    expect(within(table).getByText('Buy 3 TCS at ₹3,800.05')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Cancel Buy 3 TCS at ₹3,800.05' }));
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel Order' }));
    expect(await screen.findByText('Cancelled: Buy 3 TCS at ₹3,800.05')).toBeInTheDocument();
    expect(cancelled).toEqual(['ord-1']);
    expect(await screen.findByText('No open orders.')).toBeInTheDocument();
  });

  it('New Order opens an empty ticket that takes a typed symbol', async () => {
    server.use(...orderHandlers());
    const { user } = renderPage();
    await screen.findByRole('table', { name: 'Current holdings' });
    await user.click(screen.getByRole('button', { name: /New Order/ }));
    const ticket = await screen.findByRole('dialog');
    expect(within(ticket).getByLabelText('Symbol')).toHaveValue('');
    expect(within(ticket).getByText('Enter a symbol.')).toBeInTheDocument();
    await user.type(within(ticket).getByLabelText('Symbol'), 'tcs');
    await user.type(within(ticket).getByLabelText('Quantity'), '3');
    await waitFor(() =>
      expect(previews.at(-1)).toEqual({
        symbol: 'TCS',
        side: 'BUY',
        quantity: 3,
        order_type: 'MARKET',
        product: 'CNC',
      }),
    );
  });

  it("a holding's Sell fills the ticket with it; placing toasts and fetches the account again", async () => {
    server.use(...orderHandlers());
    const { user } = renderPage();
    await screen.findByRole('table', { name: 'Current holdings' });
    await user.click(screen.getByRole('button', { name: 'Sell INFY CNC' }));
    const ticket = await screen.findByRole('dialog');
    expect(within(ticket).getByLabelText('Symbol')).toHaveValue('INFY');
    expect(within(ticket).getByLabelText('Quantity')).toHaveValue(50);
    expect(within(ticket).getByRole('button', { name: 'Sell' })).toHaveAttribute('aria-pressed', 'true');
    await within(ticket).findByRole('table', { name: 'Order estimate' });

    const before = {
      overview: requests.filter((call) => call === 'GET /api/portfolio/overview').length,
      holdings: requests.filter((call) => call === 'GET /api/portfolio/holdings').length,
    };
    const place = within(ticket).getByRole('button', { name: 'Place paper sell order' });
    await waitFor(() => expect(place).toBeEnabled());
    await user.click(place);

    expect(await screen.findByText('Sold 50 INFY at ₹1,520.20')).toBeInTheDocument();
    expect(placed).toEqual([
      { symbol: 'INFY', side: 'SELL', quantity: 50, order_type: 'MARKET', product: 'CNC' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => {
      expect(requests.filter((call) => call === 'GET /api/portfolio/overview').length).toBe(
        before.overview + 1,
      );
      expect(requests.filter((call) => call === 'GET /api/portfolio/holdings').length).toBe(
        before.holdings + 1,
      );
    });
  });
});
