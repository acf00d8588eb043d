/**
 * The jest settings every front-end package uses: jsdom with Node's fetch, Request and streams
 * (jest-fixed-jsdom, so RTK Query and msw run as in a browser), TypeScript and JSX through SWC,
 * CSS imports ignored, jest-dom matchers.
 */
const path = require('node:path');

const swc = [
  require.resolve('@swc/jest'),
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

/** @param {string} dir the package folder  @param {string} displayName */
function web(dir, displayName) {
  return {
    displayName,
    rootDir: dir,
    testEnvironment: require.resolve('jest-fixed-jsdom'),
    testEnvironmentOptions: { customExportConditions: [''] },
    testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
    // .mjs too: some of msw's dependencies ship ES modules only, and Node 20 cannot require them.
    transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
    transformIgnorePatterns: ['/node_modules/(?!(.*\\.mjs$|(\\.pnpm/[^/]+/node_modules/)?(until-async)/))'],
    moduleNameMapper: {
      '^(\\.{1,2}/.*)\\.js$': '$1',
    },
    setupFilesAfterEnv: [path.join(__dirname, 'setupWeb.cjs')],
    clearMocks: true,
  };
}

/** Pure TypeScript with no DOM (api-contract, build). */
function node(dir, displayName) {
  return {
    displayName,
    rootDir: dir,
    testEnvironment: 'node',
    testMatch: ['<rootDir>/src/**/*.test.ts'],
    transform: { '^.+\\.(t|j)sx?$': swc },
    moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  };
}

module.exports = { web, node };
