/**
 * Risk answers. Figures are chosen so every formatted value can be worked out by hand: four
 * positions (two low, one medium, one high: 50% / 25% / 25%), two alerts (one needing action).
 */
import {
  AlertSettings,
  DEFAULT_ALERT_SETTINGS,
  RiskAlert,
  RiskLimits,
  RiskMetrics,
  RiskPosition,
  TradingHalt,
  TradingState,
} from '../risk';
import { fixture } from './fixture';

export const makeRiskMetrics = fixture(RiskMetrics, 'RiskMetrics', {
  current_drawdown: -0.0523,
  max_drawdown: -0.1247,
  sharpe_ratio: 1.4567,
  var_95: 12_345.67,
  beta: 0.873,
  portfolio_return: 3.2,
  win_loss_ratio: 1.5,
  winning_trades: 6,
  losing_trades: 4,
  portfolio_value: 1_000_000,
  volatility: 0.1834,
  ml_risk_score: 0.45,
  risk_level: 'medium',
  diversification_score: 0.62,
  stress_test: { scenario_1: 912_000, scenario_2: 824_000, scenario_3: 736_000 },
  window_days: 30,
  history_days: 30,
  as_of: '2026-03-02T09:45:00.000Z',
});

export const makeRiskPosition = fixture(RiskPosition, 'RiskPosition', {
  symbol: 'RELIANCE',
  sector: 'Energy',
  risk_level: 'low',
  position_value: 100_000,
  stop_loss_suggestion: 950,
  risk_amount: 5_000,
  resting_stop: null,
  unrealized_pnl: 1_200,
  price_volatility: 0.22,
  ml_risk_score: 0.3,
  concentration_risk: 0.1,
  liquidity_score: 0.9,
  recommendation: 'hold',
  target_price: 1_100,
});

/**
 * Two low, one medium, one high: 50% / 25% / 25% of the positions. ₹6,00,000 held by sector: IT
 * ₹2,70,000 (45%), Energy ₹2,50,000, Financials ₹80,000.
 */
export function makeRiskPositions(): RiskPosition[] {
  return [
    makeRiskPosition({
      symbol: 'RELIANCE',
      risk_level: 'low',
      position_value: 250_000,
      stop_loss_suggestion: 2_845.5,
      risk_amount: 12_500,
      resting_stop: {
        order_id: 'PO-260302-0a1b2c3d4e',
        order_type: 'SL-M',
        trigger_price: 2_840,
        quantity: 80,
        risk_amount: 12_940,
      },
    }),
    makeRiskPosition({ symbol: 'TCS', sector: 'IT', risk_level: 'low', position_value: 150_000 }),
    makeRiskPosition({
      symbol: 'INFY',
      sector: 'IT',
      risk_level: 'medium',
      position_value: 120_000,
      recommendation: 'reduce',
      unrealized_pnl: -3_400,
    }),
    makeRiskPosition({
      symbol: 'HDFCBANK',
      sector: 'Financials',
      risk_level: 'high',
      position_value: 80_000,
      recommendation: 'exit',
    }),
  ];
}

export const makeRiskAlert = fixture(RiskAlert, 'RiskAlert', {
  id: 'a1',
  severity: 'high',
  type: 'warning',
  message: 'HDFCBANK is 1.2% above its stop loss.',
  timestamp: '2026-03-02T09:40:00.000Z',
  action_required: true,
  suggested_action: 'Exit HDFCBANK or widen the stop.',
  resolved: null,
});

/** One high alert that needs action, one low for information. */
export function makeRiskAlerts(): RiskAlert[] {
  return [
    makeRiskAlert(),
    makeRiskAlert({
      id: 'a2',
      severity: 'low',
      type: 'info',
      message: 'Daily loss is 20% of the limit.',
      timestamp: '2026-03-02T09:30:00.000Z',
      action_required: false,
      suggested_action: null,
    }),
  ];
}

export const makeRiskLimits = fixture(RiskLimits, 'RiskLimits', {
  position_limits: {
    max_position_size: 50_000,
    max_single_stock: 0.1,
    max_sector_exposure: 0.25,
    min_diversification: 5,
  },
  loss_limits: {
    daily_loss_limit: 25_000,
    weekly_loss_limit: 60_000,
    monthly_loss_limit: 150_000,
    max_drawdown_limit: 0.15,
  },
  ml_recommendations: {
    current_risk_score: 0.45,
    recommended_cash_allocation: 0.2,
    market_regime: 'volatile',
    suggested_position_sizing: 0.05,
    next_review_date: '2026-03-03T03:45:00.000Z',
  },
  current_status: {
    portfolio_health: 'warning',
    warnings: ['RELIANCE is 25% of the portfolio, above the 10% single-stock limit.'],
  },
  updated_at: '2026-03-01T10:00:00.000Z',
});

export const makeAlertSettings = fixture(AlertSettings, 'AlertSettings', { ...DEFAULT_ALERT_SETTINGS });

/** The emergency stop pressed at 10:05 IST on 2 March 2026. */
export const makeTradingHalt = fixture(TradingHalt, 'TradingHalt', {
  halted_at: '2026-03-02T04:35:00.000Z',
  halted_by: 'operator@nivesh.local',
  reason: 'Feed looks wrong',
  square_off: false,
});

/** Normal by default; `makeTradingState({ state: 'halted', halt: makeTradingHalt(), reasons: [...] })`. */
export const makeTradingState = fixture(TradingState, 'TradingState', {
  state: 'normal',
  reasons: [],
  halt: null,
  as_of: '2026-03-02T09:45:00.000Z',
});
