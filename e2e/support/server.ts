/**
 * Starts the product the way `pnpm serve` does (after `pnpm build`), on a free port with a fresh
 * data folder, and captures the first-run setup link it prints.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const stateFile = path.join(repoRoot, 'e2e', 'test-results', 'server.json');

export interface ServerState {
  pid: number;
  baseUrl: string;
  setupLink: string;
  dataDir: string;
  logFile: string;
}

export function readServerState(): ServerState {
  return JSON.parse(fs.readFileSync(stateFile, 'utf8')) as ServerState;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export async function startServer(): Promise<ServerState> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nivesh-e2e-'));
  fs.mkdirSync(path.dirname(stateFile), { recursive: true });
  const logFile = path.join(path.dirname(stateFile), 'server.log');
  const log = fs.createWriteStream(logFile);
  const child: ChildProcess = spawn('pnpm', ['serve'], {
    cwd: repoRoot,
    // Three failing browsers are enough to roll a canary back in the release tests. Every browser
    // of the tests comes from this machine's address: it may be issued many client ids, and each
    // of its browsers counts (a real server counts at most a few per address).
    env: {
      ...process.env,
      PORT: String(port),
      NIVESH_DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      NIVESH_CANARY_MIN_LOADS: '3',
      NIVESH_CANARY_BROWSERS_PER_ADDRESS: '1000',
      NIVESH_CANARY_CLIENT_IDS_PER_HOUR: '10000',
      // Prices tick (and paper orders fill) whatever the hour CI runs at.
      NIVESH_SIM_ALWAYS_OPEN: '1',
      // No model training in the background: it would take a core from the browser for a minute.
      NIVESH_LEARNING_OFF: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const baseUrl = `http://localhost:${port}`;
  const setupLink = await new Promise<string>((resolve, reject) => {
    let buffered = '';
    const timer = setTimeout(
      () => reject(new Error(`the server did not print a setup link; see ${logFile}`)),
      60_000,
    );
    const onData = (chunk: Buffer) => {
      log.write(chunk);
      buffered += chunk.toString('utf8');
      for (const line of buffered.split('\n')) {
        if (!line.startsWith('{')) continue;
        try {
          const entry = JSON.parse(line) as { setupLink?: string };
          if (entry.setupLink) {
            clearTimeout(timer);
            resolve(entry.setupLink);
          }
        } catch {
          // A partial line: wait for the rest.
        }
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => log.write(chunk));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code}; see ${logFile}`));
    });
  });
  child.stdout?.on('data', (chunk: Buffer) => log.write(chunk));
  child.unref();
  return { pid: child.pid as number, baseUrl, setupLink, dataDir, logFile };
}

export function stopServer(state: ServerState): void {
  try {
    // The whole process group: pnpm and the node process it started.
    process.kill(-state.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
}
