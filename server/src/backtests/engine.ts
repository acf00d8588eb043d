/**
 * The backtest's simulation, pure: given the candles, it trades day by day through the paper
 * engine's own code and returns what happened. No I/O, no clock, no randomness: the same input gives
 * the same result. The service (service.ts) loads the candles, calls `step()` a few days at a time
 * between yields to the event loop, and stores the result.
 *
 * Walk-forward. Each day D is decided before its open: the signals read only the candles of the days
 * before D (`CandleHistory.before`, the one way a decision reaches the history), the account as it
 * stood at D-1's close, and nothing of D. D's own candle is used only to execute: the open fills the
 * day's entries, the day's low and high trigger the resting stops and targets, the close values the
 * account and ends the positions whose horizon has passed.
 *
 * Each day:
 * 1. Decide (before the open): every stock's indicators over the SIGNAL_LOOKBACK_DAYS before D
 *    (research/indicators.ts), its strategies' signals (research/strategies.ts; a strategy run keeps
 *    only its own), and the allocator's plan (allocation/plan.ts `planAllocation`, as the automated
 *    run calls it) for the day's amount at the capital phase of the account's value: its largest
 *    position and minimum confidence (contract ops.ts `phaseForCapital`), and the default daily risk
 *    budget of 1.5% of the value.
 * 2. The open: a position whose stop (or target) the open gapped through exits at the open. Then
 *    each planned entry is a market BUY (CNC) at the open's touch (paper/pricing.ts `touchPrice`),
 *    checked as the paper engine checks an order (paper/assess.ts `limitBookOf` with the loss limits
 *    of analytics/lossLimits.ts, paper/limits.ts `checkOrder`, then the capital phase's rules for an
 *    automated entry, paper/phaseRules.ts `checkPhaseRules`; once the phase's emergency stop loss is
 *    reached, new entries halt for the rest of the run: no operator lifts it), charged and applied by
 *    paper/plan.ts `planFill` (FIFO lots, realised P&L, charges with same-day settlement, cash). An
 *    entry whose open is already at its stop or target is skipped.
 * 3. The session: the stop is a resting SL-M sell at the stop on the 0.05 tick, as the automation
 *    places it; the target a sell once the price reaches it. When the day's range holds both, the
 *    stop is taken to have been hit first (the conservative assumption: a daily candle does not say
 *    which came first). Exits fill at the touch of the level (of the open when it gapped through).
 * 4. The close: a position held `horizonDays` trading days (its entry day counting 0) exits at the
 *    close's touch; on the last day every position left exits at the close ('end'). The account is
 *    valued at the closes (cash + holdings) beside NIFTY 50's close.
 */
import {
  ALLOCATION_LIMITS,
  DEFAULT_ALLOCATION_SETTINGS,
  type BacktestExitReason,
  type BacktestStrategy,
  type LimitName,
  type TradeSide,
} from '@nivesh/api-contract';
import { entryCostOf, MAX_DAILY_ENTRIES, planAllocation, type AllocationPlan } from '../allocation/plan.js';
import { activePhase, emergencyStopReached, phaseDrawdown } from '../analytics/capitalPhase.js';
import { lossLimitState } from '../analytics/lossLimits.js';
import type { TradeRecord } from '../analytics/performance.js';
import type { DayValue } from '../analytics/returns.js';
import type { Candle } from '../market/feed.js';
import { addDays, sessionCloseAt, sessionOpenAt } from '../market/tradingDays.js';
import { limitBookOf } from '../paper/assess.js';
import { addToDay, type ChargesPaise, type DayTrades } from '../paper/costs.js';
import { checkOrder, type Rejection } from '../paper/limits.js';
import { formatPaise, toPaise, toRupees } from '../paper/money.js';
import { checkPhaseRules, emergencyStopReason } from '../paper/phaseRules.js';
import { orderCharges, planFill, type FillOrder, type FillPlan } from '../paper/plan.js';
import { touchPrice } from '../paper/pricing.js';
import { costSettingsOf, orderLimitsOf, type PaperSettings } from '../paper/settings.js';
import { positionsOf, type AccountState, type LotRow, type Prices } from '../paper/state.js';
import { computeIndicators } from '../research/indicators.js';
import { signalsFor, STRATEGIES, type StrategyId, type StrategySignal } from '../research/strategies.js';

/**
 * Calendar days of candles before a day that its indicators read: what the research page reads
 * (research/service.ts), about 285 trading days; the 200-day average needs MIN_CANDLES of them.
 */
export const SIGNAL_LOOKBACK_DAYS = 420;

/** The tick a sell stop's trigger sits on, at or below the stop (as the automation places it). */
const TICK_PAISE = 5;
const stopTriggerPaise = (stop: number) => Math.floor(toPaise(stop) / TICK_PAISE) * TICK_PAISE;

/** When in the session an intraday stop or target exit is dated, ms after the open: midday (a daily candle has no time). */
const MIDDAY_MS = ((15 * 60 + 30 - (9 * 60 + 15)) / 2) * 60_000;

export interface EngineParams {
  strategy: BacktestStrategy;
  initialCapital: number;
  /** Rupees a day may spend; null: ALLOCATION_LIMITS.default_pct of the account's value. */
  dailyAmount: number | null;
}

export interface EngineInput {
  params: EngineParams;
  /** The trading days to simulate, oldest first. */
  days: readonly string[];
  /** The universe's daily candles, oldest first, from SIGNAL_LOOKBACK_DAYS before the first day. */
  candles: ReadonlyMap<string, readonly Candle[]>;
  /** NIFTY 50's daily candles, oldest first, from the day before the first day at least. */
  benchmark: readonly Candle[];
  sectorOf(symbol: string): string;
  /** The paper account's limits, costs and spread. */
  settings: PaperSettings;
}

type DecisionAction = 'ordered' | 'skipped' | 'refused';

/** A BUY signal the day acted on or passed over, and why. */
interface EngineDecision {
  day: string;
  symbol: string;
  strategy: StrategyId;
  confidence: number;
  /** The signal's price (the close before the day), rupees. */
  price: number;
  action: DecisionAction;
  reason: string;
  /** Shares planned, or null when the plan skipped it. */
  quantity: number | null;
  /** The limit that refused it, for a refusal by the paper engine's checks. */
  limit: LimitName | null;
}

/** One executed order side. */
interface EngineFill {
  day: string;
  symbol: string;
  side: TradeSide;
  quantity: number;
  pricePaise: number;
  charges: ChargesPaise;
  /** What the fill was: an entry, or the exit's reason. */
  kind: 'entry' | BacktestExitReason;
}

export interface EngineTrade {
  symbol: string;
  strategy: string;
  entryDay: string;
  entryPricePaise: number;
  exitDay: string;
  exitPricePaise: number;
  quantity: number;
  /** Entry and exit charges of the trade's shares, paise. */
  chargesPaise: number;
  netPnlPaise: number;
  exitReason: BacktestExitReason;
  openedAt: Date;
  closedAt: Date;
}

interface EngineDay {
  day: string;
  /** Cash plus holdings at the closes, paise. */
  valuePaise: number;
  cashPaise: number;
  /** NIFTY 50's close, or null without one. */
  benchmarkClose: number | null;
}

export interface EngineResult {
  days: EngineDay[];
  trades: EngineTrade[];
  fills: EngineFill[];
  decisions: EngineDecision[];
  /** The close of NIFTY 50 before the first day (the base of the rebased benchmark), or null. */
  benchmarkBase: number | null;
  /** When the capital phase's emergency stop loss halted new entries, and why; null if never. */
  readonly halted: { day: string; reason: string } | null;
}

/**
 * One stock's candles, read walk-forward: `before(day)` gives only candles dated before `day`, and
 * `on(day)` the day's own candle for execution. Days must be asked for in order.
 */
class CandleHistory {
  /** Index of the first candle dated on or after the day last asked for. */
  private cursor = 0;
  /** Index of the first candle inside the lookback of the day last asked for. */
  private start = 0;
  constructor(private readonly candles: readonly Candle[]) {}

  private seek(day: string): number {
    while (this.cursor < this.candles.length && this.candles[this.cursor]!.date < day) this.cursor += 1;
    return this.cursor;
  }

  /** The candles dated in the `lookbackDays` calendar days before `day` (never `day` itself), oldest first. */
  before(day: string, lookbackDays: number): readonly Candle[] {
    const end = this.seek(day);
    const first = addDays(day, -lookbackDays);
    while (this.start < end && this.candles[this.start]!.date < first) this.start += 1;
    return this.candles.slice(this.start, end);
  }

  /** The last candle before `day`, or undefined. */
  previous(day: string): Candle | undefined {
    return this.candles[this.seek(day) - 1];
  }

  /** The candle of `day`, or undefined when the stock did not trade. */
  on(day: string): Candle | undefined {
    const at = this.candles[this.seek(day)];
    return at?.date === day ? at : undefined;
  }

  /** The latest close on or before `day`. */
  closeOnOrBefore(day: string): number | undefined {
    return (this.on(day) ?? this.previous(day))?.close;
  }
}

/** How a resting stop or target ends a position on a day, or null when neither is reached. */
export interface RestingExit {
  reason: 'stop' | 'target';
  /** The price the exit sells at the touch of, paise: the level, or the open it gapped to. */
  levelPaise: number;
  atOpen: boolean;
}

/**
 * A day's exit of a long position with a sell stop at `stopTriggerPaise` and a target at
 * `targetPaise`. An open at or through either exits at the open (`openGap`: false for a position
 * bought at this open). Then in the session: the stop when the low reaches it, else the target when
 * the high does. When the day's range holds both, the stop is taken as hit first: a daily candle
 * does not say which came first, and assuming the loss is the conservative reading.
 */
export function restingExit(
  candle: Pick<Candle, 'open' | 'high' | 'low'>,
  levels: { stopTriggerPaise: number; targetPaise: number },
  openGap = true,
): RestingExit | null {
  const open = toPaise(candle.open);
  if (openGap && open <= levels.stopTriggerPaise) return { reason: 'stop', levelPaise: open, atOpen: true };
  if (openGap && open >= levels.targetPaise) return { reason: 'target', levelPaise: open, atOpen: true };
  if (toPaise(candle.low) <= levels.stopTriggerPaise)
    return { reason: 'stop', levelPaise: levels.stopTriggerPaise, atOpen: false };
  if (toPaise(candle.high) >= levels.targetPaise)
    return { reason: 'target', levelPaise: levels.targetPaise, atOpen: false };
  return null;
}

/** What an open lot was opened for: its exits. */
interface LotPlan {
  strategy: string;
  stopTriggerPaise: number;
  targetPaise: number;
  horizonDays: number;
  entryDay: string;
  entryIndex: number;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export interface Simulation {
  readonly totalDays: number;
  /** Days simulated so far. */
  readonly daysDone: number;
  readonly done: boolean;
  /** Simulates the next day. */
  step(): void;
  result(): EngineResult;
}

export function createSimulation(input: EngineInput): Simulation {
  const { params, days, settings } = input;
  const costs = costSettingsOf(settings);
  const limits = orderLimitsOf(settings);
  const halfSpread = settings.half_spread_percent;
  const symbols = [...input.candles.keys()].sort(compare);
  const histories = new Map(symbols.map((s) => [s, new CandleHistory(input.candles.get(s)!)]));
  const benchmark = new CandleHistory(input.benchmark);
  const firstDay = days[0];
  const benchmarkBase = firstDay === undefined ? null : (benchmark.previous(firstDay)?.close ?? null);

  // The book: the same shape the paper engine reads its account as (paper/state.ts).
  let cashPaise = toPaise(params.initialCapital);
  let lots: LotRow[] = [];
  const lotPlans = new Map<number, LotPlan>();
  let nextLotId = 1;
  let stocksToday = new Map<string, DayTrades>();
  let realizedGrossPaise = 0;
  let chargesPaise = 0;
  let totalFills = 0;
  let fillsToday = 0;

  const series: DayValue[] = [];
  /** The capital phase's emergency stop, once reached. */
  let halt: { day: string; reason: string } | null = null;
  const out: EngineResult = {
    days: [],
    trades: [],
    fills: [],
    decisions: [],
    benchmarkBase,
    get halted() {
      return halt;
    },
  };
  let index = 0;

  /** Prices at one moment of the day: `at(symbol)` for the traded, the last close for the rest. */
  function pricesAt(day: string, at: (candle: Candle) => number): Prices {
    return {
      ltp(symbol) {
        const history = histories.get(symbol);
        if (!history) return undefined;
        const candle = history.on(day);
        const price = candle ? at(candle) : history.closeOnOrBefore(day);
        return price === undefined ? undefined : toPaise(price);
      },
      previousClose(symbol) {
        const close = histories.get(symbol)?.previous(day)?.close;
        return close === undefined ? undefined : toPaise(close);
      },
    };
  }

  const holdingsPaise = (prices: Prices) =>
    lots.reduce((sum, lot) => sum + lot.openQuantity * (prices.ltp(lot.symbol) ?? lot.entryPricePaise), 0);

  /** The account as the paper engine sees it (paper/state.ts AccountState), at `prices`. */
  function accountState(day: string, prices: Prices, dayBasePaise: number): AccountState {
    return {
      now: new Date(sessionOpenAt(day)),
      today: day,
      cashPaise,
      epoch: null,
      openLots: lots,
      positions: positionsOf(lots),
      openOrders: [],
      dayPnlPaise: cashPaise + holdingsPaise(prices) - dayBasePaise,
      dayBasePaise,
      realizedGrossPaise,
      chargesPaise,
      tradesToday: fillsToday,
      totalTrades: totalFills,
      stocksToday,
    };
  }

  /** Applies a fill plan to the book, as the paper engine's writer writes it. */
  function apply(day: string, plan: FillPlan, kind: EngineFill['kind'], opening: LotPlan | null, at: Date) {
    const { order } = plan;
    cashPaise += plan.cashPaise;
    realizedGrossPaise += plan.realizedPnlPaise;
    chargesPaise += plan.charges.total;
    totalFills += 1;
    fillsToday += 1;
    stocksToday.set(
      order.symbol,
      addToDay(stocksToday.get(order.symbol), {
        side: order.side,
        product: order.product,
        quantity: order.quantity,
        pricePaise: plan.pricePaise,
        charges: plan.charges,
      }),
    );
    out.fills.push({
      day,
      symbol: order.symbol,
      side: order.side,
      quantity: order.quantity,
      pricePaise: plan.pricePaise,
      charges: plan.charges,
      kind,
    });
    for (const close of plan.closes) {
      const lot = lots.find((l) => l.id === close.lotId)!;
      Object.assign(lot, close.after);
      const meta = lotPlans.get(lot.id)!;
      out.trades.push({
        symbol: lot.symbol,
        strategy: meta.strategy,
        entryDay: meta.entryDay,
        entryPricePaise: lot.entryPricePaise,
        exitDay: day,
        exitPricePaise: plan.pricePaise,
        quantity: close.quantity,
        chargesPaise: close.entryChargesPaise + close.chargesPaise,
        netPnlPaise: close.realizedPnlPaise - close.entryChargesPaise - close.chargesPaise,
        exitReason: kind === 'entry' ? 'end' : kind,
        openedAt: lot.openedAt,
        closedAt: at,
      });
      if (lot.openQuantity === 0) {
        lot.closedAt = at;
        lotPlans.delete(lot.id);
      }
    }
    lots = lots.filter((l) => l.openQuantity > 0);
    if (plan.opening && opening) {
      const id = nextLotId;
      nextLotId += 1;
      lots.push({
        id,
        tradeId: `BT-LOT-${id}`,
        account: 'backtest',
        symbol: order.symbol,
        product: order.product,
        side: order.side,
        quantity: plan.opening.quantity,
        openQuantity: plan.opening.quantity,
        entryPricePaise: plan.pricePaise,
        entryFillId: totalFills,
        entryChargesPaise: plan.opening.entryChargesPaise,
        exitChargesPaise: 0,
        exitQuantity: 0,
        exitValuePaise: 0,
        realizedPnlPaise: 0,
        strategy: opening.strategy,
        openedAt: at,
        closedAt: null,
        openedDay: day,
      });
      lotPlans.set(id, opening);
    }
  }

  /** An exit of a whole lot at `levelPaise`'s touch: checked for holdings (scope 'funds', as a resting order is), planned, applied. */
  function exit(
    day: string,
    lot: LotRow,
    levelPaise: number,
    reason: BacktestExitReason,
    at: Date,
    prices: Prices,
    dayBasePaise: number,
  ): void {
    const pricePaise = touchPrice(levelPaise, 'SELL', halfSpread);
    const order: FillOrder = { symbol: lot.symbol, side: 'SELL', product: 'CNC', quantity: lot.openQuantity };
    const charges = orderCharges(order, pricePaise, stocksToday, costs);
    const book = limitBookOf(accountState(day, prices, dayBasePaise), settings, prices, {
      symbol: lot.symbol,
      product: 'CNC',
      sectorOf: input.sectorOf,
    });
    const rejection = checkOrder(
      { ...order, pricePaise, chargesPaise: charges.total },
      book,
      limits,
      'funds',
    );
    if (rejection) throw new Error(`an exit of ${lot.symbol} was refused: ${rejection.message}`);
    const planned = planFill({ order, pricePaise, lots, today: stocksToday, costs });
    if (!planned.plan) throw new Error(`an exit of ${lot.symbol} was refused: ${planned.rejection.message}`);
    apply(day, planned.plan, reason, null, at);
  }

  /** The day's plan, decided before its open from the days before it. */
  function decide(day: string, valuePaise: number): AllocationPlan {
    const capital = toRupees(valuePaise);
    const phase = activePhase(capital);
    const amount = params.dailyAmount ?? (capital * ALLOCATION_LIMITS.default_pct) / 100;
    const intendedValue = Math.min(amount / MAX_DAILY_ENTRIES, (phase.max_position_pct / 100) * capital);
    const signals: StrategySignal[] = [];
    for (const symbol of symbols) {
      const before = histories.get(symbol)!.before(day, SIGNAL_LOOKBACK_DAYS);
      const last = before[before.length - 1];
      if (!last) continue;
      const indicators = computeIndicators(before);
      if (!indicators) continue;
      for (const signal of signalsFor({ symbol, indicators, price: last.close, intendedValue, costs })) {
        if (params.strategy === 'allocator' || signal.strategy === params.strategy) signals.push(signal);
      }
    }
    return planAllocation({
      signals,
      amount,
      capital,
      maxPositionPct: phase.max_position_pct,
      minConfidence: phase.min_ml_confidence,
      held: new Set(lots.map((l) => l.symbol)),
      riskBudget: (DEFAULT_ALLOCATION_SETTINGS.daily_risk_budget / 100) * capital,
      entryCost: entryCostOf({ costs, halfSpreadPercent: halfSpread }),
    });
  }

  function record(
    day: string,
    signal: StrategySignal,
    action: DecisionAction,
    reason: string,
    quantity: number | null,
    rejection: Rejection | null = null,
  ) {
    out.decisions.push({
      day,
      symbol: signal.symbol,
      strategy: signal.strategy,
      confidence: signal.confidence,
      price: signal.price,
      action,
      reason,
      quantity,
      limit: rejection?.limit ?? null,
    });
  }

  function step(): void {
    const day = days[index];
    if (day === undefined) return;
    const dayIndex = index;
    const last = dayIndex === days.length - 1;
    const openAt = new Date(sessionOpenAt(day));
    const closeAt = new Date(sessionCloseAt(day));
    const middayAt = new Date(sessionOpenAt(day) + MIDDAY_MS);
    stocksToday = new Map();
    fillsToday = 0;
    const previous = series[series.length - 1];
    const dayBasePaise = previous ? toPaise(previous.value) : cashPaise;

    // 1. Before the open: decisions on the days before this one only.
    const plan = decide(day, dayBasePaise);

    // 2. The open.
    const atOpen = pricesAt(day, (c) => c.open);
    for (const lot of [...lots]) {
      const candle = histories.get(lot.symbol)?.on(day);
      const meta = lotPlans.get(lot.id);
      if (!candle || !meta) continue;
      const gap = restingExit(candle, meta);
      if (gap?.atOpen) exit(day, lot, gap.levelPaise, gap.reason, openAt, atOpen, dayBasePaise);
    }
    for (const skip of plan.skipped) record(day, skip.signal, 'skipped', skip.reason, null);
    for (const entry of plan.entries) {
      const candle = histories.get(entry.symbol)?.on(day);
      if (!candle) {
        record(day, entry.signal, 'skipped', `${entry.symbol} did not trade on ${day}`, entry.quantity);
        continue;
      }
      const openPaise = toPaise(candle.open);
      const trigger = stopTriggerPaise(entry.stop);
      const targetPaise = toPaise(entry.target);
      if (openPaise <= trigger || openPaise >= targetPaise) {
        record(
          day,
          entry.signal,
          'skipped',
          `${entry.symbol} opened at ${formatPaise(openPaise)}, already ${openPaise <= trigger ? `at or below its stop ${formatPaise(trigger)}` : `at or above its target ${formatPaise(targetPaise)}`}: not bought`,
          entry.quantity,
        );
        continue;
      }
      const pricePaise = touchPrice(openPaise, 'BUY', halfSpread);
      const order: FillOrder = {
        symbol: entry.symbol,
        side: 'BUY',
        product: 'CNC',
        quantity: entry.quantity,
      };
      const charges = orderCharges(order, pricePaise, stocksToday, costs);
      const state = accountState(day, atOpen, dayBasePaise);
      const nowPoint: DayValue = {
        day,
        value: toRupees(cashPaise + holdingsPaise(atOpen)),
        flow: series.length === 0 ? params.initialCapital : 0,
        benchmark: null,
      };
      // The capital phase's emergency stop loss halts entries, as the paper engine's halt does;
      // no operator lifts it in a backtest, so it stands for the rest of the run.
      const valuePaise = cashPaise + holdingsPaise(atOpen);
      if (!halt) {
        const phase = activePhase(toRupees(valuePaise));
        const { drawdown, peakDay } = phaseDrawdown({ closes: series, now: nowPoint, epoch: null });
        if (emergencyStopReached(phase, drawdown)) {
          halt = { day, reason: emergencyStopReason(phase, drawdown, valuePaise, peakDay) };
        }
      }
      const reducingOnly = halt ? [] : lossLimitState([...series, nowPoint], day, settings).breaches;
      const book = limitBookOf(state, settings, atOpen, {
        symbol: entry.symbol,
        product: 'CNC',
        sectorOf: input.sectorOf,
        reducingOnly,
        halted: halt?.reason ?? null,
      });
      // The paper and risk limits, then the active phase's (an automated entry, with its confidence).
      const rejection =
        checkOrder({ ...order, pricePaise, chargesPaise: charges.total }, book, limits) ??
        checkPhaseRules({ ...order, pricePaise }, book, {
          automated: true,
          confidence: entry.confidence,
        }) ??
        planFill({ order, pricePaise, lots, today: stocksToday, costs }).rejection;
      if (rejection) {
        record(day, entry.signal, 'refused', rejection.message, entry.quantity, rejection);
        continue;
      }
      const planned = planFill({ order, pricePaise, lots, today: stocksToday, costs });
      apply(
        day,
        planned.plan!,
        'entry',
        {
          strategy: STRATEGIES[entry.strategy].label,
          stopTriggerPaise: trigger,
          targetPaise,
          horizonDays: entry.horizonDays,
          entryDay: day,
          entryIndex: dayIndex,
        },
        openAt,
      );
      record(day, entry.signal, 'ordered', entry.reason, entry.quantity);
    }

    // 3. The session: resting stops first, then targets.
    for (const lot of [...lots]) {
      const candle = histories.get(lot.symbol)?.on(day);
      const meta = lotPlans.get(lot.id);
      if (!candle || !meta) continue;
      // The open was dealt with above (or bought at): only the session's range is left.
      const hit = restingExit(candle, meta, false);
      if (hit) exit(day, lot, hit.levelPaise, hit.reason, middayAt, atOpen, dayBasePaise);
    }

    // 4. The close: the horizon, and everything on the last day.
    const atClose = pricesAt(day, (c) => c.close);
    for (const lot of [...lots]) {
      const meta = lotPlans.get(lot.id);
      const close = atClose.ltp(lot.symbol);
      if (!meta || close === undefined) continue;
      if (dayIndex - meta.entryIndex >= meta.horizonDays)
        exit(day, lot, close, 'horizon', closeAt, atClose, dayBasePaise);
      else if (last) exit(day, lot, close, 'end', closeAt, atClose, dayBasePaise);
    }

    const valuePaise = cashPaise + holdingsPaise(atClose);
    const benchmarkClose = benchmark.on(day)?.close ?? null;
    series.push({
      day,
      value: toRupees(valuePaise),
      flow: series.length === 0 ? params.initialCapital : 0,
      benchmark: benchmarkClose,
    });
    out.days.push({ day, valuePaise, cashPaise, benchmarkClose });
    index += 1;
  }

  return {
    totalDays: days.length,
    get daysDone() {
      return index;
    },
    get done() {
      return index >= days.length;
    },
    step,
    result: () => out,
  };
}

/** The closed trades as the performance analytics read them (analytics/performance.ts TradeRecord). */
export function tradeRecords(trades: readonly EngineTrade[]): TradeRecord[] {
  return trades.map((t) => ({
    symbol: t.symbol,
    strategy: t.strategy,
    netPnl: toRupees(t.netPnlPaise),
    openedAt: t.openedAt,
    closedAt: t.closedAt,
    closedDay: t.exitDay,
  }));
}

/** The end-of-day values as the performance analytics read them: the capital paid in on the first day. */
export function daySeries(result: EngineResult, initialCapital: number): DayValue[] {
  return result.days.map((d, i) => ({
    day: d.day,
    value: toRupees(d.valuePaise),
    flow: i === 0 ? initialCapital : 0,
    benchmark: d.benchmarkClose,
  }));
}
