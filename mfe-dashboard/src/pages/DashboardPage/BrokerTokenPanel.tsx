/**
 * The Dashboard's broker token panel: state, hours left and expiry (IST) at a glance, the banner
 * for an expired, invalid or expiring token, and the editor, which opens by itself when the token
 * cannot be used (expired, invalid or missing).
 */
import { useState } from 'react';
import { Box, Button, Flex, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { TokenState } from '@nivesh/api-contract';
import { StaleNotice, timeAgo } from '@nivesh/ui';
import { LuChevronUp, LuKeyRound } from 'react-icons/lu';
import {
  TOKEN_ACTION_LABELS,
  TokenBanner,
  TokenEditor,
  TokenStatusBadge,
  TokenTiming,
  tokenNeedsUpdate,
  useBrokerToken,
} from '../../features/brokerToken';

/** The operator's open/close choice, remembered for the token state it was made in. */
interface OpenChoice {
  state: TokenState;
  open: boolean;
}

export function BrokerTokenPanel() {
  const token = useBrokerToken('upstox');
  const [choice, setChoice] = useState<OpenChoice | null>(null);
  const status = token.status;
  // A choice made while the token was valid does not keep the editor shut once it has expired.
  const open = status
    ? choice?.state === status.state
      ? choice.open
      : tokenNeedsUpdate(status.state)
    : false;

  return (
    <Box
      as="section"
      aria-label="Broker token"
      bg="bg.panel"
      borderWidth="1px"
      borderColor={token.needsUpdate ? 'red.muted' : 'border'}
      rounded="l3"
      p={{ base: '4', md: '5' }}
      mb="6"
      shadow="xs"
    >
      <Flex gap="3" align={{ base: 'flex-start', md: 'center' }} direction={{ base: 'column', md: 'row' }}>
        <HStack gap="3" flex="1" wrap="wrap">
          <HStack gap="2">
            <Box color="fg.muted" aria-hidden>
              <LuKeyRound />
            </Box>
            <Text fontWeight="semibold">Broker Token</Text>
            <Text color="fg.muted" textStyle="sm">
              Upstox
            </Text>
          </HStack>
          {token.load === 'loading' && <Skeleton height="5" width="40" />}
          {status && (
            <>
              <TokenStatusBadge state={status.state} />
              <TokenTiming status={status} />
              {token.load === 'stale' && <StaleNotice updatedAt={token.updatedAt} detail={token.errorText} />}
            </>
          )}
          {(token.load === 'unavailable' || token.load === 'error') && <TokenStatusBadge state={undefined} />}
        </HStack>
        {status && (
          <Button
            size="xs"
            variant={open ? 'ghost' : status.state === 'valid' ? 'outline' : 'solid'}
            colorPalette={
              tokenNeedsUpdate(status.state) ? 'red' : status.state === 'expiring' ? 'orange' : 'gray'
            }
            onClick={() => setChoice({ state: status.state, open: !open })}
            aria-expanded={open}
          >
            {open ? (
              <>
                <LuChevronUp /> Hide
              </>
            ) : (
              TOKEN_ACTION_LABELS[status.state]
            )}
          </Button>
        )}
      </Flex>

      {token.load === 'unavailable' && (
        <Stack gap="0.5" mt="3" role="status">
          <Text fontWeight="medium">Broker connection not available</Text>
          <Text textStyle="sm" color="fg.muted">
            {token.errorText} Token status and expiry cannot be checked until it is connected.
          </Text>
        </Stack>
      )}
      {token.load === 'error' && (
        <HStack gap="3" mt="3" role="alert" wrap="wrap">
          <Text textStyle="sm" color="fg.muted">
            Unable to load the token status. {token.errorText}
          </Text>
          <Button size="xs" variant="outline" onClick={token.refetch} loading={token.isFetching}>
            Retry
          </Button>
        </HStack>
      )}

      {status && (
        <Stack gap="4" mt={status.state === 'valid' && !open ? '0' : '4'}>
          <TokenBanner status={status} />
          {status.state === 'missing' && !open && (
            <Text textStyle="sm" color="fg.muted">
              No access token is stored. Add one to receive live broker data.
            </Text>
          )}
          {open && (
            <Stack gap="3">
              <Text textStyle="sm" color="fg.muted">
                {status.message}
                {status.updated_at && ` · Last updated ${timeAgo(status.updated_at)}`}
              </Text>
              <TokenEditor
                broker="upstox"
                onSaved={(next) => setChoice({ state: next.state, open: true })}
                onCancel={() => setChoice({ state: status.state, open: false })}
              />
            </Stack>
          )}
        </Stack>
      )}
    </Box>
  );
}
