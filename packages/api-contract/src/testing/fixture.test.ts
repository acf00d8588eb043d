import { makeRiskMetrics, makeRiskPositions, makeTradingMode } from '.';

describe('fixture factories', () => {
  it('build a valid answer, with the fields a test overrides', () => {
    const metrics = makeRiskMetrics({ var_95: 1_000 });
    expect(metrics.var_95).toBe(1_000);
    expect(metrics.sharpe_ratio).toBe(1.4567);
    expect(makeTradingMode('live').current_mode_label).toBe('Live Trading');
  });

  it('give each call its own copy', () => {
    const first = makeRiskMetrics();
    first.stress_test.scenario_1 = 0;
    expect(makeRiskMetrics().stress_test.scenario_1).toBe(912_000);
  });

  it('refuse an override the contract does not allow, naming the fixture and the field', () => {
    expect(() => makeRiskMetrics({ max_drawdown: 0.1 })).toThrow(
      /^Test fixture RiskMetrics does not match the contract:\n.*\n {2}→ at max_drawdown$/s,
    );
  });

  it('make position sets whose shares of risk can be worked out by hand', () => {
    expect(makeRiskPositions().map((p) => p.risk_level)).toEqual(['low', 'low', 'medium', 'high']);
  });
});
