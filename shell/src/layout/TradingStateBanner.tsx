/**
 * Whether orders may open positions, on every page: while Emergency Stop All's halt is in force, or
 * a loss or drawdown limit is crossed (reducing only), a banner under the top bar says so, why, and
 * links to Risk Management where the halt is lifted and the limits are. Nothing shows while trading
 * is normal, or while the state cannot be read (the server still refuses what it must).
 */
import { Box, HStack, Icon, Link, Text } from '@nivesh/ui/chakra';
import { Link as RouterLink } from '@nivesh/api-client/router';
import { LuOctagonX, LuShieldAlert } from 'react-icons/lu';
import { PAGE_PATHS } from '@nivesh/api-contract';
import { useTradingStateQuery } from '@nivesh/api-client';
import { formatIstDateTime } from '@nivesh/ui';

export function TradingStateBanner() {
  const { data } = useTradingStateQuery();
  const state = data?.data;
  if (!state || state.state === 'normal') return null;
  const halted = state.state === 'halted';
  return (
    <HStack
      role="alert"
      aria-label={halted ? 'Trading halted' : 'Reducing only'}
      data-trading-state={state.state}
      gap="3"
      px={{ base: '3', md: '6' }}
      py="2"
      bg={halted ? 'red.subtle' : 'orange.subtle'}
      color={halted ? 'red.fg' : 'orange.fg'}
      borderBottomWidth="1px"
      borderColor={halted ? 'red.muted' : 'orange.muted'}
      align="start"
    >
      <Icon as={halted ? LuOctagonX : LuShieldAlert} boxSize="5" mt="0.5" flexShrink={0} />
      <Box minW="0">
        <Text fontWeight="bold" textStyle="sm">
          {halted ? 'TRADING HALTED' : 'REDUCING ONLY'}
          {' · '}
          <Text as="span" fontWeight="normal">
            {halted
              ? 'Only orders that close a position are accepted.'
              : 'Only orders that reduce a position are accepted.'}
          </Text>
        </Text>
        <Text textStyle="xs">
          {halted && state.halt
            ? `Emergency stop by ${state.halt.halted_by} at ${formatIstDateTime(state.halt.halted_at)}: “${state.halt.reason}”. `
            : `${state.reasons.join(' ')} `}
          <Link asChild fontWeight="semibold" textDecoration="underline" color="inherit">
            <RouterLink to={PAGE_PATHS.risk}>
              {halted ? 'Lift it on Risk Management' : 'See Risk Management'}
            </RouterLink>
          </Link>
        </Text>
      </Box>
    </HStack>
  );
}
