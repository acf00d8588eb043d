/**
 * The server's footprint as `npm start` runs it: the supervisor's bundle (server/dist/current/supervisor.mjs,
 * built by server/scripts/bundle.mjs) started as a child process with `node`, learning on (the
 * default), the simulated market open. Three starts: a fresh data folder (the migrated database template already built, as
 * `pnpm build` leaves it), the same folder again (existing), and a fresh folder with no template
 * yet (the first start on a machine, which builds it). Each reports the time from spawn to
 * "Nivesh is running"; the first two also the server process's RSS at ready, its peak (VmHWM)
 * over the first WATCH_SECONDS, and its RSS after them, with light load meanwhile (the operator
 * signed in, READS_PER_SECOND authenticated reads); the fresh start also the peak of the ML
 * training process it starts (a process of its own, ml/trainer.ts). Baseline: a bare Fastify
 * process started the same way (node), its time to listening and its RSS after the same light load.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { goals, type BenchResult } from './load.js';

const WATCH_SECONDS = Number(process.env['BENCH_FOOTPRINT_SECONDS'] ?? 60);
const READS_PER_SECOND = 4;
const READY_TIMEOUT_MS = 180_000;
const STRONG_PASSWORD = 'Footprint-bench-2026!';
const READS = ['/api/market/overview', '/api/portfolio/overview', '/api/portfolio/holdings'];
/** The servers listen on 4300-4339 (random, a run at a time), the bare Fastify baseline on 4340-4349. */
const SERVER_PORT_BASE = 4300;
const SERVER_PORTS = 40;

/** The server package (BENCH_SERVER_DIR: another checkout's, to measure a before/after). */
const serverDir =
  process.env['BENCH_SERVER_DIR'] ??
  path.resolve(path.dirname(fileURLToPath(import.meta.resolve('@nivesh/server'))), '..');
const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** VmRSS and VmHWM of a process, MB. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

interface Started {
  child: ChildProcess;
  /** The process whose memory is measured (the server under the supervisor). */
  pid: number;
  readyMs: number;
  output: () => string;
}

/** Spawns, waits for a JSON log line with `readyMessage` (or a plain line, bare Fastify). */
async function start(
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  readyMessage: string,
): Promise<Started> {
  const startedAt = performance.now();
  const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const until = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    const line = output.split('\n').find((l) => l.includes(readyMessage));
    if (line) {
      const readyMs = performance.now() - startedAt;
      const pid = line.startsWith('{') ? Number((JSON.parse(line) as { pid: number }).pid) : child.pid!;
      return { child, pid, readyMs, output: () => output };
    }
    if (child.exitCode !== null || Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`footprint: "${readyMessage}" did not come:\n${output.slice(-4000)}`);
    }
    await sleep(20);
  }
}

async function stop(started: Started): Promise<void> {
  const exited = new Promise((resolve) => started.child.once('exit', resolve));
  started.child.kill('SIGTERM');
  await Promise.race([exited, sleep(30_000)]);
  if (started.child.exitCode === null) started.child.kill('SIGKILL');
}

/** The peak RSS (VmHWM, MB) of the server's ML training processes running now (ml/trainer.ts), or 0. */
function trainingPeak(): number {
  let peak = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (cmdline.includes('trainWorker')) peak = Math.max(peak, memoryOf(Number(entry)).peak);
    } catch {
      // The process ended meanwhile.
    }
  }
  return peak;
}

/**
 * Light load for WATCH_SECONDS after ready: READS_PER_SECOND GETs; the server's memory then, and
 * the highest peak of its ML training process meanwhile (a process of its own).
 */
async function watch(
  pid: number,
  read: () => Promise<void>,
): Promise<{ rss: number; peak: number; trainingPeak: number }> {
  const until = Date.now() + WATCH_SECONDS * 1000;
  let training = 0;
  while (Date.now() < until) {
    await Promise.all([read(), sleep(1000 / READS_PER_SECOND)]);
    training = Math.max(training, trainingPeak());
  }
  return { ...memoryOf(pid), trainingPeak: training };
}

function serverEnv(port: number, dataDir: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    NIVESH_DATA_DIR: dataDir,
    NIVESH_SIM_ALWAYS_OPEN: '1',
    LOG_LEVEL: 'info',
    ...extra,
  };
  delete env['NIVESH_LEARNING_OFF'];
  delete env['DATABASE_URL'];
  return env;
}

interface ServerRun {
  readyMs: number;
  atReady: number;
  peak: number;
  after: number;
  /** The ML training process's peak RSS while watched (0: none ran). */
  trainingPeak: number;
  /** The operator's session (kept in the database: the next start on the folder takes it). */
  token: string | null;
}

/** The operator's session: the first-run setup link's password, or the one `token` still is. */
async function signIn(base: string, output: () => string, token: string | null): Promise<string> {
  if (token) return token;
  for (let i = 0; i < 100; i += 1) {
    const setup = /\?setup=([A-Za-z0-9_-]+)/.exec(output());
    if (setup) {
      const res = await fetch(`${base}/api/auth/set-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ temp_token: setup[1], new_password: STRONG_PASSWORD }),
      });
      if (!res.ok) throw new Error(`footprint: set-password answered ${res.status}: ${await res.text()}`);
      return ((await res.json()) as { session_token: string }).session_token;
    }
    await sleep(100);
  }
  throw new Error('footprint: no first-run setup link');
}

/** One start of the product; with `watchIt`, signs the operator in and watches it under light load. */
async function runServer(
  dataDir: string,
  extra: NodeJS.ProcessEnv,
  watchIt: boolean,
  session: string | null = null,
): Promise<ServerRun> {
  const port = SERVER_PORT_BASE + Math.floor(Math.random() * SERVER_PORTS);
  const started = await start(
    [path.join(serverDir, 'dist', 'current', 'supervisor.mjs')],
    serverDir,
    serverEnv(port, dataDir, extra),
    'Nivesh is running',
  );
  try {
    const atReady = memoryOf(started.pid).rss;
    if (!watchIt)
      return { readyMs: started.readyMs, atReady, peak: NaN, after: NaN, trainingPeak: NaN, token: null };
    const base = `http://localhost:${port}`;
    const token = await signIn(base, started.output, session);
    let n = 0;
    const read = async () => {
      const url = `${base}${READS[n++ % READS.length]}`;
      const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      if (!res.ok) throw new Error(`footprint: ${url} answered ${res.status}`);
      await res.arrayBuffer();
    };
    const { rss, peak, trainingPeak } = await watch(started.pid, read);
    return { readyMs: started.readyMs, atReady, peak, after: rss, trainingPeak, token };
  } finally {
    await stop(started);
  }
}

/** A bare Fastify process, started with node like the server's bundle: time to listening, RSS. */
async function runBare(): Promise<{ readyMs: number; atReady: number; peak: number; after: number }> {
  const port = SERVER_PORT_BASE + SERVER_PORTS + Math.floor(Math.random() * (50 - SERVER_PORTS));
  const code = `import Fastify from 'fastify';
const app = Fastify();
app.get('/api/health', async () => ({ status: 'ok', uptime: process.uptime() }));
await app.listen({ port: ${port}, host: '127.0.0.1' });
console.log('bare fastify ready');`;
  const started = await start(
    ['--input-type=module', '-e', code],
    benchDir,
    process.env,
    'bare fastify ready',
  );
  try {
    const atReady = memoryOf(started.pid).rss;
    const read = async () => {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      await res.arrayBuffer();
    };
    const { rss, peak } = await watch(started.pid, read);
    return { readyMs: started.readyMs, atReady, peak, after: rss };
  } finally {
    await stop(started);
  }
}

export async function benchFootprint(): Promise<BenchResult[]> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'nivesh-footprint-'));
  try {
    const bare = await runBare();
    // The template `pnpm build` leaves (server db:template), built before the fresh start.
    const template = spawn(
      process.execPath,
      ['--import', 'tsx', path.join('src', 'db', 'buildTemplate.ts')],
      {
        cwd: serverDir,
        stdio: 'ignore',
      },
    );
    await new Promise((resolve) => template.once('exit', resolve));
    // The server's bundle, as `pnpm build` (and `pnpm serve`) leave it.
    const bundle = spawn(process.execPath, [path.join('scripts', 'bundle.mjs')], {
      cwd: serverDir,
      stdio: 'inherit',
    });
    const bundled = await new Promise((resolve) => bundle.once('exit', resolve));
    if (bundled !== 0) throw new Error('footprint: the server bundle could not be built');
    const dataDir = path.join(scratch, 'data');
    const fresh = await runServer(dataDir, {}, true);
    const existing = await runServer(dataDir, {}, true, fresh.token);
    const first = await runServer(
      path.join(scratch, 'first'),
      { NIVESH_DB_TEMPLATE_DIR: path.join(scratch, 'no-template-yet') },
      false,
    );
    const row = (
      name: string,
      unit: string,
      product: number,
      baseline: number,
      most?: number,
    ): BenchResult => ({
      name,
      unit,
      product,
      baseline,
      ...(most !== undefined && { goal: goals.atMost(most) }),
    });
    // Issue 14's goals: ready within 3 s on a fresh folder; at most 300 MB steady, 500 MB at peak.
    return [
      row('server ready, fresh data folder (vs bare Fastify)', 'ms', fresh.readyMs, bare.readyMs, 3000),
      row('server ready, existing data folder (vs bare Fastify)', 'ms', existing.readyMs, bare.readyMs),
      row(
        'server ready, first start on the machine (no template yet; vs bare)',
        'ms',
        first.readyMs,
        bare.readyMs,
      ),
      row('server RSS at ready, fresh (vs bare Fastify)', 'MB', fresh.atReady, bare.atReady),
      row(
        `server peak RSS, first ${WATCH_SECONDS} s, fresh (vs bare Fastify)`,
        'MB',
        fresh.peak,
        bare.peak,
        500,
      ),
      row(
        `server RSS after ${WATCH_SECONDS} s light load, fresh (vs bare Fastify)`,
        'MB',
        fresh.after,
        bare.after,
        300,
      ),
      row(
        `ML training process peak RSS, first ${WATCH_SECONDS} s, fresh (its own process; vs bare Fastify)`,
        'MB',
        fresh.trainingPeak,
        bare.peak,
      ),
      row('server RSS at ready, existing (vs bare Fastify)', 'MB', existing.atReady, bare.atReady),
      row(
        `server peak RSS, first ${WATCH_SECONDS} s, existing (vs bare)`,
        'MB',
        existing.peak,
        bare.peak,
        500,
      ),
      row(
        `server RSS after ${WATCH_SECONDS} s light load, existing (vs bare)`,
        'MB',
        existing.after,
        bare.after,
        300,
      ),
    ];
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
