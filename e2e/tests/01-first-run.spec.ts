import { expect, test, E2E_PASSWORD, OPERATOR_EMAIL, SESSION_STORAGE_KEY } from '../support/fixtures';

test.describe('first run', () => {
  test('the setup link opens setup mode; setting the password lands on the dashboard', async ({
    page,
    server,
    problems,
  }) => {
    const link = new URL(server.setupLink);
    await page.goto(`${server.baseUrl}${link.pathname}${link.search}`);

    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    await expect(page.getByLabel('Setup token')).toHaveValue(link.searchParams.get('setup') as string);
    await page.getByLabel('New password', { exact: true }).fill(E2E_PASSWORD);
    await page.getByLabel('Confirm password', { exact: true }).fill(E2E_PASSWORD);
    await expect(page.getByTestId('password-strength')).toHaveText('Strong');
    await page.getByRole('button', { name: 'Set password and sign in' }).click();

    await page.waitForURL('**/dashboard', { timeout: 15_000 });
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    // Paper mode with no broker ever configured: a quiet invitation, not a red panel left open.
    const broker = page.getByRole('region', { name: 'Broker token' });
    await expect(broker.getByText('Connect Upstox for live trading')).toBeVisible();
    await expect(broker.getByText('Missing')).toHaveCount(0);
    await expect(broker.getByRole('textbox', { name: 'Access token' })).toHaveCount(0);
    const stored = await page.evaluate((key) => window.localStorage.getItem(key), SESSION_STORAGE_KEY);
    expect(stored).toBeTruthy();
    expect(problems.list()).toEqual([]);
  });

  test('sign out, then sign in with the new password', async ({ page, server, problems }) => {
    await page.goto(`${server.baseUrl}/login`);
    await page.getByLabel('Email', { exact: true }).fill(OPERATOR_EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/dashboard', { timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    await page.getByRole('button', { name: /^Account menu for / }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL('**/login');
    const stored = await page.evaluate((key) => window.localStorage.getItem(key), SESSION_STORAGE_KEY);
    expect(stored).toBeNull();

    await page.goto(`${server.baseUrl}/risk`);
    await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
    expect(problems.list()).toEqual([]);
  });
});
