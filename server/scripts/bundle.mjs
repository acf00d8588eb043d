/**
 * Bundles the server for `npm start` / `pnpm serve`: each entry (the supervisor, the server and its
 * two worker threads) becomes one ES module in server/dist, holding the server's own TypeScript, the
 * workspace packages it imports (@nivesh/api-contract, @nivesh/build's dev layout) and the npm
 * dependencies that are plain JavaScript; those that read files beside their own code (PGlite's
 * WebAssembly, pino's transports, argon2's addon) or load on demand stay in node_modules
 * (LOADED_FROM_NODE_MODULES).
 *
 * Why: the same server run from its source through tsx compiles ~300 TypeScript files on every
 * start and keeps the loader and the compiled sources in memory; the bundle starts in a fraction of
 * the time and about 100 MB smaller (`BENCH_ONLY=footprint pnpm bench`). Tests and `pnpm dev` run
 * the source. Not minified: stack traces keep the source's names, and `dist/*.mjs.map` maps them
 * back to the TypeScript.
 *
 * Heavy dependencies that only some configurations use (the PostgreSQL driver, NATS, protobufjs for
 * the Upstox feed, rss-parser, nodemailer) are imported where they are first needed, so the
 * embedded default never loads them; bundle.test.ts holds the bundle to that.
 *
 * Usage: node scripts/bundle.mjs (about half a second; run by the server's `build` and `start`);
 * `--outdir DIR` writes elsewhere than server/dist, `--metafile FILE` also writes esbuild's
 * metafile (every output's imports, static or dynamic).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(fs.readFileSync(path.join(serverDir, 'package.json'), 'utf8'));

/** Entries, by their path under src without the extension; each gives dist/<file name>.mjs (paths.ts). */
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

async function bundleServer() {
  const outdir = path.resolve(option('--outdir') ?? path.join(serverDir, 'dist'));
  const metafile = option('--metafile');
  fs.rmSync(outdir, { recursive: true, force: true });
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
    metafile: metafile !== undefined,
    // The CommonJS dependencies of the workspace packages, if any, get a `require` in ES modules.
    banner: {
      js: "import { createRequire as __niveshRequire } from 'node:module'; const require = __niveshRequire(import.meta.url);",
    },
  });
  if (metafile) fs.writeFileSync(metafile, JSON.stringify(result.metafile));
}

await bundleServer();
