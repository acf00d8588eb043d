/**
 * Time-weighted daily returns (docs/DOMAIN.md, "Metric definitions"): the end-of-day account value
 * with the day's external cash flows (deposits, withdrawals, balance edits, resets) taken out.
 *
 * Convention: a flow counts at the end of its day, r_t = (V_t - F_t) / V_(t-1) - 1, so money paid in
 * is never a return; except that money paid into an empty account (V_(t-1) = 0, the account's first
 * day) starts its day, r_t = V_t / F_t - 1, since nothing could be traded before it arrived. A day
 * after a negative value, or after an empty account with nothing paid in, has no return. All figures are fractions (0.01 is 1%); the services turn them into percent.
 */

export interface DayValue {
  /** IST trading day, YYYY-MM-DD. */
  day: string;
  /** Cash plus holdings at the day's close, rupees. */
  value: number;
  /** Net external cash flow of the day (money in positive, out negative), rupees. */
  flow: number;
  /** NIFTY 50's close that day, or null when not known. */
  benchmark: number | null;
}

export interface DayReturn {
  day: string;
  /** The account's time-weighted return of the day. */
  r: number;
  /** NIFTY 50's return of the day, or null without both closes. */
  benchmark: number | null;
}

/** The time-weighted return of `today` after `previous` (see the convention above), or null. */
export function returnOfDay(previous: DayValue, today: DayValue): number | null {
  if (previous.value > 0) return (today.value - today.flow) / previous.value - 1;
  if (previous.value === 0 && today.flow > 0) return today.value / today.flow - 1;
  return null;
}

/** NIFTY 50's return of `today` after `previous`, or null without both closes. */
export function benchmarkReturnOfDay(previous: DayValue, today: DayValue): number | null {
  return previous.benchmark !== null && today.benchmark !== null && previous.benchmark > 0
    ? today.benchmark / previous.benchmark - 1
    : null;
}

export function dailyReturns(series: readonly DayValue[]): DayReturn[] {
  const out: DayReturn[] = [];
  for (let i = 1; i < series.length; i += 1) {
    const r = returnOfDay(series[i - 1]!, series[i]!);
    if (r === null) continue;
    out.push({ day: series[i]!.day, r, benchmark: benchmarkReturnOfDay(series[i - 1]!, series[i]!) });
  }
  return out;
}

/** Growth of one rupee invested at the start: W_0 = 1, W_t = W_(t-1) * (1 + r_t). */
export function wealthIndex(returns: readonly number[]): number[] {
  const index = [1];
  for (const r of returns) index.push(index[index.length - 1]! * (1 + r));
  return index;
}

/** prod(1 + r) - 1: the period's time-weighted return. */
export function compoundReturn(returns: readonly number[]): number {
  return returns.reduce((growth, r) => growth * (1 + r), 1) - 1;
}

/** The days on which both the account and NIFTY 50 have a return, as two aligned arrays. */
export function alignedWithBenchmark(returns: readonly DayReturn[]): { r: number[]; b: number[] } {
  const r: number[] = [];
  const b: number[] = [];
  for (const day of returns) {
    if (day.benchmark === null) continue;
    r.push(day.r);
    b.push(day.benchmark);
  }
  return { r, b };
}
