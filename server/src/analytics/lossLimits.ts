/**
 * Whether the account's losses have crossed the operator's loss limits (Settings › Risk Management),
 * pure. Crossing one puts the account in the "reducing" state: only orders that reduce a position
 * are taken until the loss is back within the limit (a new week or month, or a recovery).
 *
 * - Weekly / monthly loss: the fall in value since the last close before the week (Monday) or the
 *   calendar month began, net of the operator's deposits and withdrawals since; an account younger
 *   than that counts from what was paid in.
 * - Drawdown: the current drawdown of the time-weighted wealth index (flows are not losses).
 * The daily loss limit is the paper limit `max_daily_loss`, checked on every order already.
 */
import { addDays } from '../market/tradingDays.js';
import { currentDrawdown } from './drawdown.js';
import { pointsOfPeriod } from './performance.js';
import { dailyReturns, wealthIndex, type DayValue } from './returns.js';

export interface LossLimitSettings {
  weekly_loss_limit: number;
  monthly_loss_limit: number;
  /** Fraction of the peak (0.15 = 15%). */
  max_drawdown_limit: number;
}

export interface LossLimitState {
  /** Losses since the week and the month began (rupees, >= 0 when down), and the drawdown (<= 0). */
  weekLoss: number;
  monthLoss: number;
  drawdown: number;
  /** Why the account only reduces now (one sentence per limit crossed); empty when it trades normally. */
  breaches: string[];
}

const rupees = (x: number) => `₹${Math.round(x).toLocaleString('en-IN')}`;
const percent = (fraction: number) => `${Number((fraction * 100).toFixed(2))}%`;

/** The loss since the last point before `start` (or since the empty account), net of flows after it. */
function lossSince(series: readonly DayValue[], start: string): number {
  let baseIndex = -1;
  for (let i = 0; i < series.length; i += 1) if (series[i]!.day < start) baseIndex = i;
  const base = baseIndex >= 0 ? series[baseIndex]!.value : 0;
  const flows = series.slice(baseIndex + 1).reduce((sum, p) => sum + p.flow, 0);
  const last = series[series.length - 1];
  return last ? base + flows - last.value : 0;
}

/** Monday of the ISO week of `day`. */
function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** `series` ends with today's value (the close once recorded, the current value before it). */
export function lossLimitState(
  series: readonly DayValue[],
  today: string,
  limits: LossLimitSettings,
): LossLimitState {
  const weekLoss = lossSince(series, mondayOf(today));
  const monthLoss = lossSince(series, `${today.slice(0, 7)}-01`);
  const returns = dailyReturns(pointsOfPeriod(series, null)).map((d) => d.r);
  const drawdown = returns.length ? currentDrawdown(wealthIndex(returns)) : 0;
  const breaches: string[] = [];
  if (weekLoss > limits.weekly_loss_limit) {
    breaches.push(
      `This week's loss ${rupees(weekLoss)} is past the ${rupees(limits.weekly_loss_limit)} weekly loss limit.`,
    );
  }
  if (monthLoss > limits.monthly_loss_limit) {
    breaches.push(
      `This month's loss ${rupees(monthLoss)} is past the ${rupees(limits.monthly_loss_limit)} monthly loss limit.`,
    );
  }
  if (-drawdown > limits.max_drawdown_limit) {
    breaches.push(
      `The account is ${percent(-drawdown)} below its peak, past the ${percent(limits.max_drawdown_limit)} max drawdown limit.`,
    );
  }
  return { weekLoss, monthLoss, drawdown, breaches };
}
