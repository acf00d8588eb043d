/**
 * `pnpm bench`: every benchmark measures the product against a baseline run in the same process,
 * one after the other, and prints the ratio. Absolute numbers depend on the machine; the ratio is
 * what to compare between runs.
 */
import { benchHealth } from './health.js';
import { benchTicks } from './ticks.js';
import { benchPaperOrders } from './orders.js';
import { benchAnalytics } from './analytics.js';
import { benchBacktests } from './backtests.js';
import { benchMl } from './ml.js';
import { benchCluster } from './cluster.js';
import { benchReads } from './reads.js';
import { benchCompression } from './compression.js';
import { benchLanding } from './landing.js';
import { benchHistory } from './history.js';
import { benchBuild } from './build.js';
import { benchFootprint } from './footprint.js';

const only = process.env['BENCH_ONLY'];
const all = {
  health: benchHealth,
  ticks: benchTicks,
  orders: benchPaperOrders,
  analytics: benchAnalytics,
  backtests: benchBacktests,
  ml: benchMl,
  cluster: benchCluster,
  reads: benchReads,
  compression: benchCompression,
  landing: benchLanding,
  history: benchHistory,
  build: benchBuild,
  footprint: benchFootprint,
};
const results = [];
// A bench answers one result, or several (ml).
for (const [name, bench] of Object.entries(all))
  if (!only || only === name) results.push(...[await bench()].flat());

console.log('\nNivesh benchmarks (ratio = product / baseline, same run)\n');
console.table(
  results.map((r) => ({
    benchmark: r.name,
    unit: r.unit ?? 'req/s',
    product: Number(r.product.toPrecision(4)),
    baseline: Number(r.baseline.toPrecision(4)),
    ratio: Number((r.product / r.baseline).toFixed(3)),
  })),
);
