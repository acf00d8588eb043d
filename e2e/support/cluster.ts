/**
 * Two server processes on one PostgreSQL database, joined by NATS, behind one address, as the
 * README's "More than one instance" runs them: a fresh database, and two `pnpm serve` from this
 * checkout started at the same moment, each with its own port and data folder, the same
 * DATABASE_URL and NIVESH_NATS_URL; a small reverse proxy (HTTP and WebSocket) in front. The proxy
 * sends a request to the second process when it carries `x-nivesh-instance: second`, otherwise to
 * the first: the browser lives on the first, and a test can place an order through the same
 * address on the other. PostgreSQL and NATS must be running (127.0.0.1:5432 and :4222, or
 * NIVESH_TEST_DATABASE_URL and NIVESH_TEST_NATS_URL): without them it fails, saying which.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, repoRoot } from './server';

const adminUrl = process.env['NIVESH_TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';
const natsUrl = process.env['NIVESH_TEST_NATS_URL'] ?? 'nats://127.0.0.1:4222';
export const INSTANCE_HEADER = 'x-nivesh-instance';

/** Whether any process of the group (pnpm, the supervisor, the server) still runs. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Fails, naming what is missing, when PostgreSQL or NATS does not answer. */
async function requireServices(): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `The two-instance test needs PostgreSQL at ${adminUrl} (NIVESH_TEST_DATABASE_URL): ${(error as Error).message}`,
      { cause: error },
    );
  } finally {
    await client.end().catch(() => undefined);
  }
  const nats = new URL(natsUrl.replace(/^nats:/, 'http:'));
  await new Promise<void>((resolve, reject) => {
    const socket = net.connect({ host: nats.hostname, port: Number(nats.port || 4222) });
    const fail = (reason: string) => {
      socket.destroy();
      reject(new Error(`The two-instance test needs NATS at ${natsUrl} (NIVESH_TEST_NATS_URL): ${reason}`));
    };
    socket.setTimeout(3_000, () => fail('no answer in 3 s'));
    socket.once('error', (error) => fail(error.message));
    socket.once('connect', () => {
      socket.destroy();
      resolve();
    });
  });
}

async function admin(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

interface Instance {
  child: ChildProcess;
  port: number;
  dataDir: string;
  output: () => string;
}

function startInstance(options: {
  port: number;
  publicUrl: string;
  databaseUrl: string;
  secretKey: string;
  logFile: string;
}): Instance {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nivesh-e2e-cluster-'));
  let output = '';
  const log = fs.createWriteStream(options.logFile);
  const child = spawn('pnpm', ['serve'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(options.port),
      NIVESH_PUBLIC_URL: options.publicUrl,
      NIVESH_DATA_DIR: dataDir,
      DATABASE_URL: options.databaseUrl,
      NIVESH_NATS_URL: natsUrl,
      // The recipe's one key for every process (`export NIVESH_SECRET_KEY=$(openssl rand -hex 32)`).
      NIVESH_SECRET_KEY: options.secretKey,
      LOG_LEVEL: 'info',
      NIVESH_SIM_ALWAYS_OPEN: '1',
      NIVESH_LEARNING_OFF: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const onData = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    log.write(chunk);
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  return { child, port: options.port, dataDir, output: () => output };
}

async function waitFor(instance: Instance, pattern: RegExp, ms: number): Promise<RegExpMatchArray> {
  const started = Date.now();
  for (;;) {
    const match = instance.output().match(pattern);
    if (match) return match;
    if (instance.child.exitCode !== null)
      throw new Error(`a server exited:\n${instance.output().slice(-4000)}`);
    if (Date.now() - started > ms)
      throw new Error(`timed out waiting for ${pattern}:\n${instance.output().slice(-4000)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function startProxy(port: number, targets: { first: number; second: number }): http.Server {
  const pick = (headers: http.IncomingHttpHeaders) =>
    headers[INSTANCE_HEADER] === 'second' ? targets.second : targets.first;
  const server = http.createServer((request, response) => {
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: pick(request.headers),
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  // WebSocket upgrades: the raw bytes both ways.
  server.on('upgrade', (request: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    const upstream = net.connect(pick(request.headers), '127.0.0.1', () => {
      const lines = [`${request.method} ${request.url} HTTP/1.1`];
      for (let i = 0; i < request.rawHeaders.length; i += 2)
        lines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  server.listen(port, '127.0.0.1');
  return server;
}

/** Every socket the proxy holds (HTTP keep-alive and upgraded WebSockets), to end them at stop. */
function trackSockets(server: http.Server): Set<net.Socket> {
  const sockets = new Set<net.Socket>();
  server.on('connection', (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  return sockets;
}

export interface Cluster {
  /** The one address both processes are behind. */
  baseUrl: string;
  /** Each process's own address. */
  instanceUrls: { first: string; second: string };
  /**
   * The first-run setup links the two printed, newest first: each new link supersedes those
   * before it, and two processes starting together may print theirs in either order.
   */
  setupLinks: string[];
  /** Which process leads now ('first' or 'second'), from their logs. */
  leaderLog(): string;
  stop(): Promise<void>;
}

export async function startCluster(): Promise<Cluster> {
  await requireServices();
  const name = `nivesh_e2e_${process.pid}_${Date.now()}`;
  await admin(`CREATE DATABASE "${name}"`);
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${name}`;
  const [proxyPort, firstPort, secondPort] = [await freePort(), await freePort(), await freePort()];
  const baseUrl = `http://localhost:${proxyPort}`;
  const logDir = path.join(repoRoot, 'e2e', 'test-results');
  fs.mkdirSync(logDir, { recursive: true });
  // Both at the same moment, on the new database, from this one checkout, with one secret key.
  const secretKey = randomBytes(32).toString('hex');
  const instances = (['first', 'second'] as const).map((which) =>
    startInstance({
      port: which === 'first' ? firstPort : secondPort,
      publicUrl: baseUrl,
      databaseUrl: databaseUrl.toString(),
      secretKey,
      logFile: path.join(logDir, `cluster-${which}.log`),
    }),
  );
  const [first, second] = instances as [Instance, Instance];
  const stop = async () => {
    for (const instance of instances) {
      try {
        process.kill(-(instance.child.pid as number), 'SIGTERM');
      } catch {
        // already gone
      }
    }
    // pnpm exits at once; the servers under it close their database connections first. Wait until
    // each group is gone (at most 40 s, then SIGKILL it) before the database is dropped.
    await Promise.all(
      instances.map(async (instance) => {
        const started = Date.now();
        while (groupAlive(instance.child.pid as number) && Date.now() - started < 40_000) {
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
        try {
          process.kill(-(instance.child.pid as number), 'SIGKILL');
        } catch {
          // the group is gone
        }
      }),
    );
    for (const instance of instances) fs.rmSync(instance.dataDir, { recursive: true, force: true });
    await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
  };
  try {
    // Each process prints a setup link while no password is set (with the time it logged it).
    const printed = await Promise.all(
      instances.map((instance) => waitFor(instance, /"time":(\d+),[^\n]*"setupLink":"([^"]+)"/, 120_000)),
    );
    const setupLinks = printed
      .map((match) => ({ time: Number(match[1]), link: match[2]! }))
      .sort((a, b) => b.time - a.time)
      .map(({ link }) => link);
    const proxy = startProxy(proxyPort, { first: firstPort, second: secondPort });
    const sockets = trackSockets(proxy);
    return {
      baseUrl,
      instanceUrls: { first: `http://localhost:${firstPort}`, second: `http://localhost:${secondPort}` },
      setupLinks,
      leaderLog: () =>
        /this process leads/.test(first.output())
          ? 'first'
          : /this process leads/.test(second.output())
            ? 'second'
            : 'none',
      async stop() {
        for (const socket of sockets) socket.destroy();
        await new Promise<void>((resolve) => proxy.close(() => resolve()));
        await stop();
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
