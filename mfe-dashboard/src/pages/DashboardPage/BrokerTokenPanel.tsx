/**
 * The Dashboard's broker token panel: state, hours left and expiry (IST) at a glance, the banner
 * for an expired, invalid or expiring token, and the editor, which opens by itself when the token
 * cannot be used (expired or invalid; missing too in live mode). A broker never configured is not
 * an error in paper mode (paper trading needs no broker): the panel is then a quiet prompt to
 * connect Upstox for live trading, closed until the operator asks for the editor.
 */
import { useState } from 'react';
import { Box, Button, Flex, HStack, Skeleton, Stack, Text } from '@nivesh/ui/chakra';
import type { TokenState, TradingMode } from '@nivesh/api-contract';
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

/** The operator's trading mode, when known: a missing token is an error only in live mode. */
export function BrokerTokenPanel({ tradingMode }: { tradingMode: TradingMode | undefined }) {
  const token = useBrokerToken('upstox');
  const [choice, setChoice] = useState<OpenChoice | null>(null);
  const status = token.status;
  // No token ever stored, and not trading live: an invitation, not an alarm.
  const notConnected = status?.state === 'missing' && tradingMode !== 'live';
  const alarm = status ? tokenNeedsUpdate(status.state) && !notConnected : false;
  // A choice made while the token was valid does not keep the editor shut once it has expired.
  const open = status ? (choice?.state === status.state ? choice.open : alarm) : false;

  return (
    <Box
      as="section"
      aria-label="Broker token"
      bg="bg.panel"
      borderWidth="1px"
      borderColor={alarm ? 'red.muted' : 'border'}
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
            {notConnected ? (
              <Text fontWeight="semibold">Connect Upstox for live trading</Text>
            ) : (
              <>
                <Text fontWeight="semibold">Broker Token</Text>
                <Text color="fg.muted" textStyle="sm">
                  Upstox
                </Text>
              </>
            )}
          </HStack>
          {token.load === 'loading' && <Skeleton height="5" width="40" />}
          {status && !notConnected && (
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
            variant={open ? 'ghost' : status.state === 'valid' || notConnected ? 'outline' : 'solid'}
            colorPalette={alarm ? 'red' : status.state === 'expiring' ? 'orange' : 'gray'}
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
              {notConnected
                ? 'Paper trading needs no broker. Add an Upstox access token when you want live broker data and real-money orders.'
                : 'No access token is stored. Add one to receive live broker data.'}
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
