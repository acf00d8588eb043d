/**
 * Notifications: `notify(alert, subject, body)` records one delivery per channel the operator
 * chose for that alert (the `notification_deliveries` table); the sender job (`sendDue`, every
 * SEND_INTERVAL_MS on the leader only) sends the due ones, retrying a failure after 30 s, 2 min,
 * 10 min and 30 min before marking it failed with the error.
 *
 * A notification never holds up or breaks what raised it: `notify` only inserts rows, and it
 * catches and logs its own failures. The same alert kind and subject goes by one channel at most
 * once per DUPLICATE_WINDOW_MS (checked under an advisory lock, so two processes agree).
 *
 * Order fills are noticed here too, from the orders table (paper and live, however they were
 * filled): each pass notifies the fills since the last one it saw (a cursor in the settings
 * table, so a new leader carries on where the old one stopped).
 */
import { and, asc, desc, eq, gt, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { NotificationAlert, NotificationChannel, NotificationDelivery } from '@nivesh/api-contract';
import { schema, type Db } from '../db/index.js';
import type { Clock } from '../clock.js';
import type { Mailer } from '../auth/mailer.js';
import { formatIst } from '../broker/token.js';
import { formatPaise } from '../paper/money.js';
import { sendEmail, sendTelegram } from './channels.js';
import type { Preferences } from './preferences.js';

/** How often the sender looks for due deliveries. */
export const SEND_INTERVAL_MS = 10_000;
/** Attempts before a delivery is marked failed. */
export const MAX_ATTEMPTS = 5;
/** The wait after the 1st, 2nd, 3rd and 4th failed attempt. */
export const RETRY_WAITS_MS = [30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000] as const;
/** The same alert kind and subject goes by a channel at most once in this window. */
export const DUPLICATE_WINDOW_MS = 15 * 60_000;
/** Deliveries sent in one pass at most (the rest wait for the next). */
const SEND_BATCH = 20;
const FILLS_BATCH = 50;
const FILLS_CURSOR_KEY = 'notifications.fills_cursor';
const DUPLICATE_LOCK = sql`hashtext('notification_deliveries')`;

/** What a service that raises an alert is given: records the deliveries, never throws. */
export type Notify = (alert: NotificationAlert, subject: string, body: string) => Promise<void>;

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface NotifierDeps {
  db: Db;
  clock: Clock;
  preferences: Preferences;
  mailer: Mailer | null;
  /** Where alert emails go (the operator's address). */
  operatorEmail: string;
  telegramApiUrl: string;
  /** Tests may pass their own; default the global fetch. */
  fetch?: typeof fetch;
  log: Log;
}

type DeliveryRow = typeof schema.notificationDeliveries.$inferSelect;

const FillsCursor = z.object({ filled_after: z.iso.datetime() });

function toDelivery(row: DeliveryRow): NotificationDelivery {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    alert: row.alert as NotificationDelivery['alert'],
    channel: row.channel as NotificationChannel,
    subject: row.subject,
    status: row.status as NotificationDelivery['status'],
    attempts: row.attempts,
    next_attempt_at: row.nextAttemptAt?.toISOString() ?? null,
    last_error: row.lastError,
    sent_at: row.sentAt?.toISOString() ?? null,
  };
}

export type Notifier = ReturnType<typeof createNotifier>;

export function createNotifier(deps: NotifierDeps) {
  const { db, clock, preferences, log } = deps;

  /** The channels that can send now, with why not for the others. */
  async function channelProblem(channel: NotificationChannel): Promise<string | null> {
    if (channel === 'email') {
      return deps.mailer ? null : 'Email is not configured on this server (set NIVESH_SMTP_URL).';
    }
    const telegram = await preferences.telegram();
    if (telegram.tokenStored && telegram.token === null) {
      return "The stored Telegram bot token cannot be decrypted with this server's key: enter it again.";
    }
    if (telegram.token === null || telegram.chatId === null) {
      return 'Telegram is not set up: enter a bot token and a chat id first.';
    }
    return null;
  }

  /** Sends one message by one channel now; throws a sentence when it did not go. */
  async function deliver(channel: NotificationChannel, subject: string, body: string): Promise<void> {
    const problem = await channelProblem(channel);
    if (problem) throw new Error(problem);
    if (channel === 'email') {
      await sendEmail(deps.mailer!, deps.operatorEmail, `Nivesh: ${subject}`, body);
      return;
    }
    const telegram = await preferences.telegram();
    await sendTelegram({
      apiUrl: deps.telegramApiUrl,
      token: telegram.token!,
      chatId: telegram.chatId!,
      text: `${subject}\n\n${body}`,
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
    });
  }

  const notify: Notify = async (alert, subject, body) => {
    try {
      const wanted = (await preferences.alerts())[alert];
      const channels: NotificationChannel[] = [];
      if (wanted.email && (await channelProblem('email')) === null) channels.push('email');
      if (wanted.telegram && (await channelProblem('telegram')) === null) channels.push('telegram');
      if (channels.length === 0) return;
      const now = clock.now();
      const queued = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${DUPLICATE_LOCK})`);
        const recent = await tx
          .select({ channel: schema.notificationDeliveries.channel })
          .from(schema.notificationDeliveries)
          .where(
            and(
              eq(schema.notificationDeliveries.alert, alert),
              eq(schema.notificationDeliveries.subject, subject),
              gt(schema.notificationDeliveries.createdAt, new Date(now.getTime() - DUPLICATE_WINDOW_MS)),
            ),
          );
        const fresh = channels.filter((c) => !recent.some((r) => r.channel === c));
        if (fresh.length > 0) {
          await tx.insert(schema.notificationDeliveries).values(
            fresh.map((channel) => ({
              createdAt: now,
              alert,
              channel,
              subject,
              body,
              status: 'pending',
              attempts: 0,
              nextAttemptAt: now,
            })),
          );
        }
        return fresh;
      });
      if (queued.length > 0) log.info({ alert, channels: queued }, 'notification queued');
    } catch (error) {
      log.error({ err: error, alert }, 'notification could not be queued');
    }
  };

  /** Notifies the orders filled since the last pass (the first pass only sets the cursor). */
  async function notifyFills(now: Date): Promise<void> {
    const [row] = await db
      .select({ value: schema.settings.value })
      .from(schema.settings)
      .where(eq(schema.settings.key, FILLS_CURSOR_KEY));
    const cursor = FillsCursor.safeParse(row?.value);
    let after = cursor.success ? new Date(cursor.data.filled_after) : now;
    if (cursor.success) {
      const fills = await db
        .select()
        .from(schema.orders)
        .where(and(gt(schema.orders.filledAt, after), lte(schema.orders.filledAt, now)))
        .orderBy(asc(schema.orders.filledAt))
        .limit(FILLS_BATCH);
      for (const order of fills) {
        const price = order.averagePricePaise === null ? '' : ` at ${formatPaise(order.averagePricePaise)}`;
        const account = order.account === 'paper' ? 'paper' : 'live';
        await notify(
          'order_fills',
          `Order filled: ${order.side} ${order.filledQuantity} ${order.symbol}${price} (${account})`,
          `Order ${order.id} (${order.orderType}, ${order.product}, ${order.strategy}, placed by ${order.placedBy}) ` +
            `was filled${price} on ${formatIst(order.filledAt!)}.`,
        );
        after = order.filledAt!;
      }
    }
    const value = { filled_after: after.toISOString() };
    await db
      .insert(schema.settings)
      .values({ key: FILLS_CURSOR_KEY, value, updatedAt: now, updatedBy: 'notifications' })
      .onConflictDoUpdate({ target: schema.settings.key, set: { value, updatedAt: now } });
  }

  /** One pass of the sender: notices new fills, then sends the due deliveries. */
  async function sendDue(): Promise<{ sent: number; failed: number; retrying: number }> {
    const now = clock.now();
    try {
      await notifyFills(now);
    } catch (error) {
      log.error({ err: error }, 'notifications: reading new order fills failed');
    }
    const due = await db
      .select()
      .from(schema.notificationDeliveries)
      .where(
        and(
          eq(schema.notificationDeliveries.status, 'pending'),
          lte(schema.notificationDeliveries.nextAttemptAt, now),
        ),
      )
      .orderBy(asc(schema.notificationDeliveries.id))
      .limit(SEND_BATCH);
    const counts = { sent: 0, failed: 0, retrying: 0 };
    for (const row of due) {
      const attempts = row.attempts + 1;
      try {
        await deliver(row.channel as NotificationChannel, row.subject, row.body);
        await db
          .update(schema.notificationDeliveries)
          .set({ status: 'sent', attempts, sentAt: clock.now(), nextAttemptAt: null, lastError: null })
          .where(eq(schema.notificationDeliveries.id, row.id));
        counts.sent += 1;
      } catch (error) {
        const lastError = error instanceof Error ? error.message : String(error);
        const wait = RETRY_WAITS_MS[attempts - 1];
        const giveUp = attempts >= MAX_ATTEMPTS || wait === undefined;
        await db
          .update(schema.notificationDeliveries)
          .set({
            status: giveUp ? 'failed' : 'pending',
            attempts,
            lastError,
            nextAttemptAt: giveUp ? null : new Date(clock.nowMs() + wait),
          })
          .where(eq(schema.notificationDeliveries.id, row.id));
        if (giveUp) counts.failed += 1;
        else counts.retrying += 1;
        log.warn(
          { id: row.id, channel: row.channel, attempts, err: lastError },
          'notification not delivered',
        );
      }
    }
    return counts;
  }

  return {
    notify,
    sendDue,
    channelProblem,

    /** A test message by one channel, sent now and logged; the sentence says how it went. */
    async sendTest(channel: NotificationChannel): Promise<{ success: boolean; message: string }> {
      const now = clock.now();
      const subject = 'Test notification';
      const body = `This is a test message from your Nivesh console, sent on ${formatIst(now)}. Alerts you route to this channel arrive like this.`;
      const [row] = await db
        .insert(schema.notificationDeliveries)
        .values({ createdAt: now, alert: 'test', channel, subject, body, status: 'pending', attempts: 0 })
        .returning({ id: schema.notificationDeliveries.id });
      const where = eq(schema.notificationDeliveries.id, row!.id);
      const name = channel === 'email' ? 'email' : 'Telegram message';
      try {
        await deliver(channel, subject, body);
        await db
          .update(schema.notificationDeliveries)
          .set({ status: 'sent', attempts: 1, sentAt: clock.now() })
          .where(where);
        return {
          success: true,
          message:
            channel === 'email' ? `Test email sent to ${deps.operatorEmail}.` : 'Test Telegram message sent.',
        };
      } catch (error) {
        const lastError = error instanceof Error ? error.message : String(error);
        await db
          .update(schema.notificationDeliveries)
          .set({ status: 'failed', attempts: 1, lastError })
          .where(where);
        return { success: false, message: `The test ${name} was not sent: ${lastError}` };
      }
    },

    /** The delivery log, newest first. */
    async deliveries(limit: number): Promise<NotificationDelivery[]> {
      const rows = await db
        .select()
        .from(schema.notificationDeliveries)
        .orderBy(desc(schema.notificationDeliveries.createdAt), desc(schema.notificationDeliveries.id))
        .limit(limit);
      return rows.map(toDelivery);
    },
  };
}
