/**
 * What every answer carries and how the server treats the connection itself: time-outs for slow
 * requests, cache and transport headers, source maps, and whose address a rate limit counts
 * behind a proxy.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Database } from '../db/index.js';
import {
  createTestApp,
  OPERATOR_EMAIL,
  send,
  setUpOperator,
  STRONG_PASSWORD,
  testConfig,
  testDatabases,
  type TestApp,
} from '../testing/index.js';

const [pglite] = await testDatabases();

/** Opens a TCP connection, sends `head`, then one byte of the body every `everyMs`; resolves with what the server wrote once it closes. */
function trickle(
  port: number,
  head: string,
  everyMs: number,
): Promise<{ answer: string; bytesSent: number }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let bytesSent = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      socket.write(head);
      timer = setInterval(() => {
        if (socket.writable) {
          socket.write('a');
          bytesSent += 1;
        }
      }, everyMs);
    });
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, bytesSent });
    });
    setTimeout(() => {
      clearInterval(timer);
      socket.destroy();
      reject(new Error(`still open after 20 s (${bytesSent} bytes sent)`));
    }, 20_000).unref();
  });
}

describe('the connection', () => {
  let database: Database;
  let t: TestApp;
  let port: number;

  before(async () => {
    database = await pglite!.open();
    t = await createTestApp(database, { config: { requestTimeoutMs: 1_000 } });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = Number(new URL(address).port);
  });
  after(async () => {
    await t.close();
    await database.close();
  });

  it('cuts off a body sent one byte at a time with 408, instead of waiting for ever', async () => {
    const head =
      'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n';
    const { answer, bytesSent } = await trickle(port, head, 200);
    assert.match(answer, /^HTTP\/1\.1 408 /);
    assert.ok(bytesSent < 1000, 'closed long before the body was complete');
  });

  it('still answers a request that arrives in time', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    assert.equal(res.status, 200);
  });
});

describe('headers of every answer', () => {
  let database: Database;
  let t: TestApp;

  before(async () => {
    database = await pglite!.open();
  });
  after(async () => {
    await database.close();
  });

  it('API answers are never stored (Cache-Control: no-store), errors included', async () => {
    t = await createTestApp(database);
    try {
      for (const [method, url] of [
        ['GET', '/api/health'],
        ['GET', '/api/auth/config'],
        ['GET', '/api/no-such-route'],
        ['GET', '/api/trading/mode'],
        ['POST', '/api/auth/login'],
      ] as const) {
        const res = await send(t.app, method, url, method === 'POST' ? { body: {} } : {});
        assert.equal(res.headers['cache-control'], 'no-store', `${method} ${url} (${res.statusCode})`);
      }
    } finally {
      await t.close();
    }
  });

  it("helmet's headers: all of them on a page, OWASP's API set on API answers and refusals", async () => {
    t = await createTestApp(database);
    try {
      for (const url of ['/api/health', '/api/no-such-route', '/login']) {
        const res = await send(t.app, 'GET', url);
        assert.equal(res.headers['x-frame-options'], 'DENY', url);
        assert.equal(res.headers['x-content-type-options'], 'nosniff', url);
        assert.match(String(res.headers['content-security-policy']), /frame-ancestors 'none'/, url);
        assert.equal(res.headers['cross-origin-resource-policy'], 'same-origin', url);
        assert.equal(res.headers['x-powered-by'], undefined, url);
      }
      const page = await send(t.app, 'GET', '/login');
      assert.equal(page.headers['referrer-policy'], 'no-referrer');
      assert.equal(page.headers['cross-origin-opener-policy'], 'same-origin');
      assert.equal(page.headers['x-permitted-cross-domain-policies'], 'none');
      for (const url of ['/api/health', '/api/no-such-route']) {
        const res = await send(t.app, 'GET', url);
        assert.match(String(res.headers['content-type']), /^application\/json/, url);
        for (const name of [
          'referrer-policy',
          'cross-origin-opener-policy',
          'x-xss-protection',
          'origin-agent-cluster',
        ]) {
          assert.equal(res.headers[name], undefined, `${url}: ${name} acts only on a document`);
        }
      }
    } finally {
      await t.close();
    }
  });

  it('HSTS only when the public URL is https', async () => {
    t = await createTestApp(database, { config: { publicUrl: 'https://nivesh.example.in' } });
    try {
      const res = await send(t.app, 'GET', '/api/health', { headers: { host: 'nivesh.example.in' } });
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['strict-transport-security'], 'max-age=31536000');
    } finally {
      await t.close();
    }
    t = await createTestApp(database);
    try {
      const res = await send(t.app, 'GET', '/api/health');
      assert.equal(res.headers['strict-transport-security'], undefined);
    } finally {
      await t.close();
    }
  });
});

describe('source maps', () => {
  it('are served to a signed-in session only; anyone else gets a 404', async () => {
    const database = await pglite!.open();
    const config = testConfig();
    const dist = path.join(config.appsDir, 'shell', 'dist');
    fs.mkdirSync(dist, { recursive: true });
    fs.writeFileSync(path.join(dist, 'main.0123456789.js'), 'console.log(1);\n');
    fs.writeFileSync(path.join(dist, 'main.0123456789.js.map'), '{"version":3,"sources":["secret.ts"]}');
    const t = await createTestApp(database, { config });
    try {
      const script = await send(t.app, 'GET', '/main.0123456789.js');
      assert.equal(script.statusCode, 200);
      const anonymous = await send(t.app, 'GET', '/main.0123456789.js.map');
      assert.equal(anonymous.statusCode, 404);
      assert.doesNotMatch(anonymous.body, /secret\.ts/);
      const forged = await send(t.app, 'GET', '/main.0123456789.js.map', { token: 'forged' });
      assert.equal(forged.statusCode, 404);
      const token = await setUpOperator(t.app);
      const signedIn = await send(t.app, 'GET', '/main.0123456789.js.map', { token });
      assert.equal(signedIn.statusCode, 200);
      assert.match(signedIn.body, /secret\.ts/);
    } finally {
      await t.close();
      await database.close();
    }
  });
});

describe('client addresses behind a reverse proxy', () => {
  async function lockOutThroughProxy(trustProxy: false | string[]) {
    const database = await pglite!.open();
    const t = await createTestApp(database, { config: { trustProxy } });
    try {
      await setUpOperator(t.app);
      // Client A fails five times through the proxy on this machine...
      for (let i = 0; i < 5; i += 1) {
        const res = await send(t.app, 'POST', '/api/auth/login', {
          body: { email: OPERATOR_EMAIL, password: `Wrong-Password-${i}` },
          headers: { 'x-forwarded-for': '203.0.113.10' },
        });
        assert.equal(res.statusCode, 401);
      }
      // ...then client B signs in through the same proxy.
      const other = await send(t.app, 'POST', '/api/auth/login', {
        body: { email: OPERATOR_EMAIL, password: STRONG_PASSWORD },
        headers: { 'x-forwarded-for': '198.51.100.20' },
      });
      return other.statusCode;
    } finally {
      await t.close();
      await database.close();
    }
  }

  it('with the proxy trusted (NIVESH_TRUST_PROXY), each client has its own limit', async () => {
    assert.equal(await lockOutThroughProxy(['127.0.0.1']), 200);
  });

  it('without it, forwarding headers are ignored: a forged X-Forwarded-For cannot dodge the limit', async () => {
    assert.equal(await lockOutThroughProxy(false), 429);
  });
});
