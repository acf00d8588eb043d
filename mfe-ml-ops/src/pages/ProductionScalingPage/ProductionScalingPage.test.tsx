import { screen, within } from '@testing-library/react';
import { contract, type ScalingStatus } from '@nivesh/api-contract';
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
    expect(foundation.getByText('₹5K – ₹50K')).toBeInTheDocument();
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
    server.use(
      answer({
        current_phase: 2,
        capital: 125_000,
        success_rate: 66.44,
        days_in_phase: 12,
        status: 'in_progress',
      }),
    );
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
      answer({ current_phase: 4, capital: 10_000_000, success_rate: 71, days_in_phase: 40, status: 'ready' }),
    );
    const first = renderWithProviders(<ProductionScalingPage />);
    expect(await screen.findByText('Ready to scale up')).toBeInTheDocument();
    expect(phaseStatuses()).toEqual(['completed', 'completed', 'completed', 'completed', 'active']);
    first.unmount();

    server.use(
      answer({ current_phase: 1, capital: 4_000, success_rate: 0, days_in_phase: 0, status: 'stopped' }),
    );
    renderWithProviders(<ProductionScalingPage />);
    expect(await screen.findByText('Stopped')).toBeInTheDocument();
    expect(phaseStatuses()).toEqual(['locked', 'locked', 'locked', 'locked', 'locked']);
  });
});
