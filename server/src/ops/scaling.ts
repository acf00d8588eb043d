/**
 * The production scaling status (GET /api/scaling-status): the paper account's capital phase and
 * its progress towards the next (analytics/capitalPhase.ts), whether trading is stopped (a halt in
 * force, a circuit breaker tripped, or the phase's emergency stop loss reached), and the circuit
 * breakers with their figures. The paper account is the one the engine enforces the phases on; in
 * live mode the status is not measured (503, like the risk analytics).
 */
import { istDay, type ScalingStatus, type TradingHalt } from '@nivesh/api-contract';
import type { Clock } from '../clock.js';
import type { Db } from '../db/index.js';
import { serviceUnavailable } from '../http/errors.js';
import {
  emergencyStopReached,
  phaseProgress,
  phaseTitle,
  scalingProgress,
  type PhaseProgress,
} from '../analytics/capitalPhase.js';
import type { AccountHistoryReader } from '../paper/history.js';
import type { PaperEngine } from '../paper/engine.js';
import { loadEpoch, phaseHistoryOf } from '../paper/phaseRules.js';
import type { CircuitBreakers } from '../trading/circuitBreakers.js';
import { haltSentence } from '../trading/halt.js';
import type { TradingModeService } from '../trading/mode.js';

export const LIVE_NOT_SCALED =
  'Production scaling measures the paper account, where the phase limits are enforced; the live account through Upstox is not measured here yet.';

export interface ScalingDeps {
  db: Db;
  clock: Clock;
  tradingMode: Pick<TradingModeService, 'get'>;
  paper: Pick<PaperEngine, 'overview'>;
  history: AccountHistoryReader;
  halts: { inForce(): Promise<TradingHalt | null> };
  breakers: Pick<CircuitBreakers, 'state'>;
}

const round2 = (x: number) => Math.round(x * 100) / 100;
const pct = (x: number) => `${Number(x.toFixed(1))}%`;

/** The sentence of the targets: each met or how far from it. */
function targetsSentence(p: PhaseProgress): string {
  const { phase } = p;
  const parts = [
    `success rate ${pct(p.successRate)} of ${phase.success_rate_target_pct}%`,
    `profit ${pct(p.profitPct)} of ${phase.profit_target_pct}%`,
    `${p.daysInPhase} of ${phase.min_days} days`,
  ];
  const { successRate, profit, days } = p.targets;
  return successRate && profit && days
    ? `${phaseTitle(phase)}'s targets are met (${parts.join(', ')})${phase.phase < 5 ? ': ready to move up' : ''}.`
    : `Working towards ${phaseTitle(phase)}'s targets: ${parts.join(', ')}.`;
}

export function createScalingStatus(deps: ScalingDeps) {
  return async function scalingStatus(): Promise<ScalingStatus> {
    if ((await deps.tradingMode.get()).mode === 'live') throw serviceUnavailable(LIVE_NOT_SCALED);
    const now = deps.clock.now();
    const today = istDay(now);
    const [overview, history, epoch, halt, breakers] = await Promise.all([
      deps.paper.overview(),
      deps.history.load(),
      loadEpoch(deps.db),
      deps.halts.inForce(),
      deps.breakers.state(now),
    ]);
    const capital = overview.portfolio_value;
    const progress = phaseProgress({
      ...phaseHistoryOf(history, today, capital, epoch),
      capital,
      today,
      trades: history.trades,
    });
    const { phase } = progress;
    const emergency = emergencyStopReached(phase, -progress.drawdownPct / 100);
    const status = scalingProgress(progress, halt !== null || breakers.tripped || emergency);

    const reasons: string[] = [];
    if (halt) reasons.push(haltSentence(halt));
    if (emergency && !halt) {
      reasons.push(
        `The account is ${pct(progress.drawdownPct)} below its peak, at or past ${phaseTitle(phase)}'s ${phase.emergency_stop_loss_pct}% emergency stop loss: the next order that opens a position halts trading.`,
      );
    }
    for (const b of breakers.breakers) if (b.tripped) reasons.push(`Circuit breaker tripped: ${b.message}`);
    if (progress.highestPhase.phase > phase.phase) {
      reasons.push(
        `Scaled down from ${phaseTitle(progress.highestPhase)}: the capital ${overview.portfolio_value < phase.min_capital ? 'is below every phase' : `is back in ${phaseTitle(phase)}'s range`}, so its stricter limits apply.`,
      );
    }
    reasons.push(targetsSentence(progress));

    const dayLoss = Math.max(0, -overview.day_change);
    return {
      current_phase: phase.phase,
      capital,
      success_rate: round2(progress.successRate),
      days_in_phase: progress.daysInPhase,
      status,
      phase_started_on: progress.startedOn,
      highest_phase: progress.highestPhase.phase,
      closed_trades: progress.closedTrades,
      winning_trades: progress.winningTrades,
      profit_since_phase_start_pct: round2(progress.profitPct),
      drawdown_pct: round2(progress.drawdownPct),
      day_loss_pct: capital > 0 ? round2((dayLoss / capital) * 100) : 0,
      reasons,
      circuit_breakers: breakers,
      as_of: now.toISOString(),
    };
  };
}
