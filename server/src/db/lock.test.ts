import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import pino from 'pino';
import { DataDirLockedError, lockDataDir } from './lock.js';
import { openDatabase } from './index.js';

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'nivesh-lock-'));

/** A logger as the server's (pino, JSON lines), keeping the lines it writes. */
function keptLog() {
  const lines: Array<{ level: number; msg: string; deadPid?: number | null }> = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

describe('the PGlite data folder lock', () => {
  it('refuses a second process on the same folder, naming the first', async () => {
    const dir = tempDir();
    // Another live process holds the lock.
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      fs.writeFileSync(path.join(dir, 'nivesh.lock'), `${other.pid}\n`);
      assert.throws(
        () => lockDataDir(dir, keptLog().logger),
        (error: unknown) =>
          error instanceof DataDirLockedError &&
          error.pid === other.pid &&
          error.message.includes(`in use by another Nivesh process (pid ${other.pid})`),
      );
      await assert.rejects(openDatabase({ kind: 'pglite', dataDir: dir }), DataDirLockedError);
    } finally {
      other.kill();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes over a lock left by a process that died, with a warning naming that process', () => {
    const dir = tempDir();
    const { logger, lines } = keptLog();
    try {
      fs.writeFileSync(path.join(dir, 'nivesh.lock'), '999999999\n');
      const lock = lockDataDir(dir, logger);
      assert.equal(fs.readFileSync(path.join(dir, 'nivesh.lock'), 'utf8').trim(), String(process.pid));
      assert.deepEqual(
        lines.map(({ level, msg, deadPid }) => ({ level, msg, deadPid })),
        [
          {
            level: 40,
            msg: `The data folder ${dir} was locked by process 999999999, which no longer runs (it did not close cleanly): taking the lock over.`,
            deadPid: 999999999,
          },
        ],
      );
      lock.release();
      assert.equal(fs.existsSync(path.join(dir, 'nivesh.lock')), false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps data across a close and reopen, and removes the lock on close', async () => {
    const dir = tempDir();
    try {
      const first = await openDatabase({ kind: 'pglite', dataDir: dir });
      assert.equal(fs.existsSync(path.join(dir, 'nivesh.lock')), true);
      await first.db.execute('create table kept (v int)');
      await first.db.execute('insert into kept values (42)');
      await first.close();
      assert.equal(fs.existsSync(path.join(dir, 'nivesh.lock')), false);
      const second = await openDatabase({ kind: 'pglite', dataDir: dir });
      const rows = await second.db.execute('select v from kept');
      assert.deepEqual((rows as unknown as { rows: Array<{ v: number }> }).rows, [{ v: 42 }]);
      await second.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
