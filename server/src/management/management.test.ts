/**
 * Server management through buildApp: status, and restart requests with and without a supervisor.
 * The restart itself (the process closing and a new one starting) is supervisor.test.ts's, on the
 * real processes; here `restart` records that it was asked for.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { contract } from '@nivesh/api-contract';
import { eq } from 'drizzle-orm';
import { schema, type Database } from '../db/index.js';
import {
  createTestApp,
  OPERATOR_EMAIL,
  send,
  setUpOperator,
  signIn,
  testDatabases,
  type TestApp,
} from '../testing/index.js';

const { serverStatus, restartServer, adminRestart } = contract.management;

for (const target of await testDatabases()) {
  describe(`server management on ${target.name}`, () => {
    let database: Database;
    let t: TestApp;
    let token: string;

    before(async () => {
      database = await target.open();
      t = await createTestApp(database, { deps: { paperTimers: false } });
      token = await setUpOperator(t.app);
    });
    after(async () => {
      await t.close();
      await database.close();
    });

    const restarts = () =>
      database.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, 'server.restart'));

    it('reports this process: healthy (its database answers), its pid, uptime and version', async () => {
      const res = await send(t.app, 'GET', serverStatus.path, { token });
      assert.equal(res.statusCode, 200);
      const status = res.json<{
        main_server_healthy: boolean;
        main_server_pid: number;
        uptime: number;
        version: string;
        started_at: string;
      }>();
      assert.equal(status.main_server_healthy, true);
      assert.equal(status.main_server_pid, process.pid);
      assert.equal(status.version, '1.0.0-test');
      assert.ok(status.uptime > 0);
      assert.equal(new Date(status.started_at).getTime(), t.clock.nowMs() - Math.round(status.uptime * 1000));
    });

    it('needs a session', async () => {
      for (const route of [serverStatus, restartServer, adminRestart]) {
        const res = await send(t.app, route.method, route.path);
        assert.equal(res.statusCode, 401, route.path);
      }
    });

    it('says why it cannot restart when no supervisor runs it, on both routes, and records nothing', async () => {
      for (const route of [restartServer, adminRestart]) {
        const res = await send(t.app, 'POST', route.path, { token });
        assert.equal(res.statusCode, 200);
        assert.deepEqual(res.json(), {
          success: false,
          message: 'The server cannot restart itself.',
          error:
            'This server runs without a supervisor, so it cannot restart itself. Start it with npm start (or pnpm serve) to allow restarts.',
        });
      }
      assert.deepEqual(await restarts(), []);
    });

    describe('under a supervisor', () => {
      let supervised: TestApp;
      let requested = 0;

      before(async () => {
        supervised = await createTestApp(database, {
          clock: t.clock,
          deps: { paperTimers: false, restart: () => (requested += 1) },
        });
      });
      after(() => supervised.close());

      it('answers, then restarts once the answer is out, and records who asked', async () => {
        const session = await signIn(supervised.app);
        const res = await send(supervised.app, 'POST', restartServer.path, { token: session });
        assert.equal(res.statusCode, 200);
        assert.deepEqual(res.json(), {
          success: true,
          message: 'Server restart initiated. The server will be back in a few seconds.',
        });
        assert.equal(requested, 1);
        const [row, ...more] = await restarts();
        assert.deepEqual(more, []);
        assert.equal(row?.actor, OPERATOR_EMAIL);
        assert.deepEqual(row?.detail, { via: 'management', pid: process.pid });
        assert.equal(row?.at.getTime(), t.clock.nowMs());

        const status = await send(supervised.app, 'GET', serverStatus.path, { token: session });
        assert.equal(status.json().main_server_healthy, false, 'a server on its way down is not healthy');

        const again = await send(supervised.app, 'POST', adminRestart.path, { token: session });
        assert.equal(again.statusCode, 429);
        assert.equal(
          again.json().message,
          'A restart is already under way. Wait for the server to come back.',
        );
        assert.equal(requested, 1);
      });

      it('takes at most one restart in 30 seconds, whichever process of the database is asked', async () => {
        // The next process on the same database, 10 seconds after the restart above.
        const next = await createTestApp(database, {
          clock: t.clock,
          deps: { paperTimers: false, restart: () => (requested += 1) },
        });
        try {
          const session = await signIn(next.app);
          t.clock.advance(10_000);
          const soon = await send(next.app, 'POST', adminRestart.path, { token: session });
          assert.equal(soon.statusCode, 429);
          assert.equal(
            soon.json().message,
            'The server was restarted less than 30 seconds ago. Try again in 20 seconds.',
          );
          assert.equal(requested, 1);

          t.clock.advance(20_000);
          const later = await send(next.app, 'POST', adminRestart.path, { token: session });
          assert.equal(later.statusCode, 200);
          assert.equal(later.json().success, true);
          assert.equal(requested, 2);
          const rows = await restarts();
          assert.deepEqual(
            rows.map((r) => r.detail),
            [
              { via: 'management', pid: process.pid },
              { via: 'admin', pid: process.pid },
            ],
          );
        } finally {
          await next.close();
        }
      });
    });
  });
}
