/**
 * `pnpm bench`: every benchmark measures the product against a baseline run in the same process,
 * one after the other, and prints the ratio. Absolute numbers depend on the machine; the ratio is
 * what to compare between runs. Rows with a goal (issue 14's table) say whether it is met, and the
 * summary below the table lists those missed.
 *
 * Each bench runs in a Node process of its own (this script again, with BENCH_CHILD naming the
 * bench), so one bench's leftovers do not weigh on the next: run in one process, the heap the
 * earlier benches left (measured after a forced collection: 42 MB live at the start, ~120 MB
 * live and ~700 MB resident by the time the reads ran) made every collection dearer for the later
 * ones, and the product's side, which allocates more than a bare baseline, paid more of it. The
 * child writes its rows to a file; this process prints the table.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchResult, Goal } from './load.js';

/** Each bench, loaded only in its own process. */
const all = {
  ticks: async () => (await import('./ticks.js')).benchTicks(),
  orders: async () => (await import('./orders.js')).benchPaperOrders(),
  analytics: async () => (await import('./analytics.js')).benchAnalytics(),
  backtests: async () => (await import('./backtests.js')).benchBacktests(),
  ml: async () => (await import('./ml.js')).benchMl(),
  cluster: async () => (await import('./cluster.js')).benchCluster(),
  reads: async () => (await import('./reads.js')).benchReads(),
  compression: async () => (await import('./compression.js')).benchCompression(),
  landing: async () => (await import('./landing.js')).benchLanding(),
  history: async () => (await import('./history.js')).benchHistory(),
  build: async () => (await import('./build.js')).benchBuild(),
  footprint: async () => (await import('./footprint.js')).benchFootprint(),
};
type BenchName = keyof typeof all;
const isBench = (name: string): name is BenchName => Object.hasOwn(all, name);

const child = process.env['BENCH_CHILD'];
if (child !== undefined) {
  // In a bench's own process: run it, write its rows (a bench answers one result, or several).
  if (!isBench(child)) throw new Error(`no bench named ${child}`);
  const rows = [await all[child]()].flat();
  writeFileSync(process.env['BENCH_RESULTS']!, JSON.stringify(rows));
} else {
  const only = process.env['BENCH_ONLY'];
  if (only !== undefined && !isBench(only))
    throw new Error(`BENCH_ONLY=${only}: no such bench (${Object.keys(all).join(', ')})`);
  const folder = mkdtempSync(path.join(tmpdir(), 'nivesh-bench-'));
  const results: BenchResult[] = [];
  try {
    for (const name of Object.keys(all) as BenchName[]) {
      if (only && only !== name) continue;
      const file = path.join(folder, `${name}.json`);
      // The parent only waits: a synchronous child is the whole of what it does.
      const run = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
        env: { ...process.env, BENCH_CHILD: name, BENCH_RESULTS: file },
        stdio: 'inherit',
      });
      if (run.error) throw run.error;
      if (run.status !== 0) throw new Error(`bench ${name} failed (${run.signal ?? `exit ${run.status}`})`);
      results.push(...(JSON.parse(readFileSync(file, 'utf8')) as BenchResult[]));
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }

  console.log('\nNivesh benchmarks (ratio = product / baseline, same run)\n');
  console.table(
    results.map((r) => ({
      benchmark: r.name,
      unit: r.unit ?? 'req/s',
      product: shown(r.product),
      baseline: shown(r.baseline),
      ratio: Number((r.product / r.baseline).toFixed(3)),
      goal: r.goal ? goalText(r.goal) : '',
      met: r.goal ? verdict(r, r.goal) : '',
    })),
  );
  const held = results.filter((r) => r.goal);
  const missed = held.filter((r) => !meets(r, r.goal!));
  console.log(
    `\nGoals met: ${held.length - missed.length} of ${held.length} (one run; issue 14 asks for the median of three).`,
  );
  for (const r of missed) {
    const goal = r.goal!;
    const value = goal.of === 'ratio' ? `ratio ${(r.product / r.baseline).toFixed(3)}` : shown(r.product);
    const baseline =
      goal.baselineToo && !within(r.baseline, goal)
        ? `; the baseline (${shown(r.baseline)}) misses it too`
        : '';
    const unit = goal.of === 'product' ? ` ${r.unit ?? 'req/s'}` : '';
    console.log(`  missed: ${r.name}: ${value}, goal ${goalText(goal)}${unit}${baseline}`);
  }
}

/** A measure as the table shows it: four significant digits. */
function shown(value: number): number {
  return Number(value.toPrecision(4));
}

/** What the goal asks, as the table shows it (the unit is the row's). */
function goalText(goal: Goal): string {
  return `${goal.of === 'ratio' ? 'ratio ' : ''}${goal.bound === 'min' ? '≥' : '≤'} ${goal.value}`;
}

function within(value: number, goal: Goal): boolean {
  return goal.bound === 'min' ? value >= goal.value : value <= goal.value;
}

function meets(r: BenchResult, goal: Goal): boolean {
  return within(goal.of === 'ratio' ? r.product / r.baseline : r.product, goal);
}

/** Met or not; for a goal the baseline is held to as well, whether the baseline meets it. */
function verdict(r: BenchResult, goal: Goal): string {
  const met = meets(r, goal) ? 'yes' : 'no';
  if (!goal.baselineToo) return met;
  return `${met} (baseline: ${within(r.baseline, goal) ? 'yes' : 'no'})`;
}
