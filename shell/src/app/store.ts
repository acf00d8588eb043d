/**
 * The shell creates the one store, from the shared root reducer (combineSlices(...)
 * .withLazyLoadedSlices() in @nivesh/api-client) plus its own layout slice.
 */
import { makeStore, rootReducer } from '@nivesh/api-client';
import { layoutSlice } from '../layout/layoutSlice';

declare module '@nivesh/api-client' {
  interface LazyLoadedSlices {
    layout: ReturnType<typeof layoutSlice.reducer>;
  }
}

/** The layout slice, injected into the shared root reducer. */
const injectedLayout = layoutSlice.injectInto(rootReducer);
export const { selectSidebarOpen } = injectedLayout.selectors;

export function createShellStore() {
  return makeStore();
}

export type ShellStore = ReturnType<typeof createShellStore>;
