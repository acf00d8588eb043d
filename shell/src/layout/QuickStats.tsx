/**
 * The sidebar's quick stats (GET /api/quick-stats, polled every 30 s; specification part 2,
 * sections 2, 4 and 7): connecting on the first load, connected with figures, or disconnected
 * (503, no answer, or any failure) with Retry. After a failed poll the last figures stay, marked
 * stale with their age (the one query-state rule of @nivesh/api-client).
 */
import type { ReactNode } from 'react';
import { Badge, Box, Button, HStack, Icon, Spinner, Stack, Text } from '@nivesh/ui/chakra';
import { LuRefreshCw, LuWifiOff } from 'react-icons/lu';
import { combinedStatus, queryView, serverMessage, useQuickStatsQuery } from '@nivesh/api-client';
import {
  Eyebrow,
  formatNumber,
  formatPercent,
  ServiceStatusBadge,
  StaleNotice,
  type ServiceStatus,
} from '@nivesh/ui';

export type WinRateTone = 'green' | 'yellow' | 'red';

/** Win rate colour: 60 or more green, 40 or more yellow, else red. */
export function winRateTone(winRate: number): WinRateTone {
  if (winRate >= 60) return 'green';
  if (winRate >= 40) return 'yellow';
  return 'red';
}

/** The block's data-state: the specification's connecting, connected or disconnected. */
const BLOCK_STATE: Record<ServiceStatus, 'connecting' | 'connected' | 'disconnected'> = {
  checking: 'connecting',
  connected: 'connected',
  disconnected: 'disconnected',
  error: 'disconnected',
  warning: 'disconnected',
};

export function QuickStats() {
  const query = useQuickStatsQuery();
  const view = queryView(query);
  // Any failed poll is disconnected here, whatever the failure (part 2, section 4).
  const status: ServiceStatus = view.failure ? 'disconnected' : combinedStatus([view]);
  const state = BLOCK_STATE[status];
  const stats = view.data?.data;

  return (
    <Box
      as="section"
      aria-label="Quick stats"
      data-testid="quick-stats"
      data-state={state}
      rounded="l2"
      borderWidth="1px"
      borderColor="border"
      bg="bg.subtle"
      px="3"
      py="2.5"
    >
      <HStack justify="space-between" mb="2">
        <Eyebrow>Quick stats</Eyebrow>
        <ServiceStatusBadge status={status} subject="Data connection" />
      </HStack>

      {view.state === 'loading' && (
        <HStack gap="2" py="2" color="fg.muted">
          <Spinner size="xs" />
          <Text textStyle="sm">Loading stats...</Text>
        </HStack>
      )}

      {view.failure && (
        <Stack gap="1.5" py="1">
          {view.state === 'stale' ? (
            <StaleNotice updatedAt={view.updatedAt} />
          ) : (
            <HStack gap="2" align="flex-start">
              <Icon as={LuWifiOff} boxSize="4" color="fg.muted" mt="0.5" flexShrink={0} />
              <Stack gap="0">
                <Text textStyle="sm" fontWeight="medium">
                  Disconnected from data source
                </Text>
                <Text textStyle="xs" color="fg.muted">
                  No data available
                </Text>
              </Stack>
            </HStack>
          )}
          {/* An answer that reports a failure (not "not connected") says what failed. */}
          {view.failure === 'error' && (
            <Text textStyle="xs" color="red.fg">
              {serverMessage(view.error) ?? 'Failed to fetch stats'}
            </Text>
          )}
          <Button
            size="xs"
            variant="outline"
            alignSelf="flex-start"
            loading={view.fetching}
            loadingText="Retrying"
            onClick={() => void query.refetch()}
          >
            <LuRefreshCw /> Retry
          </Button>
        </Stack>
      )}

      {stats && (
        <Stack gap="1.5">
          <StatRow label="Active Positions">{formatNumber(stats.active_positions)}</StatRow>
          {/* No closed trade yet: no win rate ('--', as on the trades page), not a red 0.0%. */}
          <StatRow label="Win Rate" tone={stats.win_rate === null ? undefined : winRateTone(stats.win_rate)}>
            {stats.win_rate === null ? '--' : formatPercent(stats.win_rate, { decimals: 1, sign: false })}
          </StatRow>
          <StatRow label="Monthly Return" tone={stats.monthly_return < 0 ? 'red' : 'green'}>
            {formatPercent(stats.monthly_return, { decimals: 2 })}
          </StatRow>
          <HStack justify="space-between" pt="1">
            <Text textStyle="xs" color="fg.muted">
              Data source
            </Text>
            <Badge
              size="xs"
              variant="subtle"
              colorPalette={stats.data_source === 'live' ? 'green' : 'blue'}
              data-testid="data-source"
            >
              {stats.data_source === 'live' ? 'Live' : 'Simulated'}
            </Badge>
          </HStack>
          {stats.connection_status === 'disconnected' && (
            <Text textStyle="xs" color="orange.fg">
              Market feed disconnected: figures may be behind.
            </Text>
          )}
        </Stack>
      )}
    </Box>
  );
}

const TONE_COLOR: Record<WinRateTone, string> = { green: 'gain', yellow: 'yellow.fg', red: 'loss' };

function StatRow({ label, tone, children }: { label: string; tone?: WinRateTone; children: ReactNode }) {
  return (
    <HStack justify="space-between" gap="2">
      <Text textStyle="sm" color="fg.muted">
        {label}
      </Text>
      <Text
        textStyle="sm"
        fontWeight="semibold"
        fontVariantNumeric="tabular-nums"
        color={tone ? TONE_COLOR[tone] : 'fg'}
        data-tone={tone}
      >
        {children}
      </Text>
    </HStack>
  );
}
