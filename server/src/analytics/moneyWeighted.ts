/**
 * Money-weighted return: the XIRR of the operator's own cash flows and the final value (docs/DOMAIN.md),
 * a yearly rate over calendar days (365), as LibreOffice's and Excel's XIRR define it.
 */
import { xirr } from '@webcarrot/xirr';

export interface CashFlowOnDay {
  /** IST day, YYYY-MM-DD. */
  day: string;
  /** Money paid into the account positive, taken out negative, rupees. */
  amount: number;
}

const dateOf = (day: string) => new Date(`${day}T00:00:00Z`);

/**
 * The yearly rate r at which the flows (paid in: an outflow of the operator) and the account's
 * `finalValue` on `finalDay` (an inflow) have a net present value of 0. Null when it is not defined:
 * no money paid in, nothing left and nothing taken out, or a series no rate solves.
 */
export function moneyWeightedReturn(
  flows: readonly CashFlowOnDay[],
  finalDay: string,
  finalValue: number,
): number | null {
  const operator = flows
    .filter((f) => f.amount !== 0)
    .map((f) => ({ amount: -f.amount, date: dateOf(f.day) }));
  if (finalValue !== 0) operator.push({ amount: finalValue, date: dateOf(finalDay) });
  if (!operator.some((f) => f.amount > 0) || !operator.some((f) => f.amount < 0)) return null;
  const first = operator.reduce((a, f) => Math.min(a, f.date.getTime()), Infinity);
  if (dateOf(finalDay).getTime() <= first) return null;
  try {
    const rate = xirr(operator);
    return Number.isFinite(rate) ? rate : null;
  } catch {
    return null;
  }
}
