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
  await screen.findByLabelText(L.size);
  return rendered;
}

/** The labels say each field's unit. */
const L = {
  size: 'Max position size (₹)',
  stock: 'Max single stock (% of the portfolio)',
  sector: 'Max sector exposure (% of the portfolio)',
  diversification: 'Min diversification (positions)',
  daily: 'Daily loss limit (₹)',
  weekly: 'Weekly loss limit (₹)',
  monthly: 'Monthly loss limit (₹)',
  drawdown: 'Max drawdown limit (% of the peak value)',
};

const field = (label: string) => screen.getByLabelText(label);

describe('RiskSettings', () => {
  it('shows the stored limits, shares as percents with the unit beside each field, and the alert settings', async () => {
    await renderSettings();
    expect(field(L.size)).toHaveValue(50_000);
    // The API's 0.1 is typed and shown as 10 (%).
    expect(field(L.stock)).toHaveValue(10);
    expect(field(L.sector)).toHaveValue(25);
    expect(field(L.diversification)).toHaveValue(5);
    expect(field(L.daily)).toHaveValue(25_000);
    expect(field(L.weekly)).toHaveValue(60_000);
    expect(field(L.monthly)).toHaveValue(150_000);
    expect(field(L.drawdown)).toHaveValue(15);
    const stock = field(L.stock).closest('.chakra-field__root') as HTMLElement;
    expect(within(stock).getByText('%')).toBeInTheDocument();
    expect(screen.getByText(/^₹60,000 · /)).toBeInTheDocument();
    expect(screen.queryByText(/fraction/)).not.toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: 'Stop loss alerts' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Position correlation alerts' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Save limits' })).toBeDisabled();
  });

  it("shows the server's sentence beside a refused field as it is typed, and keeps Save disabled", async () => {
    let posted = false;
    const { user } = await renderSettings(
      mockRoute(contract.risk.updateLimits, () => {
        posted = true;
        return HttpResponse.json(errorBody('unexpected'), { status: 500 });
      }),
    );
    const save = screen.getByRole('button', { name: 'Save limits' });
    // 20 means 20%: fine.
    await user.clear(field(L.stock));
    await user.type(field(L.stock), '20');
    expect(save).toBeEnabled();
    // 2000% is not.
    await user.type(field(L.stock), '00');
    const stock = field(L.stock).closest('.chakra-field__root') as HTMLElement;
    expect(
      within(stock).getByText('Max single stock must be above 0% and at most 100% of the portfolio.'),
    ).toBeInTheDocument();
    expect(save).toBeDisabled();

    await user.clear(field(L.weekly));
    await user.type(field(L.weekly), '-500');
    const weekly = field(L.weekly).closest('.chakra-field__root') as HTMLElement;
    expect(
      within(weekly).getByText('Weekly loss limit must be a positive amount of rupees.'),
    ).toBeInTheDocument();
    await user.clear(field(L.diversification));
    await user.type(field(L.diversification), '2.5');
    expect(
      screen.getByText('Min diversification must be a whole number of positions, from 1 to 100.'),
    ).toBeInTheDocument();
    await user.clear(field(L.size));
    expect(
      screen.getByText('Max position size must be a positive amount of whole rupees.'),
    ).toBeInTheDocument();
    expect(field(L.size)).toHaveAttribute('aria-invalid', 'true');
    expect(save).toBeDisabled();
    await user.click(save);
    expect(posted).toBe(false);
  });

  it('requires the loss limits to widen from day to week to month', async () => {
    const { user } = await renderSettings();
    await user.clear(field(L.monthly));
    await user.type(field(L.monthly), '50000');
    expect(
      await screen.findByText('Monthly loss limit must be at least the weekly loss limit.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save limits' })).toBeDisabled();
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
    await user.clear(field(L.daily));
    await user.type(field(L.daily), '20000');
    await user.clear(field(L.stock));
    await user.type(field(L.stock), '8');
    await user.click(screen.getByRole('button', { name: 'Save limits' }));

    expect(await screen.findByText('Risk limits updated.')).toBeInTheDocument();
    expect(body).toEqual({
      position_limits: { ...limits.position_limits, max_single_stock: 0.08 },
      loss_limits: { ...limits.loss_limits, daily_loss_limit: 20_000 },
    });
    // The answer is now what the form shows.
    await waitFor(() => expect(field(L.daily)).toHaveValue(20_000));
    expect(field(L.stock)).toHaveValue(8);
    expect(screen.getByRole('button', { name: 'Save limits' })).toBeDisabled();
  });

  it('says why a save failed', async () => {
    const { user } = await renderSettings(mockRouteError(contract.risk.updateLimits, 503, NOT_CONNECTED));
    await user.clear(field(L.weekly));
    await user.type(field(L.weekly), '70000');
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    expect(await screen.findByText(`Risk limits could not be saved. ${NOT_CONNECTED}`)).toBeInTheDocument();
    expect(field(L.weekly)).toHaveValue(70_000);
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
    expect(screen.queryByLabelText(L.size)).not.toBeInTheDocument();

    server.use(...connectedHandlers);
    await user.click(screen.getAllByRole('button', { name: 'Retry' })[0] as HTMLElement);
    expect(await screen.findByLabelText(L.size)).toHaveValue(50_000);
  });
});
