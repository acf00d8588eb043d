/**
 * The front-end build (issue 14):
 *   - one remote's rebuild after a one-file change, with webpack's persistent cache warm: what a
 *     team waits for to ship a remote (product), against the same remote's build with an empty
 *     cache, which is what every build cost before the cache (baseline). Both run on a copy of
 *     mfe-risk in a temporary folder (the repository's own sources, dist and cache are not touched);
 *   - the per-route download budget: the brotli JavaScript a cold browser downloads per route
 *     (product, KB) against its budget (baseline, KB), from the repository's built outputs
 *     (packages/build/src/budget.ts); left out, with a note, when the apps are not built.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { goals, type BenchResult } from './load.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const REMOTE = 'mfe-risk';
/** The file the "one-file change" edits (an exposed page, so the change reaches a chunk). */
const CHANGED_FILE = path.join('src', 'pages', 'RiskPage', 'RiskPage.tsx');
const COPIED = ['src', 'package.json', 'tsconfig.json', 'webpack.config.ts', 'module-federation.config.ts'];
/** Build state webpack and Module Federation keep under node_modules: the copy starts without it. */
const NOT_LINKED = new Set(['.cache', '.federation', '.bin']);

/** A copy of the remote whose node_modules links to the real one's packages. */
function copyRemote(): { root: string; appDir: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'nivesh-bench-build-'));
  const appDir = path.join(root, REMOTE);
  const source = path.join(REPO, REMOTE);
  // The app's tsconfig.json extends ../tsconfig.base.json.
  fs.copyFileSync(path.join(REPO, 'tsconfig.base.json'), path.join(root, 'tsconfig.base.json'));
  for (const item of COPIED) fs.cpSync(path.join(source, item), path.join(appDir, item), { recursive: true });
  const modules = path.join(appDir, 'node_modules');
  fs.mkdirSync(modules);
  for (const entry of fs.readdirSync(path.join(source, 'node_modules'))) {
    if (!NOT_LINKED.has(entry))
      fs.symlinkSync(path.join(source, 'node_modules', entry), path.join(modules, entry));
  }
  return { root, appDir };
}

/** `webpack --mode production` in the app folder; its wall-clock seconds. */
function build(appDir: string): number {
  const webpack = path.join(
    fs.realpathSync(path.join(REPO, REMOTE, 'node_modules', 'webpack')),
    'bin',
    'webpack.js',
  );
  const started = process.hrtime.bigint();
  execFileSync(process.execPath, [webpack, '--mode', 'production'], { cwd: appDir, stdio: 'pipe' });
  return Number(process.hrtime.bigint() - started) / 1e9;
}

/** The build folders (one per version) in the app's dist/. */
function builds(appDir: string): string[] {
  const dist = path.join(appDir, 'dist');
  return fs.existsSync(dist) ? fs.readdirSync(dist) : [];
}

function assertComplete(appDir: string, version: string) {
  for (const file of ['mf-manifest.json', 'remoteEntry.js']) {
    if (!fs.existsSync(path.join(appDir, 'dist', version, file))) {
      throw new Error(`The ${REMOTE} build ${version} has no ${file}`);
    }
  }
}

async function benchRemoteRebuild(): Promise<BenchResult> {
  const { root, appDir } = copyRemote();
  try {
    const cold = build(appDir);
    const [first] = builds(appDir);
    fs.appendFileSync(path.join(appDir, CHANGED_FILE), `\nexport const benchEdit = ${Date.now()};\n`);
    // The build id is the time to the second: the warm build must get its own version folder.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const warm = build(appDir);
    const second = builds(appDir).find((version) => version !== first);
    if (!first || !second)
      throw new Error(`Two builds of ${REMOTE} should give two versions: ${builds(appDir).join(', ')}`);
    assertComplete(appDir, first);
    assertComplete(appDir, second);
    return {
      name: `${REMOTE} rebuild after a one-file change (warm cache vs cold)`,
      unit: 's',
      product: warm,
      baseline: cold,
      goal: goals.atMost(10),
    };
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

interface RouteReport {
  path: string;
  bytes: number;
  budgetKB: number;
  goalKB: number;
}

function routeBudgets(): BenchResult[] {
  let output: string;
  try {
    output = execFileSync(process.execPath, ['--import', 'tsx', path.join('src', 'budget.ts'), '--json'], {
      cwd: path.join(REPO, 'packages', 'build'),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    console.warn(`Route budgets left out: ${stderr || String(error)}`);
    return [];
  }
  const reports = JSON.parse(output) as RouteReport[];
  return reports.map((report) => ({
    name: `JS downloaded by a cold browser for ${report.path} (brotli) vs goal (enforced budget ${report.budgetKB} KB)`,
    unit: 'KB',
    product: report.bytes / 1024,
    baseline: report.goalKB,
    goal: goals.atMost(report.goalKB),
  }));
}

export async function benchBuild(): Promise<BenchResult[]> {
  return [await benchRemoteRebuild(), ...routeBudgets()];
}
