import type { MarketOverview } from '@nivesh/api-contract';
import { makeStore } from '../store';
import { systemApi } from './system';
import { errorBody, http, HttpResponse, setupServer } from '../testing';

const overview: MarketOverview = {
  indices: {
    NIFTY_50: {
      name: 'NIFTY 50',
      exchange: 'NSE',
      value: 24_350.5,
      previous_close: 24_200,
      change: 150.5,
      change_percent: 0.62,
    },
    SENSEX: {
      name: 'SENSEX',
      exchange: 'BSE',
      value: 80_100,
      previous_close: 80_400,
      change: -300,
      change_percent: -0.37,
    },
    BANK_NIFTY: {
      name: 'Bank NIFTY',
      exchange: 'NSE',
      value: 52_000,
      previous_close: 52_000,
      change: 0,
      change_percent: 0,
    },
  },
  data_source: 'simulated',
  as_of: '2026-11-20T09:45:00.000Z',
};

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('marketOverview endpoint', () => {
  it('fetches GET /api/market/overview and returns the indices', async () => {
    server.use(http.get('/api/market/overview', () => HttpResponse.json({ success: true, data: overview })));
    const store = makeStore();
    const result = await store.dispatch(systemApi.endpoints.marketOverview.initiate());
    expect(result.data?.data.indices.SENSEX.change_percent).toBe(-0.37);
    expect(result.data?.data.data_source).toBe('simulated');
  });

  it('reports an answer without all three indices as an error, not as data', async () => {
    const { BANK_NIFTY: _dropped, ...two } = overview.indices;
    server.use(
      http.get('/api/market/overview', () =>
        HttpResponse.json({ success: true, data: { ...overview, indices: two } }),
      ),
    );
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const store = makeStore();
    const result = await store.dispatch(systemApi.endpoints.marketOverview.initiate());
    expect(result.data).toBeUndefined();
    expect(result.error).toMatchObject({ status: 'CUSTOM_ERROR' });
  });

  it('passes a 503 through as the not-connected answer', async () => {
    server.use(
      http.get('/api/market/overview', () =>
        HttpResponse.json(errorBody('The market data service is not connected on this server.'), {
          status: 503,
        }),
      ),
    );
    const store = makeStore();
    const result = await store.dispatch(systemApi.endpoints.marketOverview.initiate());
    expect(result.error).toMatchObject({ status: 503 });
  });
});
