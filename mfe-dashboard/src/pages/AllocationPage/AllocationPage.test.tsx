import { act, screen, waitFor, within } from '@testing-library/react';
import { AllocationSettings, type DailyAmountData, contract, type ResponseOf } from '@nivesh/api-contract';
import {
  errorBody,
  HttpResponse,
  mockRoute,
  mockRouteError,
  renderWithProviders,
  setupServer,
} from '@nivesh/api-client/testing';
import { makeAutomationStatus, makeDecisionDay, ok } from '@nivesh/api-contract/testing';
import AllocationPage from './AllocationPage';

const SETTINGS: AllocationSettings = {
  allocation_strategy: 'moderate',
  ai_enabled: true,
  manual_allocation_pct: 2.5,
  daily_amount: 25_000,
  daily_risk_budget: 1.5,
  total_capital: 1_000_000,
  portfolio_value: 1_040_000,
  available_cash: 640_000,
};

const STRATEGIES: DailyAmountData = {
  daily_amount: 25_000,
  source: {
    kind: 'strategy',
    percentage: 2.5,
    strategy: 'moderate',
    label: 'Moderate strategy: 2.5% of ₹10,00,000',
    reason: "AI-assisted allocation is on: the Moderate strategy's percentage applies.",
  },
  all_strategies: {
    conservative: { percentage: 1.5, amount: 15_000 },
    moderate: { percentage: 2.5, amount: 25_000 },
    aggressive: { percentage: 4, amount: 40_000 },
    ai_optimized: { percentage: 3.1, amount: 31_000 },
  },
};

const RECOMMENDATION: ResponseOf<typeof contract.allocation.aiRecommendation>['data'] = {
  allocation_amount: 31_000,
  allocation_pct: 3.1,
  confidence: 0.72,
  risk_assessment: 'Medium',
  reasoning: ['NIFTY 50 above its 50-day average', 'Volatility moderate'],
  expected_opportunities: 4,
  as_of: '2026-11-20T04:00:00.000Z',
};

const connected = [
  mockRoute(contract.allocation.settings, () => ({ success: true, data: SETTINGS })),
  mockRoute(contract.allocation.dailyAmount, () => ({ success: true, data: STRATEGIES })),
  mockRoute(contract.allocation.aiRecommendation, () => ({ success: true, data: RECOMMENDATION })),
  mockRoute(contract.allocation.automation, () => ok(makeAutomationStatus())),
  mockRoute(contract.allocation.decisions, () => ok([makeDecisionDay()])),
];

const notConnected = errorBody('The allocation service is not connected on this server.');
const disconnected = [
  mockRoute(contract.allocation.settings, () => HttpResponse.json(notConnected, { status: 503 })),
  mockRoute(contract.allocation.dailyAmount, () => HttpResponse.json(notConnected, { status: 503 })),
  mockRoute(contract.allocation.aiRecommendation, () => HttpResponse.json(notConnected, { status: 503 })),
  mockRoute(contract.allocation.automation, () => HttpResponse.json(notConnected, { status: 503 })),
  mockRoute(contract.allocation.decisions, () => HttpResponse.json(notConnected, { status: 503 })),
];

jest.setTimeout(30_000);

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  jest.useRealTimers();
});
afterAll(() => server.close());

function dailyAmountInput() {
  return screen.getByLabelText('Daily amount (₹)');
}

const MANUAL = 'Manual allocation (% of total capital)';

describe('AllocationPage', () => {
  it('shows each strategy with its percentage and amount, and the selected strategy', async () => {
    server.use(...connected);
    renderWithProviders(<AllocationPage />, { route: '/allocation' });

    expect(screen.getByRole('heading', { name: 'Daily Investment Allocation' })).toBeInTheDocument();
    const moderate = await screen.findByTestId('strategy-moderate');
    await waitFor(() => expect(within(moderate).getByText('₹25,000 / day')).toBeInTheDocument());
    expect(within(moderate).getByText('2.5%')).toBeInTheDocument();
    expect(
      within(screen.getByTestId('strategy-conservative')).getByText('₹15,000 / day'),
    ).toBeInTheDocument();
    expect(within(screen.getByTestId('strategy-aggressive')).getByText('4.0%')).toBeInTheDocument();
    expect(within(screen.getByTestId('strategy-ai_optimized')).getByText('3.1%')).toBeInTheDocument();
    expect(within(moderate).getByRole('radio')).toBeChecked();
    expect(within(moderate).getByText('Applied today')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: "Today's Allocation" })).toHaveTextContent(
      '₹25,000Moderate strategy: 2.5% of ₹10,00,000',
    );
    expect(screen.getByLabelText('AI-assisted allocation')).toBeChecked();
    expect(dailyAmountInput()).toHaveValue(25000);
    expect(dailyAmountInput()).toBeEnabled();
    expect(screen.getByRole('group', { name: 'Total Capital' })).toHaveTextContent('₹10,00,000');
  });

  it('with AI-assisted allocation off, shows one figure for the day, the manual percentage, wherever it shows it', async () => {
    const manual: DailyAmountData = {
      ...STRATEGIES,
      daily_amount: 32_000,
      source: {
        kind: 'manual',
        percentage: 3.2,
        strategy: null,
        label: 'Manual 3.2% of ₹10,00,000',
        reason:
          "AI-assisted allocation is off, so the manual percentage applies, not the Conservative strategy's.",
      },
    };
    server.use(
      mockRoute(contract.allocation.settings, () => ({
        success: true,
        data: {
          ...SETTINGS,
          allocation_strategy: 'conservative',
          ai_enabled: false,
          manual_allocation_pct: 3.2,
          daily_amount: 32_000,
        },
      })),
      mockRoute(contract.allocation.dailyAmount, () => ({ success: true, data: manual })),
      ...connected,
    );
    renderWithProviders(<AllocationPage />);
    const today = await screen.findByRole('group', { name: "Today's Allocation" });
    await waitFor(() => expect(today).toHaveTextContent('₹32,000Manual 3.2% of ₹10,00,000'));
    expect(screen.getByRole('status', { name: "Where today's amount comes from" })).toHaveTextContent(
      "Today: ₹32,000 · Manual 3.2% of ₹10,00,000AI-assisted allocation is off, so the manual percentage applies, not the Conservative strategy's.",
    );
    // The chosen strategy's own figure is what it would be, marked as not applied.
    const conservative = screen.getByTestId('strategy-conservative');
    expect(within(conservative).getByRole('radio')).toBeChecked();
    expect(within(conservative).getByText('Not applied today')).toBeInTheDocument();
    expect(within(conservative).getByText('₹15,000 / day')).toBeInTheDocument();
    expect(screen.queryByText('Applied today')).not.toBeInTheDocument();
    expect(dailyAmountInput()).toHaveValue(32000);
  });

  it('shows the AI recommendation and the advanced settings with the specification limits', async () => {
    server.use(...connected);
    const { user } = renderWithProviders(<AllocationPage />);
    await screen.findByText('₹25,000 / day');

    await user.click(screen.getByRole('tab', { name: 'AI Recommendation' }));
    expect(await screen.findByRole('group', { name: 'Recommended Amount' })).toHaveTextContent('₹31,000');
    expect(screen.getByRole('group', { name: 'Confidence' })).toHaveTextContent('72%');
    expect(screen.getByRole('group', { name: 'Risk Assessment' })).toHaveTextContent('Medium');
    expect(screen.getByRole('group', { name: 'Expected Opportunities' })).toHaveTextContent('4');
    expect(screen.getByText('NIFTY 50 above its 50-day average')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Advanced Settings' }));
    for (const choice of ['0.5%', '1.0%', '1.5%', '2.0%', '2.5%']) {
      expect(
        screen.getByRole('radio', { name: new RegExp(`^${choice.replace('.', '\\.')}`) }),
      ).toBeInTheDocument();
    }
    expect(screen.getByRole('radio', { name: /^1\.5%/ })).toBeChecked();
    expect(screen.getByLabelText('Default limit')).toHaveTextContent('2.5%');
    expect(screen.getByLabelText('Minimum limit')).toHaveTextContent('1.0%');
    expect(screen.getByLabelText('Maximum limit')).toHaveTextContent('4.0%');
    expect(screen.getByLabelText('Maximum limit')).toHaveTextContent('₹40,000');
  });

  it("shows 'Data source not available' on 503 and disables the daily amount and Save", async () => {
    server.use(...disconnected);
    renderWithProviders(<AllocationPage />);

    expect(await screen.findByText('Data source not available')).toBeInTheDocument();
    // The settings, the automation and the decisions each say so.
    await waitFor(() =>
      expect(screen.getAllByText('The allocation service is not connected on this server.')).toHaveLength(3),
    );
    expect(dailyAmountInput()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save Settings' })).toBeDisabled();
    // No invented figures: amounts stay '--' while the percentages are the strategies' defaults.
    expect(within(screen.getByTestId('strategy-moderate')).getByText('--')).toBeInTheDocument();
    expect(within(screen.getByTestId('strategy-moderate')).getByText('2.5%')).toBeInTheDocument();
    expect(within(screen.getByTestId('strategy-ai_optimized')).getByText('Dynamic')).toBeInTheDocument();
  });

  it('validates the manual allocation percent (0.5 to 6.0, steps of 0.1) with the rule beside it', async () => {
    server.use(...connected);
    const { user } = renderWithProviders(<AllocationPage />);
    const input = await screen.findByLabelText(MANUAL);
    await waitFor(() => expect(input).toHaveValue(2.5));
    expect(input).toHaveAttribute('min', '0.5');
    expect(input).toHaveAttribute('max', '6');
    expect(input).toHaveAttribute('step', '0.1');

    const rule = 'Manual allocation must be between 0.5% and 6% of total capital, in steps of 0.1%.';
    for (const refused of ['6.5', '0.4', '2.55']) {
      await user.clear(input);
      await user.type(input, refused);
      expect(screen.getByText(rule)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Save Settings' })).toBeDisabled();
    }

    await user.clear(input);
    await user.type(input, '3.2');
    expect(screen.queryByText(rule)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Settings' })).toBeEnabled();
  });

  it('applies a numeric daily amount on blur, and refuses amounts off the ₹1,000 step as they are typed', async () => {
    const posted: unknown[] = [];
    server.use(
      ...connected,
      mockRoute(contract.allocation.setDailyAmount, async ({ request }) => {
        const body = (await request.json()) as { daily_amount: number };
        posted.push(body);
        return HttpResponse.json({
          success: true,
          message: 'Daily amount updated',
          data: { ...STRATEGIES, daily_amount: body.daily_amount },
        });
      }),
    );
    const { user } = renderWithProviders(<AllocationPage />);
    const input = dailyAmountInput();
    await waitFor(() => expect(input).toHaveValue(25000));
    expect(input).toHaveAttribute('min', '1000');
    expect(input).toHaveAttribute('step', '1000');

    const rule = 'Daily amount must be at least ₹1,000, in steps of ₹1,000.';
    await user.clear(input);
    await user.type(input, '24987');
    expect(screen.getByText(rule)).toBeInTheDocument();
    await user.tab();
    expect(posted).toHaveLength(0);

    await user.clear(input);
    await user.type(input, '500');
    await user.tab();
    expect(await screen.findByText(rule)).toBeInTheDocument();

    // Empty is not numeric: nothing is applied.
    await user.clear(input);
    await user.tab();
    expect(posted).toHaveLength(0);

    await user.type(input, '30000');
    expect(posted).toHaveLength(0);
    await user.tab();
    expect(await screen.findByText('Daily amount set to ₹30,000')).toBeInTheDocument();
    expect(posted).toEqual([{ daily_amount: 30000 }]);
    expect(screen.getByRole('group', { name: "Today's Allocation" })).toHaveTextContent('₹30,000');
  });

  it("reports 'Data source not available' when setting the daily amount answers 503", async () => {
    server.use(
      ...connected,
      mockRoute(contract.allocation.setDailyAmount, () => HttpResponse.json(notConnected, { status: 503 })),
    );
    const { user } = renderWithProviders(<AllocationPage />);
    const input = dailyAmountInput();
    await waitFor(() => expect(input).toHaveValue(25000));
    await user.clear(input);
    await user.type(input, '20000');
    await user.tab();
    expect(await screen.findByText('Data source not available')).toBeInTheDocument();
  });

  it('saves the full settings object and shows a confirmation for 3 seconds', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    let saved: unknown;
    server.use(
      ...connected,
      mockRoute(contract.allocation.save, async ({ request }) => {
        saved = await request.json();
        return HttpResponse.json({ success: true, message: 'Settings saved', data: saved });
      }),
    );
    const { user } = renderWithProviders(<AllocationPage />);
    await screen.findByText('₹25,000 / day');

    await user.click(within(screen.getByTestId('strategy-aggressive')).getByRole('radio'));
    await user.click(screen.getByLabelText('AI-assisted allocation'));
    await user.click(screen.getByRole('tab', { name: 'Advanced Settings' }));
    await user.click(screen.getByRole('radio', { name: /^2\.0%/ }));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));

    expect(await screen.findByText('Settings saved successfully')).toBeInTheDocument();
    expect(AllocationSettings.parse(saved)).toEqual({
      ...SETTINGS,
      allocation_strategy: 'aggressive',
      ai_enabled: false,
      daily_risk_budget: 2,
    });

    act(() => jest.advanceTimersByTime(2_500));
    expect(screen.getByText('Settings saved successfully')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(600));
    expect(screen.queryByText('Settings saved successfully')).not.toBeInTheDocument();
  });

  it("shows 'Failed to save settings. Please try again.' when the save fails", async () => {
    server.use(...connected, mockRouteError(contract.allocation.save, 500, 'Database is read-only'));
    const { user } = renderWithProviders(<AllocationPage />);
    await screen.findByText('₹25,000 / day');
    await user.click(within(screen.getByTestId('strategy-conservative')).getByRole('radio'));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));

    expect(await screen.findByText('Failed to save settings. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Database is read-only')).toBeInTheDocument();
    expect(screen.queryByText('Settings saved successfully')).not.toBeInTheDocument();
    // The edit is kept for another try.
    expect(within(screen.getByTestId('strategy-conservative')).getByRole('radio')).toBeChecked();
  });
});
