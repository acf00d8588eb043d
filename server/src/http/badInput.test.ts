/**
 * Bad input gets a 4xx with a clear sentence, never a 500: the cases an outside attack found, over
 * HTTP, each with the answer a caller sees (status, message) and what must not have changed.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { send, signedInApp, testDatabases } from '../testing/index.js';
import { NO_CONTENT_POLICY } from './security.js';

const NUL = '\u0000';

/** The ApiError sentence of a refusal, after checking its status and shape. */
function refusal(res: LightMyRequestResponse, status: number): string {
  assert.equal(res.statusCode, status, res.body);
  const body = res.json<{ success: boolean; error: string; message: string }>();
  assert.equal(body.success, false);
  assert.equal(body.error, body.message);
  return body.message;
}

/** Header names of an answer, without the ones that differ per answer anyway. */
const headerNames = (res: LightMyRequestResponse) =>
  Object.keys(res.headers)
    .filter((name) => !['date', 'content-length', 'set-cookie'].includes(name))
    .sort();

for (const target of await testDatabases()) {
  describe(`bad input on ${target.name}`, () => {
    const app = signedInApp(target);

    describe('the NUL character, anywhere in a request', () => {
      it('is refused in the login email, naming the field', async () => {
        const res = await send(app.t.app, 'POST', '/api/auth/login', {
          body: { email: `operator${NUL}@nivesh.local`, password: 'whatever' },
        });
        assert.equal(
          refusal(res, 400),
          'Invalid request body: email: text may not contain the NUL character',
        );
      });

      it("is refused in a remote failure report's message", async () => {
        const browser = await send(app.t.app, 'GET', '/api/remotes');
        const cookies = Object.fromEntries(browser.cookies.map((c) => [c.name, c.value]));
        const res = await app.t.app.inject({
          method: 'POST',
          url: '/api/remotes/dashboard/failures',
          remoteAddress: '127.0.0.1',
          cookies,
          payload: { version: '1.0.0', kind: 'render', message: `TypeError${NUL}: boom` },
        });
        assert.equal(
          refusal(res, 400),
          'Invalid request body: message: text may not contain the NUL character',
        );
      });

      it('is refused in broker credentials, and nothing is stored', async () => {
        const res = await send(app.t.app, 'POST', '/api/upstox/credentials', {
          token: app.token,
          body: { api_key: `key${NUL}`, api_secret: 'secret' },
        });
        assert.equal(
          refusal(res, 400),
          'Invalid request body: api_key: text may not contain the NUL character',
        );
        const stored = await send(app.t.app, 'GET', '/api/upstox/credentials', { token: app.token });
        assert.equal(stored.json().credentials.api_key, null);
      });

      it('is refused in an order id in the path', async () => {
        const res = await send(app.t.app, 'POST', '/api/trading/orders/PO%001/cancel', { token: app.token });
        assert.equal(refusal(res, 400), 'Invalid path: orderId: text may not contain the NUL character');
      });

      it('is refused in query strings', async () => {
        const history = await send(app.t.app, 'GET', '/api/trading/history?search=IN%00FY', {
          token: app.token,
        });
        assert.equal(
          refusal(history, 400),
          'Invalid query string: search: text may not contain the NUL character',
        );
        const callback = await send(app.t.app, 'GET', '/api/upstox/callback?code=abc&state=%00');
        assert.equal(
          refusal(callback, 400),
          'Invalid query string: state: text may not contain the NUL character',
        );
      });

      it('is refused in nested values and in object keys', async () => {
        const source = { name: 'Feed', endpoint: 'https://feed.example.com', type: 'Custom API' };
        const value = await send(app.t.app, 'POST', '/api/data-sources/add', {
          token: app.token,
          body: { ...source, headers: { 'X-Key': `v${NUL}` } },
        });
        assert.equal(
          refusal(value, 400),
          'Invalid request body: headers.X-Key: text may not contain the NUL character',
        );
        const key = await send(app.t.app, 'POST', '/api/data-sources/add', {
          token: app.token,
          body: { ...source, headers: { [`X-${NUL}`]: 'v' } },
        });
        assert.equal(
          refusal(key, 400),
          'Invalid request body: headers: a key may not contain the NUL character',
        );
      });
    });

    describe('a lone UTF-16 surrogate (half of a character), anywhere in a request', () => {
      it('is refused in broker credentials with 400, nothing is stored and no key reaches the log', async () => {
        const key = 'a1b2c3d4-lone-surrogate-key';
        const res = await app.t.app.inject({
          method: 'POST',
          url: '/api/upstox/credentials',
          remoteAddress: '127.0.0.1',
          headers: { authorization: `Bearer ${app.token}`, 'content-type': 'application/json' },
          // As a client sends it: JSON's escape for half of a character.
          payload: `{"api_key":"${key}\\ud800","api_secret":"secret-of-the-operator"}`,
        });
        assert.equal(
          refusal(res, 400),
          'Invalid request body: api_key: text may not contain a lone UTF-16 surrogate (half of a character, such as \\ud800)',
        );
        const stored = await send(app.t.app, 'GET', '/api/upstox/credentials', { token: app.token });
        assert.equal(stored.json().credentials.api_key, null);
        const logged = JSON.stringify(app.t.logs);
        assert.ok(!logged.includes(key) && !logged.includes('secret-of-the-operator'), logged);
      });

      it('is refused in an object key, naming the field', async () => {
        const source = { name: 'Feed', endpoint: 'https://feed.example.com', type: 'Custom API' };
        const key = await send(app.t.app, 'POST', '/api/data-sources/add', {
          token: app.token,
          body: { ...source, headers: { 'X-\udc00': 'v' } },
        });
        assert.equal(
          refusal(key, 400),
          'Invalid request body: headers: a key may not contain a lone UTF-16 surrogate (half of a character, such as \\ud800)',
        );
      });
    });

    describe('amounts of money', () => {
      it('of ₹1,00,000 crore and more are refused for the paper balance and reset; the cash stays', async () => {
        const before = await send(app.t.app, 'GET', '/api/portfolio/overview', { token: app.token });
        for (const url of ['/api/trading/paper/balance', '/api/trading/paper-reset']) {
          const res = await send(app.t.app, 'POST', url, { token: app.token, body: { balance: 1e17 } });
          assert.equal(
            refusal(res, 400),
            'Invalid request body: balance: amount must be at most ₹1,00,000 crore',
          );
        }
        const afterwards = await send(app.t.app, 'GET', '/api/portfolio/overview', { token: app.token });
        assert.equal(afterwards.json().data.available_balance, before.json().data.available_balance);
      });

      it("below the smallest capital phase's minimum are refused for the balance and reset, with a sentence; the cash stays", async () => {
        const before = await send(app.t.app, 'GET', '/api/portfolio/overview', { token: app.token });
        for (const url of ['/api/trading/paper/balance', '/api/trading/paper-reset']) {
          for (const balance of [1.5, 0, 4_999.99]) {
            const res = await send(app.t.app, 'POST', url, { token: app.token, body: { balance } });
            assert.equal(
              refusal(res, 400),
              "Invalid request body: balance: The balance must be at least ₹5,000, the smallest capital phase's minimum.",
              `${url} ${balance}`,
            );
          }
        }
        const afterwards = await send(app.t.app, 'GET', '/api/portfolio/overview', { token: app.token });
        assert.deepEqual(afterwards.json().data, before.json().data);
        const atTheMinimum = await send(app.t.app, 'POST', '/api/trading/paper/balance', {
          token: app.token,
          body: { balance: 5_000 },
        });
        assert.equal(atTheMinimum.statusCode, 200, atTheMinimum.body);
        assert.equal(atTheMinimum.json().new_balance, 5_000);
      });

      it('up to the bound are kept to the paisa', async () => {
        const res = await send(app.t.app, 'POST', '/api/trading/paper/balance', {
          token: app.token,
          body: { balance: 999_999_999_999.99 },
        });
        assert.equal(res.statusCode, 200, res.body);
        assert.equal(res.json().new_balance, 999_999_999_999.99);
        const overview = await send(app.t.app, 'GET', '/api/portfolio/overview', { token: app.token });
        assert.equal(overview.json().data.available_balance, 999_999_999_999.99);
        const reset = await send(app.t.app, 'POST', '/api/trading/paper-reset', {
          token: app.token,
          body: { balance: 1_000_000 },
        });
        assert.equal(reset.statusCode, 200, reset.body);
      });

      it('are refused beyond the bound in limits and filters too', async () => {
        const limits = await send(app.t.app, 'GET', '/api/trading/paper-limits', { token: app.token });
        const res = await send(app.t.app, 'POST', '/api/trading/paper-limits', {
          token: app.token,
          body: { ...limits.json().data, max_daily_loss: 1e13 },
        });
        assert.equal(
          refusal(res, 400),
          'Invalid request body: max_daily_loss: Max daily loss must be at most ₹1,00,000 crore.',
        );
        const history = await send(app.t.app, 'GET', '/api/trading/history?min_pnl=-1e17', {
          token: app.token,
        });
        assert.equal(
          refusal(history, 400),
          'Invalid query string: min_pnl: amount must be at least -₹1,00,000 crore',
        );
      });
    });

    describe('a limit price below one tick', () => {
      it('is refused when placing and previewing, and no order is written', async () => {
        const order = {
          symbol: 'INFY',
          side: 'BUY',
          quantity: 1,
          order_type: 'LIMIT',
          limit_price: 0.001,
          product: 'CNC',
        };
        const before = await send(app.t.app, 'GET', '/api/trading/orders?status=all', { token: app.token });
        for (const url of ['/api/trading/orders', '/api/trading/orders/preview']) {
          const res = await send(app.t.app, 'POST', url, { token: app.token, body: order });
          assert.equal(
            refusal(res, 400),
            'Invalid request body: limit_price: limit_price must be at least ₹0.05 (one tick)',
          );
        }
        const afterwards = await send(app.t.app, 'GET', '/api/trading/orders?status=all', {
          token: app.token,
        });
        assert.deepEqual(afterwards.json().data, before.json().data);
      });
    });

    describe('JSON bodies', () => {
      const login = (payload: string) =>
        app.t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: '127.0.0.1',
          headers: { 'content-type': 'application/json' },
          payload,
        });

      it('with a __proto__ or constructor.prototype key are refused, naming the key', async () => {
        assert.equal(
          refusal(await login('{"email":"a@b.in","password":"x","__proto__":{"admin":true}}'), 400),
          'Invalid request body: the key "__proto__" is not allowed',
        );
        assert.equal(
          refusal(await login('{"email":"a@b.in","password":"x","extra":[{"__proto__":{}}]}'), 400),
          'Invalid request body: the key "__proto__" is not allowed',
        );
        assert.equal(
          refusal(await login('{"email":"a@b.in","password":"x","constructor":{"prototype":{"a":1}}}'), 400),
          'Invalid request body: the key "constructor.prototype" is not allowed',
        );
      });

      it('that only mention __proto__ in a value are read as usual', async () => {
        const res = await login('{"email":"__proto__@b.in","password":"constructor.prototype"}');
        assert.notEqual(res.statusCode, 400, res.body);
      });

      it('that are not JSON, or empty, are refused with their own sentences', async () => {
        assert.equal(refusal(await login('{"email":'), 400), 'Invalid request body: it is not valid JSON');
        assert.equal(
          refusal(await login(''), 400),
          'Invalid request body: it is empty, but its Content-Type says JSON',
        );
      });
    });

    describe('refusals before any route is known', () => {
      it('a path that is not valid percent-encoding gets the ApiError body and the usual headers', async () => {
        const bad = await send(app.t.app, 'GET', '/api/%E0%A4%A');
        assert.equal(
          refusal(bad, 400),
          'Invalid path: it is not valid percent-encoding (each % must start a UTF-8 escape such as %20)',
        );
        assert.equal(bad.headers['content-security-policy'], NO_CONTENT_POLICY);
        assert.equal(bad.headers['content-type'], 'application/json; charset=utf-8');
        // The same headers as any other API answer (security headers, caching).
        const usual = await send(app.t.app, 'GET', '/api/no-such-thing');
        assert.equal(usual.statusCode, 404);
        assert.deepEqual(headerNames(bad), headerNames(usual));
        for (const name of headerNames(usual)) {
          if (name !== 'content-type') assert.equal(bad.headers[name], usual.headers[name], name);
        }
      });

      it('a malformed path on a session route still asks for the session first', async () => {
        const anonymous = await send(app.t.app, 'POST', '/api/trading/orders/%E0%A4%A/cancel');
        assert.equal(refusal(anonymous, 401), 'Authentication required. Please sign in.');
        const signedIn = await send(app.t.app, 'POST', '/api/trading/orders/%E0%A4%A/cancel', {
          token: app.token,
        });
        assert.match(refusal(signedIn, 400), /^Invalid path: it is not valid percent-encoding/);
      });

      it('a path segment longer than the router reads is refused the same way', async () => {
        const res = await send(app.t.app, 'POST', `/api/trading/orders/${'x'.repeat(300)}/cancel`, {
          token: app.token,
        });
        assert.equal(refusal(res, 400), 'Invalid path: a part of it is longer than 100 characters');
        assert.equal(res.headers['content-security-policy'], NO_CONTENT_POLICY);
      });

      it('an unsupported content type, a body too large and a wrong method get the ApiError body', async () => {
        const xml = await app.t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { 'content-type': 'application/xml' },
          payload: '<login/>',
        });
        assert.equal(
          refusal(xml, 415),
          'Invalid request body: its Content-Type (application/xml) is not accepted; send JSON (application/json)',
        );
        const large = await app.t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024), password: 'x' }),
        });
        assert.equal(refusal(large, 413), 'Invalid request body: it is larger than the 1024 KB allowed');
        const method = await send(app.t.app, 'DELETE', '/api/auth/login');
        assert.equal(refusal(method, 404), 'Not found: DELETE /api/auth/login');
        for (const res of [xml, large, method]) {
          assert.equal(res.headers['content-security-policy'], NO_CONTENT_POLICY);
        }
      });
    });
  });
}
