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
  'react-router-dom',
  'react-redux',
  '@reduxjs/toolkit',
  '@chakra-ui/react',
  '@emotion/react',
  '@nivesh/api-client',
  '@nivesh/ui',
] as const;

/**
 * Entry points other than a package's main one that must also resolve to the single copy (React's
 * JSX runtime is imported by every compiled component; react-router is what react-router-dom
 * re-exports; RTK Query's React entry holds the api's hooks).
 */
const DEEP_IMPORTS: Record<string, readonly string[]> = {
  react: ['react/jsx-runtime', 'react/jsx-dev-runtime'],
  'react-dom': ['react-dom/client'],
  'react-router-dom': ['react-router'],
  '@reduxjs/toolkit': ['@reduxjs/toolkit/query', '@reduxjs/toolkit/query/react'],
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
