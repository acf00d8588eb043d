/**
 * The shell layout (specification part 2, section 2): the page in the content area, the sidebar's
 * menu in the specification's order, the drawer on small screens, the version label, and the
 * real-money banner. jsdom applies no media queries, so the layout renders as on a small screen:
 * the sidebar is a drawer that starts closed.
 */
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { init } from '@module-federation/enhanced/runtime';
import { contract } from '@nivesh/api-contract';
import { makeTradingHalt, makeTradingMode, makeTradingState, ok } from '@nivesh/api-contract/testing';
import { HttpResponse, mockRoute, setupServer } from '@nivesh/api-client/testing';
import { loadRemoteCatalogue } from '../remotes/remoteRegistry';
import { defaultHandlers, openSidebar, PAGE_TEXT, renderLayout } from './layoutTestSupport';

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(30_000);

const server = setupServer(...defaultHandlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const MENU = [
  'Dashboard',
  'Portfolio',
  'Research',
  'Performance',
  'Backtests',
  'Trades',
  'Daily Allocation',
  'Paper Trading',
  'Risk Management',
  'ML Intelligence',
  'Production Scaling',
  'Tick Streaming',
  'Auto-Scaling',
  'Settings',
];

function sidebar() {
  return screen.getByTestId('sidebar');
}

describe('the layout', () => {
  it('shows the routed page in the content area', async () => {
    renderLayout();
    expect(await screen.findByRole('heading', { name: PAGE_TEXT })).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { name: PAGE_TEXT }));
  });

  it('lists the 14 pages in the specification order (Backtests after Performance), each linking to its route', async () => {
    const { user } = renderLayout();
    await openSidebar(user);
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(MENU);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/dashboard',
      '/portfolio',
      '/research',
      '/performance',
      '/backtests',
      '/trades',
      '/allocation',
      '/paper-trading',
      '/risk',
      '/ml-intelligence',
      '/production-scaling',
      '/tick-streaming',
      '/auto-scaling',
      '/settings',
    ]);
  });

  it('marks the current page as active', async () => {
    const { user } = renderLayout({ route: '/risk' });
    await openSidebar(user);
    expect(screen.getByRole('link', { name: 'Risk Management' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('marks Daily Allocation active on its alias /admin/allocation', async () => {
    const { user } = renderLayout({ route: '/admin/allocation' });
    await openSidebar(user);
    expect(screen.getByRole('link', { name: 'Daily Allocation' })).toHaveAttribute('aria-current', 'page');
  });
});

describe('the sidebar on small screens', () => {
  it('starts closed; the menu button opens it with an overlay, and a click on the overlay closes it', async () => {
    const { user } = renderLayout();
    await screen.findByRole('heading', { name: PAGE_TEXT });
    expect(sidebar()).toHaveAttribute('data-open', 'false');
    expect(screen.queryByTestId('sidebar-overlay')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(sidebar()).toHaveAttribute('data-open', 'true');
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Dashboard' })).toBeVisible();

    await user.click(screen.getByTestId('sidebar-overlay'));
    expect(sidebar()).toHaveAttribute('data-open', 'false');
    expect(screen.queryByTestId('sidebar-overlay')).not.toBeInTheDocument();
  });

  it('closes when the operator navigates', async () => {
    const { user } = renderLayout();
    await openSidebar(user);
    await user.click(screen.getByRole('link', { name: 'Portfolio' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/portfolio');
    expect(sidebar()).toHaveAttribute('data-open', 'false');
    expect(screen.queryByTestId('sidebar-overlay')).not.toBeInTheDocument();
  });

  it('closes with its close button and with Escape', async () => {
    const { user } = renderLayout();
    await openSidebar(user);
    await user.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(sidebar()).toHaveAttribute('data-open', 'false');

    await openSidebar(user);
    await user.keyboard('{Escape}');
    expect(sidebar()).toHaveAttribute('data-open', 'false');
  });
});

describe('the version label', () => {
  // In the product the shell's build creates the federation runtime; here the test does.
  beforeAll(() => {
    init({ name: 'shell', remotes: [] });
  });

  afterEach(async () => {
    // Leave the module's catalogue empty for the other tests.
    await loadRemoteCatalogue(async () => HttpResponse.json({ success: true, remotes: [], missing: [] }));
  });

  it("shows 'v1.0'; hovering or focusing it shows the build of each remote this page loaded", async () => {
    await act(async () => {
      await loadRemoteCatalogue(async () =>
        HttpResponse.json({
          success: true,
          remotes: [
            {
              name: 'dashboard',
              version: '1.0.0+a1b2c3',
              entry: '/remotes/dashboard/1.0.0+a1b2c3/mf-manifest.json',
              exposes: ['DashboardPage'],
              channel: 'stable',
              fallback: null,
            },
            {
              name: 'risk',
              version: '1.0.1+d4e5f6',
              entry: '/remotes/risk/1.0.1+d4e5f6/mf-manifest.json',
              exposes: ['RiskPage'],
              channel: 'canary',
              fallback: { version: '1.0.0+a1b2c3', entry: '/remotes/risk/1.0.0+a1b2c3/mf-manifest.json' },
            },
          ],
          missing: ['ml_ops'],
        }),
      );
    });
    const { user } = renderLayout();
    await openSidebar(user);
    const version = within(sidebar()).getByRole('button', { name: 'v1.0' });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();

    await user.hover(version);
    const builds = screen.getByRole('tooltip');
    expect(version).toHaveAccessibleDescription(/Builds loaded by this page/);
    expect(within(builds).getByText('dashboard')).toBeInTheDocument();
    expect(within(builds).getByText('1.0.0+a1b2c3')).toBeInTheDocument();
    expect(within(builds).getByText('risk')).toBeInTheDocument();
    expect(within(builds).getByText('1.0.1+d4e5f6 (canary)')).toBeInTheDocument();
    expect(within(builds).getByText('ml_ops')).toBeInTheDocument();
    expect(within(builds).getByText('not published')).toBeInTheDocument();

    await user.unhover(version);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();

    act(() => version.focus());
    expect(screen.getByRole('tooltip')).toHaveTextContent('1.0.1+d4e5f6');
  });

  it('says when the list of builds could not be loaded', async () => {
    await act(async () => {
      await loadRemoteCatalogue(async () => new Response('down', { status: 502 }));
    });
    const { user } = renderLayout();
    await openSidebar(user);
    await user.hover(within(sidebar()).getByRole('button', { name: 'v1.0' }));
    expect(screen.getByRole('tooltip')).toHaveTextContent(
      'The list of page groups could not be loaded (GET /api/remotes answered 502).',
    );
  });
});

describe('real-money mode', () => {
  it("shows the 'LIVE TRADING ACTIVE' banner in live mode", async () => {
    server.use(mockRoute(contract.trading.getMode, () => makeTradingMode('live')));
    renderLayout();
    expect(await screen.findByText('LIVE TRADING ACTIVE')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Orders execute with real money through your broker.',
    );
  });

  it('shows no banner in paper mode', async () => {
    renderLayout();
    await waitFor(() =>
      expect(screen.getByTestId('trading-mode-switch')).toHaveAttribute('data-mode', 'paper'),
    );
    expect(screen.queryByText('LIVE TRADING ACTIVE')).not.toBeInTheDocument();
  });
});

describe('the trading state banner', () => {
  it('shows nothing while trading is normal', async () => {
    renderLayout();
    await screen.findByRole('heading', { name: PAGE_TEXT });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('alert', { name: 'Trading halted' })).toBeNull();
    expect(screen.queryByRole('alert', { name: 'Reducing only' })).toBeNull();
  });

  it('says trading is halted, by whom, when and why, and links to Risk Management', async () => {
    server.use(
      mockRoute(contract.risk.tradingState, () =>
        ok(
          makeTradingState({
            state: 'halted',
            reasons: ['Emergency stop in force.'],
            halt: makeTradingHalt(),
          }),
        ),
      ),
    );
    renderLayout();
    const banner = await screen.findByRole('alert', { name: 'Trading halted' });
    expect(banner).toHaveTextContent('TRADING HALTED · Only orders that close a position are accepted.');
    expect(banner).toHaveTextContent(
      'Emergency stop by operator@nivesh.local at 02 Mar 2026, 10:05 am IST: “Feed looks wrong”.',
    );
    expect(within(banner).getByRole('link', { name: 'Lift it on Risk Management' })).toHaveAttribute(
      'href',
      '/risk',
    );
  });

  it('says reducing only with each loss limit crossed', async () => {
    const reason = "This week's loss ₹60,000 is past the ₹50,000 weekly loss limit.";
    server.use(
      mockRoute(contract.risk.tradingState, () =>
        ok(makeTradingState({ state: 'reducing', reasons: [reason] })),
      ),
    );
    renderLayout();
    const banner = await screen.findByRole('alert', { name: 'Reducing only' });
    expect(banner).toHaveTextContent('REDUCING ONLY · Only orders that reduce a position are accepted.');
    expect(banner).toHaveTextContent(reason);
    expect(within(banner).getByRole('link', { name: 'See Risk Management' })).toHaveAttribute(
      'href',
      '/risk',
    );
  });
});
