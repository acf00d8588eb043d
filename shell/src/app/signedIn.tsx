/**
 * The signed-in parts of the shell: the store (and with it the api-client, RTK Query and the
 * session), the login screen and the layout. The router loads this module only for /login and the
 * protected pages (or, ahead of a click, when a session token is stored), so a visitor on the
 * landing page downloads none of it.
 */
import { Suspense } from 'react';
import { Provider } from 'react-redux';
import { Outlet } from '@nivesh/api-client/router';
import { restoreSession } from '@nivesh/api-client';
import { FullScreenLoading, Toaster } from '@nivesh/ui';
import { watchSessionInOtherTabs } from '../auth/sessionSync';
import { RequireAuth } from '../auth/RequireAuth';
import { Layout } from '../layout/Layout';
import { createShellStore, type ShellStore } from './store';

export { LoginRoute } from '../auth/LoginRoute';

let store: ShellStore | null = null;

/** The one store of this page view, created (and the stored session restored) on first use. */
export function shellStore(): ShellStore {
  if (!store) {
    store = createShellStore();
    void store.dispatch(restoreSession());
    watchSessionInOtherTabs(store);
  }
  return store;
}

/**
 * Provides the store to /login and the protected pages, and shows their toasts (the public landing
 * page raises none, so UiProvider leaves the toaster to the pages that do).
 */
export function SignedInRoot() {
  return (
    <Provider store={shellStore()}>
      <Suspense fallback={<FullScreenLoading label="Loading..." />}>
        <Outlet />
      </Suspense>
      <Toaster />
    </Provider>
  );
}

/** The protected pages: the login screen until the operator is signed in, then the layout. */
export function ProtectedLayout() {
  return (
    <RequireAuth>
      <Layout />
    </RequireAuth>
  );
}
