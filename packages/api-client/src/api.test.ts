import { contract } from '@nivesh/api-contract';
import { makeTradingMode } from '@nivesh/api-contract/testing';
import { errorBody, HttpResponse, mockRoute, mockRouteError, setupServer } from './testing';
import { makeStore } from './store';
import { sessionStarted, SESSION_STORAGE_KEY, tokenStorage } from './session/sessionSlice';
import { systemApi } from './domains/system';
import { portfolioApi } from './domains/portfolio';

const USER = { email: 'operator@nivesh.local', name: null, username: 'operator' };
const MODE = makeTradingMode('paper');

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  window.localStorage.clear();
});
afterAll(() => server.close());

function signedInStore() {
  const store = makeStore();
  tokenStorage.write('tok-123');
  store.dispatch(sessionStarted({ token: 'tok-123', user: USER }));
  return store;
}

describe('the api client', () => {
  it('sends the session as a Bearer header', async () => {
    let authorization: string | null = null;
    server.use(
      mockRoute(contract.trading.getMode, ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json(MODE);
      }),
    );
    const store = signedInStore();
    const result = await store.dispatch(systemApi.endpoints.tradingMode.initiate());
    expect(authorization).toBe('Bearer tok-123');
    expect(result.data?.mode).toBe('paper');
  });

  it('retries a query once after a server fault', async () => {
    let calls = 0;
    server.use(
      mockRoute(contract.trading.getMode, () => {
        calls += 1;
        return calls === 1 ? HttpResponse.json(errorBody('boom'), { status: 500 }) : HttpResponse.json(MODE);
      }),
    );
    const result = await signedInStore().dispatch(systemApi.endpoints.tradingMode.initiate());
    expect(calls).toBe(2);
    expect(result.data?.mode).toBe('paper');
  });

  it('does not retry a 503 "not connected" answer, and keeps its message', async () => {
    let calls = 0;
    server.use(
      mockRoute(contract.portfolio.quickStats, () => {
        calls += 1;
        return HttpResponse.json(errorBody('The portfolio service is not connected on this server.'), {
          status: 503,
        });
      }),
    );
    const result = await signedInStore().dispatch(portfolioApi.endpoints.quickStats.initiate());
    expect(calls).toBe(1);
    expect(result.error).toMatchObject({ status: 503 });
  });

  it('never retries a mutation', async () => {
    let calls = 0;
    server.use(
      mockRoute(contract.trading.setMode, () => {
        calls += 1;
        return HttpResponse.json(errorBody('boom'), { status: 500 });
      }),
    );
    const result = await signedInStore().dispatch(
      systemApi.endpoints.setTradingMode.initiate({ body: { mode: 'live' } }),
    );
    expect(calls).toBe(1);
    expect('error' in result && result.error).toMatchObject({ status: 500 });
  });

  it('signs out everywhere when a session call answers 401', async () => {
    server.use(mockRouteError(contract.trading.getMode, 401, 'Authentication required.'));
    const store = signedInStore();
    await store.dispatch(systemApi.endpoints.tradingMode.initiate());
    expect(store.getState().session.isAuthenticated).toBe(false);
    expect(store.getState().session.sessionToken).toBeNull();
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('reports an answer that does not match the contract as an error, not as data', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      mockRoute(contract.trading.getMode, () => HttpResponse.json({ success: true, mode: 'sideways' })),
    );
    const result = await signedInStore().dispatch(systemApi.endpoints.tradingMode.initiate());
    expect(result.data).toBeUndefined();
    expect(result.error).toMatchObject({
      status: 'CUSTOM_ERROR',
      error: 'The server answered in an unexpected shape',
    });
  });

  it('keeps data 5 minutes and does not refetch on window focus', () => {
    const state = signedInStore().getState().api;
    expect(state.config.keepUnusedDataFor).toBe(300);
    expect(state.config.refetchOnFocus).toBe(false);
  });
});
