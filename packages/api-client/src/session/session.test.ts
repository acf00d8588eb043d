/**
 * The session lifecycle (specification part 1, sections 3 and 4) against the real store, with the
 * server faked by msw.
 */
import { contract, type RouteDefinition } from '@nivesh/api-contract';
import {
  errorBody,
  HttpResponse,
  mockRoute,
  mockRouteError,
  type ResolverInfo,
  setupServer,
  TEST_USER,
} from '../testing';
import { authApi } from '../domains/auth';
import { makeStore, type AppStore } from '../store';
import { SESSION_STORAGE_KEY, initialSessionState, sessionExpired, sessionStarted } from './sessionSlice';
import { logout, restoreSession, signIn } from './thunks';

const STORED_TOKEN = 'stored-session-token';
const EXPIRES_AT = '2030-01-01T00:00:00.000Z';
const ENDS_AT = '2030-01-07T00:00:00.000Z';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** Failed session checks and logouts are only logged (specification part 1, section 8). */
let logged: { info: jest.SpyInstance; warn: jest.SpyInstance };
beforeEach(() => {
  window.localStorage.clear();
  logged = {
    info: jest.spyOn(console, 'info').mockImplementation(() => undefined),
    warn: jest.spyOn(console, 'warn').mockImplementation(() => undefined),
  };
});
afterEach(() => jest.restoreAllMocks());

function storedToken(): string | null {
  return window.localStorage.getItem(SESSION_STORAGE_KEY);
}

/** Records the Authorization header of each call to `path`. */
function recordAuthorization<R extends RouteDefinition>(route: R, answer: () => Response) {
  const seen: (string | null)[] = [];
  server.use(
    mockRoute(route, ({ request }: ResolverInfo) => {
      seen.push(request.headers.get('Authorization'));
      return answer();
    }),
  );
  return seen;
}

describe('the session state', () => {
  it('starts loading and signed out', () => {
    const store = makeStore();
    expect(store.getState().session).toEqual(initialSessionState);
    expect(initialSessionState).toEqual({
      user: null,
      sessionToken: null,
      endsAt: null,
      isLoading: true,
      isAuthenticated: false,
    });
  });
});

describe('restoreSession', () => {
  it('without a stored token ends loading, signed out, and calls no server', async () => {
    const store = makeStore();
    await store.dispatch(restoreSession());
    expect(store.getState().session).toEqual({
      user: null,
      sessionToken: null,
      endsAt: null,
      isLoading: false,
      isAuthenticated: false,
    });
  });

  it('with a token the server accepts signs in with that token and the user', async () => {
    window.localStorage.setItem(SESSION_STORAGE_KEY, STORED_TOKEN);
    const seen = recordAuthorization(contract.auth.validateSession, () =>
      HttpResponse.json({ success: true, user: TEST_USER, expires_at: EXPIRES_AT, session_ends_at: ENDS_AT }),
    );
    const store = makeStore();
    await store.dispatch(restoreSession());
    expect(seen).toEqual([`Bearer ${STORED_TOKEN}`]);
    expect(store.getState().session).toEqual({
      user: TEST_USER,
      sessionToken: STORED_TOKEN,
      endsAt: ENDS_AT,
      isLoading: false,
      isAuthenticated: true,
    });
    expect(storedToken()).toBe(STORED_TOKEN);
  });

  it('is still loading while the server checks the token', async () => {
    window.localStorage.setItem(SESSION_STORAGE_KEY, STORED_TOKEN);
    let answer: (() => void) | undefined;
    server.use(
      mockRoute(contract.auth.validateSession, async () => {
        await new Promise<void>((resolve) => (answer = resolve));
        return HttpResponse.json({
          success: true,
          user: TEST_USER,
          expires_at: EXPIRES_AT,
          session_ends_at: ENDS_AT,
        });
      }),
    );
    const store = makeStore();
    const restoring = store.dispatch(restoreSession());
    await waitUntil(() => answer !== undefined);
    expect(store.getState().session.isLoading).toBe(true);
    expect(store.getState().session.isAuthenticated).toBe(false);
    answer?.();
    await restoring;
    expect(store.getState().session.isLoading).toBe(false);
    expect(store.getState().session.isAuthenticated).toBe(true);
  });

  it('with a token the server refuses (401) removes it and ends signed out', async () => {
    window.localStorage.setItem(SESSION_STORAGE_KEY, STORED_TOKEN);
    server.use(mockRouteError(contract.auth.validateSession, 401, 'Session expired or invalid'));
    const store = makeStore();
    await store.dispatch(restoreSession());
    expectSignedOut(store);
    expect(storedToken()).toBeNull();
    expect(logged.info).toHaveBeenCalledWith('Stored session is not valid any more', expect.anything());
  });

  it('on a network error removes the stored token and ends signed out', async () => {
    window.localStorage.setItem(SESSION_STORAGE_KEY, STORED_TOKEN);
    server.use(mockRoute(contract.auth.validateSession, () => HttpResponse.error()));
    const store = makeStore();
    await store.dispatch(restoreSession());
    expectSignedOut(store);
    expect(storedToken()).toBeNull();
    expect(logged.info).toHaveBeenCalledWith('Stored session is not valid any more', expect.anything());
  });

  it('on a server fault (500) removes the stored token and ends signed out', async () => {
    window.localStorage.setItem(SESSION_STORAGE_KEY, STORED_TOKEN);
    server.use(mockRouteError(contract.auth.validateSession, 500, 'Internal error'));
    const store = makeStore();
    await store.dispatch(restoreSession());
    expectSignedOut(store);
    expect(storedToken()).toBeNull();
    expect(logged.info).toHaveBeenCalledWith('Stored session is not valid any more', expect.anything());
  });
});

describe('signIn', () => {
  it('stores the token and signs in', async () => {
    const store = makeStore();
    await store.dispatch(signIn({ token: 'fresh-token', user: TEST_USER, endsAt: ENDS_AT }));
    expect(storedToken()).toBe('fresh-token');
    expect(store.getState().session).toEqual({
      user: TEST_USER,
      sessionToken: 'fresh-token',
      endsAt: ENDS_AT,
      isLoading: false,
      isAuthenticated: true,
    });
  });
});

describe('logout', () => {
  async function signedInStore(): Promise<AppStore> {
    const store = makeStore();
    await store.dispatch(signIn({ token: STORED_TOKEN, user: TEST_USER }));
    return store;
  }

  it('calls the server with the Bearer token, then clears state and storage', async () => {
    const seen = recordAuthorization(contract.auth.logout, () =>
      HttpResponse.json({ success: true, message: 'Logged out' }),
    );
    const store = await signedInStore();
    const result = await store.dispatch(logout()).unwrap();
    expect(seen).toEqual([`Bearer ${STORED_TOKEN}`]);
    expect(result).toEqual({ success: true });
    expectSignedOut(store);
    expect(storedToken()).toBeNull();
  });

  it('reports success and clears everything when the server answers 500', async () => {
    const seen = recordAuthorization(contract.auth.logout, () =>
      HttpResponse.json(errorBody('Internal error'), { status: 500 }),
    );
    const store = await signedInStore();
    const result = await store.dispatch(logout()).unwrap();
    expect(seen).toHaveLength(1);
    expect(logged.warn).toHaveBeenCalledWith('Logout call failed; signed out locally', expect.anything());
    expect(result).toEqual({ success: true });
    expectSignedOut(store);
    expect(storedToken()).toBeNull();
  });

  it('reports success and clears everything when the network fails', async () => {
    server.use(mockRoute(contract.auth.logout, () => HttpResponse.error()));
    const store = await signedInStore();
    const result = await store.dispatch(logout()).unwrap();
    expect(result).toEqual({ success: true });
    expectSignedOut(store);
    expect(storedToken()).toBeNull();
  });

  it('without a token does not call the server and still succeeds', async () => {
    // No handler: an unexpected call would fail the test (onUnhandledRequest: 'error').
    const store = makeStore();
    const result = await store.dispatch(logout()).unwrap();
    expect(result).toEqual({ success: true });
    expectSignedOut(store);
  });

  it('drops cached data of the signed-out session', async () => {
    server.use(
      mockRoute(contract.auth.validateSession, () => ({
        success: true,
        user: TEST_USER,
        expires_at: EXPIRES_AT,
        session_ends_at: ENDS_AT,
      })),
      mockRoute(contract.auth.logout, () => ({ success: true, message: 'Logged out' })),
    );
    window.localStorage.setItem(SESSION_STORAGE_KEY, STORED_TOKEN);
    const store = makeStore();
    await store.dispatch(restoreSession());
    expect(Object.keys(store.getState().api.mutations)).not.toHaveLength(0);
    await store.dispatch(logout());
    expect(store.getState().api.mutations).toEqual({});
  });
});

describe('sessionExpired', () => {
  it('clears the stored token and signs out', async () => {
    const store = makeStore();
    await store.dispatch(signIn({ token: STORED_TOKEN, user: TEST_USER }));
    store.dispatch(sessionExpired());
    expectSignedOut(store);
    expect(storedToken()).toBeNull();
  });

  it('is dispatched when a call that needs the session gets 401', async () => {
    server.use(mockRouteError(contract.auth.logout, 401, 'Session expired or invalid'));
    const store = makeStore();
    window.localStorage.setItem(SESSION_STORAGE_KEY, STORED_TOKEN);
    store.dispatch(sessionStarted({ token: STORED_TOKEN, user: TEST_USER }));
    await store.dispatch(authApi.endpoints.logout.initiate());
    expectSignedOut(store);
    expect(storedToken()).toBeNull();
  });

  it('is not dispatched by a refused login (a public call)', async () => {
    server.use(mockRouteError(contract.auth.login, 401, 'Invalid credentials. Please check your password.'));
    const store = makeStore();
    await store.dispatch(signIn({ token: STORED_TOKEN, user: TEST_USER }));
    await store.dispatch(
      authApi.endpoints.login.initiate({ body: { email: TEST_USER.email, password: 'wrong' } }),
    );
    expect(store.getState().session.isAuthenticated).toBe(true);
    expect(storedToken()).toBe(STORED_TOKEN);
  });
});

function expectSignedOut(store: AppStore) {
  expect(store.getState().session).toEqual({
    user: null,
    sessionToken: null,
    endsAt: null,
    isLoading: false,
    isAuthenticated: false,
  });
}

async function waitUntil(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  if (!condition()) throw new Error('condition not met');
}
