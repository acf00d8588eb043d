import type { ReactNode } from 'react';
import { Box, HStack, Skeleton, Stack, Text } from '@nivesh/ui/chakra';
import type { PnlBasis } from '@nivesh/api-contract';
import { PnlLabel } from './PnlLabel';

/** What a figure without data shows: never 0, 0% or 100% standing in for "nothing to measure". */
export const NO_FIGURE = '--';

export interface StatCardProps {
  label: string;
  /** The figure, already formatted. Null (or absent) when there is no data: shown as "--". */
  value?: ReactNode;
  /** A second line: a change, a unit. */
  help?: ReactNode;
  /**
   * Why there is no figure, in a sentence ("No trade has closed yet."): shown in place of `help`
   * beside the "--" when `value` is null or absent (not while loading).
   */
  missing?: ReactNode;
  /** Colour of the figure: gains green, losses red. */
  tone?: 'gain' | 'loss' | 'neutral' | 'warning';
  loading?: boolean;
  icon?: ReactNode;
  /** A P&L figure: the label says whether it is before or after charges (PnlLabel). */
  pnlBasis?: PnlBasis;
}

const TONE_COLOR = { gain: 'gain', loss: 'loss', neutral: 'fg', warning: 'orange.fg' } as const;

export function StatCard({
  label,
  value,
  help,
  missing,
  tone = 'neutral',
  loading,
  icon,
  pnlBasis,
}: StatCardProps) {
  const absent = !loading && (value === null || value === undefined);
  const second = absent && missing ? missing : help;
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
            color={absent ? 'fg.muted' : TONE_COLOR[tone]}
            fontVariantNumeric="tabular-nums"
          >
            {absent ? NO_FIGURE : value}
          </Text>
        )}
        {second && (
          <Text as="div" textStyle="xs" color="fg.muted">
            {second}
          </Text>
        )}
      </Stack>
    </Box>
  );
}

export interface FigureProps {
  label: string;
  /** The figure, already formatted; null when there is no data (shown as "--" with `missing`). */
  value: ReactNode | null;
  /** Why there is no figure, in a sentence. */
  missing?: ReactNode;
  /** A line under the figure (a unit, a scale) when there is one. */
  help?: ReactNode;
  tone?: 'gain' | 'loss' | 'neutral' | 'warning';
  /** `tile`: on a shaded tile with a border (the pipeline's); `plain`: label over figure (a card's grid). */
  variant?: 'plain' | 'tile';
}

/**
 * One labelled figure inside a panel: the compact sibling of StatCard, with the same rule: no data
 * is "--" with its reason, never a made-up 0.
 */
export function Figure({ label, value, missing, help, tone = 'neutral', variant = 'plain' }: FigureProps) {
  const absent = value === null;
  const second = absent ? missing : help;
  return (
    <Stack
      gap="0.5"
      minW="0"
      role="group"
      aria-label={label}
      {...(variant === 'tile' && {
        p: '3',
        rounded: 'l2',
        bg: 'bg.subtle',
        borderWidth: '1px',
        borderColor: 'border',
      })}
    >
      <Text textStyle="xs" color="fg.muted" truncate={variant === 'plain'}>
        {label}
      </Text>
      <Text
        fontWeight="semibold"
        textStyle={variant === 'tile' ? 'lg' : undefined}
        fontVariantNumeric="tabular-nums"
        color={absent ? 'fg.muted' : TONE_COLOR[tone]}
      >
        {absent ? NO_FIGURE : value}
      </Text>
      {second && (
        <Text as="div" textStyle="xs" color="fg.muted">
          {second}
        </Text>
      )}
    </Stack>
  );
}
