/**
 * `@nivesh/api-client/router`: the parts of React Router the apps use, shared as one singleton
 * (packages/build/src/shared.ts) instead of the whole of react-router-dom: a shared module is not
 * tree-shaken, and this list is about half of it. The shell provides it, so the router context the
 * remotes' pages read is the shell's. Apps import React Router only from here (eslint's router
 * zone; tests, the standalone harness and the
 * test helpers, which render their own routers, may import react-router-dom); add a missing name here.
 */
export {
  createBrowserRouter,
  isRouteErrorResponse,
  Link,
  matchPath,
  Navigate,
  Outlet,
  RouterProvider,
  useLocation,
  useNavigate,
  useRouteError,
  useSearchParams,
  type RouteObject,
} from 'react-router-dom';
