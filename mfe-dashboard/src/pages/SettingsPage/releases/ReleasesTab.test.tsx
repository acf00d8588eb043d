import { screen, waitFor, within } from '@testing-library/react';
import {
  contract,
  type AutoRollbackPolicy,
  type RemoteName,
  type RemoteReleases,
  type RolloutEvent,
  type RouteDefinition,
} from '@nivesh/api-contract';
import {
  errorBody,
  HttpResponse,
  mockRoute,
  renderWithProviders,
  type ResolverInfo,
  setupServer,
} from '@nivesh/api-client/testing';
import SettingsPage from '../SettingsPage';

const POLICY: AutoRollbackPolicy = {
  max_failure_rate: 0.2,
  min_loads: 20,
  window_minutes: 60,
  browsers_per_address: 3,
};
const OPERATOR = 'operator@nivesh.local';

function release(version: string, published_at: string) {
  return { version, published_at, published_by: OPERATOR, exposes: ['Page'] };
}

function event(overrides: Partial<RolloutEvent> & Pick<RolloutEvent, 'action' | 'at'>): RolloutEvent {
  return {
    actor: OPERATOR,
    version: null,
    previous_version: null,
    percent: null,
    reason: null,
    ...overrides,
  };
}

/** Landing: nothing published. */
const landing: RemoteReleases = { name: 'landing', stable: null, canary: null, releases: [], history: [] };

/** Dashboard: a canary at 10% failing in 6 of 25 browsers (22 points above stable's 2%: over the 20-point limit). */
const dashboard: RemoteReleases = {
  name: 'dashboard',
  stable: {
    ...release('1.4.0+a1', '2026-11-18T04:30:00.000Z'),
    stats: { loads: 50, failures: 1, failure_rate: 0.02 },
  },
  canary: {
    ...release('1.5.0+b2', '2026-11-20T09:00:00.000Z'),
    percent: 10,
    started_at: '2026-11-20T09:45:00.000Z',
    stats: { loads: 25, failures: 6, failure_rate: 0.24 },
  },
  releases: [
    release('1.5.0+b2', '2026-11-20T09:00:00.000Z'),
    release('1.4.0+a1', '2026-11-18T04:30:00.000Z'),
    release('1.3.0+z9', '2026-11-10T04:30:00.000Z'),
  ],
  history: [
    event({ action: 'canary_start', at: '2026-11-20T09:45:00.000Z', version: '1.5.0+b2', percent: 10 }),
    event({ action: 'publish', at: '2026-11-20T09:00:00.000Z', version: '1.5.0+b2' }),
    event({
      action: 'promote',
      at: '2026-11-18T05:00:00.000Z',
      version: '1.4.0+a1',
      previous_version: '1.3.0+z9',
    }),
  ],
};

/** Risk: stable only, a canary rolled back automatically, two other published releases. */
const risk: RemoteReleases = {
  name: 'risk',
  stable: {
    ...release('2.0.0+c3', '2026-11-15T04:30:00.000Z'),
    stats: { loads: 40, failures: 0, failure_rate: 0 },
  },
  canary: null,
  releases: [
    release('2.1.0+d4', '2026-11-19T04:30:00.000Z'),
    release('2.0.0+c3', '2026-11-15T04:30:00.000Z'),
    release('1.9.0+e5', '2026-11-12T04:30:00.000Z'),
  ],
  history: [
    event({
      action: 'auto_rollback',
      at: '2026-11-19T06:00:00.000Z',
      actor: 'registry (automatic)',
      version: '2.1.0+d4',
      percent: 5,
      reason:
        'canary 2.1.0+d4 failed to load in 8 of 21 browsers (38.1%) in the last 60 minutes, stable 2.0.0+c3 in 1 of 40 (2.5%): 35.6 points worse than stable, over the 20-point limit',
    }),
    event({ action: 'canary_start', at: '2026-11-19T05:00:00.000Z', version: '2.1.0+d4', percent: 5 }),
    event({
      action: 'stable',
      at: '2026-11-15T05:00:00.000Z',
      version: '2.0.0+c3',
      previous_version: '1.9.0+e5',
    }),
  ],
};

/** Trading: one release, stable since a fresh install; nothing to canary or roll back to. */
const trading: RemoteReleases = {
  name: 'trading',
  stable: {
    ...release('3.0.0+f6', '2026-11-01T04:30:00.000Z'),
    stats: { loads: 0, failures: 0, failure_rate: 0 },
  },
  canary: null,
  releases: [release('3.0.0+f6', '2026-11-01T04:30:00.000Z')],
  history: [
    event({
      action: 'stable',
      at: '2026-11-01T05:00:00.000Z',
      actor: 'server start',
      version: '3.0.0+f6',
      reason: 'local build adopted at start',
    }),
    event({ action: 'publish', at: '2026-11-01T05:00:00.000Z', actor: 'server start', version: '3.0.0+f6' }),
  ],
};

/** ML & operations: a young canary over the limit, but with too few browsers to roll back. */
const mlOps: RemoteReleases = {
  name: 'ml_ops',
  stable: {
    ...release('0.9.0+g7', '2026-11-02T04:30:00.000Z'),
    stats: { loads: 30, failures: 0, failure_rate: 0 },
  },
  canary: {
    ...release('1.0.0+h8', '2026-11-20T08:00:00.000Z'),
    percent: 1,
    started_at: '2026-11-20T08:30:00.000Z',
    stats: { loads: 5, failures: 2, failure_rate: 0.4 },
  },
  releases: [
    release('1.0.0+h8', '2026-11-20T08:00:00.000Z'),
    release('0.9.0+g7', '2026-11-02T04:30:00.000Z'),
  ],
  history: [
    event({ action: 'canary_start', at: '2026-11-20T08:30:00.000Z', version: '1.0.0+h8', percent: 1 }),
  ],
};

/** The server's state: each test starts from these and the action handlers change it. */
let state: RemoteReleases[] = [];
let policy: AutoRollbackPolicy = POLICY;
let calls: Array<{ path: string; body: unknown }> = [];

const listHandler = mockRoute(contract.remotes.releases, () => ({
  success: true,
  data: { remotes: state, policy },
}));

/** An action the server carries out: records the call, applies `change`, answers with `message`. */
function action<R extends RouteDefinition>(
  route: R,
  message: string,
  change: (remote: RemoteReleases) => RemoteReleases,
) {
  return mockRoute(route, async ({ request, params }: ResolverInfo) => {
    const text = await request.text();
    calls.push({
      path: new URL(request.url).pathname,
      body: text ? (JSON.parse(text) as unknown) : undefined,
    });
    const index = state.findIndex((remote) => remote.name === (params.name as RemoteName));
    const changed = change(state[index]!);
    state = state.map((remote, at) => (at === index ? changed : remote));
    return HttpResponse.json({ success: true, message, data: changed });
  });
}

function refusal<R extends RouteDefinition>(route: R, status: number, text: string) {
  return mockRoute(route, async ({ request }: ResolverInfo) => {
    const body = await request.text();
    calls.push({
      path: new URL(request.url).pathname,
      body: body ? (JSON.parse(body) as unknown) : undefined,
    });
    return HttpResponse.json(errorBody(text), { status });
  });
}

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  state = [landing, dashboard, risk, trading, mlOps];
  policy = POLICY;
  calls = [];
});
afterEach(() => {
  server.resetHandlers();
  document.body.style.pointerEvents = '';
});
afterAll(() => server.close());
jest.setTimeout(30_000);

function renderTab() {
  return renderWithProviders(<SettingsPage />, { route: '/settings?tab=releases', path: '/settings' });
}

const card = (label: string) => screen.getByRole('article', { name: label });
const findCard = (label: string) => screen.findByRole('article', { name: label });

describe('Releases tab: the list', () => {
  it("shows each remote's stable and canary releases, shares, failures, policy and history", async () => {
    server.use(listHandler);
    renderTab();

    expect(screen.getByRole('tab', { name: 'Releases' })).toHaveAttribute('aria-selected', 'true');
    const dash = await findCard('Dashboard group');
    expect(
      screen.getByText(
        "A canary is rolled back automatically when at least 20 browsers loaded it within 60 minutes and its failure rate is more than 20 points above the stable release's (each address counts as at most 3 browsers).",
      ),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('article').map((article) => article.getAttribute('aria-label'))).toEqual([
      'Landing page',
      'Dashboard group',
      'Risk',
      'Trading group',
      'ML & operations',
    ]);

    // Dashboard: stable and a canary at 10%.
    expect(within(dash).getByText('Canary at 10%')).toBeInTheDocument();
    const stable = within(dash).getByRole('region', { name: 'Stable' });
    expect(within(stable).getByText('1.4.0+a1')).toBeInTheDocument();
    expect(within(stable).getByText('90% of browsers')).toBeInTheDocument();
    expect(
      within(stable).getByText(`Published 18 Nov 2026, 10:00 am IST by ${OPERATOR}`),
    ).toBeInTheDocument();
    expect(within(stable).getByText('2.0%')).toBeInTheDocument();
    expect(within(stable).getByText('1 of 50 browsers')).toBeInTheDocument();
    const canary = within(dash).getByRole('region', { name: 'Canary' });
    expect(within(canary).getByText('1.5.0+b2')).toBeInTheDocument();
    expect(within(canary).getByText('10% of browsers')).toBeInTheDocument();
    expect(within(canary).getByText(/^Started 20 Nov 2026, 03:15 pm IST/)).toBeInTheDocument();
    expect(within(canary).getByText('24.0%')).toBeInTheDocument();
    expect(within(canary).getByText('6 of 25 browsers')).toBeInTheDocument();
    expect(within(canary).getByText('Failed to load (last 60 minutes)')).toBeInTheDocument();

    const dashHistory = within(
      within(dash).getByRole('list', { name: 'Dashboard group history' }),
    ).getAllByRole('listitem');
    expect(dashHistory).toHaveLength(3);
    expect(dashHistory[0]).toHaveTextContent('Canary started');
    expect(dashHistory[0]).toHaveTextContent('Started canary 1.5.0+b2 for 10% of browsers');
    expect(dashHistory[0]).toHaveTextContent(`by ${OPERATOR} · 20 Nov 2026, 03:15 pm IST`);
    expect(dashHistory[2]).toHaveTextContent('Promoted 1.4.0+a1 to stable (was 1.3.0+z9)');

    // Risk: stable only; the automatic rollback and its reason in the history.
    const riskCard = card('Risk');
    expect(within(riskCard).getByText('All on stable')).toBeInTheDocument();
    expect(within(riskCard).getByText('Every browser')).toBeInTheDocument();
    expect(
      within(riskCard).getByText('No canary running: every browser loads the stable release.'),
    ).toBeInTheDocument();
    const riskHistory = within(within(riskCard).getByRole('list', { name: 'Risk history' })).getAllByRole(
      'listitem',
    );
    expect(riskHistory[0]).toHaveTextContent('Automatic rollback');
    expect(riskHistory[0]).toHaveTextContent('Dropped canary 2.1.0+d4 automatically');
    expect(riskHistory[0]).toHaveTextContent('by registry (automatic)');
    expect(riskHistory[0]).toHaveTextContent(
      'canary 2.1.0+d4 failed to load in 8 of 21 browsers (38.1%) in the last 60 minutes, stable 2.0.0+c3 in 1 of 40 (2.5%): 35.6 points worse than stable, over the 20-point limit',
    );
    expect(riskHistory[2]).toHaveTextContent('Made 2.0.0+c3 stable (was 1.9.0+e5)');

    // Trading: one release, no loads reported; nothing to canary or roll back to.
    const tradingCard = card('Trading group');
    expect(within(tradingCard).getByText('No browser has reported loading it yet')).toBeInTheDocument();
    expect(
      within(tradingCard).getByText(/To start a canary, publish a new release first/),
    ).toBeInTheDocument();
    expect(within(tradingCard).getByText('No earlier release to roll back to.')).toBeInTheDocument();
    expect(within(tradingCard).queryByRole('button', { name: /Start canary/ })).not.toBeInTheDocument();

    // ML & operations: a canary with too few browsers for an automatic rollback.
    expect(
      within(card('ML & operations')).getByText('Automatic rollback applies from 20 browsers; 5 so far.'),
    ).toBeInTheDocument();
  });

  it("says 'No release published yet' for a remote with no release, and offers no action", async () => {
    server.use(listHandler);
    renderTab();
    const landingCard = await findCard('Landing page');
    expect(within(landingCard).getByText('No release published yet')).toBeInTheDocument();
    expect(within(landingCard).getByText('Not released')).toBeInTheDocument();
    expect(within(landingCard).getByText('No changes recorded yet.')).toBeInTheDocument();
    expect(within(landingCard).queryAllByRole('button')).toHaveLength(0);
  });

  it('colours each failure rate against the policy: red only over its limit', async () => {
    server.use(listHandler);
    const { unmount } = renderTab();
    const dash = await findCard('Dashboard group');
    expect(
      within(within(dash).getByRole('group', { name: 'Canary failures' })).getByText('24.0%'),
    ).toHaveAttribute('data-tone', 'over');
    expect(
      within(within(dash).getByRole('group', { name: 'Stable failures' })).getByText('2.0%'),
    ).toHaveAttribute('data-tone', 'some');
    expect(
      within(within(card('Risk')).getByRole('group', { name: 'Stable failures' })).getByText('0.0%'),
    ).toHaveAttribute('data-tone', 'none');
    unmount();

    // With a 30-point limit the same 24% (22 points above stable's 2%) is under it.
    policy = { max_failure_rate: 0.3, min_loads: 10, window_minutes: 30, browsers_per_address: 5 };
    renderTab();
    const again = await findCard('Dashboard group');
    expect(
      screen.getByText(
        "A canary is rolled back automatically when at least 10 browsers loaded it within 30 minutes and its failure rate is more than 30 points above the stable release's (each address counts as at most 5 browsers).",
      ),
    ).toBeInTheDocument();
    expect(
      within(within(again).getByRole('group', { name: 'Canary failures' })).getByText('24.0%'),
    ).toHaveAttribute('data-tone', 'some');
  });

  it('shows a banner with Retry when the registry is not connected, and the list once it answers', async () => {
    let answer: 'down' | 'up' = 'down';
    server.use(
      mockRoute(contract.remotes.releases, () =>
        answer === 'down'
          ? HttpResponse.json(errorBody('The release registry is not connected on this server.'), {
              status: 503,
            })
          : HttpResponse.json({ success: true, data: { remotes: state, policy } }),
      ),
    );
    const { user } = renderTab();

    expect(await screen.findByText('Release registry not connected')).toBeInTheDocument();
    expect(screen.getByText('The release registry is not connected on this server.')).toBeInTheDocument();
    expect(screen.queryAllByRole('article')).toHaveLength(0);

    answer = 'up';
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await findCard('Dashboard group')).toBeInTheDocument();
    expect(screen.queryByText('Release registry not connected')).not.toBeInTheDocument();
  });

  it('says so when the server cannot be reached at all', async () => {
    server.use(mockRoute(contract.remotes.releases, () => HttpResponse.error()));
    renderTab();
    expect(await screen.findByText('Release registry not connected')).toBeInTheDocument();
    expect(screen.getByText('The server did not answer.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('Releases tab: canaries', () => {
  it('starts a canary of the chosen release for the typed share and shows the answer', async () => {
    server.use(
      listHandler,
      action(
        contract.remotes.startCanary,
        'risk 1.9.0+e5 is now the canary for 25% of browsers.',
        (remote) => ({
          ...remote,
          canary: {
            ...release('1.9.0+e5', '2026-11-12T04:30:00.000Z'),
            percent: 25,
            started_at: '2026-11-20T10:00:00.000Z',
            stats: { loads: 0, failures: 0, failure_rate: 0 },
          },
        }),
      ),
    );
    const { user } = renderTab();
    const riskCard = await findCard('Risk');

    const select = within(riskCard).getByLabelText('Canary release');
    // Every published release but the stable one, newest first.
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['2.1.0+d4', '1.9.0+e5']);
    await user.selectOptions(select, '1.9.0+e5');
    const share = within(riskCard).getByLabelText('Share of browsers');
    expect(share).toHaveValue('10');
    await user.clear(share);
    await user.type(share, '25');
    await user.click(within(riskCard).getByRole('button', { name: 'Start canary' }));

    expect(
      await within(riskCard).findByText('risk 1.9.0+e5 is now the canary for 25% of browsers.'),
    ).toHaveAttribute('role', 'status');
    expect(calls).toEqual([{ path: '/api/remotes/risk/canary', body: { version: '1.9.0+e5', percent: 25 } }]);
    // The list is read again: the card now shows the canary.
    expect(await within(riskCard).findByText('Canary at 25%')).toBeInTheDocument();
  });

  it('asks for a whole percentage from 0 to 100 and sends nothing until it gets one', async () => {
    server.use(listHandler);
    const { user } = renderTab();
    const riskCard = await findCard('Risk');
    const share = within(riskCard).getByLabelText('Share of browsers');
    const start = within(riskCard).getByRole('button', { name: 'Start canary' });

    for (const text of ['150', '12.5', '-3', 'ten', '']) {
      await user.clear(share);
      if (text) await user.type(share, text);
      expect(within(riskCard).getByText('Enter a whole percentage from 0 to 100')).toBeInTheDocument();
      expect(start).toBeDisabled();
    }
    await user.type(share, '0');
    expect(within(riskCard).queryByText('Enter a whole percentage from 0 to 100')).not.toBeInTheDocument();
    expect(start).toBeEnabled();

    // The same check when changing a running canary.
    const dash = card('Dashboard group');
    const newShare = within(dash).getByLabelText('New share of browsers');
    await user.clear(newShare);
    await user.type(newShare, '101');
    expect(within(dash).getByText('Enter a whole percentage from 0 to 100')).toBeInTheDocument();
    expect(within(dash).getByRole('button', { name: 'Set percentage' })).toBeDisabled();
    expect(calls).toEqual([]);
  });

  it("changes the running canary's share and shows the answer", async () => {
    server.use(
      listHandler,
      action(
        contract.remotes.setCanaryPercent,
        'The dashboard canary now reaches 25% of browsers.',
        (remote) => ({
          ...remote,
          canary: remote.canary && { ...remote.canary, percent: 25 },
        }),
      ),
    );
    const { user } = renderTab();
    const dash = await findCard('Dashboard group');
    const share = within(dash).getByLabelText('New share of browsers');
    expect(share).toHaveValue('10');
    // The current share is not a change.
    expect(within(dash).getByRole('button', { name: 'Set percentage' })).toBeDisabled();

    await user.clear(share);
    await user.type(share, '25');
    await user.click(within(dash).getByRole('button', { name: 'Set percentage' }));

    expect(
      await within(dash).findByText('The dashboard canary now reaches 25% of browsers.'),
    ).toBeInTheDocument();
    expect(calls).toEqual([{ path: '/api/remotes/dashboard/canary/percent', body: { percent: 25 } }]);
    expect(await within(dash).findByText('Canary at 25%')).toBeInTheDocument();
    expect(within(dash).getByText('75% of browsers')).toBeInTheDocument();
  });

  it("shows the server's sentence when it refuses a change", async () => {
    server.use(
      listHandler,
      refusal(
        contract.remotes.startCanary,
        409,
        'risk already has a canary (2.1.0+d4); promote it or roll it back first',
      ),
    );
    const { user } = renderTab();
    const riskCard = await findCard('Risk');
    await user.click(within(riskCard).getByRole('button', { name: 'Start canary' }));

    expect(
      await within(riskCard).findByText(
        'risk already has a canary (2.1.0+d4); promote it or roll it back first',
      ),
    ).toHaveAttribute('role', 'alert');
    expect(calls).toEqual([{ path: '/api/remotes/risk/canary', body: { version: '2.1.0+d4', percent: 10 } }]);
  });
});

describe('Releases tab: promote and roll back', () => {
  it('promotes the canary only after the confirm dialog', async () => {
    server.use(
      listHandler,
      action(contract.remotes.promote, 'dashboard 1.5.0+b2 is now stable for every browser.', (remote) => ({
        ...remote,
        stable: remote.canary && {
          ...release(remote.canary.version, remote.canary.published_at),
          stats: remote.canary.stats,
        },
        canary: null,
      })),
    );
    const { user } = renderTab();
    const dash = await findCard('Dashboard group');

    await user.click(within(dash).getByRole('button', { name: 'Promote to stable' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Promote 1.5.0+b2 to stable?' });
    expect(dialog).toHaveTextContent(
      'Every browser will load Dashboard group 1.5.0+b2 instead of 1.4.0+a1, not only the 10% in the canary.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls).toEqual([]);

    await user.click(within(dash).getByRole('button', { name: 'Promote to stable' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Promote 1.5.0+b2 to stable?' });
    await user.click(within(dialog).getByRole('button', { name: 'Promote' }));

    expect(
      await within(dash).findByText('dashboard 1.5.0+b2 is now stable for every browser.'),
    ).toBeInTheDocument();
    expect(calls).toEqual([{ path: '/api/remotes/dashboard/promote', body: undefined }]);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(await within(dash).findByText('All on stable')).toBeInTheDocument();
  });

  it('drops the canary only after the confirm dialog', async () => {
    server.use(
      listHandler,
      action(
        contract.remotes.rollback,
        'dashboard is rolled back: every browser loads 1.4.0+a1.',
        (remote) => ({
          ...remote,
          canary: null,
        }),
      ),
    );
    const { user } = renderTab();
    const dash = await findCard('Dashboard group');

    await user.click(within(dash).getByRole('button', { name: 'Roll back canary' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Roll back the Dashboard group canary?' });
    expect(dialog).toHaveTextContent(
      'The canary 1.5.0+b2 ends: the 10% of browsers on it return to 1.4.0+a1 on their next load.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls).toEqual([]);

    await user.click(within(dash).getByRole('button', { name: 'Roll back canary' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Roll back the Dashboard group canary?' });
    await user.click(within(dialog).getByRole('button', { name: 'Roll back' }));

    expect(
      await within(dash).findByText('dashboard is rolled back: every browser loads 1.4.0+a1.'),
    ).toBeInTheDocument();
    expect(calls).toEqual([{ path: '/api/remotes/dashboard/rollback', body: {} }]);
  });

  it('returns stable to the previous release after the confirm dialog', async () => {
    server.use(
      listHandler,
      action(
        contract.remotes.rollback,
        'risk is rolled back: every browser loads 1.9.0+e5.',
        (remote) => remote,
      ),
    );
    const { user } = renderTab();
    const riskCard = await findCard('Risk');

    const target = within(riskCard).getByLabelText('Roll stable back to');
    expect(
      within(target)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Previous stable release (1.9.0+e5)', '2.1.0+d4 (published 19 Nov 2026, 10:00 am IST)']);
    await user.click(within(riskCard).getByRole('button', { name: 'Roll back stable' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Roll back Risk?' });
    expect(dialog).toHaveTextContent(
      'Every browser will load 1.9.0+e5 instead of 2.0.0+c3 on its next load.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls).toEqual([]);

    await user.click(within(riskCard).getByRole('button', { name: 'Roll back stable' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Roll back Risk?' });
    await user.click(within(dialog).getByRole('button', { name: 'Roll back' }));

    expect(
      await within(riskCard).findByText('risk is rolled back: every browser loads 1.9.0+e5.'),
    ).toBeInTheDocument();
    // No version: the server returns stable to the release before it.
    expect(calls).toEqual([{ path: '/api/remotes/risk/rollback', body: {} }]);
  });

  it('returns stable to a chosen published release', async () => {
    server.use(
      listHandler,
      action(
        contract.remotes.rollback,
        'risk is rolled back: every browser loads 2.1.0+d4.',
        (remote) => remote,
      ),
    );
    const { user } = renderTab();
    const riskCard = await findCard('Risk');

    await user.selectOptions(within(riskCard).getByLabelText('Roll stable back to'), '2.1.0+d4');
    await user.click(within(riskCard).getByRole('button', { name: 'Roll back stable' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Roll back Risk?' });
    expect(dialog).toHaveTextContent('Every browser will load 2.1.0+d4 instead of 2.0.0+c3');
    await user.click(within(dialog).getByRole('button', { name: 'Roll back' }));

    expect(
      await within(riskCard).findByText('risk is rolled back: every browser loads 2.1.0+d4.'),
    ).toBeInTheDocument();
    expect(calls).toEqual([{ path: '/api/remotes/risk/rollback', body: { version: '2.1.0+d4' } }]);
  });

  it("shows the server's sentence when a rollback is refused", async () => {
    server.use(listHandler, refusal(contract.remotes.rollback, 409, 'dashboard has no canary to roll back'));
    const { user } = renderTab();
    const dash = await findCard('Dashboard group');
    await user.click(within(dash).getByRole('button', { name: 'Roll back canary' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Roll back' }));

    expect(await within(dash).findByText('dashboard has no canary to roll back')).toHaveAttribute(
      'role',
      'alert',
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls).toEqual([{ path: '/api/remotes/dashboard/rollback', body: {} }]);
    expect(within(dash).getByText('Canary at 10%')).toBeInTheDocument();
  });
});
