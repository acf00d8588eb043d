/**
 * What the signals table (from `md` up) and the signals list (on a phone) share: the badges of a
 * signal and its risk, and the wording of the expected move and the break-even after charges.
 */
import { Badge } from '@nivesh/ui/chakra';
import type { ResearchRecommendation, SignalRisk, TradingSignal } from '@nivesh/api-contract';
import { formatPercent } from '@nivesh/ui';

const SIGNAL_PALETTE: Record<TradingSignal, string> = { BUY: 'green', SELL: 'red', HOLD: 'gray' };
const RISK_PALETTE: Record<SignalRisk, string> = { Low: 'green', Medium: 'orange', High: 'red' };

export interface SignalsViewProps {
  recommendations: ResearchRecommendation[];
}

export function SignalBadge({ signal }: { signal: TradingSignal }) {
  return (
    <Badge
      colorPalette={SIGNAL_PALETTE[signal]}
      variant="solid"
      data-signal={signal}
      data-palette={SIGNAL_PALETTE[signal]}
    >
      {signal}
    </Badge>
  );
}

export function RiskBadge({ risk }: { risk: SignalRisk }) {
  return (
    <Badge colorPalette={RISK_PALETTE[risk]} variant="subtle">
      {risk}
    </Badge>
  );
}

/** '+3.75% move' (to the target). */
export const moveText = (signal: ResearchRecommendation) => `${formatPercent(signal.expected_move_pct)} move`;

/** '0.42%': the move the round trip needs to pay its charges. */
export const breakEvenText = (signal: ResearchRecommendation) =>
  formatPercent(signal.break_even_pct, { sign: false });

export const confidenceText = (signal: ResearchRecommendation) => `${Math.round(signal.confidence * 100)}%`;
