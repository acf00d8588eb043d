/**
 * The trading loop end to end on the simulated market (kept open whatever the hour): the operator
 * switches automation on from Daily Allocation, the allocator runs the day's allocation by itself
 * (within 30 s), its orders carry the strategy in the trade history, the Decisions view lists what
 * it decided and why, the top bar says automation is on, and pausing stops it.
 */
import { expect, signInThroughApi, test } from '../support/fixtures';

/** The parts of the answers this test reads (the contract's AutomationStatus, DecisionDay, Order). */
interface AutomationStatus {
  last_run: { status: string; lines: string[]; orders_placed: number } | null;
}
interface DecisionDay {
  trading_day: string;
  decisions: Array<{ action: string; symbol: string; strategy: string }>;
}
interface Order {
  side: string;
  strategy: string;
  order_type: string;
  status: string;
}

test('automation trades by itself once switched on, and shows its decisions and strategy', async ({
  page,
  server,
  problems,
}) => {
  test.setTimeout(120_000);
  const token = await signInThroughApi(page, server);
  const headers = { authorization: `Bearer ${token}` };
  const get = async <T>(path: string) => {
    const res = await page.request.get(`${server.baseUrl}${path}`, { headers });
    expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
    return ((await res.json()) as { data: T }).data;
  };

  await page.goto(`${server.baseUrl}/allocation`);
  await expect(page.getByRole('group', { name: 'Automation' })).toContainText('Paused');
  await expect(page.getByTestId('automation-status')).toContainText('Automation paused');

  // The simulated market is open at every hour, so any run time is taken (the field says so); the
  // earliest, 00:00, makes the run due at once whatever the hour.
  await expect(page.getByText(/any run time is taken/)).toBeVisible();
  await page.getByLabel('Run time (IST)').fill('00:00');
  await page.getByRole('button', { name: 'Resume automation' }).click();
  // It says the day's run happens now: the market is open and today's run has not happened.
  await expect(
    page.getByText(
      /^Automation on: .*today's run starts now \(within 30 seconds\); then the allocator runs each day at 00:00 IST\.$/,
    ),
  ).toBeVisible();
  await expect(page.getByTestId('automation-status')).toContainText(/Automation (on|held)/);

  // The automation looks every 30 s.
  await expect
    .poll(
      async () => (await get<AutomationStatus>('/api/allocation/automation')).last_run?.status ?? 'none',
      {
        timeout: 75_000,
        intervals: [2_000],
      },
    )
    .toMatch(/^(done|skipped)$/);
  const status = await get<AutomationStatus>('/api/allocation/automation');
  const run = status.last_run!;
  expect(run.lines.length).toBeGreaterThan(0);
  expect(run.status, run.lines.join('\n')).toBe('done');
  expect(run.orders_placed, run.lines.join('\n')).toBeGreaterThan(0);

  // Its orders carry the strategy, and each entry has a resting stop.
  const orders = await get<Order[]>('/api/trading/orders?status=all&limit=200');
  const automated = orders.filter((o) => o.side === 'BUY' && o.strategy !== 'Paper Trading');
  expect(automated.length).toBe(run.orders_placed);
  const strategy = automated[0]!.strategy;
  expect(['Trend following', 'Mean reversion', 'Breakout']).toContain(strategy);
  expect(orders.filter((o) => o.order_type === 'SL-M' && o.status === 'open').length).toBeGreaterThan(0);

  // The Decisions view lists the run and the decision behind the first order.
  const days = await get<DecisionDay[]>('/api/allocation/decisions?days=2');
  const ordered = days[0]!.decisions.find((d) => d.action === 'ordered')!;
  await page.reload();
  const decisions = page.getByRole('region', { name: `Decisions of ${days[0]!.trading_day}` });
  await expect(decisions.getByTestId('decision').filter({ hasText: ordered.symbol }).first()).toContainText(
    ordered.strategy,
  );
  await expect(page.getByRole('list', { name: 'What the last run did' })).toContainText('Spent');

  // The trade history shows the strategy.
  await page.goto(`${server.baseUrl}/trades`);
  await expect(page.getByText(strategy).first()).toBeVisible();

  // Paused: the shell says so.
  await page.goto(`${server.baseUrl}/allocation`);
  await page.getByRole('button', { name: 'Pause automation' }).click();
  await expect(page.getByTestId('automation-status')).toContainText('Automation paused');
  expect(problems.list()).toEqual([]);
});
