import { screen, within } from '@testing-library/react';
import { contract, type TickStreamingDashboard } from '@nivesh/api-contract';
import {
  delay,
  errorBody,
  HttpResponse,
  mockRoute,
  renderWithProviders,
  setupServer,
} from '@nivesh/api-client/testing';
import TickStreamingPage, { connectionLabel } from './TickStreamingPage';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const ROUTE = contract.ops.tickStreamingDashboard;
const NOT_CONNECTED = 'The operations service is not connected on this server.';

const streaming: TickStreamingDashboard = {
  connection_status: 'active',
  websocket_health: {
    'NIFTY 50 constituents': { active: true, mode: 'full', symbols: 50 },
    'Index feed': { active: true, mode: 'ltpc', symbols: 3 },
    'Depth feed': { active: false, mode: 'full_d30', symbols: 0 },
  },
  health: {
    ticks_per_minute: 12450,
    latency_ms: 42.4,
    is_streaming: true,
    is_connected: true,
    error_rate: 0.0025,
    memory_usage_mb: 182.36,
    overall_status: 'healthy',
    last_tick_time: '2026-03-02T09:30:05.000Z',
  },
  data_flow: {
    ticks_per_second: 207.5,
    depth_levels: 30,
    pattern_detection: true,
    smart_money_tracking: false,
  },
  upstox_plus_features: { websocket_connections: 3, symbols_tracked: 53, candles_active: true },
};

function answer(dashboard: TickStreamingDashboard) {
  return mockRoute(ROUTE, () => ({ success: true, data: dashboard }));
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

  it('shows status, sockets, rates, health, each connection, data flow and plus features', async () => {
    server.use(answer(streaming));
    renderWithProviders(<TickStreamingPage />);
    expect(await screen.findByText('12,450')).toBeInTheDocument();
    expect(group('Connection Status').getByText('Connected')).toBeInTheDocument();
    expect(group('Active WebSockets').getByText('2/3')).toBeInTheDocument();
    expect(group('Latency').getByText('42 ms')).toBeInTheDocument();
    expect(group('System Health').getByText('Healthy')).toBeInTheDocument();

    const depth = within(screen.getByRole('region', { name: 'Depth feed' }));
    expect(depth.getByText('Inactive')).toBeInTheDocument();
    expect(depth.getByText('Full (30-level depth)')).toBeInTheDocument();
    const nifty = within(screen.getByRole('region', { name: 'NIFTY 50 constituents' }));
    expect(nifty.getByText('Active')).toBeInTheDocument();
    expect(nifty.getByText('50')).toBeInTheDocument();

    expect(group('Error Rate').getByText('0.3%')).toBeInTheDocument();
    expect(group('Memory Usage').getByText('182.4 MB')).toBeInTheDocument();
    expect(group('Last Tick').getByText('02 Mar 2026, 03:00 pm IST')).toBeInTheDocument();
    expect(group('Ticks per Second').getByText('207.5')).toBeInTheDocument();
    expect(group('Depth Levels').getByText('30')).toBeInTheDocument();
    expect(group('Pattern Detection').getByText('On')).toBeInTheDocument();
    expect(group('Smart Money Tracking').getByText('Off')).toBeInTheDocument();

    expect(screen.getByText('5 WebSocket connections')).toBeInTheDocument();
    expect(screen.getByText('30-level depth')).toBeInTheDocument();
    expect(screen.getByText('1-second candles')).toBeInTheDocument();
    expect(group('Connections in Use').getByText('3 of 5')).toBeInTheDocument();
    expect(group('Symbols Tracked').getByText('53')).toBeInTheDocument();
  });

  it('words a disconnected and a reconnecting feed', async () => {
    server.use(
      answer({
        ...streaming,
        connection_status: 'disconnected',
        health: { ...streaming.health, overall_status: 'unhealthy', last_tick_time: null },
      }),
    );
    const first = renderWithProviders(<TickStreamingPage />);
    expect(await screen.findByText('Disconnected')).toBeInTheDocument();
    expect(group('System Health').getByText('Unhealthy')).toBeInTheDocument();
    expect(group('Last Tick').getByText('No tick received yet')).toBeInTheDocument();
    first.unmount();

    server.use(answer({ ...streaming, connection_status: 'reconnecting' }));
    renderWithProviders(<TickStreamingPage />);
    expect(await screen.findByText('Connecting')).toBeInTheDocument();
  });
});
