/**
 * The expected rupee outcome of an entry, pure: what the model's calibrated probability says a
 * trade should make after Indian charges, to compare with what it made (the "calibration in
 * rupees" of the Decisions view).
 *
 * E = p × (gain at the target − charges to the target) + (1 − p) × (loss at the stop − charges to
 * the stop), where the gain is (target − entry) × quantity, the loss (stop − entry) × quantity
 * (negative), and each round trip's charges are a CNC delivery buy at the entry plus a delivery
 * sell at the exit level (paper/costs.ts computeCharges, the paper engine's own). All in paise.
 * The two outcomes are the trade's bounds: a horizon exit lands between them.
 */
import { computeCharges, type CostSettings } from '../paper/costs.js';

export interface ExpectedPnlInput {
  /** Calibrated probability of a win after charges, 0-1. */
  probability: number;
  entryPaise: number;
  targetPaise: number;
  stopPaise: number;
  quantity: number;
  costs: CostSettings;
}

/** E in paise, rounded to the paisa. */
export function expectedPnlPaise(input: ExpectedPnlInput): number {
  const { probability: p, entryPaise, targetPaise, stopPaise, quantity, costs } = input;
  if (!(p >= 0 && p <= 1)) throw new RangeError(`probability must be 0-1: ${p}`);
  if (!(targetPaise > entryPaise && stopPaise < entryPaise))
    throw new RangeError('the target must be above the entry and the stop below it');
  const charge = (side: 'BUY' | 'SELL', pricePaise: number) =>
    computeCharges({ side, product: 'CNC', quantity, pricePaise, settings: costs }).total;
  const buy = charge('BUY', entryPaise);
  const win = (targetPaise - entryPaise) * quantity - buy - charge('SELL', targetPaise);
  const loss = (stopPaise - entryPaise) * quantity - buy - charge('SELL', stopPaise);
  return Math.round(p * win + (1 - p) * loss);
}
