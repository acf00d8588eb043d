/**
 * `pnpm bench`: every benchmark measures the product against a baseline run in the same process,
 * one after the other, and prints the ratio. Absolute numbers depend on the machine; the ratio is
 * what to compare between runs.
 */
import { benchHealth } from './health.js';
import { benchTicks } from './ticks.js';
import { benchPaperOrders } from './orders.js';

const results = [await benchHealth(), await benchTicks(), await benchPaperOrders()];

console.log('\nNivesh benchmarks (ratio = product / baseline, same run)\n');
console.table(
  results.map((r) => ({
    benchmark: r.name,
    unit: r.unit ?? 'req/s',
    product: Math.round(r.product),
    baseline: Math.round(r.baseline),
    ratio: Number((r.product / r.baseline).toFixed(3)),
  })),
);
