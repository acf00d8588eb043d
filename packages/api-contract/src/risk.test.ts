import {
  AlertSettings,
  DEFAULT_ALERT_SETTINGS,
  EmergencyStopRequest,
  ML_RISK_SCORE_BANDS,
  RISK_POLLING_MS,
  RISK_WINDOW_DAYS,
  RiskLimitsUpdate,
  RiskMetrics,
  STRESS_TEST_DROPS,
  VAR_CONFIDENCE,
  riskRoutes,
} from './risk';
import { makeRiskLimits } from './testing';

const { position_limits, loss_limits } = makeRiskLimits();
const validLimits = { position_limits, loss_limits };

function messages(input: unknown): string[] {
  const result = RiskLimitsUpdate.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('risk contract', () => {
  it('keeps the specification’s constants', () => {
    expect(RISK_POLLING_MS).toBe(30_000);
    expect(RISK_WINDOW_DAYS).toBe(30);
    expect(VAR_CONFIDENCE).toBe(0.95);
    expect(STRESS_TEST_DROPS).toEqual([0.1, 0.2, 0.3]);
    expect(ML_RISK_SCORE_BANDS).toEqual({ low: 0.3, high: 0.7 });
  });

  it('polls every risk read every 30 seconds, and no write', () => {
    for (const route of Object.values(riskRoutes)) {
      if (route.method === 'GET') expect(route.client).toEqual({ pollingIntervalMs: 30_000 });
      else expect('client' in route).toBe(false);
    }
  });

  it('turns stop loss, daily loss and high volatility alerts on by default, correlation off', () => {
    expect(AlertSettings.parse(DEFAULT_ALERT_SETTINGS)).toEqual({
      stop_loss: true,
      daily_loss: true,
      high_volatility: true,
      position_correlation: false,
    });
  });

  it('accepts sensible limits', () => {
    expect(messages(validLimits)).toEqual([]);
  });

  it('rejects non-positive amounts and shares outside 0-100%, each in the percent the operator types', () => {
    expect(
      messages({
        position_limits: {
          ...validLimits.position_limits,
          max_position_size: 0,
          max_single_stock: 1.2,
          min_diversification: 0,
        },
        loss_limits: { ...validLimits.loss_limits, daily_loss_limit: -1, max_drawdown_limit: 0 },
      }),
    ).toEqual([
      'Max position size must be a positive amount of whole rupees.',
      'Max single stock must be above 0% and at most 100% of the portfolio.',
      'Min diversification must be a whole number of positions, from 1 to 100.',
      'Daily loss limit must be a positive amount of whole rupees.',
      'Max drawdown limit must be above 0% and at most 100% of the peak value.',
    ]);
    expect(
      messages({
        ...validLimits,
        loss_limits: { ...validLimits.loss_limits, weekly_loss_limit: Number.NaN },
      }),
    ).toEqual(['Weekly loss limit must be a positive amount of rupees.']);
  });

  it('requires loss limits to widen from day to week to month', () => {
    expect(
      messages({
        ...validLimits,
        loss_limits: { ...validLimits.loss_limits, weekly_loss_limit: 20_000, monthly_loss_limit: 10_000 },
      }),
    ).toEqual([
      'Weekly loss limit must be at least the daily loss limit.',
      'Monthly loss limit must be at least the weekly loss limit.',
    ]);
  });

  it('needs an explicit confirmation and a reason for the emergency stop; square-off is off unless asked', () => {
    expect(EmergencyStopRequest.parse({ confirm: true, reason: '  Feed looks wrong ' })).toEqual({
      confirm: true,
      reason: 'Feed looks wrong',
      square_off: false,
    });
    expect(EmergencyStopRequest.safeParse({ confirm: true }).success).toBe(false);
    expect(EmergencyStopRequest.safeParse({ reason: 'Feed looks wrong' }).success).toBe(false);
    expect(EmergencyStopRequest.safeParse({ confirm: 'yes', reason: 'Feed looks wrong' }).success).toBe(
      false,
    );
    const short = EmergencyStopRequest.safeParse({ confirm: true, reason: 'no' });
    expect(short.error?.issues[0]?.message).toBe('Say why you are stopping (3 to 500 characters).');
  });

  it('treats drawdowns as non-positive fractions and allows missing statistics', () => {
    const base = {
      current_drawdown: null,
      max_drawdown: null,
      sharpe_ratio: null,
      var_95: null,
      beta: null,
      portfolio_return: null,
      win_loss_ratio: null,
      winning_trades: 0,
      losing_trades: 0,
      portfolio_value: 1_000_000,
      volatility: null,
      ml_risk_score: 0.2,
      risk_level: 'low',
      diversification_score: 0,
      stress_test: { scenario_1: 1_000_000, scenario_2: 1_000_000, scenario_3: 1_000_000 },
      window_days: 30,
      history_days: 0,
      as_of: '2026-03-02T09:45:00.000Z',
    };
    expect(RiskMetrics.safeParse(base).success).toBe(true);
    expect(RiskMetrics.safeParse({ ...base, max_drawdown: 0.1 }).success).toBe(false);
    expect(RiskMetrics.safeParse({ ...base, ml_risk_score: 1.2 }).success).toBe(false);
  });
});
