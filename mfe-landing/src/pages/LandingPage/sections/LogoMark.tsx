/** Nivesh's chart-line mark (the same drawing as the favicon), as inline SVG. */
import { useId } from 'react';
import { Box, type BoxProps } from '@nivesh/ui/chakra/core';

export function LogoMark({ boxSize = '8', ...rest }: BoxProps) {
  // Unique per instance: the header and the footer both draw the mark.
  const gradientId = `nivesh-mark-${useId().replace(/:/g, '')}`;
  return (
    <Box as="span" display="inline-flex" flexShrink={0} boxSize={boxSize} aria-hidden="true" {...rest}>
      <svg viewBox="0 0 64 64" width="100%" height="100%" focusable="false">
        <defs>
          <linearGradient id={gradientId} x1="0" y1="1" x2="1" y2="0">
            <stop offset="0" stopColor="#047857" />
            <stop offset="1" stopColor="#34d39e" />
          </linearGradient>
        </defs>
        <rect width="64" height="64" rx="14" fill="#0b1020" stroke="rgba(52,211,158,0.35)" strokeWidth="2" />
        <path
          d="M12 44 L24 32 L32 38 L50 18"
          fill="none"
          stroke={`url(#${gradientId})`}
          strokeWidth="6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="50" cy="18" r="5" fill="#34d39e" />
      </svg>
    </Box>
  );
}
