import { init } from '@module-federation/enhanced/runtime';
import { contract } from '@nivesh/api-contract';
import { HttpResponse, mockRoute, setupServer } from '@nivesh/api-client/testing';
import { canaryFallbackPlugin, catalogueEntry, loadRemoteCatalogue } from './remoteRegistry';

const CANARY = '1.0.0+canary';
const STABLE = '1.0.0+stable';

const reports: unknown[] = [];
/** What GET /api/remotes says about this browser's reports. */
let reporting = true;
const server = setupServer(
  mockRoute(contract.remotes.list, () => ({
    success: true,
    remotes: [
      {
        name: 'risk',
        version: CANARY,
        entry: `/remotes/risk/${CANARY}/mf-manifest.json`,
        exposes: ['RiskPage'],
        channel: 'canary',
        fallback: { version: STABLE, entry: `/remotes/risk/${STABLE}/mf-manifest.json` },
      },
    ],
    missing: ['landing', 'dashboard', 'trading', 'ml_ops'],
    reporting,
  })),
  mockRoute(contract.remotes.reportFailure, async ({ request, params }) => {
    reports.push({ remote: params['name'], ...((await request.json()) as object) });
    return HttpResponse.json({ success: true, counted: true, rolled_back: false });
  }),
);

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  // The shell's build creates this instance; here the test does.
  init({ name: 'shell', remotes: [] });
});
afterAll(() => server.close());

describe('the canary fallback plugin', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));

  it('reports a failing canary, switches the remote to stable and loads the module from there', async () => {
    await loadRemoteCatalogue();
    expect(catalogueEntry('risk')).toMatchObject({ version: CANARY, channel: 'canary' });

    const fromStable = { default: () => null };
    const origin = { loadRemote: jest.fn(async () => fromStable) };
    const result = await canaryFallbackPlugin.errorLoadRemote!({
      id: 'risk/RiskPage',
      error: new Error('Loading chunk 217 failed.'),
      from: 'runtime',
      lifecycle: 'onLoad',
      origin: origin as never,
    });

    expect(result).toBe(fromStable);
    expect(origin.loadRemote).toHaveBeenCalledWith('risk/RiskPage');
    expect(catalogueEntry('risk')).toMatchObject({
      version: STABLE,
      entry: `/remotes/risk/${STABLE}/mf-manifest.json`,
      channel: 'stable',
      fallback: null,
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reports).toEqual([
      { remote: 'risk', version: CANARY, kind: 'module', message: 'Loading chunk 217 failed.' },
    ]);
  });

  it('keeps the fallen-back remote on stable when the catalogue is fetched again in the same page view', async () => {
    await loadRemoteCatalogue();
    expect(catalogueEntry('risk')).toMatchObject({ version: STABLE, channel: 'stable' });
  });

  it('leaves a stable release failure alone (the route shows its error)', async () => {
    const origin = { loadRemote: jest.fn() };
    const result = await canaryFallbackPlugin.errorLoadRemote!({
      id: 'risk/RiskPage',
      error: new Error('Failed to load manifest'),
      from: 'runtime',
      lifecycle: 'onLoad',
      origin: origin as never,
    });
    expect(result).toBeUndefined();
    expect(origin.loadRemote).not.toHaveBeenCalled();
  });
});

describe('a browser the server takes no reports from', () => {
  beforeEach(() => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    reports.length = 0;
  });
  afterEach(() => {
    reporting = true;
  });

  it('still falls back from a failing canary, and sends no report the server would refuse', async () => {
    reporting = false;
    // A new page view: fresh module state, and the Module Federation instance the shell creates.
    jest.resetModules();
    (await import('@module-federation/enhanced/runtime')).init({ name: 'shell', remotes: [] });
    const fresh = await import('./remoteRegistry');
    await fresh.loadRemoteCatalogue();
    expect(fresh.catalogueEntry('risk')).toMatchObject({ version: CANARY, channel: 'canary' });
    const fromStable = { default: () => null };
    const origin = { loadRemote: jest.fn(async () => fromStable) };
    const result = await fresh.canaryFallbackPlugin.errorLoadRemote!({
      id: 'risk/RiskPage',
      error: new Error('Loading chunk 217 failed.'),
      from: 'runtime',
      lifecycle: 'onLoad',
      origin: origin as never,
    });
    expect(result).toBe(fromStable);
    expect(fresh.catalogueEntry('risk')).toMatchObject({ version: STABLE, channel: 'stable' });
    fresh.reportFailure('risk', STABLE, 'render', new Error('positions is undefined'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reports).toEqual([]);
  });
});

describe('the catalogue the page came with', () => {
  afterEach(() => document.getElementById('remote-catalogue')?.remove());

  it('is used without asking the server, once; the next load (a retry) asks the server', async () => {
    jest.resetModules();
    (await import('@module-federation/enhanced/runtime')).init({ name: 'shell', remotes: [] });
    const fresh = await import('./remoteRegistry');
    const inPage = document.createElement('script');
    inPage.type = 'application/json';
    inPage.id = 'remote-catalogue';
    inPage.textContent = JSON.stringify({
      success: true,
      remotes: [
        {
          name: 'risk',
          version: STABLE,
          entry: `/remotes/risk/${STABLE}/mf-manifest.json`,
          exposes: ['RiskPage'],
          channel: 'stable',
          fallback: null,
        },
      ],
      missing: ['landing', 'dashboard', 'trading', 'ml_ops'],
      reporting: true,
    });
    document.head.append(inPage);
    const fetchImpl = jest.fn<ReturnType<typeof fetch>, Parameters<typeof fetch>>();

    const first = await fresh.loadRemoteCatalogue(fetchImpl);
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(first.error).toBeNull();
    expect(fresh.catalogueEntry('risk')).toMatchObject({ version: STABLE, channel: 'stable' });
    expect(document.getElementById('remote-catalogue')).toBeNull();

    // The server's answer now (the mocked GET /api/remotes: a canary), parsed with the schema.
    await fresh.loadRemoteCatalogue();
    expect(fresh.catalogueEntry('risk')).toMatchObject({ version: CANARY, channel: 'canary' });
  });

  it('an answer of the server that does not match the contract is an error, not a catalogue', async () => {
    jest.resetModules();
    (await import('@module-federation/enhanced/runtime')).init({ name: 'shell', remotes: [] });
    const fresh = await import('./remoteRegistry');
    const fetchImpl = async () =>
      new Response(JSON.stringify({ success: true, remotes: [{ name: 'risk', version: '../../etc' }] }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    const result = await fresh.loadRemoteCatalogue(fetchImpl);
    expect(result.remotes).toEqual([]);
    expect(result.error).toMatch(/version|entry|expected/i);
  });
});
