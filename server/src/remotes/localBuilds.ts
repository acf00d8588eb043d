/**
 * The builds `pnpm --filter @nivesh/mfe-<name> build` leaves in `mfe-<name>/dist/<version>/`.
 * `pnpm release publish` copies one into the remote store; the server adopts them on a fresh
 * install (and on every start when NIVESH_ADOPT_LOCAL_BUILDS is set, as `npm start` does).
 */
import fs from 'node:fs';
import path from 'node:path';
import { REMOTES } from '@nivesh/build/remotes';
import { RemoteVersion, type RemoteName } from '@nivesh/api-contract';

export interface LocalBuild {
  name: RemoteName;
  version: string;
  dir: string;
  builtAt: number;
}

/** The builds of a remote in its dist folder, newest first. */
export function localBuilds(appsDir: string, name: RemoteName): LocalBuild[] {
  const remote = REMOTES.find((r) => r.name === name);
  if (!remote) return [];
  const distDir = path.join(appsDir, remote.folder, 'dist');
  let entries: string[];
  try {
    entries = fs.readdirSync(distDir);
  } catch {
    return [];
  }
  return entries
    .filter((version) => RemoteVersion.safeParse(version).success)
    .flatMap((version) => {
      const dir = path.join(distDir, version);
      try {
        const builtAt = fs.statSync(path.join(dir, 'mf-manifest.json')).mtimeMs;
        return [{ name, version, dir, builtAt }];
      } catch {
        return [];
      }
    })
    .sort((a, b) => b.builtAt - a.builtAt);
}
