/**
 * Independent releases with real builds: build mfe-risk again, publish it as a canary, and watch
 * which browsers load it; then a deliberately broken canary that falls back to stable in the
 * browser and is rolled back by the registry after enough failures (the server runs with
 * NIVESH_CANARY_MIN_LOADS=3, and counts every browser of this machine's address: see
 * support/server.ts). Each browser context is a new browser: GET /api/remotes gives it its own
 * signed client id cookie, and its reports count only with that cookie.
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, signInThroughApi, test, E2E_PASSWORD } from '../support/fixtures';
import { repoRoot, type ServerState } from '../support/server';

test.describe.configure({ timeout: 300_000 });

interface Visit {
  /** Every script, stylesheet and manifest the page fetched, with the sha256 of its bytes. */
  files: Map<string, string>;
  release: string;
}

/** Opens /risk as a new browser (its own client id), signed in, and records what it loaded. */
async function visitRisk(browser: Browser, server: ServerState): Promise<Visit> {
  const context = await browser.newContext();
  const page: Page = await context.newPage();
  const files = new Map<string, string>();
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    const url = new URL(response.url());
    if (!['script', 'stylesheet', 'fetch'].includes(type) || url.pathname.startsWith('/api/')) return;
    if (!response.ok()) return;
    try {
      files.set(
        url.pathname,
        createHash('sha256')
          .update(await response.body())
          .digest('hex'),
      );
    } catch {
      // A response the page navigated away from.
    }
  });
  await signInThroughApi(page, server);
  await page.goto(`${server.baseUrl}/risk`);
  await expect(page.getByRole('heading', { level: 1, name: 'Risk Management' })).toBeVisible();
  const release = (await page.getByTestId('remote-release').textContent()) ?? '';
  await page.waitForLoadState('networkidle');
  await context.close();
  return { files, release };
}

function release(server: ServerState, ...args: string[]): string {
  return execFileSync('pnpm', ['--silent', 'release', ...args], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NIVESH_URL: server.baseUrl,
      NIVESH_PASSWORD: E2E_PASSWORD,
      NIVESH_DATA_DIR: server.dataDir,
    },
    encoding: 'utf8',
  });
}

function buildRisk(buildId: string): string {
  execFileSync('pnpm', ['--filter', '@nivesh/mfe-risk', 'build'], {
    cwd: repoRoot,
    env: { ...process.env, NIVESH_BUILD_ID: buildId },
    stdio: 'ignore',
  });
  const dir = path.join(repoRoot, 'mfe-risk', 'dist', `1.0.0+${buildId}`);
  expect(fs.existsSync(path.join(dir, 'mf-manifest.json')), `${dir} was built`).toBe(true);
  return dir;
}

interface ReleasesAnswer {
  data: {
    remotes: Array<{
      name: string;
      stable: { version: string } | null;
      canary: { version: string; percent: number; stats: { loads: number; failures: number } } | null;
      history: Array<{ action: string; version: string | null; reason: string | null; actor: string }>;
    }>;
  };
}

async function riskReleases(page: Page, server: ServerState) {
  const token = await signInThroughApi(page, server);
  const res = await page.request.get(`${server.baseUrl}/api/remotes/releases`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as ReleasesAnswer).data.remotes.find((r) => r.name === 'risk')!;
}

test('a canary of one remote reaches its share of browsers while everything else stays byte-for-byte the same', async ({
  browser,
  page,
  server,
}) => {
  const before = await visitRisk(browser, server);
  const stable = (await riskReleases(page, server)).stable!.version;
  expect(before.release).toContain(`build ${stable}`);
  expect(before.release).not.toContain('canary');

  const buildId = `e2e${Date.now()}`;
  const canaryDir = buildRisk(buildId);
  const canary = `1.0.0+${buildId}`;
  expect(release(server, 'publish', 'risk', '--dir', canaryDir)).toContain(`risk ${canary} is published`);
  // Publishing alone changes nothing any browser loads.
  expect((await visitRisk(browser, server)).release).toContain(`build ${stable}`);

  expect(release(server, 'canary', 'risk', canary, '100')).toContain(`now the canary for 100% of browsers`);
  const during = await visitRisk(browser, server);
  expect(during.release).toContain(`build ${canary} · canary`);
  // The shell and the other remotes: the same files, byte for byte.
  const untouched = (visit: Visit) =>
    [...visit.files]
      .filter(([file]) => !file.startsWith('/remotes/risk/'))
      .sort(([a], [b]) => a.localeCompare(b));
  expect(untouched(during)).toEqual(untouched(before));
  expect(
    [...during.files.keys()].some((file) => file.startsWith(`/remotes/risk/${encodeURIComponent(canary)}/`)),
  ).toBe(true);

  release(server, 'percent', 'risk', '0');
  expect((await visitRisk(browser, server)).release).toContain(`build ${stable}`);

  // Done with this canary: drop it.
  expect(release(server, 'rollback', 'risk')).toContain(`every browser loads ${stable}`);
});

test('a broken canary falls back to stable in the browser and is rolled back after enough failures', async ({
  browser,
  page,
  server,
}) => {
  const stable = (await riskReleases(page, server)).stable!.version;
  const [newest] = fs
    .readdirSync(path.join(repoRoot, 'mfe-risk', 'dist'))
    .map((name) => path.join(repoRoot, 'mfe-risk', 'dist', name))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  // A copy of a real build whose exposed page chunk is missing: its entry loads, its module cannot.
  const broken = fs.mkdtempSync(path.join(os.tmpdir(), 'nivesh-broken-'));
  fs.cpSync(newest!, broken, { recursive: true });
  const brokenVersion = `1.0.0+broken${Date.now()}`;
  const manifestPath = path.join(broken, 'mf-manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as {
    metaData: { buildInfo: { buildVersion: string } };
  };
  manifest.metaData.buildInfo.buildVersion = brokenVersion;
  fs.writeFileSync(manifestPath, JSON.stringify(manifest));
  for (const file of fs.readdirSync(broken))
    if (file.startsWith('__federation_expose_RiskPage')) fs.rmSync(path.join(broken, file));

  release(server, 'publish', 'risk', '--dir', broken);
  release(server, 'canary', 'risk', brokenVersion, '100');

  // Each new browser is sent to the canary, fails, reports it, and still gets the page from stable.
  for (let i = 0; i < 3; i += 1) {
    const visit = await visitRisk(browser, server);
    expect(visit.release).toContain(`build ${stable}`);
    expect(visit.release).not.toContain('canary');
  }

  const risk = await riskReleases(page, server);
  expect(risk.canary).toBeNull();
  expect(risk.stable!.version).toBe(stable);
  const [latest] = risk.history;
  expect(latest).toMatchObject({
    action: 'auto_rollback',
    version: brokenVersion,
    actor: 'registry (automatic)',
  });
  // Its failure rate against stable's over the same window (stable loaded fine in each browser).
  expect(latest!.reason).toContain(`canary ${brokenVersion} failed to load in 3 of 3 browsers (100%)`);
  expect(latest!.reason).toContain(`, stable ${stable} in `);
  expect(latest!.reason).toMatch(/points worse than stable, over the 20-point limit$/);

  // The operator sees it in Settings > Releases.
  await page.goto(`${server.baseUrl}/settings?tab=releases`);
  const entry = page.getByText(/^Dropped canary .* automatically$/).first();
  await expect(entry).toBeVisible();
  await expect(entry).toContainText(brokenVersion);
  await expect(page.getByText('Automatic rollback').first()).toBeVisible();
  fs.rmSync(broken, { recursive: true, force: true });
});
