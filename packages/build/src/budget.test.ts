import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import {
  enforcement,
  formatTable,
  isOverBudget,
  measureRoutes,
  parseManifest,
  routeFiles,
  scriptSources,
  totalBytes,
  type BuiltFile,
  type RemoteManifest,
} from './budget';
import type { StartupAssets } from './startupAssets';

const js = (sync: string[], async: string[] = []) => ({ js: { sync, async } });

/**
 * A shell that loads main.js, then boot.js and its copy of react before the first page; its routed
 * app (router.js, with its own copy of zod) and signed-in parts (store.js) before the others.
 */
const shell: StartupAssets = {
  startup: ['main.js', 'boot.js', 'react.js'],
  parts: { 'routed-app': ['router.js', 'zod.js'], 'signed-in': ['store.js', 'zod.js'] },
  shared: { react: ['react.js'], 'react-dom': ['react-dom.js'], zod: ['zod.js'] },
};

/** A remote sharing react (the shell's copy is loaded), react-dom (shell's, not loaded yet) and lib (its own). */
const manifest: RemoteManifest = {
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
  shared: [
    { name: 'react', assets: js(['r-react.js']) },
    { name: 'react-dom', assets: js(['r-dom.js']) },
    { name: 'lib', assets: js(['lib.js']) },
  ],
  exposes: [
    { name: 'Page', assets: js(['page.js', 'common.js', 'page.css'], ['common.js', 'chart.js']) },
    { name: 'Other', assets: js(['other.js']) },
  ],
};

/** Brotli bytes of each file. */
const SIZES: Record<string, number> = {
  'shell/main.js': 10_000,
  'shell/boot.js': 20_000,
  'shell/react.js': 3_000,
  'shell/react-dom.js': 40_000,
  'shell/zod.js': 5_000,
  'shell/router.js': 6_000,
  'shell/store.js': 4_000,
  'landing/remoteEntry.js': 7_000,
  'landing/page.js': 1_500,
  'landing/common.js': 500,
  'landing/lib.js': 900,
  'landing/chart.js': 12_000,
  'landing/r-react.js': 2_900,
  'landing/r-dom.js': 39_000,
  'landing/other.js': 800,
};
const sizeOf = (file: BuiltFile) => SIZES[`${file.app}/${file.file}`]!;

describe('route budget', () => {
  const files = routeFiles({ shellScripts: ['main.js'], shell, remote: 'landing', manifest, module: 'Page' });

  it('counts the shell start, the remote entry, the page and the shared copies that load, each once', () => {
    assert.deepEqual(
      files.initial.map((file) => `${file.app}/${file.file}`),
      [
        'shell/main.js',
        'shell/boot.js',
        'shell/react.js',
        'landing/remoteEntry.js',
        'landing/page.js',
        'landing/common.js',
        'shell/react-dom.js',
        'landing/lib.js',
      ],
    );
    // 10000 + 20000 + 3000 + 7000 + 1500 + 500 + 40000 + 900
    assert.equal(totalBytes(files.initial, sizeOf), 82_900);
  });

  it("counts a signed-in page's shell parts too, each file once", () => {
    const signedIn = routeFiles({
      shellScripts: ['main.js'],
      shell,
      shellParts: ['routed-app', 'signed-in'],
      remote: 'landing',
      manifest,
      module: 'Page',
    });
    assert.deepEqual(
      signedIn.initial.slice(0, 6).map((file) => `${file.app}/${file.file}`),
      [
        'shell/main.js',
        'shell/boot.js',
        'shell/react.js',
        'shell/router.js',
        'shell/zod.js',
        'shell/store.js',
      ],
    );
    // The first page's 82900, the router's 6000, zod's 5000 once, the store's 4000.
    assert.equal(totalBytes(signedIn.initial, sizeOf), 97_900);
  });

  it('reports the lazy chunks apart, without the ones already counted', () => {
    assert.deepEqual(files.lazy, [{ app: 'landing', file: 'chart.js' }]);
    assert.equal(totalBytes(files.lazy, sizeOf), 12_000);
  });

  it('is over budget only above budget × 1024 bytes', () => {
    const report = {
      path: '/',
      renders: 'landing/Page',
      bytes: 82_900,
      lazyBytes: 0,
      budgetKB: 81,
      goalKB: 81,
    };
    // 81 KB = 82944 bytes
    assert.equal(isOverBudget(report), false);
    assert.equal(isOverBudget({ ...report, budgetKB: 80 }), true);
  });

  it('names the page a route wants when the remote does not expose it', () => {
    assert.throws(
      () => routeFiles({ shellScripts: [], shell, remote: 'landing', manifest, module: 'Missing' }),
      /The landing remote exposes no "Missing" \(it exposes: Page, Other\)/,
    );
  });

  it('rejects a file that is not a federation manifest with a sentence', () => {
    assert.throws(
      () => parseManifest({ exposes: [] }, 'x/mf-manifest.json'),
      /x\/mf-manifest.json is not a Module Federation manifest/,
    );
    assert.equal(parseManifest(manifest, 'ok'), manifest);
  });

  it('prints one row per route with KB to one decimal, the goal, and OVER on a route above budget', () => {
    const table = formatTable([
      { path: '/', renders: 'landing/Page', bytes: 82_900, lazyBytes: 12_000, budgetKB: 80, goalKB: 50 },
      { path: '/x', renders: 'dashboard/X', bytes: 1_024, lazyBytes: 0, budgetKB: 400, goalKB: 400 },
    ]);
    assert.deepEqual(table.split('\n'), [
      'route  renders         KB  budget KB  goal KB  lazy KB (after it shows)  status',
      '/      landing/Page  81.0         80       50                      11.7  OVER',
      '/x     dashboard/X    1.0        400      400                       0.0  ok',
    ]);
  });

  it("reads index.html's scripts", () => {
    const html =
      '<head><script defer="defer" src="/main.1234567890.js"></script></head><script>inline()</script>';
    assert.deepEqual(scriptSources(html), ['main.1234567890.js']);
  });

  it('turns enforcement on or off by NIVESH_BUDGET_ENFORCE, and refuses an unclear value', () => {
    assert.equal(enforcement({ NIVESH_BUDGET_ENFORCE: '1' }), true);
    assert.equal(enforcement({ NIVESH_BUDGET_ENFORCE: 'off' }), false);
    assert.throws(() => enforcement({ NIVESH_BUDGET_ENFORCE: 'maybe' }), /must be 1 or 0/);
  });
});

describe('route budget from built outputs', () => {
  it('sums the .br siblings of the newest build of the remote', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'nivesh-budget-'));
    try {
      const write = (file: string, content: string | number) => {
        const full = path.join(root, file);
        fs.mkdirSync(path.dirname(full), { recursive: true });
        fs.writeFileSync(full, typeof content === 'number' ? Buffer.alloc(content) : content);
      };
      write('shell/dist/index.html', '<body><script defer src="/main.js"></script></body>');
      write('shell/dist/startup-assets.json', JSON.stringify(shell));
      for (const [key, bytes] of Object.entries(SIZES)) {
        const [app, file] = key.split('/') as [string, string];
        const dir = app === 'shell' ? 'shell/dist' : 'mfe-landing/dist/1.0.0+2';
        write(`${dir}/${file}`, 'code();');
        write(`${dir}/${file}.br`, bytes);
      }
      write('mfe-landing/dist/1.0.0+2/mf-manifest.json', JSON.stringify(manifest));
      // An older build, written first: its manifest names a file that no longer exists.
      write('mfe-landing/dist/1.0.0+1/mf-manifest.json', JSON.stringify({ ...manifest, exposes: [] }));
      const older = path.join(root, 'mfe-landing/dist/1.0.0+1/mf-manifest.json');
      fs.utimesSync(older, new Date(1_000_000), new Date(1_000_000));

      const [report] = measureRoutes(root, [{ path: '/', remote: 'landing', module: 'Page', budgetKB: 80 }]);
      assert.deepEqual(report, {
        path: '/',
        renders: 'landing/Page',
        bytes: 82_900,
        lazyBytes: 12_000,
        budgetKB: 80,
        goalKB: 80,
      });
      assert.equal(isOverBudget(report!), true);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
