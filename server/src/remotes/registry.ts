/**
 * Finds the current build of each remote: `<apps dir>/mfe-<name>/dist/<version>/mf-manifest.json`,
 * written by `pnpm --filter @nivesh/mfe-<name> build`. The manifest is read from disk (never
 * hard-coded), parsed with a schema, and re-read when a remote is rebuilt, so a new build of one
 * remote is picked up without restarting the server or touching the others.
 *
 * Under `pnpm dev` (NIVESH_DEV_REMOTES) the entries point at the remotes' webpack dev servers.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { REMOTES, type RemoteDescriptor } from '@nivesh/build/remotes';
import type { RemoteEntry, RemoteName } from '@nivesh/api-contract';

export const VERSION_PATTERN = /^[0-9A-Za-z.+-]{1,100}$/;

/** The parts of a Module Federation manifest the registry relies on. */
const FederationManifest = z
  .object({
    name: z.string(),
    metaData: z
      .object({
        buildInfo: z.object({ buildVersion: z.string() }).loose(),
        remoteEntry: z.object({ name: z.string(), path: z.string() }).loose(),
      })
      .loose(),
    exposes: z.array(z.object({ name: z.string(), path: z.string() }).loose()),
  })
  .loose();

export interface RemoteBuild {
  name: RemoteName;
  version: string;
  /** Folder holding the build's files. */
  dir: string;
  exposes: string[];
}

export interface RemoteRegistry {
  /** The build each browser should load, and the remotes with none. */
  current(): { remotes: RemoteEntry[]; missing: RemoteName[] };
  /** The folder of a remote's build by version, if this server has it. */
  buildDir(name: string, version: string): string | null;
}

function descriptor(name: string): RemoteDescriptor | undefined {
  return REMOTES.find((remote) => remote.name === name);
}

export function createBuildRegistry(options: {
  appsDir: string;
  devRemotes: boolean;
  log: { warn(obj: object, msg: string): void };
}): RemoteRegistry {
  const cache = new Map<string, { mtimeMs: number; build: RemoteBuild | null }>();

  function readBuild(remote: RemoteDescriptor, version: string): RemoteBuild | null {
    const dir = path.join(options.appsDir, remote.folder, 'dist', version);
    const manifestPath = path.join(dir, 'mf-manifest.json');
    let stat: fs.Stats;
    try {
      stat = fs.statSync(manifestPath);
    } catch {
      return null;
    }
    const cached = cache.get(manifestPath);
    if (cached && cached.mtimeMs === stat.mtimeMs) return cached.build;
    let build: RemoteBuild | null = null;
    try {
      const manifest = FederationManifest.parse(JSON.parse(fs.readFileSync(manifestPath, 'utf8')));
      if (manifest.name !== remote.name) {
        throw new Error(`manifest names remote "${manifest.name}", expected "${remote.name}"`);
      }
      build = { name: remote.name, version, dir, exposes: manifest.exposes.map((e) => e.name) };
    } catch (error) {
      options.log.warn({ manifestPath, err: error }, 'ignoring an unreadable remote manifest');
    }
    cache.set(manifestPath, { mtimeMs: stat.mtimeMs, build });
    return build;
  }

  function latestBuild(remote: RemoteDescriptor): RemoteBuild | null {
    const distDir = path.join(options.appsDir, remote.folder, 'dist');
    let versions: string[];
    try {
      versions = fs.readdirSync(distDir).filter((entry) => VERSION_PATTERN.test(entry));
    } catch {
      return null;
    }
    const builds = versions
      .map((version) => readBuild(remote, version))
      .filter((build): build is RemoteBuild => build !== null)
      .map((build) => ({ build, mtimeMs: fs.statSync(path.join(build.dir, 'mf-manifest.json')).mtimeMs }))
      .sort((a, b) => b.mtimeMs - a.mtimeMs);
    return builds[0]?.build ?? null;
  }

  return {
    current() {
      if (options.devRemotes) {
        return {
          remotes: REMOTES.map((remote) => ({
            name: remote.name,
            version: 'dev',
            entry: `http://localhost:${remote.devPort}/mf-manifest.json`,
            exposes: [],
          })),
          missing: [],
        };
      }
      const remotes: RemoteEntry[] = [];
      const missing: RemoteName[] = [];
      for (const remote of REMOTES) {
        const build = latestBuild(remote);
        if (!build) {
          missing.push(remote.name);
          continue;
        }
        remotes.push({
          name: build.name,
          version: build.version,
          entry: `/remotes/${build.name}/${encodeURIComponent(build.version)}/mf-manifest.json`,
          exposes: build.exposes,
        });
      }
      return { remotes, missing };
    },

    buildDir(name, version) {
      const remote = descriptor(name);
      if (!remote || !VERSION_PATTERN.test(version)) return null;
      return readBuild(remote, version)?.dir ?? null;
    },
  };
}
