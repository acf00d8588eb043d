import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Database } from '../db/index.js';
import { createTestApp, OPERATOR_EMAIL, send, setUpOperator, testDatabases } from '../testing/index.js';
import { createSmtpMailer } from './mailer.js';
import { startSmtp } from '../testing/peers.js';

describe('password setup by email', () => {
  let database: Database;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  before(async () => {
    database = await (await testDatabases())[0]!.open();
    smtp = await startSmtp();
  });
  after(async () => {
    await smtp.close();
    await database.close();
  });

  it('emails the setup link to the operator when SMTP is configured', async () => {
    const mailer = createSmtpMailer({
      url: `smtp://127.0.0.1:${smtp.port}`,
      from: 'Nivesh <no-reply@nivesh.local>',
    });
    const t = await createTestApp(database, { deps: { mailer } });
    try {
      await setUpOperator(t.app);
      const res = await send(t.app, 'POST', '/api/auth/request-password-setup', {
        body: { email: OPERATOR_EMAIL },
      });
      assert.equal(res.statusCode, 200);
      assert.equal(res.json().temp_token, undefined);
      assert.equal(smtp.received.length, 1);
      const [mail] = smtp.received;
      assert.deepEqual(mail?.to, [OPERATOR_EMAIL]);
      assert.match(mail?.data ?? '', /Subject: Nivesh: set your password/);
      assert.match(
        (mail?.data ?? '').replace(/=\r?\n/g, ''),
        /http:\/\/localhost:4000\/login\?setup=[A-Za-z0-9_-]+/,
      );
    } finally {
      await t.close();
    }
  });
});
