import { act, screen, within } from '@testing-library/react';
import { contract } from '@nivesh/api-contract';
import { makeAlertSettings, makeRiskAlert, ok } from '@nivesh/api-contract/testing';
import {
  HttpResponse,
  mockRoute,
  mockRouteError,
  renderWithProviders,
  setupServer,
} from '@nivesh/api-client/testing';
import { toaster } from '@nivesh/ui';
import { alerts } from '../../../testing/riskFixtures';
import { AlertsTab } from './AlertsTab';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  act(() => toaster.remove());
});
afterAll(() => server.close());

/** What the server holds: stop loss alerts off, position correlation on (not the defaults). */
const stored = makeAlertSettings({ stop_loss: false, position_correlation: true });

function renderAlerts() {
  return renderWithProviders(<AlertsTab alerts={alerts} loading={false} errorDetail={null} />);
}

const box = (name: string) =>
  within(screen.getByRole('group', { name: 'Alert settings' })).getByRole('checkbox', { name });

describe('Alerts tab', () => {
  it('shows the alert settings the server holds and saves a change through it', async () => {
    let body: unknown;
    let settings = stored;
    server.use(
      mockRoute(contract.risk.alertSettings, () => ok(settings)),
      mockRoute(contract.risk.saveAlertSettings, async ({ request }) => {
        body = await request.json();
        settings = body as typeof stored;
        return HttpResponse.json({
          success: true,
          message: 'Alert settings saved: the risk monitor applies them from its next check.',
          data: settings,
        });
      }),
    );
    const { user } = renderAlerts();
    await screen.findByRole('group', { name: 'Alert settings' });
    expect(box('Stop loss alerts')).not.toBeChecked();
    expect(box('Daily loss limit alerts')).toBeChecked();
    expect(box('High volatility alerts')).toBeChecked();
    expect(box('Position correlation alerts')).toBeChecked();
    const save = screen.getByRole('button', { name: 'Save alert settings' });
    expect(save).toBeDisabled();

    await user.click(box('Stop loss alerts'));
    await user.click(box('Position correlation alerts'));
    await user.click(save);
    expect(
      await screen.findByText('Alert settings saved: the risk monitor applies them from its next check.'),
    ).toBeInTheDocument();
    expect(body).toEqual({
      stop_loss: true,
      daily_loss: true,
      high_volatility: true,
      position_correlation: false,
    });
    expect(box('Stop loss alerts')).toBeChecked();
    expect(box('Position correlation alerts')).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Save alert settings' })).toBeDisabled();
  });

  it('keeps the change and says why when the server refuses it', async () => {
    const refusal = 'Invalid request body: stop_loss: Stop loss alerts must be true (on) or false (off).';
    server.use(
      mockRoute(contract.risk.alertSettings, ok(stored)),
      mockRouteError(contract.risk.saveAlertSettings, 400, refusal),
    );
    const { user } = renderAlerts();
    await screen.findByRole('group', { name: 'Alert settings' });
    await user.click(box('Stop loss alerts'));
    await user.click(screen.getByRole('button', { name: 'Save alert settings' }));
    expect(await screen.findByText(`Alert settings could not be saved. ${refusal}`)).toBeInTheDocument();
    expect(box('Stop loss alerts')).toBeChecked();
    expect(screen.getByRole('button', { name: 'Save alert settings' })).toBeEnabled();
  });

  it('clears every alert through the server and says how many', async () => {
    let cleared = 0;
    server.use(
      mockRoute(contract.risk.alertSettings, ok(stored)),
      mockRoute(contract.risk.clearAlerts, () => {
        cleared += 1;
        return HttpResponse.json({ success: true, message: 'Cleared 2 alerts.', data: { cleared: 2 } });
      }),
      mockRoute(contract.risk.alerts, ok([])),
    );
    const { user } = renderAlerts();
    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(await screen.findByText('Cleared 2 alerts.')).toBeInTheDocument();
    expect(cleared).toBe(1);
  });

  it('shows a resolved alert as resolved (when, by what, how), not "Action required", and counts only standing ones', async () => {
    server.use(mockRoute(contract.risk.alertSettings, ok(stored)));
    const resolved = makeRiskAlert({
      id: 'a3',
      message: 'Circuit breaker tripped: Market drop in 1 hour. NIFTY 50 fell 3.29% in the last hour.',
      timestamp: '2026-03-02T05:20:00.000Z',
      action_required: false,
      suggested_action: 'Review the open positions and the market before trading by hand.',
      resolved: {
        at: '2026-03-02T06:21:00.000Z',
        by: 'system: circuit breakers',
        how: 'The breaker cleared: automated entries may resume.',
      },
    });
    renderWithProviders(<AlertsTab alerts={[...alerts, resolved]} loading={false} errorDetail={null} />);
    const item = screen.getByRole('listitem', { name: `Resolved: ${resolved.message}` });
    expect(within(item).getByText('Resolved')).toBeInTheDocument();
    expect(within(item).queryByText('Action required')).not.toBeInTheDocument();
    expect(item).toHaveTextContent(
      'Resolved 02 Mar 2026, 11:51 am IST by system: circuit breakers. The breaker cleared: automated entries may resume.',
    );
    // What to do is no longer asked of a resolved alert.
    expect(within(item).queryByText(/^Suggested:/)).not.toBeInTheDocument();
    // The standing high alert still asks for action.
    const standing = screen.getByRole('listitem', { name: `Warning: ${alerts[0]!.message}` });
    expect(within(standing).getByText('Action required')).toBeInTheDocument();
    expect(screen.getByText('2 standing · 1 resolved · newest first')).toBeInTheDocument();
  });
});
