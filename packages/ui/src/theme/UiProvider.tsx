/**
 * Everything a page needs to render: the Chakra system, the Emotion style cache (with the page's
 * Content-Security-Policy nonce, so inserted style elements are allowed) and colour mode. Only the
 * shell mounts it in the product; a remote's standalone harness mounts it for `pnpm dev`.
 *
 * Toasts are not part of it: the signed-in pages raise them, and the `<Toaster />` that shows them
 * is mounted with those pages (the shell's signed-in parts, the standalone harness, the test
 * helpers), so the public landing page does not download the toast machine.
 */
import { useMemo, type ReactNode } from 'react';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { ChakraProvider } from '@nivesh/ui/chakra/core';
import '@fontsource-variable/inter';
import '@fontsource-variable/space-grotesk';
import { system } from './system';
import { ColorModeProvider } from './colorMode';

export function UiProvider({ children, nonce }: { children: ReactNode; nonce?: string }) {
  const cache = useMemo(() => createCache({ key: 'nv', ...(nonce ? { nonce } : {}) }), [nonce]);
  return (
    <CacheProvider value={cache}>
      <ChakraProvider value={system}>
        <ColorModeProvider>{children}</ColorModeProvider>
      </ChakraProvider>
    </CacheProvider>
  );
}
