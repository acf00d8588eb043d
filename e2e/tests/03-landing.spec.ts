import { expect, test } from '../support/fixtures';

test.describe('the landing page', () => {
  test('shows the hero and scrolls to each section from the header', async ({ page, server, problems }) => {
    await page.goto(`${server.baseUrl}/`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'See Patterns Before They Become Trends' }),
    ).toBeVisible();
    for (const [label, id] of [
      ['Idea', 'idea'],
      ['How It Thinks', 'thinking'],
      ['Modules', 'modules'],
      ['Applications', 'applications'],
      ['Ethos', 'ethos'],
    ] as const) {
      await page.getByRole('banner').getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`#${id}$`));
      await expect(page.locator(`#${id}`)).toBeInViewport();
    }
    await expect(page.getByText(new RegExp(`©\\s*${new Date().getFullYear()}`))).toBeVisible();
    expect(problems.list()).toEqual([]);
  });

  test('its Sign in link opens the login screen', async ({ page, server }) => {
    await page.goto(`${server.baseUrl}/`);
    await page
      .getByRole('link', { name: /sign in/i })
      .first()
      .click();
    await page.waitForURL('**/login');
    await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
  });
});
