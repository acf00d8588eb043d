/**
 * The order endpoints: the request each sends, and which cached figures a placed order makes stale
 * (the portfolio, holdings, activity and quick stats are fetched again; a refused order changes
 * nothing).
 */
import { waitFor } from '@testing-library/react';
import { contract, type PlaceOrderRequest } from '@nivesh/api-contract';
import { makeOrder } from '@nivesh/api-contract/testing';
import { makeStore } from '../store';
import { sessionStarted } from '../session/sessionSlice';
import { errorBody, HttpResponse, mockRoute, mockRouteError, setupServer } from '../testing';
import { ordersApi } from './orders';
import { portfolioApi } from './portfolio';

const AS_OF = '2026-11-20T05:00:00.000Z';
const REQUEST: PlaceOrderRequest = {
  symbol: 'TCS',
  side: 'BUY',
  quantity: 2,
  order_type: 'LIMIT',
  limit_price: 3_850.05,
  product: 'CNC',
};

const order = makeOrder({ order_id: 'ord-9', placed_at: AS_OF, updated_at: AS_OF });

const server = setupServer();
const calls: string[] = [];
const bodies: unknown[] = [];
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  server.events.on('request:start', ({ request }) => {
    calls.push(`${request.method} ${new URL(request.url).pathname}${new URL(request.url).search}`);
  });
});
afterEach(() => {
  server.resetHandlers();
  calls.length = 0;
  bodies.length = 0;
});
afterAll(() => server.close());

const count = (call: string) => calls.filter((made) => made === call).length;

function signedInStore() {
  const store = makeStore();
  store.dispatch(
    sessionStarted({ token: 'tok', user: { email: 'operator@nivesh.local', name: null, username: null } }),
  );
  return store;
}

/** The account's reads, answered with minimal valid bodies. */
const accountHandlers = [
  mockRoute(contract.portfolio.holdings, () => ({ success: true, data: [] })),
  mockRoute(contract.portfolio.quickStats, () => ({
    success: true,
    data: {
      active_positions: 0,
      win_rate: null,
      monthly_return: 0,
      connection_status: 'connected',
      data_source: 'simulated',
    },
  })),
];

async function subscribeToAccount(store: ReturnType<typeof signedInStore>) {
  const holdings = store.dispatch(portfolioApi.endpoints.holdings.initiate());
  const stats = store.dispatch(portfolioApi.endpoints.quickStats.initiate());
  await Promise.all([holdings, stats]);
  return () => {
    holdings.unsubscribe();
    stats.unsubscribe();
  };
}

describe('the order endpoints', () => {
  it('places an order, then fetches the holdings and quick stats again', async () => {
    server.use(
      ...accountHandlers,
      mockRoute(contract.orders.place, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({
          success: true,
          message: 'Order placed: waiting for ₹3,850.05',
          data: order,
        });
      }),
    );
    const store = signedInStore();
    const release = await subscribeToAccount(store);
    const result = await store.dispatch(ordersApi.endpoints.placeOrder.initiate({ body: REQUEST }));
    expect(result.data?.data.status).toBe('open');
    expect(bodies).toEqual([REQUEST]);
    await waitFor(() => {
      expect(count('GET /api/portfolio/holdings')).toBe(2);
      expect(count('GET /api/quick-stats')).toBe(2);
    });
    release();
  });

  it('fetches nothing again after a refused order (422), and keeps its message and limit', async () => {
    const message =
      'Order value ₹7,700.10 would leave ₹95,000.00 cash, below the ₹1,00,000.00 minimum balance.';
    server.use(
      ...accountHandlers,
      mockRouteError(contract.orders.place, 422, message, { limit: 'min_balance_threshold' }),
    );
    const store = signedInStore();
    const release = await subscribeToAccount(store);
    const result = await store.dispatch(ordersApi.endpoints.placeOrder.initiate({ body: REQUEST }));
    expect(result.error).toMatchObject({ status: 422, data: { message, limit: 'min_balance_threshold' } });
    // Give any refetch the time to start; none may.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(count('GET /api/portfolio/holdings')).toBe(1);
    expect(count('GET /api/quick-stats')).toBe(1);
    release();
  });

  it('previews, lists and cancels with the contract paths', async () => {
    server.use(
      mockRoute(contract.orders.preview, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(errorBody('Unknown symbol "TCSS"'), { status: 400 });
      }),
      mockRoute(contract.orders.list, () => ({ success: true, data: [order] })),
      mockRoute(contract.orders.cancel, ({ params }) =>
        HttpResponse.json({
          success: true,
          message: 'Order cancelled',
          data: { ...order, order_id: String(params.orderId), status: 'cancelled' },
        }),
      ),
    );
    const store = signedInStore();
    const preview = await store.dispatch(
      ordersApi.endpoints.previewOrder.initiate({ body: { ...REQUEST, symbol: 'TCSS' } }),
    );
    expect(preview.error).toMatchObject({ status: 400, data: { message: 'Unknown symbol "TCSS"' } });
    const list = await store.dispatch(ordersApi.endpoints.orders.initiate({ query: { status: 'open' } }));
    expect(list.data?.data).toHaveLength(1);
    const cancelled = await store.dispatch(
      ordersApi.endpoints.cancelOrder.initiate({ params: { orderId: 'ord-9' } }),
    );
    expect(cancelled.data?.data.status).toBe('cancelled');
    // The open-orders list and the preview are still subscribed: the cancel makes both stale.
    await waitFor(() => expect(calls).toHaveLength(5));
    expect(calls.slice(0, 3)).toEqual([
      'POST /api/trading/orders/preview',
      'GET /api/trading/orders?status=open',
      'POST /api/trading/orders/ord-9/cancel',
    ]);
    expect(calls.slice(3).sort()).toEqual([
      'GET /api/trading/orders?status=open',
      'POST /api/trading/orders/preview',
    ]);
  });
});
