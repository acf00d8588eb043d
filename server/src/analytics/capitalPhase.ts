/**
 * Where the account stands in the production capital phases (specification part 2, section 9;
 * contract: PRODUCTION_PHASES), pure. The trading engine enforces the active phase's limits
 * (paper/phaseRules.ts) and the ops domain reports the progress (GET /api/scaling-status).
 *
 * Definitions (the specification names the figures, not how to measure them):
 * - Capital is the account's value now: cash plus holdings at market. The active phase is the one
 *   whose range holds it; below the first phase's ₹5,000 minimum the first phase's limits apply.
 * - The account's history here starts at its epoch (its opening, or its latest reset: a reset
 *   starts the account afresh): its end-of-day values from the epoch's day on, and its value now
 *   while today's close is not recorded yet.
 * - Drawdown: D = W_now / max(W) - 1 of the time-weighted wealth index (docs/DOMAIN.md), so
 *   deposits and withdrawals neither create nor hide a drawdown. The index starts at the last
 *   close before the epoch's day (the empty account for a new one), so the epoch day's own
 *   trading counts.
 * - The phase's run: the longest unbroken run of the latest points whose value lies in the active
 *   phase's range. It began at the epoch when it reaches back to the epoch's first close, else on
 *   the day of its first close. Days in the phase are the closes in the run; the profit since the
 *   phase began is W_now over W at its first close (or at the epoch); the success rate counts
 *   exits from the phase's first day (from the epoch's instant when it began there).
 */
import {
  PRODUCTION_PHASES,
  phaseForCapital,
  type ProductionPhase,
  type ScalingProgress,
} from '@nivesh/api-contract';
import { addDays } from '../market/tradingDays.js';
import { returnOfDay, type DayValue } from './returns.js';

/**
 * The phase whose limits apply at `capital` (rupees): its range's, or the first below ₹5,000.
 * With `stepDown` (the ML model drifts: ml/service.ts), the phase below it, whose limits are
 * tighter; the first phase has none below and keeps its own.
 */
export function activePhase(capital: number, stepDown = false): ProductionPhase {
  const phase = phaseForCapital(capital) ?? PRODUCTION_PHASES[0]!;
  if (!stepDown) return phase;
  return PRODUCTION_PHASES[Math.max(0, PRODUCTION_PHASES.indexOf(phase) - 1)]!;
}

/** "Phase 4 Professional". */
export const phaseTitle = (phase: ProductionPhase) => `Phase ${phase.phase} ${phase.name}`;

/** The account's start: its opening or latest reset. */
export interface Epoch {
  /** IST day of the opening or reset row. */
  day: string;
  at: Date;
}

export interface PhaseHistoryInput {
  /** End-of-day values with each day's external flows (rupees), oldest first (all of them). */
  closes: readonly DayValue[];
  /** Today's value now, with the flows since the last close, when today's close is not recorded. */
  now: DayValue | null;
  epoch: Epoch | null;
}

/** One point of the account's history since its epoch, with its wealth index. */
interface Point extends DayValue {
  isClose: boolean;
  /** W at this point (the base before the epoch is 1). */
  wealth: number;
}

/** The points since the epoch with their wealth index, and the wealth index's base. */
function pointsSinceEpoch(input: PhaseHistoryInput): Point[] {
  const all: Array<DayValue & { isClose: boolean }> = [
    ...input.closes.map((c) => ({ ...c, isClose: true })),
    ...(input.now ? [{ ...input.now, isClose: false }] : []),
  ];
  const epochDay = input.epoch?.day ?? null;
  const firstIndex = epochDay === null ? 0 : all.findIndex((p) => p.day >= epochDay);
  if (firstIndex < 0) return [];
  // The base: the last point before the epoch's day, or the empty account the day before.
  let previous: DayValue = all[firstIndex - 1] ?? {
    day: addDays(all[firstIndex]!.day, -1),
    value: 0,
    flow: 0,
    benchmark: null,
  };
  let wealth = 1;
  const points: Point[] = [];
  for (const p of all.slice(firstIndex)) {
    const r = returnOfDay(previous, p);
    if (r !== null) wealth *= 1 + r;
    points.push({ ...p, wealth });
    previous = p;
  }
  return points;
}

export interface Drawdown {
  /** W_now / max(W) - 1, <= 0 (0 at a new peak or without history). */
  drawdown: number;
  /** The IST day of the peak (the day before the first point when the peak is the base), or null. */
  peakDay: string | null;
}

/** How far the account is below its peak since its epoch (time-weighted). */
export function phaseDrawdown(input: PhaseHistoryInput): Drawdown {
  const points = pointsSinceEpoch(input);
  const last = points[points.length - 1];
  if (!last) return { drawdown: 0, peakDay: null };
  let peak = 1;
  let peakDay = addDays(points[0]!.day, -1);
  for (const p of points) {
    if (p.wealth >= peak) {
      peak = p.wealth;
      peakDay = p.day;
    }
  }
  return { drawdown: peak > 0 ? Math.min(0, last.wealth / peak - 1) : 0, peakDay };
}

/** A closed trade (an exit) as the phase counts it. */
export interface PhaseTrade {
  closedAt: Date;
  /** IST day of the exit. */
  closedDay: string;
  /** After costs, rupees. */
  netPnl: number;
}

export interface PhaseProgress {
  phase: ProductionPhase;
  /** The highest phase the account's value reached since its epoch (now included). */
  highestPhase: ProductionPhase;
  /** The IST day the phase began. */
  startedOn: string;
  daysInPhase: number;
  closedTrades: number;
  winningTrades: number;
  /** Percent of winning closed trades since the phase began (0 without any). */
  successRate: number;
  /** Time-weighted return since the phase began, percent. */
  profitPct: number;
  /** Below the peak, percent (>= 0). */
  drawdownPct: number;
  /** The phase's success-rate, profit and minimum-days targets, each met or not. */
  targets: { successRate: boolean; profit: boolean; days: boolean };
}

const phaseNumberOf = (value: number) => activePhase(value).phase;

/** The account's progress in the phase of `capital` (rupees, the value now). */
export function phaseProgress(
  input: PhaseHistoryInput & { capital: number; today: string; trades: readonly PhaseTrade[] },
): PhaseProgress {
  const phase = activePhase(input.capital);
  const points = pointsSinceEpoch(input);
  let start = points.length;
  while (start > 0 && phaseNumberOf(points[start - 1]!.value) === phase.phase) start -= 1;
  // The value now is in the phase by definition, even when today's close is not in the list yet.
  const run = points.slice(start);
  const reachesEpoch = start === 0;
  const firstClose = run.find((p) => p.isClose);
  const startedOn = reachesEpoch
    ? (input.epoch?.day ?? points[0]?.day ?? input.today)
    : (firstClose?.day ?? input.today);
  const baseWealth = reachesEpoch ? 1 : (firstClose?.wealth ?? points[points.length - 1]?.wealth ?? 1);
  const nowWealth = points[points.length - 1]?.wealth ?? 1;
  const counted = input.trades.filter((t) =>
    reachesEpoch && input.epoch ? t.closedAt >= input.epoch.at : t.closedDay >= startedOn,
  );
  const winning = counted.filter((t) => t.netPnl > 0).length;
  const successRate = counted.length > 0 ? (winning / counted.length) * 100 : 0;
  const profitPct = (nowWealth / baseWealth - 1) * 100;
  const daysInPhase = run.filter((p) => p.isClose).length;
  const highest = Math.max(phase.phase, ...points.map((p) => phaseNumberOf(p.value)));
  return {
    phase,
    highestPhase: PRODUCTION_PHASES.find((p) => p.phase === highest) ?? phase,
    startedOn,
    daysInPhase,
    closedTrades: counted.length,
    winningTrades: winning,
    successRate,
    profitPct,
    drawdownPct: -phaseDrawdown(input).drawdown * 100,
    targets: {
      successRate: successRate >= phase.success_rate_target_pct,
      profit: profitPct >= phase.profit_target_pct,
      days: daysInPhase >= phase.min_days,
    },
  };
}

/** Whether a drawdown (<= 0, a fraction) is at or past the phase's emergency stop loss (to a rounding error). */
export const emergencyStopReached = (phase: ProductionPhase, drawdown: number) =>
  -drawdown * 100 >= phase.emergency_stop_loss_pct - 1e-9;

/**
 * The scaling status: stopped while trading is halted, a circuit breaker is tripped or the
 * phase's emergency stop loss is reached; else scaled_down below the highest phase reached; else
 * ready once every target of the phase is met; else in progress.
 */
export function scalingProgress(progress: PhaseProgress, stopped: boolean): ScalingProgress {
  if (stopped || emergencyStopReached(progress.phase, -progress.drawdownPct / 100)) return 'stopped';
  if (progress.phase.phase < progress.highestPhase.phase) return 'scaled_down';
  const { successRate, profit, days } = progress.targets;
  return successRate && profit && days ? 'ready' : 'in_progress';
}
