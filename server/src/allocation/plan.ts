/**
 * How a day's amount is spent across the day's signals, pure: the automated run and the allocator
 * backtest both call `planAllocation`, so a backtest trades exactly as the automation would.
 *
 * - Candidates: BUY signals (the automation buys for delivery; it never opens a short) whose
 *   confidence reaches the active phase's minimum, whose expected move clears the round-trip
 *   charges and whose expected edge (`expectedEdge`) is above zero, on stocks not already held.
 *   One per stock: the strongest.
 * - Order: by expected edge, the percent of the price a trade makes on average after charges:
 *   p × gain at the target − (1 − p) × loss at the stop − round-trip charges.
 * - Size: down the ranking, each entry gets an even share of the amount still unspent over the
 *   entries still open (at most `maxEntries`), so money a dear share cannot use passes to the next
 *   signal; each kept within the phase's largest position (percent of capital) and, when a risk
 *   budget is given, within its share of that budget lost at the stop. Whole shares, rounded down.
 * - The day's amount is an upper bound on what the entries cost ALL IN: each entry's share of it
 *   pays for the shares at the price a market buy fills at (the ask: the price with the half
 *   spread) and the buy's charges (`entryCost`, from the paper engine's pricing and cost schedule:
 *   `entryCostOf`), so the day never spends more than its amount.
 */
import { computeCharges, type CostSettings } from '../paper/costs.js';
import { formatPaise, toPaise, toRupees } from '../paper/money.js';
import { touchPrice } from '../paper/pricing.js';
import type { StrategySignal } from '../research/strategies.js';

/** Entries one run makes at most: enough to spread the day's money, few enough to watch. */
export const MAX_DAILY_ENTRIES = 5;

interface PlannedEntry {
  symbol: string;
  strategy: StrategySignal['strategy'];
  strategyVersion: string;
  quantity: number;
  price: number;
  stop: number;
  target: number;
  horizonDays: number;
  confidence: number;
  /** quantity x price, rupees (before charges). */
  value: number;
  /** What the entry is expected to cost all in (`entryCost`: the ask and the buy's charges), rupees. */
  cost: number;
  reason: string;
  signal: StrategySignal;
}

interface SkippedSignal {
  symbol: string;
  strategy: StrategySignal['strategy'];
  reason: string;
  signal: StrategySignal;
}

export interface AllocationPlan {
  entries: PlannedEntry[];
  skipped: SkippedSignal[];
  /** What the plan does and why, in sentences with the figures. */
  lines: string[];
}

export interface AllocationInput {
  signals: readonly StrategySignal[];
  /** Rupees the day may spend. */
  amount: number;
  /** The account's value, rupees. */
  capital: number;
  /** The active phase's largest position, percent of capital. */
  maxPositionPct: number;
  /** The active phase's minimum confidence for automated entries, 0-1. */
  minConfidence: number;
  /** Symbols already held (no second entry into the same stock). */
  held: ReadonlySet<string>;
  maxEntries?: number;
  /** Rupees the day's entries may lose in all if every stop is hit (the daily risk budget). */
  riskBudget?: number;
  /** What buying `quantity` shares of the signal's stock at market costs all in, rupees (`entryCostOf`). */
  entryCost: (signal: StrategySignal, quantity: number) => number;
}

/**
 * The all-in cost of a market buy for delivery, as the paper engine would fill and charge it:
 * the shares at the ask (`priceOf(signal)`, by default the signal's price, with the half spread on
 * the tick) and the buy's charges, rupees.
 */
export function entryCostOf(input: {
  costs: CostSettings;
  halfSpreadPercent: number;
  priceOf?: (signal: StrategySignal) => number;
}): (signal: StrategySignal, quantity: number) => number {
  return (signal, quantity) => {
    const ask = touchPrice(toPaise(input.priceOf?.(signal) ?? signal.price), 'BUY', input.halfSpreadPercent);
    const charges = computeCharges({
      side: 'BUY',
      product: 'CNC',
      quantity,
      pricePaise: ask,
      settings: input.costs,
    }).total;
    return toRupees(quantity * ask + charges);
  };
}

/** The most whole shares whose all-in cost stays within `budget` (0 when not even one does). */
function affordable(budget: number, signal: StrategySignal, entryCost: AllocationInput['entryCost']): number {
  let quantity = Math.floor(budget / signal.price);
  if (quantity < 1) return 0;
  const first = entryCost(signal, quantity);
  if (first > budget) quantity = Math.floor((quantity * budget) / first);
  while (quantity >= 1 && entryCost(signal, quantity) > budget) quantity -= 1;
  return Math.max(0, quantity);
}

const rupees = (value: number) => formatPaise(toPaise(value));
const pct = (value: number) => `${value.toFixed(1)}%`;

const round2 = (x: number) => Math.round(x * 100) / 100;

/** The terms of a signal's expected edge, each at the precision its sentence shows. */
interface ExpectedEdge {
  /** The confidence, 0-1, to 0.001 (shown as a percent with one decimal). */
  p: number;
  /** Gain at the target, percent of the price: the signal's expected move (to 0.01). */
  gainPct: number;
  /** Loss at the stop, percent of the price: (price − stop) / price × 100, to 0.01. */
  lossPct: number;
  /** Round-trip charges, percent of the value: the signal's break-even (to 0.01). */
  chargesPct: number;
  /** p × gain − (1 − p) × loss − charges, percent of the price (unrounded). */
  edgePct: number;
}

/**
 * What a trade makes on average, in percent of its price, if its confidence is its probability of
 * reaching the target before the stop: p × gain − (1 − p) × loss − charges. The charges are paid
 * either way; a trade that reaches neither (the horizon exit) lands between the two outcomes. Each
 * term is rounded to the precision the sentence shows it at, so the sentence reproduces the figure.
 */
export function expectedEdge(
  s: Pick<StrategySignal, 'confidence' | 'price' | 'stop' | 'expectedMovePct' | 'breakEvenPct'>,
): ExpectedEdge {
  const p = Math.round(s.confidence * 1000) / 1000;
  const gainPct = s.expectedMovePct;
  const lossPct = round2(((s.price - s.stop) / s.price) * 100);
  const chargesPct = s.breakEvenPct;
  return { p, gainPct, lossPct, chargesPct, edgePct: p * gainPct - (1 - p) * lossPct - chargesPct };
}

const pct1 = (fraction: number) => `${(fraction * 100).toFixed(1)}%`;
const pct2 = (value: number) => `${value.toFixed(2)}%`;
const signedPct2 = (value: number) =>
  `${value < 0 && Number(value.toFixed(2)) !== 0 ? '−' : ''}${Math.abs(value).toFixed(2)}%`;

/**
 * The edge as the operator reads it, with the formula the figure used: "expected edge 2.37% =
 * 76.0% × 7.35% gain at the target − 24.0% × 4.90% loss at the stop − 2.04% charges".
 */
export function edgeSentence(edge: ExpectedEdge): string {
  return (
    `expected edge ${signedPct2(edge.edgePct)} = ${pct1(edge.p)} × ${pct2(edge.gainPct)} gain at the target` +
    ` − ${pct1(1 - edge.p)} × ${pct2(edge.lossPct)} loss at the stop − ${pct2(edge.chargesPct)} charges`
  );
}

const edgeOf = (s: StrategySignal) => expectedEdge(s).edgePct;

export function planAllocation(input: AllocationInput): AllocationPlan {
  const maxEntries = input.maxEntries ?? MAX_DAILY_ENTRIES;
  const skipped: SkippedSignal[] = [];
  const strongest = new Map<string, StrategySignal>();
  for (const signal of input.signals) {
    if (signal.signal !== 'BUY') continue;
    const skip = (reason: string) =>
      skipped.push({ symbol: signal.symbol, strategy: signal.strategy, reason, signal });
    if (input.held.has(signal.symbol)) {
      skip(`${signal.symbol} is already held: no second entry into the same stock`);
      continue;
    }
    if (signal.confidence < input.minConfidence) {
      skip(
        `confidence ${pct(signal.confidence * 100)} is below the phase minimum of ${pct(input.minConfidence * 100)}`,
      );
      continue;
    }
    if (signal.expectedMovePct <= signal.breakEvenPct) {
      skip(
        `expected move ${pct(signal.expectedMovePct)} does not clear the ${signal.breakEvenPct.toFixed(2)}% round-trip charges`,
      );
      continue;
    }
    const edge = expectedEdge(signal);
    if (!(edge.edgePct > 0)) {
      skip(`${edgeSentence(edge)}: not above zero, so the trade loses on average`);
      continue;
    }
    const best = strongest.get(signal.symbol);
    if (!best || edgeOf(signal) > edgeOf(best)) strongest.set(signal.symbol, signal);
  }
  const ranked = [...strongest.values()].sort(
    (a, b) => edgeOf(b) - edgeOf(a) || a.symbol.localeCompare(b.symbol),
  );

  const lines: string[] = [];
  const entries: PlannedEntry[] = [];
  if (ranked.length === 0 || input.amount <= 0) {
    lines.push(
      input.amount <= 0
        ? 'No amount to spend today.'
        : `No BUY signal at ${pct(input.minConfidence * 100)} confidence or more has an expected edge above zero after its charges: nothing bought.`,
    );
    return { entries, skipped, lines };
  }
  const positionCap = (input.maxPositionPct / 100) * input.capital;
  const slotsAtMost = Math.min(maxEntries, ranked.length);
  const riskPerEntry = input.riskBudget === undefined ? Infinity : input.riskBudget / slotsAtMost;
  lines.push(
    `${ranked.length} BUY signals qualify; ${rupees(input.amount)} spread over up to ${slotsAtMost} entries` +
      `, at most ${rupees(positionCap)} a position (${pct(input.maxPositionPct)} of capital)` +
      (input.riskBudget === undefined ? '.' : ` and ${rupees(riskPerEntry)} lost at the stop each.`),
  );
  // Down the ranking: each entry gets an even share of what is left over the slots still open, so
  // money a dear share could not use goes to the next signals.
  let remaining = input.amount;
  ranked.forEach((signal, i) => {
    if (entries.length >= maxEntries) {
      skipped.push({
        symbol: signal.symbol,
        strategy: signal.strategy,
        reason: `ranked below the day's ${maxEntries} strongest signals`,
        signal,
      });
      return;
    }
    const slots = Math.min(maxEntries - entries.length, ranked.length - i);
    const budget = Math.min(remaining / slots, positionCap);
    const riskPerShare = signal.price - signal.stop;
    const byRisk = riskPerShare > 0 ? Math.floor(riskPerEntry / riskPerShare) : Infinity;
    const quantity = Math.min(affordable(budget, signal, input.entryCost), byRisk);
    if (quantity < 1) {
      skipped.push({
        symbol: signal.symbol,
        strategy: signal.strategy,
        reason:
          byRisk < 1
            ? `one share risks ${rupees(riskPerShare)} to its stop, above the ${rupees(riskPerEntry)} risk share`
            : `one share at ${rupees(signal.price)} with its charges costs more than the ${rupees(budget)} share of the amount`,
        signal,
      });
      return;
    }
    const value = quantity * signal.price;
    const cost = input.entryCost(signal, quantity);
    remaining -= cost;
    entries.push({
      symbol: signal.symbol,
      strategy: signal.strategy,
      strategyVersion: signal.strategyVersion,
      quantity,
      price: signal.price,
      stop: signal.stop,
      target: signal.target,
      horizonDays: signal.horizonDays,
      confidence: signal.confidence,
      value,
      cost,
      reason:
        `${signal.reasoning} Buy ${quantity} at ${rupees(signal.price)} (${rupees(value)}), ` +
        `stop ${rupees(signal.stop)}, target ${rupees(signal.target)}, ` +
        `${edgeSentence(expectedEdge(signal))}.`,
      signal,
    });
  });
  const total = entries.reduce((sum, e) => sum + e.cost, 0);
  lines.push(
    `Planned ${entries.length} entries costing about ${rupees(total)} with charges, of ${rupees(input.amount)}.`,
  );
  return { entries, skipped, lines };
}
