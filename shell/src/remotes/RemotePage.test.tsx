import { screen, waitFor } from '@testing-library/react';
import { contract } from '@nivesh/api-contract';
import { HttpResponse, mockRoute, renderWithProviders, setupServer } from '@nivesh/api-client/testing';
import { RemotePage } from './RemotePage';
import { RemoteUnavailableError, type loadRemoteModule } from './remoteRegistry';

type Loader = typeof loadRemoteModule;

function Page() {
  return <h1>Risk Management</h1>;
}

function Broken(): never {
  throw new Error('positions is undefined');
}

const loaded = (page: () => unknown, version = '1.0.0+stable', channel: 'stable' | 'canary' = 'stable') => ({
  module: { default: page },
  version,
  channel,
});

const failures: unknown[] = [];
const server = setupServer(
  mockRoute(contract.remotes.reportFailure, async ({ request, params }) => {
    failures.push({ remote: params['name'], ...((await request.json()) as object) });
    return HttpResponse.json({ success: true, rolled_back: false });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  failures.length = 0;
});
afterAll(() => server.close());

describe('RemotePage', () => {
  beforeEach(() => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('shows a loading state, then the remote page and the build it came from', async () => {
    const load = jest.fn(async () => loaded(Page, '1.0.0+20261120', 'canary')) as unknown as Loader;
    renderWithProviders(
      <RemotePage remote="risk" module="RiskPage" label="The Risk Management page" load={load} />,
    );
    expect(screen.getByText('Loading The Risk Management page...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Risk Management' })).toBeInTheDocument();
    expect(screen.getByTestId('remote-release')).toHaveTextContent(
      'Risk Management page · build 1.0.0+20261120 · canary',
    );
    expect(load).toHaveBeenCalledWith('risk', 'RiskPage', false);
  });

  it('leaves the build label out of a public page (the landing page)', async () => {
    function Landing() {
      return <footer>© 2026 Nivesh. All rights reserved.</footer>;
    }
    const load = jest.fn(async () => loaded(Landing, '1.0.0+20261120')) as unknown as Loader;
    renderWithProviders(
      <RemotePage
        remote="landing"
        module="LandingPage"
        label="The landing page"
        releaseNote={false}
        load={load}
      />,
      { session: null },
    );
    expect(await screen.findByText('© 2026 Nivesh. All rights reserved.')).toBeInTheDocument();
    expect(screen.queryByTestId('remote-release')).not.toBeInTheDocument();
    expect(screen.queryByText(/build/)).not.toBeInTheDocument();
  });

  it('shows a clear message with Retry when the remote cannot be loaded, and Retry loads it again', async () => {
    const load = jest
      .fn()
      .mockRejectedValueOnce(
        new RemoteUnavailableError('risk', 'Loading script failed: /remotes/risk/x/remoteEntry.js'),
      )
      .mockResolvedValueOnce(loaded(Page)) as unknown as Loader;
    const { user } = renderWithProviders(
      <RemotePage remote="risk" module="RiskPage" label="The Risk Management page" load={load} />,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The Risk Management page could not be loaded');
    expect(alert).toHaveTextContent('This page group is unavailable right now.');
    expect(alert).toHaveTextContent('Loading script failed: /remotes/risk/x/remoteEntry.js');

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Risk Management' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(load).toHaveBeenLastCalledWith('risk', 'RiskPage', true);
    expect(failures).toEqual([]);
  });

  it('keeps a failing page inside its own boundary and reports the render failure of its build', async () => {
    const load = jest.fn(async () => loaded(Broken, '1.0.0+canary', 'canary')) as unknown as Loader;
    renderWithProviders(
      <div>
        <p>Sidebar still here</p>
        <RemotePage remote="risk" module="RiskPage" label="The Risk Management page" load={load} />
      </div>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The Risk Management page stopped working');
    expect(alert).toHaveTextContent('positions is undefined');
    expect(screen.getByText('Sidebar still here')).toBeInTheDocument();
    await waitFor(() =>
      expect(failures).toEqual([
        { remote: 'risk', version: '1.0.0+canary', kind: 'render', message: 'positions is undefined' },
      ]),
    );
  });

  describe('with the landing page prerendered by the server', () => {
    function prerendered() {
      const element = document.createElement('div');
      element.id = 'prerender';
      element.textContent = 'Intelligence you can inspect (prerendered)';
      document.body.prepend(element);
    }

    it('keeps the prerendered page while the remote loads, then shows the live page in its place', async () => {
      prerendered();
      let resolve: (value: ReturnType<typeof loaded>) => void = () => undefined;
      const load = jest.fn(
        () => new Promise<ReturnType<typeof loaded>>((done) => (resolve = done)),
      ) as unknown as Loader;
      renderWithProviders(
        <RemotePage
          remote="landing"
          module="LandingPage"
          label="The landing page"
          releaseNote={false}
          load={load}
        />,
        { session: null },
      );
      expect(screen.getByText('Loading The landing page...')).toBeInTheDocument();
      expect(screen.getByText('Intelligence you can inspect (prerendered)')).toBeInTheDocument();
      resolve(loaded(Page));
      expect(await screen.findByRole('heading', { name: 'Risk Management' })).toBeInTheDocument();
      expect(screen.queryByText('Intelligence you can inspect (prerendered)')).not.toBeInTheDocument();
    });

    it('takes the prerendered page away when the remote cannot be loaded, so the message shows', async () => {
      prerendered();
      const load = jest.fn(async () => {
        throw new RemoteUnavailableError('landing', 'Loading script failed');
      }) as unknown as Loader;
      renderWithProviders(
        <RemotePage
          remote="landing"
          module="LandingPage"
          label="The landing page"
          releaseNote={false}
          load={load}
        />,
        { session: null },
      );
      expect(await screen.findByRole('alert')).toHaveTextContent('The landing page could not be loaded');
      expect(screen.queryByText('Intelligence you can inspect (prerendered)')).not.toBeInTheDocument();
    });
  });
});
