/** The risk endpoints against the real store, with the server faked by msw. */
import { waitFor } from '@testing-library/react';
import type { RiskAlert, RiskLimits } from '@nivesh/api-contract';
import { http, HttpResponse, setupServer, errorBody } from '../testing';
import { makeStore } from '../store';
import { riskApi } from './risk';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const alert = (id: string): RiskAlert => ({
  id,
  severity: 'medium',
  type: 'warning',
  message: `Alert ${id}`,
  timestamp: '2026-03-02T09:40:00.000Z',
  action_required: false,
  suggested_action: null,
});

const limits: RiskLimits = {
  position_limits: {
    max_position_size: 50_000,
    max_single_stock: 0.1,
    max_sector_exposure: 0.25,
    min_diversification: 5,
  },
  loss_limits: {
    daily_loss_limit: 25_000,
    weekly_loss_limit: 60_000,
    monthly_loss_limit: 150_000,
    max_drawdown_limit: 0.15,
  },
  ml_recommendations: {
    current_risk_score: 0.4,
    recommended_cash_allocation: 0.2,
    market_regime: 'sideways',
    suggested_position_sizing: 0.05,
    next_review_date: '2026-03-03T03:45:00.000Z',
  },
  current_status: { portfolio_health: 'good', warnings: [] },
  updated_at: '2026-03-01T10:00:00.000Z',
};

describe('risk endpoints', () => {
  it('drops a dismissed alert from the cached list once the server confirms', async () => {
    let reads = 0;
    server.use(
      http.get('/api/risk/alerts', () => {
        reads += 1;
        return HttpResponse.json({ success: true, data: [alert('a1'), alert('a2')] });
      }),
      http.post('/api/risk/alerts/:id/dismiss', () =>
        HttpResponse.json({ success: true, message: 'Dismissed.' }),
      ),
    );
    const store = makeStore();
    const subscription = store.dispatch(riskApi.endpoints.riskAlerts.initiate());
    await subscription;
    await store.dispatch(riskApi.endpoints.dismissRiskAlert.initiate({ params: { id: 'a1' } }));
    await waitFor(() =>
      expect(
        riskApi.endpoints.riskAlerts
          .select()(store.getState())
          .data?.data.map((item) => item.id),
      ).toEqual(['a2']),
    );
    expect(reads).toBe(1);
    subscription.unsubscribe();
  });

  it('keeps the alert listed when the dismiss fails', async () => {
    server.use(
      http.get('/api/risk/alerts', () => HttpResponse.json({ success: true, data: [alert('a1')] })),
      http.post('/api/risk/alerts/:id/dismiss', () =>
        HttpResponse.json(errorBody('Unknown alert.'), { status: 404 }),
      ),
    );
    const store = makeStore();
    const subscription = store.dispatch(riskApi.endpoints.riskAlerts.initiate());
    await subscription;
    const result = await store.dispatch(
      riskApi.endpoints.dismissRiskAlert.initiate({ params: { id: 'a1' } }),
    );
    expect('error' in result).toBe(true);
    expect(riskApi.endpoints.riskAlerts.select()(store.getState()).data?.data).toHaveLength(1);
    subscription.unsubscribe();
  });

  it('writes the saved limits into the cache', async () => {
    server.use(
      http.get('/api/risk/limits', () => HttpResponse.json({ success: true, data: limits })),
      http.post('/api/risk/limits', async ({ request }) => {
        const body = (await request.json()) as Pick<RiskLimits, 'position_limits' | 'loss_limits'>;
        return HttpResponse.json({ success: true, message: 'Saved.', data: { ...limits, ...body } });
      }),
    );
    const store = makeStore();
    const subscription = store.dispatch(riskApi.endpoints.riskLimits.initiate());
    await subscription;
    const body = {
      position_limits: limits.position_limits,
      loss_limits: { ...limits.loss_limits, daily_loss_limit: 20_000 },
    };
    await store.dispatch(riskApi.endpoints.updateRiskLimits.initiate({ body }));
    // The write is its own (upsert) action right after the answer.
    await waitFor(() =>
      expect(
        riskApi.endpoints.riskLimits.select()(store.getState()).data?.data.loss_limits.daily_loss_limit,
      ).toBe(20_000),
    );
    subscription.unsubscribe();
  });

  it('reports an answer that does not match the contract as an error, not as data', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.get('/api/risk/metrics', () => HttpResponse.json({ success: true, data: { var_95: 'lots' } })),
    );
    const store = makeStore();
    const result = await store.dispatch(riskApi.endpoints.riskMetrics.initiate());
    expect(result.data).toBeUndefined();
    expect(result.error).toMatchObject({ status: 'CUSTOM_ERROR' });
    jest.restoreAllMocks();
  });
});
