import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { schema, type Database } from '../db/index.js';
import {
  createTestApp,
  OPERATOR_EMAIL,
  send,
  setUpOperator,
  STRONG_PASSWORD,
  testDatabases,
  type TestApp,
} from '../testing/index.js';
import { hashToken } from './tokens.js';

const HOUR = 60 * 60 * 1000;
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const MINUTE = 60 * 1000;

for (const target of await testDatabases()) {
  describe(`auth on ${target.name}`, () => {
    let database: Database;
    let t: TestApp;

    before(async () => {
      database = await target.open();
    });
    after(async () => {
      await database.close();
    });

    describe('a fresh install', () => {
      before(async () => {
        t = await createTestApp(database);
      });
      after(() => t.close());

      it('tells the login screen no password is set, with a salted hash of the operator email', async () => {
        const res = await send(t.app, 'GET', '/api/auth/config');
        assert.equal(res.statusCode, 200);
        const body = res.json<{
          operator_email_salt: string;
          operator_email_sha256: string;
          password_set: boolean;
        }>();
        assert.equal(body.password_set, false);
        assert.match(body.operator_email_salt, /^[0-9a-f]{32}$/);
        assert.equal(body.operator_email_sha256, sha256(`${body.operator_email_salt}${OPERATOR_EMAIL}`));
        assert.notEqual(
          body.operator_email_sha256,
          sha256(OPERATOR_EMAIL),
          'not the plain hash anyone can look up',
        );
        assert.ok(!res.body.includes(OPERATOR_EMAIL), 'the email itself is not revealed');
      });

      it("keeps the install's salt across a restart; another install has its own", async () => {
        const config = async (app: TestApp) => (await send(app.app, 'GET', '/api/auth/config')).json();
        const first = await config(t);
        const restarted = await createTestApp(database);
        try {
          assert.deepEqual(await config(restarted), first);
        } finally {
          await restarted.close();
        }
        const otherDatabase = await target.open();
        const other = await createTestApp(otherDatabase);
        try {
          const second = await config(other);
          assert.notEqual(second.operator_email_salt, first.operator_email_salt);
          assert.notEqual(second.operator_email_sha256, first.operator_email_sha256);
        } finally {
          await other.close();
          await otherDatabase.close();
        }
      });

      it('answers login with 403 setup_required', async () => {
        const res = await send(t.app, 'POST', '/api/auth/login', {
          body: { email: OPERATOR_EMAIL, password: 'anything at all' },
        });
        assert.equal(res.statusCode, 403);
        assert.deepEqual(res.json(), {
          success: false,
          setup_required: true,
          error: 'Password setup required. Please check your email for setup instructions.',
          message: 'Password setup required. Please check your email for setup instructions.',
        });
      });

      it('never hands a setup token to an HTTP caller, not even a loopback one on a fresh install', async () => {
        // The DNS-rebinding takeover: a page in the operator's browser reaches the local server.
        const res = await send(t.app, 'POST', '/api/auth/request-password-setup', {
          body: { email: OPERATOR_EMAIL },
          remoteAddress: '127.0.0.1',
          headers: { origin: 'http://localhost:4000' },
        });
        assert.equal(res.statusCode, 200);
        assert.equal(res.json().temp_token, undefined);
        assert.match(res.json().message, /server log/);
        const [operator] = await database.db.select().from(schema.operators);
        assert.equal(operator?.passwordHash, null, 'no password was set');
      });

      it('refuses any request whose Host is not one of its names, before anything else', async () => {
        for (const [method, url, body] of [
          ['POST', '/api/auth/request-password-setup', { email: OPERATOR_EMAIL }],
          ['GET', '/api/auth/config', undefined],
          ['POST', '/api/auth/login', { email: OPERATOR_EMAIL, password: 'x' }],
          ['GET', '/', undefined],
        ] as const) {
          const res = await send(t.app, method, url, {
            ...(body ? { body } : {}),
            headers: {
              host: 'rebound.attacker.example:4000',
              origin: 'http://rebound.attacker.example:4000',
            },
          });
          assert.equal(res.statusCode, 400, `${method} ${url}`);
          assert.equal(
            res.json().message,
            'This server does not answer to the host name "rebound.attacker.example:4000". Open it at http://localhost:4000, or add the name to NIVESH_ALLOWED_HOSTS.',
          );
        }
        for (const host of [
          'localhost:4000',
          '127.0.0.1:4000',
          '[::1]:4000',
          '192.168.1.20:4000',
          'LOCALHOST',
        ]) {
          const res = await send(t.app, 'GET', '/api/auth/config', { headers: { host } });
          assert.equal(res.statusCode, 200, host);
        }
      });

      it('does not hand a setup token to another machine, even on a fresh install', async () => {
        const res = await send(t.app, 'POST', '/api/auth/request-password-setup', {
          body: { email: OPERATOR_EMAIL },
          remoteAddress: '10.1.2.3',
        });
        assert.equal(res.statusCode, 200);
        assert.equal(res.json().temp_token, undefined);
        const logged = t.logs.find((line) => typeof line['setupLink'] === 'string');
        assert.ok(logged, 'the setup link went to the server log');
        assert.match(String(logged['setupLink']), /^http:\/\/localhost:4000\/login\?setup=/);
      });

      it('does not hand a setup token through a proxy on this machine', async () => {
        const res = await send(t.app, 'POST', '/api/auth/request-password-setup', {
          body: { email: OPERATOR_EMAIL },
          headers: { 'x-forwarded-for': '203.0.113.9' },
        });
        assert.equal(res.statusCode, 200);
        assert.equal(res.json().temp_token, undefined);
      });

      it('answers an unknown address like a known one, and issues nothing', async () => {
        const before = await database.db.select().from(schema.passwordSetupTokens);
        const res = await send(t.app, 'POST', '/api/auth/request-password-setup', {
          body: { email: 'someone.else@example.com' },
        });
        assert.equal(res.statusCode, 200);
        assert.equal(res.json().temp_token, undefined);
        const afterRows = await database.db.select().from(schema.passwordSetupTokens);
        assert.equal(afterRows.length, before.length);
      });

      it('refuses a weak password without spending the token, then sets a strong one once', async () => {
        // The link the server prints at start: only the person at the server has it.
        const link = await t.app.services.auth.firstRunSetupLink();
        const tempToken = new URL(link ?? '').searchParams.get('setup') as string;
        assert.ok(tempToken);

        const short = await send(t.app, 'POST', '/api/auth/set-password', {
          body: { temp_token: tempToken, new_password: 'Sh0rt!' },
        });
        assert.equal(short.statusCode, 400);
        assert.equal(short.json().message, 'Password must be at least 12 characters long');

        const weak = await send(t.app, 'POST', '/api/auth/set-password', {
          body: { temp_token: tempToken, new_password: 'alllowercaseletters' },
        });
        assert.equal(weak.statusCode, 400);
        assert.match(weak.json().message, /too weak/);

        const ok = await send(t.app, 'POST', '/api/auth/set-password', {
          body: { temp_token: tempToken, new_password: STRONG_PASSWORD },
        });
        assert.equal(ok.statusCode, 200);
        const body = ok.json();
        assert.equal(body.success, true);
        assert.equal(body.user.email, OPERATOR_EMAIL);
        assert.equal(typeof body.session_token, 'string');
        assert.equal(Buffer.from(body.session_token, 'base64url').length, 32, 'a 256-bit token');

        const again = await send(t.app, 'POST', '/api/auth/set-password', {
          body: { temp_token: tempToken, new_password: 'Another-Strong-Pass-1' },
        });
        assert.equal(again.statusCode, 400);
        assert.equal(
          again.json().message,
          'This setup link is invalid, used or expired. Please request a new one.',
        );
      });

      it('stores the password as argon2id and the session only as a SHA-256 hash', async () => {
        const [operator] = await database.db.select().from(schema.operators);
        assert.match(operator?.passwordHash ?? '', /^\$argon2id\$/);
        const sessions = await database.db.select().from(schema.sessions);
        assert.ok(sessions.length > 0);
        for (const session of sessions) assert.match(session.tokenHash, /^[0-9a-f]{64}$/);
      });
    });

    describe('once a password is set', () => {
      let token: string;
      before(async () => {
        t = await createTestApp(database);
      });
      after(() => t.close());

      it('logs in with 200, session_token and user', async () => {
        const res = await send(t.app, 'POST', '/api/auth/login', {
          body: { email: ` ${OPERATOR_EMAIL.toUpperCase()} `, password: STRONG_PASSWORD },
        });
        assert.equal(res.statusCode, 200);
        const body = res.json();
        assert.equal(body.success, true);
        assert.equal(body.setup_required, false);
        assert.deepEqual(body.user, { email: OPERATOR_EMAIL, name: null, username: 'operator' });
        token = body.session_token;
        const hashed = await database.db
          .select()
          .from(schema.sessions)
          .where(eq(schema.sessions.tokenHash, hashToken(token)));
        assert.equal(hashed.length, 1);
      });

      it('answers a wrong password with 401 and the specification text', async () => {
        const res = await send(t.app, 'POST', '/api/auth/login', {
          body: { email: OPERATOR_EMAIL, password: 'Wrong-Password-123' },
          remoteAddress: '10.9.9.1',
        });
        assert.equal(res.statusCode, 401);
        assert.equal(res.json().message, 'Invalid credentials. Please check your password.');
      });

      it('answers another email with the same 401', async () => {
        const res = await send(t.app, 'POST', '/api/auth/login', {
          body: { email: 'intruder@example.com', password: STRONG_PASSWORD },
          remoteAddress: '10.9.9.2',
        });
        assert.equal(res.statusCode, 401);
        assert.equal(res.json().message, 'Invalid credentials. Please check your password.');
      });

      it('locks an email and address out after 5 failures in 15 minutes, then lets it in again', async () => {
        const from = '10.7.7.7';
        for (let i = 0; i < 5; i += 1) {
          const res = await send(t.app, 'POST', '/api/auth/login', {
            body: { email: OPERATOR_EMAIL, password: `Wrong-Password-${i}` },
            remoteAddress: from,
          });
          assert.equal(res.statusCode, 401);
          t.clock.advance(MINUTE);
        }
        const locked = await send(t.app, 'POST', '/api/auth/login', {
          body: { email: OPERATOR_EMAIL, password: STRONG_PASSWORD },
          remoteAddress: from,
        });
        assert.equal(locked.statusCode, 429);
        assert.equal(locked.json().message, 'Too many login attempts. Please try again in 15 minutes.');
        assert.ok(Number(locked.headers['retry-after']) > 0);

        const otherAddress = await send(t.app, 'POST', '/api/auth/login', {
          body: { email: OPERATOR_EMAIL, password: STRONG_PASSWORD },
          remoteAddress: '10.7.7.8',
        });
        assert.equal(otherAddress.statusCode, 200, 'the limit is per email and address');

        t.clock.advance(15 * MINUTE);
        const later = await send(t.app, 'POST', '/api/auth/login', {
          body: { email: OPERATOR_EMAIL, password: STRONG_PASSWORD },
          remoteAddress: from,
        });
        assert.equal(later.statusCode, 200);
      });

      it('counts each guess before checking it: of 50 parallel guesses at most 5 are checked', async () => {
        const from = '10.5.5.5';
        const answers = await Promise.all(
          Array.from({ length: 50 }, (_, i) =>
            send(t.app, 'POST', '/api/auth/login', {
              body: { email: OPERATOR_EMAIL, password: `Wrong-Password-${i}` },
              remoteAddress: from,
            }),
          ),
        );
        const statuses = answers.map((res) => res.statusCode);
        const checked = statuses.filter((status) => status === 401).length;
        // Each attempt is counted before its check, so however the 50 interleave, no more than
        // five are checked (on one PGlite connection exactly five; on PostgreSQL possibly fewer).
        assert.ok(checked <= 5, statuses.join(','));
        assert.equal(statuses.filter((status) => status === 429).length, 50 - checked);
        const rows = await database.db
          .select()
          .from(schema.loginAttempts)
          .where(eq(schema.loginAttempts.ip, from));
        assert.equal(rows.length, checked, 'refused guesses leave nothing behind');
        const next = await send(t.app, 'POST', '/api/auth/login', {
          body: { email: OPERATOR_EMAIL, password: 'Wrong-Password-x' },
          remoteAddress: from,
        });
        assert.equal(next.statusCode, checked === 5 ? 429 : 401, 'the count goes on from what was checked');
      });

      it('limits one address across emails: 20 failures, then 429 for any email, with nothing stored', async () => {
        const from = '10.6.6.6';
        const statuses: number[] = [];
        for (let i = 0; i < 30; i += 1) {
          const res = await send(t.app, 'POST', '/api/auth/login', {
            body: { email: `nobody-${i}@example.com`, password: 'Wrong-Password-1' },
            remoteAddress: from,
          });
          statuses.push(res.statusCode);
          if (res.statusCode === 429) {
            assert.equal(res.json().message, 'Too many login attempts. Please try again in 15 minutes.');
            assert.ok(Number(res.headers['retry-after']) > 0);
          }
        }
        assert.deepEqual(statuses, [...Array(20).fill(401), ...Array(10).fill(429)]);
        const operatorToo = await send(t.app, 'POST', '/api/auth/login', {
          body: { email: OPERATOR_EMAIL, password: STRONG_PASSWORD },
          remoteAddress: from,
        });
        assert.equal(operatorToo.statusCode, 429, 'the address is locked whatever the email');
        const rows = await database.db
          .select()
          .from(schema.loginAttempts)
          .where(eq(schema.loginAttempts.ip, from));
        assert.equal(rows.length, 20);
        const elsewhere = await send(t.app, 'POST', '/api/auth/login', {
          body: { email: OPERATOR_EMAIL, password: STRONG_PASSWORD },
          remoteAddress: '10.6.6.7',
        });
        assert.equal(elsewhere.statusCode, 200);
        t.clock.advance(15 * MINUTE + 1000);
      });

      it('deletes login attempts older than a day', async () => {
        const before = (await database.db.select().from(schema.loginAttempts)).length;
        assert.ok(before > 0);
        t.clock.advance(24 * HOUR + MINUTE);
        const fresh = await send(t.app, 'POST', '/api/auth/login', {
          body: { email: 'late@example.com', password: 'Wrong-Password-1' },
          remoteAddress: '10.4.4.4',
        });
        assert.equal(fresh.statusCode, 401);
        assert.equal(await t.app.services.auth.pruneLoginAttempts(), before);
        const left = await database.db.select().from(schema.loginAttempts);
        assert.deepEqual(
          left.map((row) => row.email),
          ['late@example.com'],
        );
      });

      it('validates a session and slides its 12-hour expiry', async () => {
        const login = await send(t.app, 'POST', '/api/auth/login', {
          body: { email: OPERATOR_EMAIL, password: STRONG_PASSWORD },
        });
        const session = login.json().session_token as string;

        t.clock.advance(11 * HOUR);
        const first = await send(t.app, 'POST', '/api/auth/validate-session', { token: session });
        assert.equal(first.statusCode, 200);
        assert.equal(first.json().user.email, OPERATOR_EMAIL);

        t.clock.advance(11 * HOUR);
        const second = await send(t.app, 'POST', '/api/auth/validate-session', { token: session });
        assert.equal(second.statusCode, 200, 'still valid 22 h after login: it slid');

        t.clock.advance(12 * HOUR + MINUTE);
        const expired = await send(t.app, 'POST', '/api/auth/validate-session', { token: session });
        assert.equal(expired.statusCode, 401);
        assert.equal(expired.json().success, false);
      });

      it('ends a session 7 days after sign-in however often it is used, and says when', async () => {
        const signedInAt = t.clock.nowMs();
        const login = await send(t.app, 'POST', '/api/auth/login', {
          body: { email: OPERATOR_EMAIL, password: STRONG_PASSWORD },
        });
        assert.equal(login.statusCode, 200);
        const session = login.json().session_token as string;
        const endsAt = new Date(signedInAt + 7 * 24 * HOUR).toISOString();
        assert.equal(login.json().session_ends_at, endsAt);
        // Polled every hour, it keeps sliding: still valid just before the 7 days are up.
        for (let hour = 1; hour < 7 * 24; hour += 1) {
          t.clock.advance(HOUR);
          const polled = await send(t.app, 'POST', '/api/auth/validate-session', { token: session });
          assert.equal(polled.statusCode, 200, `hour ${hour}`);
          assert.equal(polled.json().session_ends_at, endsAt);
        }
        const last = await send(t.app, 'POST', '/api/auth/validate-session', { token: session });
        assert.ok(Date.parse(last.json().expires_at) <= Date.parse(endsAt), 'never slides past its end');
        t.clock.advance(HOUR);
        const ended = await send(t.app, 'POST', '/api/auth/validate-session', { token: session });
        assert.equal(ended.statusCode, 401);
        const mode = await send(t.app, 'GET', '/api/trading/mode', { token: session });
        assert.equal(mode.statusCode, 401);
      });

      it('revokes the session on logout', async () => {
        const login = await send(t.app, 'POST', '/api/auth/login', {
          body: { email: OPERATOR_EMAIL, password: STRONG_PASSWORD },
        });
        const session = login.json().session_token as string;
        const out = await send(t.app, 'POST', '/api/auth/logout', { token: session });
        assert.equal(out.statusCode, 200);
        assert.equal(out.json().success, true);
        const after = await send(t.app, 'POST', '/api/auth/validate-session', { token: session });
        assert.equal(after.statusCode, 401);
        const mode = await send(t.app, 'GET', '/api/trading/mode', { token: session });
        assert.equal(mode.statusCode, 401);
      });

      it('refuses malformed, unknown and missing tokens', async () => {
        for (const header of ['Bearer nonsense', 'Bearer ', 'Basic abc', `Bearer ${'x'.repeat(500)}`]) {
          const res = await t.app.inject({
            method: 'POST',
            url: '/api/auth/validate-session',
            headers: { authorization: header },
          });
          assert.equal(res.statusCode, 401, header);
        }
      });

      it('no longer hands out setup tokens, and writes the link to the log instead', async () => {
        const res = await send(t.app, 'POST', '/api/auth/request-password-setup', {
          body: { email: OPERATOR_EMAIL },
        });
        assert.equal(res.statusCode, 200);
        const body = res.json();
        assert.equal(body.temp_token, undefined);
        assert.match(body.message, /server log/);
        assert.ok(t.logs.some((line) => String(line['setupLink'] ?? '').includes('/login?setup=')));
      });

      it('expires setup links after 15 minutes and keeps only the newest valid', async () => {
        const link = async () => {
          const count = t.logs.length;
          await send(t.app, 'POST', '/api/auth/request-password-setup', {
            body: { email: OPERATOR_EMAIL },
            remoteAddress: '10.3.3.3',
          });
          const line = t.logs.slice(count).find((l) => typeof l['setupLink'] === 'string');
          return new URL(String(line?.['setupLink'])).searchParams.get('setup') as string;
        };
        const older = await link();
        const newer = await link();
        const superseded = await send(t.app, 'POST', '/api/auth/set-password', {
          body: { temp_token: older, new_password: STRONG_PASSWORD },
        });
        assert.equal(superseded.statusCode, 400);

        t.clock.advance(15 * MINUTE + 1000);
        const late = await send(t.app, 'POST', '/api/auth/set-password', {
          body: { temp_token: newer, new_password: STRONG_PASSWORD },
        });
        assert.equal(late.statusCode, 400);
        assert.equal(
          late.json().message,
          'This setup link is invalid, used or expired. Please request a new one.',
        );
      });

      it('a new password signs out every existing session', async () => {
        const login = await send(t.app, 'POST', '/api/auth/login', {
          body: { email: OPERATOR_EMAIL, password: STRONG_PASSWORD },
        });
        const oldSession = login.json().session_token as string;
        const count = t.logs.length;
        await send(t.app, 'POST', '/api/auth/request-password-setup', { body: { email: OPERATOR_EMAIL } });
        const line = t.logs.slice(count).find((l) => typeof l['setupLink'] === 'string');
        const setup = new URL(String(line?.['setupLink'])).searchParams.get('setup') as string;
        const reset = await send(t.app, 'POST', '/api/auth/set-password', {
          body: { temp_token: setup, new_password: 'Brand-New-Password-42' },
        });
        assert.equal(reset.statusCode, 200);
        const stale = await send(t.app, 'POST', '/api/auth/validate-session', { token: oldSession });
        assert.equal(stale.statusCode, 401);
        const fresh = await send(t.app, 'POST', '/api/auth/validate-session', {
          token: reset.json().session_token,
        });
        assert.equal(fresh.statusCode, 200);
        assert.ok(token);
      });

      it('refuses a session in use at once after logout and after a new password', async () => {
        // Its own password first, so the test does not depend on the ones before it.
        await t.app.services.auth.setPasswordDirectly(STRONG_PASSWORD);
        const signIn = async () =>
          (
            await send(t.app, 'POST', '/api/auth/login', {
              body: { email: OPERATOR_EMAIL, password: STRONG_PASSWORD },
            })
          ).json().session_token as string;
        const validate = (session: string) =>
          send(t.app, 'POST', '/api/auth/validate-session', { token: session });

        const first = await signIn();
        for (let i = 0; i < 3; i += 1) assert.equal((await validate(first)).statusCode, 200);
        assert.equal((await send(t.app, 'POST', '/api/auth/logout', { token: first })).statusCode, 200);
        assert.equal((await validate(first)).statusCode, 401, 'no clock move: refused at once');

        const second = await signIn();
        for (let i = 0; i < 3; i += 1) assert.equal((await validate(second)).statusCode, 200);
        await t.app.services.auth.setPasswordDirectly(STRONG_PASSWORD);
        assert.equal((await validate(second)).statusCode, 401);
        assert.equal(
          (await send(t.app, 'GET', '/api/portfolio/overview', { token: second })).statusCode,
          401,
        );
      });

      it('writes the slide of a session in use at most once a minute, and expires it on time', async () => {
        const login = await send(t.app, 'POST', '/api/auth/login', {
          body: { email: OPERATOR_EMAIL, password: STRONG_PASSWORD },
        });
        const session = login.json().session_token as string;
        const stored = async () => {
          const [row] = await database.db
            .select()
            .from(schema.sessions)
            .where(eq(schema.sessions.tokenHash, hashToken(session)));
          return row!.expiresAt.getTime();
        };
        const signedIn = await stored();
        const validate = () => send(t.app, 'POST', '/api/auth/validate-session', { token: session });

        t.clock.advance(30 * 1000);
        assert.equal((await validate()).statusCode, 200);
        assert.equal(await stored(), signedIn, 'half a minute later: not written');

        t.clock.advance(31 * 1000);
        const answers = await Promise.all([validate(), validate(), validate(), validate()]);
        assert.deepEqual(
          answers.map((a) => a.statusCode),
          [200, 200, 200, 200],
        );
        const slid = t.clock.nowMs() + 12 * HOUR;
        assert.equal(await stored(), slid, 'a minute later: slid to 12 hours from now');
        for (const answer of answers) assert.equal(answer.json().expires_at, new Date(slid).toISOString());

        // Unused for 12 hours from the last slide: refused, though this process validated it lately.
        t.clock.advance(12 * HOUR);
        assert.equal((await validate()).statusCode, 401);
      });
    });

    describe('bad input', () => {
      before(async () => {
        t = await createTestApp(database);
      });
      after(() => t.close());

      it('answers 400 with a clear message for a missing field, and changes nothing', async () => {
        const attempts = (await database.db.select().from(schema.loginAttempts)).length;
        const res = await send(t.app, 'POST', '/api/auth/login', { body: { email: OPERATOR_EMAIL } });
        assert.equal(res.statusCode, 400);
        assert.equal(res.json().success, false);
        assert.match(res.json().message, /^Invalid request body: password: /);
        assert.equal((await database.db.select().from(schema.loginAttempts)).length, attempts);
      });

      it('answers 400 for JSON that does not parse', async () => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { 'content-type': 'application/json' },
          payload: '{"email": ',
        });
        assert.equal(res.statusCode, 400);
        assert.equal(res.json().message, 'Invalid request body: it is not valid JSON');
      });

      it('answers 400 for a blank email', async () => {
        const res = await send(t.app, 'POST', '/api/auth/request-password-setup', { body: { email: '   ' } });
        assert.equal(res.statusCode, 400);
        assert.match(res.json().message, /email: Email is required/);
      });
    });
  });
}

describe('first-run setup link', () => {
  it('is issued at start only while no password is set', async () => {
    const [pglite] = await testDatabases();
    const database = await pglite!.open();
    const t = await createTestApp(database);
    try {
      const link = await t.app.services.auth.firstRunSetupLink();
      assert.match(link ?? '', /^http:\/\/localhost:4000\/login\?setup=[A-Za-z0-9_-]{43}$/);
      await setUpOperator(t.app);
      assert.equal(await t.app.services.auth.firstRunSetupLink(), null);
    } finally {
      await t.close();
      await database.close();
    }
  });
});
