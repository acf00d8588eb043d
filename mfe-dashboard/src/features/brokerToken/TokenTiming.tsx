import { HStack, Text } from '@nivesh/ui/chakra';
import type { TokenStatus } from '@nivesh/api-contract';
import { formatIstDateTime } from '@nivesh/ui';
import { formatHoursLeft, tokenTimeTone } from './tokenState';

const TONE_COLOR = { gain: 'gain', warning: 'orange.fg', loss: 'loss' } as const;

/**
 * Hours remaining and the expiry time in IST, as the server computed them from the token. The
 * hours turn to the warning colour under 3 hours (TOKEN_WARNING_HOURS) and red once expired.
 */
export function TokenTiming({ status }: { status: TokenStatus }) {
  const tone = tokenTimeTone(status);
  const expired =
    status.state === 'expired' || (status.hours_remaining !== null && status.hours_remaining <= 0);
  return (
    <HStack gap="3" wrap="wrap" textStyle="sm" fontVariantNumeric="tabular-nums">
      {(expired || status.hours_remaining !== null) && (
        <Text
          fontWeight="semibold"
          color={tone ? TONE_COLOR[tone] : 'fg'}
          data-testid="token-hours"
          data-tone={tone}
        >
          {expired || status.hours_remaining === null
            ? 'Expired'
            : `${formatHoursLeft(status.hours_remaining)} remaining`}
        </Text>
      )}
      {status.expires_at && (
        <Text color="fg.muted">
          {expired ? 'at' : 'Expires'} {formatIstDateTime(status.expires_at)}
        </Text>
      )}
    </HStack>
  );
}
