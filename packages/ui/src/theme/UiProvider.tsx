/**
 * Everything a page needs to render: the Chakra system, the Emotion style cache (with the page's
 * Content-Security-Policy nonce, so inserted style elements are allowed) and colour mode. Only the
 * shell mounts it in the product; a remote's standalone harness mounts it for `pnpm dev`.
 *
 * The typefaces come with the page, not with this module (@nivesh/build's fonts.ts).
 *
 * Toasts are not part of it: the signed-in pages raise them, and the `<Toaster />` that shows them
 * is mounted with those pages (the shell's signed-in parts, the standalone harness, the test
 * helpers), so the public landing page does not download the toast machine.
 */
import { useMemo, type ReactNode } from 'react';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { ChakraProvider, type SystemContext } from '@nivesh/ui/chakra/core';
import { coreSystem } from './system';
import { ColorModeProvider } from './colorMode';

/**
 * `system`: the public first page's (coreSystem) unless given; the signed-in pages need @nivesh/ui's
 * `system` (theme/fullSystem.ts), which the shell passes once its routed app has loaded.
 */
export function UiProvider({
  children,
  nonce,
  system = coreSystem,
}: {
  children: ReactNode;
  nonce?: string;
  system?: SystemContext;
}) {
  const cache = useMemo(() => createCache({ key: 'nv', ...(nonce ? { nonce } : {}) }), [nonce]);
  return (
    <CacheProvider value={cache}>
      <ChakraProvider value={system}>
        <ColorModeProvider>{children}</ColorModeProvider>
      </ChakraProvider>
    </CacheProvider>
  );
}
