/**
 * What a cold browser pays for a page, measured in Debian's headless Chromium against the real app
 * serving the local builds (run `pnpm build` first): the JavaScript bytes over the wire (encoded,
 * as the network carries them) for the landing page and, signed in, the dashboard; and the landing
 * page's Largest Contentful Paint on loopback and on a slow phone network (1.6 Mbps down, 750 kbps
 * up, 150 ms round trip, by Chromium's network emulation). Each figure is the median of three cold
 * loads, each in a new browser context (no cache). The baseline of each row is its budget.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { createTestApp, setUpOperator } from '@nivesh/server/testing';
import { openDatabase } from '@nivesh/server/db';
import { goals, median, type BenchResult } from './load.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const RUNS = 3;
/** The phone: 1.6 Mbps down, 750 kbps up, 150 ms round trip. */
const SLOW_PHONE = {
  offline: false,
  latency: 150,
  downloadThroughput: 1_600_000 / 8,
  uploadThroughput: 750_000 / 8,
};
const BUDGET = { landingJsKb: 150, dashboardJsKb: 400, lcpSlowMs: 2500, lcpLoopbackMs: 1000 };

interface Load {
  jsBytes: number;
  lcpMs: number;
}

/** One cold load of `url`: the scripts' encoded bytes and the page's LCP. */
async function coldLoad(
  browser: Browser,
  url: string,
  options: { slow?: boolean; sessionToken?: string; ready: string },
): Promise<Load> {
  const context: BrowserContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    if (options.sessionToken) {
      await context.addInitScript(
        `window.localStorage.setItem('nivesh.session_token', ${JSON.stringify(options.sessionToken)});`,
      );
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (options.slow) await cdp.send('Network.emulateNetworkConditions', SLOW_PHONE);
    const scripts = new Set<string>();
    let jsBytes = 0;
    cdp.on('Network.responseReceived', (event) => {
      if (event.type === 'Script') scripts.add(event.requestId);
    });
    cdp.on('Network.loadingFinished', (event) => {
      if (scripts.has(event.requestId)) jsBytes += event.encodedDataLength;
    });
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForSelector(options.ready, { timeout: 120_000 });
    await page.waitForLoadState('networkidle', { timeout: 120_000 });
    // The last LCP candidate the page reported (the bench's tsconfig has no DOM types: a string).
    const lcpMs = await page.evaluate<number>(`new Promise((resolve) => {
      new PerformanceObserver((list) => {
        const entries = list.getEntries();
        resolve(entries.length > 0 ? entries[entries.length - 1].startTime : Number.NaN);
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    })`);

    return { jsBytes, lcpMs };
  } finally {
    await context.close();
  }
}

async function medianOf(load: () => Promise<Load>): Promise<Load> {
  const loads: Load[] = [];
  for (let run = 0; run < RUNS; run += 1) loads.push(await load());
  return { jsBytes: median(loads.map((l) => l.jsBytes)), lcpMs: median(loads.map((l) => l.lcpMs)) };
}

export async function benchLanding(): Promise<BenchResult[]> {
  if (!fs.existsSync(path.join(REPO, 'shell', 'dist', 'index.html'))) {
    throw new Error('The landing bench needs the built apps: run `pnpm build` first.');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nivesh-bench-landing-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  const product = await createTestApp(database, {
    config: { appsDir: REPO, remotesStore: path.join(dataDir, 'remotes') },
    deps: { paperTimers: false, watchBrokerToken: false },
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    await product.app.services.remotes.adoptLocalBuilds('newest', 'bench');
    const token = await setUpOperator(product.app);
    const base = await product.app.listen({ port: 0, host: '127.0.0.1' });
    const landingReady = 'main h1';
    const loopback = await medianOf(() => coldLoad(browser, `${base}/`, { ready: landingReady }));
    const slow = await medianOf(() => coldLoad(browser, `${base}/`, { ready: landingReady, slow: true }));
    const dashboard = await medianOf(() =>
      coldLoad(browser, `${base}/dashboard`, {
        ready: '[data-testid="remote-release"]',
        sessionToken: token,
      }),
    );
    return [
      {
        name: 'landing, cold: JS over the wire (budget)',
        unit: 'KB',
        product: loopback.jsBytes / 1024,
        baseline: BUDGET.landingJsKb,
        goal: goals.atMost(BUDGET.landingJsKb),
      },
      {
        name: 'dashboard, cold: JS over the wire (budget)',
        unit: 'KB',
        product: dashboard.jsBytes / 1024,
        baseline: BUDGET.dashboardJsKb,
        goal: goals.atMost(BUDGET.dashboardJsKb),
      },
      {
        name: 'landing LCP, loopback (budget)',
        unit: 'ms',
        product: loopback.lcpMs,
        baseline: BUDGET.lcpLoopbackMs,
        goal: goals.atMost(BUDGET.lcpLoopbackMs),
      },
      {
        name: 'landing LCP, 1.6 Mbps / 150 ms RTT (budget)',
        unit: 'ms',
        product: slow.lcpMs,
        baseline: BUDGET.lcpSlowMs,
        goal: goals.atMost(BUDGET.lcpSlowMs),
      },
    ];
  } finally {
    await browser.close();
    await product.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
