import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { UiProvider } from '@nivesh/ui';
import { RouteErrorFallback } from './RouteErrorFallback';

function renderAt(path: string, element: React.ReactNode) {
  const router = createMemoryRouter(
    [{ errorElement: <RouteErrorFallback />, children: [{ path: '/known', element }] }],
    { initialEntries: [path] },
  );
  render(
    <UiProvider>
      <RouterProvider router={router} />
    </UiProvider>,
  );
}

function Throws(): never {
  throw new Error('Cannot read properties of undefined');
}

describe('RouteErrorFallback', () => {
  beforeEach(() => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it('shows "Unexpected Application Error!" with the status and text of a routing error', async () => {
    renderAt('/nowhere', null);
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('404 Not Found')).toBeInTheDocument();
  });

  it("shows the error's message for a thrown error", async () => {
    renderAt('/known', <Throws />);
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('Cannot read properties of undefined')).toBeInTheDocument();
  });
});
