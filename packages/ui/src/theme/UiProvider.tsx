/**
 * Everything a page needs to render: the Chakra system, the Emotion style cache (with the page's
 * Content-Security-Policy nonce, so inserted style elements are allowed), colour mode and toasts.
 * Only the shell mounts it in the product; a remote's standalone harness mounts it for `pnpm dev`.
 */
import { useMemo, type ReactNode } from 'react';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { ChakraProvider } from '@nivesh/ui/chakra';
import '@fontsource-variable/inter';
import '@fontsource-variable/space-grotesk';
import { system } from './system';
import { ColorModeProvider } from './colorMode';
import { Toaster } from './toaster';

export function UiProvider({ children, nonce }: { children: ReactNode; nonce?: string }) {
  const cache = useMemo(() => createCache({ key: 'nv', ...(nonce ? { nonce } : {}) }), [nonce]);
  return (
    <CacheProvider value={cache}>
      <ChakraProvider value={system}>
        <ColorModeProvider>
          {children}
          <Toaster />
        </ColorModeProvider>
      </ChakraProvider>
    </CacheProvider>
  );
}
