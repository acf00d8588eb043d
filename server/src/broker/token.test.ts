import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
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
      [`head.${b64(JSON.stringify({ exp: '1790000000' }))}.sig`, /carries no expiry time \(exp\)/],
      [`head.${b64(JSON.stringify({ exp: -5 }))}.sig`, /carries no expiry time \(exp\)/],
    ];
    for (const [token, reason] of cases) {
      const view = describeToken(token, ist('2026-11-20T10:00:00'));
      assert.equal(view.state, 'invalid', token);
      assert.equal(view.hours_remaining, null, token);
      assert.match(view.message, /^The Upstox access token is invalid: /, token);
      assert.match(view.message, reason, token);
    }
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
