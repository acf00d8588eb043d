/**
 * @nivesh/ui/core: what every page needs before it renders, the public landing page included: the
 * first page's Chakra system (coreSystem; @nivesh/ui's `system` adds the signed-in pages' recipes)
 * and the providers, colour mode, the page's CSP nonce and the loading spinners. A
 * shared singleton of its own, built on @nivesh/ui/chakra/core only, so a visitor's first page
 * downloads neither the rest of @nivesh/ui nor the rest of Chakra. @nivesh/ui re-exports all of it
 * from this module (one colour-mode context).
 */
export { coreSystem } from './theme/system';
export { UiProvider } from './theme/UiProvider';
export { readCspNonce } from './nonce';
export { ColorModeProvider, useColorMode, applyStoredColorMode, type ColorMode } from './theme/colorMode';
export { FullScreenLoading, PageLoading } from './components/Loading';
