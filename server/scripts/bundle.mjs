/**
 * Bundles the server for `npm start` / `pnpm serve`: each entry (the supervisor, the server, its
 * training process and its template thread) becomes one ES module in server/dist/<version>/
 * (Versions, below), holding the server's own TypeScript, the workspace packages it imports
 * (@nivesh/api-contract, @nivesh/build's dev layout) and the npm dependencies that are plain
 * JavaScript; those that read files beside their own code (PGlite's WebAssembly, pino's
 * transports, argon2's addon) or load on demand stay in node_modules (LOADED_FROM_NODE_MODULES).
 *
 * Why: the same server run from its source through tsx compiles ~300 TypeScript files on every
 * start and keeps the loader and the compiled sources in memory; the bundle starts in a fraction of
 * the time and about 100 MB smaller (`BENCH_ONLY=footprint pnpm bench`). Tests and `pnpm dev` run
 * the source. Not minified: stack traces keep the source's names, and the `*.mjs.map` beside each
 * file map them back to the TypeScript.
 *
 * Heavy dependencies that only some configurations use (the PostgreSQL driver, NATS, protobufjs for
 * the Upstox feed, rss-parser, nodemailer) are imported where they are first needed, so the
 * embedded default never loads them; bundle.test.ts holds the bundle to that.
 *
 * Versions: a build never changes or removes files a running server uses, so one checkout can run
 * several servers, and a start (`pnpm serve`) or `pnpm build` can run while others serve. Each
 * build goes into server/dist/<version>/, the version being a hash of the files it writes (the
 * same sources give the same folder, which is then only reused); it is written under a temporary
 * name and renamed into place (complete or absent), and `dist/current` is then switched to it by an
 * atomic rename of a symbolic link. A server runs the version its supervisor was started from, and
 * finds its other entries beside its own file (paths.ts): a start after a source change gets the
 * new version, and the servers already running keep theirs. A process running a version holds it
 * with a file dist/<version>/running/<pid> (paths.ts holdBundle); a build removes the versions that
 * are not current, that no live process holds and that no build has written or reused for
 * PRUNE_AFTER_MS (a start that has just switched to a version holds it a moment later).
 *
 * Usage: node scripts/bundle.mjs (about half a second; run by the server's `build` and `start`);
 * `--outdir DIR` writes one unversioned bundle into DIR instead (emptied first), `--metafile FILE`
 * also writes esbuild's metafile (every output's imports, static or dynamic).
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.join(serverDir, 'dist');
/** The link to the version `pnpm serve` starts (dist/current/supervisor.mjs). */
const CURRENT = 'current';
/** A version folder's name: the first 16 hex digits of the SHA-256 of its files. */
const VERSION_NAME = /^[0-9a-f]{16}$/;
/** The folder in a version where each process running it keeps a file named by its pid (paths.ts). */
const HOLDERS = 'running';
/** A version no build has written or reused for this long, and that no live process holds, is removed. */
const PRUNE_AFTER_MS = 10 * 60_000;
const pkg = JSON.parse(fs.readFileSync(path.join(serverDir, 'package.json'), 'utf8'));

/**
 * Entries, by their path under src without the extension; each gives dist/<version>/<file name>.mjs
 * (paths.ts).
 */
const ENTRIES = ['supervisor', 'main', 'ml/trainWorker', 'db/templateWorker'];

/**
 * The npm dependencies left to Node to load from node_modules (with their subpaths); every other
 * one goes into the bundle with the workspace packages. Node resolves and compiles a dependency
 * file by file (fastify, zod, trading-signals and the ML libraries are hundreds of files); in the
 * bundle they are one file: the server is ready ~0.3 s sooner and ~30 MB smaller.
 */
const LOADED_FROM_NODE_MODULES = {
  '@electric-sql/pglite': 'reads its WebAssembly and data files from beside its code',
  '@node-rs/argon2': 'a native addon',
  pino: 'runs its transports in worker threads it starts by file path',
  'pino-pretty': "one of pino's transports",
  '@fastify/static': "@fastify/swagger-ui's, which serves the files of its own folder",
  '@fastify/swagger-ui': 'serves the files of its own folder',
  sentiment: 'requires its language files by a computed path',
  'drizzle-orm': "its PostgreSQL driver is loaded on demand: one copy of drizzle's classes",
  pg: 'on demand (PostgreSQL)',
  nats: 'on demand (NATS)',
  protobufjs: 'on demand (the Upstox feed)',
  'rss-parser': 'on demand (news feeds)',
  nodemailer: 'on demand (SMTP)',
  'graphology-types': 'types only',
  tsx: 'runs the sources in tests and `pnpm dev`',
};
const external = Object.keys(LOADED_FROM_NODE_MODULES).flatMap((name) => [name, `${name}/*`]);
const unknown = Object.keys(LOADED_FROM_NODE_MODULES).filter((name) => !(name in (pkg.dependencies ?? {})));
if (unknown.length > 0) throw new Error(`Not dependencies of the server: ${unknown.join(', ')}`);

function option(name) {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
}

/** The bundle's files, in memory: their paths relative to `outdir`, and their contents. */
async function bundleServer(outdir, metafile) {
  const result = await build({
    entryPoints: Object.fromEntries(
      ENTRIES.map((entry) => [path.basename(entry), path.join(serverDir, 'src', `${entry}.ts`)]),
    ),
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external,
    sourcemap: 'external',
    // Each entry its own file: the workers load nothing of the server they do not use.
    splitting: false,
    logLevel: 'warning',
    // The paths in the bundle's comments are relative to the server folder, whatever the caller's:
    // the same sources give the same files (and version).
    absWorkingDir: serverDir,
    write: false,
    metafile: metafile !== undefined,
    // The CommonJS dependencies of the workspace packages, if any, get a `require` in ES modules.
    banner: {
      js: "import { createRequire as __niveshRequire } from 'node:module'; const require = __niveshRequire(import.meta.url);",
    },
  });
  if (metafile) fs.writeFileSync(metafile, JSON.stringify(result.metafile));
  return result.outputFiles
    .map((file) => ({ name: path.relative(outdir, file.path), contents: file.contents }))
    .sort((a, b) => (a.name < b.name ? -1 : 1));
}

/** A new name in dist for what is being written or removed (prune removes what a dead build left). */
const temporary = () => path.join(distDir, `.tmp-${process.pid}-${randomBytes(4).toString('hex')}`);

function writeFiles(dir, files) {
  fs.mkdirSync(dir, { recursive: true });
  for (const file of files) fs.writeFileSync(path.join(dir, file.name), file.contents);
}

function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return error.code === 'EPERM';
  }
}

/** Whether a live process runs the version in `dir` (its files in dir/running, by pid). */
function held(dir) {
  let names;
  try {
    names = fs.readdirSync(path.join(dir, HOLDERS));
  } catch {
    return false;
  }
  return names.some((name) => /^\d+$/.test(name) && isRunning(Number(name)));
}

/**
 * Versions other than `keep` that no live process holds and no build has written or reused for
 * PRUNE_AFTER_MS; and what a build that died left (temporary folders and links) after as long.
 * Renamed aside first, so a folder is whole or gone.
 */
function prune(keep) {
  const now = Date.now();
  for (const entry of fs.readdirSync(distDir, { withFileTypes: true })) {
    const dir = path.join(distDir, entry.name);
    const version = entry.isDirectory() && VERSION_NAME.test(entry.name) && entry.name !== keep;
    const leftover = entry.name.startsWith('.tmp-');
    if (!version && !leftover) continue;
    let stat;
    try {
      stat = fs.lstatSync(dir);
    } catch {
      continue;
    }
    if (now - stat.mtimeMs < PRUNE_AFTER_MS || (version && held(dir))) continue;
    const aside = temporary();
    try {
      fs.renameSync(dir, aside);
    } catch {
      continue;
    }
    fs.rmSync(aside, { recursive: true, force: true });
  }
}

/** Writes the bundle as a version folder (or reuses it), switches dist/current to it, prunes. */
async function buildVersion() {
  fs.mkdirSync(distDir, { recursive: true });
  // Built for a folder one level below dist, as the version's will be: the source maps' relative
  // paths to the sources are the same.
  const files = await bundleServer(path.join(distDir, 'next'), option('--metafile'));
  const hash = createHash('sha256');
  for (const file of files) hash.update(file.name).update('\0').update(file.contents);
  const version = hash.digest('hex').slice(0, 16);
  const dir = path.join(distDir, version);
  if (!fs.existsSync(dir)) {
    const scratch = temporary();
    writeFiles(scratch, files);
    try {
      fs.renameSync(scratch, dir);
    } catch (error) {
      // Another build of the same sources put it there first: the same files.
      fs.rmSync(scratch, { recursive: true, force: true });
      if (error.code !== 'EEXIST' && error.code !== 'ENOTEMPTY') throw error;
    }
  }
  // Reused: written now as far as pruning is concerned.
  const now = new Date();
  fs.utimesSync(dir, now, now);
  const link = temporary();
  fs.symlinkSync(version, link, 'dir');
  fs.renameSync(link, path.join(distDir, CURRENT));
  prune(version);
}

const outdir = option('--outdir');
if (outdir) {
  fs.rmSync(path.resolve(outdir), { recursive: true, force: true });
  writeFiles(path.resolve(outdir), await bundleServer(path.resolve(outdir), option('--metafile')));
} else {
  await buildVersion();
}
