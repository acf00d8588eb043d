import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { freePort } from './testing/peers.js';

const main = path.join(path.dirname(fileURLToPath(import.meta.url)), 'main.ts');

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const waitFor = (pattern: RegExp, ms = 60_000) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${pattern}: ${output}`)), ms);
      const check = () => {
        if (pattern.test(output)) {
          clearTimeout(timer);
          resolve();
        } else setTimeout(check, 100);
      };
      check();
    });
  return { child: child as ChildProcess, exited, waitFor, output: () => output };
}

describe('the server process', () => {
  it("takes over a dead process's lock with a warning, prints a first-run setup link, refuses a second process on its data folder, and shuts down cleanly", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nivesh-main-'));
    // Left by a server that was killed (no process has this pid).
    fs.writeFileSync(path.join(dataDir, 'nivesh.lock'), '999999999\n');
    const port = await freePort();
    const first = start({ NIVESH_DATA_DIR: dataDir, PORT: String(port) });
    try {
      await first.waitFor(/"setupLink":"http:\/\/localhost:\d+\/login\?setup=[A-Za-z0-9_-]+"/);
      assert.match(
        first.output(),
        /"level":40,[^\n]*"deadPid":999999999,[^\n]*"msg":"The data folder [^"]+ was locked by process 999999999, which no longer runs/,
      );
      assert.match(first.output(), new RegExp(`Nivesh is running at http://localhost:${port}`));
      const health = await fetch(`http://localhost:${port}/api/health`);
      assert.equal(health.status, 200);

      const second = start({ NIVESH_DATA_DIR: dataDir, PORT: String(await freePort()) });
      assert.equal(await second.exited, 1);
      assert.match(second.output(), /is in use by another Nivesh process \(pid \d+\)/);

      first.child.kill('SIGTERM');
      assert.equal(await first.exited, 0);
      assert.match(first.output(), /database closed/);
      assert.equal(fs.existsSync(path.join(dataDir, 'nivesh.lock')), false);
    } finally {
      first.child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses an invalid environment with the variable and the problem', async () => {
    const run = start({ PORT: 'ninety', NIVESH_OPERATOR_EMAIL: 'not-an-email' });
    assert.equal(await run.exited, 1);
    assert.match(run.output(), /Invalid environment/);
    assert.match(run.output(), /PORT: /);
    assert.match(run.output(), /NIVESH_OPERATOR_EMAIL: NIVESH_OPERATOR_EMAIL must be an email address/);
  });
});
