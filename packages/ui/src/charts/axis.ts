/**
 * The one rule for a chart's value axis: a few ticks on round steps (1, 2, 2.5 or 5 times a power
 * of ten) that cover every value, each labelled differently. recharts' own ticks, labelled with a
 * fixed number of decimals, repeat ("0.0%, -0.0%, -0.0%") when the values barely differ; here the
 * labels carry as many decimals as the step needs, a tick at zero is never "-0", and when the
 * chart's own formatter still gives two ticks one label (a compact rupee amount), the step grows
 * until it does not. Pure: the charts of every remote pass its `ticks`, `domain` and `label` to
 * their recharts axis.
 */

export interface AxisOptions {
  /** A tick's label: `decimals` is the number of digits after the point the step needs. */
  format: (value: number, decimals: number) => string;
  /** About how many ticks (default 5). */
  count?: number;
  /** Keep 0 on the axis (returns, drawdowns, losses: figures read against zero). */
  includeZero?: boolean;
  /**
   * The finest step worth showing in the figure's unit (default: none), e.g. 1 for counts, 0.1 for
   * percentages: a flat or nearly flat series then gets an axis of that step, not of its noise.
   */
  minStep?: number;
  /**
   * The figure's sign, when it has one: 'positive' never goes below zero (a count, a latency, a
   * loss), 'negative' never above (a drawdown). A flat series at zero then gets its axis on that
   * side only, not a tick of "-1 ms".
   */
  sign?: 'positive' | 'negative';
}

export interface ChartAxis {
  /** Tick values, ascending, distinct, round multiples of the step. */
  ticks: number[];
  /** The axis range: the first and the last tick (every value lies within it). */
  domain: [number, number];
  /** Digits after the point every label shows. */
  decimals: number;
  /** The label of a value on this axis (every tick's label differs from the others'). */
  label: (value: number) => string;
  /** What a recharts value axis takes from it: `<YAxis {...axis.props} />`. */
  props: {
    ticks: number[];
    domain: [number, number];
    interval: 0;
    tickFormatter: (value: number) => string;
  };
}

/** Multipliers of a power of ten that make a round step. */
const ROUND_STEPS = [1, 2, 2.5, 5, 10] as const;
/** Steps tried past the first before giving up on distinct labels (each at least doubles it). */
const MAX_WIDENINGS = 12;

/** The smallest round step (1, 2, 2.5 or 5 times a power of ten) not below `rough`. */
export function roundStep(rough: number): number {
  if (!(rough > 0) || !Number.isFinite(rough)) return 1;
  const power = 10 ** Math.floor(Math.log10(rough));
  const multiplier = ROUND_STEPS.find((m) => m * power >= rough * (1 - 1e-9)) ?? 10;
  return cleanNumber(multiplier * power);
}

/** The next round step above `step`. */
function nextStep(step: number): number {
  return roundStep(step * 1.0001 + Number.EPSILON);
}

/** Digits after the point a round step needs: 0.25 -> 2, 2.5 -> 1, 5 -> 0, 0.1 -> 1. */
export function stepDecimals(step: number): number {
  for (let decimals = 0; decimals <= 12; decimals += 1) {
    if (Math.abs(Math.round(step * 10 ** decimals) - step * 10 ** decimals) < 1e-6) return decimals;
  }
  return 12;
}

/** Drops binary-fraction noise (0.30000000000000004 -> 0.3) and turns -0 into 0. */
function cleanNumber(value: number): number {
  const clean = Number(value.toPrecision(12));
  return clean === 0 ? 0 : clean;
}

function ticksFor(low: number, high: number, step: number, sign?: AxisOptions['sign']): number[] {
  let first = Math.floor(low / step + 1e-9);
  let last = Math.ceil(high / step - 1e-9);
  if (first === last) {
    // A flat series on a round value: one step either side of it (the figure's own side at zero).
    if (sign !== 'positive' || first > 0) first -= 1;
    if (sign !== 'negative' || last < 0) last += 1;
  }
  const ticks: number[] = [];
  for (let i = first; i <= last; i += 1) ticks.push(cleanNumber(i * step));
  return ticks;
}

/**
 * The value axis of a chart of `values` (nulls and non-finite values are left out; without any
 * value, the axis is around zero).
 */
export function chartAxis(values: Iterable<number | null | undefined>, options: AxisOptions): ChartAxis {
  const count = Math.max(2, options.count ?? 5);
  let low = Infinity;
  let high = -Infinity;
  for (const value of values) {
    if (typeof value !== 'number' || !Number.isFinite(value)) continue;
    low = Math.min(low, value);
    high = Math.max(high, value);
  }
  if (low > high) low = high = 0;
  if (options.includeZero) {
    low = Math.min(low, 0);
    high = Math.max(high, 0);
  }
  const span = high - low;
  const minStep = options.minStep ?? 0;
  const rough = span > 0 ? span / (count - 1) : Math.abs(high) / 10 || minStep || 1;
  let step = roundStep(Math.max(rough, minStep));
  let ticks = ticksFor(low, high, step, options.sign);
  let decimals = stepDecimals(step);
  for (let widened = 0; widened < MAX_WIDENINGS; widened += 1) {
    const labels = ticks.map((tick) => options.format(tick, decimals));
    if (new Set(labels).size === labels.length) break;
    step = nextStep(step);
    ticks = ticksFor(low, high, step, options.sign);
    decimals = stepDecimals(step);
  }
  const shown = decimals;
  const domain: [number, number] = [ticks[0]!, ticks.at(-1)!];
  const label = (value: number) => options.format(cleanNumber(value), shown);
  return {
    ticks,
    domain,
    decimals: shown,
    label,
    props: { ticks, domain, interval: 0, tickFormatter: label },
  };
}

/** Every value of the given fields of the rows (for `chartAxis`). */
export function seriesValues<T>(rows: readonly T[], keys: readonly (keyof T)[]): Array<number | null> {
  return rows.flatMap((row) =>
    keys.map((key) => (typeof row[key] === 'number' ? (row[key] as number) : null)),
  );
}

/** How many rows have a drawable value (a finite number) in at least one of the fields. */
export function pointsWithValues<T>(rows: readonly T[], keys: readonly (keyof T)[]): number {
  return rows.filter((row) =>
    keys.some((key) => typeof row[key] === 'number' && Number.isFinite(row[key] as number)),
  ).length;
}
