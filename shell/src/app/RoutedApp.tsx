/**
 * The routed app: every page but a visitor's first view of the landing page (App.tsx). Loaded for
 * any other path at start, and from the landing page when the visitor follows an in-app link.
 */
import { provideNavigator } from '@nivesh/api-client/navigation';
import { RouterProvider } from '@nivesh/api-client/router';
// The signed-in pages' Chakra system (every component's recipes), which the routed app renders with.
export { system } from '@nivesh/ui';
import { createRouter } from './router';

const router = createRouter();

// From now on pages' in-app links (followInApp) go through the router.
provideNavigator((to) => void router.navigate(to));

export function RoutedApp() {
  return <RouterProvider router={router} />;
}
