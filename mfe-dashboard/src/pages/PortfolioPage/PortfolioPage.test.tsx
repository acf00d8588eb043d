import { screen, waitFor, within } from '@testing-library/react';
import { errorBody, http, HttpResponse, renderWithProviders, setupServer } from '@nivesh/api-client/testing';
import { holdings, notConnected, portfolioOverview } from '../../features/testing/fixtures';
import PortfolioPage from './PortfolioPage';

const server = setupServer();
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
});
afterAll(() => server.close());

const overviewOk = http.get('/api/portfolio/overview', () =>
  HttpResponse.json({ success: true, data: portfolioOverview }),
);
const holdingsOk = http.get('/api/portfolio/holdings', () =>
  HttpResponse.json({ success: true, data: holdings }),
);
const overviewDown = http.get('/api/portfolio/overview', notConnected('The portfolio service'));
const holdingsDown = http.get('/api/portfolio/holdings', notConnected('The portfolio service'));

function renderPage() {
  return renderWithProviders(<PortfolioPage />, { route: '/portfolio', path: '/portfolio' });
}

const card = (label: string) => screen.getByRole('group', { name: label });

describe('PortfolioPage', () => {
  it('shows skeletons while loading', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get('/api/portfolio/overview', async () => {
        await gate;
        return HttpResponse.json({ success: true, data: portfolioOverview });
      }),
      http.get('/api/portfolio/holdings', async () => {
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

    const table = await screen.findByRole('table', { name: 'Current holdings' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Symbol', 'Quantity', 'Entry Price', 'Current Price', 'P&L', 'Return %']);

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

  it('shows a clear empty state when there are no holdings', async () => {
    server.use(
      overviewOk,
      http.get('/api/portfolio/holdings', () => HttpResponse.json({ success: true, data: [] })),
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
    server.use(
      http.get('/api/portfolio/overview', () => HttpResponse.json(errorBody('Bad request'), { status: 400 })),
      holdingsOk,
    );
    renderPage();
    expect(await screen.findByText('Failed to fetch portfolio data')).toBeInTheDocument();
    expect(within(card('Total Value')).getByText('Not available')).toBeInTheDocument();
  });
});
