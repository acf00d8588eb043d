/**
 * Remotes at run time. Before the first render the shell learns which release of each remote this
 * browser loads (stable, or a canary for a share of browsers) and registers those entries with the
 * Module Federation runtime; no remote URL is compiled into the shell. The page the server sends
 * carries that catalogue (server/src/web/shell.ts: GET /api/remotes's answer for this browser,
 * checked by the server against the contract's schema), so the first page asks for nothing before
 * it loads its remotes; a page without it (a dev server's) and a retry after a failure fetch GET
 * /api/remotes and parse the answer with the contract's schema, loaded then.
 *
 * A runtime plugin watches loads: when a canary's entry or a module of it fails to load, it reports
 * the failure, switches that remote to its stable release and loads from there, in the same page
 * view (no blank screen, no reload loop). Successful loads are reported too: the server rolls a
 * canary back by itself when it fails in clearly more browsers than the stable release. Reports
 * are best effort and quiet: the server answers 200 (`counted: false`) for a report it does not
 * count, and when it says this browser holds no client id of its own (`reporting: false`, its
 * reports would be refused) none are sent.
 *
 * Remotes load each other's modules (the risk settings inside Settings) through the same loader:
 * the shell provides `loadRemoteModule` to them through `@nivesh/api-client` when it sets up the
 * runtime, so those loads get the same releases, fallback and reports.
 */
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
// The loader's own module, not the whole api-client: a visitor's first page needs none of the rest.
import { provideRemoteModuleLoader, type LoadedRemoteModule } from '@nivesh/api-client/remoteModules';
// The contract's plain part: zod and the schemas load only when the catalogue is fetched.
import { fillPath, REMOTE_CATALOGUE_ELEMENT_ID, REMOTE_CATALOGUE_PATHS } from '@nivesh/api-contract/plain';
import type { FailureKind, RemoteEntry, RemoteName, RemotesResponse } from '@nivesh/api-contract/remotes';

export interface RemoteCatalogue {
  remotes: RemoteEntry[];
  missing: RemoteName[];
  /** Set when the catalogue itself could not be fetched. */
  error: string | null;
  /** Whether the server takes this browser's load and failure reports. */
  reporting: boolean;
}

let catalogue: RemoteCatalogue = { remotes: [], missing: [], error: null, reporting: true };
/** Remotes this page view moved from their canary to stable; they stay there until a reload. */
const fellBack = new Set<RemoteName>();
/** Releases whose successful load was already reported in this page view. */
const reportedLoads = new Set<string>();

export function currentCatalogue(): RemoteCatalogue {
  return catalogue;
}

export function catalogueEntry(name: RemoteName): RemoteEntry | undefined {
  return catalogue.remotes.find((remote) => remote.name === name);
}

function register(remotes: RemoteEntry[], force: boolean) {
  registerRemotes(
    remotes.map((remote) => ({ name: remote.name, entry: new URL(remote.entry, window.location.href).href })),
    { force },
  );
}

function post(path: string, body: unknown) {
  // Reports are best effort: they must never get in the way of the page.
  if (!catalogue.reporting) return;
  void fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    keepalive: true,
  })
    // Nothing here depends on the answer (whether it counted), but an unread answer keeps its
    // request open in the browser until the page is collected: read it to the end.
    .then((response) => response.arrayBuffer())
    .catch(() => undefined);
}

export function reportFailure(name: RemoteName, version: string, kind: FailureKind, error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  post(fillPath(REMOTE_CATALOGUE_PATHS.reportFailure, { name }), {
    version,
    kind,
    message: message.slice(0, 500),
  });
}

function reportLoad(name: RemoteName, version: string) {
  const key = `${name}@${version}`;
  if (reportedLoads.has(key)) return;
  reportedLoads.add(key);
  post(fillPath(REMOTE_CATALOGUE_PATHS.reportLoad, { name }), { version });
}

/**
 * Moves a remote from its canary to its stable release for the rest of this page view. Returns
 * false when it is not on a canary (nothing to fall back to).
 */
export function fallBackToStable(name: RemoteName): boolean {
  const entry = catalogueEntry(name);
  if (!entry || entry.channel !== 'canary' || !entry.fallback) return false;
  const stable: RemoteEntry = {
    ...entry,
    version: entry.fallback.version,
    entry: entry.fallback.entry,
    channel: 'stable',
    fallback: null,
  };
  catalogue = {
    ...catalogue,
    remotes: catalogue.remotes.map((remote) => (remote.name === name ? stable : remote)),
  };
  fellBack.add(name);
  register([stable], true);
  return true;
}

/** Errors from fetching the manifest or remoteEntry.js, as opposed to a module's own chunks. */
function failureKind(error: unknown): FailureKind {
  const text = error instanceof Error ? `${error.message} ${error.stack ?? ''}` : String(error);
  return /manifest|remoteEntry|RUNTIME-00[1-8]/i.test(text) ? 'entry' : 'module';
}

/** The Module Federation runtime plugin that falls back from a failing canary to stable. */
export const canaryFallbackPlugin: ModuleFederationRuntimePlugin = {
  name: 'nivesh-canary-fallback',
  async errorLoadRemote(args) {
    const name = args.id.split('/')[0] as RemoteName;
    const entry = catalogueEntry(name);
    if (!entry || entry.channel !== 'canary' || args.lifecycle !== 'onLoad') return undefined;
    reportFailure(name, entry.version, failureKind(args.error), args.error);
    console.warn(
      `Canary ${name} ${entry.version} failed to load; loading the stable release instead`,
      args.error,
    );
    fallBackToStable(name);
    return args.origin.loadRemote(args.id);
  },
};

let runtimeSetUp = false;

/**
 * The catalogue the page came with, once: it is taken out of the page, so a later load (a retry)
 * asks the server again. Null when the page has none.
 */
function pageCatalogue(): RemotesResponse | null {
  const element = document.getElementById(REMOTE_CATALOGUE_ELEMENT_ID);
  if (!element) return null;
  element.remove();
  return JSON.parse(element.textContent ?? '') as RemotesResponse;
}

/** GET /api/remotes, parsed with the contract's schema (loaded with it: a few kilobytes of zod). */
async function fetchCatalogue(fetchImpl: typeof fetch): Promise<RemotesResponse> {
  const response = await fetchImpl(REMOTE_CATALOGUE_PATHS.list, {
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`GET /api/remotes answered ${response.status}`);
  const { RemotesResponse: schema } = await import('@nivesh/api-contract/remotes');
  return schema.parse(await response.json());
}

export async function loadRemoteCatalogue(fetchImpl: typeof fetch = fetch): Promise<RemoteCatalogue> {
  if (!runtimeSetUp) {
    registerPlugins([canaryFallbackPlugin]);
    // Remotes load another remote's module through the shell's runtime, never their own.
    provideRemoteModuleLoader(loadRemoteModule);
    runtimeSetUp = true;
  }
  try {
    const parsed = pageCatalogue() ?? (await fetchCatalogue(fetchImpl));
    // A remote that already fell back in this page view stays on stable.
    const remotes = parsed.remotes.map((remote) =>
      fellBack.has(remote.name) && remote.fallback
        ? {
            ...remote,
            version: remote.fallback.version,
            entry: remote.fallback.entry,
            channel: 'stable' as const,
            fallback: null,
          }
        : remote,
    );
    catalogue = { remotes, missing: parsed.missing, error: null, reporting: parsed.reporting ?? true };
    register(remotes, false);
  } catch (error) {
    catalogue = {
      remotes: [],
      missing: [],
      error: error instanceof Error ? error.message : String(error),
      reporting: true,
    };
  }
  return catalogue;
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

export type { LoadedRemoteModule };

/**
 * Loads `<remote>/<module>`. After a failure, a retry fetches the catalogue again and re-registers
 * the remote, so a rebuilt or restored remote loads without reloading the page.
 */
export async function loadRemoteModule<T>(
  remote: RemoteName,
  module: string,
  isRetry: boolean,
): Promise<LoadedRemoteModule<T>> {
  if (isRetry || catalogue.error) {
    await loadRemoteCatalogue();
    const entry = catalogueEntry(remote);
    if (entry) register([entry], true);
  }
  if (catalogue.error) {
    throw new RemoteUnavailableError(
      remote,
      `The list of page groups could not be loaded (${catalogue.error}).`,
    );
  }
  if (!catalogueEntry(remote)) {
    throw new RemoteUnavailableError(remote, `The "${remote}" page group is not published on this server.`);
  }
  try {
    const loaded = await loadRemote<T>(`${remote}/${module}`);
    if (!loaded) throw new Error(`${remote}/${module} is empty`);
    const entry = catalogueEntry(remote) as RemoteEntry;
    reportLoad(remote, entry.version);
    return { module: loaded, version: entry.version, channel: entry.channel };
  } catch (error) {
    const entry = catalogueEntry(remote);
    if (entry) reportFailure(remote, entry.version, failureKind(error), error);
    throw new RemoteUnavailableError(remote, error instanceof Error ? error.message : String(error));
  }
}
