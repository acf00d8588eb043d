import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { schema } from '../db/index.js';
import { createTestApp, OPERATOR_EMAIL, send, testDatabases } from '../testing/index.js';
import { makeJwt } from '../broker/upstox/fake/fakeUpstox.js';
import { upstoxTestApp } from '../broker/upstox/fake/testApp.js';

for (const target of await testDatabases()) {
  describe(`trading mode on ${target.name}`, () => {
    const u = upstoxTestApp(target);

    const setMode = (mode: string) =>
      send(u.t.app, 'POST', '/api/trading/mode', { token: u.token, body: { mode } });
    const getMode = async () =>
      (await send(u.t.app, 'GET', '/api/trading/mode', { token: u.token })).json<{ mode: string }>().mode;
    const storeToken = async (accessToken: string) => {
      const stored = await send(u.t.app, 'POST', '/api/upstox/token/update', {
        token: u.token,
        body: { access_token: accessToken },
      });
      assert.equal(stored.statusCode, 200, stored.body);
      assert.equal(stored.json().status.state, 'valid');
    };
    const profileChecks = () => u.fake.requests.filter((r) => r.path === '/v2/user/profile');

    it('starts in paper', async () => {
      const res = await send(u.t.app, 'GET', '/api/trading/mode', { token: u.token });
      assert.equal(res.statusCode, 200);
      assert.deepEqual(
        { ...res.json<Record<string, unknown>>(), message: undefined },
        {
          success: true,
          mode: 'paper',
          trading_mode: 'paper',
          trading_mode_label: 'Paper Trading',
          current_mode: 'paper',
          current_mode_label: 'Paper Trading',
          updated_at: null,
          message: undefined,
        },
      );
    });

    it('checks live first without switching: without a token it says why, and that a token fixes it', async () => {
      const check = (mode: string) =>
        send(u.t.app, 'POST', '/api/trading/mode/check', { token: u.token, body: { mode } });
      const res = await check('real');
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(res.json(), {
        success: true,
        mode: 'live',
        ready: false,
        reason: `Live trading needs a valid Upstox access token. ${
          (await send(u.t.app, 'GET', '/api/upstox/token/status', { token: u.token })).json().message
        }`,
        needs_token: true,
      });
      assert.match(res.json().reason, /^Live trading needs a valid Upstox access token\. No /);
      assert.equal(await getMode(), 'paper', 'a check switches nothing');
      assert.equal(profileChecks().length, 0, 'no token: Upstox is not asked');
      assert.deepEqual((await check('paper')).json(), {
        success: true,
        mode: 'paper',
        ready: true,
        reason: null,
        needs_token: false,
      });
      const bad = await check('yolo');
      assert.equal(bad.statusCode, 400);
    });

    it('refuses live mode when Upstox refuses the token, naming its answer, and marks the token rejected', async () => {
      // JWT-shaped with a future exp, so it looks valid here; Upstox never issued it.
      const exp = Math.floor(u.t.clock.nowMs() / 1000) + 12 * 3600;
      const forged = makeJwt({ sub: 'FK1234', exp });
      await storeToken(forged);
      const res = await setMode('live');
      assert.equal(res.statusCode, 409);
      assert.equal(
        res.json().message,
        'Upstox refused the access token (UDAPI100050: Invalid token used to access API), so live trading was not switched on. Update the Upstox access token in Settings › Data Sources.',
      );
      assert.equal(res.json().token_state, 'invalid');
      const checked = profileChecks();
      assert.equal(checked.length, 1);
      assert.equal(checked[0]!.headers.authorization, `Bearer ${forged}`);
      assert.equal(await getMode(), 'paper');

      const status = await send(u.t.app, 'GET', '/api/upstox/token/status', { token: u.token });
      assert.equal(status.json().state, 'invalid');
      assert.equal(
        status.json().message,
        'Upstox refused the access token at 20 Nov 2026, 10:30 IST (UDAPI100050: Invalid token used to access API). Please update it with a new token.',
      );
      // Known refused: asking again refuses at once, without calling Upstox.
      const again = await setMode('real');
      assert.equal(again.statusCode, 409);
      assert.match(again.json().message, /^Live trading needs a valid Upstox access token\. Upstox refused/);
      assert.equal(profileChecks().length, 1);
    });

    it('refuses live mode with a token Upstox issued and then revoked', async () => {
      const issued = u.fake.issueToken();
      await storeToken(issued);
      u.fake.revokeTokens();
      const res = await setMode('live');
      assert.equal(res.statusCode, 409);
      assert.match(res.json().message, /^Upstox refused the access token \(UDAPI100050: /);
      assert.equal(await getMode(), 'paper');
      const status = await send(u.t.app, 'GET', '/api/upstox/token/status', { token: u.token });
      assert.equal(status.json().state, 'invalid');
    });

    it('refuses live mode with 503 and a sentence while Upstox cannot be reached; paper is unaffected', async () => {
      await storeToken(u.fake.issueToken());
      u.fake.state.offline = true;
      try {
        const res = await setMode('live');
        assert.equal(res.statusCode, 503);
        assert.equal(
          res.json().message,
          'Live trading was not switched on: the access token could not be checked with Upstox. Upstox cannot be reached: fetch failed. Paper trading continues; try again in a moment.',
        );
        assert.equal(await getMode(), 'paper');
        // Unreachable is not a refusal: the token stays valid.
        const status = await send(u.t.app, 'GET', '/api/upstox/token/status', { token: u.token });
        assert.equal(status.json().state, 'valid');

        const before = u.fake.requests.length;
        const paper = await setMode('paper');
        assert.equal(paper.statusCode, 200);
        assert.equal(paper.json().mode, 'paper');
        const mock = await setMode('mock');
        assert.equal(mock.statusCode, 200);
        assert.equal(u.fake.requests.length, before, 'paper and mock never ask Upstox');
        await setMode('paper');
      } finally {
        u.fake.state.offline = false;
      }
    });

    it('refuses live mode when Upstox reports the account inactive', async () => {
      await storeToken(u.fake.issueToken());
      u.fake.state.profile.is_active = false;
      try {
        const res = await setMode('live');
        assert.equal(res.statusCode, 409);
        assert.equal(
          res.json().message,
          'Upstox reports the account FK1234 as inactive, so live trading was not switched on.',
        );
        assert.equal(await getMode(), 'paper');
      } finally {
        u.fake.state.profile.is_active = true;
      }
    });

    it('stores "real" as live once Upstox accepts the token, survives a restart of the app, and records who changed it', async () => {
      const issued = u.fake.issueToken();
      await storeToken(issued);
      const checksBefore = profileChecks().length;
      const set = await setMode('real');
      assert.equal(set.statusCode, 200, set.body);
      assert.equal(set.json().mode, 'live');
      assert.equal(set.json().trading_mode_label, 'Live Trading');
      assert.equal(profileChecks().length, checksBefore + 1);
      assert.equal(profileChecks().at(-1)!.headers.authorization, `Bearer ${issued}`);

      const restarted = await createTestApp(u.database, { clock: u.t.clock });
      try {
        const res = await send(restarted.app, 'GET', '/api/trading/mode', { token: u.token });
        assert.equal(res.json().mode, 'live');
        assert.equal(res.json().updated_at, u.t.clock.now().toISOString());
      } finally {
        await restarted.close();
      }
      const audit = await u.database.db.select().from(schema.auditLog);
      const change = audit.filter((row) => row.action === 'trading_mode.set').at(-1);
      assert.equal(change?.actor, OPERATOR_EMAIL);
      assert.deepEqual(change?.detail, { from: 'paper', to: 'live' });
    });

    it('refuses an unknown mode with 400 and keeps the mode', async () => {
      const res = await send(u.t.app, 'POST', '/api/trading/mode', {
        token: u.token,
        body: { mode: 'yolo' },
      });
      assert.equal(res.statusCode, 400);
      assert.match(res.json().message, /mode must be one of 'live', 'real', 'paper' or 'mock'/);
      const now = await send(u.t.app, 'GET', '/api/trading/mode', { token: u.token });
      assert.equal(now.json().mode, 'live');
    });

    it('switches back to paper', async () => {
      const res = await send(u.t.app, 'POST', '/api/trading/mode', {
        token: u.token,
        body: { mode: 'paper' },
      });
      assert.equal(res.json().mode, 'paper');
    });

    it('checks live with a token Upstox accepts as ready, still without switching', async () => {
      await storeToken(u.fake.issueToken());
      const res = await send(u.t.app, 'POST', '/api/trading/mode/check', {
        token: u.token,
        body: { mode: 'live' },
      });
      assert.deepEqual(res.json(), {
        success: true,
        mode: 'live',
        ready: true,
        reason: null,
        needs_token: false,
      });
      assert.equal(await getMode(), 'paper');
    });
  });
}
