/**
 * Every server on one database holds one secret key: a second server started with another key
 * refuses to start, saying which setting to change, instead of failing later on the operator's
 * sealed credentials; one with the same key starts.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Database } from '../db/index.js';
import { createTestApp, testDatabases, type TestApp } from '../testing/index.js';
import { SecretKeyMismatchError } from './secretKeyCheck.js';

for (const target of await testDatabases()) {
  describe(`the secret key of the servers on one database, on ${target.name}`, () => {
    let database: Database;
    let first: TestApp;
    before(async () => {
      database = await target.open();
      first = await createTestApp(database, { config: { secretKey: 'a'.repeat(64) } });
    });
    after(async () => {
      await first.close();
      await database.close();
    });

    it('refuses to start a server whose key cannot open what the first one sealed', async () => {
      await assert.rejects(
        createTestApp(database, { config: { secretKey: 'b'.repeat(64) } }),
        (error: unknown) => {
          assert.ok(error instanceof SecretKeyMismatchError);
          assert.match(
            error.message,
            /^this server's secret key is not the one the database's stored secrets are sealed with\. Every server on one database needs the same key: set NIVESH_SECRET_KEY/,
          );
          return true;
        },
      );
    });

    it('starts a second server with the same key', async () => {
      const second = await createTestApp(database, { config: { secretKey: 'a'.repeat(64) } });
      await second.close();
    });
  });
}
