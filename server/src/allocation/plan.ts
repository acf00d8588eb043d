/**
 * How a day's amount is spent across the day's signals, pure: the automated run and the allocator
 * backtest both call `planAllocation`, so a backtest trades exactly as the automation would.
 *
 * - Candidates: BUY signals (the automation buys for delivery; it never opens a short) whose
 *   confidence reaches the active phase's minimum and whose expected move clears the round-trip
 *   charges, on stocks not already held. One per stock: the strongest.
 * - Order: by edge, the confidence times the expected move left after charges.
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

/** Confidence times the expected move left after the round-trip charges (percent points). */
const edgeOf = (s: StrategySignal) => s.confidence * (s.expectedMovePct - s.breakEvenPct);

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
        : `No BUY signal cleared its charges at ${pct(input.minConfidence * 100)} confidence or more: nothing bought.`,
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
        `edge ${edgeOf(signal).toFixed(2)} (confidence ${pct(signal.confidence * 100)} x ` +
        `${pct(signal.expectedMovePct)} move less ${signal.breakEvenPct.toFixed(2)}% charges).`,
      signal,
    });
  });
  const total = entries.reduce((sum, e) => sum + e.cost, 0);
  lines.push(
    `Planned ${entries.length} entries costing about ${rupees(total)} with charges, of ${rupees(input.amount)}.`,
  );
  return { entries, skipped, lines };
}
