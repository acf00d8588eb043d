import { expect, test } from '../support/fixtures';
import { SESSION_STORAGE_KEY, E2E_PASSWORD } from '../support/fixtures';
import { INSTANCE_HEADER, startCluster, type Cluster } from '../support/cluster';

/**
 * The README's "More than one instance", run as written: two `pnpm serve` from this one checkout,
 * started at the same moment on a new PostgreSQL database (the same DATABASE_URL and
 * NIVESH_NATS_URL, their own PORT and NIVESH_DATA_DIR), behind one address. Both serve, signed in;
 * the browser is served by one, an order is placed through the same address on the other, each
 * process lists it, and the browser shows the holding with prices that keep moving (the leader's
 * feed, over NATS, whichever process leads). The suite's own server, started before by `pnpm serve`
 * from the same checkout, still serves.
 */
test.describe('two server processes behind one address', () => {
  let cluster: Cluster;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    cluster = await startCluster();
  });
  test.afterAll(async () => {
    await cluster?.stop();
  });

  test('an order placed on one process shows in the browser on the other, with live prices', async ({
    page,
    problems,
    server,
  }) => {
    test.setTimeout(120_000);
    const base = cluster.baseUrl;
    // Each answers, and serves every page group's files (whichever published the local builds).
    // Asked with fetch, not the page's context: its cookies stay the browser's own.
    for (const url of Object.values(cluster.instanceUrls)) {
      expect((await fetch(`${url}/api/health`)).status).toBe(200);
      const catalogue = (await (await fetch(`${url}/api/remotes`)).json()) as {
        remotes: Array<{ name: string; entry: string }>;
      };
      expect(catalogue.remotes.map((remote) => remote.name).sort()).toEqual([
        'dashboard',
        'landing',
        'ml_ops',
        'risk',
        'trading',
      ]);
      for (const remote of catalogue.remotes) {
        expect((await fetch(`${url}${remote.entry}`)).status, `${url}${remote.entry}`).toBe(200);
      }
    }
    // Each new setup link supersedes those before it: the newest sets the password (of two issued
    // in the same instant, the other may).
    let token: string | null = null;
    for (const link of cluster.setupLinks) {
      const set = await page.request.post(`${base}/api/auth/set-password`, {
        data: { temp_token: new URL(link).searchParams.get('setup'), new_password: E2E_PASSWORD },
      });
      if (set.status() === 200) {
        token = ((await set.json()) as { session_token: string }).session_token;
        break;
      }
      expect(set.status(), await set.text()).toBe(400);
    }
    if (token === null) throw new Error('neither setup link set the password');
    await page.addInitScript(
      ([key, value]) => window.localStorage.setItem(key as string, value as string),
      [SESSION_STORAGE_KEY, token],
    );
    expect(cluster.leaderLog()).not.toBe('none');

    // The dashboard follows the indices over the stream: the browser is connected to the first.
    await page.goto(`${base}/dashboard`);
    const nifty = page.getByTestId('index-NIFTY_50-value');
    await expect(nifty).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Recent Activity' }).getByText('No recent activity'),
    ).toBeVisible();
    const activity = page.getByRole('list', { name: 'Recent activity' });

    const placed = await page.request.post(`${base}/api/trading/orders`, {
      headers: { authorization: `Bearer ${token}`, [INSTANCE_HEADER]: 'second' },
      data: { symbol: 'INFY', side: 'BUY', quantity: 5, order_type: 'MARKET', product: 'CNC' },
    });
    expect(placed.status(), await placed.text()).toBe(200);
    const { order_id: orderId } = ((await placed.json()) as { data: { order_id: string } }).data;
    // Each process, signed in, lists it.
    for (const url of Object.values(cluster.instanceUrls)) {
      const orders = await fetch(`${url}/api/trading/orders?status=all`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(orders.status).toBe(200);
      const ids = ((await orders.json()) as { data: Array<{ order_id: string }> }).data.map(
        (o) => o.order_id,
      );
      expect(ids).toContain(orderId);
    }
    // Told over the stream (the second process's event, through NATS), the page refetches: the
    // buy shows without a reload.
    await expect(activity.getByText('INFY').first()).toBeVisible({ timeout: 20_000 });

    // Prices keep moving (the leader's feed, whichever process leads), here and in the holdings.
    const level = await nifty.textContent();
    await expect.poll(async () => nifty.textContent(), { timeout: 20_000 }).not.toBe(level);
    await page.goto(`${base}/portfolio`);
    const row = page
      .getByRole('table', { name: /holdings/i })
      .getByRole('row')
      .filter({ hasText: 'INFY' });
    await expect(row.getByRole('cell').nth(1)).toHaveText('5');
    const price = row.getByTestId('current-price');
    const first = await price.textContent();
    await expect.poll(async () => price.textContent(), { timeout: 30_000 }).not.toBe(first);

    expect(problems.list()).toEqual([]);
    // Two starts from this checkout left the server already running from it alone.
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
  });
});
