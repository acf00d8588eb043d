import {
  PRODUCTION_PHASES,
  ProductionPhase,
  phaseForCapital,
  phaseStatus,
  type PhaseStatus,
} from './capitalPhases';

function statuses(capital: number): PhaseStatus[] {
  return PRODUCTION_PHASES.map((phase) => phaseStatus(phase, capital));
}

describe('PRODUCTION_PHASES', () => {
  it('holds the specification table: P1 Foundation 5K-50K to P5 Enterprise 1Cr+', () => {
    expect(PRODUCTION_PHASES.map((p) => [p.phase, p.name, p.min_capital, p.max_capital])).toEqual([
      [1, 'Foundation', 5_000, 50_000],
      [2, 'Growth', 50_000, 200_000],
      [3, 'Expansion', 200_000, 1_000_000],
      [4, 'Professional', 1_000_000, 10_000_000],
      [5, 'Enterprise', 10_000_000, null],
    ]);
    expect(
      PRODUCTION_PHASES.map((p) => [
        p.max_position_pct,
        p.max_daily_loss_pct,
        p.min_ml_confidence,
        p.emergency_stop_loss_pct,
        p.success_rate_target_pct,
        p.profit_target_pct,
        p.min_days,
      ]),
    ).toEqual([
      [3, 1.5, 0.7, 5, 65, 8, 15],
      [4, 2, 0.68, 6, 67, 10, 20],
      [5, 2.5, 0.65, 7, 68, 12, 25],
      [6, 3, 0.63, 8, 70, 15, 30],
      [7, 3.5, 0.6, 10, 72, 18, 0],
    ]);
  });

  it('matches its own schema, and the ranges join without gaps', () => {
    for (const phase of PRODUCTION_PHASES) expect(ProductionPhase.parse(phase)).toEqual(phase);
    for (let i = 1; i < PRODUCTION_PHASES.length; i += 1) {
      expect(PRODUCTION_PHASES[i]?.min_capital).toBe(PRODUCTION_PHASES[i - 1]?.max_capital);
    }
  });
});

describe('phaseStatus', () => {
  it('locks every phase below the first minimum', () => {
    expect(statuses(0)).toEqual(['locked', 'locked', 'locked', 'locked', 'locked']);
    expect(statuses(4_999)).toEqual(['locked', 'locked', 'locked', 'locked', 'locked']);
  });

  it('makes the phase whose range holds the capital active', () => {
    expect(statuses(5_000)).toEqual(['active', 'locked', 'locked', 'locked', 'locked']);
    expect(statuses(25_000)).toEqual(['active', 'locked', 'locked', 'locked', 'locked']);
    expect(statuses(49_999)).toEqual(['active', 'locked', 'locked', 'locked', 'locked']);
    expect(statuses(500_000)).toEqual(['completed', 'completed', 'active', 'locked', 'locked']);
  });

  it('completes a phase once the capital reaches its maximum (one active phase at a boundary)', () => {
    expect(statuses(50_000)).toEqual(['completed', 'active', 'locked', 'locked', 'locked']);
    expect(statuses(1_000_000)).toEqual(['completed', 'completed', 'completed', 'active', 'locked']);
  });

  it('never completes the open-ended last phase', () => {
    expect(statuses(10_000_000)).toEqual(['completed', 'completed', 'completed', 'completed', 'active']);
    expect(statuses(5_000_000_000)).toEqual(['completed', 'completed', 'completed', 'completed', 'active']);
  });
});

describe('phaseForCapital', () => {
  it('names the active phase, or none below ₹5,000', () => {
    expect(phaseForCapital(25_000)?.name).toBe('Foundation');
    expect(phaseForCapital(200_000)?.name).toBe('Expansion');
    expect(phaseForCapital(20_000_000)?.name).toBe('Enterprise');
    expect(phaseForCapital(1_000)).toBeUndefined();
  });
});
