/**
 * `pnpm serve` as the README's "More than one instance" runs it: two from one checkout, started at
 * the same moment, each with its own port and data folder. Both serve; a build made while they run
 * (another start, `pnpm build`) changes none of the files a running server runs; a version no
 * process holds is removed by the next build, one a process holds is kept.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { contract } from '@nivesh/api-contract';
import { repoRoot, serverDir } from './paths.js';
import { freePort, isRunning } from './testing/peers.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `pnpm serve` in a process group of its own (pnpm, the supervisor, the server). */
function serve(port: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nivesh-serve-'));
  const child = spawn('pnpm', ['serve'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      NIVESH_DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      NIVESH_LEARNING_OFF: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const ready = async (): Promise<{ supervisor: number; server: number }> => {
    const until = Date.now() + 120_000;
    for (;;) {
      const match = /"pid":(\d+),"role":"supervisor","server":(\d+),"msg":"server ready"/.exec(output);
      if (match) return { supervisor: Number(match[1]), server: Number(match[2]) };
      if (child.exitCode !== null) throw new Error(`pnpm serve ended (${child.exitCode}):\n${output}`);
      if (Date.now() > until) throw new Error(`pnpm serve was not ready in 120 s:\n${output}`);
      await sleep(100);
    }
  };
  const stop = async () => {
    const group = child.pid as number;
    try {
      process.kill(-group, 'SIGTERM');
    } catch {
      // Gone already.
    }
    const until = Date.now() + 30_000;
    while (isRunning(-group) && Date.now() < until) await sleep(100);
    if (isRunning(-group)) process.kill(-group, 'SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { port, ready, stop };
}

/** The bundle file a process runs (its first argument), as Node found it. */
const runs = (pid: number): string =>
  fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[1] as string;

/** Each file of a folder: its inode and modification time (what a rewrite changes). */
const filesOf = (dir: string) =>
  Object.fromEntries(
    fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const stat = fs.statSync(path.join(dir, entry.name));
        return [entry.name, { ino: stat.ino, mtimeMs: stat.mtimeMs }];
      }),
  );

const bundle = () => {
  const result = spawnSync(process.execPath, [path.join('scripts', 'bundle.mjs')], {
    cwd: serverDir,
    encoding: 'utf8',
  });
  assert.equal(result.status, 0, result.stderr);
};

describe('pnpm serve, twice from one checkout', () => {
  it('both serve when started at the same moment, and no build changes or removes what a running server runs', async () => {
    const dist = path.join(serverDir, 'dist');
    // Versions left by earlier builds an hour ago: one a live process holds, one nobody holds.
    const hourAgo = new Date(Date.now() - 3_600_000);
    const held = path.join(dist, '0000000000000001');
    const unheld = path.join(dist, '0000000000000002');
    const instances = [serve(await freePort()), serve(await freePort())];
    try {
      const [first, second] = await Promise.all(instances.map((instance) => instance.ready()));
      for (const instance of instances) {
        const health = await fetch(`http://localhost:${instance.port}${contract.ops.health.path}`);
        assert.equal(health.status, 200);
      }
      for (const dir of [held, unheld]) {
        fs.mkdirSync(path.join(dir, 'running'), { recursive: true });
        fs.writeFileSync(path.join(dir, 'main.mjs'), '');
      }
      fs.writeFileSync(path.join(held, 'running', String(first!.supervisor)), '');
      for (const dir of [held, unheld]) fs.utimesSync(dir, hourAgo, hourAgo);

      // Another start (or `pnpm build`) while they run: the files they run are left as they are.
      const version = path.dirname(runs(first!.server));
      const before = filesOf(version);
      bundle();
      assert.deepEqual(filesOf(version), before);

      // They run from a version folder of the bundle (what `current` named when they started, not
      // the link), held by each supervisor and server while they run.
      assert.equal(path.dirname(version), dist);
      assert.match(path.basename(version), /^[0-9a-f]{16}$/);
      assert.equal(path.dirname(runs(second!.server)), version, 'the same sources make one version');
      assert.equal(fs.readlinkSync(path.join(dist, 'current')), path.basename(version));
      const holders = fs.readdirSync(path.join(version, 'running'));
      for (const pid of [first!.supervisor, first!.server, second!.supervisor, second!.server])
        assert.ok(holders.includes(String(pid)), `process ${pid} holds its version`);
      assert.equal(fs.existsSync(held), true, 'a version a live process holds is kept');
      assert.equal(fs.existsSync(unheld), false, 'a version no process holds is removed');
    } finally {
      await Promise.all(instances.map((instance) => instance.stop()));
      fs.rmSync(held, { recursive: true, force: true });
      fs.rmSync(unheld, { recursive: true, force: true });
    }
  });
});
