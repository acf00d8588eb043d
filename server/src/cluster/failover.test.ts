/**
 * Leader failover between real server processes on one PostgreSQL database: one leads, the other
 * waits; the leader is killed with SIGKILL (no chance to hand over) and the other takes over within
 * 10 seconds. Only one process leads at any moment.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, describe, it } from 'node:test';
import { sharedPostgresDatabase } from '../testing/databases.js';
import { freePort } from '../testing/peers.js';

/** The one secret key of the servers on the test's database. */
const SECRET_KEY = randomBytes(32).toString('hex');

const main = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'main.ts');
const shared = await sharedPostgresDatabase();

interface Proc {
  name: string;
  kill(signal: NodeJS.Signals): void;
  exited: Promise<number | null>;
  output(): string;
  /** Epoch ms when the process logged that it leads, or null. */
  ledAt(): number | null;
  waitFor(pattern: RegExp, ms: number): Promise<void>;
}

async function startServer(name: string, url: string): Promise<Proc> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `nivesh-failover-${name}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: {
      ...process.env,
      LOG_LEVEL: 'info',
      DATABASE_URL: url,
      NIVESH_DATA_DIR: dataDir,
      PORT: String(await freePort()),
      NIVESH_LEARNING_OFF: '1',
      // Every server on one database holds the same key (broker/secretKeyCheck.ts).
      NIVESH_SECRET_KEY: SECRET_KEY,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let ledAt: number | null = null;
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    if (ledAt === null && /this process leads/.test(output)) ledAt = Date.now();
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      resolve(code);
    }),
  );
  return {
    name,
    kill: (signal) => child.kill(signal),
    exited,
    output: () => output,
    ledAt: () => ledAt,
    waitFor: (pattern, ms) =>
      new Promise((resolve, reject) => {
        const started = Date.now();
        const check = () => {
          if (pattern.test(output)) resolve();
          else if (Date.now() - started > ms)
            reject(new Error(`${name}: timed out waiting for ${pattern}\n${output}`));
          else setTimeout(check, 100);
        };
        check();
      }),
  };
}

describe('leader failover between server processes', { skip: shared === null }, () => {
  const procs: Proc[] = [];
  after(async () => {
    for (const proc of procs) proc.kill('SIGKILL');
    await Promise.all(procs.map((proc) => proc.exited));
    await shared?.drop();
  });

  it('a SIGKILLed leader is replaced within 10 seconds, and only one process leads at a time', async () => {
    // The first process migrates the database; the second starts once it runs.
    const first = await startServer('first', shared!.url);
    procs.push(first);
    await first.waitFor(/Nivesh is running at/, 90_000);
    const second = await startServer('second', shared!.url);
    procs.push(second);
    await second.waitFor(/Nivesh is running at/, 90_000);
    await first.waitFor(/this process leads/, 10_000);
    // The second keeps trying and does not lead while the first does.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    assert.equal(second.ledAt(), null, second.output());

    const killedAt = Date.now();
    first.kill('SIGKILL');
    await first.exited;
    await second.waitFor(/this process leads/, 10_000);
    const tookOver = second.ledAt()! - killedAt;
    assert.ok(tookOver <= 10_000, `took over after ${tookOver} ms`);
  });
});
