/**
 * Words, colours and banners for the broker access token's state (specification part 2, sections
 * 4, 8 and 9; part 1, section 9). The state itself is decided by the server from the token's own
 * expiry; these only present it.
 */
import { TOKEN_WARNING_HOURS, type TokenState, type TokenStatus } from '@nivesh/api-contract';
import { formatIstDateTime } from '@nivesh/ui';

export const TOKEN_STATE_LABELS: Record<TokenState, string> = {
  valid: 'Valid',
  expiring: 'Expires Soon',
  expired: 'EXPIRED',
  invalid: 'Invalid',
  missing: 'Missing',
};
/** The label when the state cannot be known (the broker service did not answer). */
export const TOKEN_UNKNOWN_LABEL = 'Unknown';

/** What the edit button says for each state. */
export const TOKEN_ACTION_LABELS: Record<TokenState, string> = {
  missing: 'ADD TOKEN',
  expired: 'UPDATE NOW',
  invalid: 'UPDATE NOW',
  expiring: 'UPDATE SOON',
  valid: 'EDIT TOKEN',
};

export const TOKEN_STATE_PALETTE: Record<TokenState, string> = {
  valid: 'green',
  expiring: 'orange',
  expired: 'red',
  invalid: 'red',
  missing: 'gray',
};

/** Without a usable token no live data flows: the editor opens by itself for these. */
export function tokenNeedsUpdate(state: TokenState): boolean {
  return state === 'expired' || state === 'invalid' || state === 'missing';
}

/** 'gain' with time to spare, 'warning' under TOKEN_WARNING_HOURS (3 h), 'loss' once expired. */
export type TokenTimeTone = 'gain' | 'warning' | 'loss';

export function tokenTimeTone(
  status: Pick<TokenStatus, 'state' | 'hours_remaining'>,
): TokenTimeTone | undefined {
  if (status.state === 'expired') return 'loss';
  if (status.hours_remaining === null) return undefined;
  if (status.hours_remaining <= 0) return 'loss';
  return status.hours_remaining < TOKEN_WARNING_HOURS ? 'warning' : 'gain';
}

/** 5.5 -> '5 h 30 min'; 0.75 -> '45 min' (rounded down: never promise time that is not there). */
export function formatHoursLeft(hours: number): string {
  const minutes = Math.max(0, Math.floor(hours * 60));
  const wholeHours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (wholeHours === 0) return `${rest} min`;
  return rest === 0 ? `${wholeHours} h` : `${wholeHours} h ${rest} min`;
}

export interface TokenBannerText {
  title: string;
  description: string;
  severity: 'error' | 'warning';
}

/** The red/orange banner texts of part 2, section 8; null when the token needs no warning. */
export function tokenBanner(status: TokenStatus): TokenBannerText | null {
  switch (status.state) {
    case 'expired':
      return {
        title: 'Token Expired!',
        description:
          'Your portfolio data is showing fallback values. Update your token to restore live data.',
        severity: 'error',
      };
    case 'invalid':
      return {
        title: 'Token Invalid!',
        description:
          'Your access token is invalid or corrupted. Please update with a new token to restore live data.',
        severity: 'error',
      };
    case 'expiring':
      return {
        title: 'Token Expiring Soon!',
        description: `Token expires ${expiryPhrase(status)}. Update now to avoid data interruption.`,
        severity: 'warning',
      };
    default:
      return null;
  }
}

function expiryPhrase(status: TokenStatus): string {
  const inHours = status.hours_remaining !== null ? `in ${formatHoursLeft(status.hours_remaining)}` : null;
  const at = status.expires_at ? formatIstDateTime(status.expires_at) : null;
  if (inHours && at) return `${inHours} (${at})`;
  if (at) return `at ${at}`;
  return inHours ?? 'soon';
}
