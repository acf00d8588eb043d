import { contract } from '@nivesh/api-contract';
import { makeMarketOverview } from '@nivesh/api-contract/testing';
import { makeStore } from '../store';
import { systemApi } from './system';
import { errorBody, HttpResponse, mockRoute, setupServer } from '../testing';

const overview = makeMarketOverview();

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('marketOverview endpoint', () => {
  it('fetches GET /api/market/overview and returns the indices', async () => {
    server.use(mockRoute(contract.market.overview, () => ({ success: true, data: overview })));
    const store = makeStore();
    const result = await store.dispatch(systemApi.endpoints.marketOverview.initiate());
    expect(result.data?.data.indices.SENSEX.change_percent).toBe(-0.3728);
    expect(result.data?.data.data_source).toBe('simulated');
  });

  it('reports an answer without all three indices as an error, not as data', async () => {
    const { BANK_NIFTY: _dropped, ...two } = overview.indices;
    server.use(
      mockRoute(contract.market.overview, () =>
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
      mockRoute(contract.market.overview, () =>
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
