import { expect, signInThroughApi, test } from '../support/fixtures';

/**
 * The research page's System Diagnostics restarts the real server (run by the supervisor, as
 * `pnpm serve` runs it) and waits for it the way the specification says: the old process goes,
 * a new one answers, and the operator's session and orders are still there. Last of the files: the
 * server restarts.
 */
test('System Diagnostics restarts the server and sees it come back as a new process', async ({
  page,
  server,
}) => {
  test.setTimeout(90_000);
  const token = await signInThroughApi(page, server);
  const headers = { authorization: `Bearer ${token}` };
  const statusOf = async () => {
    const res = await page.request.get(`${server.baseUrl}/api/management/server/status`, { headers });
    expect(res.status()).toBe(200);
    return (await res.json()) as { main_server_pid: number; main_server_healthy: boolean };
  };
  const orderIds = async () => {
    const res = await page.request.get(`${server.baseUrl}/api/trading/orders?status=all&limit=500`, {
      headers,
    });
    expect(res.status()).toBe(200);
    return ((await res.json()) as { data: Array<{ order_id: string }> }).data.map((o) => o.order_id);
  };
  const ordersBefore = await orderIds();
  const before = await statusOf();

  await page.goto(`${server.baseUrl}/research`);
  await page.getByRole('button', { name: 'System Diagnostics' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'System Diagnostics & Control' });
  await expect(dialog.getByText(new RegExp(`PID ${before.main_server_pid}\\b`))).toBeVisible();

  await dialog.getByRole('button', { name: 'Restart Server' }).click();
  await dialog.getByRole('button', { name: 'Confirm restart' }).click();
  const progress = dialog.getByTestId('restart-progress');
  await expect(progress).toContainText('Server restart initiated.');
  // Checks every 2 s, at most 20: the new process answers well within them.
  await expect(progress).toHaveText(/^Server restarted: version .+ \(after \d+ checks?\)\.$/, {
    timeout: 45_000,
  });

  const after = await statusOf();
  expect(after.main_server_pid).not.toBe(before.main_server_pid);
  expect(after.main_server_healthy).toBe(true);
  await expect(dialog.getByText(new RegExp(`PID ${after.main_server_pid}\\b`))).toBeVisible();
  expect(await orderIds()).toEqual(ordersBefore);
});
