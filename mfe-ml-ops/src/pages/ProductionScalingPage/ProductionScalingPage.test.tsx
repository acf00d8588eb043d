import { screen, within } from '@testing-library/react';
import { contract, type ScalingStatus } from '@nivesh/api-contract';
import { makeCircuitBreakersState, makeScalingStatus } from '@nivesh/api-contract/testing';
import {
  errorBody,
  HttpResponse,
  mockRoute,
  renderWithProviders,
  setupServer,
} from '@nivesh/api-client/testing';
import ProductionScalingPage from './ProductionScalingPage';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const ROUTE = contract.ops.scalingStatus;
const NOT_CONNECTED = 'The operations service is not connected on this server.';

const PHASE_NAMES = [
  'Phase 1 Foundation',
  'Phase 2 Growth',
  'Phase 3 Expansion',
  'Phase 4 Professional',
  'Phase 5 Enterprise',
];

function phaseStatuses() {
  return PHASE_NAMES.map((name) => screen.getByRole('region', { name }).getAttribute('data-status'));
}

function answer(status: ScalingStatus) {
  return mockRoute(ROUTE, () => ({ success: true, data: status }));
}

describe('ProductionScalingPage when the scaling status is not connected', () => {
  beforeEach(() =>
    server.use(mockRoute(ROUTE, () => HttpResponse.json(errorBody(NOT_CONNECTED), { status: 503 }))),
  );

  it('says so instead of showing Phase 1 and ₹25,000, and keeps the phase table', async () => {
    renderWithProviders(<ProductionScalingPage />);
    expect(await screen.findByText('Scaling status not connected')).toBeInTheDocument();
    expect(screen.getByText(new RegExp(NOT_CONNECTED))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByText('₹25,000')).not.toBeInTheDocument();
    expect(screen.queryByText('Current Phase')).not.toBeInTheDocument();

    expect(phaseStatuses()).toEqual(['unknown', 'unknown', 'unknown', 'unknown', 'unknown']);
    expect(screen.getAllByText('Status unknown')).toHaveLength(5);
    expect(screen.queryByText('Active')).not.toBeInTheDocument();

    const foundation = within(screen.getByRole('region', { name: 'Phase 1 Foundation' }));
    expect(foundation.getByText('₹5,000 – ₹50,000')).toBeInTheDocument();
    expect(
      within(foundation.getByRole('group', { name: 'Max position' })).getByText('3%'),
    ).toBeInTheDocument();
    expect(
      within(foundation.getByRole('group', { name: 'Max daily loss' })).getByText('1.5%'),
    ).toBeInTheDocument();
    expect(
      within(foundation.getByRole('group', { name: 'Min ML confidence' })).getByText('0.70'),
    ).toBeInTheDocument();
    expect(
      within(foundation.getByRole('group', { name: 'Emergency stop loss' })).getByText('5%'),
    ).toBeInTheDocument();
    expect(
      within(foundation.getByRole('group', { name: 'Success rate target' })).getByText('65%'),
    ).toBeInTheDocument();
    expect(
      within(foundation.getByRole('group', { name: 'Profit target' })).getByText('8%'),
    ).toBeInTheDocument();
    expect(within(foundation.getByRole('group', { name: 'Min days' })).getByText('15')).toBeInTheDocument();
    const enterprise = within(screen.getByRole('region', { name: 'Phase 5 Enterprise' }));
    expect(enterprise.getByText('₹1Cr+')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Phase 3 Expansion' })).getByText('₹2L – ₹10L'),
    ).toBeInTheDocument();
  });

  it('shows the safety mechanisms and the scaling rule text', async () => {
    renderWithProviders(<ProductionScalingPage />);
    await screen.findByText('Scaling status not connected');
    expect(screen.getByText('Stop trading if volatility exceeds 40%')).toBeInTheDocument();
    expect(screen.getByText('Auto-stop if the market drops more than 3% in 1 hour')).toBeInTheDocument();
    expect(screen.getByText('Stop trading if the liquidity ratio falls below 15%')).toBeInTheDocument();
    expect(screen.getByText('Portfolio loss above 3%')).toBeInTheDocument();
    expect(screen.getByText('Circuit breaker triggers')).toBeInTheDocument();
    // Without the server, the breakers' rules show without figures or states.
    for (const rule of [
      'Stop trading if volatility exceeds 40%',
      'Stop trading if the liquidity ratio falls below 15%',
    ]) {
      expect(screen.getByRole('group', { name: rule })).toHaveAttribute('data-state', 'unknown');
    }
    expect(screen.queryByText('Clear')).not.toBeInTheDocument();
    expect(screen.getByText('ML confidence dropping significantly')).toBeInTheDocument();
    expect(
      screen.getByText(
        'The system scales up to the next phase on consistent performance and scales down on losses.',
      ),
    ).toBeInTheDocument();
  });
});

describe('ProductionScalingPage when connected', () => {
  it('shows the current phase, capital and progress, and phase statuses from the capital', async () => {
    server.use(answer(makeScalingStatus()));
    renderWithProviders(<ProductionScalingPage />);
    expect(await screen.findByText('Phase 2 · Growth')).toBeInTheDocument();
    expect(screen.getByText('₹1,25,000')).toBeInTheDocument();
    expect(screen.getByText('66.4%')).toBeInTheDocument();
    expect(screen.getByText('Target 67%')).toBeInTheDocument();
    expect(screen.getByText('12')).toBeInTheDocument();
    expect(screen.getByText('Minimum 20')).toBeInTheDocument();
    expect(screen.getByText('In progress')).toBeInTheDocument();
    expect(phaseStatuses()).toEqual(['completed', 'active', 'locked', 'locked', 'locked']);
    expect(screen.getByText('Completed')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getAllByText('Locked')).toHaveLength(3);
  });

  it('follows the capital at the phase boundaries', async () => {
    server.use(
      answer(
        makeScalingStatus({
          current_phase: 5,
          capital: 10_000_000,
          success_rate: 71,
          days_in_phase: 40,
          status: 'ready',
        }),
      ),
    );
    const first = renderWithProviders(<ProductionScalingPage />);
    expect(await screen.findByText('Ready to scale up')).toBeInTheDocument();
    expect(phaseStatuses()).toEqual(['completed', 'completed', 'completed', 'completed', 'active']);
    first.unmount();

    server.use(
      answer(
        makeScalingStatus({
          current_phase: 1,
          capital: 4_000,
          success_rate: 0,
          days_in_phase: 0,
          status: 'stopped',
        }),
      ),
    );
    renderWithProviders(<ProductionScalingPage />);
    expect(await screen.findByText('Stopped')).toBeInTheDocument();
    expect(phaseStatuses()).toEqual(['locked', 'locked', 'locked', 'locked', 'locked']);
  });

  it('shows the progress towards the next phase and the limits in force, with the reasons', async () => {
    server.use(answer(makeScalingStatus()));
    renderWithProviders(<ProductionScalingPage />);
    expect(await screen.findByText('Towards Phase 3 Expansion')).toBeInTheDocument();
    expect(
      screen.getByText('In Phase 2 Growth since 12 Feb 2026 · highest phase reached: 2'),
    ).toBeInTheDocument();
    const success = within(screen.getByRole('group', { name: 'Success rate since the phase began' }));
    expect(success.getByText('66.4% / 67%')).toBeInTheDocument();
    expect(success.getByText('99 of 149 closed trades won since the phase began')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Success rate since the phase began' })).toHaveAttribute(
      'data-met',
      'false',
    );
    expect(
      within(screen.getByRole('group', { name: 'Profit since the phase began' })).getByText('+4.3% / 10%'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Days in the phase' })).getByText('12 / 20 days'),
    ).toBeInTheDocument();

    expect(
      within(screen.getByRole('group', { name: 'Largest position allowed' })).getByText(
        '4% of capital (₹5,000)',
      ),
    ).toBeInTheDocument();
    const loss = screen.getByRole('group', { name: "Today's loss" });
    expect(within(loss).getByText('0.0% / 2% max daily loss')).toBeInTheDocument();
    expect(loss).toHaveAttribute('data-palette', 'green');
    const peak = screen.getByRole('group', { name: 'Below peak' });
    expect(within(peak).getByText('1.8% / 6% emergency stop')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Status reasons' })).getByText(
        "Working towards Phase 2 Growth's targets: success rate 66.4% of 67%, profit 4.3% of 10%, 12 of 20 days.",
      ),
    ).toBeInTheDocument();
  });

  it('shows each circuit breaker’s figure against its threshold, and a tripped one', async () => {
    const clear = makeCircuitBreakersState();
    const [volatility, drop, liquidity] = clear.breakers;
    server.use(
      answer(
        makeScalingStatus({
          status: 'stopped',
          circuit_breakers: {
            tripped: true,
            breakers: [
              volatility!,
              {
                ...drop!,
                tripped: true,
                value: 3.4,
                message:
                  'NIFTY 50 at 23,180 is 3.4% below its highest level of the last hour (24,000), more than the 3% limit.',
              },
              {
                ...liquidity!,
                value: null,
                message: 'The account is worth ₹0: there is no value to measure its cash against.',
              },
            ],
          },
        }),
      ),
    );
    renderWithProviders(<ProductionScalingPage />);
    expect(
      await screen.findByText('Tripped: the automation opens no new position until every breaker clears.'),
    ).toBeInTheDocument();
    const vol = screen.getByRole('group', { name: 'Stop trading if volatility exceeds 40%' });
    expect(vol).toHaveAttribute('data-state', 'clear');
    expect(within(vol).getByText('14.2%')).toBeInTheDocument();
    expect(within(vol).getByText('Clear')).toBeInTheDocument();
    expect(
      within(vol).getByRole('progressbar', { name: 'NIFTY 50 volatility: 14.2%, threshold 40%' }),
    ).toBeInTheDocument();
    const fall = screen.getByRole('group', { name: 'Auto-stop if the market drops more than 3% in 1 hour' });
    expect(fall).toHaveAttribute('data-state', 'tripped');
    expect(within(fall).getByText('Tripped')).toBeInTheDocument();
    expect(within(fall).getByText('3.4%')).toBeInTheDocument();
    expect(within(fall).getByText(/more than the 3% limit\.$/)).toBeInTheDocument();
    const cash = screen.getByRole('group', { name: 'Stop trading if the liquidity ratio falls below 15%' });
    expect(cash).toHaveAttribute('data-state', 'unmeasured');
    expect(within(cash).getByText('Not measured')).toBeInTheDocument();
    expect(within(cash).queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
