/** The risk endpoints against the real store, with the server faked by msw. */
import { waitFor } from '@testing-library/react';
import { contract, type RiskLimits } from '@nivesh/api-contract';
import { makeRiskAlert, makeRiskLimits } from '@nivesh/api-contract/testing';
import { HttpResponse, mockRoute, mockRouteError, setupServer } from '../testing';
import { makeStore } from '../store';
import { riskApi } from './risk';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const alert = (id: string) =>
  makeRiskAlert({
    id,
    severity: 'medium',
    message: `Alert ${id}`,
    action_required: false,
    suggested_action: null,
  });

const limits = makeRiskLimits();

describe('risk endpoints', () => {
  it('drops a dismissed alert from the cached list once the server confirms', async () => {
    let reads = 0;
    server.use(
      mockRoute(contract.risk.alerts, () => {
        reads += 1;
        return HttpResponse.json({ success: true, data: [alert('a1'), alert('a2')] });
      }),
      mockRoute(contract.risk.dismissAlert, () => ({ success: true, message: 'Dismissed.' })),
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
      mockRoute(contract.risk.alerts, () => ({ success: true, data: [alert('a1')] })),
      mockRouteError(contract.risk.dismissAlert, 404, 'Unknown alert.'),
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
      mockRoute(contract.risk.limits, () => ({ success: true, data: limits })),
      mockRoute(contract.risk.updateLimits, async ({ request }) => {
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
      mockRoute(contract.risk.metrics, () => HttpResponse.json({ success: true, data: { var_95: 'lots' } })),
    );
    const store = makeStore();
    const result = await store.dispatch(riskApi.endpoints.riskMetrics.initiate());
    expect(result.data).toBeUndefined();
    expect(result.error).toMatchObject({ status: 'CUSTOM_ERROR' });
    jest.restoreAllMocks();
  });
});
