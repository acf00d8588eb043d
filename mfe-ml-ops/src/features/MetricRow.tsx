import type { ReactNode } from 'react';
import { HStack, Stack, Text } from '@nivesh/ui/chakra';
import { NO_FIGURE } from '@nivesh/ui';

/**
 * One labelled figure inside a card. A figure without data (`children` null) is "--" with its
 * reason (`missing`) under it, never a 0% or 100% standing in for nothing to measure.
 */
export function MetricRow({
  label,
  children,
  missing,
}: {
  label: string;
  children: ReactNode | null;
  missing?: ReactNode;
}) {
  const absent = children === null;
  return (
    <Stack gap="0" py="1" aria-label={label} role="group">
      <HStack justify="space-between" gap="3">
        <Text textStyle="sm" color="fg.muted">
          {label}
        </Text>
        <Text
          as="div"
          textStyle="sm"
          fontWeight="medium"
          fontVariantNumeric="tabular-nums"
          textAlign="end"
          color={absent ? 'fg.muted' : undefined}
        >
          {absent ? NO_FIGURE : children}
        </Text>
      </HStack>
      {absent && missing && (
        <Text as="div" textStyle="xs" color="fg.muted">
          {missing}
        </Text>
      )}
    </Stack>
  );
}
