/**
 * safeFetch against local servers the test starts: every non-public address form is refused before
 * anything connects, redirects are checked hop by hop and lose credentials across origins, and the
 * size limit and time-out abort the fetch with a sentence.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { SafeFetchError, safeFetch } from './safeFetch.js';

async function listen(handler: http.RequestListener): Promise<{ server: http.Server; base: string }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, base: `http://127.0.0.1:${port}` };
}

const local = { allow: ['127.0.0.1'] };

function refused(code: SafeFetchError['code'], message: RegExp) {
  return (error: unknown) => {
    assert.ok(error instanceof SafeFetchError, `expected a SafeFetchError, got ${String(error)}`);
    assert.equal(error.code, code);
    assert.match(error.message, message);
    return true;
  };
}

describe('safeFetch', () => {
  let main: { server: http.Server; base: string };
  let other: { server: http.Server; base: string };

  before(async () => {
    other = await listen((request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({
          authorization: request.headers.authorization ?? null,
          cookie: request.headers.cookie ?? null,
          apiKey: request.headers['x-api-key'] ?? null,
          accept: request.headers.accept ?? null,
        }),
      );
    });
    main = await listen((request, response) => {
      const path = request.url ?? '/';
      if (path === '/ok') {
        response.end('hello');
      } else if (path === '/echo') {
        response.end(JSON.stringify({ authorization: request.headers.authorization ?? null }));
      } else if (path === '/to-metadata') {
        response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      } else if (path === '/to-other') {
        response.writeHead(301, { location: `${other.base}/` }).end();
      } else if (path === '/same-origin') {
        response.writeHead(307, { location: '/echo' }).end();
      } else if (path.startsWith('/loop')) {
        response.writeHead(302, { location: `/loop${path.length}` }).end();
      } else if (path === '/big') {
        // 3 MB in chunks, no content-length: the limit must stop the stream itself.
        const chunk = Buffer.alloc(64 * 1024, 97);
        let sent = 0;
        const write = () => {
          while (sent < 48) {
            sent += 1;
            if (!response.write(chunk)) return void response.once('drain', write);
          }
          response.end();
        };
        write();
      } else if (path === '/declared-big') {
        response.writeHead(200, { 'content-length': String(5 * 1024 * 1024) });
        response.write('x');
      } else if (path === '/stalls') {
        response.writeHead(200, { 'content-type': 'text/xml' });
        response.write('<rss>');
      } else if (path === '/slow') {
        setTimeout(() => response.end('late'), 2_000).unref();
      } else {
        response.writeHead(404).end('no');
      }
    });
  });
  after(() => {
    main.server.closeAllConnections();
    other.server.closeAllConnections();
    main.server.close();
    other.server.close();
  });

  it('fetches from an allowed local server', async () => {
    const response = await safeFetch(`${main.base}/ok`, local);
    assert.equal(response.status, 200);
    assert.equal(response.body.toString(), 'hello');
  });

  for (const [url, why] of [
    ['http://127.0.0.1/', /loopback/],
    ['http://[::1]/', /loopback/],
    ['http://[::ffff:127.0.0.1]/', /loopback/],
    ['http://10.1.2.3/', /private/],
    ['http://192.168.1.10/', /private/],
    ['http://172.16.0.1/', /private/],
    ['http://169.254.169.254/latest/meta-data/', /linkLocal/],
    ['http://[fe80::1]/', /linkLocal/],
    ['http://[fd00:ec2::254]/', /uniqueLocal/],
    ['http://224.0.0.1/', /multicast/],
    ['http://0.0.0.0/', /unspecified/],
    ['http://0x7f000001/', /loopback/],
    ['http://2130706433/', /loopback/],
    ['http://017700000001/', /loopback/],
    ['http://0177.0.0.1/', /loopback/],
    ['http://127.1/', /loopback/],
    ['http://0x7f.1/', /loopback/],
    ['http://[::ffff:7f00:1]/', /loopback/],
    ['http://[::ffff:169.254.169.254]/', /linkLocal/],
    // IPv4-compatible (::/96): the whole range, whatever IPv4 address it holds.
    ['http://[::127.0.0.1]/', /IPv4-compatible IPv6 address \(::\/96/],
    ['http://[::7f00:1]/', /IPv4-compatible/],
    ['http://[::169.254.169.254]/', /IPv4-compatible/],
    ['http://[::10.0.0.1]/', /IPv4-compatible/],
    ['http://[::8.8.8.8]/', /IPv4-compatible/],
    ['http://[0:0:0:0:0:0:ffff:1]/', /IPv4-compatible/],
    ['http://[fc00::1]/', /uniqueLocal/],
    ['http://[ff02::1]/', /multicast/],
    ['http://[::]/', /unspecified/],
    ['http://100.64.0.1/', /carrierGradeNat/],
    ['http://255.255.255.255/', /broadcast/],
  ] as const) {
    it(`refuses ${url} without connecting`, async () => {
      await assert.rejects(safeFetch(url), refused('refused-address', why));
    });
  }

  it('refuses a name that resolves to loopback (localhost)', async () => {
    const port = new URL(main.base).port;
    await assert.rejects(
      safeFetch(`http://localhost:${port}/ok`),
      refused('refused-address', /localhost resolves to (127\.0\.0\.1|::1), which is a loopback address/),
    );
  });

  it('fetches a name the allow-list names, though it resolves to loopback', async () => {
    // Bound to the address `localhost` resolves to first (127.0.0.1 or ::1), the one fetched.
    const server = http.createServer((_request, response) => response.end('named'));
    await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const allowed = await safeFetch(`http://localhost:${port}/`, { allow: ['localhost'] });
      assert.equal(allowed.body.toString(), 'named');
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('allows only the addresses the allow-list names', async () => {
    await assert.rejects(
      safeFetch(`${main.base}/ok`, { allow: ['10.0.0.1'] }),
      refused('refused-address', /loopback/),
    );
  });

  it('refuses other schemes and credentials in the URL', async () => {
    await assert.rejects(safeFetch('file:///etc/passwd'), refused('bad-url', /Only http and https/));
    await assert.rejects(safeFetch('ftp://example.com/x'), refused('bad-url', /Only http and https/));
    await assert.rejects(
      safeFetch(`http://user:pw@127.0.0.1/`, local),
      refused('bad-url', /user name or password/),
    );
    await assert.rejects(safeFetch('not a url'), refused('bad-url', /is not a valid URL/));
  });

  it('checks every redirect hop: an allowed server redirecting to the metadata address is refused', async () => {
    await assert.rejects(
      safeFetch(`${main.base}/to-metadata`, local),
      refused('refused-address', /169\.254\.169\.254.*linkLocal/),
    );
  });

  it('keeps Authorization on a same-origin redirect and drops every credential across origins', async () => {
    const headers = { authorization: 'Bearer secret', cookie: 'a=b', 'x-api-key': 'k', accept: 'text/xml' };
    const same = await safeFetch(`${main.base}/same-origin`, { ...local, headers });
    assert.deepEqual(JSON.parse(same.body.toString()), { authorization: 'Bearer secret' });
    const cross = await safeFetch(`${main.base}/to-other`, { ...local, headers });
    assert.equal(cross.url, `${other.base}/`);
    assert.deepEqual(JSON.parse(cross.body.toString()), {
      authorization: null,
      cookie: null,
      apiKey: null,
      accept: 'text/xml',
    });
  });

  it('follows at most 3 redirects', async () => {
    await assert.rejects(
      safeFetch(`${main.base}/loop`, local),
      refused('too-many-redirects', /more than 3 times/),
    );
  });

  it('aborts an answer larger than the size limit, streamed or declared', async () => {
    await assert.rejects(safeFetch(`${main.base}/big`, local), refused('too-large', /2097152 byte limit/));
    await assert.rejects(
      safeFetch(`${main.base}/declared-big`, { ...local, maxBytes: 1000 }),
      refused('too-large', /1000 byte limit/),
    );
  });

  it('gives up after the time-out', async () => {
    const started = Date.now();
    await assert.rejects(
      safeFetch(`${main.base}/slow`, { ...local, timeoutMs: 200 }),
      refused('timeout', /did not answer within 200 ms/),
    );
    assert.ok(Date.now() - started < 1_500);
    await assert.rejects(
      safeFetch(`${main.base}/stalls`, { ...local, timeoutMs: 200 }),
      refused('timeout', /did not answer within 200 ms/),
    );
  });
});
