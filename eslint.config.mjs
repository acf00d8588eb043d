// Lint: TypeScript's recommended rules, React hooks rules, and a few of our own.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Import patterns a zone may not use, with the sentence eslint shows. */
function zone(who, forbidden) {
  const groups = {
    remotes: {
      group: ['@nivesh/mfe-*', '@nivesh/mfe-*/**', '**/mfe-*/src/**', '**/mfe-*/src'],
      message: `${who} may not import a remote's code: load its exposed module through federation (loadRemoteModule from @nivesh/api-client) instead.`,
    },
    federationRuntime: {
      group: [
        '@module-federation/runtime',
        '@module-federation/runtime/**',
        '@module-federation/enhanced/runtime',
      ],
      message: `${who} may not import the Module Federation runtime: its own copy knows none of the remotes the shell registered. Load another remote's module with loadRemoteModule from @nivesh/api-client.`,
    },
    shell: {
      group: ['@nivesh/shell', '@nivesh/shell/**', '**/shell/src/**', '**/shell/src'],
      message: `${who} may not import the shell: shared code belongs in packages/ (api-client, ui, api-contract).`,
    },
    chakra: {
      group: ['@chakra-ui/react', '@chakra-ui/react/**'],
      message: `${who} may not import Chakra UI directly: import it from @nivesh/ui/chakra (or @nivesh/ui/chakra/core), the shared list of the components Nivesh uses (a shared module is not tree-shaken; add a missing one there).`,
    },
    router: {
      group: ['react-router-dom', 'react-router', 'react-router/**', 'react-router-dom/**'],
      message: `${who} may not import React Router directly: import it from @nivesh/api-client/router, the shared list of its parts Nivesh uses (a shared module is not tree-shaken; add a missing one there).`,
    },
    server: {
      group: ['@nivesh/server', '@nivesh/server/**', '**/server/src/**', '**/server/src'],
      message: `${who} may not import the server: talk to it over HTTP through @nivesh/api-client and the contract.`,
    },
  };
  return forbidden.map((name) => groups[name]);
}

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/.tsbuild/**',
      '**/node_modules/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
      eqeqeq: ['error', 'smart'],
    },
  },
  // Zones: a remote knows nothing of the other remotes, the shell or the server; the shell knows a
  // remote only by its federation name; shared packages know none of the apps. (lint/zones.test.mjs
  // shows each rule failing on a deliberate violation.)
  {
    files: ['mfe-*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: zone('A remote', ['remotes', 'shell', 'server', 'federationRuntime', 'chakra', 'router']),
        },
      ],
    },
  },
  {
    files: ['shell/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: zone('The shell', ['remotes', 'server', 'chakra', 'router']) },
      ],
    },
  },
  {
    files: ['packages/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: zone('A shared package', ['remotes', 'shell', 'server', 'chakra', 'router']) },
      ],
    },
  },
  {
    // What renders its own router, outside the apps' shared one, may import React Router directly:
    // tests and their helpers, the standalone harness, the landing page's prerender script. So may
    // the one module that re-exports it (see the router zone above).
    files: ['mfe-*/**/*.test.{ts,tsx}', 'mfe-*/**/*TestSupport.tsx', 'mfe-*/scripts/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: zone('A remote', ['remotes', 'shell', 'server', 'federationRuntime', 'chakra']) },
      ],
    },
  },
  {
    files: ['shell/**/*.test.{ts,tsx}', 'shell/**/*TestSupport.tsx'],
    rules: {
      'no-restricted-imports': ['error', { patterns: zone('The shell', ['remotes', 'server', 'chakra']) }],
    },
  },
  {
    files: [
      'packages/**/*.test.{ts,tsx}',
      'packages/api-client/src/testing/**',
      'packages/api-client/src/standalone/**',
      'packages/api-client/src/router.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: zone('A shared package', ['remotes', 'shell', 'server', 'chakra']) },
      ],
    },
  },
  {
    // The two modules that import Chakra UI itself (see the chakra zone above): the list of the
    // components Nivesh uses, and its part the public first page needs (chakraCore.ts).
    files: ['packages/ui/src/chakra.ts', 'packages/ui/src/chakraCore.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: zone('A shared package', ['remotes', 'shell', 'server']) },
      ],
    },
  },
  {
    // Playwright fixtures are functions that receive `use` and an often empty first argument.
    files: ['e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off', 'no-empty-pattern': 'off' },
  },
  {
    // Benchmarks and command-line tools print their results.
    files: ['bench/**/*.ts', 'server/src/cli.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['**/*.{cjs,js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
