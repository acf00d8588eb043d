/**
 * The remote store: published releases, one immutable folder each,
 * `<store>/<remote>/<version>/` (default store: `<data dir>/remotes`). Browsers load them from
 * `<base URL>/<remote>/<version>/`: this server's own /remotes by default, or a static origin or
 * CDN that serves the same folder (NIVESH_REMOTES_BASE_URL).
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { RemoteName, RemoteVersion } from '@nivesh/api-contract';
import { HttpError } from '../http/errors.js';

/** The parts of a Module Federation manifest the registry relies on. */
export const FederationManifest = z
  .object({
    name: z.string(),
    metaData: z
      .object({
        buildInfo: z.object({ buildVersion: RemoteVersion }).loose(),
        remoteEntry: z.object({ name: z.string(), path: z.string() }).loose(),
      })
      .loose(),
    exposes: z.array(z.object({ name: z.string(), path: z.string() }).loose()),
  })
  .loose();
export type FederationManifest = z.infer<typeof FederationManifest>;

/**
 * The store does not hold what was asked for (no readable manifest, a build of another remote or
 * version, a version already there). Over HTTP it answers 409 with its sentence; the release
 * command prints the sentence.
 */
export class StoreError extends HttpError {
  override name = 'StoreError';
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(409, message);
    if (options.cause !== undefined) this.cause = options.cause;
  }
}

/** Reads and checks a build's manifest: it must name the remote, and carry its version. */
export function readManifest(
  dir: string,
  expected?: { name: RemoteName; version?: string },
): FederationManifest {
  const file = path.join(dir, 'mf-manifest.json');
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new StoreError(`No readable mf-manifest.json in ${dir}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const parsed = FederationManifest.safeParse(raw);
  if (!parsed.success) {
    throw new StoreError(
      `${file} is not a Module Federation manifest: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  const manifest = parsed.data;
  if (expected && manifest.name !== expected.name) {
    throw new StoreError(`${file} is a build of "${manifest.name}", not of "${expected.name}"`);
  }
  const version = manifest.metaData.buildInfo.buildVersion;
  if (expected?.version && version !== expected.version) {
    throw new StoreError(
      `The release folder of ${expected.name} ${expected.version} holds version ${version} (${file}): a release folder must hold the build of the version it is named after. Copy builds into the store with: pnpm release publish ${expected.name}`,
    );
  }
  return manifest;
}

/**
 * Puts the files of `from` (a build's version folder) at `to`, each as a hard link where the two
 * are on one file system, else as a copy. A build's version folder, like a release, is never
 * changed once written (a new build is a new version folder, and removing one unlinks its names
 * only), so a link is as good as a copy, and a fresh install adopts its ~40 MB of builds at once
 * instead of copying them.
 */
function linkOrCopy(from: string, to: string): void {
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) linkOrCopy(source, target);
    else if (entry.isFile()) {
      try {
        fs.linkSync(source, target);
      } catch {
        fs.copyFileSync(source, target);
      }
    }
  }
}

export interface RemoteStore {
  dir: string;
  baseUrl: string;
  releaseDir(name: string, version: string): string;
  has(name: string, version: string): boolean;
  entryUrl(name: string, version: string): string;
  /** Puts a build into the store (linkOrCopy); refuses a version that is already there. */
  copyIn(name: RemoteName, fromDir: string): { version: string; dir: string };
}

export function createRemoteStore(options: { dir: string; baseUrl: string }): RemoteStore {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const releaseDir = (name: string, version: string) => path.join(options.dir, name, version);
  return {
    dir: options.dir,
    baseUrl,
    releaseDir,
    has(name, version) {
      // Both parts come from URLs: only known remotes and well-formed versions reach the disk.
      return (
        RemoteName.safeParse(name).success &&
        RemoteVersion.safeParse(version).success &&
        fs.existsSync(path.join(releaseDir(name, version), 'mf-manifest.json'))
      );
    },
    entryUrl(name, version) {
      return `${baseUrl}/${name}/${encodeURIComponent(version)}/mf-manifest.json`;
    },
    copyIn(name, fromDir) {
      const manifest = readManifest(fromDir, { name });
      const version = manifest.metaData.buildInfo.buildVersion;
      const target = releaseDir(name, version);
      if (fs.existsSync(target)) {
        throw new StoreError(`${name} ${version} is already published; a published version never changes`);
      }
      fs.mkdirSync(path.dirname(target), { recursive: true });
      // Copy to a temporary folder first, so a half-copied release is never visible.
      const staging = `${target}.partial-${process.pid}`;
      linkOrCopy(fromDir, staging);
      fs.renameSync(staging, target);
      return { version, dir: target };
    },
  };
}
