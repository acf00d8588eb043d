/**
 * The per-route download budget, checked by the root `pnpm build` once every app is built.
 *
 * For a route, the bytes are the brotli-compressed JavaScript a browser with an empty cache
 * downloads before the route's page shows, read from the built outputs, each file counted once:
 *   - the shell: index.html's scripts and what its entry loads before the first render
 *     (shell/dist/startup-assets.json, written by StartupAssetsPlugin), and for a signed-in page
 *     the shell's parts it loads first (the routed app, the signed-in parts);
 *   - the remote that renders the route: its remoteEntry.js and the exposed page's synchronous
 *     chunks (its mf-manifest.json);
 *   - the shared singletons that remote declares, from the shell's copy when the shell provides the
 *     key (its copy is the one loaded), from the remote's own otherwise. Every declared key is
 *     counted, whether or not this page imports it: an upper bound.
 * A page's lazy chunks (exposes[].assets.js.async) load after it shows; they are reported, not
 * budgeted.
 *
 * Enforcement: NIVESH_BUDGET_ENFORCE=1 or 0 decides; unset, ENFORCE_BY_DEFAULT does.
 *
 * Each route has a budget, which the build enforces, and may have a goal: where the two differ the
 * budget is a ratchet just above what the route downloads today, which can only come down towards
 * the goal, and any growth fails the build.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { REMOTES, type RemoteName } from './remotes';
import { SHELL_PARTS, STARTUP_ASSETS_FILE, type ShellPart, type StartupAssets } from './startupAssets';

/** Whether a route over its budget fails the build when NIVESH_BUDGET_ENFORCE is unset. */
const ENFORCE_BY_DEFAULT = true;

const KB = 1024;

export interface RouteBudget {
  path: string;
  /** The remote and exposed module that render it (shell/src/app/router.tsx, routes.ts). */
  remote: RemoteName;
  module: string;
  /** What the build allows (fails above). */
  budgetKB: number;
  /** Where the route should get to, when the budget is still a ratchet above it. */
  goalKB?: number;
  /** The shell's parts the route loads before it shows (startupAssets.ts), beyond the first page's. */
  shellParts?: readonly ShellPart[];
}

export const ROUTE_BUDGETS: readonly RouteBudget[] = [
  // Issue 14's figures. The public landing page: the shell's first page and the landing remote.
  { path: '/', remote: 'landing', module: 'LandingPage', budgetKB: 150 },
  // A signed-in page also loads the routed app and the signed-in parts (router, store, api client,
  // the whole contract, the signed-in pages' Chakra).
  {
    path: '/dashboard',
    remote: 'dashboard',
    module: 'DashboardPage',
    budgetKB: 400,
    shellParts: ['routed-app', 'signed-in'],
  },
];

/** The parts of a remote's mf-manifest.json the budget reads. */
export interface RemoteManifest {
  metaData: { remoteEntry: { name: string; path: string } };
  shared: { name: string; assets: { js: { sync: string[]; async: string[] } } }[];
  exposes: { name: string; assets: { js: { sync: string[]; async: string[] } } }[];
}

/** One built file: which app's output folder holds it, and its path there. */
export interface BuiltFile {
  app: 'shell' | RemoteName;
  file: string;
}

export interface RouteInput {
  /** The scripts of the shell's index.html, as paths relative to shell/dist. */
  shellScripts: string[];
  shell: StartupAssets;
  /** The shell's parts the route loads before it shows. */
  shellParts?: readonly ShellPart[];
  remote: RemoteName;
  manifest: RemoteManifest;
  module: string;
}

export interface RouteFiles {
  /** What the route downloads before its page shows, each file once. */
  initial: BuiltFile[];
  /** The page's lazy chunks not already among `initial`. */
  lazy: BuiltFile[];
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

function hasJsAssets(value: unknown): value is { assets: { js: { sync: string[]; async: string[] } } } {
  const js = (value as { assets?: { js?: { sync?: unknown; async?: unknown } } } | null)?.assets?.js;
  return isStringArray(js?.sync) && isStringArray(js?.async);
}

function named(value: unknown): value is { name: string } {
  return typeof (value as { name?: unknown } | null)?.name === 'string';
}

/** Checks a parsed mf-manifest.json; throws a sentence naming the file when it is not one. */
export function parseManifest(json: unknown, source: string): RemoteManifest {
  const candidate = json as Partial<RemoteManifest> | null;
  const entry = candidate?.metaData?.remoteEntry;
  const valid =
    typeof entry?.name === 'string' &&
    typeof entry.path === 'string' &&
    Array.isArray(candidate?.shared) &&
    candidate.shared.every((item) => named(item) && hasJsAssets(item)) &&
    Array.isArray(candidate?.exposes) &&
    candidate.exposes.every((item) => named(item) && hasJsAssets(item));
  if (!valid) throw new Error(`${source} is not a Module Federation manifest (remoteEntry, shared, exposes)`);
  return candidate as RemoteManifest;
}

/** Checks a parsed startup-assets.json; throws a sentence naming the file when it is not one. */
export function parseStartupAssets(json: unknown, source: string): StartupAssets {
  const candidate = json as Partial<StartupAssets> | null;
  const shared = candidate?.shared;
  const parts = candidate?.parts as Record<string, unknown> | undefined;
  const valid =
    isStringArray(candidate?.startup) &&
    typeof parts === 'object' &&
    parts !== null &&
    SHELL_PARTS.every((part) => isStringArray(parts[part])) &&
    typeof shared === 'object' &&
    shared !== null &&
    Object.values(shared).every(isStringArray);
  if (!valid) throw new Error(`${source} is not the shell's startup assets (startup, parts, shared)`);
  return candidate as StartupAssets;
}

/** The `src` of every script element of an HTML page, without the leading slash. */
export function scriptSources(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1]!.replace(/^\//, ''));
}

/** Which built files a route downloads (pure: no file is read). */
export function routeFiles(input: RouteInput): RouteFiles {
  const { shell, manifest, remote, module } = input;
  const expose = manifest.exposes.find((item) => item.name === module);
  if (!expose) {
    const known = manifest.exposes.map((item) => item.name).join(', ');
    throw new Error(`The ${remote} remote exposes no "${module}" (it exposes: ${known})`);
  }
  const seen = new Set<string>();
  const take = (into: BuiltFile[], app: BuiltFile['app'], files: readonly string[]) => {
    for (const file of files) {
      if (!file.endsWith('.js')) continue;
      const key = `${app}/${file}`;
      if (seen.has(key)) continue;
      seen.add(key);
      into.push({ app, file });
    }
  };

  const initial: BuiltFile[] = [];
  take(initial, 'shell', input.shellScripts);
  take(initial, 'shell', shell.startup);
  for (const part of input.shellParts ?? []) take(initial, 'shell', shell.parts[part]);
  const entry = manifest.metaData.remoteEntry;
  take(initial, remote, [path.posix.join(entry.path, entry.name)]);
  take(initial, remote, expose.assets.js.sync);
  for (const shared of manifest.shared) {
    const fromShell = shell.shared[shared.name];
    if (fromShell) take(initial, 'shell', fromShell);
    else take(initial, remote, shared.assets.js.sync);
  }

  const lazy: BuiltFile[] = [];
  take(lazy, remote, expose.assets.js.async);
  return { initial, lazy };
}

/** The sum of `bytesOf` over the files. */
export function totalBytes(files: readonly BuiltFile[], bytesOf: (file: BuiltFile) => number): number {
  return files.reduce((sum, file) => sum + bytesOf(file), 0);
}

export interface RouteReport {
  path: string;
  renders: string;
  bytes: number;
  lazyBytes: number;
  budgetKB: number;
  goalKB: number;
}

export function isOverBudget(report: RouteReport): boolean {
  return report.bytes > report.budgetKB * KB;
}

// ---- Reading the built outputs ----

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

function appOutputDir(repoRoot: string, app: BuiltFile['app'], versions: Map<RemoteName, string>): string {
  if (app === 'shell') return path.join(repoRoot, 'shell', 'dist');
  const remote = REMOTES.find((item) => item.name === app)!;
  return path.join(repoRoot, remote.folder, 'dist', versions.get(app)!);
}

/** The newest build of a remote (the one whose mf-manifest.json was written last). */
function newestBuild(distDir: string): string {
  const builds = fs.existsSync(distDir)
    ? fs
        .readdirSync(distDir, { withFileTypes: true })
        .filter(
          (entry) => entry.isDirectory() && fs.existsSync(path.join(distDir, entry.name, 'mf-manifest.json')),
        )
        .map((entry) => ({
          name: entry.name,
          mtimeMs: fs.statSync(path.join(distDir, entry.name, 'mf-manifest.json')).mtimeMs,
        }))
        .sort((a, b) => b.mtimeMs - a.mtimeMs)
    : [];
  if (!builds[0]) throw new Error(`${distDir} holds no build: run \`pnpm build\` first`);
  return builds[0].name;
}

function readJson(file: string): unknown {
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run \`pnpm build\` first`);
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** A built file's brotli size: its precompressed .br sibling, or compressed here (files under 1 KB have none). */
function brotliBytes(file: string): number {
  const sibling = `${file}.br`;
  if (fs.existsSync(sibling)) return fs.statSync(sibling).size;
  if (!fs.existsSync(file)) throw new Error(`${file} is named by the build's manifests but is missing`);
  return zlib.brotliCompressSync(fs.readFileSync(file), {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
  }).length;
}

/** Every budgeted route's bytes, from the built outputs under `repoRoot`. */
export function measureRoutes(
  repoRoot: string = REPO_ROOT,
  routes: readonly RouteBudget[] = ROUTE_BUDGETS,
): RouteReport[] {
  const shellDir = path.join(repoRoot, 'shell', 'dist');
  const shell = parseStartupAssets(
    readJson(path.join(shellDir, STARTUP_ASSETS_FILE)),
    path.join(shellDir, STARTUP_ASSETS_FILE),
  );
  const indexPath = path.join(shellDir, 'index.html');
  if (!fs.existsSync(indexPath)) throw new Error(`${indexPath} is missing: run \`pnpm build\` first`);
  const shellScripts = scriptSources(fs.readFileSync(indexPath, 'utf8'));

  const versions = new Map<RemoteName, string>();
  return routes.map((route) => {
    const remote = REMOTES.find((item) => item.name === route.remote)!;
    const version = newestBuild(path.join(repoRoot, remote.folder, 'dist'));
    versions.set(route.remote, version);
    const manifestPath = path.join(repoRoot, remote.folder, 'dist', version, 'mf-manifest.json');
    const manifest = parseManifest(readJson(manifestPath), manifestPath);
    const files = routeFiles({
      shellScripts,
      shell,
      remote: route.remote,
      manifest,
      module: route.module,
      ...(route.shellParts ? { shellParts: route.shellParts } : {}),
    });
    const bytesOf = (file: BuiltFile) =>
      brotliBytes(path.join(appOutputDir(repoRoot, file.app, versions), file.file));
    return {
      path: route.path,
      renders: `${route.remote}/${route.module}`,
      bytes: totalBytes(files.initial, bytesOf),
      lazyBytes: totalBytes(files.lazy, bytesOf),
      budgetKB: route.budgetKB,
      goalKB: route.goalKB ?? route.budgetKB,
    };
  });
}

/** Whether an over-budget route fails the build: NIVESH_BUDGET_ENFORCE (1/0, true/false, on/off), else the default. */
export function enforcement(env: Readonly<Record<string, string | undefined>> = process.env): boolean {
  const value = env['NIVESH_BUDGET_ENFORCE']?.trim().toLowerCase();
  if (!value) return ENFORCE_BY_DEFAULT;
  if (['1', 'true', 'on', 'yes'].includes(value)) return true;
  if (['0', 'false', 'off', 'no'].includes(value)) return false;
  throw new Error(`NIVESH_BUDGET_ENFORCE must be 1 or 0 (or true/false, on/off), not "${value}"`);
}

const kb = (bytes: number) => (bytes / KB).toFixed(1);

/** The report as a text table: route, what renders it, KB, budget KB, lazy KB, status. */
export function formatTable(reports: readonly RouteReport[]): string {
  const header = ['route', 'renders', 'KB', 'budget KB', 'goal KB', 'lazy KB (after it shows)', 'status'];
  const rows = reports.map((report) => [
    report.path,
    report.renders,
    kb(report.bytes),
    String(report.budgetKB),
    String(report.goalKB),
    kb(report.lazyBytes),
    isOverBudget(report) ? 'OVER' : 'ok',
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column >= 2 && column <= 5 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!),
      )
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

function main(): number {
  const reports = measureRoutes();
  const enforce = enforcement();
  if (process.argv.includes('--json')) {
    process.stdout.write(`${JSON.stringify(reports)}\n`);
    return 0;
  }
  console.info('\nJavaScript a cold browser downloads per route (brotli, KB = 1024 bytes)\n');
  console.info(formatTable(reports));
  const over = reports.filter(isOverBudget);
  if (over.length === 0) return 0;
  const sentence = over
    .map((report) => `${report.path} downloads ${kb(report.bytes)} KB, over its ${report.budgetKB} KB budget`)
    .join('; ');
  if (!enforce) {
    console.warn(`Budget not enforced (NIVESH_BUDGET_ENFORCE off): ${sentence}.`);
    return 0;
  }
  console.error(`The build is over its download budget: ${sentence}.`);
  return 1;
}

if (require.main === module) {
  try {
    process.exitCode = main();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  }
}
