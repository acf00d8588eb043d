/** Broker answers: the Upstox token's status. */
import { TokenStatus } from '../broker';
import { valid } from './fixture';

/** The token in `state`; `hours` sets hours_remaining and an expiry that far after `asOf`. */
export function makeTokenStatus(
  state: TokenStatus['state'],
  hours: number | null = null,
  asOf = '2026-11-20T09:45:00.000Z',
): TokenStatus {
  return valid(TokenStatus, 'TokenStatus', {
    success: true,
    broker: 'upstox',
    state,
    is_expired: state === 'expired',
    hours_remaining: hours,
    expires_at: hours === null ? null : new Date(Date.parse(asOf) + hours * 3_600_000).toISOString(),
    updated_at: state === 'missing' ? null : '2026-11-19T22:30:00.000Z',
    message: `Token ${state}`,
  });
}
