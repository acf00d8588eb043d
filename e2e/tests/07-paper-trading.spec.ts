import { expect, test } from '../support/fixtures';

/**
 * The paper account end to end, on the simulated market (ticking at any hour in these tests):
 * an order placed from the ticket fills, shows in Holdings and in the dashboard's Recent
 * Activity, and prices keep moving on the page.
 */
test.describe('paper trading on the simulated market', () => {
  test('a market buy from the order ticket fills and shows in holdings and recent activity', async ({
    signedIn: page,
    server,
    problems,
  }) => {
    await page.goto(`${server.baseUrl}/portfolio`);
    await page.getByRole('button', { name: 'New Order' }).click();

    const ticket = page.getByRole('dialog');
    await ticket.getByLabel('Symbol').fill('INFY');
    await ticket.getByLabel('Quantity').fill('3');

    // The estimate with every charge appears before the order can be placed.
    const estimate = ticket.getByRole('table', { name: 'Order estimate' });
    await expect(estimate).toBeVisible();
    for (const charge of ['Brokerage', 'STT', 'Stamp duty', 'GST', 'Total charges']) {
      await expect(estimate.getByText(charge, { exact: false }).first()).toBeVisible();
    }
    await ticket.getByRole('button', { name: 'Place paper buy order' }).click();
    await expect(ticket).toBeHidden();

    const holdings = page.getByRole('table', { name: /holdings/i });
    const row = holdings.getByRole('row').filter({ hasText: 'INFY' });
    await expect(row).toBeVisible();
    await expect(row.getByRole('cell').nth(1)).toHaveText('3');

    await page.goto(`${server.baseUrl}/dashboard`);
    const activity = page.getByRole('list', { name: 'Recent activity' });
    await expect(activity.getByText(/Bought/).first()).toBeVisible();
    await expect(activity.getByText('INFY').first()).toBeVisible();

    expect(problems.list()).toEqual([]);
  });

  test('prices move on the page as ticks arrive', async ({ signedIn: page, server, problems }) => {
    await page.goto(`${server.baseUrl}/portfolio`);
    const price = page
      .getByRole('table', { name: /holdings/i })
      .getByRole('row')
      .filter({ hasText: 'INFY' })
      .getByTestId('current-price');
    await expect(price).toBeVisible();
    const first = await price.textContent();
    await expect.poll(async () => price.textContent(), { timeout: 20_000 }).not.toBe(first);

    await page.goto(`${server.baseUrl}/dashboard`);
    await expect(page.getByText('Simulated data').first()).toBeVisible();
    const nifty = page.getByTestId('index-NIFTY_50-value');
    await expect(nifty).toBeVisible();
    const level = await nifty.textContent();
    await expect.poll(async () => nifty.textContent(), { timeout: 20_000 }).not.toBe(level);

    expect(problems.list()).toEqual([]);
  });
});
