/**
 * Notifications through HTTP on PGlite and PostgreSQL, against a local SMTP server and a local
 * fake of the Telegram Bot API (both real protocol peers on 127.0.0.1): settings round-trip with
 * the bot token never answered, test messages per channel, alerts raised by the emergency stop and
 * by order fills delivered, a failing Telegram retried and then marked failed while the email still
 * goes and trading carries on, and bad input refused with a sentence.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { desc, eq } from 'drizzle-orm';
import {
  TELEGRAM_CHAT_ID_RULE,
  type NotificationDelivery,
  type NotificationSettings,
  type Order,
} from '@nivesh/api-contract';
import { ManualClock } from '../clock.js';
import { createSmtpMailer } from '../auth/mailer.js';
import { schema } from '../db/index.js';
import { createControlledFeed } from '../paper/testing.js';
import { OPERATOR_EMAIL, send, signedInApp, testDatabases } from '../testing/index.js';
import { startSmtp } from '../testing/peers.js';
import { DUPLICATE_WINDOW_MS, MAX_ATTEMPTS, RETRY_WAITS_MS } from '../notifications/notifier.js';

const BOT_TOKEN = '123456789:AAE-test_token_for_the_fake_bot_api_0123';
const CHAT_ID = '-1001234567890';

/**
 * A local Telegram Bot API: `POST /bot<token>/sendMessage` with {chat_id, text}, answering as
 * Telegram does; `failWith` makes it answer 500, or 200 with ok:false.
 */
function startTelegram() {
  const received: Array<{ chat_id: string; text: string }> = [];
  const state = { failWith: null as null | 'http500' | 'notOk', calls: 0 };
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      state.calls += 1;
      const answer = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      const match = /^\/bot([^/]+)\/sendMessage$/.exec(request.url ?? '');
      if (request.method !== 'POST' || !match) {
        answer(404, { ok: false, error_code: 404, description: 'Not Found' });
        return;
      }
      if (match[1] !== BOT_TOKEN) {
        answer(401, { ok: false, error_code: 401, description: 'Unauthorized' });
        return;
      }
      if (state.failWith === 'http500') {
        answer(500, { ok: false, error_code: 500, description: 'Internal Server Error' });
        return;
      }
      if (state.failWith === 'notOk') {
        answer(200, { ok: false, error_code: 400, description: 'Bad Request: chat not found' });
        return;
      }
      const body = JSON.parse(raw) as { chat_id: string; text: string };
      received.push({ chat_id: String(body.chat_id), text: body.text });
      answer(200, {
        ok: true,
        result: { message_id: received.length, chat: { id: Number(body.chat_id) }, text: body.text },
      });
    });
  });
  return new Promise<{
    url: string;
    received: typeof received;
    state: typeof state;
    close(): Promise<void>;
  }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({
        url: `http://127.0.0.1:${port}`,
        received,
        state,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

/** A received email's Subject header, unfolded and with its MIME encoded words decoded. */
function subjectOf(data: string): string {
  const header = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(data)?.[1] ?? '';
  return header
    .replace(/\?=\r?\n[ \t]+=\?/g, '?==?')
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

const smtp = await startSmtp();
const telegram = await startTelegram();
after(async () => {
  await smtp.close();
  await telegram.close();
});

const allOn = { email: true, telegram: true };

for (const target of await testDatabases()) {
  describe(`notifications on ${target.name}`, () => {
    // Monday 16 November 2026, 10:30 IST: the market is open.
    const clock = new ManualClock('2026-11-16T05:00:00.000Z');
    const feed = createControlledFeed({ now: () => clock.now(), prices: { INFY: 1500, NIFTY_50: 24_000 } });
    const mailer = createSmtpMailer({
      url: `smtp://127.0.0.1:${smtp.port}`,
      from: 'Nivesh <no-reply@nivesh.local>',
    });
    const s = signedInApp(target, {
      clock,
      config: { telegramApiUrl: telegram.url },
      deps: { feed, live: null, liveAccount: null, mailer },
    });
    before(() => {
      smtp.received.length = 0;
      telegram.received.length = 0;
      telegram.state.failWith = null;
    });

    const api = (method: 'GET' | 'POST', url: string, body?: unknown) =>
      send(s.t.app, method, url, { token: s.token, body });
    const settings = async () => {
      const res = await api('GET', '/api/settings/notifications');
      assert.equal(res.statusCode, 200, res.body);
      return res.json<{ data: NotificationSettings }>().data;
    };
    const deliveries = async () => {
      const res = await api('GET', '/api/settings/notifications/deliveries?limit=100');
      assert.equal(res.statusCode, 200, res.body);
      return res.json<{ data: NotificationDelivery[] }>().data;
    };
    const mailsAbout = (subject: string) =>
      smtp.received.filter((m) => subjectOf(m.data) === `Nivesh: ${subject}`);

    it('answers the defaults, stores the Telegram channel sealed, and never answers the token', async () => {
      const initial = await settings();
      assert.deepEqual(initial.email, { configured: true, address: OPERATOR_EMAIL });
      assert.deepEqual(initial.telegram, { configured: false, token_stored: false, chat_id: null });
      assert.deepEqual(initial.alerts.portfolio_loss, allOn);
      assert.deepEqual(initial.alerts.order_fills, { email: false, telegram: false });

      const alerts = { ...initial.alerts, order_fills: allOn };
      const saved = await api('POST', '/api/settings/notifications', {
        alerts,
        telegram: { bot_token: ` ${BOT_TOKEN} `, chat_id: CHAT_ID },
      });
      assert.equal(saved.statusCode, 200, saved.body);
      assert.equal(saved.json<{ message: string }>().message, 'Notification settings saved.');
      assert.ok(!saved.body.includes(BOT_TOKEN), 'the token is never answered');
      const after = await settings();
      assert.deepEqual(after.telegram, { configured: true, token_stored: true, chat_id: CHAT_ID });
      assert.deepEqual(after.alerts, alerts);

      // Stored sealed, audited without the token.
      const rows = await s.database.db.select().from(schema.settings);
      assert.ok(!JSON.stringify(rows).includes(BOT_TOKEN));
      const audit = await s.database.db
        .select()
        .from(schema.auditLog)
        .where(eq(schema.auditLog.action, 'settings.notifications.telegram'));
      assert.equal(audit.length, 1);
      assert.equal(audit[0]!.actor, OPERATOR_EMAIL);
      assert.deepEqual(audit[0]!.detail, {
        chat_id: { from: null, to: CHAT_ID },
        bot_token: 'replaced',
      });

      // Saving the alerts again without a token keeps the stored one.
      const kept = await api('POST', '/api/settings/notifications', {
        alerts,
        telegram: { chat_id: CHAT_ID },
      });
      assert.equal(kept.statusCode, 200, kept.body);
      assert.equal(kept.json<{ data: NotificationSettings }>().data.telegram.configured, true);
    });

    it('refuses a bad chat id, a bad token and an unknown alert kind with a sentence, changing nothing', async () => {
      const before = await settings();
      const badChat = await api('POST', '/api/settings/notifications', {
        alerts: before.alerts,
        telegram: { chat_id: 'my chat' },
      });
      assert.equal(badChat.statusCode, 400);
      assert.ok(badChat.json<{ error: string }>().error.includes(TELEGRAM_CHAT_ID_RULE), badChat.body);

      const badToken = await api('POST', '/api/settings/notifications', {
        alerts: before.alerts,
        telegram: { bot_token: 'not-a-token', chat_id: CHAT_ID },
      });
      assert.equal(badToken.statusCode, 400);
      assert.match(
        badToken.json<{ error: string }>().error,
        /Telegram bot token must be the token BotFather gave/,
      );

      const unknown = await api('POST', '/api/settings/notifications', {
        alerts: { ...before.alerts, moon_landing: allOn },
      });
      assert.equal(unknown.statusCode, 400);
      assert.match(unknown.json<{ error: string }>().error, /moon_landing/);

      const badChannel = await api('POST', '/api/settings/notifications/test', { channel: 'pigeon' });
      assert.equal(badChannel.statusCode, 400);
      assert.deepEqual(await settings(), before);
    });

    it('sends a test message by each channel, and logs both', async () => {
      const email = await api('POST', '/api/settings/notifications/test', { channel: 'email' });
      assert.equal(email.statusCode, 200, email.body);
      assert.deepEqual(email.json(), { success: true, message: `Test email sent to ${OPERATOR_EMAIL}.` });
      assert.equal(mailsAbout('Test notification').length, 1);
      assert.deepEqual(mailsAbout('Test notification')[0]!.to, [OPERATOR_EMAIL]);

      const tg = await api('POST', '/api/settings/notifications/test', { channel: 'telegram' });
      assert.deepEqual(tg.json(), { success: true, message: 'Test Telegram message sent.' });
      assert.equal(telegram.received.length, 1);
      assert.equal(telegram.received[0]!.chat_id, CHAT_ID);
      assert.match(
        telegram.received[0]!.text,
        /^Test notification\n\nThis is a test message from your Nivesh console/,
      );

      const log = await deliveries();
      assert.deepEqual(
        log.slice(0, 2).map((d) => [d.alert, d.channel, d.status, d.attempts]),
        [
          ['test', 'telegram', 'sent', 1],
          ['test', 'email', 'sent', 1],
        ],
      );

      telegram.state.failWith = 'notOk';
      const refused = await api('POST', '/api/settings/notifications/test', { channel: 'telegram' });
      assert.deepEqual(refused.json(), {
        success: false,
        message:
          'The test Telegram message was not sent: Telegram refused the message (HTTP 200): Bad Request: chat not found',
      });
      telegram.state.failWith = null;
      assert.equal(
        (await deliveries())[0]!.last_error,
        'Telegram refused the message (HTTP 200): Bad Request: chat not found',
      );
    });

    it('delivers the emergency stop by email and Telegram through the sender', async () => {
      const stop = await api('POST', '/api/risk/emergency-stop', { confirm: true, reason: 'testing alerts' });
      assert.equal(stop.statusCode, 200, stop.body);
      const queued = (await deliveries()).filter((d) => d.alert === 'emergency_stop');
      assert.deepEqual(queued.map((d) => [d.channel, d.status]).sort(), [
        ['email', 'pending'],
        ['telegram', 'pending'],
      ]);
      assert.deepEqual(await s.t.app.services.notifications.sendDue(), { sent: 2, failed: 0, retrying: 0 });
      assert.equal(mailsAbout(`Emergency stop by ${OPERATOR_EMAIL}`).length, 1);
      const message = telegram.received.find((m) => m.text.startsWith(`Emergency stop by ${OPERATOR_EMAIL}`));
      assert.match(message?.text ?? '', /Order entry is halted \("testing alerts"\)/);

      // The same alert within 15 minutes is not sent again.
      await s.t.app.services.notifications.notify(
        'emergency_stop',
        `Emergency stop by ${OPERATOR_EMAIL}`,
        'again',
      );
      assert.equal((await deliveries()).filter((d) => d.alert === 'emergency_stop').length, 2);
      // After the window it is.
      clock.advance(DUPLICATE_WINDOW_MS);
      await s.t.app.services.notifications.notify(
        'emergency_stop',
        `Emergency stop by ${OPERATOR_EMAIL}`,
        'again',
      );
      assert.equal((await deliveries()).filter((d) => d.alert === 'emergency_stop').length, 4);
      assert.deepEqual(await s.t.app.services.notifications.sendDue(), { sent: 2, failed: 0, retrying: 0 });

      const lifted = await api('POST', '/api/risk/emergency-stop/lift', { confirm: true });
      assert.equal(lifted.statusCode, 200, lifted.body);
    });

    it('retries a failing Telegram and marks it failed, while the email goes and trading carries on', async () => {
      const services = s.t.app.services;
      await services.notifications.sendDue(); // sets the fills cursor
      clock.advance(1000);
      telegram.state.failWith = 'http500';
      await services.notifications.notify(
        'circuit_breaker',
        'Circuit breaker tripped: Liquidity',
        'Cash is low.',
      );

      // A paper order during the failure is filled as usual, and its fill is notified too.
      const order = await api('POST', '/api/trading/orders', {
        symbol: 'INFY',
        side: 'BUY',
        quantity: 2,
        order_type: 'MARKET',
        product: 'CNC',
      });
      assert.equal(order.statusCode, 200, order.body);
      assert.equal(order.json<{ data: Order }>().data.status, 'filled');

      const first = await services.notifications.sendDue();
      assert.deepEqual(first, { sent: 2, failed: 0, retrying: 2 });
      assert.equal(mailsAbout('Circuit breaker tripped: Liquidity').length, 1);
      assert.equal(mailsAbout('Order filled: BUY 2 INFY at ₹1,500.75 (paper)').length, 1);

      for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt += 1) {
        const before = telegram.state.calls;
        // Not due before its wait is over.
        clock.advance(RETRY_WAITS_MS[attempt - 1]! - 1000);
        await services.notifications.sendDue();
        assert.equal(telegram.state.calls, before, `no retry before the wait after attempt ${attempt}`);
        clock.advance(1000);
        await services.notifications.sendDue();
        assert.equal(telegram.state.calls, before + 2, `attempt ${attempt + 1} of both messages`);
      }
      const log = await deliveries();
      const failed = log.filter(
        (d) => d.channel === 'telegram' && d.status === 'failed' && d.alert !== 'test',
      );
      assert.deepEqual(failed.map((d) => [d.alert, d.attempts, d.last_error, d.next_attempt_at]).sort(), [
        ['circuit_breaker', 5, 'Telegram refused the message (HTTP 500): Internal Server Error', null],
        ['order_fills', 5, 'Telegram refused the message (HTTP 500): Internal Server Error', null],
      ]);
      assert.deepEqual(await services.notifications.sendDue(), { sent: 0, failed: 0, retrying: 0 });
      telegram.state.failWith = null;

      // Newest first, limited.
      const two = await api('GET', '/api/settings/notifications/deliveries?limit=2');
      assert.equal(two.json<{ data: NotificationDelivery[] }>().data.length, 2);
      const rows = await s.database.db
        .select({ id: schema.notificationDeliveries.id })
        .from(schema.notificationDeliveries)
        .orderBy(desc(schema.notificationDeliveries.createdAt), desc(schema.notificationDeliveries.id))
        .limit(2);
      assert.deepEqual(
        two.json<{ data: NotificationDelivery[] }>().data.map((d) => d.id),
        rows.map((r) => r.id),
      );
      const tooMany = await api('GET', '/api/settings/notifications/deliveries?limit=5000');
      assert.equal(tooMany.statusCode, 400);
    });
  });
}
