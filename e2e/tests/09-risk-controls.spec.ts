/**
 * Risk controls end to end on the simulated market: a trade shows in the risk figures and the
 * equity curve; a crossed loss limit puts the account in "reducing only" (the shell says so and
 * the order ticket's buy is refused); Emergency Stop All cancels the open order, halts new buys
 * until it is lifted, and lifting it lets buys through again.
 */
import type { Page } from '@playwright/test';
import { expect, signInThroughApi, test } from '../support/fixtures';

interface Api {
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body: unknown): Promise<{ status: number; body: T }>;
}

function apiOf(page: Page, baseUrl: string, token: string): Api {
  const headers = { authorization: `Bearer ${token}` };
  return {
    async get<T>(path: string) {
      const res = await page.request.get(`${baseUrl}${path}`, { headers });
      expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
      return (await res.json()) as T;
    },
    async post<T>(path: string, body: unknown) {
      const res = await page.request.post(`${baseUrl}${path}`, { headers, data: body });
      return { status: res.status(), body: (await res.json()) as T };
    },
  };
}

/** Opens the order ticket on the page shown for a buy of `quantity` TCS and returns the dialog. */
async function ticketFor(page: Page, quantity: number) {
  await page.getByRole('button', { name: 'New Order' }).click();
  const ticket = page.getByRole('dialog');
  await ticket.getByLabel('Symbol').fill('TCS');
  await ticket.getByLabel('Quantity').fill(String(quantity));
  return ticket;
}

type Limits = { position_limits: Record<string, number>; loss_limits: Record<string, number> };

test('a trade moves the risk figures; a crossed loss limit and the emergency stop refuse buys until cleared', async ({
  page,
  server,
  problems,
}) => {
  const api = apiOf(page, server.baseUrl, await signInThroughApi(page, server));

  // A trade: the risk page tracks one more position and the equity curve moves.
  await page.goto(`${server.baseUrl}/risk`);
  const tracked = page.getByText(/\d+ positions? tracked/);
  await expect(tracked).toBeVisible();
  const trackedBefore = await tracked.textContent();
  await page.goto(`${server.baseUrl}/performance`);
  const equity = page.getByTestId('equity-summary');
  await expect(equity).toBeVisible();
  const equityBefore = await equity.textContent();

  const buy = await api.post<{ data: { status: string } }>('/api/trading/orders', {
    symbol: 'HDFCBANK',
    side: 'BUY',
    quantity: 25,
    order_type: 'MARKET',
    product: 'CNC',
  });
  expect(buy.status).toBe(200);
  expect(buy.body.data.status).toBe('filled');

  await page.goto(`${server.baseUrl}/risk`);
  await expect(page.getByText(/\d+ positions? tracked/)).not.toHaveText(trackedBefore ?? '');
  await page.getByRole('tab', { name: 'Positions' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'HDFCBANK' })).toBeVisible();
  await page.goto(`${server.baseUrl}/performance`);
  await expect.poll(async () => equity.textContent(), { timeout: 30_000 }).not.toBe(equityBefore);

  // A loss limit crossed: a ₹1 weekly loss limit (the day's charges alone cross it).
  const saved = (await api.get<{ data: Limits }>('/api/risk/limits')).data;
  const tight = await api.post('/api/risk/limits', {
    position_limits: saved.position_limits,
    loss_limits: { ...saved.loss_limits, daily_loss_limit: 1, weekly_loss_limit: 1, monthly_loss_limit: 1 },
  });
  expect(tight.status).toBe(200);
  await page.goto(`${server.baseUrl}/portfolio`);
  await expect(page.getByRole('alert', { name: 'Reducing only' })).toContainText(
    'REDUCING ONLY · Only orders that reduce a position are accepted.',
  );
  const ticket = await ticketFor(page, 1);
  await expect(
    ticket.getByText(/^Reducing only: This week's loss .* is past the ₹1 weekly loss limit\./),
  ).toBeVisible();
  await ticket.getByRole('button', { name: 'Cancel' }).click();
  const restored = await api.post('/api/risk/limits', {
    position_limits: saved.position_limits,
    loss_limits: saved.loss_limits,
  });
  expect(restored.status).toBe(200);

  // Emergency Stop All: a resting buy far below the market is cancelled and new buys are refused.
  const preview = await api.post<{ data: { estimated_price: number } }>('/api/trading/orders/preview', {
    symbol: 'TCS',
    side: 'BUY',
    quantity: 1,
    order_type: 'MARKET',
    product: 'CNC',
  });
  const resting = await api.post<{ data: { status: string } }>('/api/trading/orders', {
    symbol: 'TCS',
    side: 'BUY',
    quantity: 1,
    order_type: 'LIMIT',
    // Below the price, inside its band of the day (±20% of the previous close): it rests.
    limit_price: Math.floor(preview.body.data.estimated_price * 0.9),
    product: 'CNC',
  });
  expect(resting.body.data.status).toBe('open');
  await page.goto(`${server.baseUrl}/portfolio`);
  await expect(
    page.getByRole('table', { name: 'Open orders' }).getByRole('row').filter({ hasText: 'TCS' }),
  ).toBeVisible();

  await page.goto(`${server.baseUrl}/risk`);
  await page.getByRole('button', { name: 'Emergency Stop All' }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByRole('textbox', { name: /Reason/ }).fill('End-to-end check of the emergency stop');
  await dialog.getByRole('button', { name: 'Halt & cancel orders' }).click();
  await expect(dialog.getByText('Cancelled 1 open order; squared off 0 positions.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
  await expect(page.getByRole('alert', { name: 'Trading halted' })).toContainText(
    '“End-to-end check of the emergency stop”',
  );

  await page.goto(`${server.baseUrl}/portfolio`);
  await expect(page.getByRole('table', { name: 'Open orders' })).toHaveCount(0);
  const halted = await ticketFor(page, 1);
  await expect(halted.getByText(/^Halted: Emergency stop in force since/)).toBeVisible();
  await halted.getByRole('button', { name: 'Cancel' }).click();
  const refused = await api.post<{ limit: string }>('/api/trading/orders', {
    symbol: 'TCS',
    side: 'BUY',
    quantity: 1,
    order_type: 'MARKET',
    product: 'CNC',
  });
  expect(refused.status).toBe(422);
  expect(refused.body.limit).toBe('emergency_stop');

  // Lift it (a second confirmation): the banner goes and a buy is taken again.
  await page.goto(`${server.baseUrl}/risk`);
  await page.getByRole('button', { name: 'Lift emergency stop' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Lift the stop' }).click();
  await expect(page.getByRole('alert', { name: 'Trading halted' })).toHaveCount(0);
  const again = await api.post<{ data: { status: string } }>('/api/trading/orders', {
    symbol: 'TCS',
    side: 'BUY',
    quantity: 1,
    order_type: 'MARKET',
    product: 'CNC',
  });
  expect(again.status).toBe(200);

  await page.waitForLoadState('networkidle');
  expect(problems.list()).toEqual([]);
});
