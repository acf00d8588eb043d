/** Daily allocation answers: the automation's status, a run, and a day of decisions. */
import { AutomationRun, AutomationStatus, Decision, DecisionDay } from '../allocation';
import { fixture } from './fixture';

/** Paper, 4 Mar 2026: two entries bought for ₹49,210 of the day's ₹50,000. */
export const makeAutomationRun = fixture(AutomationRun, 'AutomationRun', {
  trading_day: '2026-03-04',
  account: 'paper',
  started_at: '2026-03-04T04:00:00.000Z',
  finished_at: '2026-03-04T04:00:02.000Z',
  status: 'done',
  amount: 50000,
  spent: 49210,
  orders_placed: 2,
  lines: [
    "Day's amount ₹50,000.00 of ₹10,00,000.00 capital (Phase 4 Professional: at most 6% a position, 63% confidence or more).",
    'Bought 10 INFY (Trend following) at ₹1,520.00; stop ₹1,470.00, target ₹1,640.00, exit after 20 trading days.',
    'Spent ₹49,210.00 of ₹50,000.00 on 2 orders.',
  ],
});

/** On, at 09:30 IST, one open automated position, nothing holding it back. */
export const makeAutomationStatus = fixture(AutomationStatus, 'AutomationStatus', {
  enabled: true,
  run_time: '09:30',
  account: 'paper',
  next_run_at: '2026-03-05T04:00:00.000Z',
  last_run: makeAutomationRun(),
  open_positions: 1,
  protected_positions: 1,
  blocked_by: [],
  run_time_window: {
    from: '09:15',
    before: '15:20',
    note: "NSE's session: from the 09:15 open to the 15:20 square-off",
  },
});

/** The INFY trend-following entry of 4 Mar 2026, closed at its target. */
export const makeDecision = fixture(Decision, 'Decision', {
  id: 1,
  decided_at: '2026-03-04T04:00:01.000Z',
  trading_day: '2026-03-04',
  account: 'paper',
  symbol: 'INFY',
  strategy: 'Trend following',
  strategy_version: 'trend_following@1',
  signal: 'BUY',
  action: 'ordered',
  reason: 'Close above the 50-day average with MACD above its signal. Buy 10 at ₹1,520.00 (₹15,200.00).',
  confidence: 0.71,
  price: 1520,
  target: 1640,
  stop: 1470,
  horizon_days: 20,
  quantity: 10,
  order_id: 'PO-1',
  inputs: { rsi14: 58.2, atr14: 24.5, break_even_pct: 0.24, expected_move_pct: 7.89 },
  // 0.64 × (₹1,200 − ₹42.80) + 0.36 × (−₹500 − ₹42.80)
  ml_probability: 0.64,
  expected_pnl: 545.2,
  outcome: { at: '2026-03-10T06:00:00.000Z', kind: 'target', return_pct: 7.61, pnl: 1157.2 },
});

export const makeDecisionDay = fixture(DecisionDay, 'DecisionDay', {
  trading_day: '2026-03-04',
  run: makeAutomationRun(),
  decisions: [makeDecision()],
});
