/** The paper engine's limit checks from the overview's limits_status, each safe or not. */
import type { ReactNode } from 'react';
import { Box, HStack, Icon, Stack, Text } from '@nivesh/ui/chakra';
import { LuShieldAlert, LuShieldCheck } from 'react-icons/lu';
import type { LimitsStatus } from '@nivesh/api-contract';
import { formatNumber, formatPercent, formatRupees } from '@nivesh/ui';

function LimitRow({ label, safe, children }: { label: string; safe: boolean; children: ReactNode }) {
  return (
    <HStack
      justify="space-between"
      gap="3"
      py="2"
      borderBottomWidth="1px"
      borderColor="border"
      _last={{ borderBottomWidth: 0 }}
    >
      <HStack gap="2">
        <Box role="img" aria-label={`${label}: ${safe ? 'safe' : 'unsafe'}`} display="inline-flex">
          <Icon as={safe ? LuShieldCheck : LuShieldAlert} color={safe ? 'gain' : 'loss'} boxSize="4" />
        </Box>
        <Text textStyle="sm" fontWeight="medium">
          {label}
        </Text>
      </HStack>
      <Text
        textStyle="sm"
        color={safe ? 'fg.muted' : 'loss'}
        fontVariantNumeric="tabular-nums"
        textAlign="end"
      >
        {children}
      </Text>
    </HStack>
  );
}

const percent = (value: number) => formatPercent(value, { sign: false, decimals: 1 });

export function RiskLimitsStatus({ status }: { status: LimitsStatus }) {
  const {
    balance_status: balance,
    daily_loss_status: loss,
    positions_status: positions,
    exposure_status: exposure,
  } = status;
  return (
    <Stack gap="0">
      <LimitRow label="Balance" safe={balance.safe}>
        {formatRupees(balance.current)} available (min {formatRupees(balance.threshold)})
      </LimitRow>
      <LimitRow label="Daily Loss" safe={loss.safe}>
        {formatRupees(loss.current_loss)} of {formatRupees(loss.limit)}
      </LimitRow>
      <LimitRow label="Positions" safe={positions.safe}>
        {formatNumber(positions.current)} of {formatNumber(positions.limit)}
      </LimitRow>
      <LimitRow label="Exposure" safe={exposure.safe}>
        {percent(exposure.current_percentage)} of {percent(exposure.limit_percentage)}
      </LimitRow>
    </Stack>
  );
}
