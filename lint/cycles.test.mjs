// The no-cycle rule of lint/dependency-cruiser.cjs (run by `pnpm lint` over the whole workspace),
// shown failing on deliberate cycles and passing on the same files without one.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { cruise } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';

const config = path.join(path.dirname(fileURLToPath(import.meta.url)), 'dependency-cruiser.cjs');
const probes = fs.mkdtempSync(path.join(os.tmpdir(), 'nivesh-cycles-'));
after(() => fs.rmSync(probes, { recursive: true, force: true }));

/**
 * The no-circular violations for `files` (name -> source) written to a fresh folder, cruising
 * `roots`; `links` are node_modules entries (package name -> folder), as pnpm links workspace packages.
 */
async function cycles(name, files, { roots = ['src'], links = {} } = {}) {
  const dir = path.join(probes, name);
  for (const [file, source] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), source);
  }
  for (const [pkg, folder] of Object.entries(links)) {
    fs.mkdirSync(path.dirname(path.join(dir, 'node_modules', pkg)), { recursive: true });
    fs.symlinkSync(path.join(dir, folder), path.join(dir, 'node_modules', pkg), 'dir');
  }
  const options = await extractDepcruiseOptions(config);
  const { output } = await cruise(roots, { ...options, baseDir: dir });
  return output.summary.violations
    .filter((v) => v.rule.name === 'no-circular')
    .map((v) => [v.from, ...v.cycle.map((step) => step.name)].join(' -> '));
}

/** Asserts one cycle was found, through exactly `modules` (it may be reported from any of them). */
function assertOneCycle(found, modules) {
  assert.equal(found.length, 1, `expected one cycle, got ${JSON.stringify(found)}`);
  const steps = found[0].split(' -> ');
  assert.equal(steps[0], steps.at(-1), `a cycle ends where it starts: ${found[0]}`);
  assert.deepEqual(steps.slice(1).sort(), [...modules].sort());
}

describe('no import cycles', () => {
  it('refuses two modules that import each other', async () => {
    const found = await cycles('runtime', {
      'src/orders.ts': "import { fee } from './costs';\nexport const total = (x: number) => x + fee(x);\n",
      'src/costs.ts':
        "import { total } from './orders';\nexport const fee = (x: number) => x / 100;\nexport const check = total;\n",
    });
    assertOneCycle(found, ['src/orders.ts', 'src/costs.ts']);
  });

  it('refuses a cycle closed by a type-only import, across three modules', async () => {
    const found = await cycles('types', {
      'src/a.ts': "import { b } from './b';\nexport interface A { n: number }\nexport const a = b;\n",
      'src/b.ts': "import { c } from './c';\nexport const b = c;\n",
      'src/c.ts': "import type { A } from './a';\nexport const c = (x: A) => x.n;\n",
    });
    assertOneCycle(found, ['src/a.ts', 'src/b.ts', 'src/c.ts']);
  });

  it('refuses two workspace packages that import each other by package name', async () => {
    const pkg = (name) => JSON.stringify({ name, exports: { '.': './src/index.ts' } });
    const found = await cycles(
      'packages',
      {
        'packages/contract/package.json': pkg('@probe/contract'),
        'packages/contract/src/index.ts':
          "import { PORTS } from '@probe/build';\nexport const NAMES = PORTS;\n",
        'packages/build/package.json': pkg('@probe/build'),
        'packages/build/src/index.ts':
          "import { NAMES } from '@probe/contract';\nexport const PORTS = [];\nexport const n = NAMES;\n",
      },
      {
        roots: ['packages'],
        links: { '@probe/contract': 'packages/contract', '@probe/build': 'packages/build' },
      },
    );
    assertOneCycle(found, ['packages/contract/src/index.ts', 'packages/build/src/index.ts']);
  });

  it('allows the same modules once the shared part moves to a third module', async () => {
    const found = await cycles('fixed', {
      'src/rates.ts': 'export const fee = (x: number) => x / 100;\n',
      'src/orders.ts': "import { fee } from './rates';\nexport const total = (x: number) => x + fee(x);\n",
      'src/costs.ts': "import { total } from './orders';\nexport const check = total;\n",
    });
    assert.deepEqual(found, []);
  });
});
