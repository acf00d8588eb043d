import { act, screen, within } from '@testing-library/react';
import { contract } from '@nivesh/api-contract';
import { makeAlertSettings, ok } from '@nivesh/api-contract/testing';
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
});
