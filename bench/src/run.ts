/**
 * `pnpm bench`: every benchmark measures the product against a baseline run in the same process,
 * one after the other, and prints the ratio. Absolute numbers depend on the machine; the ratio is
 * what to compare between runs.
 */
import { benchHealth } from './health.js';

const results = [await benchHealth()];

console.log('\nNivesh benchmarks (ratio = product / baseline, same run)\n');
console.table(
  results.map((r) => ({
    benchmark: r.name,
    'product req/s': Math.round(r.product),
    'baseline req/s': Math.round(r.baseline),
    ratio: Number((r.product / r.baseline).toFixed(3)),
  })),
);
