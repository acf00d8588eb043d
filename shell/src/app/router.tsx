/** The router: the public landing page and login, and every protected page inside the layout. */
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { PAGE_PATHS } from '@nivesh/api-contract';
import { RouteErrorFallback } from '../errors/RouteErrorFallback';
import { RemotePage } from '../remotes/RemotePage';
import { RequireAuth } from '../auth/RequireAuth';
import { LoginRoute } from '../auth/LoginRoute';
import { Layout } from '../layout/Layout';
import { PAGE_ROUTES } from './routes';

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
      { path: PAGE_PATHS.login, element: <LoginRoute /> },
      {
        element: (
          <RequireAuth>
            <Layout />
          </RequireAuth>
        ),
        children: PAGE_ROUTES.flatMap((page) =>
          [page.path, ...(page.aliases ?? [])].map((path) => ({
            path,
            element: <RemotePage key={page.path} {...page.renders} label={`The ${page.title} page`} />,
          })),
        ),
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routeObjects);
}
