import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Database } from '../db/index.js';
import {
  createTestApp,
  DEFAULT_TEST_TIME,
  send,
  setUpOperator,
  testDatabases,
  type TestApp,
} from '../testing/index.js';
import { decodeJwtExpiry, describeToken, formatIst } from './token.js';
import { makeJwt, nextTokenExpiry } from './upstox/fake/fakeUpstox.js';

/** An IST wall-clock time as an instant. */
const ist = (text: string) => new Date(`${text}+05:30`);
const tokenExpiringAt = (exp: Date) => makeJwt({ sub: 'FK1234', exp: Math.floor(exp.getTime() / 1000) });
const b64 = (value: string) => Buffer.from(value).toString('base64url');

describe('the access token expiry, from the JWT itself', () => {
  it('reads exp as the expiry instant', () => {
    const exp = ist('2026-11-21T03:30:00');
    assert.deepEqual(decodeJwtExpiry(tokenExpiringAt(exp)), { ok: true, expiresAt: exp });
  });

  it('a token issued at 02:30 IST lives until 03:30 the same day: one hour, so it is expiring at once', () => {
    const issued = ist('2026-11-20T02:30:00');
    const exp = nextTokenExpiry(issued);
    assert.equal(exp.toISOString(), ist('2026-11-20T03:30:00').toISOString());
    const token = tokenExpiringAt(exp);

    const atIssue = describeToken(token, issued);
    assert.equal(atIssue.state, 'expiring');
    assert.equal(atIssue.hours_remaining, 1);
    assert.equal(atIssue.expires_at, '2026-11-19T22:00:00.000Z');
    assert.equal(
      atIssue.message,
      'The Upstox access token expires at 20 Nov 2026, 03:30 IST (1 h 0 min left). Update it soon to avoid interruption.',
    );

    assert.equal(describeToken(token, ist('2026-11-20T03:00:00')).hours_remaining, 0.5);
    const atExpiry = describeToken(token, ist('2026-11-20T03:30:00'));
    assert.equal(atExpiry.state, 'expired');
    assert.equal(atExpiry.is_expired, true);
    assert.equal(atExpiry.hours_remaining, 0);
    const later = describeToken(token, ist('2026-11-20T10:00:00'));
    assert.equal(later.state, 'expired');
    assert.equal(later.hours_remaining, -6.5);
    assert.equal(
      later.message,
      'The Upstox access token expired at 20 Nov 2026, 03:30 IST. Update it to restore live data and trading.',
    );
  });

  it('a token issued at 10:00 IST lives until 03:30 the next day: 17.5 hours, valid', () => {
    const issued = ist('2026-11-20T10:00:00');
    const exp = nextTokenExpiry(issued);
    assert.equal(exp.toISOString(), ist('2026-11-21T03:30:00').toISOString());
    const token = tokenExpiringAt(exp);

    const view = describeToken(token, issued);
    assert.equal(view.state, 'valid');
    assert.equal(view.is_expired, false);
    assert.equal(view.hours_remaining, 17.5);
    assert.equal(
      view.message,
      'The Upstox access token is valid until 21 Nov 2026, 03:30 IST (17 h 30 min left).',
    );
    assert.equal(describeToken(token, ist('2026-11-20T22:30:00')).hours_remaining, 5);
  });

  it('turns expiring under 2 hours left, not at exactly 2', () => {
    const token = tokenExpiringAt(ist('2026-11-21T03:30:00'));
    assert.equal(describeToken(token, ist('2026-11-21T01:29:00')).state, 'valid');
    assert.equal(describeToken(token, ist('2026-11-21T01:30:00')).state, 'valid');
    const under = describeToken(token, ist('2026-11-21T01:31:00'));
    assert.equal(under.state, 'expiring');
    assert.equal(under.hours_remaining, 1.98);
  });

  it('calls an absent or blank token missing', () => {
    for (const token of [null, '', '   ']) {
      const view = describeToken(token, ist('2026-11-20T10:00:00'));
      assert.equal(view.state, 'missing');
      assert.equal(view.hours_remaining, null);
      assert.equal(view.expires_at, null);
      assert.match(view.message, /^No Upstox access token is stored\./);
    }
  });

  it('calls a token invalid, saying why, when it is not three parts, not decodable or has no numeric exp', () => {
    const cases: Array<[string, RegExp]> = [
      ['not-a-jwt', /not a JWT \(three parts separated by dots\)/],
      ['only.two', /not a JWT/],
      ['a..c', /not a JWT/],
      ['a.b.c.d', /not a JWT/],
      ['head.!!!.sig', /payload is not base64url-encoded/],
      [`head.${b64('this is not json')}.sig`, /payload cannot be decoded/],
      [`head.${b64(JSON.stringify({ sub: 'FK1234' }))}.sig`, /carries no expiry time \(exp\)/],
      [`head.${b64(JSON.stringify({ exp: null }))}.sig`, /carries no expiry time \(exp\)/],
      [
        `head.${b64(JSON.stringify({ exp: '1790000000' }))}.sig`,
        /its expiry time \(exp\) "1790000000" is not a number of seconds/,
      ],
      [
        `head.${b64(JSON.stringify({ exp: -5 }))}.sig`,
        /its expiry time \(exp\) -5 is not a time in seconds between 2020 and 2100/,
      ],
    ];
    for (const [token, reason] of cases) {
      const view = describeToken(token, ist('2026-11-20T10:00:00'));
      assert.equal(view.state, 'invalid', token);
      assert.equal(view.hours_remaining, null, token);
      assert.match(view.message, /^The Upstox access token is invalid: /, token);
      assert.match(view.message, reason, token);
    }
  });

  it('calls a token invalid when its claims are out of range or of the wrong type', () => {
    const now = ist('2026-11-20T10:00:00');
    const exp = Math.floor(ist('2026-11-21T03:30:00').getTime() / 1000);
    const cases: Array<[unknown, string]> = [
      [{ exp: 1.5e12 }, 'its expiry time (exp) 1500000000000 is not a time in seconds between 2020 and 2100'],
      [
        { exp: 1.5e15 },
        'its expiry time (exp) 1500000000000000 is not a time in seconds between 2020 and 2100',
      ],
      [
        { exp: 1_000_000_000 },
        'its expiry time (exp) 1000000000 is not a time in seconds between 2020 and 2100',
      ],
      [{ exp: exp + 0.5 }, `its expiry time (exp) ${exp + 0.5} is not a whole number of seconds`],
      [{ exp: true }, 'its expiry time (exp) true is not a number of seconds'],
      [{ exp, iat: 'yesterday' }, 'its issue time (iat) "yesterday" is not a number of seconds'],
      [{ exp, iat: null }, 'its issue time (iat) null is not a number of seconds'],
      [{ exp, iat: -1 }, 'its issue time (iat) -1 is not a time in seconds between 2020 and 2100'],
      [
        { exp, nbf: 1e15 },
        'its not-before time (nbf) 1000000000000000 is not a time in seconds between 2020 and 2100',
      ],
      [{ exp, iat: exp + 60 }, 'its issue time (iat) comes after its expiry time (exp)'],
      [{ exp, nbf: exp + 60 }, 'its not-before time (nbf) comes after its expiry time (exp)'],
      [[exp], 'its payload is not a JSON object'],
      [exp, 'its payload is not a JSON object'],
      [null, 'its payload is not a JSON object'],
      [
        { exp: Math.floor(ist('2026-12-20T03:30:00').getTime() / 1000) },
        'its expiry time (exp), 20 Dec 2026, 03:30 IST, is more than 72 hours away, and Upstox access tokens last only until 03:30 IST the next morning',
      ],
    ];
    for (const [payload, reason] of cases) {
      const token = `head.${b64(JSON.stringify(payload))}.sig`;
      const view = describeToken(token, now);
      assert.deepEqual(
        view,
        {
          state: 'invalid',
          is_expired: false,
          hours_remaining: null,
          expires_at: null,
          message: `The Upstox access token is invalid: ${reason}. Please update it with a new token.`,
        },
        JSON.stringify(payload),
      );
    }
  });

  it('accepts numeric iat and nbf before exp, and an exp up to 72 hours away', () => {
    const now = ist('2026-11-20T10:00:00');
    const seconds = (at: Date) => Math.floor(at.getTime() / 1000);
    const token = makeJwt({
      sub: 'FK1234',
      iat: seconds(now) + 0.25,
      nbf: seconds(now),
      exp: seconds(ist('2026-11-21T03:30:00')),
    });
    assert.equal(describeToken(token, now).state, 'valid');
    const farButPlausible = makeJwt({ exp: seconds(ist('2026-11-23T10:00:00')) });
    assert.equal(describeToken(farButPlausible, now).state, 'valid');
    const tooFar = makeJwt({ exp: seconds(ist('2026-11-23T10:01:00')) });
    assert.equal(describeToken(tooFar, now).state, 'invalid');
  });

  it('calls a token Upstox refused invalid even before its exp, and expired after it', () => {
    const token = tokenExpiringAt(ist('2026-11-21T03:30:00'));
    const refused = {
      at: ist('2026-11-20T11:00:00'),
      reason: 'UDAPI100050: Invalid token used to access API',
    };
    const view = describeToken(token, ist('2026-11-20T11:05:00'), refused);
    assert.equal(view.state, 'invalid');
    assert.equal(view.hours_remaining, 16.42);
    assert.equal(
      view.message,
      'Upstox refused the access token at 20 Nov 2026, 11:00 IST (UDAPI100050: Invalid token used to access API). Please update it with a new token.',
    );
    assert.equal(describeToken(token, ist('2026-11-21T04:00:00'), refused).state, 'expired');
  });

  it('writes IST times for people', () => {
    assert.equal(formatIst(new Date('2026-01-04T22:00:00Z')), '5 Jan 2026, 03:30 IST');
  });
});

/** A JWT-shaped token with this payload (any JSON value). */
const crafted = (payload: unknown) =>
  `${b64('{"alg":"HS256","typ":"JWT"}')}.${b64(JSON.stringify(payload))}.c2ln`;

for (const target of await testDatabases()) {
  describe(`access tokens over HTTP on ${target.name}`, () => {
    let database: Database;
    let t: TestApp;
    let session: string;

    before(async () => {
      database = await target.open();
      t = await createTestApp(database);
      session = await setUpOperator(t.app);
    });
    after(async () => {
      await t.close();
      await database.close();
    });

    const status = () => send(t.app, 'GET', '/api/upstox/token/status', { token: session });
    const inAnHour = Math.floor(Date.parse(DEFAULT_TEST_TIME) / 1000) + 3600;

    it('refuses a token with out-of-range or malformed claims with 400 and a reason, storing nothing', async () => {
      const cases: Array<[unknown, string]> = [
        [
          { exp: 1.5e12 },
          'its expiry time (exp) 1500000000000 is not a time in seconds between 2020 and 2100',
        ],
        [{ exp: inAnHour + 0.5 }, `its expiry time (exp) ${inAnHour + 0.5} is not a whole number of seconds`],
        [
          { exp: inAnHour + 30 * 86_400 },
          'its expiry time (exp), 20 Dec 2026, 11:30 IST, is more than 72 hours away, and Upstox access tokens last only until 03:30 IST the next morning',
        ],
        [{ exp: inAnHour, iat: 'today' }, 'its issue time (iat) "today" is not a number of seconds'],
        [
          { exp: inAnHour, nbf: 1e15 },
          'its not-before time (nbf) 1000000000000000 is not a time in seconds between 2020 and 2100',
        ],
        [[inAnHour], 'its payload is not a JSON object'],
      ];
      for (const [payload, reason] of cases) {
        const res = await send(t.app, 'POST', '/api/upstox/token/update', {
          token: session,
          body: { access_token: crafted(payload) },
        });
        assert.equal(res.statusCode, 400, JSON.stringify(payload));
        assert.equal(
          res.json().message,
          `This access token is invalid: ${reason}. Paste the access token Upstox issued.`,
        );
        const viaCredentials = await send(t.app, 'POST', '/api/upstox/credentials', {
          token: session,
          body: { api_key: 'a1b2c3d4-key', access_token: crafted(payload) },
        });
        assert.equal(viaCredentials.statusCode, 400, JSON.stringify(payload));
        assert.equal(viaCredentials.json().message, res.json().message);
      }
      const now = await status();
      assert.equal(now.statusCode, 200);
      assert.equal(now.json().state, 'missing');
      const credentials = await send(t.app, 'GET', '/api/upstox/credentials', { token: session });
      assert.deepEqual(credentials.json().credentials, {
        api_key: null,
        api_secret_set: false,
        access_token_set: false,
        redirect_uri: null,
      });
    });

    it('answers the status of a bad token a database already holds: 200 and invalid, never 500', async () => {
      // Saved before these rules existed: written to the store directly, as an older server did.
      const stored = [
        [
          { exp: 1.5e12 },
          'its expiry time (exp) 1500000000000 is not a time in seconds between 2020 and 2100',
        ],
        [
          { exp: 1.5e15 },
          'its expiry time (exp) 1500000000000000 is not a time in seconds between 2020 and 2100',
        ],
        [
          { exp: inAnHour + 365 * 86_400 },
          'its expiry time (exp), 20 Nov 2027, 11:30 IST, is more than 72 hours away, and Upstox access tokens last only until 03:30 IST the next morning',
        ],
      ] as const;
      for (const [payload, reason] of stored) {
        await t.app.services.upstox.credentials.saveAccessToken(
          { token: crafted(payload), clientId: null, source: 'manual', expiresAt: t.clock.now() },
          'an older server',
        );
        const res = await status();
        assert.equal(res.statusCode, 200, res.body);
        assert.deepEqual(res.json(), {
          success: true,
          broker: 'upstox',
          state: 'invalid',
          is_expired: false,
          hours_remaining: null,
          expires_at: null,
          updated_at: t.clock.now().toISOString(),
          message: `The Upstox access token is invalid: ${reason}. Please update it with a new token.`,
        });
        const broker = await send(t.app, 'GET', '/api/upstox/status', { token: session });
        assert.equal(broker.statusCode, 200);
        assert.equal(broker.json().connected, false);
        const live = await send(t.app, 'POST', '/api/trading/mode', {
          token: session,
          body: { mode: 'live' },
        });
        assert.equal(live.statusCode, 409);
        assert.equal(
          live.json().message,
          `Live trading needs a valid Upstox access token. The Upstox access token is invalid: ${reason}. Please update it with a new token.`,
        );
      }
    });
  });
}
