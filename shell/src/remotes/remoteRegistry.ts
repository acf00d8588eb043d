/**
 * Remotes at run time: before the first render the shell asks the server which build of each
 * remote to load (GET /api/remotes) and registers those entries with the Module Federation
 * runtime. No remote URL is compiled into the shell.
 */
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { RemotesResponse, type RemoteEntry, type RemoteName } from '@nivesh/api-contract';

export interface RemoteCatalogue {
  remotes: RemoteEntry[];
  missing: RemoteName[];
  /** Set when the catalogue itself could not be fetched. */
  error: string | null;
}

let catalogue: RemoteCatalogue = { remotes: [], missing: [], error: null };

export function currentCatalogue(): RemoteCatalogue {
  return catalogue;
}

function register(remotes: RemoteEntry[], force: boolean) {
  registerRemotes(
    remotes.map((remote) => ({ name: remote.name, entry: new URL(remote.entry, window.location.href).href })),
    { force },
  );
}

export async function loadRemoteCatalogue(fetchImpl: typeof fetch = fetch): Promise<RemoteCatalogue> {
  try {
    const response = await fetchImpl('/api/remotes', { headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`GET /api/remotes answered ${response.status}`);
    const parsed = RemotesResponse.parse(await response.json());
    catalogue = { remotes: parsed.remotes, missing: parsed.missing, error: null };
    register(parsed.remotes, false);
  } catch (error) {
    catalogue = { remotes: [], missing: [], error: error instanceof Error ? error.message : String(error) };
  }
  return catalogue;
}

/** The version of a remote this page loads, for the operator (About, footer tooltip). */
export function remoteVersion(name: RemoteName): string | null {
  return catalogue.remotes.find((remote) => remote.name === name)?.version ?? null;
}

export class RemoteUnavailableError extends Error {
  constructor(
    readonly remote: RemoteName,
    reason: string,
  ) {
    super(reason);
    this.name = 'RemoteUnavailableError';
  }
}

/**
 * Loads `<remote>/<module>`. After a failure, a retry fetches the catalogue again and re-registers
 * the remote, so a rebuilt or restored remote loads without reloading the page.
 */
export async function loadRemoteModule<T>(remote: RemoteName, module: string, isRetry: boolean): Promise<T> {
  if (isRetry || catalogue.error) {
    await loadRemoteCatalogue();
    const entry = catalogue.remotes.find((r) => r.name === remote);
    if (entry) register([entry], true);
  }
  if (catalogue.error)
    throw new RemoteUnavailableError(
      remote,
      `The list of page groups could not be loaded (${catalogue.error}).`,
    );
  if (!catalogue.remotes.some((r) => r.name === remote)) {
    throw new RemoteUnavailableError(remote, `The "${remote}" page group is not built on this server.`);
  }
  try {
    const loaded = await loadRemote<T>(`${remote}/${module}`);
    if (!loaded) throw new Error(`${remote}/${module} is empty`);
    return loaded;
  } catch (error) {
    throw new RemoteUnavailableError(remote, error instanceof Error ? error.message : String(error));
  }
}
