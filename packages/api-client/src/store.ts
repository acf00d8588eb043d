/**
 * The store's root: `combineSlices(...).withLazyLoadedSlices()`. The shell creates the store from
 * it; a remote adds its own slice at run time with `rootReducer.inject(slice)` (this package is a
 * shared singleton, so every remote injects into the same store).
 */
import { combineSlices, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { api } from './api';
import { sessionExpired, sessionSlice, tokenStorage } from './session/sessionSlice';

/** Remotes declare their slices here by declaration merging. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(api, sessionSlice).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

const sessionListener = createListenerMiddleware();
sessionListener.startListening({
  actionCreator: sessionExpired,
  effect: (_, listenerApi) => {
    tokenStorage.clear();
    listenerApi.dispatch(api.util.resetApiState());
  },
});

export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefault) => getDefault().prepend(sessionListener.middleware).concat(api.middleware),
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
