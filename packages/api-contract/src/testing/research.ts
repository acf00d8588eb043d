/**
 * Research answers: three signals (an actionable BUY and SELL, a HOLD refused for its charges) and
 * a 5-year NIFTY 50 trend whose figures can be read off by hand.
 */
import { ModelSkill, ResearchAnalysis, ResearchRecommendation } from '../research';
import { fixture } from './fixture';

/** A model with skill out of sample: AUC 0.58 over the 0.53 needed, Brier skill 0.021. */
export const makeModelSkill = fixture(ModelSkill, 'ModelSkill', {
  auc: 0.58,
  auc_needed: 0.53,
  brier_skill: 0.021,
  base_rate: 0.44,
  samples: 1_204,
  has_skill: true,
});

export const makeResearchRecommendation = fixture(ResearchRecommendation, 'ResearchRecommendation', {
  symbol: 'RELIANCE',
  signal: 'BUY',
  confidence: 0.78,
  target: 3125.5,
  risk: 'Medium',
  reasoning: 'Breakout: close ₹3,010.00 above the 20-day high ₹2,990.00 on 1.80× its average volume.',
  strategy: 'Breakout',
  stop: 2952.25,
  expected_move_pct: 3.75,
  break_even_pct: 0.42,
  horizon_days: 15,
  ml: {
    probability: 0.64,
    raw_probability: 0.61,
    model_version: 'v7',
    skill: makeModelSkill(),
    cannot_tell_apart: null,
    explanation: {
      linear: [
        { feature: 'volume_ratio', value: 1.8, contribution: 0.42 },
        { feature: 'roc20', value: 0.051, contribution: 0.18 },
        { feature: 'rsi14', value: 0.66, contribution: -0.09 },
      ],
      local_surrogate: [
        { feature: 'volume_ratio', value: 1.8, contribution: 0.07 },
        { feature: 'price_vs_sma50', value: 0.034, contribution: 0.03 },
        { feature: 'atr14', value: 0.019, contribution: -0.02 },
      ],
      permutation: [
        { feature: 'volume_ratio', value: 1.8, contribution: 0.041 },
        { feature: 'roc20', value: 0.051, contribution: 0.022 },
        { feature: 'market_vol', value: 0.146, contribution: 0.008 },
      ],
    },
  },
});

export const makeResearchAnalysis = fixture(ResearchAnalysis, 'ResearchAnalysis', {
  market_sentiment: 'Bullish',
  trend_direction: 'Uptrend',
  volatility_level: 'Moderate',
  realised_volatility_pct: 14.6,
  breadth: 0.62,
  advancers: 31,
  decliners: 19,
  intended_value: 5_000,
  opportunities: 2,
  recommendations: [
    makeResearchRecommendation(),
    makeResearchRecommendation({
      symbol: 'INFY',
      signal: 'SELL',
      ml: null,
      confidence: 0.64,
      target: 1410,
      stop: 1530,
      risk: 'High',
      reasoning: undefined,
      strategy: 'Trend following',
      expected_move_pct: -4.08,
      break_even_pct: 1.62,
      horizon_days: 20,
    }),
    makeResearchRecommendation({
      symbol: 'TCS',
      signal: 'HOLD',
      ml: null,
      confidence: 0.51,
      target: 4020,
      stop: 3905.5,
      risk: 'Low',
      reasoning:
        'Mean reversion sees a BUY but the expected move to the target, 1.12%, does not clear the 1.35% break-even after round-trip charges, so it holds.',
      strategy: 'Mean reversion',
      expected_move_pct: 1.12,
      break_even_pct: 1.35,
      horizon_days: 10,
    }),
  ],
  trend_analysis: {
    index: 'NIFTY 50',
    from_month: '2021-11',
    to_month: '2026-11',
    monthly_closes: [
      { month: '2021-11', close: 16983.2 },
      { month: '2022-06', close: 15780.25 },
      { month: '2026-11', close: 24350.75 },
    ],
    yearly_returns: [
      { year: 2022, return_pct: 4.3, partial: false },
      { year: 2023, return_pct: 20.03, partial: false },
      { year: 2024, return_pct: 8.8, partial: false },
      { year: 2025, return_pct: -1.2, partial: false },
      { year: 2026, return_pct: 6.4, partial: true },
    ],
    total_return_pct: 43.38,
    cagr_pct: 7.48,
    max_drawdown_pct: -15.77,
  },
  as_of: '2026-11-20T10:00:00.000Z',
  data_source: 'simulated',
});
