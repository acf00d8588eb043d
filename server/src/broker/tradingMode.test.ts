import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { schema, type Database } from '../db/index.js';
import {
  createTestApp,
  OPERATOR_EMAIL,
  send,
  setUpOperator,
  testDatabases,
  type TestApp,
} from '../testing/index.js';
import { makeJwt } from './upstox/fake/fakeUpstox.js';

for (const target of await testDatabases()) {
  describe(`trading mode on ${target.name}`, () => {
    let database: Database;
    let t: TestApp;
    let token: string;

    before(async () => {
      database = await target.open();
      t = await createTestApp(database);
      token = await setUpOperator(t.app);
    });
    after(async () => {
      await t.close();
      await database.close();
    });

    it('starts in paper', async () => {
      const res = await send(t.app, 'GET', '/api/trading/mode', { token });
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

    it('stores "real" as live, survives a restart of the app, and records who changed it', async () => {
      // Live mode needs a broker token that works (broker/upstox tests cover the refusal).
      const exp = Math.floor(t.clock.now().getTime() / 1000) + 12 * 3600;
      const stored = await send(t.app, 'POST', '/api/upstox/token/update', {
        token,
        body: { access_token: makeJwt({ sub: 'FK1234', exp }) },
      });
      assert.equal(stored.statusCode, 200);
      const set = await send(t.app, 'POST', '/api/trading/mode', { token, body: { mode: 'real' } });
      assert.equal(set.statusCode, 200);
      assert.equal(set.json().mode, 'live');
      assert.equal(set.json().trading_mode_label, 'Live Trading');

      const restarted = await createTestApp(database, { clock: t.clock });
      try {
        const res = await send(restarted.app, 'GET', '/api/trading/mode', { token });
        assert.equal(res.json().mode, 'live');
        assert.equal(res.json().updated_at, t.clock.now().toISOString());
      } finally {
        await restarted.close();
      }
      const audit = await database.db.select().from(schema.auditLog);
      const change = audit.find((row) => row.action === 'trading_mode.set');
      assert.equal(change?.actor, OPERATOR_EMAIL);
      assert.deepEqual(change?.detail, { from: 'paper', to: 'live' });
    });

    it('refuses an unknown mode with 400 and keeps the mode', async () => {
      const res = await send(t.app, 'POST', '/api/trading/mode', { token, body: { mode: 'yolo' } });
      assert.equal(res.statusCode, 400);
      assert.match(res.json().message, /mode must be one of 'live', 'real', 'paper' or 'mock'/);
      const now = await send(t.app, 'GET', '/api/trading/mode', { token });
      assert.equal(now.json().mode, 'live');
    });

    it('switches back to paper', async () => {
      const res = await send(t.app, 'POST', '/api/trading/mode', { token, body: { mode: 'paper' } });
      assert.equal(res.json().mode, 'paper');
    });
  });
}
