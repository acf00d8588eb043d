/**
 * The router: the public landing page and login, and every protected page inside the layout. The
 * signed-in parts (store, login screen, layout) are loaded only for the routes that use them.
 */
import { lazy, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from '@nivesh/api-client/router';
import { PAGE_PATHS } from '@nivesh/api-contract/plain';
import { FullScreenLoading } from '@nivesh/ui';
import { RouteErrorFallback } from '../errors/RouteErrorFallback';
import { RemotePage } from '../remotes/RemotePage';
import { PAGE_ROUTES } from './routes';

const signedIn = () => import('./signedIn');
const SignedInRoot = lazy(() => signedIn().then((m) => ({ default: m.SignedInRoot })));
const LoginRoute = lazy(() => signedIn().then((m) => ({ default: m.LoginRoute })));
const ProtectedLayout = lazy(() => signedIn().then((m) => ({ default: m.ProtectedLayout })));

/**
 * For an operator with a stored session: fetches the signed-in parts and restores the session at
 * once, as before any route needs them, so the next click does not wait.
 */
export function preloadSignedInParts(): void {
  void signedIn().then((m) => m.shellStore());
}

const routeObjects: RouteObject[] = [
  {
    errorElement: <RouteErrorFallback />,
    children: [
      {
        path: PAGE_PATHS.landing,
        // The public page carries no build label (the signed-in pages and the v1.0 tooltip do).
        element: (
          <RemotePage remote="landing" module="LandingPage" label="The landing page" releaseNote={false} />
        ),
      },
      {
        element: (
          <Suspense fallback={<FullScreenLoading label="Loading..." />}>
            <SignedInRoot />
          </Suspense>
        ),
        children: [
          { path: PAGE_PATHS.login, element: <LoginRoute /> },
          {
            element: <ProtectedLayout />,
            children: PAGE_ROUTES.flatMap((page) =>
              [page.path, ...(page.aliases ?? [])].map((path) => ({
                path,
                element: <RemotePage key={page.path} {...page.renders} label={`The ${page.title} page`} />,
              })),
            ),
          },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routeObjects);
}
