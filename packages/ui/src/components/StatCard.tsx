import type { ReactNode } from 'react';
import { Box, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';

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
}

const TONE_COLOR = { gain: 'gain', loss: 'loss', neutral: 'fg', warning: 'orange.fg' } as const;

export function StatCard({ label, value, help, tone = 'neutral', loading, icon }: StatCardProps) {
  return (
    <Box
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      rounded="l3"
      p="5"
      shadow="xs"
      role="group"
      aria-label={label}
    >
      <Stack gap="2">
        <HStack justify="space-between" color="fg.muted">
          <Text textStyle="sm" fontWeight="medium">
            {label}
          </Text>
          {icon}
        </HStack>
        {loading ? (
          <Skeleton height="8" width="60%" />
        ) : (
          <Text
            textStyle="2xl"
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
