import { Badge } from '@nivesh/ui/chakra';
import type { TokenState } from '@nivesh/api-contract';
import { TOKEN_STATE_LABELS, TOKEN_STATE_PALETTE, TOKEN_UNKNOWN_LABEL } from './tokenState';

/** Valid / Expires Soon / EXPIRED / Invalid / Missing, or Unknown when the state cannot be had. */
export function TokenStatusBadge({ state }: { state: TokenState | undefined }) {
  return (
    <Badge
      colorPalette={state ? TOKEN_STATE_PALETTE[state] : 'gray'}
      variant={state === 'expired' || state === 'invalid' ? 'solid' : 'subtle'}
      data-state={state ?? 'unknown'}
      size="sm"
    >
      {state ? TOKEN_STATE_LABELS[state] : TOKEN_UNKNOWN_LABEL}
    </Badge>
  );
}
