/**
 * knip (run by `pnpm lint`): unused files, exports, types and dependencies across the workspace.
 * Entry points are what runs without being imported. Its plugins find most of them (each app's
 * webpack entry, jest and node:test files, Playwright specs, package.json scripts); this adds the
 * modules each remote exposes (its src/exposes.ts, read here so the two cannot drift), each app's
 * bootstrap.tsx (behind its async import boundary), the server's test files and the lint tests.
 */
import type { KnipConfig } from 'knip';
import type { SHARED_SINGLETON_PACKAGES } from '@nivesh/build/shared';
import { exposes as dashboard } from './mfe-dashboard/src/exposes';
import { exposes as landing } from './mfe-landing/src/exposes';
import { exposes as mlOps } from './mfe-ml-ops/src/exposes';
import { exposes as risk } from './mfe-risk/src/exposes';
import { exposes as trading } from './mfe-trading/src/exposes';

type Singleton = (typeof SHARED_SINGLETON_PACKAGES)[number];

/**
 * An app: its bootstrap and the modules it exposes are entries. `shares` are the shared
 * singletons it lists in package.json without importing them: the federation config shares what
 * package.json lists, so the app still carries its fallback copy (Emotion, say, which Chakra UI
 * needs as one instance and an app reaches only through @nivesh/ui/chakra). tsx is how webpack-cli
 * loads its webpack.config.ts.
 */
const emotion: Singleton = '@emotion/react';

function app({ exposes = {}, shares = [] }: { exposes?: Record<string, string>; shares?: Singleton[] }) {
  return {
    entry: ['src/bootstrap.tsx', ...Object.values(exposes)],
    project: ['src/**/*.{ts,tsx}', '*.ts'],
    ignoreDependencies: ['tsx', ...shares],
  };
}

const noStore: Singleton[] = ['@reduxjs/toolkit', 'react-redux'];

const config: KnipConfig = {
  workspaces: {
    '.': { entry: ['lint/*.test.mjs'], project: ['lint/**/*.{mjs,cjs}', '*.{mjs,ts}'] },
    shell: app({ shares: [emotion] }),
    'mfe-dashboard': app({ exposes: dashboard, shares: [...noStore, emotion] }),
    // Its build also runs scripts/prerender.tsx (with tsx), which renders the page inside @nivesh/ui.
    'mfe-landing': {
      ...app({ exposes: landing }),
      project: ['src/**/*.{ts,tsx}', 'scripts/**/*.{tsx,cjs}', '*.ts'],
      ignoreDependencies: [...noStore, emotion],
    },
    'mfe-ml-ops': app({ exposes: mlOps, shares: [...noStore, emotion] }),
    'mfe-risk': app({ exposes: risk, shares: [...noStore, emotion] }),
    'mfe-trading': app({ exposes: trading, shares: noStore }),
    'packages/*': { project: ['src/**/*.{ts,tsx,cjs}'] },
    'packages/build': {
      project: ['src/**/*.{ts,cjs}'],
      // The apps' `webpack` command runs webpack-cli (tsx, which loads their webpack.config.ts, is
      // also this package's own script runner: `budget`, `test`).
      ignoreDependencies: ['webpack-cli'],
    },
    server: {
      // The bundle's entries (scripts/bundle.mjs), which run as processes and worker threads.
      entry: ['src/**/*.test.ts', 'src/supervisor.ts', 'src/ml/trainWorker.ts', 'src/db/templateWorker.ts'],
      project: ['src/**/*.ts', 'scripts/*.mjs', '*.ts'],
      // pino loads its pretty printer by name (main.ts: transport target).
      ignoreDependencies: ['pino-pretty'],
    },
    e2e: { project: ['**/*.ts'] },
    bench: { project: ['src/**/*.ts'] },
  },
  // The jest preset of @nivesh/build names its transformer and environment; they are its dependencies.
  ignoreDependencies: ['@swc/jest', 'jest-fixed-jsdom'],
  // The end-to-end tests run the root package's scripts (`pnpm serve`, `pnpm release`).
  ignoreBinaries: ['serve', 'release'],
};

export default config;
