// knip (the last step of `pnpm lint`) shown failing on deliberate dead code in a small project of
// its own, and passing once the dead code is gone.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const knip = path.join(root, 'node_modules', 'knip', 'bin', 'knip.js');
const probes = fs.mkdtempSync(path.join(os.tmpdir(), 'nivesh-knip-'));
after(() => fs.rmSync(probes, { recursive: true, force: true }));

/** knip's findings (JSON reporter) for `files` written to a fresh project folder, and its exit code. */
async function findings(name, files) {
  const dir = path.join(probes, name);
  const project = {
    'package.json': JSON.stringify({ name: `probe-${name}`, private: true, main: 'src/index.ts' }),
    'knip.json': JSON.stringify({ entry: ['src/index.ts'], project: ['src/**/*.ts'] }),
    ...files,
  };
  for (const [file, source] of Object.entries(project)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), source);
  }
  const run = promisify(execFile)(process.execPath, [knip, '--reporter', 'json', '--no-progress'], {
    cwd: dir,
  });
  const { stdout, code } = await run.then(
    (ok) => ({ ...ok, code: 0 }),
    (failed) => ({ stdout: failed.stdout, code: failed.code }),
  );
  const { issues } = JSON.parse(stdout);
  return {
    code,
    files: issues.filter((i) => i.files?.length).map((i) => i.file),
    exports: issues.flatMap((i) => (i.exports ?? []).map((e) => `${i.file}:${e.name}`)),
  };
}

describe('knip', () => {
  it('fails on an unused file and an unused export', async () => {
    const result = await findings('dead', {
      'src/index.ts': "import { fee } from './costs';\nexport const total = (x: number) => x + fee(x);\n",
      'src/costs.ts':
        'export const fee = (x: number) => x / 100;\nexport const oldFee = (x: number) => x / 50;\n',
      'src/unused.ts': 'export const nobody = 1;\n',
    });
    assert.equal(result.code, 1);
    assert.deepEqual(result.files, ['src/unused.ts']);
    assert.deepEqual(result.exports, ['src/costs.ts:oldFee']);
  });

  it('passes once the dead code is removed', async () => {
    const result = await findings('clean', {
      'src/index.ts': "import { fee } from './costs';\nexport const total = (x: number) => x + fee(x);\n",
      'src/costs.ts': 'export const fee = (x: number) => x / 100;\n',
    });
    assert.deepEqual(result, { code: 0, files: [], exports: [] });
  });
});
