/**
 * `pnpm --filter @nivesh/server db:template` (run by `pnpm build`): builds the migrated PGlite
 * template (template.ts) for this PGlite version and these migrations, unless it is there already,
 * so the first start on a new data folder does not have to.
 */
import { migratedTemplate } from './template.js';

const startedAt = performance.now();
const folder = await migratedTemplate();
process.stdout.write(`database template: ${folder} (${Math.round(performance.now() - startedAt)} ms)\n`);
