/** Login mode (specification part 1, sections 4, 5 and 8). */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { contract } from '@nivesh/api-contract';
import { SESSION_STORAGE_KEY, authApi, type AppStore } from '@nivesh/api-client';
import {
  errorBody,
  HttpResponse,
  mockRoute,
  mockRouteError,
  renderWithProviders,
  setupServer,
  TEST_USER,
} from '@nivesh/api-client/testing';
import { LoginScreen } from './LoginScreen';
import {
  NEW_SESSION_TOKEN,
  OPERATOR_EMAIL,
  authConfig,
  location,
  recordingPost,
  renderLoginScreen,
  signInWith,
  signedInAnswer,
} from './loginTestSupport';

// Whole user journeys with typing: slower than the 5 s default on a busy machine.
jest.setTimeout(20_000);

const server = setupServer(authConfig());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  jest.useRealTimers();
  jest.restoreAllMocks();
  window.localStorage.clear();
});
afterAll(() => server.close());

function loginAnswers(answer: () => Response) {
  const recorded = recordingPost(contract.auth.login, answer);
  server.use(recorded.handler);
  return recorded.bodies;
}

describe('the login screen', () => {
  it('shows the brand and the login form', async () => {
    renderLoginScreen();
    expect(screen.getByText('Nivesh')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(
      screen.getByRole('button', { name: 'Forgot password or first time here? Set up your password' }),
    ).toBeInTheDocument();
  });

  it('shows and hides the password', async () => {
    const { user } = renderLoginScreen();
    const password = screen.getByLabelText('Password');
    await user.type(password, 'secret');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });
});

describe('login validation', () => {
  it.each([
    ['nothing', '', ''],
    ['no password', OPERATOR_EMAIL, ''],
    ['no email', '', 'secret-password'],
    ['a blank email', '   ', 'secret-password'],
  ])('asks for both fields when given %s, without calling the server', async (_, email, password) => {
    const bodies = loginAnswers(() => signedInAnswer('Login successful'));
    const { user } = renderLoginScreen();
    await signInWith(user, email, password);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter both email and password');
    expect(bodies).toEqual([]);
  });

  it("refuses an address that is not the operator's, without calling the server", async () => {
    const bodies = loginAnswers(() => signedInAnswer('Login successful'));
    const { user, store } = renderLoginScreen();
    await configSettled(store);
    await signInWith(user, 'someone.else@example.com', 'secret-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Access restricted to authorized users only');
    expect(bodies).toEqual([]);
  });

  it('accepts the operator address in any case and with spaces around it (sent trimmed)', async () => {
    const bodies = loginAnswers(() =>
      HttpResponse.json(errorBody('Invalid credentials. Please check your password.'), { status: 401 }),
    );
    const { user, store } = renderLoginScreen();
    await configSettled(store);
    await signInWith(user, `  ${OPERATOR_EMAIL.toUpperCase()} `, 'wrong-password');
    await screen.findByRole('alert');
    expect(bodies).toEqual([{ email: OPERATOR_EMAIL.toUpperCase(), password: 'wrong-password' }]);
  });

  it('leaves the address check to the server when WebCrypto is unavailable (plain HTTP)', async () => {
    // As on a page served over plain HTTP to another machine: no SubtleCrypto.
    const subtle = jest
      .spyOn(Object.getPrototypeOf(crypto) as Crypto, 'subtle', 'get')
      .mockReturnValue(undefined as unknown as SubtleCrypto);
    const bodies = loginAnswers(() =>
      HttpResponse.json(errorBody('Invalid credentials. Please check your password.'), { status: 401 }),
    );
    const { user, store } = renderLoginScreen();
    await configSettled(store);
    await signInWith(user, 'someone.else@example.com', 'secret-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid credentials. Please check your password.',
    );
    expect(bodies).toEqual([{ email: 'someone.else@example.com', password: 'secret-password' }]);
    expect(subtle).toHaveBeenCalled();
    subtle.mockRestore();
  });

  it('leaves the address check to the server when the login config did not load', async () => {
    server.use(mockRouteError(contract.auth.config, 500, 'Internal error'));
    const bodies = loginAnswers(() =>
      HttpResponse.json(errorBody('Invalid credentials. Please check your password.'), { status: 401 }),
    );
    const { user, store } = renderLoginScreen();
    await configSettled(store);
    await signInWith(user, 'someone.else@example.com', 'secret-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid credentials. Please check your password.',
    );
    expect(bodies).toHaveLength(1);
  });
});

describe('signing in', () => {
  it('stores the session, shows success, and goes to /dashboard after 1.5 seconds', async () => {
    const bodies = loginAnswers(() => signedInAnswer('Login successful'));
    const { user, store } = renderLoginScreen({ fakeTimers: true });
    await signInWith(user, OPERATOR_EMAIL, 'the-right-password');

    expect(await screen.findByText('Login successful')).toBeInTheDocument();
    expect(screen.getByText('Redirecting...')).toBeInTheDocument();
    expect(bodies).toEqual([{ email: OPERATOR_EMAIL, password: 'the-right-password' }]);
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBe(NEW_SESSION_TOKEN);
    expect(store.getState().session).toMatchObject({
      isAuthenticated: true,
      sessionToken: NEW_SESSION_TOKEN,
      user: TEST_USER,
      endsAt: '2030-01-07T00:00:00.000Z',
    });
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled();

    act(() => jest.advanceTimersByTime(1000));
    expect(location()).toBe('/login');
    act(() => jest.advanceTimersByTime(500));
    expect(location()).toBe('/dashboard');
  });

  it('goes to the address it was given', async () => {
    loginAnswers(() => signedInAnswer('Login successful'));
    jest.useFakeTimers();
    renderWithProviders(<LoginScreen redirectTo="/risk" />, { session: null, route: '/risk', path: '/risk' });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await signInWith(user, OPERATOR_EMAIL, 'the-right-password');
    await screen.findByText('Login successful');
    act(() => jest.advanceTimersByTime(1500));
    expect(location()).toBe('/risk');
  });
});

describe('login failures (section 8)', () => {
  it.each([
    [
      '401 with the server message',
      401,
      errorBody('Account locked by the administrator'),
      'Account locked by the administrator',
    ],
    ['401 without a message', 401, {}, 'Invalid credentials. Please check your password.'],
    ['429', 429, errorBody('Slow down'), 'Too many login attempts. Please try again in 15 minutes.'],
    ['another status with the server message', 400, errorBody('Email is required'), 'Email is required'],
    ['another status without a message', 500, 'Internal Server Error', 'Login failed. Please try again.'],
  ])('%s', async (_, status, body, expected) => {
    loginAnswers(() =>
      typeof body === 'string' ? new HttpResponse(body, { status }) : HttpResponse.json(body, { status }),
    );
    const { user, store } = renderLoginScreen();
    await signInWith(user, OPERATOR_EMAIL, 'secret-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(expected);
    expect(store.getState().session.isAuthenticated).toBe(false);
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('says so on a network failure', async () => {
    loginAnswers(() => HttpResponse.error());
    const { user } = renderLoginScreen();
    await signInWith(user, OPERATOR_EMAIL, 'secret-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Network error. Please check your connection and try again.',
    );
  });

  it('asks for password setup (403 setup_required) and offers the reset mode with the email kept', async () => {
    loginAnswers(() =>
      HttpResponse.json(errorBody('Password setup required.', { setup_required: true }), { status: 403 }),
    );
    const { user } = renderLoginScreen();
    await signInWith(user, OPERATOR_EMAIL, 'secret-password');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Password setup required. Please check your email for setup instructions.',
    );
    await user.click(within(alert).getByRole('button', { name: 'Set up your password now' }));
    expect(screen.getByRole('heading', { name: 'Set up your password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue(OPERATOR_EMAIL);
  });

  it('clears the previous error on the next attempt', async () => {
    let answers = 0;
    server.use(
      mockRoute(contract.auth.login, () => {
        answers += 1;
        return answers === 1
          ? HttpResponse.json(errorBody('Invalid credentials. Please check your password.'), { status: 401 })
          : HttpResponse.json(errorBody('Too many'), { status: 429 });
      }),
    );
    const { user } = renderLoginScreen();
    await signInWith(user, OPERATOR_EMAIL, 'one');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid credentials. Please check your password.',
    );
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(
      await screen.findByText('Too many login attempts. Please try again in 15 minutes.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Invalid credentials. Please check your password.')).not.toBeInTheDocument();
  });
});

describe('a fresh install (no password set)', () => {
  it('explains how to set the first password', async () => {
    server.use(authConfig(false));
    renderLoginScreen();
    expect(await screen.findByText('No password is set yet')).toBeInTheDocument();
    expect(screen.getByText(/Open the setup link the server printed when it started/)).toBeInTheDocument();
  });

  it('says nothing of it once a password exists', async () => {
    const { store } = renderLoginScreen();
    await configSettled(store);
    expect(screen.queryByText('No password is set yet')).not.toBeInTheDocument();
  });
});

/** Waits for the login config call to succeed or fail (the address check depends on it). */
async function configSettled(store: AppStore) {
  await waitFor(
    () => {
      const { isSuccess, isError } = authApi.endpoints.authConfig.select()(store.getState());
      expect(isSuccess || isError).toBe(true);
    },
    { timeout: 3000 },
  );
}
