/**
 * Drawdowns of a wealth index (docs/DOMAIN.md): D_t = W_t / max(W_0..W_t) - 1, where W is built from
 * time-weighted returns so that deposits and withdrawals neither create nor hide a drawdown.
 */

/** D_t for every point of the index (0 at a new peak, negative below it). */
export function drawdownSeries(index: readonly number[]): number[] {
  let peak = -Infinity;
  return index.map((value) => {
    peak = Math.max(peak, value);
    return peak > 0 ? value / peak - 1 : 0;
  });
}

/** The deepest drawdown (<= 0); 0 for an index that never fell. */
export function maxDrawdown(index: readonly number[]): number {
  return drawdownSeries(index).reduce((deepest, d) => Math.min(deepest, d), 0);
}

/** The drawdown at the latest point (<= 0). */
export function currentDrawdown(index: readonly number[]): number {
  const series = drawdownSeries(index);
  return series.length ? series[series.length - 1]! : 0;
}

export interface DrawdownEpisode {
  /** The day of the peak the fall started from. */
  start: string;
  /** The day of the lowest point. */
  trough: string;
  /** The first day back at the peak, or null while still below it. */
  recovery: string | null;
  /** Depth at the trough (< 0). */
  depth: number;
  /** Trading days from the peak to the recovery, or to the latest day when not recovered. */
  length: number;
}

/** The `count` deepest drawdown episodes of an index, deepest first. `days[i]` is the day of `index[i]`. */
export function deepestDrawdowns(
  days: readonly string[],
  index: readonly number[],
  count = 5,
): DrawdownEpisode[] {
  if (days.length !== index.length) throw new RangeError('every point of the index needs its day');
  const episodes: DrawdownEpisode[] = [];
  let peakAt = 0;
  let open: { troughAt: number; depth: number } | null = null;
  const close = (recoveredAt: number | null) => {
    if (!open) return;
    const endAt = recoveredAt ?? index.length - 1;
    episodes.push({
      start: days[peakAt]!,
      trough: days[open.troughAt]!,
      recovery: recoveredAt === null ? null : days[recoveredAt]!,
      depth: open.depth,
      length: endAt - peakAt,
    });
    open = null;
  };
  for (let i = 1; i < index.length; i += 1) {
    const peak = index[peakAt]!;
    const value = index[i]!;
    if (value >= peak) {
      close(i);
      peakAt = i;
      continue;
    }
    const depth = value / peak - 1;
    if (!open || depth < open.depth) open = { troughAt: i, depth };
  }
  close(null);
  return episodes.sort((a, b) => a.depth - b.depth).slice(0, count);
}
