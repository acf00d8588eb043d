/**
 * The monitors' window arithmetic, pure: percentiles, a bounded ring of request durations, CPU
 * samples over time and how long a condition has held (the auto-scaler's rules).
 */

/**
 * The p-th percentile (0-100) by nearest rank: the smallest value with at least p% of the values
 * at or below it. [10, 20, 30, 40] gives p50 = 20, p95 = 40; none gives 0.
 */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1]!;
}

/**
 * The durations of the server's latest requests, each with the time it ended: a ring of fixed
 * capacity, so memory stays bounded however busy the server is (past the capacity, the window is
 * the latest `capacity` requests of the minute).
 */
export function createDurationRing(capacity: number) {
  const at = new Float64Array(capacity);
  const ms = new Float64Array(capacity);
  let next = 0;
  let size = 0;
  return {
    add(endedAt: number, durationMs: number): void {
      at[next] = endedAt;
      ms[next] = durationMs;
      next = (next + 1) % capacity;
      size = Math.min(size + 1, capacity);
    },
    /** The durations of requests that ended in (now - windowMs, now]. */
    within(now: number, windowMs: number): number[] {
      const out: number[] = [];
      for (let i = 0; i < size; i++) {
        if (at[i]! > now - windowMs && at[i]! <= now) out.push(ms[i]!);
      }
      return out;
    },
  };
}

/**
 * One reading of the sampler: CPU use over (from, at] in percent, of the host (every core) and of
 * this process (of the host's total capacity: 100% is every core busy).
 */
export interface CpuSample {
  from: number;
  at: number;
  hostCpu: number;
  processCpu: number;
}

/** The time-weighted mean of `pick` over the samples that ended within the last `windowMs`; null without any. */
export function windowMean(
  samples: readonly CpuSample[],
  now: number,
  windowMs: number,
  pick: (s: CpuSample) => number,
): number | null {
  let weighted = 0;
  let span = 0;
  for (const s of samples) {
    if (s.at <= now - windowMs || s.at > now) continue;
    const length = s.at - s.from;
    weighted += pick(s) * length;
    span += length;
  }
  return span > 0 ? weighted / span : null;
}

/**
 * How long (ms) the condition has held without a break up to the latest sample: from the start of
 * the oldest sample in the unbroken run that ends with the latest one, to the latest's end. The
 * samples are oldest first and contiguous (each starts where the previous ended); a gap longer
 * than `maxGapMs` between two samples breaks the run, and a latest sample older than `maxGapMs`
 * counts as nothing measured (0).
 */
export function heldFor(
  samples: readonly CpuSample[],
  now: number,
  maxGapMs: number,
  holds: (s: CpuSample) => boolean,
): number {
  const latest = samples.at(-1);
  if (!latest || now - latest.at > maxGapMs || !holds(latest)) return 0;
  let start = latest.from;
  for (let i = samples.length - 2; i >= 0; i--) {
    const s = samples[i]!;
    if (!holds(s) || start - s.at > maxGapMs) break;
    start = s.from;
  }
  return latest.at - start;
}
