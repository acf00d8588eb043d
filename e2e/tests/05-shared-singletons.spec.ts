import { expect, test } from '../support/fixtures';

const SINGLETONS = ['react', 'react-dom', 'react-redux', '@chakra-ui/react'];

interface Manifest {
  shared: Array<{ name: string; assets: { js: { sync: string[]; async: string[] } } }>;
}

test.describe('shared singletons', () => {
  test('React, react-dom, react-redux and Chakra reach the browser exactly once', async ({
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
        const entry = manifest.shared.find((s) => s.name === name);
        expect(entry, `${remote.name} declares ${name} as shared`).toBeTruthy();
        for (const file of [...entry!.assets.js.sync, ...entry!.assets.js.async]) {
          expect(scripts, `${remote.name}'s own copy of ${name} (${file}) was not loaded`).not.toContain(`${base}${file}`);
        }
      }
    }

    // And the federation runtime resolved one loaded version of each, provided by the shell.
    const loaded = await page.evaluate((names) => {
      type ShareInfo = { from: string; loaded?: boolean; lib?: unknown };
      const share = (globalThis as { __FEDERATION__?: { __SHARE__?: Record<string, Record<string, Record<string, Record<string, ShareInfo>>>> } })
        .__FEDERATION__?.__SHARE__ ?? {};
      const result: Record<string, string[]> = {};
      for (const name of names) {
        const providers = new Set<string>();
        for (const scopes of Object.values(share)) {
          for (const versions of Object.values(scopes['default'] ?? {}).length ? [scopes['default']?.[name] ?? {}] : []) {
            for (const info of Object.values(versions)) if (info.loaded || info.lib) providers.add(info.from);
          }
        }
        result[name] = [...providers];
      }
      return result;
    }, SINGLETONS);
    for (const name of SINGLETONS) expect(loaded[name], name).toEqual(['shell']);
  });
});
