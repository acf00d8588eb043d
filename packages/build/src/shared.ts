/**
 * The shared singletons of ARCHITECTURE.md: exactly one copy of each reaches the browser. The shell
 * provides them (it loads first, behind its async boundary); remotes consume the shell's copy and
 * carry their own only as a fallback for standalone development.
 */
import fs from 'node:fs';
import path from 'node:path';

export const SHARED_SINGLETON_PACKAGES = [
  'react',
  'react-dom',
  'react-redux',
  '@reduxjs/toolkit',
  '@emotion/react',
  '@nivesh/api-client',
  // Its schemas carry the part of zod they use: zod itself is not shared (whole, it is four times
  // the part the contract uses).
  '@nivesh/api-contract',
  '@nivesh/ui',
] as const;

/**
 * Entry points other than a package's main one that must also resolve to the single copy (React's
 * JSX runtime is imported by every compiled component; RTK Query's React entry holds the api's hooks).
 */
const DEEP_IMPORTS: Record<string, readonly string[]> = {
  react: ['react/jsx-runtime', 'react/jsx-dev-runtime'],
  'react-dom': ['react-dom/client'],
  // React Router is shared through the list of its parts the apps use (packages/api-client/src/
  // router.ts), not whole, like Chakra UI below.
  '@nivesh/api-client': ['@nivesh/api-client/router'],
  '@reduxjs/toolkit': ['@reduxjs/toolkit/query', '@reduxjs/toolkit/query/react'],
  // Chakra UI is shared through the list of components Nivesh uses (packages/ui/src/chakra.ts), not
  // whole: a shared module is not tree-shaken. What the public first page needs of it, and of
  // @nivesh/ui, is shared on its own too (chakraCore.ts, core.ts), so that page downloads only that.
  '@nivesh/ui': ['@nivesh/ui/core', '@nivesh/ui/chakra', '@nivesh/ui/chakra/core'],
};

function installedVersion(appDir: string, name: string): string {
  const pkg = JSON.parse(
    fs.readFileSync(path.join(appDir, 'node_modules', name, 'package.json'), 'utf8'),
  ) as {
    version: string;
  };
  return `^${pkg.version}`;
}

export interface SharedConfig {
  singleton: true;
  requiredVersion: string;
  strictVersion: false;
}

/** The `shared` option for an app, given its package.json dependencies. */
export function sharedSingletons(
  appDir: string,
  dependencies: Record<string, string>,
): Record<string, SharedConfig> {
  const shared: Record<string, SharedConfig> = {};
  for (const name of SHARED_SINGLETON_PACKAGES) {
    const range = dependencies[name];
    if (!range) continue;
    const requiredVersion = range.startsWith('workspace:') ? installedVersion(appDir, name) : range;
    for (const key of [name, ...(DEEP_IMPORTS[name] ?? [])]) {
      shared[key] = { singleton: true, requiredVersion, strictVersion: false };
    }
  }
  return shared;
}
