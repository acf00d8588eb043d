/**
 * The public landing page, a remote page like the others. A visitor's first page shows it without
 * the router (LandingWithoutRouter, from App); once the routed app is up, its `/` route shows it.
 */
import { useCallback } from 'react';
import type { RemoteName } from '@nivesh/api-contract/remotes';
import { RemotePage, type RemotePageProps } from '../remotes/RemotePage';
import { loadRemoteModule, type LoadedRemoteModule } from '../remotes/remoteRegistry';

// The public page carries no build label (the signed-in pages and the v1.0 tooltip do).
export const LANDING_PAGE = {
  remote: 'landing',
  module: 'LandingPage',
  label: 'The landing page',
  releaseNote: false,
} as const satisfies RemotePageProps;

/** Whether a loaded page module says it renders outside React Router (@nivesh/api-client/navigation). */
function rendersWithoutRouter(module: unknown): boolean {
  return (module as { rendersWithoutRouter?: unknown } | null)?.rendersWithoutRouter === true;
}

/**
 * The landing page outside the router. A release that does not say it renders without the router
 * (one built before its links went through `followInApp`) needs the router's context: then
 * `onNeedsRouter` shows the routed app instead, whose `/` route renders that release, and this
 * load never settles (the component is replaced; the prerender stays until the routed page shows).
 */
export function LandingWithoutRouter({ onNeedsRouter }: { onNeedsRouter(): void }) {
  const load = useCallback(
    async <T,>(remote: RemoteName, module: string, isRetry: boolean): Promise<LoadedRemoteModule<T>> => {
      const loaded = await loadRemoteModule<T>(remote, module, isRetry);
      if (rendersWithoutRouter(loaded.module)) return loaded;
      onNeedsRouter();
      return new Promise<never>(() => undefined);
    },
    [onNeedsRouter],
  );
  return <RemotePage {...LANDING_PAGE} load={load} />;
}
