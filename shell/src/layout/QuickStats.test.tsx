/**
 * The sidebar's quick stats (specification part 2, sections 2, 4, 7 and 8): connecting, connected
 * figures and colours, the disconnected state with Retry, and a failure answer's text.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import { contract, type QuickStats } from '@nivesh/api-contract';
import { portfolioApi } from '@nivesh/api-client';
import { HttpResponse, mockRoute, mockRouteError, setupServer } from '@nivesh/api-client/testing';
import { winRateTone } from './QuickStats';
import {
  defaultHandlers,
  notConnected,
  openSidebar,
  quickStatsBody,
  renderLayout,
} from './layoutTestSupport';

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(30_000);

const server = setupServer(...defaultHandlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function block() {
  return screen.getByRole('region', { name: 'Quick stats' });
}

async function renderStats(stats?: Partial<QuickStats>) {
  if (stats) server.use(mockRoute(contract.portfolio.quickStats, () => quickStatsBody(stats)));
  const rendered = renderLayout();
  await openSidebar(rendered.user);
  return rendered;
}

/** The figure next to a row's label. */
function figure(label: string) {
  const row = within(block()).getByText(label).parentElement;
  if (!row) throw new Error(`no row ${label}`);
  return row.lastElementChild as HTMLElement;
}

describe('win rate colour', () => {
  it.each([
    [100, 'green'],
    [60, 'green'],
    [59.9, 'yellow'],
    [40, 'yellow'],
    [39.9, 'red'],
    [0, 'red'],
  ] as const)('%s%% is %s', (winRate, tone) => {
    expect(winRateTone(winRate)).toBe(tone);
  });
});

describe('the quick stats block', () => {
  it('shows connecting while the first answer is on its way', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      mockRoute(contract.portfolio.quickStats, async () => {
        await answered;
        return HttpResponse.json(quickStatsBody());
      }),
    );
    await renderStats();
    expect(block()).toHaveAttribute('data-state', 'connecting');
    expect(within(block()).getByText('Connecting...')).toBeInTheDocument();
    expect(within(block()).getByText('Loading stats...')).toBeInTheDocument();

    answer();
    expect(await within(block()).findByText('Connected')).toBeInTheDocument();
    expect(block()).toHaveAttribute('data-state', 'connected');
  });

  it('shows the figures when connected: positions, win rate, monthly return and the data source', async () => {
    await renderStats({ active_positions: 4, win_rate: 65, monthly_return: 2.5, data_source: 'simulated' });
    expect(await within(block()).findByText('Connected')).toBeInTheDocument();
    expect(figure('Active Positions')).toHaveTextContent('4');
    expect(figure('Win Rate')).toHaveTextContent('65.0%');
    expect(figure('Win Rate')).toHaveAttribute('data-tone', 'green');
    expect(figure('Monthly Return')).toHaveTextContent('+2.50%');
    expect(figure('Monthly Return')).toHaveAttribute('data-tone', 'green');
    expect(within(block()).getByTestId('data-source')).toHaveTextContent('Simulated');
  });

  it("shows the win rate as '--', uncoloured, before the account has closed a trade", async () => {
    await renderStats({ win_rate: null });
    await within(block()).findByText('Connected');
    expect(figure('Win Rate')).toHaveTextContent(/^--$/);
    expect(figure('Win Rate')).not.toHaveAttribute('data-tone');
    expect(within(block()).queryByText('0.0%')).not.toBeInTheDocument();
  });

  it('labels live data as live', async () => {
    await renderStats({ data_source: 'live' });
    expect(await within(block()).findByTestId('data-source')).toHaveTextContent('Live');
  });

  it.each([
    [45, 'yellow'],
    [20.5, 'red'],
  ] as const)('colours a win rate of %s%% %s', async (winRate, tone) => {
    await renderStats({ win_rate: winRate });
    await within(block()).findByText('Connected');
    expect(figure('Win Rate')).toHaveAttribute('data-tone', tone);
  });

  it('shows a negative monthly return in red with its sign', async () => {
    await renderStats({ monthly_return: -1.25 });
    await within(block()).findByText('Connected');
    expect(figure('Monthly Return')).toHaveTextContent('-1.25%');
    expect(figure('Monthly Return')).toHaveAttribute('data-tone', 'red');
  });

  it("when the server answers 503 shows 'Disconnected from data source' / 'No data available', and Retry fetches again", async () => {
    let calls = 0;
    server.use(
      mockRoute(contract.portfolio.quickStats, () => {
        calls += 1;
        return calls === 1
          ? notConnected('portfolio')
          : HttpResponse.json(quickStatsBody({ active_positions: 7 }));
      }),
    );
    const { user } = await renderStats();
    expect(await within(block()).findByText('Disconnected from data source')).toBeInTheDocument();
    expect(within(block()).getByText('No data available')).toBeInTheDocument();
    expect(within(block()).getByText('Disconnected')).toBeInTheDocument();
    // A 503 means "not connected": no error text beyond the disconnected state.
    expect(within(block()).queryByText('Failed to fetch stats')).not.toBeInTheDocument();
    expect(within(block()).queryByText('Active Positions')).not.toBeInTheDocument();

    await user.click(within(block()).getByRole('button', { name: /Retry/ }));
    await waitFor(() => expect(figure('Active Positions')).toHaveTextContent('7'));
    expect(calls).toBe(2);
    expect(within(block()).queryByText('Disconnected from data source')).not.toBeInTheDocument();
  });

  it('is disconnected when the server cannot be reached', async () => {
    server.use(mockRoute(contract.portfolio.quickStats, () => HttpResponse.error()));
    await renderStats();
    expect(await within(block()).findByText('Disconnected from data source')).toBeInTheDocument();
    expect(within(block()).getByRole('button', { name: /Retry/ })).toBeInTheDocument();
  });

  it("shows the error of a failed answer, or 'Failed to fetch stats' when it has none", async () => {
    server.use(mockRouteError(contract.portfolio.quickStats, 500, 'Stats store is locked'));
    const first = await renderStats();
    expect(await within(block()).findByText('Stats store is locked')).toBeInTheDocument();
    expect(within(block()).getByText('Disconnected from data source')).toBeInTheDocument();
    first.unmount();

    server.use(
      mockRoute(contract.portfolio.quickStats, () => HttpResponse.json({ success: false }, { status: 500 })),
    );
    await renderStats();
    expect(await within(block()).findByText('Failed to fetch stats')).toBeInTheDocument();
  });
});

describe('the quick stats block after a failed poll (the one stale-data rule)', () => {
  it('keeps the last figures, marked stale with their age, and says it is disconnected', async () => {
    let calls = 0;
    server.use(
      mockRoute(contract.portfolio.quickStats, () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json(quickStatsBody({ active_positions: 7 }))
          : notConnected('portfolio');
      }),
    );
    const { store } = await renderStats();
    await waitFor(() => expect(figure('Active Positions')).toHaveTextContent('7'));

    // What the 30 s poll does: fetch again.
    const poll = store.dispatch(
      portfolioApi.endpoints.quickStats.initiate(undefined, { forceRefetch: true }),
    );
    await poll;
    poll.unsubscribe();

    expect(await within(block()).findByText('Stale · updated just now')).toBeInTheDocument();
    expect(figure('Active Positions')).toHaveTextContent('7');
    expect(within(block()).getByText('Disconnected')).toBeInTheDocument();
    expect(block()).toHaveAttribute('data-state', 'disconnected');
    expect(within(block()).queryByText('No data available')).not.toBeInTheDocument();
    expect(within(block()).getByRole('button', { name: /Retry/ })).toBeInTheDocument();
  });
});
