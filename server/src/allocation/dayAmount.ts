/**
 * The day's amount and where it comes from, pure: worked out once here, answered with the daily
 * amount (DailyAmountData.source), and shown the same wherever the Daily Allocation page shows the
 * amount.
 *
 * A percentage's amount is rounded DOWN to whole steps of ₹1,000 (DAILY_AMOUNT_LIMITS.step): the
 * step an amount set directly must follow, so the amount the page shows in its Daily amount field
 * is one the field would take, and rounding down never puts more to work than the percentage says.
 */
import {
  ALLOCATION_STRATEGY_LABELS,
  DAILY_AMOUNT_LIMITS,
  roundTo,
  type AllocationStrategy,
  type DailyAmountSource,
} from '@nivesh/api-contract';
import { formatRupeesShort } from '../paper/money.js';

/** A percentage of the capital, to the paisa. */
function exactAmount(percentage: number, capital: number): number {
  return roundTo((percentage * capital) / 100, 2);
}

/** A percentage of the capital as a day's amount: whole ₹1,000 steps, rounded down. */
export function amountOf(percentage: number, capital: number): number {
  const step = DAILY_AMOUNT_LIMITS.step;
  return Math.max(0, Math.floor(exactAmount(percentage, capital) / step) * step);
}

export interface DayAmountChoice {
  /** The operator's settings. */
  strategy: AllocationStrategy;
  aiEnabled: boolean;
  manualPct: number;
  /** An amount set directly, or null. */
  direct: number | null;
  /** Today's percentage of each strategy (AI Optimized's is the AI's, null without one). */
  strategyPct: (strategy: AllocationStrategy) => number | null;
  capital: number;
}

const pct = (value: number) => `${Number(value.toFixed(2))}%`;

/** The day's amount and its source. */
export function dayAmount(choice: DayAmountChoice): { amount: number; source: DailyAmountSource } {
  if (choice.direct !== null) {
    return {
      amount: choice.direct,
      source: {
        kind: 'direct',
        percentage: null,
        strategy: null,
        label: 'Set directly',
        reason:
          'An amount set directly applies until the strategy, the AI switch or the manual percentage is changed.',
      },
    };
  }
  const strategyName = ALLOCATION_STRATEGY_LABELS[choice.strategy];
  const strategyPct = choice.aiEnabled ? choice.strategyPct(choice.strategy) : null;
  const percentage = strategyPct ?? choice.manualPct;
  const amount = amountOf(percentage, choice.capital);
  const capital = formatRupeesShort(Math.round(choice.capital));
  const exact = exactAmount(percentage, choice.capital);
  const rounding =
    exact === amount
      ? ''
      : ` ${formatRupeesShort(exact)} is rounded down to whole ₹${DAILY_AMOUNT_LIMITS.step.toLocaleString('en-IN')} steps.`;

  if (strategyPct === null) {
    const why = !choice.aiEnabled
      ? `AI-assisted allocation is off, so the manual percentage applies, not the ${strategyName} strategy's.`
      : `${strategyName} has no recommendation now (the market data is not available), so the manual percentage applies.`;
    return {
      amount,
      source: {
        kind: 'manual',
        percentage,
        strategy: null,
        label: `Manual ${pct(percentage)} of ${capital}`,
        reason: `${why}${rounding}`,
      },
    };
  }
  const ai = choice.strategy === 'ai_optimized';
  return {
    amount,
    source: {
      kind: ai ? 'ai' : 'strategy',
      percentage,
      strategy: choice.strategy,
      label: ai
        ? `AI Optimized: ${pct(percentage)} of ${capital}`
        : `${strategyName} strategy: ${pct(percentage)} of ${capital}`,
      reason: `${
        ai
          ? "AI-assisted allocation is on: the AI's recommendation for today applies."
          : `AI-assisted allocation is on: the ${strategyName} strategy's percentage applies.`
      }${rounding}`,
    },
  };
}
