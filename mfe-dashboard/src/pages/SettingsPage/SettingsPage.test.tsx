import { screen, waitFor, within } from '@testing-library/react';
import { Text } from '@nivesh/ui/chakra';
import { contract } from '@nivesh/api-contract';
import {
  errorBody,
  HttpResponse,
  mockRoute,
  mockRouteError,
  renderWithProviders,
  setupServer,
  TEST_USER,
} from '@nivesh/api-client/testing';
import { provideRemoteModuleLoader, type RemoteModuleLoader } from '@nivesh/api-client';
import SettingsPage from './SettingsPage';
import type { RiskSettingsLoader } from './RiskSettingsTab';

const notConnected = (text: string) => HttpResponse.json(errorBody(text), { status: 503 });

const allocationDown = [
  mockRoute(contract.allocation.settings, () =>
    notConnected('The allocation service is not connected on this server.'),
  ),
  mockRoute(contract.allocation.dailyAmount, () =>
    notConnected('The allocation service is not connected on this server.'),
  ),
];

/** What jest has instead of the Module Federation runtime: nothing to load from. */
const unavailableRemote: RiskSettingsLoader = () =>
  Promise.reject(new Error('No remote "risk" is registered'));

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
jest.setTimeout(30_000);

describe('SettingsPage tabs', () => {
  it('opens on Daily Allocation with the allocation form, and keeps the chosen tab in the address', async () => {
    server.use(
      ...allocationDown,
      mockRoute(contract.ops.health, () => ({ status: 'ok', version: '1.4.0', uptime: 90 })),
    );
    server.use(
      mockRoute(contract.market.status, () =>
        notConnected('The market data service is not connected on this server.'),
      ),
      mockRoute(contract.broker.status, () =>
        notConnected('The broker connection is not connected on this server.'),
      ),
      mockRoute(contract.trading.getMode, () =>
        notConnected('The trading service is not connected on this server.'),
      ),
    );
    const { user } = renderWithProviders(<SettingsPage loadRiskSettings={unavailableRemote} />, {
      route: '/settings',
    });

    const tabs = within(screen.getAllByRole('tablist')[0]!)
      .getAllByRole('tab')
      .map((tab) => tab.textContent);
    expect(tabs).toEqual([
      'Daily Allocation',
      'Risk Management',
      'Notifications',
      'Profile',
      'Data Sources',
      'Connectivity',
      'Releases',
    ]);
    expect(screen.getByRole('tab', { name: 'Daily Allocation' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Data source not available')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Allocation Strategy' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Settings' })).toBeDisabled();

    await user.click(screen.getByRole('tab', { name: 'Connectivity' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/settings?tab=connectivity'),
    );
    expect(screen.getByRole('tab', { name: 'Connectivity' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByLabelText('API server')).toHaveTextContent('1.4.0');
    await waitFor(() => expect(screen.queryByText('Data source not available')).not.toBeInTheDocument());
  });

  it('keeps every tab legible on a phone: the tab bar wraps and no tab shrinks under its label', async () => {
    server.use(...allocationDown);
    renderWithProviders(<SettingsPage loadRiskSettings={unavailableRemote} />, { route: '/settings' });
    expect(await screen.findByText('Data source not available')).toBeInTheDocument();
    const tabList = screen.getByRole('tablist', { name: 'Settings sections' });
    expect(tabList).toHaveStyle({ flexWrap: 'wrap' });
    const tabs = within(tabList).getAllByRole('tab');
    expect(tabs).toHaveLength(7);
    for (const tab of tabs) expect(tab).toHaveStyle({ flexShrink: '0', whiteSpace: 'nowrap' });
  });

  it('opens the tab named in the address', async () => {
    server.use(
      mockRoute(contract.settings.notifications, () =>
        notConnected('This service is not connected on this server.'),
      ),
    );
    renderWithProviders(<SettingsPage loadRiskSettings={unavailableRemote} />, {
      route: '/settings?tab=notifications',
    });
    expect(screen.getByRole('tab', { name: 'Notifications' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Notification settings not connected')).toBeInTheDocument();
  });
});

describe('Risk Management tab', () => {
  // React and the boundary report the failure on the console; expected here.
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('shows a fallback with Retry when the risk settings panel cannot be loaded, and shows it once it loads', async () => {
    const retries: boolean[] = [];
    const load: RiskSettingsLoader = async ({ isRetry }) => {
      retries.push(isRetry);
      if (retries.length === 1) throw new Error('No remote "risk" is registered');
      return { default: () => <Text>Risk limits panel</Text> };
    };
    const { user } = renderWithProviders(<SettingsPage loadRiskSettings={load} />, {
      route: '/settings?tab=risk',
    });

    expect(await screen.findByText('Risk settings could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('No remote "risk" is registered')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Risk limits panel')).toBeInTheDocument();
    // The second load is a retry: the shell's loader fetches the list of releases again for it.
    expect(retries).toEqual([false, true]);
  });

  it('also falls back when the panel fails while showing', async () => {
    const Broken = () => {
      throw new Error('RiskSettings crashed');
    };
    renderWithProviders(<SettingsPage loadRiskSettings={async () => ({ default: Broken })} />, {
      route: '/settings?tab=risk',
    });
    expect(await screen.findByText('Risk settings could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('RiskSettings crashed')).toBeInTheDocument();
  });

  it('without the shell (the standalone harness) the default loader fails and the fallback shows', async () => {
    renderWithProviders(<SettingsPage />, { route: '/settings?tab=risk' });
    expect(await screen.findByText('Risk settings could not be loaded')).toBeInTheDocument();
    expect(
      screen.getByText(
        'risk/RiskSettings loads only inside the Nivesh shell, which is not running this page.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  describe('inside the shell', () => {
    afterEach(() => provideRemoteModuleLoader(null));

    it('loads risk/RiskSettings by default with the loader the shell provides, retrying through it', async () => {
      const calls: Array<[string, string, boolean]> = [];
      const shellLoader: RemoteModuleLoader = async <T,>(
        remote: string,
        module: string,
        isRetry: boolean,
      ) => {
        calls.push([remote, module, isRetry]);
        if (calls.length === 1) throw new Error('The "risk" page group is not published on this server.');
        const panel = { default: () => <Text>Position limits from the risk remote</Text> };
        return { module: panel as T, version: '1.0.0+stable', channel: 'stable' as const };
      };
      provideRemoteModuleLoader(shellLoader);
      const { user } = renderWithProviders(<SettingsPage />, { route: '/settings?tab=risk' });

      expect(
        await screen.findByText('The "risk" page group is not published on this server.'),
      ).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Retry' }));
      expect(await screen.findByText('Position limits from the risk remote')).toBeInTheDocument();
      expect(screen.queryByText('Risk settings could not be loaded')).not.toBeInTheDocument();
      expect(calls).toEqual([
        ['risk', 'RiskSettings', false],
        ['risk', 'RiskSettings', true],
      ]);
    });
  });
});

describe('Profile tab', () => {
  it('shows the signed-in operator and sends a password setup link to their email', async () => {
    const requested: unknown[] = [];
    server.use(
      mockRoute(contract.auth.requestPasswordSetup, async ({ request }) => {
        requested.push(await request.json());
        return HttpResponse.json({
          success: true,
          message: 'A setup link was sent to operator@nivesh.local.',
        });
      }),
    );
    const { user } = renderWithProviders(<SettingsPage loadRiskSettings={unavailableRemote} />, {
      route: '/settings?tab=profile',
      session: { token: 'tok', user: { ...TEST_USER, name: 'Asha Rao' } },
    });
    expect(screen.getByText('Asha Rao')).toBeInTheDocument();
    expect(screen.getByText('operator')).toBeInTheDocument();
    expect(screen.getByText('operator@nivesh.local')).toBeInTheDocument();
    expect(screen.getByText('Signed in')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('A setup link was sent to operator@nivesh.local.')).toBeInTheDocument();
    expect(requested).toEqual([{ email: 'operator@nivesh.local' }]);
  });

  it('shows the idle limit and when the session ends at the latest, in IST', async () => {
    renderWithProviders(<SettingsPage loadRiskSettings={unavailableRemote} />, {
      route: '/settings?tab=profile',
      session: { token: 'tok', user: TEST_USER, endsAt: '2026-11-27T05:00:00.000Z' },
    });
    expect(screen.getByText('Ends after 12 hours without use')).toBeInTheDocument();
    expect(screen.getByTestId('session-ends-at')).toHaveTextContent(
      '27 Nov 2026, 10:30 am IST, however often it is used',
    );
  });

  it("says 'Failed to send password setup instructions.' when the request fails", async () => {
    server.use(
      mockRouteError(contract.auth.requestPasswordSetup, 429, 'Too many requests, try again in 15 minutes'),
    );
    const { user } = renderWithProviders(<SettingsPage loadRiskSettings={unavailableRemote} />, {
      route: '/settings?tab=profile',
    });
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Failed to send password setup instructions.')).toBeInTheDocument();
    expect(screen.getByText('Too many requests, try again in 15 minutes')).toBeInTheDocument();
  });
});

describe('Connectivity tab', () => {
  it('shows the API server, the market calendar, the broker and the trading mode', async () => {
    server.use(
      mockRoute(contract.ops.health, () => ({ status: 'ok', version: '1.4.0', uptime: 3725 })),
      mockRoute(contract.market.status, () => ({
        success: true,
        exchange: 'NSE',
        status: 'CLOSED',
        is_open: false,
        exchange_status: 'CLOSED',
        closed_reason: 'holiday',
        holiday_name: 'Guru Nanak Jayanti',
        is_trading_day: false,
        now_ist: '2026-11-24T10:00:00+05:30',
        next_open: '2026-11-25T03:45:00.000Z',
        next_close: '2026-11-25T10:00:00.000Z',
        holidays_known: true,
        simulated_session_open: false,
        feed: { source: 'simulated', connection: 'connected', last_tick_at: '2026-11-20T10:00:00.000Z' },
      })),
      mockRoute(contract.broker.status, () =>
        notConnected('The broker connection is not connected on this server.'),
      ),
      mockRoute(contract.trading.getMode, () => ({
        success: true,
        mode: 'paper',
        trading_mode: 'paper',
        trading_mode_label: 'Paper Trading',
        current_mode: 'paper',
        current_mode_label: 'Paper Trading',
        updated_at: null,
        message: 'ok',
      })),
    );
    renderWithProviders(<SettingsPage loadRiskSettings={unavailableRemote} />, {
      route: '/settings?tab=connectivity',
    });

    const api = await screen.findByLabelText('API server');
    expect(api).toHaveTextContent('Online');
    expect(api).toHaveTextContent('1.4.0');
    expect(api).toHaveTextContent('1 h 2 min');
    const market = await screen.findByLabelText('Market');
    expect(market).toHaveTextContent('Market Closed');
    expect(market).toHaveTextContent('Guru Nanak Jayanti');
    expect(market).toHaveTextContent('25 Nov 2026, 09:15 am IST');
    expect(
      await screen.findByText('The broker connection is not connected on this server.'),
    ).toBeInTheDocument();
    expect(await screen.findByLabelText('Trading mode')).toHaveTextContent('Paper Trading');
  });
});
