import { screen, waitFor, within } from '@testing-library/react';
import { contract } from '@nivesh/api-contract';
import {
  makeMarketSentiment,
  makeMarketStatus,
  makeNews,
  makeTradingModeCheck,
} from '@nivesh/api-contract/testing';
import {
  errorBody,
  FakeTickServer,
  HttpResponse,
  mockRoute,
  mockRouteError,
  renderWithProviders,
  setupServer,
} from '@nivesh/api-client/testing';
import {
  connectedDashboardHandlers,
  disconnectedDashboardHandlers,
  engines,
  freshInstallMlMetrics,
  holdings,
  mlMetrics,
  marketOverview,
  portfolioOverview,
  tickAt,
  tradingMode,
} from '../../features/testing/fixtures';
import DashboardPage from './DashboardPage';

const server = setupServer();
/** Every request the page made, as 'METHOD /path'. */
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

const count = (call: string) => requests.filter((request) => request === call).length;

function renderDashboard() {
  return renderWithProviders(<DashboardPage />, { route: '/dashboard', path: '/dashboard' });
}

function card(label: string) {
  return screen.getByRole('group', { name: label });
}

function panel(title: string) {
  return screen.getByRole('region', { name: title });
}

describe('DashboardPage while loading', () => {
  it('shows skeleton cards, a checking indicator and the first-connection texts', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      ...connectedDashboardHandlers(),
      mockRoute(contract.portfolio.overview, async () => {
        await gate;
        return HttpResponse.json({ success: true, data: portfolioOverview });
      }),
      mockRoute(contract.ml.intelligenceMetrics, async () => {
        await gate;
        return HttpResponse.json({ success: true, data: mlMetrics() });
      }),
      mockRoute(contract.ml.marketSentiment, async () => {
        await gate;
        return HttpResponse.json(errorBody('x'), { status: 503 });
      }),
      mockRoute(contract.ml.enginesStatus, async () => {
        await gate;
        return HttpResponse.json(errorBody('x'), { status: 503 });
      }),
      mockRoute(contract.ml.news, async () => {
        await gate;
        return HttpResponse.json(errorBody('x'), { status: 503 });
      }),
    );
    renderDashboard();
    expect(screen.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Connection: Connecting...' })).toBeInTheDocument();
    expect(within(card('Portfolio Value')).getByText('Portfolio Value')).toBeInTheDocument();
    expect(within(card('Portfolio Value')).queryByText('--')).not.toBeInTheDocument();
    expect(within(card('AI Health')).queryByText('ML metrics unavailable')).not.toBeInTheDocument();
    expect(screen.getByText('System initializing...')).toBeInTheDocument();
    expect(screen.getByText('AI services unavailable - connecting to ML systems...')).toBeInTheDocument();
    release();
    expect(await within(card('Portfolio Value')).findByText('₹12,34,568')).toBeInTheDocument();
  });
});

describe('DashboardPage, connected', () => {
  beforeEach(() => server.use(...connectedDashboardHandlers()));

  it('shows the five summary cards with rupee figures in en-IN, signed and coloured', async () => {
    renderDashboard();
    expect(screen.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(await within(card('Portfolio Value')).findByText('₹12,34,568')).toBeInTheDocument();
    expect(
      within(card('Portfolio Value')).getByText('Cash ₹5,00,000.00 + Holdings ₹7,34,567.89'),
    ).toBeInTheDocument();
    expect(
      within(card('Portfolio Value')).getByText(
        'Cash = ₹4,97,974.35 available + ₹2,025.65 held for open orders',
      ),
    ).toBeInTheDocument();
    const pnl = within(card("Today's P&L")).getByText('-₹2,346');
    expect(pnl).toHaveStyle({ color: 'var(--chakra-colors-loss)' });
    expect(within(card("Today's P&L")).getByText('-0.19% since previous close')).toBeInTheDocument();
    // The same P&L as Portfolio, Trades and Risk, and it says so: after charges.
    expect(within(card("Today's P&L")).getByText('after charges')).toBeInTheDocument();
    expect(within(card('Total Returns')).getByText('after charges')).toBeInTheDocument();
    expect(within(card('Active Positions')).getByText('7')).toBeInTheDocument();
    expect(within(card('Active Positions')).getByText('3 trades today')).toBeInTheDocument();
    const returns = within(card('Total Returns')).getByText('+₹2,34,568');
    expect(returns).toHaveStyle({ color: 'var(--chakra-colors-gain)' });
    expect(within(card('Total Returns')).getByText('+23.46% overall')).toBeInTheDocument();
    expect(await within(card('AI Health')).findByText('83%')).toBeInTheDocument();
    expect(within(card('AI Health')).getByText('Excellent · Learning Active')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Summary' })).getAllByRole('group')).toHaveLength(5);
    expect(await screen.findByText('Paper Trading · Simulated prices · streaming')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Connection: Connected' })).toBeInTheDocument();
    expect(screen.queryByText('Data Connection Issues')).not.toBeInTheDocument();
  });

  it('lists NIFTY 50, SENSEX and Bank NIFTY with level and signed, coloured change, labelled simulated', async () => {
    renderDashboard();
    const nifty = await screen.findByTestId('index-NIFTY_50');
    expect(within(nifty).getByText('NIFTY 50')).toBeInTheDocument();
    expect(within(nifty).getByText('24,350.50')).toBeInTheDocument();
    expect(within(nifty).getByText('+150.50 (+0.62%)')).toHaveStyle({ color: 'var(--chakra-colors-gain)' });
    const sensex = screen.getByTestId('index-SENSEX');
    expect(within(sensex).getByText('SENSEX')).toBeInTheDocument();
    expect(within(sensex).getByText('80,100.25')).toBeInTheDocument();
    expect(within(sensex).getByText('-299.75 (-0.37%)')).toHaveStyle({ color: 'var(--chakra-colors-loss)' });
    const bank = screen.getByTestId('index-BANK_NIFTY');
    expect(within(bank).getByText('Bank NIFTY')).toBeInTheDocument();
    expect(within(bank).getByText('52,000.00')).toBeInTheDocument();
    expect(within(bank).getByText('+520.00 (+1.01%)')).toBeInTheDocument();
    expect(screen.getByText('Simulated data')).toBeInTheDocument();
    expect(await screen.findByText('Market Open')).toBeInTheDocument();
  });

  it('says the simulated session is open, not Market Closed, when the simulation trades outside NSE hours', async () => {
    server.use(
      mockRoute(
        contract.market.status,
        makeMarketStatus('OPEN', {
          exchange_status: 'CLOSED',
          closed_reason: 'weekend',
          simulated_session_open: true,
        }),
      ),
    );
    renderDashboard();
    const market = await screen.findByRole('region', { name: 'Market Status' });
    expect(
      await within(market).findByText('Simulated session open (NSE closed)', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(within(market).queryByText('Market Closed')).not.toBeInTheDocument();
  });

  it('lists recent activity: Bought or Sold, symbol, quantity at price, value and time ago', async () => {
    renderDashboard();
    const list = await screen.findByRole('list', { name: 'Recent activity' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Bought')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('TCS')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('10 @ ₹3,850.25')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('₹38,503')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('5 minutes ago')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Sold')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('HDFCBANK')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('25 @ ₹1,700.00')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('₹42,500')).toBeInTheDocument();
  });

  it('shows the ML intelligence card from the metrics, with a link to the full ML page', async () => {
    const { user } = renderDashboard();
    const ml = panel('ML Intelligence');
    expect(await within(ml).findByText('Overall health')).toBeInTheDocument();
    expect(within(ml).getByText('83%')).toBeInTheDocument();
    expect(within(ml).getByText('Excellent')).toBeInTheDocument();
    expect(within(ml).getByText('Learning Active')).toBeInTheDocument();
    expect(within(ml).getByText('61.5%')).toBeInTheDocument();
    expect(within(ml).getByText('No Critical Alerts')).toBeInTheDocument();
    await user.click(within(ml).getByRole('link', { name: /View Full Dashboard/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/ml-intelligence');
  });

  it('shows sentiment, at most 5 news events and at most 8 themes in the pipeline tabs', async () => {
    const { user } = renderDashboard();
    const pipeline = panel('Data Intelligence Pipeline');
    expect(await within(pipeline).findByText('Positive')).toBeInTheDocument();
    expect(within(pipeline).getByText('+0.42')).toBeInTheDocument();
    expect(within(pipeline).getByText('73%')).toBeInTheDocument();
    expect(within(pipeline).getByText('128')).toBeInTheDocument();
    expect(await within(pipeline).findByTestId('pipeline-health')).toHaveTextContent('Healthy');

    await user.click(within(pipeline).getByRole('tab', { name: 'Events' }));
    const events = within(pipeline).getByRole('list', { name: 'News events' });
    const items = within(events).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(within(items[0]!).getByText('Headline 1')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Summary of story 1')).toBeInTheDocument();
    expect(within(items[0]!).getByText('positive')).toBeInTheDocument();
    expect(within(items[1]!).getByText('negative')).toBeInTheDocument();
    expect(
      within(items[0]!).getByText(/^Wire · (just now|\d+ (minute|hour|day)s? ago)$/),
    ).toBeInTheDocument();
    expect(within(pipeline).queryByText('Headline 6')).not.toBeInTheDocument();

    await user.click(within(pipeline).getByRole('tab', { name: 'Intelligence' }));
    expect(within(pipeline).getByText('Theme 1 · 10')).toBeInTheDocument();
    expect(within(pipeline).getByText('Theme 8 · 3')).toBeInTheDocument();
    expect(within(pipeline).queryByText(/Theme 9/)).not.toBeInTheDocument();
    expect(within(pipeline).getByText('Signal engine')).toBeInTheDocument();
  });

  it('marks the pipeline degraded when an engine is down', async () => {
    server.use(
      mockRoute(contract.ml.enginesStatus, () => ({
        ...engines,
        data: {
          ...engines.data,
          engines_active: 2,
          engines: [
            ...engines.data.engines.slice(0, 2),
            { name: 'Risk engine', status: 'error', last_heartbeat: null },
          ],
        },
      })),
    );
    renderDashboard();
    const engineRow = await screen.findByRole('listitem', { name: 'Analysis engines: Failing' });
    expect(engineRow).toHaveTextContent('2/3 engines active · 1 of 3 engines down (Risk engine)');
    expect(screen.getByTestId('pipeline-health')).toHaveTextContent('Degraded');
  });

  it('says what flows and what does not, source by source: no news feed configured is not "all sources flowing"', async () => {
    const base = makeNews();
    server.use(
      mockRoute(contract.ml.news, () => ({
        ...base,
        data: {
          ...base.data,
          headlines: [],
          themes: [],
          feeds: { configured: 0, reads: [], last_refresh_at: null },
        },
      })),
      mockRoute(
        contract.ml.marketSentiment,
        makeMarketSentiment({
          sentiment: {
            overall: { score: 0.2, confidence: 0.13, label: 'Positive' },
            sources: { news: { count: 0 }, read_from: ['market breadth'] },
          },
        }),
      ),
    );
    const { user } = renderDashboard();
    const pipeline = panel('Data Intelligence Pipeline');
    const newsRow = await within(pipeline).findByRole('listitem', { name: 'News feeds: Not flowing' });
    expect(newsRow).toHaveTextContent(
      'No news feed is configured, so the market sentiment comes from market breadth alone.',
    );
    expect(within(pipeline).getByRole('listitem', { name: 'Market sentiment: Flowing' })).toHaveTextContent(
      'Read from market breadth alone (NIFTY 50 advancers against decliners): no news to read.',
    );
    expect(within(pipeline).getByText(/^Flowing:/).parentElement).toHaveTextContent(
      'Flowing: Market sentiment, Analysis engines',
    );
    expect(within(pipeline).getByText(/^Not flowing:/).parentElement).toHaveTextContent(
      'Not flowing: News feeds',
    );
    expect(within(pipeline).getByTestId('pipeline-health')).toHaveTextContent('Partial');
    expect(within(pipeline).queryByText('All sources flowing')).not.toBeInTheDocument();
    await user.click(
      within(newsRow).getByRole('link', { name: 'Add a news feed in Settings › Data Sources' }),
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/settings?tab=data-sources');
  });

  it('names each news feed that flows and each that fails, with why', async () => {
    const base = makeNews();
    server.use(
      mockRoute(contract.ml.news, () => ({
        ...base,
        data: {
          ...base.data,
          feeds: {
            configured: 2,
            reads: [
              {
                source: 'news.example.com',
                ok: true,
                items: 20,
                error: null,
                read_at: '2026-11-20T09:30:00.000Z',
              },
              {
                source: 'feeds.example.org',
                ok: false,
                items: 0,
                error: 'feeds.example.org answered 404 Not Found.',
                read_at: '2026-11-20T09:30:00.000Z',
              },
            ],
            last_refresh_at: '2026-11-20T09:30:00.000Z',
          },
        },
      })),
    );
    renderDashboard();
    const pipeline = panel('Data Intelligence Pipeline');
    expect(
      await within(pipeline).findByRole('listitem', { name: 'News: news.example.com: Flowing' }),
    ).toHaveTextContent('20 headlines, read 03:00:00 pm IST');
    expect(
      within(pipeline).getByRole('listitem', { name: 'News: feeds.example.org: Failing' }),
    ).toHaveTextContent('feeds.example.org answered 404 Not Found. (tried 03:00:00 pm IST)');
    expect(within(pipeline).getByTestId('pipeline-health')).toHaveTextContent('Degraded');
  });

  it('greets a fresh install with the model being trained and when it will be ready, not "degraded" or 0%', async () => {
    server.use(
      mockRoute(contract.ml.intelligenceMetrics, () => ({ success: true, data: freshInstallMlMetrics() })),
      mockRoute(contract.ml.marketSentiment, () =>
        HttpResponse.json(
          errorBody(
            'Market sentiment is being computed: the first reading since the server started is not ready yet.',
          ),
          { status: 503 },
        ),
      ),
    );
    renderDashboard();
    const health = card('AI Health');
    expect(await within(health).findByText('Training')).toBeInTheDocument();
    expect(
      within(health).getByText(
        'Training the first model. Started 03:14:00 pm IST, 40% fitted; ready about 03:16:30 pm IST. ML figures appear once it is ready.',
      ),
    ).toBeInTheDocument();
    expect(within(health).queryByText(/%\s*$/)).not.toBeInTheDocument();

    const ml = panel('ML Intelligence');
    expect(within(ml).getByRole('status', { name: 'Model' })).toHaveTextContent('Training the first model');
    for (const [label, reason] of [
      ['Decision quality', 'No automated entry has been made yet.'],
      ['Approval rate', 'The automation has not decided on any signal yet.'],
      ['Win rate', 'No trade has closed yet.'],
      ['Sharpe ratio', 'Not enough daily history yet: it needs a few days of returns.'],
      ['Model health', 'Training the first model'],
    ] as const) {
      const figure = within(ml).getByRole('group', { name: label });
      expect(within(figure).getByText('--')).toBeInTheDocument();
      expect(within(figure).getByText(reason)).toBeInTheDocument();
    }
    expect(within(ml).queryByText('0%')).not.toBeInTheDocument();
    expect(within(ml).queryByText('0.00')).not.toBeInTheDocument();

    const pipeline = panel('Data Intelligence Pipeline');
    expect(
      await within(pipeline).findByRole('listitem', { name: 'Market sentiment: Not ready yet' }),
    ).toHaveTextContent(
      'Market sentiment is being computed: the first reading since the server started is not ready yet.',
    );
    expect(within(pipeline).getByTestId('pipeline-health')).toHaveTextContent('Partial');
    expect(screen.queryByText('Degraded')).not.toBeInTheDocument();
    expect(
      screen.queryByText('AI services unavailable - connecting to ML systems...'),
    ).not.toBeInTheDocument();
  });

  it('offers the critical alerts where they are dealt with: the risk page’s alerts', async () => {
    const metrics = mlMetrics(0.39);
    server.use(
      mockRoute(contract.ml.intelligenceMetrics, () => ({
        success: true,
        data: { ...metrics, system_health: { ...metrics.system_health, critical_alerts: 3 } },
      })),
    );
    const { user } = renderDashboard();
    const health = card('AI Health');
    expect(await within(health).findByText('Needs Attention · Learning Active')).toBeInTheDocument();
    expect(
      within(panel('ML Intelligence')).getByRole('link', { name: '3 critical alerts: review and act' }),
    ).toHaveAttribute('href', '/risk?tab=alerts');
    await user.click(within(health).getByRole('link', { name: '3 critical alerts: review and act' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/risk?tab=alerts');
  });

  it('says so when the server reports no analysis engines', async () => {
    server.use(
      mockRoute(contract.ml.enginesStatus, () => ({
        ...engines,
        data: { ...engines.data, engines_active: 0, total_engines: 0, engines: [] },
      })),
    );
    const { user } = renderDashboard();
    const pipeline = panel('Data Intelligence Pipeline');
    expect(await within(pipeline).findByText(/0\/0 engines/)).toBeInTheDocument();
    await user.click(within(pipeline).getByRole('tab', { name: 'Intelligence' }));
    expect(within(pipeline).getByText('No engines reported.')).toBeInTheDocument();
  });

  it('computes AI Health from the metrics: band, and Learning Active only while learning', async () => {
    server.use(
      mockRoute(contract.ml.intelligenceMetrics, () => ({ success: true, data: mlMetrics(0.55, false) })),
    );
    renderDashboard();
    expect(await within(card('AI Health')).findByText('55%')).toHaveStyle({
      color: 'var(--chakra-colors-loss)',
    });
    expect(within(card('AI Health')).getByText('Fair')).toBeInTheDocument();
    expect(within(card('AI Health')).queryByText(/Learning Active/)).not.toBeInTheDocument();
    expect(screen.queryByText('75%')).not.toBeInTheDocument();
  });

  it('Refresh fetches every call on the page again', async () => {
    const { user } = renderDashboard();
    expect(await within(card('Portfolio Value')).findByText('₹12,34,568')).toBeInTheDocument();
    const calls = [
      'GET /api/portfolio/overview',
      'GET /api/portfolio/holdings',
      'GET /api/portfolio/activity',
      'GET /api/market/overview',
      'GET /api/trading/mode',
      'GET /api/upstox/token/status',
      'GET /api/ml/intelligence-metrics',
      'GET /api/ml/sentiment/market',
      'GET /api/engines/status',
      'GET /api/news',
    ];
    await waitFor(() => calls.forEach((call) => expect(count(call)).toBeGreaterThanOrEqual(1)));
    const before = Object.fromEntries(calls.map((call) => [call, count(call)]));
    await user.click(screen.getByRole('button', { name: /Refresh/ }));
    await waitFor(() => calls.forEach((call) => expect(count(call)).toBe((before[call] ?? 0) + 1)));
  });
});

describe('DashboardPage with live prices', () => {
  beforeEach(() => server.use(...connectedDashboardHandlers()));

  it('moves NIFTY 50, SENSEX and Bank NIFTY with their ticks', async () => {
    const { tickServer } = renderDashboard();
    expect(within(await screen.findByTestId('index-NIFTY_50')).getByText('24,350.50')).toBeInTheDocument();
    await tickServer.following(['NIFTY_50', 'SENSEX', 'BANK_NIFTY']);
    expect(screen.getByTestId('index-stream')).toHaveTextContent('Streaming');

    tickServer.publish([
      tickAt('NIFTY_50', 24_400, 24_200),
      tickAt('SENSEX', 80_500, 80_400),
      tickAt('BANK_NIFTY', 51_000, 51_480),
    ]);
    const nifty = screen.getByTestId('index-NIFTY_50');
    expect(within(nifty).getByText('24,400.00')).toBeInTheDocument();
    expect(within(nifty).getByText('+200.00 (+0.83%)')).toHaveStyle({ color: 'var(--chakra-colors-gain)' });
    const sensex = screen.getByTestId('index-SENSEX');
    expect(within(sensex).getByText('80,500.00')).toBeInTheDocument();
    expect(within(sensex).getByText('+100.00 (+0.12%)')).toHaveStyle({ color: 'var(--chakra-colors-gain)' });
    const bank = screen.getByTestId('index-BANK_NIFTY');
    expect(within(bank).getByText('51,000.00')).toBeInTheDocument();
    expect(within(bank).getByText('-480.00 (-0.93%)')).toHaveStyle({ color: 'var(--chakra-colors-loss)' });
    expect(screen.getByTestId('index-source')).toHaveTextContent('Simulated data');
  });

  it('names Upstox as the source only when the prices come from it', async () => {
    server.use(
      mockRoute(contract.market.overview, () => ({
        success: true,
        data: { ...marketOverview, data_source: 'upstox' },
      })),
    );
    const tickServer = new FakeTickServer({ dataSource: 'upstox' });
    renderWithProviders(<DashboardPage />, { route: '/dashboard', path: '/dashboard', tickServer });
    await tickServer.following(['NIFTY_50']);
    expect(await screen.findByTestId('index-source')).toHaveTextContent('Live data · Upstox');
    expect(screen.getByText('Paper Trading · Upstox prices · streaming')).toBeInTheDocument();
  });

  it('moves the portfolio cards with the ticks of held symbols', async () => {
    const { tickServer } = renderDashboard();
    expect(await within(card('Portfolio Value')).findByText('₹12,34,568')).toBeInTheDocument();
    await tickServer.following(['INFY', 'RELIANCE']);
    // RELIANCE +10 on 1,200 shares: +₹12,000.
    tickServer.publish([tickAt('RELIANCE', 2_466.75, 2_446.95)]);
    expect(within(card('Portfolio Value')).getByText('₹12,46,568')).toBeInTheDocument();
    expect(within(card("Today's P&L")).getByText('+₹9,655')).toBeInTheDocument();
    expect(within(card('Total Returns')).getByText('+₹2,46,568')).toBeInTheDocument();
  });
});

describe('DashboardPage, services not connected (503)', () => {
  beforeEach(() => server.use(...disconnectedDashboardHandlers()));

  it('shows -- with "Data source not connected" on the portfolio cards and the connection banner', async () => {
    renderDashboard();
    const banner = (await screen.findByText('Data Connection Issues')).closest(
      '.chakra-alert__root',
    ) as HTMLElement;
    expect(
      within(banner).getByText('The portfolio service is not connected on this server.'),
    ).toBeInTheDocument();
    for (const label of ['Portfolio Value', "Today's P&L", 'Active Positions', 'Total Returns']) {
      expect(within(card(label)).getByText('--')).toBeInTheDocument();
      expect(within(card(label)).getByText('Data source not connected')).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Restart Page' })).toBeInTheDocument();
    expect(await screen.findByRole('status', { name: 'Connection: Disconnected' })).toBeInTheDocument();
  });

  it('says ML metrics are unavailable instead of showing a health figure', async () => {
    renderDashboard();
    expect(await within(card('AI Health')).findByText('ML metrics unavailable')).toBeInTheDocument();
    expect(within(card('AI Health')).getByText('--')).toBeInTheDocument();
    expect(within(panel('ML Intelligence')).getByText('ML metrics unavailable')).toBeInTheDocument();
    expect(screen.queryByText('75%')).not.toBeInTheDocument();
    expect(screen.queryByText(/Learning Active/)).not.toBeInTheDocument();
  });

  it('shows the pipeline, market and broker not-connected states without invented figures', async () => {
    renderDashboard();
    expect(await screen.findByText('Market data not connected')).toBeInTheDocument();
    expect(screen.getByText('AI services unavailable - connecting to ML systems...')).toBeInTheDocument();
    expect(await screen.findByText('Broker connection not available')).toBeInTheDocument();
    expect(screen.queryByText(/Expires/)).not.toBeInTheDocument();
    expect(screen.queryByTestId('index-NIFTY_50')).not.toBeInTheDocument();
    const activity = panel('Recent Activity');
    expect(within(activity).getByText('Data source not connected')).toBeInTheDocument();
  });

  it('Try Again fetches the portfolio again and shows it once the service answers', async () => {
    const { user } = renderDashboard();
    expect(await screen.findByText('Data Connection Issues')).toBeInTheDocument();
    const before = count('GET /api/portfolio/overview');
    server.use(...connectedDashboardHandlers().slice(0, 3));
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await within(card('Portfolio Value')).findByText('₹12,34,568')).toBeInTheDocument();
    expect(count('GET /api/portfolio/overview')).toBe(before + 1);
    expect(screen.queryByText('Data Connection Issues')).not.toBeInTheDocument();
    expect(await screen.findByText('TCS')).toBeInTheDocument();
  });

  it('says it is unable to connect to AI services when they fail for another reason', async () => {
    const failure = () => HttpResponse.json(errorBody('Internal error'), { status: 500 });
    server.use(
      mockRoute(contract.ml.marketSentiment, failure),
      mockRoute(contract.ml.enginesStatus, failure),
      mockRoute(contract.ml.news, failure),
    );
    renderDashboard();
    expect(
      await screen.findByText('Unable to connect to AI services.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});

describe('DashboardPage trading mode switch', () => {
  const posted: unknown[] = [];
  afterEach(() => {
    posted.length = 0;
  });

  /** The shared switch from @nivesh/ui (the sidebar and Diagnostics render the same one). */
  function modeSwitch() {
    return screen.getByRole('checkbox', { name: 'Real trading' });
  }

  function switchBox() {
    return screen.getByTestId('trading-mode-switch');
  }

  /** GET /api/trading/mode answers the server's mode; POST switches it (recorded in `posted`). */
  function modeHandlers(state: { mode: 'live' | 'paper' }) {
    return [
      mockRoute(contract.trading.getMode, () => tradingMode(state.mode)),
      mockRoute(contract.trading.setMode, async ({ request }) => {
        const body = (await request.json()) as { mode: 'live' | 'paper' };
        posted.push(body);
        state.mode = body.mode;
        return HttpResponse.json(tradingMode(state.mode));
      }),
    ];
  }

  async function confirmReal(user: ReturnType<typeof renderDashboard>['user']) {
    await user.click(modeSwitch());
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/Real-money trades will execute/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Switch to Real Trading' }));
  }

  it('switches paper to live after confirming real-money trading', async () => {
    server.use(...modeHandlers({ mode: 'paper' }), ...connectedDashboardHandlers());
    const { user } = renderDashboard();
    await waitFor(() => expect(switchBox()).toHaveAttribute('data-mode', 'paper'));
    expect(switchBox()).toHaveTextContent('Paper');
    expect(modeSwitch()).toBeEnabled();
    await confirmReal(user);
    await waitFor(() => expect(switchBox()).toHaveAttribute('data-mode', 'live'));
    expect(switchBox()).toHaveTextContent('Real');
    expect(posted).toEqual([{ mode: 'live' }]);
    expect(modeSwitch()).toBeChecked();
  });

  it("shows the live account's figures right after the switch, not the paper ones", async () => {
    const state: { mode: 'live' | 'paper' } = { mode: 'paper' };
    const liveOverview = {
      ...portfolioOverview,
      portfolio_value: 250000,
      total_value: 250000,
      trading_mode: 'live' as const,
      trading_mode_label: 'Live Trading',
    };
    server.use(
      ...modeHandlers(state),
      mockRoute(contract.portfolio.overview, () => ({
        success: true,
        data: state.mode === 'live' ? liveOverview : portfolioOverview,
      })),
      mockRoute(contract.portfolio.holdings, () => ({
        success: true,
        data: state.mode === 'live' ? [] : holdings,
      })),
      ...connectedDashboardHandlers(),
    );
    const { user } = renderDashboard();
    expect(await within(card('Portfolio Value')).findByText('₹12,34,568')).toBeInTheDocument();
    await waitFor(() => expect(modeSwitch()).toBeEnabled());

    const overviewCalls = count('GET /api/portfolio/overview');
    await confirmReal(user);

    // The overview polls far less often: only the switch's invalidation brings the live account this soon.
    expect(await within(card('Portfolio Value')).findByText('₹2,50,000')).toBeInTheDocument();
    expect(within(card('Portfolio Value')).queryByText('₹12,34,568')).not.toBeInTheDocument();
    expect(count('GET /api/portfolio/overview')).toBeGreaterThan(overviewCalls);
    expect(screen.getByText(/^Live Trading · /)).toBeInTheDocument();
  });

  it('stays on paper when the confirmation is cancelled', async () => {
    server.use(...connectedDashboardHandlers());
    const { user } = renderDashboard();
    await waitFor(() => expect(modeSwitch()).toBeEnabled());
    await user.click(modeSwitch());
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(switchBox()).toHaveAttribute('data-mode', 'paper');
    expect(modeSwitch()).not.toBeChecked();
  });

  it('says why real trading cannot be switched on before asking to confirm it, with where to fix it', async () => {
    const reason =
      'Live trading needs a valid Upstox access token. The Upstox access token expired at 03:30 IST.';
    server.use(
      mockRoute(contract.trading.checkMode, () => makeTradingModeCheck({ reason, needs_token: true })),
      ...connectedDashboardHandlers(),
    );
    const { user } = renderDashboard();
    await waitFor(() => expect(modeSwitch()).toBeEnabled());
    await user.click(modeSwitch());
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(reason);
    expect(within(dialog).queryByText(/Real-money trades will execute/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: /Paste a new Upstox access token/ })).toBeInTheDocument();
    expect(posted).toEqual([]);
  });

  it("keeps the prior mode and says the server's sentence in the dialog when the switch is refused", async () => {
    server.use(
      ...connectedDashboardHandlers(),
      mockRouteError(contract.trading.setMode, 409, 'Live trading needs a valid Upstox access token.'),
    );
    const { user } = renderDashboard();
    await waitFor(() => expect(modeSwitch()).toBeEnabled());
    await confirmReal(user);
    const dialog = await screen.findByRole('alertdialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Live trading needs a valid Upstox access token.',
    );
    expect(switchBox()).toHaveAttribute('data-mode', 'paper');
  });

  it("says 'Failed to switch trading mode.' when the server fails without a sentence", async () => {
    server.use(
      ...connectedDashboardHandlers(),
      mockRouteError(contract.trading.setMode, 500, 'Internal server error'),
    );
    const { user } = renderDashboard();
    await waitFor(() => expect(modeSwitch()).toBeEnabled());
    await confirmReal(user);
    const dialog = await screen.findByRole('alertdialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to switch trading mode.');
    expect(switchBox()).toHaveAttribute('data-mode', 'paper');
  });

  it('switches live to paper without a confirmation', async () => {
    server.use(...modeHandlers({ mode: 'live' }), ...connectedDashboardHandlers());
    const { user } = renderDashboard();
    await waitFor(() => expect(switchBox()).toHaveAttribute('data-mode', 'live'));
    expect(modeSwitch()).toBeChecked();
    await user.click(modeSwitch());
    await waitFor(() => expect(switchBox()).toHaveAttribute('data-mode', 'paper'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(posted).toEqual([{ mode: 'paper' }]);
  });
});

describe('DashboardPage, one query-state rule (kept figures and the connection indicator)', () => {
  const notConnectedReply = (service: string) => () =>
    HttpResponse.json(errorBody(`${service} is not connected on this server.`), { status: 503 });

  afterEach(() => jest.useRealTimers());

  it('does not say Connected while four of its calls answer 503', async () => {
    // The first handler for a path answers: the 503s go before the connected set.
    server.use(
      mockRoute(contract.ml.intelligenceMetrics, notConnectedReply('The ML intelligence service')),
      mockRoute(contract.ml.marketSentiment, notConnectedReply('The ML intelligence service')),
      mockRoute(contract.ml.enginesStatus, notConnectedReply('The ML intelligence service')),
      mockRoute(contract.ml.news, notConnectedReply('The news service')),
      ...connectedDashboardHandlers(),
    );
    renderDashboard();
    expect(await within(card('Portfolio Value')).findByText('₹12,34,568')).toBeInTheDocument();
    expect(
      await screen.findByRole('status', { name: 'Connection: Partially connected' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Connection: Connected' })).not.toBeInTheDocument();
  });

  it('keeps the figures after a failed refetch, marked stale with their age', async () => {
    // Only the clock is faked (timers run for real): the answer arrives at 09:30 IST.
    const answeredAt = Date.UTC(2026, 10, 20, 4, 0, 0);
    jest.useFakeTimers({
      now: answeredAt,
      doNotFake: [
        'hrtime',
        'nextTick',
        'performance',
        'queueMicrotask',
        'requestAnimationFrame',
        'cancelAnimationFrame',
        'requestIdleCallback',
        'cancelIdleCallback',
        'setImmediate',
        'clearImmediate',
        'setInterval',
        'clearInterval',
        'setTimeout',
        'clearTimeout',
      ],
    });
    server.use(...connectedDashboardHandlers());
    const { user } = renderDashboard();
    expect(await within(card('Portfolio Value')).findByText('₹12,34,568')).toBeInTheDocument();
    expect(await screen.findByRole('status', { name: 'Connection: Connected' })).toBeInTheDocument();

    // Three minutes later the portfolio service stops answering; Refresh asks again.
    jest.setSystemTime(answeredAt + 3 * 60_000 + 5_000);
    server.use(mockRoute(contract.portfolio.overview, notConnectedReply('The portfolio service')));
    await user.click(screen.getByRole('button', { name: /Refresh/ }));

    expect(await screen.findByText('Data Connection Issues')).toBeInTheDocument();
    expect(await screen.findByText('Stale · updated 3 minutes ago')).toBeInTheDocument();
    expect(within(card('Portfolio Value')).getByText('₹12,34,568')).toBeInTheDocument();
    expect(within(card("Today's P&L")).getByText('-₹2,346')).toBeInTheDocument();
    expect(within(card('Portfolio Value')).queryByText('Data source not connected')).not.toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Connection: Partially connected' })).toBeInTheDocument();
  });
});
