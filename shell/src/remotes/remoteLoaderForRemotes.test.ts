/**
 * A remote loads another remote's module (the risk settings inside Settings) with
 * `loadRemoteModule` from @nivesh/api-client. Once the shell has set up its runtime, that goes
 * through the shell's loader: the release the shell registered, and the same load and failure
 * reports as the shell's own pages. Before (the standalone harness) it fails for the fallback.
 */
import { init, loadRemote } from '@module-federation/enhanced/runtime';
import { contract } from '@nivesh/api-contract';
import { loadRemoteModule, RemoteLoaderMissingError } from '@nivesh/api-client';
import { HttpResponse, mockRoute, setupServer } from '@nivesh/api-client/testing';
import { loadRemoteCatalogue } from './remoteRegistry';

// The module a remote's build would serve; jest has no remote to fetch it from.
jest.mock('@module-federation/enhanced/runtime', () => ({
  ...jest.requireActual('@module-federation/enhanced/runtime'),
  loadRemote: jest.fn(),
}));
const federationLoad = jest.mocked(loadRemote);

const STABLE = '1.0.0+stable';
const reports: unknown[] = [];
const server = setupServer(
  mockRoute(contract.remotes.list, () => ({
    success: true,
    remotes: [
      {
        name: 'risk',
        version: STABLE,
        entry: `/remotes/risk/${STABLE}/mf-manifest.json`,
        exposes: ['RiskPage', 'RiskSettings'],
        channel: 'stable',
        fallback: null,
      },
    ],
    missing: ['landing', 'dashboard', 'trading', 'ml_ops'],
  })),
  mockRoute(contract.remotes.reportLoad, async ({ request, params }) => {
    reports.push({ load: params['name'], ...((await request.json()) as object) });
    return HttpResponse.json({ success: true, counted: true });
  }),
  mockRoute(contract.remotes.reportFailure, async ({ request, params }) => {
    reports.push({ failure: params['name'], ...((await request.json()) as object) });
    return HttpResponse.json({ success: true, counted: true, rolled_back: false });
  }),
);

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  // The shell's build creates this instance; here the test does.
  init({ name: 'shell', remotes: [] });
});
afterEach(() => {
  reports.length = 0;
  federationLoad.mockReset();
});
afterAll(() => server.close());

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe("a remote's loadRemoteModule", () => {
  it('fails with a readable reason while no shell has provided its loader (standalone harness)', async () => {
    await expect(loadRemoteModule('risk', 'RiskSettings')).rejects.toThrow(RemoteLoaderMissingError);
    await expect(loadRemoteModule('risk', 'RiskSettings')).rejects.toThrow(
      'risk/RiskSettings loads only inside the Nivesh shell',
    );
    expect(federationLoad).not.toHaveBeenCalled();
  });

  it("loads through the shell's runtime once the shell started, and reports the load", async () => {
    await loadRemoteCatalogue();
    const panel = { default: () => null };
    federationLoad.mockResolvedValue(panel);

    const loaded = await loadRemoteModule('risk', 'RiskSettings');

    expect(federationLoad).toHaveBeenCalledWith('risk/RiskSettings');
    expect(loaded).toEqual({ module: panel, version: STABLE, channel: 'stable' });
    await settle();
    expect(reports).toEqual([{ load: 'risk', version: STABLE }]);
  });

  it('reports a failed load like any other and rejects with the reason, for the fallback to show', async () => {
    federationLoad.mockRejectedValue(new Error('Loading chunk 412 failed.'));

    await expect(loadRemoteModule('risk', 'RiskSettings')).rejects.toThrow('Loading chunk 412 failed.');

    await settle();
    expect(reports).toEqual([
      { failure: 'risk', version: STABLE, kind: 'module', message: 'Loading chunk 412 failed.' },
    ]);
  });

  it('refuses a remote this server does not publish, without asking the runtime', async () => {
    await expect(loadRemoteModule('trading', 'TradingPage')).rejects.toThrow(
      'The "trading" page group is not published on this server.',
    );
    expect(federationLoad).not.toHaveBeenCalled();
  });
});
