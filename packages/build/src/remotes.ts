/**
 * The five remotes (their registry name, also their federation name and URL segment, and folder)
 * and the development layout of `pnpm dev`: the one place that says which port each dev server
 * listens on and where they send /api and /ws. The server's remote registry, its allowed origins
 * and the webpack dev servers read it; the shell does not: it learns remote URLs from
 * GET /api/remotes at run time.
 *
 * Environment (read by devLayout):
 *   NIVESH_DEV_PORT_BASE  the shell's dev port (3000); remote i listens on base + its offset (1-5)
 *   NIVESH_DEV_API_URL    where the dev servers proxy /api and /ws (http://localhost:4000)
 */

/**
 * The build tooling depends on no app package (not even the contract, whose own tests use this
 * package's jest preset): the names are written here, and the server checks at compile time that
 * they are exactly the contract's REMOTE_NAMES (server/src/remotes/service.ts).
 */
export const REMOTES = [
  { name: 'landing', folder: 'mfe-landing', devPortOffset: 1 },
  { name: 'dashboard', folder: 'mfe-dashboard', devPortOffset: 2 },
  { name: 'risk', folder: 'mfe-risk', devPortOffset: 3 },
  { name: 'trading', folder: 'mfe-trading', devPortOffset: 4 },
  { name: 'ml_ops', folder: 'mfe-ml-ops', devPortOffset: 5 },
] as const satisfies readonly { name: string; folder: string; devPortOffset: number }[];

/** A remote's registry name, as this package knows it (the same set as the contract's RemoteName). */
export type RemoteName = (typeof REMOTES)[number]['name'];

const DEFAULT_DEV_PORT_BASE = 3000;
const API_DEV_PORT = 4000;
const DEFAULT_DEV_API_URL = `http://localhost:${API_DEV_PORT}`;

/** Where everything runs under `pnpm dev`. */
export interface DevLayout {
  /** The shell's dev server port. */
  shellPort: number;
  /** Each remote's dev server port. */
  remotePorts: Readonly<Record<RemoteName, number>>;
  /** The API server the dev servers proxy /api and /ws to. */
  apiUrl: string;
}

/** The layout from NIVESH_DEV_PORT_BASE and NIVESH_DEV_API_URL (defaults: 3000, http://localhost:4000). */
export function devLayout(env: Readonly<Record<string, string | undefined>> = process.env): DevLayout {
  const baseText = env['NIVESH_DEV_PORT_BASE']?.trim() || String(DEFAULT_DEV_PORT_BASE);
  const base = Number(baseText);
  const highest = Math.max(...REMOTES.map((r) => r.devPortOffset));
  if (!/^\d+$/.test(baseText) || base < 1 || base + highest > 65535) {
    throw new Error(`NIVESH_DEV_PORT_BASE must be a port from 1 to ${65535 - highest}, not "${baseText}"`);
  }
  const apiUrl = (env['NIVESH_DEV_API_URL']?.trim() || DEFAULT_DEV_API_URL).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]/.test(apiUrl)) {
    throw new Error(`NIVESH_DEV_API_URL must be an http(s) URL, not "${apiUrl}"`);
  }
  const remotePorts = Object.fromEntries(REMOTES.map((r) => [r.name, base + r.devPortOffset])) as Record<
    RemoteName,
    number
  >;
  return { shellPort: base, remotePorts, apiUrl };
}

/** The dev port of the shell (`shell`) or of a remote, by federation name. */
export function devPortOf(layout: DevLayout, name: string): number {
  if (name === 'shell') return layout.shellPort;
  const port = (layout.remotePorts as Record<string, number | undefined>)[name];
  if (port === undefined) throw new Error(`No dev port for "${name}": not the shell or a remote in REMOTES`);
  return port;
}

/** `http://localhost:<port>` of the shell's and every remote's dev server, shell first. */
export function devOrigins(layout: DevLayout): { shell: string; remotes: string[] } {
  return {
    shell: `http://localhost:${layout.shellPort}`,
    remotes: REMOTES.map((r) => `http://localhost:${layout.remotePorts[r.name]}`),
  };
}
