import { configure, screen, waitFor, within } from '@testing-library/react';
import { toaster } from '@nivesh/ui';
import {
  HttpResponse,
  mockRoute,
  mockRouteError,
  renderWithProviders,
  setupServer,
} from '@nivesh/api-client/testing';
import { contract, type Trade } from '@nivesh/api-contract';
import { historyHandler, makeTrade, type SeenQuery } from '../../testing/fixtures';
import { tradesToCsv } from '../../features/tradesCsv';
import TradeHistoryPage from './TradeHistoryPage';

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(30_000);

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// Toasts live in one module-level store: clear them so one test's messages do not leak into the next.
afterEach(() => {
  server.resetHandlers();
  toaster.remove();
});
afterAll(() => server.close());

const DAY_MS = 86_400_000;
const twentyDaysAgo = new Date(Date.now() - 20 * DAY_MS).toISOString();

const TRADES: Trade[] = [
  // 4 of a long position of 10 RELIANCE, sold at ₹2,365.90; the other 6 are another row.
  makeTrade({
    trade_id: 'PT-0001',
    symbol: 'RELIANCE',
    status: 'completed',
    quantity: 4,
    opened_quantity: 10,
    exit_price: 2365.9,
    net_pnl: 400,
    fees: 100,
    pnl_percent: 1.6,
  }),
  makeTrade({
    trade_id: 'LV-0002',
    symbol: 'TCS',
    mode: 'live',
    side: 'SELL',
    product: 'MIS',
    status: 'open',
    exit_price: null,
    exit_time: null,
    current_price: 3875.4,
    pnl: -120,
    fees: 30.5,
    net_pnl: -150.5,
    pnl_percent: -0.39,
    strategy: 'Momentum',
  }),
  // A resting buy order: listed, but not a trade, and without P&L.
  makeTrade({
    trade_id: 'REL-0003',
    symbol: 'INFY',
    status: 'pending',
    opened_quantity: null,
    exit_price: null,
    exit_time: null,
    pnl: null,
    fees: 0,
    net_pnl: null,
    pnl_percent: null,
  }),
  makeTrade({
    trade_id: 'PT-0004',
    symbol: 'HDFCBANK',
    status: 'completed',
    entry_time: twentyDaysAgo,
    exit_time: twentyDaysAgo,
    net_pnl: -80,
    fees: 40,
  }),
];

/** Today's rows: two trades and the pending order. */
const TODAY_SHOWN = 'Showing 3 of 3: 2 trades and 1 unfilled order';

function rowsText(): string[] {
  return screen
    .queryAllByTestId('trade-row')
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent ?? '');
}

function card(label: string) {
  return screen.getByRole('group', { name: label });
}

describe('TradeHistoryPage connected', () => {
  it('shows the trades of today with the summary cards and the connected status', async () => {
    const seen: SeenQuery[] = [];
    server.use(historyHandler(TRADES, seen));
    renderWithProviders(<TradeHistoryPage />);

    expect(await screen.findByText(TODAY_SHOWN)).toBeInTheDocument();
    expect(seen[0]).toMatchObject({ period: 'today', status: 'all', page: '1', page_size: '25' });
    expect(rowsText()).toEqual(['PT-0001', 'LV-0002', 'REL-0003']);
    expect(screen.getByText('Connected')).toBeInTheDocument();

    // Trades are fills: the closed 4 RELIANCE and the open TCS short; the pending order is not one.
    expect(within(card('Total Trades')).getByText('2')).toBeInTheDocument();
    expect(
      within(card('Total Trades')).getByText('1 closed + 1 open; 1 unfilled order not counted'),
    ).toBeInTheDocument();
    // One completed trade, in profit.
    expect(within(card('Win Rate')).getByText('100.0%')).toBeInTheDocument();
    expect(within(card('Net P&L')).getByText('+₹250')).toBeInTheDocument();
    expect(within(card('Net P&L')).getByText('after charges')).toBeInTheDocument();
    expect(within(card('Total Charges')).getByText('₹130.50')).toBeInTheDocument();
    expect(within(card('Open Positions')).getByText('1')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'P&L after charges' })).toBeInTheDocument();

    const [partial, liveRow, order] = screen.getAllByTestId('trade-row') as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    // The partial exit says it is the long position's sale of 4 of its 10 shares.
    expect(within(partial).getByTestId('trade-position')).toHaveTextContent(
      'Long · sold 4 of 10 at ₹2,365.90',
    );
    expect(within(partial).queryByText('BUY')).not.toBeInTheDocument();

    expect(within(liveRow).getByText('LIVE')).toBeInTheDocument();
    expect(within(liveRow).getByTestId('trade-position')).toHaveTextContent('Short · 10 open');
    expect(within(liveRow).getByText('₹3,875.40')).toBeInTheDocument();
    expect(within(liveRow).getByText('LTP')).toBeInTheDocument();
    expect(within(liveRow).getByText('-₹150.50')).toBeInTheDocument();
    expect(within(liveRow).getByText('-0.39%')).toBeInTheDocument();
    expect(within(liveRow).getByText('Momentum')).toBeInTheDocument();

    // The unfilled order has no P&L: "--" and why, never "+₹0.00".
    expect(within(order).getByTestId('trade-position')).toHaveTextContent('Buy order · 10 not filled yet');
    const orderPnl = within(order).getByTestId('trade-pnl');
    expect(within(orderPnl).getByText('--')).toBeInTheDocument();
    expect(within(orderPnl).getByText('Not filled')).toBeInTheDocument();
    expect(within(order).queryByText(/₹0\.00|0\.00%/)).not.toBeInTheDocument();
    expect(within(screen.getAllByTestId('trade-row')[0]!).getByText('PAPER')).toBeInTheDocument();
  });

  it('sends the chosen period to the server', async () => {
    const seen: SeenQuery[] = [];
    server.use(historyHandler(TRADES, seen));
    const { user } = renderWithProviders(<TradeHistoryPage />);
    await screen.findByText(TODAY_SHOWN);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Last 30 days');
    expect(await screen.findByText('Showing 4 of 4: 3 trades and 1 unfilled order')).toBeInTheDocument();
    expect(seen.at(-1)).toMatchObject({ period: 'month' });
    expect(rowsText()).toContain('PT-0004');
  });

  it('combines the search (symbol or trade id, any case) with the status filter', async () => {
    const seen: SeenQuery[] = [];
    server.use(historyHandler(TRADES, seen));
    const { user } = renderWithProviders(<TradeHistoryPage />);
    await screen.findByText(TODAY_SHOWN);

    await user.type(screen.getByPlaceholderText('Search by symbol or trade ID...'), 'REL');
    // RELIANCE by symbol, REL-0003 by id.
    await waitFor(() => expect(rowsText()).toEqual(['PT-0001', 'REL-0003']));
    expect(seen.at(-1)).toMatchObject({ search: 'REL', status: 'all' });

    await user.click(screen.getByRole('button', { name: 'Pending' }));
    await waitFor(() => expect(rowsText()).toEqual(['REL-0003']));
    expect(seen.at(-1)).toMatchObject({ search: 'REL', status: 'pending' });
    expect(screen.getByRole('button', { name: 'Pending' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByText('No trades found')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 of 0 trades')).toBeInTheDocument();
  });

  it('pages through the trades with Previous and Next', async () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      makeTrade({ trade_id: `PT-${String(i + 1).padStart(4, '0')}` }),
    );
    const seen: SeenQuery[] = [];
    server.use(historyHandler(many, seen));
    const { user } = renderWithProviders(<TradeHistoryPage />);

    expect(await screen.findByText('Showing 25 of 30 trades')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 5 of 30 trades')).toBeInTheDocument();
    expect(seen.at(-1)).toMatchObject({ page: '2' });
    expect(rowsText()[0]).toBe('PT-0026');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Showing 25 of 30 trades')).toBeInTheDocument();
  });

  it('applies the advanced filters through the server', async () => {
    const seen: SeenQuery[] = [];
    server.use(historyHandler(TRADES, seen));
    const { user } = renderWithProviders(<TradeHistoryPage />);
    await screen.findByText(TODAY_SHOWN);

    await user.click(screen.getByRole('button', { name: 'Advanced Filter' }));
    await user.selectOptions(screen.getByLabelText('Side'), 'SELL');
    await user.type(screen.getByLabelText('Max net P&L (₹)'), '0');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    await waitFor(() => expect(rowsText()).toEqual(['LV-0002']));
    expect(seen.at(-1)).toMatchObject({ side: 'SELL', max_pnl: '0' });
    expect(screen.getByLabelText('2 active')).toBeInTheDocument();
  });

  it('refuses a P&L range whose minimum is above its maximum', async () => {
    server.use(historyHandler(TRADES));
    const { user } = renderWithProviders(<TradeHistoryPage />);
    await screen.findByText(TODAY_SHOWN);
    await user.click(screen.getByRole('button', { name: 'Advanced Filters' }));
    await user.type(screen.getByLabelText('Min net P&L (₹)'), '500');
    await user.type(screen.getByLabelText('Max net P&L (₹)'), '100');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Minimum P&L must not be above maximum P&L.');
  });

  it('exports every matching trade as CSV', async () => {
    const seen: SeenQuery[] = [];
    server.use(historyHandler(TRADES, seen));
    const blobs: Blob[] = [];
    const createObjectURL = jest.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:trades';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderWithProviders(<TradeHistoryPage />);
    await screen.findByText(TODAY_SHOWN);

    await user.click(screen.getByRole('button', { name: 'Completed' }));
    await screen.findByText('Showing 1 of 1 trades');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(blobs).toHaveLength(1));
    expect(seen.at(-1)).toMatchObject({ status: 'completed', page: '1', page_size: '200' });
    const text = (await blobs[0]!.text()).replace(/^\uFEFF/, '');
    expect(text).toBe(tradesToCsv([TRADES[0]!]));
    expect(click).toHaveBeenCalled();
    expect(await screen.findByText('Exported 1 trade')).toBeInTheDocument();
    click.mockRestore();
  });

  it('opens Performance from Analyze Performance', async () => {
    server.use(historyHandler(TRADES));
    const { user } = renderWithProviders(<TradeHistoryPage />, { route: '/trades' });
    await screen.findByText(TODAY_SHOWN);
    await user.click(screen.getByRole('button', { name: 'Analyze Performance' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/performance');
  });
});

describe('TradeHistoryPage disconnected', () => {
  it('shows the not-connected state and no figures, and recovers on Retry', async () => {
    server.use(
      mockRouteError(contract.trading.history, 503, 'The trading service is not connected on this server.'),
    );
    const { user } = renderWithProviders(<TradeHistoryPage />);

    expect(await screen.findByText('Trading Data Connection Issues')).toBeInTheDocument();
    expect(
      screen.getByText('Unable to connect to trading services. Trade history may not be current.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Trading service not connected')).toBeInTheDocument();
    expect(screen.getByText('Unable to load trades')).toBeInTheDocument();
    expect(screen.getByText('Trading service is currently unavailable')).toBeInTheDocument();
    for (const label of ['Total Trades', 'Win Rate', 'Net P&L', 'Total Charges', 'Open Positions']) {
      expect(within(card(label)).getByText('--')).toBeInTheDocument();
    }
    expect(screen.queryByText(/Showing/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();

    server.use(historyHandler(TRADES));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(TODAY_SHOWN)).toBeInTheDocument();
    expect(screen.queryByText('Trading Data Connection Issues')).not.toBeInTheDocument();
  });

  it('treats a network failure the same way', async () => {
    server.use(mockRoute(contract.trading.history, () => HttpResponse.error()));
    renderWithProviders(<TradeHistoryPage />);
    expect(await screen.findByText('Unable to load trades')).toBeInTheDocument();
    expect(screen.getByText('Trading service not connected')).toBeInTheDocument();
  });
});
