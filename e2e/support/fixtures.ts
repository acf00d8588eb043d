/**
 * Fixtures: the server's address, a signed-in page, and a watch on what the browser reports
 * (JavaScript errors, console errors, failed requests) that a test can assert is empty.
 */
import { test as base, expect, type Page, type Response } from '@playwright/test';
import { readServerState, type ServerState } from './server';

/** The password the first-run test sets; later tests sign in with it. */
export const E2E_PASSWORD = 'E2e-Operator-Pass-2026!';
export const OPERATOR_EMAIL = 'operator@nivesh.local';
export const SESSION_STORAGE_KEY = 'nivesh.session_token';

export interface BrowserProblems {
  /** Uncaught errors, console errors, and failed or erroring requests, as readable lines. */
  list(): string[];
  clear(): void;
}

/**
 * What counts as a problem: any uncaught error, any console error, any request that fails or
 * answers 4xx/5xx, except the API's 503 "not connected" answers for domains this build does not
 * run yet (the pages show their not-connected state for those, which the tests check) and the
 * console lines Chromium writes for exactly those responses.
 */
function watch(page: Page): BrowserProblems {
  const problems: string[] = [];
  const expected503 = new Set<string>();
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('response', (response: Response) => {
    const status = response.status();
    const url = response.url();
    if (status === 503 && new URL(url).pathname.startsWith('/api/')) {
      expected503.add(url);
      return;
    }
    if (status >= 400) problems.push(`HTTP ${status} ${response.request().method()} ${url}`);
  });
  page.on('requestfailed', (request) => {
    const failure = request.failure()?.errorText ?? 'failed';
    // Navigation away aborts in-flight polling requests; that is not a fault.
    if (failure === 'net::ERR_ABORTED') return;
    problems.push(`request failed: ${request.method()} ${request.url()} (${failure})`);
  });
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    const location = message.location().url;
    if (text.includes('status of 503') && expected503.has(location)) return;
    if (text.includes('status of 503') && new URL(location || 'http://x/').pathname.startsWith('/api/'))
      return;
    problems.push(`console.error: ${text}`);
  });
  return { list: () => [...problems], clear: () => void problems.splice(0) };
}

export async function signInThroughApi(page: Page, server: ServerState): Promise<string> {
  const res = await page.request.post(`${server.baseUrl}/api/auth/login`, {
    data: { email: OPERATOR_EMAIL, password: E2E_PASSWORD },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { session_token: token } = (await res.json()) as { session_token: string };
  await page.addInitScript(
    ([key, value]) => window.localStorage.setItem(key as string, value as string),
    [SESSION_STORAGE_KEY, token],
  );
  return token;
}

export const test = base.extend<{ server: ServerState; problems: BrowserProblems; signedIn: Page }>({
  server: async ({}, use) => {
    await use(readServerState());
  },
  problems: async ({ page }, use) => {
    await use(watch(page));
  },
  signedIn: async ({ page, server, problems }, use) => {
    void problems;
    await signInThroughApi(page, server);
    await use(page);
  },
});

export { expect };
