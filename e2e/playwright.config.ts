/**
 * End-to-end tests: the built product started the way `pnpm serve` starts it (see
 * support/globalSetup.ts), driven in Debian's headless Chromium. No browser is downloaded.
 */
import { defineConfig } from '@playwright/test';
import { CHROMIUM_PATH } from './support/chromium';

export default defineConfig({
  testDir: './tests',
  // The first-run test sets the password the others sign in with: one worker, files in order.
  workers: 1,
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  retries: 0,
  reporter: [['list']],
  globalSetup: './support/globalSetup.ts',
  globalTeardown: './support/globalTeardown.ts',
  outputDir: './test-results',
  use: {
    headless: true,
    viewport: { width: 1366, height: 860 },
    // No smooth scrolling (the theme's, for motion-safe users): a click's scroll into view must be
    // done when the pointer lands, or the pointer can land on what scrolled under it.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
