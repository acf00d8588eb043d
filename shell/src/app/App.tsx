/**
 * The shell's root: the UI system (only the shell mounts it) around either the landing page alone
 * or the routed app. A visitor's first page, `/`, shows the landing page without React Router, so
 * it does not download the router: the page's in-app links (followInApp of
 * @nivesh/api-client/navigation) load the routed app and show their path in it. Any other path
 * starts with the routed app (bootstrap.tsx). The store's provider sits under the router, around
 * the routes that use it (signedIn.tsx).
 */
import { useCallback, useEffect, useState, type ComponentType } from 'react';
import { provideNavigator } from '@nivesh/api-client/navigation';
import type { SystemContext } from '@nivesh/ui/chakra/core';
import { UiProvider } from '@nivesh/ui/core';
import { LandingWithoutRouter } from './landingPage';

/** The routed app and the Chakra system it renders with (every component's recipes). */
export interface RoutedAppParts {
  RoutedApp: ComponentType;
  system: SystemContext;
}

export const loadRoutedApp = (): Promise<RoutedAppParts> =>
  import(/* webpackChunkName: "routed-app" */ './RoutedApp').then((m) => ({
    RoutedApp: m.RoutedApp,
    system: m.system,
  }));

export function App({ nonce, routedApp = null }: { nonce?: string; routedApp?: RoutedAppParts | null }) {
  // Both at once: the routed app never renders with the first page's smaller system.
  const [parts, setParts] = useState<RoutedAppParts | null>(routedApp);
  const showRoutedApp = useCallback(() => {
    void loadRoutedApp().then(setParts);
  }, []);
  const RoutedApp = parts?.RoutedApp ?? null;

  useEffect(() => {
    if (RoutedApp) return;
    // Until the router is here, an in-app link puts its path in the address and brings the router,
    // which shows that path (and the back button returns to this page through it).
    provideNavigator((to) => {
      window.history.pushState(null, '', to);
      showRoutedApp();
    });
  }, [RoutedApp, showRoutedApp]);

  return (
    <UiProvider {...(nonce ? { nonce } : {})} {...(parts ? { system: parts.system } : {})}>
      {RoutedApp ? <RoutedApp /> : <LandingWithoutRouter onNeedsRouter={showRoutedApp} />}
    </UiProvider>
  );
}
