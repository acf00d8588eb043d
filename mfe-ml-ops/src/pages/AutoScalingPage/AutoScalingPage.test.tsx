import { screen, waitFor, within } from '@testing-library/react';
import { contract, type AutoScalingStatus } from '@nivesh/api-contract';
import { opsApi } from '@nivesh/api-client';
import {
  delay,
  errorBody,
  HttpResponse,
  layOutCharts,
  mockRoute,
  renderWithProviders,
  setupServer,
} from '@nivesh/api-client/testing';
import AutoScalingPage from './AutoScalingPage';

layOutCharts();

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const ROUTE = contract.ops.autoScalingStatus;
const NOT_CONNECTED = 'The operations service is not connected on this server.';

const running: AutoScalingStatus = {
  instance_state: 'running',
  instance_type: 't3.medium',
  market_status: 'CLOSED',
  api_healthy: true,
  metrics: { cpu: 61, memory: 86, latency_ms: 99 },
  broker: { status: 'connected', mode: 'paper', accessible: true },
  cloud_connected: false,
  status: 'degraded',
  last_update: '2026-03-02T09:30:00.000Z',
  instance: { id: 'a1b2c3d4e5f6', host: 'nivesh-host', pid: 4321, uptime_seconds: 7_500 },
  instances: 1,
  process: { cpu: 12.3, memory_mb: 182.4 },
  event_loop: { p50_ms: 10.2, p99_ms: 24.6 },
  latency: { p50_ms: 99, p95_ms: 240.4, p99_ms: 612.6, requests: 1_250 },
  rules: { cpu_above_minutes: 0, cpu_below_minutes: 7.5, cooldown_until: null },
  provider: 'none',
  series: [],
  decisions: [],
};

function answer(status: AutoScalingStatus) {
  return mockRoute(ROUTE, () => ({ success: true, data: status }));
}

function group(name: string) {
  return screen.getByRole('group', { name });
}

describe('AutoScalingPage', () => {
  it('shows a spinner while the status loads', async () => {
    server.use(
      mockRoute(ROUTE, async () => {
        await delay(100);
        return HttpResponse.json({ success: true, data: running });
      }),
    );
    renderWithProviders(<AutoScalingPage />);
    expect(screen.getByText('Loading scaling status...')).toBeInTheDocument();
    expect(await screen.findByText('t3.medium', {}, { timeout: 3000 })).toBeInTheDocument();
  });

  it('shows the failure with Retry when the service is not connected, and the rules', async () => {
    let calls = 0;
    server.use(
      mockRoute(ROUTE, () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json(errorBody(NOT_CONNECTED), { status: 503 })
          : HttpResponse.json({ success: true, data: running });
      }),
    );
    const { user } = renderWithProviders(<AutoScalingPage />);
    expect(await screen.findByText('Failed to fetch scaling status')).toBeInTheDocument();
    expect(screen.getByText(NOT_CONNECTED)).toBeInTheDocument();
    expect(screen.queryByText('Instance Status')).not.toBeInTheDocument();
    expect(screen.getByText('Scale up when CPU > 85% for 15 minutes')).toBeInTheDocument();
    expect(screen.getByText('Scale down when CPU < 30% for 10 minutes')).toBeInTheDocument();
    expect(screen.getByText('Maximum 2 instances')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('t3.medium')).toBeInTheDocument();
    expect(screen.queryByText('Failed to fetch scaling status')).not.toBeInTheDocument();
  });

  it('shows instance, market, health, usage, latency, broker, cloud and overall status', async () => {
    server.use(answer(running));
    renderWithProviders(<AutoScalingPage />);
    expect(await screen.findByText('t3.medium')).toBeInTheDocument();
    const instance = within(group('Instance Status')).getByText('Running');
    expect(instance).toHaveAttribute('data-palette', 'green');
    expect(within(group('Market Status')).getByText('Closed')).toHaveAttribute('data-palette', 'gray');
    expect(within(group('API Health')).getByText('Healthy')).toBeInTheDocument();

    expect(group('CPU Usage')).toHaveAttribute('data-tone', 'yellow');
    expect(within(group('CPU Usage')).getByText('61.0%')).toBeInTheDocument();
    expect(group('Memory Usage')).toHaveAttribute('data-tone', 'red');
    expect(within(group('API Latency')).getByText('99 ms')).toBeInTheDocument();
    expect(within(group('API Latency')).getByText('Excellent')).toBeInTheDocument();

    expect(within(group('Broker Status')).getByText('Connected')).toBeInTheDocument();
    expect(within(group('Broker Mode')).getByText('Paper Trading')).toBeInTheDocument();
    expect(within(group('Broker Accessible')).getByText('Yes')).toBeInTheDocument();
    expect(within(group('Cloud Connected')).getByText('No')).toBeInTheDocument();
    expect(within(group('Overall Status')).getByText('Degraded')).toHaveAttribute('data-palette', 'yellow');
    expect(within(group('Last Update')).getByText('02 Mar 2026, 03:00 pm IST')).toBeInTheDocument();
  });

  it("shows the process, event loop, latency percentiles, this instance and the rules' progress", async () => {
    server.use(answer(running));
    renderWithProviders(<AutoScalingPage />);
    await screen.findByText('t3.medium');
    expect(within(group('Latency p95 / p99')).getByText('240 ms / 613 ms')).toBeInTheDocument();
    expect(within(group('Requests (last minute)')).getByText('1,250')).toBeInTheDocument();
    expect(within(group('Process CPU')).getByText('12.3%')).toBeInTheDocument();
    expect(within(group('Process Memory')).getByText('182 MB')).toBeInTheDocument();
    expect(within(group('Event Loop Delay p50 / p99')).getByText('10.2 ms / 24.6 ms')).toBeInTheDocument();
    expect(within(group('Instance ID')).getByText('a1b2c3d4e5f6')).toBeInTheDocument();
    expect(within(group('Process ID')).getByText('4321')).toBeInTheDocument();
    // Up 2 h 5 min at the last update.
    expect(within(group('Started')).getByText('2 hours ago')).toBeInTheDocument();
    expect(within(group('Host CPU above 85%')).getByText('0.0 of 15 min')).toBeInTheDocument();
    expect(within(group('Host CPU below 30%')).getByText('7.5 of 10 min')).toBeInTheDocument();
    expect(within(group('Instances')).getByText('1 of 2')).toBeInTheDocument();
    expect(within(group('Next decision')).getByText('When a rule holds')).toBeInTheDocument();
    expect(
      screen.getByText(/no scaling provider is configured: decisions are recorded here/),
    ).toBeInTheDocument();
    expect(screen.getByText('Not enough samples yet: 0 samples of 3 needed')).toBeInTheDocument();
    expect(screen.getByText('One is taken every 5 seconds.')).toBeInTheDocument();
    expect(screen.getByText('No scaling decision yet: no rule has held')).toBeInTheDocument();
  });

  it('charts the samples and lists the decisions with their outcome', async () => {
    server.use(
      answer({
        ...running,
        provider: 'process',
        rules: { cpu_above_minutes: 15, cpu_below_minutes: 0, cooldown_until: '2026-03-02T09:45:00.000Z' },
        series: [
          { at: '2026-03-02T09:29:50.000Z', cpu: 99.9, process_cpu: 0.3, latency_ms: 80 },
          { at: '2026-03-02T09:29:55.000Z', cpu: 88.1, process_cpu: 40.2, latency_ms: 120 },
          { at: '2026-03-02T09:30:00.000Z', cpu: 91.4, process_cpu: 44.9, latency_ms: null },
        ],
        decisions: [
          {
            id: 2,
            at: '2026-03-02T09:30:00.000Z',
            action: 'scale_up',
            reason: 'Host CPU above 85% for 15 minutes (mean 90.2%): one more instance (1 to 2).',
            cpu_percent: 90.2,
            instances_before: 1,
            instances_after: 1,
            provider: 'process',
            outcome: 'failed',
            error: 'The process provider needs PostgreSQL (DATABASE_URL).',
          },
          {
            id: 1,
            at: '2026-03-02T08:00:00.000Z',
            action: 'scale_down',
            reason: 'Host CPU below 30% for 10 minutes (mean 12%): one instance fewer (2 to 1).',
            cpu_percent: 12,
            instances_before: 2,
            instances_after: 1,
            provider: 'process',
            outcome: 'done',
            error: null,
          },
        ],
      }),
    );
    renderWithProviders(<AutoScalingPage />);
    await screen.findByText('t3.medium');
    const chart = screen.getByRole('img', {
      name: 'Host CPU, process CPU and API latency over the last minutes',
    });
    // The three lines are drawn whole at once, not animated in from nothing after every poll.
    const lines = [...chart.querySelectorAll('.recharts-line path.recharts-curve')];
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      expect(line.getAttribute('d')).toMatch(/^M[\d.]+,[\d.]+L/);
      expect(line).not.toHaveAttribute('stroke-dasharray');
    }
    // CPU in quarters of the machine; latency from 0 to 120 ms in steps of 50 (120 / 4 rounds up).
    const labels = (side: 'left' | 'right') =>
      [...chart.querySelectorAll(`.recharts-cartesian-axis-tick-value[orientation="${side}"]`)].map(
        (tick) => tick.textContent,
      );
    expect(labels('left')).toEqual(['0%', '25%', '50%', '75%', '100%']);
    expect(labels('right')).toEqual(['0 ms', '50 ms', '100 ms', '150 ms']);
    expect(
      within(group('Next decision')).getByText('Not before 03:15:00 pm IST (cooldown)'),
    ).toBeInTheDocument();
    expect(screen.getByText(/scaling is run by the process provider/)).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Scaling decisions' })).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('Scale up')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('90.2%')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('1 → 1')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Failed')).toBeInTheDocument();
    expect(
      within(rows[1]!).getByText('The process provider needs PostgreSQL (DATABASE_URL).'),
    ).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Scale down')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('2 → 1')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Done')).toBeInTheDocument();
  });

  it('colours bars at the 60 and 85 boundaries and words latency bands at 100, 299 and 300', async () => {
    server.use(answer({ ...running, metrics: { cpu: 60, memory: 85, latency_ms: 100 }, api_healthy: false }));
    const first = renderWithProviders(<AutoScalingPage />);
    await screen.findByText('t3.medium');
    expect(group('CPU Usage')).toHaveAttribute('data-tone', 'green');
    expect(group('Memory Usage')).toHaveAttribute('data-tone', 'yellow');
    expect(within(group('API Latency')).getByText('Good')).toBeInTheDocument();
    expect(within(group('API Health')).getByText('Issues')).toBeInTheDocument();
    first.unmount();

    // This server's process uses most of the busy CPU: its own load, red above 85%.
    server.use(
      answer({
        ...running,
        metrics: { cpu: 86, memory: 0, latency_ms: 299 },
        process: { cpu: 80, memory_mb: 182.4 },
      }),
    );
    const second = renderWithProviders(<AutoScalingPage />);
    await screen.findByText('t3.medium');
    expect(group('CPU Usage')).toHaveAttribute('data-tone', 'red');
    expect(group('Memory Usage')).toHaveAttribute('data-tone', 'green');
    expect(within(group('API Latency')).getByText('Good')).toBeInTheDocument();
    second.unmount();

    server.use(answer({ ...running, metrics: { cpu: 10, memory: 10, latency_ms: 300 } }));
    renderWithProviders(<AutoScalingPage />);
    await screen.findByText('t3.medium');
    expect(within(group('API Latency')).getByText('Needs attention')).toBeInTheDocument();
  });

  it('says what the CPU figure measures, and a machine busy with other programs is a warning, not red', async () => {
    server.use(
      answer({
        ...running,
        metrics: { cpu: 99.9, memory: 10, latency_ms: 20 },
        process: { cpu: 0.3, memory_mb: 270 },
      }),
    );
    renderWithProviders(<AutoScalingPage />);
    await screen.findByText('t3.medium');
    const cpu = group('CPU Usage');
    expect(within(cpu).getByText('99.9%')).toBeInTheDocument();
    expect(cpu).toHaveAttribute('data-tone', 'yellow');
    expect(cpu).toHaveTextContent(
      "Whole machine, every core, mean of the last minute. This server's process: 0.3% (last 5 seconds); other programs: 99.6%. The machine is busy with other programs, not this server: its answers may slow, and another instance of it on this machine would not help.",
    );
  });

  it('keeps the last values on screen, marked as such, when a later poll fails', async () => {
    let calls = 0;
    server.use(
      mockRoute(ROUTE, () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ success: true, data: running })
          : HttpResponse.json(errorBody(NOT_CONNECTED), { status: 503 });
      }),
    );
    const { store } = renderWithProviders(<AutoScalingPage />);
    await screen.findByText('t3.medium');
    // What the 30 s poll does: fetch again.
    const poll = store.dispatch(
      opsApi.endpoints.autoScalingStatus.initiate(undefined, { forceRefetch: true }),
    );
    await poll;
    poll.unsubscribe();
    await waitFor(() => expect(screen.getByText('Failed to fetch scaling status')).toBeInTheDocument());
    // The one stale-data rule: the kept values are marked stale with their age.
    expect(screen.getByText('Stale · updated just now')).toBeInTheDocument();
    expect(screen.getByText('t3.medium')).toBeInTheDocument();
  });
});
