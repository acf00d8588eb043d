import { screen, waitFor, within } from '@testing-library/react';
import {
  contract,
  type DataSourceEntry,
  type ResponseOf,
  type TokenState,
  type TokenStatus,
} from '@nivesh/api-contract';
import {
  errorBody,
  HttpResponse,
  mockRoute,
  mockRouteError,
  renderWithProviders,
  setupServer,
} from '@nivesh/api-client/testing';
import SettingsPage from '../SettingsPage';

function source(overrides: Partial<DataSourceEntry> & Pick<DataSourceEntry, 'id' | 'name'>): DataSourceEntry {
  return {
    type: 'Market Data API',
    description: '',
    endpoint: `https://example.test/${overrides.id}`,
    enabled: true,
    status: 'connected',
    custom: false,
    api_key_required: false,
    external_url: null,
    last_updated: '2026-11-20T09:30:00.000Z',
    latency: 42,
    ...overrides,
  };
}

const SOURCES: DataSourceEntry[] = [
  source({
    id: 'nse',
    name: 'NSE market feed',
    description: 'Index and equity quotes',
    external_url: 'https://docs.example.test/nse',
  }),
  source({
    id: 'alpha',
    name: 'Alpha Vantage',
    enabled: false,
    status: 'available',
    api_key_required: true,
    last_updated: null,
    latency: null,
  }),
  source({
    id: 'rbi',
    name: 'RBI rates',
    type: 'Economic Data Feed',
    custom: true,
    status: 'disconnected',
    latency: 250,
  }),
  source({ id: 'news', name: 'Business news', type: 'News RSS Feed', enabled: false, status: 'connected' }),
  source({
    id: 'signals',
    name: 'Signal service',
    type: 'Trading Signals',
    enabled: false,
    status: 'pending',
  }),
];

function tokenStatus(state: TokenState, hours: number | null = null): TokenStatus {
  return {
    success: true,
    broker: 'upstox',
    state,
    is_expired: state === 'expired',
    hours_remaining: hours,
    expires_at: hours === null ? null : new Date(Date.now() + hours * 3_600_000).toISOString(),
    updated_at: null,
    message: 'ok',
  };
}

const BROKER_STATUS: ResponseOf<typeof contract.broker.status> = {
  success: true,
  broker: 'upstox',
  connected: false,
  mode: 'paper',
  has_positions: false,
  last_sync: null,
  message: 'Not signed in to Upstox',
  auth_url: null,
};

let listCalls = 0;
function brokerHandlers(
  token: TokenStatus | 'down' = tokenStatus('valid', 10),
  brokerStatus: ResponseOf<typeof contract.broker.status> = BROKER_STATUS,
) {
  return [
    mockRoute(contract.broker.tokenStatus, () =>
      token === 'down'
        ? HttpResponse.json(errorBody('The broker connection is not connected on this server.'), {
            status: 503,
          })
        : HttpResponse.json(token),
    ),
    mockRoute(contract.broker.status, () => brokerStatus),
    mockRoute(contract.broker.getCredentials, () => ({
      success: true,
      credentials: {
        // What the server answers: the key already masked to its first 8 characters.
        api_key: 'ab12cd34****',
        api_secret_set: true,
        access_token_set: true,
        redirect_uri: 'https://nivesh.test/cb',
      },
    })),
  ];
}
function listHandler(sources: DataSourceEntry[] = SOURCES) {
  return mockRoute(contract.dataSources.list, () => {
    listCalls += 1;
    return HttpResponse.json({ success: true, sources });
  });
}

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  listCalls = 0;
});
afterEach(() => {
  server.resetHandlers();
  document.body.style.pointerEvents = '';
});
afterAll(() => server.close());
jest.setTimeout(30_000);

function renderTab() {
  return renderWithProviders(<SettingsPage />, { route: '/settings?tab=data-sources' });
}

const card = (name: string) => screen.getByRole('article', { name });

/** What the switch shows (its control), which is what the operator sees. */
function switchState(input: HTMLElement): string | null {
  return input.closest('[data-scope="switch"][data-part="root"]')?.getAttribute('data-state') ?? null;
}

describe('Data Sources tab: the list', () => {
  it('shows only enabled or connected sources until Show All APIs, with their details', async () => {
    server.use(...brokerHandlers(), listHandler());
    const { user } = renderTab();

    expect(await screen.findByRole('article', { name: 'NSE market feed' })).toBeInTheDocument();
    expect(screen.getByText('Showing 3 of 5 sources')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'RBI rates' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Business news' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Alpha Vantage' })).not.toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Signal service' })).not.toBeInTheDocument();

    const nse = card('NSE market feed');
    expect(within(nse).getByText('Connected')).toHaveAttribute('data-palette', 'green');
    expect(within(nse).getByText('Built-in')).toBeInTheDocument();
    expect(within(nse).getByText('< 100ms')).toBeInTheDocument();
    expect(within(nse).getByText('Index and equity quotes')).toBeInTheDocument();
    const viewApi = within(nse).getByRole('link', { name: 'View API' });
    expect(viewApi).toHaveAttribute('href', 'https://docs.example.test/nse');
    expect(viewApi).toHaveAttribute('target', '_blank');
    expect(viewApi).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(within(nse).getByLabelText('Enable NSE market feed')).toBeChecked();

    const rbi = card('RBI rates');
    expect(within(rbi).getByText('Custom')).toBeInTheDocument();
    expect(within(rbi).getByText('Disconnected')).toHaveAttribute('data-palette', 'red');
    expect(within(rbi).getByText('250ms')).toBeInTheDocument();
    expect(within(rbi).queryByLabelText('Enable RBI rates')).not.toBeInTheDocument();
    expect(within(rbi).getByRole('button', { name: 'Edit RBI rates' })).toBeInTheDocument();
    expect(within(rbi).queryByRole('link', { name: 'View API' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show All APIs' }));
    expect(screen.getByText('Showing 5 of 5 sources')).toBeInTheDocument();
    const alpha = card('Alpha Vantage');
    expect(within(alpha).getByText('API Key Required')).toBeInTheDocument();
    expect(within(alpha).getByText('Never')).toBeInTheDocument();
    expect(within(alpha).getByText('Not measured')).toBeInTheDocument();
    expect(within(alpha).getByText('Available')).toHaveAttribute('data-palette', 'blue');
    expect(within(card('Signal service')).getByText('Pending')).toHaveAttribute('data-palette', 'yellow');

    await user.click(screen.getByRole('button', { name: 'Show Active Only' }));
    expect(screen.queryByRole('article', { name: 'Alpha Vantage' })).not.toBeInTheDocument();
  });

  it('shows the list as disconnected and empty on 503', async () => {
    server.use(
      ...brokerHandlers(),
      mockRoute(contract.dataSources.list, () =>
        HttpResponse.json(errorBody('The data sources service is not connected on this server.'), {
          status: 503,
        }),
      ),
    );
    renderTab();
    expect(
      await screen.findByText('The data sources service is not connected on this server.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Connection: Disconnected')).toBeInTheDocument();
    expect(screen.queryAllByRole('article')).toHaveLength(0);
  });

  it("says 'Failed to fetch data sources' for any other failure", async () => {
    server.use(...brokerHandlers(), mockRouteError(contract.dataSources.list, 400, 'Bad request'));
    renderTab();
    expect(await screen.findByText('Failed to fetch data sources')).toBeInTheDocument();
    expect(screen.getByLabelText('Connection: Disconnected')).toBeInTheDocument();
    expect(screen.queryAllByRole('article')).toHaveLength(0);
  });
});

describe('Data Sources tab: switching and checking sources', () => {
  it('turns an available source on as connected, and a source off as disabled, only once the server agrees, then reloads', async () => {
    const toggles: Array<{ id: string; enabled: boolean }> = [];
    let release: () => void = () => undefined;
    // What the server lists after each switch.
    let sources = SOURCES;
    server.use(
      ...brokerHandlers(),
      mockRoute(contract.dataSources.list, () => {
        listCalls += 1;
        return HttpResponse.json({ success: true, sources });
      }),
      mockRoute(contract.dataSources.toggle, async ({ params, request }) => {
        const body = (await request.json()) as { enabled: boolean };
        toggles.push({ id: String(params.id), enabled: body.enabled });
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        sources = sources.map((entry) =>
          entry.id === params.id
            ? {
                ...entry,
                enabled: body.enabled,
                status: !body.enabled
                  ? 'disabled'
                  : entry.status === 'available'
                    ? 'connected'
                    : entry.status,
              }
            : entry,
        );
        return HttpResponse.json({ success: true, message: 'ok' });
      }),
    );
    const { user } = renderTab();
    await screen.findByRole('article', { name: 'NSE market feed' });
    await user.click(screen.getByRole('button', { name: 'Show All APIs' }));

    await user.click(within(card('Alpha Vantage')).getByLabelText('Enable Alpha Vantage'));
    await waitFor(() => expect(toggles).toEqual([{ id: 'alpha', enabled: true }]));
    // Not applied before the server answers.
    expect(within(card('Alpha Vantage')).getByText('Available')).toBeInTheDocument();
    release();
    await waitFor(() => expect(within(card('Alpha Vantage')).getByText('Connected')).toBeInTheDocument());
    expect(within(card('Alpha Vantage')).getByLabelText('Enable Alpha Vantage')).toBeChecked();

    // Any other status is kept when switched on.
    await user.click(within(card('Signal service')).getByLabelText('Enable Signal service'));
    await waitFor(() => expect(toggles).toHaveLength(2));
    release();
    await waitFor(() =>
      expect(within(card('Signal service')).getByLabelText('Enable Signal service')).toBeChecked(),
    );
    expect(within(card('Signal service')).getByText('Pending')).toBeInTheDocument();

    await user.click(within(card('NSE market feed')).getByLabelText('Enable NSE market feed'));
    await waitFor(() => expect(toggles).toHaveLength(3));
    release();
    await waitFor(() =>
      expect(
        within(card('NSE market feed')).getByText('Disabled', { selector: '[data-status]' }),
      ).toBeInTheDocument(),
    );
    expect(
      within(card('NSE market feed')).getByText('Disabled', { selector: '[data-status]' }),
    ).toHaveAttribute('data-palette', 'gray');
    expect(toggles[2]).toEqual({ id: 'nse', enabled: false });
    // Each accepted switch reloads the list from the server.
    await waitFor(() => expect(listCalls).toBe(4));
  });

  it('shows what the server lists after a switch: a source switched on without its token stays available', async () => {
    let sources = SOURCES;
    server.use(
      ...brokerHandlers(),
      mockRoute(contract.dataSources.list, () => {
        listCalls += 1;
        return HttpResponse.json({ success: true, sources });
      }),
      mockRoute(contract.dataSources.toggle, () => {
        sources = sources.map((entry) => (entry.id === 'alpha' ? { ...entry, enabled: true } : entry));
        return HttpResponse.json({ success: true, message: 'Alpha Vantage switched on.' });
      }),
    );
    const { user } = renderTab();
    await screen.findByRole('article', { name: 'NSE market feed' });
    await user.click(screen.getByRole('button', { name: 'Show All APIs' }));
    await user.click(within(card('Alpha Vantage')).getByLabelText('Enable Alpha Vantage'));
    await waitFor(() => expect(listCalls).toBe(2));
    await waitFor(() => expect(within(card('Alpha Vantage')).getByText('Available')).toBeInTheDocument());
    expect(within(card('Alpha Vantage')).getByLabelText('Enable Alpha Vantage')).toBeChecked();
  });

  it('keeps the source as it was when the switch fails', async () => {
    server.use(
      ...brokerHandlers(),
      listHandler(),
      mockRouteError(contract.dataSources.toggle, 400, 'Source is locked'),
    );
    const { user } = renderTab();
    const nse = await screen.findByRole('article', { name: 'NSE market feed' });
    await user.click(within(nse).getByLabelText('Enable NSE market feed'));
    expect(await within(nse).findByText('Could not switch off: Source is locked')).toBeInTheDocument();
    expect(within(nse).getByText('Connected')).toBeInTheDocument();
    expect(switchState(within(nse).getByLabelText('Enable NSE market feed'))).toBe('checked');
  });

  it('refreshes a source through the server and shows its fresh status', async () => {
    const refreshed: string[] = [];
    server.use(
      ...brokerHandlers(),
      listHandler(),
      mockRoute(contract.dataSources.refresh, ({ params }) => {
        refreshed.push(String(params.id));
        const before = SOURCES.find((s) => s.id === params.id)!;
        return HttpResponse.json({
          ...before,
          status: 'connected',
          latency: 180,
          last_updated: '2026-11-20T10:00:00.000Z',
        });
      }),
    );
    const { user } = renderTab();
    const rbi = await screen.findByRole('article', { name: 'RBI rates' });
    await user.click(within(rbi).getByRole('button', { name: 'Refresh RBI rates' }));
    await waitFor(() => expect(within(rbi).getByText('Connected')).toBeInTheDocument());
    expect(within(rbi).getByText('180ms')).toBeInTheDocument();
    expect(refreshed).toEqual(['rbi']);

    // Refresh All reloads the list and checks every enabled source.
    await user.click(screen.getByRole('button', { name: 'Refresh All' }));
    await waitFor(() => expect(refreshed).toHaveLength(3));
    expect(refreshed.slice(1).sort()).toEqual(['nse', 'rbi']);
    expect(listCalls).toBe(2);
  });
});

describe('Data Sources tab: adding and editing', () => {
  async function openAdd() {
    const rendered = renderTab();
    await screen.findByRole('article', { name: 'NSE market feed' });
    await rendered.user.click(screen.getByRole('button', { name: 'Add Data Source' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Data Source' });
    return { ...rendered, dialog };
  }

  it('checks the form: endpoint first, then the server validation', async () => {
    const validated: unknown[] = [];
    server.use(
      ...brokerHandlers(),
      listHandler(),
      mockRoute(contract.dataSources.validate, async ({ request }) => {
        const body = (await request.json()) as { endpoint: string };
        validated.push(body);
        return HttpResponse.json(
          body.endpoint.includes('down')
            ? { valid: false, error: 'HTTP 502 from the endpoint' }
            : { valid: true },
        );
      }),
    );
    const { user, dialog } = await openAdd();
    const add = within(dialog).getByRole('button', { name: 'Add & Integrate' });
    expect(add).toBeDisabled();
    expect(within(dialog).getByLabelText(/Endpoint URL/)).toHaveAttribute('type', 'url');
    expect(within(dialog).getByLabelText('Enable this data source')).toBeChecked();
    expect(
      within(dialog)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Market Data API', 'Economic Data Feed', 'News RSS Feed', 'Trading Signals', 'Custom API']);

    await user.click(within(dialog).getByRole('button', { name: 'Test & Validate' }));
    expect(within(dialog).getByText('Please enter an endpoint URL first')).toBeInTheDocument();
    expect(validated).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/Name/), 'Crude oil feed');
    expect(add).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Endpoint URL/), 'https://feeds.test/down');
    expect(add).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Test & Validate' }));
    expect(
      await within(dialog).findByText('Validation failed: HTTP 502 from the endpoint'),
    ).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText(/Endpoint URL/));
    await user.type(within(dialog).getByLabelText(/Endpoint URL/), 'https://feeds.test/crude');
    await user.click(within(dialog).getByRole('button', { name: 'Test & Validate' }));
    expect(
      await within(dialog).findByText('Validation successful! API is reachable and responding.'),
    ).toBeInTheDocument();
    expect(validated.at(-1)).toEqual({
      name: 'Crude oil feed',
      endpoint: 'https://feeds.test/crude',
      type: 'Market Data API',
      description: '',
      enabled: true,
    });
  });

  it('validates before adding, refuses an invalid endpoint, then adds, appends and reloads the list', async () => {
    const added: unknown[] = [];
    let valid = false;
    let sources = SOURCES;
    server.use(
      ...brokerHandlers(),
      mockRoute(contract.dataSources.list, () => {
        listCalls += 1;
        return HttpResponse.json({ success: true, sources });
      }),
      mockRoute(contract.dataSources.validate, () =>
        valid ? { valid: true } : { valid: false, error: 'Connection refused' },
      ),
      mockRoute(contract.dataSources.add, async ({ request }) => {
        const body = (await request.json()) as {
          name: string;
          endpoint: string;
          type: DataSourceEntry['type'];
        };
        added.push(body);
        const created = source({
          id: 'crude',
          name: body.name,
          endpoint: body.endpoint,
          type: body.type,
          custom: true,
          status: 'pending',
        });
        sources = [...SOURCES, created];
        return HttpResponse.json(created);
      }),
    );
    const { user, dialog } = await openAdd();
    await user.type(within(dialog).getByLabelText(/Name/), 'Crude oil feed');
    await user.selectOptions(within(dialog).getByRole('combobox'), 'Custom API');
    await user.type(within(dialog).getByLabelText(/Endpoint URL/), 'https://feeds.test/crude');
    await user.type(within(dialog).getByLabelText('API key (optional)'), 'secret-key');
    await user.type(within(dialog).getByLabelText('Description'), 'MCX crude');

    await user.click(within(dialog).getByRole('button', { name: 'Add & Integrate' }));
    expect(await within(dialog).findByText('Validation failed: Connection refused')).toBeInTheDocument();
    expect(added).toHaveLength(0);

    valid = true;
    await user.click(within(dialog).getByRole('button', { name: 'Add & Integrate' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(added).toEqual([
      {
        name: 'Crude oil feed',
        endpoint: 'https://feeds.test/crude',
        type: 'Custom API',
        description: 'MCX crude',
        apiKey: 'secret-key',
        enabled: true,
      },
    ]);
    expect(await screen.findByRole('article', { name: 'Crude oil feed' })).toBeInTheDocument();
    await waitFor(() => expect(listCalls).toBe(2));
  });

  it('edits a custom source in the same form, prefilled, keeping the stored key when left blank', async () => {
    const updates: Array<{ id: string; body: unknown }> = [];
    const validated: unknown[] = [];
    server.use(
      ...brokerHandlers(),
      listHandler(),
      mockRoute(contract.dataSources.validate, async ({ request }) => {
        validated.push(await request.json());
        return HttpResponse.json({ valid: true });
      }),
      mockRoute(contract.dataSources.update, async ({ params, request }) => {
        const body = (await request.json()) as { name: string };
        updates.push({ id: String(params.id), body });
        return HttpResponse.json({ ...SOURCES[2], name: body.name });
      }),
    );
    const { user } = renderTab();
    const rbi = await screen.findByRole('article', { name: 'RBI rates' });
    await user.click(within(rbi).getByRole('button', { name: 'Edit RBI rates' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit RBI rates' });
    expect(within(dialog).getByLabelText(/Name/)).toHaveValue('RBI rates');
    expect(within(dialog).getByLabelText(/Endpoint URL/)).toHaveValue('https://example.test/rbi');
    expect(within(dialog).getByRole('combobox')).toHaveValue('Economic Data Feed');

    await user.clear(within(dialog).getByLabelText(/Name/));
    await user.type(within(dialog).getByLabelText(/Name/), 'RBI reference rates');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(updates).toHaveLength(1));
    // Checked first with the source's id: the server uses its stored key for the blank field.
    expect(validated).toEqual([
      {
        id: 'rbi',
        name: 'RBI reference rates',
        endpoint: 'https://example.test/rbi',
        type: 'Economic Data Feed',
        description: '',
        enabled: true,
      },
    ]);
    expect(updates[0]).toEqual({
      id: 'rbi',
      body: {
        name: 'RBI reference rates',
        endpoint: 'https://example.test/rbi',
        type: 'Economic Data Feed',
        description: '',
        enabled: true,
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('Data Sources tab: broker integration', () => {
  it('masks the API key to its first 8 characters and shows the token state with its action', async () => {
    server.use(...brokerHandlers(tokenStatus('valid', 10)), listHandler());
    renderTab();
    expect(await screen.findByText('ab12cd34••••••••')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Valid')).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'EDIT TOKEN' })).toBeInTheDocument();
    expect(screen.getByText(/^Expires /)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Fix Now' })).not.toBeInTheDocument();
  });

  it.each([
    ['missing', null, 'Missing', 'ADD TOKEN', null],
    ['expiring', 1.5, 'Expires Soon', 'UPDATE SOON', 'Token Expiring Soon!'],
    ['expired', -2, 'EXPIRED', 'UPDATE NOW', 'Token Expired!'],
    ['invalid', null, 'Invalid', 'UPDATE NOW', 'Token Invalid!'],
  ] as const)('a %s token shows %s/%s', async (state, hours, label, action, banner) => {
    server.use(...brokerHandlers(tokenStatus(state, hours)), listHandler());
    renderTab();
    expect(await screen.findByText(label)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: action })).toBeInTheDocument();
    if (banner) {
      const fix = screen.getByTestId('token-fix-banner');
      expect(within(fix).getByText(banner)).toBeInTheDocument();
      expect(within(fix).getByRole('button', { name: 'Fix Now' })).toBeInTheDocument();
    } else {
      expect(screen.queryByTestId('token-fix-banner')).not.toBeInTheDocument();
    }
  });

  it('gives the banner texts of the specification', async () => {
    server.use(...brokerHandlers(tokenStatus('expired', -1)), listHandler());
    renderTab();
    expect(
      await screen.findByText(
        'Your portfolio data is showing fallback values. Update your token to restore live data.',
      ),
    ).toBeInTheDocument();
  });

  it("shows 'Unknown' when the token status cannot be had", async () => {
    server.use(...brokerHandlers('down'), listHandler());
    renderTab();
    expect(
      await screen.findByText('The broker connection is not connected on this server.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Unknown')).toBeInTheDocument();
  });

  it('opens the editor from Fix Now, refuses a blank token and saves a new one', async () => {
    let current = tokenStatus('expired', -1);
    const updates: unknown[] = [];
    server.use(
      mockRoute(contract.broker.tokenStatus, () => current),
      ...brokerHandlers(),
      listHandler(),
      mockRoute(contract.broker.tokenUpdate, async ({ request }) => {
        updates.push(await request.json());
        current = tokenStatus('valid', 20);
        return HttpResponse.json({ success: true, message: 'Token stored', status: current });
      }),
    );
    const { user } = renderTab();
    await screen.findByText('EXPIRED');
    await user.click(screen.getByRole('button', { name: 'Fix Now' }));
    const textarea = screen.getByLabelText('Access token');
    expect(screen.getByRole('button', { name: 'Update Token' })).toBeDisabled();

    await user.type(textarea, '   ');
    expect(screen.getByRole('button', { name: 'Update Token' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Update Token' }));
    expect(screen.getByText('Please enter a valid access token')).toBeInTheDocument();
    expect(updates).toHaveLength(0);

    await user.clear(textarea);
    await user.type(textarea, '  eyJ.new.token  ');
    await user.click(screen.getByRole('button', { name: 'Update Token' }));
    expect(await screen.findByText('Access token updated successfully!')).toBeInTheDocument();
    expect(updates).toEqual([{ access_token: 'eyJ.new.token' }]);
    expect(screen.queryByLabelText('Access token')).not.toBeInTheDocument();
    expect(await screen.findByText('Valid')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'EDIT TOKEN' })).toBeInTheDocument();
    await waitFor(() => expect(listCalls).toBe(2));
  });

  it('does not send the operator to Settings › Data Sources while on it: the token is added here', async () => {
    server.use(
      ...brokerHandlers(tokenStatus('missing'), {
        ...BROKER_STATUS,
        message:
          'No Upstox access token is stored. Add one in Settings › Data Sources, or sign in with Upstox.',
      }),
      listHandler(),
    );
    renderTab();
    expect(
      await screen.findByText('No Upstox access token is stored. Add one here, or sign in with Upstox.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Settings › Data Sources/)).not.toBeInTheDocument();
  });

  it('offers Add Token for a missing token, and Cancel closes the editor', async () => {
    server.use(...brokerHandlers(tokenStatus('missing')), listHandler());
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'ADD TOKEN' }));
    expect(screen.getByRole('button', { name: 'Add Token' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Access token')).not.toBeInTheDocument();
  });

  it('reports a refused token and a network failure in the specification words', async () => {
    let fail: 'server' | 'network' = 'server';
    server.use(
      ...brokerHandlers(tokenStatus('valid', 10)),
      listHandler(),
      mockRoute(contract.broker.tokenUpdate, () =>
        fail === 'server'
          ? HttpResponse.json(errorBody('Token is not a JWT'), { status: 400 })
          : HttpResponse.error(),
      ),
    );
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'EDIT TOKEN' }));
    await user.type(screen.getByLabelText('Access token'), 'not-a-token');
    await user.click(screen.getByRole('button', { name: 'Update Token' }));
    expect(await screen.findByText(/Failed to update token: Token is not a JWT/)).toBeInTheDocument();

    fail = 'network';
    await user.type(screen.getByLabelText('Access token'), 'x');
    await user.click(screen.getByRole('button', { name: 'Update Token' }));
    expect(await screen.findByText(/Error updating token\. Please try again\./)).toBeInTheDocument();
  });

  it('saves the credentials and starts the broker sign-in in a new tab', async () => {
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    const saved: unknown[] = [];
    server.use(
      ...brokerHandlers(),
      listHandler(),
      mockRoute(contract.broker.saveCredentials, async ({ request }) => {
        saved.push(await request.json());
        return HttpResponse.json({ success: true, message: 'Saved' });
      }),
      mockRoute(contract.broker.connect, () => ({
        success: true,
        auth_url: 'https://api.upstox.com/v2/login/authorization/dialog?x=1',
        message: 'ok',
      })),
    );
    const { user } = renderTab();
    await screen.findByText('ab12cd34••••••••');
    await user.click(screen.getByRole('button', { name: 'Credentials' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upstox API credentials' });
    const save = within(dialog).getByRole('button', { name: 'Save & Connect' });
    expect(save).toBeDisabled();
    expect(within(dialog).getByLabelText('Redirect URI')).toHaveValue('https://nivesh.test/cb');

    await user.type(within(dialog).getByLabelText(/API key/), 'newkey123');
    expect(save).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/API secret/), 'newsecret');
    expect(save).toBeEnabled();
    await user.click(save);

    expect(
      await within(dialog).findByText('Credentials saved. Sign in to Upstox in the new tab to connect.'),
    ).toBeInTheDocument();
    expect(saved).toEqual([
      { api_key: 'newkey123', api_secret: 'newsecret', redirect_uri: 'https://nivesh.test/cb' },
    ]);
    expect(open).toHaveBeenCalledWith(
      'https://api.upstox.com/v2/login/authorization/dialog?x=1',
      '_blank',
      'noopener,noreferrer',
    );
    open.mockRestore();
  });
});
