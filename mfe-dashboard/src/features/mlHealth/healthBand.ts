/**
 * ML health scores are fractions 0-1. Bands (part 1, section 9): 0.8 or more Excellent, 0.6 Good,
 * 0.4 Fair, else Needs Attention. Colours (part 2, section 4): 0.8+ green, 0.6-0.8 yellow, else red.
 */
export type HealthBand = 'Excellent' | 'Good' | 'Fair' | 'Needs Attention';

export function healthBand(score: number): HealthBand {
  if (score >= 0.8) return 'Excellent';
  if (score >= 0.6) return 'Good';
  if (score >= 0.4) return 'Fair';
  return 'Needs Attention';
}

export type HealthTone = 'gain' | 'warning' | 'loss';

export function healthTone(score: number): HealthTone {
  if (score >= 0.8) return 'gain';
  if (score >= 0.6) return 'warning';
  return 'loss';
}

/** 0.83 -> '83%'. */
export function formatScore(score: number): string {
  return `${Math.round(score * 100)}%`;
}
