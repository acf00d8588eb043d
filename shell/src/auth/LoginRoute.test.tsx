/** /login and protected routes around the login screen (specification part 1, sections 2 and 6). */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { contract } from '@nivesh/api-contract';
import { makeStore, sessionRestoring } from '@nivesh/api-client';
import { renderWithProviders, setupServer } from '@nivesh/api-client/testing';
import { LoginRoute } from './LoginRoute';
import { RequireAuth } from './RequireAuth';
import {
  OPERATOR_EMAIL,
  authConfig,
  location,
  recordingPost,
  signInWith,
  signedInAnswer,
} from './LoginScreen/loginTestSupport';

jest.setTimeout(20_000);

const server = setupServer(
  authConfig(),
  recordingPost(contract.auth.login, () => signedInAnswer('Login successful')).handler,
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  jest.useRealTimers();
  window.localStorage.clear();
});
afterAll(() => server.close());

describe('/login', () => {
  it('sends an operator who is already signed in to /dashboard', () => {
    renderWithProviders(<LoginRoute />, { route: '/login', path: '/login' });
    expect(location()).toBe('/dashboard');
  });

  it('shows the full-screen Loading... while the session resolves', () => {
    const store = makeStore();
    renderWithProviders(<LoginRoute />, { route: '/login', path: '/login', store, session: null });
    act(() => {
      store.dispatch(sessionRestoring('stored-token'));
    });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(location()).toBe('/login');
  });

  it('shows the login screen to a visitor, keeps it through the success message, then goes to /dashboard', async () => {
    jest.useFakeTimers();
    renderWithProviders(<LoginRoute />, { route: '/login', path: '/login', session: null });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    await signInWith(user, OPERATOR_EMAIL, 'the-right-password');
    expect(await screen.findByText('Login successful')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1000));
    expect(location()).toBe('/login');
    expect(screen.getByText('Login successful')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(500));
    expect(location()).toBe('/dashboard');
  });

  it('opens a setup link even for a signed-in operator', () => {
    renderWithProviders(<LoginRoute />, { route: '/login?setup=link-token', path: '/login' });
    expect(screen.getByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Setup token')).toHaveValue('link-token');
  });
});

describe('a protected route', () => {
  const page = (
    <RequireAuth>
      <p>The risk page</p>
    </RequireAuth>
  );

  it('shows the page to a signed-in operator', () => {
    renderWithProviders(page, { route: '/risk', path: '/risk' });
    expect(screen.getByText('The risk page')).toBeInTheDocument();
  });

  it('shows the full-screen Loading... while the session resolves', () => {
    const store = makeStore();
    renderWithProviders(page, { route: '/risk', path: '/risk', store, session: null });
    act(() => {
      store.dispatch(sessionRestoring('stored-token'));
    });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByText('The risk page')).not.toBeInTheDocument();
  });

  it('shows the login screen in place to a visitor, and the page after signing in', async () => {
    jest.useFakeTimers();
    renderWithProviders(page, { route: '/risk', path: '/risk', session: null });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByText('The risk page')).not.toBeInTheDocument();
    await signInWith(user, OPERATOR_EMAIL, 'the-right-password');
    expect(await screen.findByText('Login successful')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1500));
    expect(location()).toBe('/risk');
    expect(screen.getByText('The risk page')).toBeInTheDocument();
    expect(screen.queryByText('Login successful')).not.toBeInTheDocument();
  });
});
