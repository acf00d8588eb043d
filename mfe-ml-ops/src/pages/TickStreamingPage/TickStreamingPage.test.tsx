import { screen, within } from '@testing-library/react';
import {
  contract,
  type MarketFeedStatus,
  type TickCandle,
  type TickStreamingDashboard,
} from '@nivesh/api-contract';
import { makeMarketStatus } from '@nivesh/api-contract/testing';
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
import TickStreamingPage, { connectionLabel, symbolLabel } from './TickStreamingPage';

const ROUTE = contract.ops.tickStreamingDashboard;
const CANDLES = contract.ops.tickCandles;
const NOT_CONNECTED = 'The operations service is not connected on this server.';

/** 2 March 2026, 09:30:00 UTC (03:00 pm IST). */
const T0 = Date.parse('2026-03-02T09:30:00.000Z');
const at = (seconds: number) => new Date(T0 + seconds * 1000).toISOString();

const candle = (second: number, open: number, high: number, low: number, close: number): TickCandle => ({
  time: at(second),
  open,
  high,
  low,
  close,
  volume: 0,
  ticks: 4,
});

/** Two seconds of each symbol's candles, the closes set apart per symbol. */
const CANDLES_OF: Record<string, TickCandle[]> = {
  NIFTY_50: [candle(0, 24_010, 24_015.5, 24_008, 24_012.25), candle(1, 24_012.25, 24_013, 24_001, 24_002.5)],
  RELIANCE: [candle(0, 1450, 1451.5, 1449, 1451), candle(1, 1451, 1452, 1450.5, 1451.75)],
};

/** What the candles route was asked, in order. */
let candleRequests: string[] = [];

const candlesAnswer = mockRoute(CANDLES, ({ request }) => {
  const url = new URL(request.url);
  const symbol = url.searchParams.get('symbol') ?? '';
  candleRequests.push(`${symbol} ${url.searchParams.get('seconds')}`);
  return { success: true, data: { symbol, interval_seconds: 1, candles: CANDLES_OF[symbol] ?? [] } };
});

/** The market status's description of the data source (the top bar polls the same answer). */
const feedIs = (feed: MarketFeedStatus) =>
  mockRoute(contract.market.status, makeMarketStatus('OPEN', { feed }));
const UPSTOX_FEED: MarketFeedStatus = {
  source: 'upstox',
  connection: 'connected',
  last_tick_at: '2026-03-02T09:30:05.000Z',
};

layOutCharts();

const server = setupServer(candlesAnswer, feedIs(UPSTOX_FEED));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  candleRequests = [];
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const FEED_SYMBOLS = [
  'RELIANCE',
  'TCS',
  'HDFCBANK',
  'INFY',
  'ICICIBANK',
  'SBIN',
  'ITC',
  'LT',
  'AXISBANK',
  'M&M',
  'NIFTY_50',
  'SENSEX',
  'BANK_NIFTY',
];

const streaming: TickStreamingDashboard = {
  connection_status: 'active',
  websocket_health: {
    'Upstox market data': {
      active: true,
      mode: 'full',
      symbols: FEED_SYMBOLS.length,
      kind: 'market_feed',
      status: 'active',
      subscriptions: FEED_SYMBOLS,
    },
    'Browser stream 3': {
      active: true,
      mode: null,
      symbols: 2,
      kind: 'browser_stream',
      status: 'connected',
      subscriptions: ['RELIANCE', 'NIFTY_50'],
    },
  },
  health: {
    ticks_per_minute: 12450,
    latency_ms: 42.4,
    is_streaming: true,
    is_connected: true,
    error_rate: 0.0025,
    memory_usage_mb: 182.36,
    overall_status: 'healthy',
    status_reasons: ['The market feed is connected and ticks are arriving.'],
    last_tick_time: '2026-03-02T09:30:05.000Z',
  },
  data_flow: {
    ticks_per_second: 207.5,
    depth_levels: 5,
    pattern_detection: false,
    smart_money_tracking: false,
  },
  upstox_plus_features: { websocket_connections: 1, symbols_tracked: 53, candles_active: true },
  ticks_per_second_series: Array.from({ length: 60 }, (_, i) => ({
    time: at(i - 59),
    ticks: 200 + (i % 10),
  })),
  latency: { tick_to_send_ms: 42.4, feed_delay_ms: 38.1, browser_round_trip_ms: 3.2 },
  feed_input: { ticks: 12450, out_of_order: 31, undecodable: 0 },
  as_of: '2026-03-02T09:30:06.000Z',
};

function answer(dashboard: TickStreamingDashboard) {
  return mockRoute(ROUTE, () => ({ success: true, data: dashboard }));
}

/** The labels of a chart's value axis, bottom to top. */
function axisLabels(chart: HTMLElement): string[] {
  return [...chart.querySelectorAll('.recharts-cartesian-axis-tick-value[orientation="left"]')].map(
    (tick) => tick.textContent ?? '',
  );
}

function group(name: string) {
  return within(screen.getByRole('group', { name }));
}

describe('connectionLabel', () => {
  it('shows connected and active as Connected, disconnected as Disconnected, the rest as Connecting', () => {
    expect(connectionLabel('connected')).toBe('Connected');
    expect(connectionLabel('active')).toBe('Connected');
    expect(connectionLabel('disconnected')).toBe('Disconnected');
    expect(connectionLabel('connecting')).toBe('Connecting');
    expect(connectionLabel('reconnecting')).toBe('Connecting');
  });
});

describe('symbolLabel', () => {
  it('names an index by its display name and leaves an equity symbol as it is', () => {
    expect(symbolLabel('NIFTY_50')).toBe('NIFTY 50');
    expect(symbolLabel('BANK_NIFTY')).toBe('Bank NIFTY');
    expect(symbolLabel('M&M')).toBe('M&M');
  });
});

describe('TickStreamingPage', () => {
  it('shows a spinner while the dashboard loads', async () => {
    server.use(
      mockRoute(ROUTE, async () => {
        await delay(100);
        return HttpResponse.json({ success: true, data: streaming });
      }),
    );
    renderWithProviders(<TickStreamingPage />);
    expect(screen.getByText('Loading streaming status...')).toBeInTheDocument();
    expect(await screen.findByText('12,450', {}, { timeout: 3000 })).toBeInTheDocument();
  });

  it('shows the failure with Retry when the service is not connected', async () => {
    let calls = 0;
    server.use(
      mockRoute(ROUTE, () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json(errorBody(NOT_CONNECTED), { status: 503 })
          : HttpResponse.json({ success: true, data: streaming });
      }),
    );
    const { user } = renderWithProviders(<TickStreamingPage />);
    expect(await screen.findByText('Failed to fetch streaming status')).toBeInTheDocument();
    expect(screen.getByText(NOT_CONNECTED)).toBeInTheDocument();
    expect(screen.queryByText('Connection Status')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('12,450')).toBeInTheDocument();
    expect(screen.queryByText('Failed to fetch streaming status')).not.toBeInTheDocument();
  });

  it('shows status, sockets, rates, latency, health, each connection, data flow and plus features', async () => {
    server.use(answer(streaming));
    renderWithProviders(<TickStreamingPage />);
    expect(await screen.findByText('12,450')).toBeInTheDocument();
    expect(group('Connection Status').getByText('Connected')).toBeInTheDocument();
    expect(group('Active WebSockets').getByText('2/2')).toBeInTheDocument();
    expect(group('Latency').getByText('42 ms')).toBeInTheDocument();
    expect(group('Latency').getByText('Tick to browser')).toBeInTheDocument();
    expect(group('System Health').getByText('Healthy')).toBeInTheDocument();

    const feed = within(screen.getByRole('region', { name: 'Upstox market data' }));
    expect(feed.getByText('Active')).toBeInTheDocument();
    expect(feed.getByText('Market feed')).toBeInTheDocument();
    expect(feed.getByText('Full')).toBeInTheDocument();
    expect(feed.getByText('13')).toBeInTheDocument();
    expect(feed.getByLabelText('Subscriptions')).toHaveTextContent(
      'RELIANCE, TCS, HDFCBANK, INFY, ICICIBANK, SBIN, ITC, LT and 5 more',
    );
    const browser = within(screen.getByRole('region', { name: 'Browser stream 3' }));
    expect(browser.getByText('Browser stream')).toBeInTheDocument();
    expect(browser.getByText('Price updates')).toBeInTheDocument();
    expect(browser.getByLabelText('Subscriptions')).toHaveTextContent('RELIANCE, NIFTY 50');

    expect(group('Error Rate').getByText('0.3%')).toBeInTheDocument();
    expect(group('Memory Usage').getByText('182.4 MB')).toBeInTheDocument();
    expect(group('Last Tick').getByText('02 Mar 2026, 03:00 pm IST')).toBeInTheDocument();
    expect(group('Tick to Browser').getByText('42.4 ms')).toBeInTheDocument();
    expect(group('Feed Delay').getByText('38.1 ms')).toBeInTheDocument();
    expect(group('Browser Round Trip').getByText('3.2 ms')).toBeInTheDocument();
    expect(group('Ticks Out of Order').getByText('31')).toBeInTheDocument();
    expect(screen.getByText('The market feed is connected and ticks are arriving.')).toBeInTheDocument();
    expect(group('Ticks per Second').getByText('207.5')).toBeInTheDocument();
    expect(group('Depth Levels').getByText('5')).toBeInTheDocument();
    expect(group('Pattern Detection').getByText('Off')).toBeInTheDocument();
    expect(group('Smart Money Tracking').getByText('Off')).toBeInTheDocument();
    const perSecond = screen.getByRole('img', { name: 'Ticks received per second over the last minute' });
    // 200-209 ticks a second, from zero in round steps of 200.
    expect(axisLabels(perSecond)).toEqual(['0', '200', '400']);

    // Upstox is the source: its Plus features against their limits.
    expect(await screen.findByText('5 WebSocket connections')).toBeInTheDocument();
    expect(screen.getByText('30-level depth')).toBeInTheDocument();
    expect(screen.getByText('1-second candles')).toBeInTheDocument();
    expect(group('Connections in Use').getByText('1 of 5')).toBeInTheDocument();
    expect(group('Symbols Tracked').getByText('53')).toBeInTheDocument();
  });

  it('draws the one-second candles of NIFTY 50 first, and of the symbol chosen', async () => {
    server.use(answer(streaming));
    const { user } = renderWithProviders(<TickStreamingPage />);
    expect(await screen.findByTestId('candles-summary')).toHaveTextContent(
      'NIFTY 50: 2 one-second candles, the last at 03:00:01 pm IST closing at 24,002.50.',
    );
    const candles = screen.getByRole('img', { name: 'One-second candles of NIFTY 50, oldest first' });
    // Lows and highs 24,001 to 24,015.50: round steps of 5 points, every label different.
    expect(axisLabels(candles)).toEqual(['24,000', '24,005', '24,010', '24,015', '24,020']);
    expect(candleRequests).toEqual(['NIFTY_50 120']);

    await user.selectOptions(screen.getByLabelText('Symbol'), 'RELIANCE');
    expect(await screen.findByText(/^RELIANCE: 2 one-second candles/)).toHaveTextContent(
      'RELIANCE: 2 one-second candles, the last at 03:00:01 pm IST closing at 1,451.75.',
    );
    expect(candleRequests).toEqual(['NIFTY_50 120', 'RELIANCE 120']);

    await user.selectOptions(screen.getByLabelText('Symbol'), 'TCS');
    expect(
      await screen.findByText(
        'No tick of TCS has arrived since the server started: its candles appear as ticks arrive.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /One-second candles of/ })).not.toBeInTheDocument();
  });

  it('says so when the candles cannot be fetched, and keeps the rest of the dashboard', async () => {
    server.use(answer(streaming), mockRouteError(CANDLES, 503, NOT_CONNECTED));
    renderWithProviders(<TickStreamingPage />);
    expect(await screen.findByText('One-second candles not available')).toBeInTheDocument();
    expect(screen.getByText('12,450')).toBeInTheDocument();
  });

  it('says the simulated market in this server is the source: no Upstox Plus card, its newest tick', async () => {
    server.use(
      feedIs({ source: 'simulated', connection: 'connected', last_tick_at: '2026-03-02T09:30:05.250Z' }),
      answer({
        ...streaming,
        websocket_health: {
          'Simulated market': {
            active: true,
            mode: null,
            symbols: 3,
            kind: 'market_feed',
            status: 'active',
            subscriptions: ['RELIANCE', 'TCS', 'NIFTY_50'],
          },
        },
        upstox_plus_features: { websocket_connections: 0, symbols_tracked: 53, candles_active: true },
        latency: { tick_to_send_ms: 1.2, feed_delay_ms: 0.4, browser_round_trip_ms: 3.2 },
        health: { ...streaming.health, latency_ms: 1.2 },
      }),
    );
    renderWithProviders(<TickStreamingPage />);
    const source = await screen.findByTestId('data-source');
    expect(source).toHaveTextContent(
      'Simulated data activePrices generated by the simulated NSE market inside this server, not market data · last tick 03:00:05 pm IST',
    );
    expect(source).toHaveTextContent('No broker is involved');
    expect(screen.queryByText('Upstox Plus Features')).not.toBeInTheDocument();
    expect(screen.queryByText('5 WebSocket connections')).not.toBeInTheDocument();
    expect(group('Symbols Tracked').getByText('53')).toBeInTheDocument();
    expect(group('Latency').getByText('1.2 ms')).toBeInTheDocument();
  });

  it('words a simulated market that is quiet, a disconnected and a reconnecting feed', async () => {
    server.use(
      answer({
        ...streaming,
        connection_status: 'connected',
        websocket_health: {
          'Simulated market': {
            active: true,
            mode: null,
            symbols: 3,
            kind: 'market_feed',
            status: 'connected',
            subscriptions: ['RELIANCE', 'TCS', 'NIFTY_50'],
          },
        },
        latency: { tick_to_send_ms: null, feed_delay_ms: null, browser_round_trip_ms: null },
        health: { ...streaming.health, latency_ms: 0, is_streaming: false },
      }),
    );
    const quiet = renderWithProviders(<TickStreamingPage />);
    const simulated = within(await screen.findByRole('region', { name: 'Simulated market' }));
    expect(simulated.getByText('In process (no subscription)')).toBeInTheDocument();
    expect(group('Latency').getByText('Not measured')).toBeInTheDocument();
    expect(group('Streaming').getByText('No')).toBeInTheDocument();
    quiet.unmount();

    server.use(
      answer({
        ...streaming,
        connection_status: 'disconnected',
        health: {
          ...streaming.health,
          overall_status: 'unhealthy',
          status_reasons: ['The market feed is disconnected.'],
          last_tick_time: null,
        },
      }),
    );
    const first = renderWithProviders(<TickStreamingPage />);
    expect(await screen.findByText('Disconnected')).toBeInTheDocument();
    expect(group('System Health').getByText('Unhealthy')).toBeInTheDocument();
    expect(screen.getByText('The market feed is disconnected.')).toBeInTheDocument();
    expect(group('Last Tick').getByText('No tick received yet')).toBeInTheDocument();
    first.unmount();

    server.use(
      answer({
        ...streaming,
        connection_status: 'reconnecting',
        websocket_health: {
          ...streaming.websocket_health,
          'Upstox market data': {
            ...streaming.websocket_health['Upstox market data']!,
            active: false,
            status: 'reconnecting',
          },
        },
      }),
    );
    renderWithProviders(<TickStreamingPage />);
    expect(await screen.findByText('1/2')).toBeInTheDocument();
    expect(group('Connection Status').getByText('Connecting')).toBeInTheDocument();
    const feed = within(screen.getByRole('region', { name: 'Upstox market data' }));
    expect(feed.getByText('Inactive')).toBeInTheDocument();
    expect(within(feed.getByRole('group', { name: 'Status' })).getByText('Connecting')).toBeInTheDocument();
  });
});
