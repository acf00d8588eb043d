/**
 * Operator settings (contract.settings): the Notifications tab. Which alerts go where
 * (notifications/preferences.ts), the Telegram channel (its bot token is stored sealed and never
 * answered), a test message per channel, and the delivery log (notifications/notifier.ts).
 */
import type {
  NotificationChannel,
  NotificationSettings,
  SaveNotificationSettings,
} from '@nivesh/api-contract';
import type { Notifier } from '../notifications/notifier.js';
import type { Preferences } from '../notifications/preferences.js';

export type SettingsService = ReturnType<typeof createSettingsService>;

export function createSettingsService(deps: {
  preferences: Preferences;
  notifier: Pick<Notifier, 'sendTest' | 'deliveries'>;
  /** Whether the server can send email (an SMTP server is configured). */
  emailConfigured: boolean;
  operatorEmail: string;
}) {
  const { preferences, notifier } = deps;

  async function notifications(): Promise<NotificationSettings> {
    const [alerts, telegram] = await Promise.all([preferences.alerts(), preferences.telegram()]);
    return {
      email: {
        configured: deps.emailConfigured,
        address: deps.emailConfigured ? deps.operatorEmail : null,
      },
      telegram: {
        configured: telegram.token !== null && telegram.chatId !== null,
        token_stored: telegram.tokenStored,
        chat_id: telegram.chatId,
      },
      alerts,
    };
  }

  return {
    notifications,

    async saveNotifications(body: SaveNotificationSettings, actor: string): Promise<NotificationSettings> {
      await preferences.saveAlerts(body.alerts, actor);
      if (body.telegram) {
        await preferences.saveTelegram(
          {
            ...(body.telegram.bot_token !== undefined ? { botToken: body.telegram.bot_token } : {}),
            chatId: body.telegram.chat_id,
          },
          actor,
        );
      }
      return notifications();
    },

    test: (channel: NotificationChannel) => notifier.sendTest(channel),
    deliveries: (limit: number) => notifier.deliveries(limit),
  };
}
