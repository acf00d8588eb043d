/**
 * A lock file in the PGlite data folder: PGlite is an embedded database, so two processes opening
 * the same folder would corrupt it. The second one refuses to start, naming the first. A lock left
 * by a process that no longer runs (killed, or crashed before it closed) is taken over, with a
 * warning naming that process.
 */
import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The data folder ${dataDir} is in use by another Nivesh process (pid ${pid}). ` +
        'Stop that process first, or point NIVESH_DATA_DIR at another folder.',
    );
    this.name = 'DataDirLockedError';
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface DataDirLock {
  release(): void;
}

/** Where the takeover of a stale lock is told (main.ts: the server's logger, at warn level). */
export interface LockLog {
  warn(details: object, message: string): void;
}

export function lockDataDir(dataDir: string, log: LockLog): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'nivesh.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, `${process.pid}\n`);
      fs.closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            if (fs.readFileSync(lockPath, 'utf8').trim() === String(process.pid)) fs.unlinkSync(lockPath);
          } catch {
            // Already gone.
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(fs.readFileSync(lockPath, 'utf8').trim(), 10);
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isRunning(pid)) {
        throw new DataDirLockedError(dataDir, pid);
      }
      // A lock left by a process that died (or by this very process): take it over.
      if (pid !== process.pid) {
        const deadPid = Number.isInteger(pid) ? pid : null;
        log.warn(
          { dataDir, deadPid },
          `The data folder ${dataDir} was locked by process ${deadPid ?? '(unreadable lock file)'}, which no ` +
            'longer runs (it did not close cleanly): taking the lock over.',
        );
      }
      fs.unlinkSync(lockPath);
    }
  }
  throw new Error(`Could not lock the data folder ${dataDir}`);
}
