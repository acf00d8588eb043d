/**
 * Server answers for the risk tests, typed by the contract so a change of shape breaks them.
 * Figures are chosen so every formatted value in the tests can be worked out by hand.
 */
import {
  DEFAULT_ALERT_SETTINGS,
  type AlertSettings,
  type RiskAlert,
  type RiskLimits,
  type RiskMetrics,
  type RiskPosition,
} from '@nivesh/api-contract';
import { errorBody, http, HttpResponse } from '@nivesh/api-client/testing';

export const NOT_CONNECTED = 'The risk management service is not connected on this server.';

export const metrics: RiskMetrics = {
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
};

function position(
  overrides: Partial<RiskPosition> & Pick<RiskPosition, 'symbol' | 'risk_level'>,
): RiskPosition {
  return {
    position_value: 100_000,
    stop_loss_suggestion: 950,
    risk_amount: 5_000,
    unrealized_pnl: 1_200,
    price_volatility: 0.22,
    ml_risk_score: 0.3,
    concentration_risk: 0.1,
    liquidity_score: 0.9,
    recommendation: 'hold',
    target_price: 1_100,
    ...overrides,
  };
}

/** Two low, one medium, one high: 50% / 25% / 25%. */
export const positions: RiskPosition[] = [
  position({
    symbol: 'RELIANCE',
    risk_level: 'low',
    position_value: 250_000,
    stop_loss_suggestion: 2_845.5,
    risk_amount: 12_500,
  }),
  position({ symbol: 'TCS', risk_level: 'low', position_value: 150_000 }),
  position({
    symbol: 'INFY',
    risk_level: 'medium',
    position_value: 120_000,
    recommendation: 'reduce',
    unrealized_pnl: -3_400,
  }),
  position({ symbol: 'HDFCBANK', risk_level: 'high', position_value: 80_000, recommendation: 'exit' }),
];

export const alerts: RiskAlert[] = [
  {
    id: 'a1',
    severity: 'high',
    type: 'warning',
    message: 'HDFCBANK is 1.2% above its stop loss.',
    timestamp: '2026-03-02T09:40:00.000Z',
    action_required: true,
    suggested_action: 'Exit HDFCBANK or widen the stop.',
  },
  {
    id: 'a2',
    severity: 'low',
    type: 'info',
    message: 'Daily loss is 20% of the limit.',
    timestamp: '2026-03-02T09:30:00.000Z',
    action_required: false,
    suggested_action: null,
  },
];

export const limits: RiskLimits = {
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
};

export const alertSettings: AlertSettings = { ...DEFAULT_ALERT_SETTINGS };

export const ok = <T>(data: T) => HttpResponse.json({ success: true, data });
export const notConnected = () => HttpResponse.json(errorBody(NOT_CONNECTED), { status: 503 });

/** Every risk read answering with the fixtures. */
export const connectedHandlers = [
  http.get('/api/risk/metrics', () => ok(metrics)),
  http.get('/api/risk/positions', () => ok(positions)),
  http.get('/api/risk/alerts', () => ok(alerts)),
  http.get('/api/risk/limits', () => ok(limits)),
  http.get('/api/risk/alert-settings', () => ok(alertSettings)),
];

/** Every risk read answering 503, as the server does while the risk domain is not running. */
export const offlineHandlers = [
  http.get('/api/risk/metrics', notConnected),
  http.get('/api/risk/positions', notConnected),
  http.get('/api/risk/alerts', notConnected),
  http.get('/api/risk/limits', notConnected),
  http.get('/api/risk/alert-settings', notConnected),
];
