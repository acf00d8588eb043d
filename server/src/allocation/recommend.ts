/**
 * The AI's daily allocation recommendation, pure: how much of the capital to put to work today,
 * from today's signals, the market's volatility, the account's drawdown and the risk budget.
 *
 * allocation_pct = clamp(base x volatility factor x drawdown factor x budget factor, 1.0%, 4.0%)
 * - base: 1.0% + 3.0% x min(1, opportunities / 8): from the minimum with no opportunity to the
 *   maximum with eight or more (opportunities: BUY signals at the phase's confidence that clear
 *   their round-trip charges);
 * - volatility: NIFTY 50's realised volatility, 1 up to 15% a year, falling linearly to 0.4 at 35%;
 * - drawdown: the account's fall from its peak, 1 up to 2%, falling linearly to 0.5 at 10%;
 * - budget: the daily risk budget over its 1.5% default.
 * Rounded to 0.1%. The confidence is the mean confidence of the opportunities (of the HOLD signals
 * when there are none: how sure the strategies are there is nothing to do).
 */
import { ALLOCATION_LIMITS, type AiAllocationRecommendation } from '@nivesh/api-contract';
import { amountOf } from './dayAmount.js';
import { formatPaise, toPaise } from '../paper/money.js';
import type { StrategySignal } from '../research/strategies.js';

export interface RecommendationInput {
  /** Today's strongest signal of each stock. */
  signals: readonly StrategySignal[];
  capital: number;
  /** NIFTY 50's annualised realised volatility (0.14 = 14%), or null when unknown. */
  volatility: number | null;
  /** The account's fall from its peak value, a fraction (0.03 = 3%). */
  drawdown: number;
  /** False when the account's history is not kept here (live): no drawdown adjustment, and it says so. */
  drawdownKnown: boolean;
  /** The daily risk budget, percent of capital. */
  riskBudgetPct: number;
  /** The phase's minimum confidence for automated entries, and its name. */
  minConfidence: number;
  phaseName: string;
  asOf: string;
}

const FULL_OPPORTUNITIES = 8;
const DEFAULT_RISK_BUDGET_PCT = 1.5;

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
/** 1 at or below `from`, `floor` at or beyond `to`, linear between. */
const taper = (value: number, from: number, to: number, floor: number) =>
  value <= from ? 1 : value >= to ? floor : 1 - ((value - from) / (to - from)) * (1 - floor);
const pct = (v: number, digits = 1) => `${v.toFixed(digits)}%`;
const mean = (values: readonly number[]) =>
  values.length === 0 ? 0 : values.reduce((s, v) => s + v, 0) / values.length;

/** BUY signals at the phase's confidence whose expected move clears their charges. */
function opportunitiesOf(signals: readonly StrategySignal[], minConfidence: number): StrategySignal[] {
  return signals.filter(
    (s) => s.signal === 'BUY' && s.confidence >= minConfidence && s.expectedMovePct > s.breakEvenPct,
  );
}

export function recommendAllocation(input: RecommendationInput): AiAllocationRecommendation {
  const opportunities = opportunitiesOf(input.signals, input.minConfidence);
  const count = opportunities.length;
  const { min_pct: lo, max_pct: hi } = ALLOCATION_LIMITS;
  const base = lo + (hi - lo) * Math.min(1, count / FULL_OPPORTUNITIES);
  const volPct = input.volatility === null ? null : input.volatility * 100;
  const volFactor = volPct === null ? 1 : taper(volPct, 15, 35, 0.4);
  const ddPct = Math.max(0, input.drawdown * 100);
  const ddFactor = taper(ddPct, 2, 10, 0.5);
  const budgetFactor = input.riskBudgetPct / DEFAULT_RISK_BUDGET_PCT;
  const raw = base * volFactor * ddFactor * budgetFactor;
  const allocationPct = Math.round(clamp(raw, lo, hi) * 10) / 10;
  const amount = amountOf(allocationPct, input.capital);

  const holds = input.signals.filter((s) => s.signal === 'HOLD');
  const confidence =
    count > 0 ? mean(opportunities.map((s) => s.confidence)) : mean(holds.map((s) => s.confidence));
  const risk: AiAllocationRecommendation['risk_assessment'] =
    (volPct ?? 0) > 25 || ddPct > 8 ? 'High' : (volPct ?? 0) > 15 || ddPct > 4 ? 'Medium' : 'Low';

  const buys = input.signals.filter((s) => s.signal === 'BUY').length;
  const reasoning = [
    `${count} of ${buys} BUY signals reach the ${input.phaseName} minimum confidence of ${pct(input.minConfidence * 100, 0)} and clear their round-trip charges: base ${pct(base)} of capital.`,
    volPct === null
      ? 'NIFTY 50 volatility unknown (too little history): no volatility adjustment.'
      : `NIFTY 50 realised volatility ${pct(volPct)} a year: ${volFactor === 1 ? 'no reduction' : `scaled by ${volFactor.toFixed(2)}`}.`,
    input.drawdownKnown
      ? `Drawdown from the account's peak ${pct(ddPct)}: ${ddFactor === 1 ? 'no reduction' : `scaled by ${ddFactor.toFixed(2)}`}.`
      : "Drawdown unknown (the live account's daily values are not kept here): no drawdown adjustment.",
    `Daily risk budget ${pct(input.riskBudgetPct)} of capital (${formatPaise(toPaise((input.riskBudgetPct / 100) * input.capital))}): scaled by ${budgetFactor.toFixed(2)}.`,
    `Recommended ${pct(allocationPct)} of ${formatPaise(toPaise(input.capital))}` +
      (raw < lo || raw > hi ? `, kept within the ${pct(lo)}–${pct(hi)} allocation limits` : '') +
      `: ${formatPaise(toPaise(amount))} in whole ₹1,000 steps.`,
  ];
  return {
    allocation_amount: amount,
    allocation_pct: allocationPct,
    confidence: clamp(confidence, 0, 1),
    risk_assessment: risk,
    reasoning,
    expected_opportunities: count,
    as_of: input.asOf,
  };
}
