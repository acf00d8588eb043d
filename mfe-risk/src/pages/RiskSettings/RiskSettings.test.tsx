import { screen, waitFor, within } from '@testing-library/react';
import { contract, type RiskLimits } from '@nivesh/api-contract';
import {
  errorBody,
  HttpResponse,
  mockRoute,
  mockRouteError,
  renderWithProviders,
  setupServer,
} from '@nivesh/api-client/testing';
import { connectedHandlers, limits, NOT_CONNECTED, offlineHandlers } from '../../testing/riskFixtures';
import RiskSettings from './RiskSettings';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

async function renderSettings(...overrides: Parameters<typeof server.use>) {
  server.use(...overrides, ...connectedHandlers);
  const rendered = renderWithProviders(<RiskSettings />);
  await screen.findByLabelText('Max position size');
  return rendered;
}

const field = (label: string) => screen.getByLabelText(label);

describe('RiskSettings', () => {
  it('shows the stored limits and alert settings', async () => {
    await renderSettings();
    expect(field('Max position size')).toHaveValue(50_000);
    expect(field('Max single stock')).toHaveValue(0.1);
    expect(field('Max sector exposure')).toHaveValue(0.25);
    expect(field('Min diversification')).toHaveValue(5);
    expect(field('Daily loss limit')).toHaveValue(25_000);
    expect(field('Weekly loss limit')).toHaveValue(60_000);
    expect(field('Monthly loss limit')).toHaveValue(150_000);
    expect(field('Max drawdown limit')).toHaveValue(0.15);
    expect(screen.getByText('10.0% (fraction 0-1)')).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: 'Stop loss alerts' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Position correlation alerts' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Save limits' })).toBeDisabled();
  });

  it('rejects invalid limits with a message per field and does not call the server', async () => {
    let posted = false;
    const { user } = await renderSettings(
      mockRoute(contract.risk.updateLimits, () => {
        posted = true;
        return HttpResponse.json(errorBody('unexpected'), { status: 500 });
      }),
    );
    await user.clear(field('Max single stock'));
    await user.type(field('Max single stock'), '1.5');
    await user.clear(field('Daily loss limit'));
    await user.type(field('Daily loss limit'), '-100');
    await user.clear(field('Min diversification'));
    await user.type(field('Min diversification'), '2.5');
    await user.clear(field('Max position size'));
    await user.click(screen.getByRole('button', { name: 'Save limits' }));

    expect(await screen.findByText('Please correct the highlighted limits.')).toBeInTheDocument();
    expect(
      screen.getByText('Max single stock must be a fraction above 0 and at most 1 (0.1 = 10%).'),
    ).toBeInTheDocument();
    expect(screen.getByText('Daily loss limit must be a positive amount in rupees.')).toBeInTheDocument();
    expect(
      screen.getByText('Min diversification must be a whole number of positions, at least 1.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Max position size must be a positive amount in rupees.')).toBeInTheDocument();
    expect(posted).toBe(false);
  });

  it('requires the loss limits to widen from day to week to month', async () => {
    const { user } = await renderSettings();
    await user.clear(field('Monthly loss limit'));
    await user.type(field('Monthly loss limit'), '50000');
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    expect(
      await screen.findByText('Monthly loss limit must be at least the weekly loss limit.'),
    ).toBeInTheDocument();
  });

  it('saves edited limits and shows the server’s answer', async () => {
    let body: unknown;
    const { user } = await renderSettings(
      mockRoute(contract.risk.updateLimits, async ({ request }) => {
        body = await request.json();
        const saved = body as Pick<RiskLimits, 'position_limits' | 'loss_limits'>;
        return HttpResponse.json({
          success: true,
          message: 'Risk limits updated.',
          data: { ...limits, ...saved },
        });
      }),
    );
    await user.clear(field('Daily loss limit'));
    await user.type(field('Daily loss limit'), '20000');
    await user.clear(field('Max single stock'));
    await user.type(field('Max single stock'), '0.08');
    expect(screen.getByText('8.0% (fraction 0-1)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save limits' }));

    expect(await screen.findByText('Risk limits updated.')).toBeInTheDocument();
    expect(body).toEqual({
      position_limits: { ...limits.position_limits, max_single_stock: 0.08 },
      loss_limits: { ...limits.loss_limits, daily_loss_limit: 20_000 },
    });
    // The answer is now what the form shows.
    await waitFor(() => expect(field('Daily loss limit')).toHaveValue(20_000));
    expect(screen.getByRole('button', { name: 'Save limits' })).toBeDisabled();
  });

  it('says why a save failed', async () => {
    const { user } = await renderSettings(mockRouteError(contract.risk.updateLimits, 503, NOT_CONNECTED));
    await user.clear(field('Weekly loss limit'));
    await user.type(field('Weekly loss limit'), '70000');
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    expect(await screen.findByText(`Risk limits could not be saved. ${NOT_CONNECTED}`)).toBeInTheDocument();
    expect(field('Weekly loss limit')).toHaveValue(70_000);
  });

  it('saves the alert settings', async () => {
    let body: unknown;
    const { user } = await renderSettings(
      mockRoute(contract.risk.saveAlertSettings, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ success: true, message: 'Alert settings saved.', data: body });
      }),
    );
    const settings = await screen.findByRole('group', { name: 'Alert settings' });
    await user.click(within(settings).getByRole('checkbox', { name: 'High volatility alerts' }));
    await user.click(screen.getByRole('button', { name: 'Save alert settings' }));
    expect(await screen.findByText('Alert settings saved.')).toBeInTheDocument();
    expect(body).toEqual({
      stop_loss: true,
      daily_loss: true,
      high_volatility: false,
      position_correlation: false,
    });
    expect(within(settings).getByRole('checkbox', { name: 'High volatility alerts' })).not.toBeChecked();
  });

  it('says when the settings cannot be loaded, without showing any values, and retries', async () => {
    server.use(...offlineHandlers);
    const { user } = renderWithProviders(<RiskSettings />);
    expect(await screen.findByText('Risk limits could not be loaded.')).toBeInTheDocument();
    expect(await screen.findByText('Alert settings could not be loaded.')).toBeInTheDocument();
    expect(screen.getAllByText(NOT_CONNECTED)).toHaveLength(2);
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Max position size')).not.toBeInTheDocument();

    server.use(...connectedHandlers);
    await user.click(screen.getAllByRole('button', { name: 'Retry' })[0] as HTMLElement);
    expect(await screen.findByLabelText('Max position size')).toHaveValue(50_000);
  });
});
