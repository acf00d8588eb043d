/** The Auto-Scaling page's thresholds (specification part 2, sections 2 and 9). */

export type UsageTone = 'green' | 'yellow' | 'red';

/** CPU and memory bars: green up to 60%, yellow above 60%, red above 85%. */
export function usageTone(percent: number): UsageTone {
  if (percent > 85) return 'red';
  if (percent > 60) return 'yellow';
  return 'green';
}

export type LatencyBand = 'Excellent' | 'Good' | 'Needs attention';

/** API latency: under 100 ms Excellent, under 300 ms Good, else Needs attention. */
export function latencyBand(ms: number): LatencyBand {
  if (ms < 100) return 'Excellent';
  if (ms < 300) return 'Good';
  return 'Needs attention';
}

export const LATENCY_PALETTE: Record<LatencyBand, UsageTone> = {
  Excellent: 'green',
  Good: 'yellow',
  'Needs attention': 'red',
};

/**
 * Status text colour: active or running green, closed grey, anything else yellow. An open market
 * counts as running (the market status is shown in the same way).
 */
export function statusPalette(status: string): 'green' | 'gray' | 'yellow' {
  const value = status.toLowerCase();
  if (value === 'active' || value === 'running' || value === 'open') return 'green';
  if (value === 'closed') return 'gray';
  return 'yellow';
}
