/**
 * Operations answers: the production scaling status. The figures are those of an account in
 * Phase 2 (₹1,25,000) twelve trading days into the phase, with every circuit breaker clear.
 */
import { CircuitBreakersState, ScalingStatus } from '../ops';
import { fixture } from './fixture';

const AS_OF = '2026-03-02T09:30:00.000Z';

export const makeCircuitBreakersState = fixture(CircuitBreakersState, 'CircuitBreakersState', {
  tripped: false,
  breakers: [
    {
      id: 'volatility',
      label: 'NIFTY 50 volatility',
      tripped: false,
      value: 14.2,
      threshold: 40,
      message: 'NIFTY 50 moves 14.2% a year (last 20 daily returns), within the 40% limit.',
    },
    {
      id: 'market_drop',
      label: 'Market drop in 1 hour',
      tripped: false,
      value: 0.4,
      threshold: 3,
      message: 'NIFTY 50 is 0.4% below its highest level of the last hour, within the 3% limit.',
    },
    {
      id: 'liquidity',
      label: 'Cash ratio',
      tripped: false,
      value: 62.5,
      threshold: 15,
      message: 'Cash is 62.5% of the account, above the 15% minimum.',
    },
  ],
});

export const makeScalingStatus = fixture(ScalingStatus, 'ScalingStatus', {
  current_phase: 2,
  capital: 125_000,
  success_rate: 66.44,
  days_in_phase: 12,
  status: 'in_progress',
  phase_started_on: '2026-02-12',
  highest_phase: 2,
  closed_trades: 149,
  winning_trades: 99,
  profit_since_phase_start_pct: 4.25,
  drawdown_pct: 1.8,
  day_loss_pct: 0,
  reasons: [
    "Working towards Phase 2 Growth's targets: success rate 66.4% of 67%, profit 4.3% of 10%, 12 of 20 days.",
  ],
  circuit_breakers: makeCircuitBreakersState(),
  as_of: AS_OF,
});
