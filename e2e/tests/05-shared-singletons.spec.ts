import { createRequire } from 'node:module';
import type * as Shared from '@nivesh/build/shared';
import { expect, test } from '../support/fixtures';

// The build package is CommonJS (webpack-cli loads it), so this ES module requires it: an import
// would find no named exports in it.
const { SHARED_SINGLETON_PACKAGES } = createRequire(import.meta.url)('@nivesh/build/shared') as typeof Shared;

/** Every shared singleton of ARCHITECTURE.md, as the build shares them (packages/build/src/shared.ts). */
const SINGLETONS: readonly string[] = SHARED_SINGLETON_PACKAGES;

interface Manifest {
  shared: Array<{ name: string; assets: { js: { sync: string[]; async: string[] } } }>;
}

test.describe('shared singletons', () => {
  test('every shared singleton reaches the browser exactly once, from the shell', async ({
    signedIn: page,
    server,
    request,
  }) => {
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
    });

    // Walk pages of every remote so each one negotiates its shared modules.
    for (const path of ['/', '/dashboard', '/risk', '/trades', '/ml-intelligence', '/settings']) {
      await page.goto(`${server.baseUrl}${path}`);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    }

    // Each remote carries fallback copies; none of those chunks may have been fetched.
    const remotes = (await (await request.get(`${server.baseUrl}/api/remotes`)).json()) as {
      remotes: Array<{ name: string; entry: string }>;
    };
    expect(remotes.remotes).toHaveLength(5);
    for (const remote of remotes.remotes) {
      const manifestUrl = new URL(remote.entry, server.baseUrl);
      const manifest = (await (await request.get(manifestUrl.href)).json()) as Manifest;
      const base = manifestUrl.pathname.replace(/mf-manifest\.json$/, '');
      for (const name of SINGLETONS) {
        // A remote that does not depend on a package carries no copy of it.
        const entry = manifest.shared.find((s) => s.name === name);
        if (!entry) continue;
        for (const file of [...entry.assets.js.sync, ...entry.assets.js.async]) {
          expect(scripts, `${remote.name}'s own copy of ${name} (${file}) was not loaded`).not.toContain(
            `${base}${file}`,
          );
        }
      }
    }

    // And the federation runtime loaded one version of each, the shell's, for every container.
    const loaded = await page.evaluate((names) => {
      type Versions = Record<string, { from: string; loaded?: boolean; lib?: unknown }>;
      type Share = Record<string, Record<string, Record<string, Versions>>>;
      const share = (globalThis as unknown as { __FEDERATION__: { __SHARE__: Share } }).__FEDERATION__
        .__SHARE__;
      const copies: Record<string, string[]> = {};
      for (const name of names) {
        const found = new Set<string>();
        for (const scopes of Object.values(share)) {
          for (const [version, info] of Object.entries(scopes['default']?.[name] ?? {})) {
            if (info.loaded || info.lib) found.add(`${info.from}@${version}`);
          }
        }
        copies[name] = [...found];
      }
      return copies;
    }, SINGLETONS);
    for (const name of SINGLETONS) {
      expect(loaded[name], name).toHaveLength(1);
      expect(loaded[name]?.[0], name).toMatch(/^shell@/);
    }
  });
});
