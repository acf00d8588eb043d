/** The Auto-Scaling page's thresholds (specification part 2, sections 2 and 9). */

export type UsageTone = 'green' | 'yellow' | 'red';

/** CPU and memory bars: green up to 60%, yellow above 60%, red above 85%. */
export function usageTone(percent: number): UsageTone {
  if (percent > 85) return 'red';
  if (percent > 60) return 'yellow';
  return 'green';
}

export interface CpuReading {
  tone: UsageTone;
  /** What the figure measures, who uses it, and what a busy machine means for this server. */
  note: string;
}

/**
 * The CPU bar: the whole machine's CPU (every core, mean of the last minute), which the scaling
 * rules read, beside this server's own process (its latest 5-second sample, as a share of the
 * whole machine). Its colour is what the figure means for this server: the bands above when this
 * server's process uses at least half of what is busy (it is this server's load); when other
 * programs on a shared machine use most of it, yellow at most, with words saying so: the machine
 * is busy, this server is not overloaded, and another instance of it would not help.
 */
export function cpuReading(hostPercent: number, processPercent: number): CpuReading {
  const others = Math.max(0, hostPercent - processPercent);
  const measured = `Whole machine, every core, mean of the last minute. This server's process: ${processPercent.toFixed(1)}% (last 5 seconds); other programs: ${others.toFixed(1)}%.`;
  const band = usageTone(hostPercent);
  if (band === 'green' || processPercent * 2 >= hostPercent) return { tone: band, note: measured };
  return {
    tone: 'yellow',
    note: `${measured} The machine is busy with other programs, not this server: its answers may slow, and another instance of it on this machine would not help.`,
  };
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
