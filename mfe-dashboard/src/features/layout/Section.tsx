import type { ReactNode } from 'react';
import { Box } from '@nivesh/ui/chakra';

/** A named region of a page (screen readers list it; tests find it by name). `minW=0` lets it shrink in a grid. */
export function Section({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box as="section" aria-label={label} minW="0">
      {children}
    </Box>
  );
}
