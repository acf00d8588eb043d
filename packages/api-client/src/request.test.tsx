/**
 * Endpoints built from contract routes (`fromRoute`) and polled hooks (`polledQueryHook`), run
 * through the real store against msw: the request each sends, the answer check, and the polling.
 */
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { act, renderHook, waitFor } from '@testing-library/react';
import { contract, summarizeTrades } from '@nivesh/api-contract';
import {
  makeRiskLimits,
  makeRiskMetrics,
  makeTokenStatus,
  makeTrade,
  ok,
} from '@nivesh/api-contract/testing';
import { makeStore, type AppStore } from './store';
import { brokerApi, useTokenStatusQuery } from './domains/broker';
import { useOpenOrdersQuery } from './domains/orders';
import { riskApi, useRiskMetricsQuery } from './domains/risk';
import { tradingApi } from './domains/trading';
import { HttpResponse, mockRoute, setupServer } from './testing';

const server = setupServer();
const seen: string[] = [];
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    seen.push(`${request.method} ${url.pathname}${url.search}`);
  });
});
afterEach(() => {
  server.resetHandlers();
  seen.length = 0;
  jest.useRealTimers();
});
afterAll(() => server.close());

describe('endpoints from contract routes', () => {
  it('fills path parameters from the route and posts to it', async () => {
    server.use(mockRoute(contract.risk.dismissAlert, { success: true, message: 'Alert dismissed' }));
    const result = await makeStore().dispatch(
      riskApi.endpoints.dismissRiskAlert.initiate({ params: { id: 'a 1' } }),
    );
    expect(seen).toEqual(['POST /api/risk/alerts/a%201/dismiss']);
    expect(result.data).toEqual({ success: true, message: 'Alert dismissed' });
  });

  it('sends the query string and takes the answer the route describes', async () => {
    const trade = makeTrade();
    server.use(
      mockRoute(contract.trading.history, {
        success: true,
        data: [trade],
        total: 1,
        page: 2,
        page_size: 10,
        summary: summarizeTrades([trade]),
      }),
    );
    const result = await makeStore().dispatch(
      tradingApi.endpoints.tradeHistory.initiate({ query: { page: 2, page_size: 10, status: 'open' } }),
    );
    expect(seen).toEqual(['GET /api/trading/history?page=2&page_size=10&status=open']);
    expect(result.data?.data).toEqual([trade]);
  });

  it('sends the body as JSON', async () => {
    const limits = makeRiskLimits();
    let body: unknown = null;
    server.use(
      mockRoute(contract.risk.updateLimits, async ({ request }) => {
        body = await request.json();
        return { success: true, message: 'Risk limits updated', data: limits };
      }),
    );
    const update = { position_limits: limits.position_limits, loss_limits: limits.loss_limits };
    await makeStore().dispatch(riskApi.endpoints.updateRiskLimits.initiate({ body: update }));
    expect(seen).toEqual(['POST /api/risk/limits']);
    expect(body).toEqual(update);
  });

  it('turns its own argument into the request when the route says how (the broker name)', async () => {
    server.use(mockRoute(contract.broker.tokenStatus, makeTokenStatus('valid', 10)));
    const result = await makeStore().dispatch(brokerApi.endpoints.tokenStatus.initiate('upstox'));
    expect(seen).toEqual(['GET /api/upstox/token/status']);
    expect(result.data?.hours_remaining).toBe(10);
  });

  it('reports an answer the route’s schema refuses as an error, not as data', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      mockRoute(contract.risk.metrics, () =>
        HttpResponse.json({ success: true, data: { ...makeRiskMetrics(), risk_level: 'extreme' } }),
      ),
    );
    const result = await makeStore().dispatch(riskApi.endpoints.riskMetrics.initiate());
    expect(result.data).toBeUndefined();
    expect(result.error).toMatchObject({ error: 'The server answered in an unexpected shape' });
  });
});

describe('mockRoute', () => {
  it('refuses, naming the field, data the route could not answer', () => {
    const metrics = { ...makeRiskMetrics(), risk_level: 'extreme' } as unknown as ReturnType<
      typeof makeRiskMetrics
    >;
    expect(() => mockRoute(contract.risk.metrics, ok(metrics))).toThrow(
      /Mock answer for GET \/api\/risk\/metrics does not match the contract:\n {2}data\.risk_level: /,
    );
  });
});

function wrapperFor(store: AppStore) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return <Provider store={store}>{children}</Provider>;
  };
}

/** Lets fake time pass in steps, so each poll's request and answer complete. */
async function advance(ms: number) {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
}

describe('polled query hooks', () => {
  it('fetch again at the route’s interval (risk metrics: every 30 s)', async () => {
    expect(contract.risk.metrics.client.pollingIntervalMs).toBe(30_000);
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    server.use(mockRoute(contract.risk.metrics, ok(makeRiskMetrics())));
    const { result } = renderHook(() => useRiskMetricsQuery(), { wrapper: wrapperFor(makeStore()) });
    await advance(0);
    await waitFor(() => expect(result.current.data?.data.var_95).toBe(12_345.67));
    expect(seen).toEqual(['GET /api/risk/metrics']);
    await advance(29_000);
    expect(seen).toHaveLength(1);
    await advance(1_000);
    expect(seen).toHaveLength(2);
    await advance(30_000);
    expect(seen).toHaveLength(3);
  });

  it('send nothing while skipped', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    server.use(mockRoute(contract.risk.metrics, ok(makeRiskMetrics())));
    const { result } = renderHook(() => useRiskMetricsQuery(undefined, { skip: true }), {
      wrapper: wrapperFor(makeStore()),
    });
    await advance(60_000);
    expect(seen).toEqual([]);
    expect(result.current.isUninitialized).toBe(true);
  });

  it('pass the caller’s argument, or the hook’s own when there is none', async () => {
    server.use(
      mockRoute(contract.broker.tokenStatus, makeTokenStatus('expiring', 2)),
      mockRoute(contract.orders.list, { success: true, data: [] }),
    );
    const store = makeStore();
    const token = renderHook(() => useTokenStatusQuery('upstox'), { wrapper: wrapperFor(store) });
    const orders = renderHook(() => useOpenOrdersQuery(), { wrapper: wrapperFor(store) });
    await waitFor(() => expect(token.result.current.data?.state).toBe('expiring'));
    await waitFor(() => expect(orders.result.current.data?.data).toEqual([]));
    expect([...seen].sort()).toEqual(['GET /api/trading/orders?status=open', 'GET /api/upstox/token/status']);
  });
});
