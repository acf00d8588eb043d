import type { ReactNode } from 'react';
import { HStack, Text } from '@nivesh/ui/chakra';

/** One labelled figure inside a card. */
export function MetricRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <HStack justify="space-between" gap="3" py="1" aria-label={label} role="group">
      <Text textStyle="sm" color="fg.muted">
        {label}
      </Text>
      <Text as="div" textStyle="sm" fontWeight="medium" fontVariantNumeric="tabular-nums" textAlign="end">
        {children}
      </Text>
    </HStack>
  );
}
