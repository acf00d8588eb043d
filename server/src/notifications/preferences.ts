/**
 * The operator's notification preferences, in the settings table: which alert goes where
 * (`notifications.alerts`, read over DEFAULT_ALERT_DELIVERY) and the Telegram channel
 * (`notifications.telegram`: the bot token sealed with the server's secret key, as the broker's
 * secrets are (broker/secretBox.ts), and the chat id). Every change is written to the audit log,
 * never with the token itself.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { AlertDelivery, NotificationAlert, type NotificationSettings } from '@nivesh/api-contract';
import { schema, type Db } from '../db/index.js';
import { writeStoredSetting } from '../db/storedSetting.js';
import type { Clock } from '../clock.js';
import type { SecretBox } from '../broker/secretBox.js';

const ALERTS_KEY = 'notifications.alerts';
const TELEGRAM_KEY = 'notifications.telegram';
const SEAL_TOKEN = 'notifications.telegram.bot_token';

type Alerts = NotificationSettings['alerts'];

const on = { email: true, telegram: true };
const consoleOnly = { email: false, telegram: false };

/** Until the operator saves: the alerts of section 9 and the other warnings go out; fills and automated orders show in the console only. */
const DEFAULT_ALERT_DELIVERY: Alerts = {
  portfolio_loss: on,
  circuit_breaker: on,
  ml_confidence_drop: on,
  token_expiry: on,
  order_fills: consoleOnly,
  emergency_stop: on,
  limit_breach: on,
  automated_order: consoleOnly,
};

const StoredAlerts = z.partialRecord(NotificationAlert, AlertDelivery.partial());

const StoredTelegram = z.object({
  token_sealed: z.string().nullable(),
  chat_id: z.string().nullable(),
});
type StoredTelegram = z.infer<typeof StoredTelegram>;

export interface TelegramChannel {
  /** Null when none is stored, or it cannot be decrypted with this server's key. */
  token: string | null;
  tokenStored: boolean;
  chatId: string | null;
}

export type Preferences = ReturnType<typeof createPreferences>;

export function createPreferences(deps: { db: Db; clock: Clock; box: SecretBox }) {
  const { db, clock, box } = deps;

  async function readValue(key: string): Promise<unknown> {
    const [row] = await db
      .select({ value: schema.settings.value })
      .from(schema.settings)
      .where(eq(schema.settings.key, key));
    return row?.value;
  }

  async function alerts(): Promise<Alerts> {
    const stored = StoredAlerts.safeParse(await readValue(ALERTS_KEY));
    const merged = { ...DEFAULT_ALERT_DELIVERY };
    if (!stored.success) return merged;
    for (const alert of NotificationAlert.options) {
      merged[alert] = { ...merged[alert], ...stored.data[alert] };
    }
    return merged;
  }

  async function storedTelegram(): Promise<StoredTelegram> {
    const stored = StoredTelegram.safeParse(await readValue(TELEGRAM_KEY));
    return stored.success ? stored.data : { token_sealed: null, chat_id: null };
  }

  async function telegram(): Promise<TelegramChannel> {
    const stored = await storedTelegram();
    let token: string | null = null;
    if (stored.token_sealed !== null) {
      try {
        token = box.open(stored.token_sealed, SEAL_TOKEN);
      } catch {
        token = null;
      }
    }
    return { token, tokenStored: stored.token_sealed !== null, chatId: stored.chat_id };
  }

  return {
    alerts,
    telegram,

    async saveAlerts(value: Alerts, actor: string): Promise<void> {
      await writeStoredSetting(db, {
        key: ALERTS_KEY,
        value,
        previous: await alerts(),
        actor,
        at: clock.now(),
        action: 'settings.notifications.alerts',
      });
    },

    /** `botToken` undefined keeps the stored token, null removes it. */
    async saveTelegram(change: { botToken?: string | null; chatId: string | null }, actor: string) {
      const previous = await storedTelegram();
      const value: StoredTelegram = {
        token_sealed:
          change.botToken === undefined
            ? previous.token_sealed
            : change.botToken === null
              ? null
              : box.seal(change.botToken, SEAL_TOKEN),
        chat_id: change.chatId,
      };
      const now = clock.now();
      await db.transaction(async (tx) => {
        await tx
          .insert(schema.settings)
          .values({ key: TELEGRAM_KEY, value, updatedAt: now, updatedBy: actor })
          .onConflictDoUpdate({
            target: schema.settings.key,
            set: { value, updatedAt: now, updatedBy: actor },
          });
        await tx.insert(schema.auditLog).values({
          at: now,
          actor,
          action: 'settings.notifications.telegram',
          detail: {
            chat_id: { from: previous.chat_id, to: value.chat_id },
            bot_token:
              change.botToken === undefined ? 'kept' : change.botToken === null ? 'removed' : 'replaced',
          },
        });
      });
    },
  };
}
