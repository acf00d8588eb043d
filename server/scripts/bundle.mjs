/**
 * Bundles the server for `npm start` / `pnpm serve`: each entry (the supervisor, the server and its
 * two worker threads) becomes one ES module in server/dist, holding the server's own TypeScript and
 * the workspace packages it imports (@nivesh/api-contract, @nivesh/build's dev layout), with every
 * npm dependency left to Node to load from node_modules as usual (some read files beside their own
 * code: PGlite's WebAssembly, pino's transports, argon2's addon).
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

/** npm dependencies stay outside the bundle (with their subpaths); workspace packages go in. */
const external = Object.keys(pkg.dependencies ?? {})
  .filter((name) => !name.startsWith('@nivesh/'))
  .flatMap((name) => [name, `${name}/*`]);

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
