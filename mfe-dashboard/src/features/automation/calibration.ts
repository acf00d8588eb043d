/**
 * Calibration in rupees: over the decisions listed, what the ML model expected the ordered entries
 * to make after charges against what they made. Pure.
 *
 * Rules: a decision counts when it was ordered, carries the model's expected P&L and has resolved
 * at its target, stop or time limit. An entry that never filled ('cancelled') is left out: the
 * expectation assumed a fill, and its realised ₹0 says nothing about the model. Open entries wait.
 */
import type { Decision, DecisionDay } from '@nivesh/api-contract';

export interface RupeeCalibration {
  /** Decisions counted. */
  count: number;
  /** Sum of their expected P&L after charges, ₹. */
  expected: number;
  /** Sum of their realised P&L after charges, ₹. */
  realised: number;
}

/** The realised P&L a decision's expectation is compared with, or null while it cannot be. */
function comparableRealised(decision: Decision): number | null {
  const { outcome } = decision;
  if (decision.action !== 'ordered' || decision.expected_pnl === null) return null;
  if (!outcome || outcome.kind === 'cancelled') return null;
  return outcome.pnl;
}

/** The calibration over every decision of `days`. */
export function rupeeCalibration(days: readonly DecisionDay[]): RupeeCalibration {
  let count = 0;
  let expected = 0;
  let realised = 0;
  for (const decision of days.flatMap((day) => day.decisions)) {
    const pnl = comparableRealised(decision);
    if (pnl === null || decision.expected_pnl === null) continue;
    count += 1;
    expected += decision.expected_pnl;
    realised += pnl;
  }
  return { count, expected, realised };
}
