import { expect, test } from '../support/fixtures';

/** Every protected route, with the sidebar entry that must be active on it. */
const ROUTES: Array<{ path: string; nav: string }> = [
  { path: '/dashboard', nav: 'Dashboard' },
  { path: '/portfolio', nav: 'Portfolio' },
  { path: '/research', nav: 'Research' },
  { path: '/performance', nav: 'Performance' },
  { path: '/backtests', nav: 'Backtests' },
  { path: '/trades', nav: 'Trades' },
  { path: '/allocation', nav: 'Daily Allocation' },
  { path: '/admin/allocation', nav: 'Daily Allocation' },
  { path: '/paper-trading', nav: 'Paper Trading' },
  { path: '/risk', nav: 'Risk Management' },
  { path: '/ml-intelligence', nav: 'ML Intelligence' },
  { path: '/production-scaling', nav: 'Production Scaling' },
  { path: '/tick-streaming', nav: 'Tick Streaming' },
  { path: '/auto-scaling', nav: 'Auto-Scaling' },
  { path: '/settings', nav: 'Settings' },
];

test.describe('every protected route', () => {
  for (const route of ROUTES) {
    test(`${route.path} renders in the layout with no console errors`, async ({
      signedIn: page,
      server,
      problems,
    }) => {
      await page.goto(`${server.baseUrl}${route.path}`);
      const nav = page.getByRole('navigation');
      await expect(nav.getByRole('link', { name: route.nav })).toHaveAttribute('aria-current', 'page');
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      // The e2e server's simulated market is always open: outside NSE hours it says so.
      await expect(page.getByTestId('market-status')).toHaveText(
        /^(Market Open|Market Closed|Simulated session open \(NSE closed\))$/,
      );
      // Let polling and lazy panels settle, then look at what the browser reported.
      await page.waitForLoadState('networkidle');
      await expect(page.getByText(/^The .+ page (could not be loaded|stopped working)$/)).toHaveCount(0);
      expect(problems.list()).toEqual([]);
    });
  }

  test('an unknown path shows the application error fallback', async ({ signedIn: page, server }) => {
    await page.goto(`${server.baseUrl}/no-such-page`);
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
    await expect(page.getByText('404 Not Found')).toBeVisible();
  });
});
