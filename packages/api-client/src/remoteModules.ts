/**
 * The one way to load a module another remote exposes (`risk/RiskSettings`, say). The shell owns
 * the Module Federation runtime: the releases it registered from GET /api/remotes, the fallback
 * from a failing canary to stable, and the load and failure reports. It provides its loader here
 * when it starts, and a remote reaches it through this package (a shared singleton, so the remote
 * gets the shell's copy). A remote never calls the federation runtime itself: its own copy knows
 * none of the registered remotes.
 *
 * Where the shell is absent (a remote's standalone harness, unit tests) nothing is provided and a
 * load fails with `RemoteLoaderMissingError`, for the caller's fallback to show.
 */
import type { ReleaseChannel, RemoteName } from '@nivesh/api-contract';

export interface LoadedRemoteModule<T> {
  module: T;
  /** The release it came from (stable after a canary fell back). */
  version: string;
  channel: ReleaseChannel;
}

/**
 * Loads `<remote>/<module>` and reports the load or the failure. `isRetry` asks the shell to fetch
 * the list of releases again first (after a failure, so a restored remote loads without a reload).
 */
export type RemoteModuleLoader = <T>(
  remote: RemoteName,
  module: string,
  isRetry: boolean,
) => Promise<LoadedRemoteModule<T>>;

export class RemoteLoaderMissingError extends Error {
  constructor(remote: RemoteName, module: string) {
    super(`${remote}/${module} loads only inside the Nivesh shell, which is not running this page.`);
    this.name = 'RemoteLoaderMissingError';
  }
}

/**
 * Where the provided loader lives: on the global object, not in this module. The shell imports this
 * module by itself (`@nivesh/api-client/remoteModules`, so that a visitor's first page does not
 * download the whole api-client), which makes its copy a different module instance from the shared
 * api-client the remotes call; both must see the same loader.
 */
const PROVIDED = Symbol.for('nivesh.remoteModuleLoader');
const holder = globalThis as typeof globalThis & { [PROVIDED]?: RemoteModuleLoader | null };

/** The shell calls this when it starts; `null` takes the loader back (tests). */
export function provideRemoteModuleLoader(loader: RemoteModuleLoader | null): void {
  holder[PROVIDED] = loader;
}

export async function loadRemoteModule<T>(
  remote: RemoteName,
  module: string,
  options: { isRetry?: boolean } = {},
): Promise<LoadedRemoteModule<T>> {
  const provided = holder[PROVIDED];
  if (!provided) throw new RemoteLoaderMissingError(remote, module);
  return provided<T>(remote, module, options.isRetry ?? false);
}
