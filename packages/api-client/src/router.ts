/**
 * `@nivesh/api-client/router`: the parts of React Router the apps use, shared as one singleton
 * (packages/build/src/shared.ts) instead of the whole of react-router-dom: a shared module is not
 * tree-shaken, and this list is about half of it. The shell provides it, so the router context the
 * remotes' pages read is the shell's. Apps import React Router only from here (eslint's router
 * zone; tests, the standalone harness and the
 * test helpers, which render their own routers, may import react-router-dom); add a missing name here.
 */
import { useSearchParams } from 'react-router-dom';

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

/**
 * A page's open tab kept in its address (`/settings?tab=data-sources`, `/risk?tab=alerts`), so
 * another page can link straight to it and a reload keeps it. The first (default) tab leaves the
 * address without `tab`; an unknown `tab` opens the default.
 */
export function useTabInAddress<T extends string>(
  tabs: readonly T[],
  fallback: T = tabs[0]!,
): [tab: T, open: (next: string) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab = tabs.find((t) => t === requested) ?? fallback;
  const open = (next: string) => {
    const params = new URLSearchParams(searchParams);
    if (next === fallback || !tabs.some((t) => t === next)) params.delete('tab');
    else params.set('tab', next);
    setSearchParams(params, { replace: true });
  };
  return [tab, open];
}

/** The address of a page's tab, for links from other pages: tabAddress('/risk', 'alerts') -> '/risk?tab=alerts'. */
export function tabAddress(path: string, tab: string): string {
  return `${path}?tab=${encodeURIComponent(tab)}`;
}
