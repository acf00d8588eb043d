/**
 * The supervisor as `npm start` runs it: a restart asked for from the diagnostics while orders are
 * being placed. The server answers, goes down, comes back as a new process (seen the way the
 * diagnostics dialog sees it), and every order that was acknowledged is there once. A first server
 * whose PostgreSQL is not up yet is started again until it is; one that cannot start for a reason
 * that would stay (a wrong setting, a database that does not exist) is not.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import {
  contract,
  RESTART_HEALTH_TIMEOUT_MS,
  RESTART_POLL_INTERVAL_MS,
  RESTART_POLL_MAX_ATTEMPTS,
} from '@nivesh/api-contract';
import { sharedPostgresDatabase } from './testing/databases.js';
import { freePort, isRunning } from './testing/peers.js';
import { STRONG_PASSWORD, testDatabases } from './testing/index.js';

const supervisorEntry = path.join(path.dirname(fileURLToPath(import.meta.url)), 'supervisor.ts');
const SYMBOLS = ['ITC', 'ONGC', 'NTPC', 'COALINDIA'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function startSupervisor(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', supervisorEntry], {
    env: { ...process.env, LOG_LEVEL: 'info', NIVESH_LEARNING_OFF: '1', NIVESH_SIM_ALWAYS_OPEN: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  let ended = false;
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      ended = true;
      resolve(code);
    }),
  );
  const waitFor = async (pattern: RegExp, ms = 120_000): Promise<RegExpExecArray> => {
    const until = Date.now() + ms;
    for (;;) {
      const match = pattern.exec(output);
      if (match) return match;
      if (ended) throw new Error(`the supervisor ended before ${pattern}:\n${output}`);
      if (Date.now() > until) throw new Error(`timed out waiting for ${pattern}:\n${output}`);
      await sleep(100);
    }
  };
  return { child, exited, waitFor, output: () => output };
}

async function restartWhileTrading(env: Record<string, string>, dataDir: string) {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const supervisor = startSupervisor({ ...env, PORT: String(port), NIVESH_DATA_DIR: dataDir });
  const servers = new Set<number>();
  try {
    const [, setupToken] = await supervisor.waitFor(/"setupLink":"http[^"]*\?setup=([A-Za-z0-9_-]+)"/);
    const set = await fetch(`${base}/api/auth/set-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ temp_token: setupToken, new_password: STRONG_PASSWORD }),
    });
    assert.equal(set.status, 200, await set.clone().text());
    const { session_token: token } = (await set.json()) as { session_token: string };
    const call = (method: string, url: string, body?: unknown, timeoutMs = 5_000) =>
      fetch(`${base}${url}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
    const serverStatus = async () => {
      const res = await call('GET', contract.management.serverStatus.path);
      assert.equal(res.status, 200);
      return (await res.json()) as { main_server_healthy: boolean; main_server_pid: number };
    };

    const before = await serverStatus();
    assert.equal(before.main_server_healthy, true);
    servers.add(before.main_server_pid);
    // glibc's malloc arenas of the server are limited (supervisor.ts), as the server sees it.
    const serverEnvironment = fs.readFileSync(`/proc/${before.main_server_pid}/environ`, 'utf8').split('\0');
    assert.ok(serverEnvironment.includes('MALLOC_ARENA_MAX=2'), 'the server runs with MALLOC_ARENA_MAX=2');

    // Four clients place one-share market orders back to back, through the restart and after it.
    const acknowledged: string[] = [];
    let attempts = 0;
    let trading = true;
    const placeOrders = async (symbol: string) => {
      while (trading) {
        attempts += 1;
        try {
          const res = await call('POST', contract.orders.place.path, {
            symbol,
            side: 'BUY',
            quantity: 1,
            order_type: 'MARKET',
            product: 'CNC',
          });
          if (res.ok) acknowledged.push(((await res.json()) as { data: { order_id: string } }).data.order_id);
          else await sleep(200);
        } catch {
          // Refused or cut off while the server is down: not acknowledged, so nothing is owed.
          await sleep(200);
        }
      }
    };
    const clients = SYMBOLS.map((symbol) => placeOrders(symbol));
    while (acknowledged.length < 8) await sleep(50);

    const requestedAt = Date.now();
    const restart = await call('POST', contract.management.restartServer.path);
    assert.equal(restart.status, 200);
    const answer = (await restart.json()) as { success: boolean; message: string };
    assert.equal(answer.success, true, answer.message);

    // The diagnostics dialog's wait: every 2 s, at most 20 checks of 3 s each, until health answers
    // from a process younger than the request.
    let back = false;
    for (let attempt = 1; attempt <= RESTART_POLL_MAX_ATTEMPTS && !back; attempt += 1) {
      await sleep(RESTART_POLL_INTERVAL_MS);
      try {
        const res = await fetch(`${base}${contract.ops.health.path}`, {
          signal: AbortSignal.timeout(RESTART_HEALTH_TIMEOUT_MS),
        });
        const { uptime } = (await res.json()) as { uptime: number };
        back = res.ok && uptime <= (Date.now() - requestedAt) / 1000 + 1;
      } catch {
        // Down: check again.
      }
    }
    assert.ok(back, `the server did not come back:\n${supervisor.output()}`);

    const after = await serverStatus();
    assert.equal(after.main_server_healthy, true);
    assert.notEqual(after.main_server_pid, before.main_server_pid);
    servers.add(after.main_server_pid);
    // The old process closed gracefully and is gone; the supervisor started the new one.
    assert.equal(isRunning(before.main_server_pid), false);
    assert.match(
      supervisor.output(),
      new RegExp(`"pid":${before.main_server_pid},[^\\n]*"msg":"database closed"`),
    );
    assert.match(supervisor.output(), /the server closed for a restart; starting a new one/);

    // A second restart so soon is refused with a sentence.
    const again = await call('POST', contract.management.adminRestart.path);
    assert.equal(again.status, 429);
    assert.match(((await again.json()) as { message: string }).message, /less than 30 seconds ago/);

    // Orders are taken again by the new process; then every acknowledged one is there, once.
    const acknowledgedWhenBack = acknowledged.length;
    while (acknowledged.length < acknowledgedWhenBack + 4) await sleep(50);
    trading = false;
    await Promise.all(clients);
    const list = await call('GET', `${contract.orders.list.path}?status=all&limit=500`);
    assert.equal(list.status, 200);
    const ids = ((await list.json()) as { data: Array<{ order_id: string }> }).data.map((o) => o.order_id);
    assert.equal(new Set(ids).size, ids.length, 'no order is stored twice');
    assert.equal(new Set(acknowledged).size, acknowledged.length, 'no order id was acknowledged twice');
    const stored = new Set(ids);
    assert.deepEqual(
      acknowledged.filter((id) => !stored.has(id)),
      [],
      'every acknowledged order is stored',
    );
    assert.ok(ids.length <= attempts);

    // A server that dies is started again (after 1 s, the first wait of the backoff).
    process.kill(after.main_server_pid, 'SIGKILL');
    await supervisor.waitFor(/"restartInMs":1000,"msg":"the server stopped unexpectedly; starting it again"/);
    const revived = await supervisor.waitFor(
      new RegExp(
        `"role":"supervisor","server":(?!(?:${[...servers].join('|')}),)(\\d+),"msg":"server ready"`,
      ),
    );
    servers.add(Number(revived[1]));
    const third = await serverStatus();
    assert.equal(third.main_server_healthy, true);
    assert.equal(third.main_server_pid, Number(revived[1]));

    supervisor.child.kill('SIGTERM');
    assert.equal(await supervisor.exited, 0);
    assert.equal(isRunning(third.main_server_pid), false);
  } catch (error) {
    throw new Error(`${(error as Error).message}\n--- supervisor output ---\n${supervisor.output()}`, {
      cause: error,
    });
  } finally {
    supervisor.child.kill('SIGKILL');
    await supervisor.exited;
    for (const pid of servers) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
    while ([...servers].some(isRunning)) await sleep(100);
  }
}

for (const target of await testDatabases()) {
  describe(`the supervisor (npm start) on ${target.name}`, () => {
    it('restarts the server on request while orders are placed, and nothing acknowledged is lost', async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nivesh-supervisor-'));
      // PGlite keeps its data in the data folder; PostgreSQL gets a fresh database of its own.
      const postgres = target.name === 'postgres' ? await sharedPostgresDatabase() : null;
      try {
        await restartWhileTrading(postgres ? { DATABASE_URL: postgres.url } : {}, dataDir);
        assert.equal(fs.existsSync(path.join(dataDir, 'nivesh.lock')), false);
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
        await postgres?.drop();
      }
    });
  });
}

describe('the supervisor', () => {
  it('ends with the exit code of a first server that cannot start, without trying again', async () => {
    const run = startSupervisor({ PORT: 'ninety' });
    assert.equal(await run.exited, 1);
    assert.match(run.output(), /Invalid environment/);
    assert.match(run.output(), /the server could not start; not trying again/);
  });

  it('starts the first server again, with backoff, when it fails on something that may come up (NATS)', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nivesh-supervisor-'));
    // Nothing listens there (yet).
    const run = startSupervisor({
      NIVESH_NATS_URL: `nats://127.0.0.1:${await freePort()}`,
      PORT: String(await freePort()),
      NIVESH_DATA_DIR: dataDir,
    });
    try {
      await run.waitFor(/Nivesh could not start: .*CONNECTION_REFUSED/);
      await run.waitFor(
        /"code":69,"signal":null,"restartInMs":1000,"msg":"the server could not start \(its message above says why\); starting it again"/,
      );
    } finally {
      run.child.kill('SIGTERM');
      assert.equal(await run.exited, 0);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe(
  'the supervisor on PostgreSQL',
  { skip: !(await testDatabases()).some((t) => t.name === 'postgres') },
  () => {
    it('starts the first server again, with backoff, while its database does not open, and serves once it does', async () => {
      const postgres = (await sharedPostgresDatabase())!;
      const real = new URL(postgres.url);
      // Where PostgreSQL will answer; nothing listens there yet.
      const databasePort = await freePort();
      const url = new URL(postgres.url);
      url.hostname = '127.0.0.1';
      url.port = String(databasePort);
      const port = await freePort();
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nivesh-supervisor-'));
      const run = startSupervisor({
        DATABASE_URL: url.toString(),
        PORT: String(port),
        NIVESH_DATA_DIR: dataDir,
      });
      const sockets = new Set<net.Socket>();
      const forwarder = net.createServer((socket) => {
        const upstream = net.connect(Number(real.port || 5432), real.hostname);
        for (const end of [socket, upstream]) {
          sockets.add(end);
          end.on('error', () => undefined);
          end.once('close', () => {
            socket.destroy();
            upstream.destroy();
          });
        }
        socket.pipe(upstream).pipe(socket);
      });
      try {
        await run.waitFor(
          /"restartInMs":1000,"msg":"the server could not start \(its message above says why\); starting it again"/,
        );
        await run.waitFor(
          /"restartInMs":2000,"msg":"the server could not start \(its message above says why\); starting it again"/,
        );
        assert.match(run.output(), /Nivesh could not start: the database did not open: connect ECONNREFUSED/);

        // PostgreSQL comes up on that port (a TCP forwarder to the real one): the next start serves.
        await new Promise<void>((resolve) => forwarder.listen(databasePort, '127.0.0.1', resolve));
        await run.waitFor(/"role":"supervisor","server":\d+,"msg":"server ready"/);
        const health = await fetch(`http://localhost:${port}${contract.ops.health.path}`);
        assert.equal(health.status, 200);
        run.child.kill('SIGTERM');
        assert.equal(await run.exited, 0);
      } catch (error) {
        throw new Error(`${(error as Error).message}\n--- supervisor output ---\n${run.output()}`, {
          cause: error,
        });
      } finally {
        run.child.kill('SIGKILL');
        await run.exited;
        for (const socket of sockets) socket.destroy();
        await new Promise((resolve) => forwarder.close(resolve));
        fs.rmSync(dataDir, { recursive: true, force: true });
        await postgres.drop();
      }
    });

    it("ends, without trying again, when PostgreSQL refuses the database's name", async () => {
      // The test server's address, with the name of a database that does not exist.
      const shared = (await sharedPostgresDatabase())!;
      await shared.drop();
      const url = new URL(shared.url);
      url.pathname = `/nivesh_no_such_database_${randomBytes(4).toString('hex')}`;
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nivesh-supervisor-'));
      try {
        const run = startSupervisor({
          DATABASE_URL: url.toString(),
          PORT: String(await freePort()),
          NIVESH_DATA_DIR: dataDir,
        });
        assert.equal(await run.exited, 1);
        assert.match(
          run.output(),
          /the database did not open: database "nivesh_no_such_database_[0-9a-f]+" does not exist/,
        );
        assert.match(run.output(), /the server could not start; not trying again/);
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });
  },
);
