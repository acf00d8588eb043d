import { render, screen } from '@testing-library/react';
import { RouterProvider } from '@nivesh/api-client/router';
import { system, UiProvider } from '@nivesh/ui';
import { createRouter } from './router';

// The landing remote, as the Module Federation runtime would hand it over.
jest.mock('../remotes/remoteRegistry', () => ({
  ...jest.requireActual('../remotes/remoteRegistry'),
  loadRemoteModule: jest.fn(async () => ({
    module: { default: () => <footer>© 2026 Nivesh. All rights reserved.</footer> },
    version: '1.0.0+20261120',
    channel: 'stable',
  })),
}));

describe('the router', () => {
  it('shows the public landing page without a build label', async () => {
    window.history.pushState({}, '', '/');
    render(
      <UiProvider system={system}>
        <RouterProvider router={createRouter()} />
      </UiProvider>,
    );
    expect(await screen.findByText('© 2026 Nivesh. All rights reserved.')).toBeInTheDocument();
    expect(screen.queryByTestId('remote-release')).not.toBeInTheDocument();
    expect(screen.queryByText(/build/)).not.toBeInTheDocument();
  });
});
