/**
 * The router: the public landing page and login, and every protected page inside the layout. The
 * signed-in parts (store, login screen, layout) are loaded only for the routes that use them.
 */
import { lazy, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from '@nivesh/api-client/router';
import { PAGE_PATHS } from '@nivesh/api-contract/plain';
import { FullScreenLoading } from '@nivesh/ui/core';
import { RouteErrorFallback } from '../errors/RouteErrorFallback';
import { RemotePage } from '../remotes/RemotePage';
import { LANDING_PAGE } from './landingPage';
import { PAGE_ROUTES } from './routes';
import { loadSignedInParts } from './signedInParts';

const SignedInRoot = lazy(() => loadSignedInParts().then((m) => ({ default: m.SignedInRoot })));
const LoginRoute = lazy(() => loadSignedInParts().then((m) => ({ default: m.LoginRoute })));
const ProtectedLayout = lazy(() => loadSignedInParts().then((m) => ({ default: m.ProtectedLayout })));

const routeObjects: RouteObject[] = [
  {
    errorElement: <RouteErrorFallback />,
    children: [
      {
        path: PAGE_PATHS.landing,
        element: <RemotePage {...LANDING_PAGE} />,
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
