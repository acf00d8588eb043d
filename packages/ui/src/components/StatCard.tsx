import type { ReactNode } from 'react';
import { Box, HStack, Skeleton, Stack, Text } from '@nivesh/ui/chakra';
import type { PnlBasis } from '@nivesh/api-contract';
import { PnlLabel } from './PnlLabel';

export interface StatCardProps {
  label: string;
  /** The figure, already formatted. Absent while loading or when there is no data. */
  value?: ReactNode;
  /** A second line: a change, a unit, or why the value is missing. */
  help?: ReactNode;
  /** Colour of the figure: gains green, losses red. */
  tone?: 'gain' | 'loss' | 'neutral' | 'warning';
  loading?: boolean;
  icon?: ReactNode;
  /** A P&L figure: the label says whether it is before or after charges (PnlLabel). */
  pnlBasis?: PnlBasis;
}

const TONE_COLOR = { gain: 'gain', loss: 'loss', neutral: 'fg', warning: 'orange.fg' } as const;

export function StatCard({ label, value, help, tone = 'neutral', loading, icon, pnlBasis }: StatCardProps) {
  return (
    <Box
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      rounded="l3"
      p={{ base: '4', md: '5' }}
      minW="0"
      shadow="xs"
      role="group"
      aria-label={label}
    >
      <Stack gap="2">
        <HStack justify="space-between" color="fg.muted">
          <Text textStyle="sm" fontWeight="medium">
            {pnlBasis ? <PnlLabel label={label} basis={pnlBasis} /> : label}
          </Text>
          {icon}
        </HStack>
        {loading ? (
          <Skeleton height="8" width="60%" />
        ) : (
          // A little smaller on a phone, where cards stand two abreast; a figure too long for its
          // card still breaks inside it rather than running out.
          <Text
            textStyle={{ base: 'xl', md: '2xl' }}
            overflowWrap="anywhere"
            fontWeight="semibold"
            color={TONE_COLOR[tone]}
            fontVariantNumeric="tabular-nums"
          >
            {value ?? '--'}
          </Text>
        )}
        {help && (
          <Text textStyle="xs" color="fg.muted">
            {help}
          </Text>
        )}
      </Stack>
    </Box>
  );
}
