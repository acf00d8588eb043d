import { expect, test } from '../support/fixtures';

test.describe('a remote that cannot be loaded', () => {
  test('shows its error with Retry on its route while the other routes work', async ({
    signedIn: page,
    server,
  }) => {
    // Make every file of the risk remote unreachable.
    await page.route('**/remotes/risk/**', (route) => route.abort('connectionrefused'));

    await page.goto(`${server.baseUrl}/risk`);
    const alert = page.getByRole('alert').filter({ hasText: 'could not be loaded' });
    await expect(alert).toBeVisible();
    await expect(alert.getByText('The Risk Management page could not be loaded')).toBeVisible();
    await expect(alert.getByRole('button', { name: 'Retry' })).toBeVisible();
    // The shell keeps working around it.
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Risk Management' })).toBeVisible();

    await page.getByRole('navigation').getByRole('link', { name: 'Portfolio' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeVisible();
    await page.getByRole('navigation').getByRole('link', { name: 'ML Intelligence' }).click();
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();

    // Once the files are reachable again, Retry loads the page without a reload.
    await page.getByRole('navigation').getByRole('link', { name: 'Risk Management' }).click();
    await expect(alert.getByRole('button', { name: 'Retry' })).toBeVisible();
    await page.unroute('**/remotes/risk/**');
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Risk Management' })).toBeVisible();
    await expect(page.getByText('The Risk Management page could not be loaded')).toHaveCount(0);
  });
});
