/**
 * The Portfolio page on a phone (390 px) and from `md` up. jsdom lays nothing out, so these tests
 * give the page a window width through `matchMedia` and check what it renders for it: below `md`
 * the holdings are a list whose items show P&L, Return % and Current Price with Buy / Sell (no
 * table to scroll sideways), and the summary stands two cards abreast.
 */
import { configure, screen, within } from '@testing-library/react';
import { contract } from '@nivesh/api-contract';
import { mockRoute, renderWithProviders, setupServer, windowWidth } from '@nivesh/api-client/testing';
import { holdings, orderPreview, portfolioOverview, tradingMode } from '../../features/testing/fixtures';
import PortfolioPage from './PortfolioPage';

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(30_000);

const server = setupServer(
  mockRoute(contract.orders.list, () => ({ success: true, data: [] })),
  mockRoute(contract.portfolio.overview, () => ({ success: true, data: portfolioOverview })),
  mockRoute(contract.portfolio.holdings, () => ({ success: true, data: holdings })),
  mockRoute(contract.trading.getMode, () => tradingMode('paper')),
  mockRoute(contract.orders.preview, () => ({ success: true, data: orderPreview() })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('PortfolioPage on a phone (390 px)', () => {
  let restore: () => void;
  beforeEach(() => (restore = windowWidth(390)));
  afterEach(() => restore());

  it('lists the holdings with P&L, Return % and Current Price in view, and no table', async () => {
    renderWithProviders(<PortfolioPage />, { route: '/portfolio', path: '/portfolio' });
    const list = await screen.findByRole('list', { name: 'Current holdings' });
    expect(screen.queryByRole('table', { name: 'Current holdings' })).not.toBeInTheDocument();

    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const reliance = within(items[0]!);
    expect(reliance.getByText('RELIANCE')).toBeInTheDocument();
    expect(reliance.getByText('+₹67,500')).toHaveStyle({ color: 'var(--chakra-colors-gain)' });
    expect(reliance.getByText('+2.34%')).toHaveStyle({ color: 'var(--chakra-colors-gain)' });
    // Each figure under its name, as the table's columns name them.
    const figure = (label: string) => reliance.getByText(label).nextElementSibling;
    expect(figure('Quantity')).toHaveTextContent('1,200');
    expect(figure('Entry Price')).toHaveTextContent('₹2,400.50');
    expect(figure('Current Price')).toHaveTextContent('₹2,456.75');
    expect(figure('P&L')).toHaveTextContent('+₹67,500');
    expect(figure('Return %')).toHaveTextContent('+2.34%');
    expect(reliance.getByText('after charges')).toBeInTheDocument();

    const infy = within(items[1]!);
    expect(infy.getByText('-₹3,990')).toHaveStyle({ color: 'var(--chakra-colors-loss)' });
    expect(infy.getByText('-4.99%')).toHaveStyle({ color: 'var(--chakra-colors-loss)' });
    expect(infy.getByRole('button', { name: 'Buy INFY CNC' })).toBeInTheDocument();
    expect(infy.getByRole('button', { name: 'Sell INFY CNC' })).toBeInTheDocument();
  });

  it("a holding's Sell opens the ticket with the whole holding", async () => {
    const { user } = renderWithProviders(<PortfolioPage />, { route: '/portfolio', path: '/portfolio' });
    const list = await screen.findByRole('list', { name: 'Current holdings' });
    await user.click(within(list).getByRole('button', { name: 'Sell INFY CNC' }));
    const ticket = await screen.findByRole('dialog');
    expect(within(ticket).getByLabelText('Symbol')).toHaveValue('INFY');
    expect(within(ticket).getByLabelText('Quantity')).toHaveValue(50);
    expect(within(ticket).getByRole('button', { name: 'Sell' })).toHaveAttribute('aria-pressed', 'true');
    await within(ticket).findByRole('table', { name: 'Order estimate' });
  });

  it('puts the summary two cards abreast, all four kept', async () => {
    renderWithProviders(<PortfolioPage />, { route: '/portfolio', path: '/portfolio' });
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(summary).toHaveStyle({ gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' });
    expect(within(summary).getAllByRole('group')).toHaveLength(4);
    expect(await within(summary).findByText('₹12,34,568')).toBeInTheDocument();
  });
});

describe('PortfolioPage from md up (1024 px)', () => {
  let restore: () => void;
  beforeEach(() => (restore = windowWidth(1024)));
  afterEach(() => restore());

  it('shows the holdings table', async () => {
    renderWithProviders(<PortfolioPage />, { route: '/portfolio', path: '/portfolio' });
    const table = await screen.findByRole('table', { name: 'Current holdings' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByRole('list', { name: 'Current holdings' })).not.toBeInTheDocument();
  });
});
