/**
 * Settings › Risk Management shows the risk remote's settings panel (`risk/RiskSettings`) inside
 * the dashboard remote's Settings page. The dashboard loads it with the loader the shell provides,
 * so it comes from the release the shell registered and its load is reported like any other.
 */
import { expect, test } from '../support/fixtures';

test('Settings › Risk Management shows the risk settings panel from the risk remote', async ({
  signedIn: page,
  server,
  problems,
}) => {
  const loadReport = page.waitForRequest(
    (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/remotes/risk/loads',
  );
  await page.goto(`${server.baseUrl}/settings`);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  await page.getByRole('tab', { name: 'Risk Management' }).click();
  await expect(page).toHaveURL(/[?&]tab=risk\b/);
  const panel = page.getByRole('region', { name: 'Risk settings' });
  await expect(panel).toBeVisible();
  await expect(panel.getByText('Risk limits', { exact: true })).toBeVisible();
  await expect(panel.getByText('Risk alerts', { exact: true })).toBeVisible();
  await expect(page.getByText('Risk settings could not be loaded')).toHaveCount(0);

  // The load of risk/RiskSettings is reported, with the release the shell registered.
  const report = await loadReport;
  const releases = (await (await page.request.get(`${server.baseUrl}/api/remotes`)).json()) as {
    remotes: Array<{ name: string; version: string }>;
  };
  const risk = releases.remotes.find((remote) => remote.name === 'risk');
  expect(report.postDataJSON()).toEqual({ version: risk?.version });

  await page.waitForLoadState('networkidle');
  expect(problems.list()).toEqual([]);
});
