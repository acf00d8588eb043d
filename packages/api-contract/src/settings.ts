/**
 * Operator settings that no other domain owns: which alerts the operator gets, and where
 * (specification part 2: Settings, Notifications tab; the email alerts of section 9), the
 * channels (email over SMTP, Telegram through the Bot API) and the log of what was sent.
 */
import { z } from 'zod';
import { ApiError, Timestamp } from './common';
import { route } from './route';

export const NotificationAlert = z.enum([
  'portfolio_loss',
  'circuit_breaker',
  'ml_confidence_drop',
  'token_expiry',
  'order_fills',
  'emergency_stop',
  'limit_breach',
  'automated_order',
]);
export type NotificationAlert = z.infer<typeof NotificationAlert>;

/** What each alert is about, for the settings screen (texts from part 2, section 9). */
export const NOTIFICATION_ALERT_TEXTS: Record<NotificationAlert, { label: string; description: string }> = {
  portfolio_loss: { label: 'Portfolio loss', description: 'The portfolio loses more than 3% in a day.' },
  circuit_breaker: {
    label: 'Circuit breaker',
    description:
      'A circuit breaker stops trading (volatility above 40%, a 3% market drop within an hour, low liquidity).',
  },
  ml_confidence_drop: {
    label: 'ML confidence drop',
    description: "The models' confidence drops significantly.",
  },
  token_expiry: {
    label: 'Broker token',
    description: 'The Upstox access token has expired or expires within 2 hours.',
  },
  order_fills: { label: 'Order fills', description: 'An order is filled, in live or paper trading.' },
  emergency_stop: {
    label: 'Emergency stop',
    description: 'Emergency Stop All halts order entry.',
  },
  limit_breach: {
    label: 'Limit breach',
    description: 'A risk limit is reached or crossed (the daily loss limit, a stop loss).',
  },
  automated_order: {
    label: 'Automated orders',
    description: 'The automation places orders (the daily run, and its exits).',
  },
};

/** The channels a notification leaves the console by. */
export const NotificationChannel = z.enum(['email', 'telegram']);
export type NotificationChannel = z.infer<typeof NotificationChannel>;

/**
 * Where one alert goes besides the console (where every alert is always shown): by email and by
 * Telegram, each when configured.
 */
export const AlertDelivery = z.object({ email: z.boolean(), telegram: z.boolean() });
export type AlertDelivery = z.infer<typeof AlertDelivery>;

export const TELEGRAM_CHAT_ID_RULE =
  'The Telegram chat id must be a number (for example 123456789, or -1001234567890 for a group) or a channel name such as @nivesh_alerts.';
export const TELEGRAM_TOKEN_RULE =
  'The Telegram bot token must be the token BotFather gave, like 123456789:AAE... (digits, a colon, then letters, digits, _ or -).';

/** A chat id: a user's or group's number, or a public channel's @name. */
export const TelegramChatId = z
  .string()
  .trim()
  .regex(/^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{4,31})$/, TELEGRAM_CHAT_ID_RULE);

export const TelegramBotToken = z
  .string()
  .trim()
  .regex(/^\d{1,20}:[A-Za-z0-9_-]{20,100}$/, TELEGRAM_TOKEN_RULE);

export const NotificationSettings = z.object({
  email: z.object({
    /** The server can send email (an SMTP server is configured). */
    configured: z.boolean(),
    /** Where alert emails go: the operator's address. */
    address: z.string().nullable(),
  }),
  telegram: z.object({
    /** A bot token and a chat id are stored (the token itself is never sent back). */
    configured: z.boolean(),
    /** Whether a bot token is stored. */
    token_stored: z.boolean(),
    chat_id: z.string().nullable(),
  }),
  alerts: z.record(NotificationAlert, AlertDelivery),
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;

export const SaveNotificationSettings = z.object({
  alerts: z.record(NotificationAlert, AlertDelivery),
  /** Left out: the Telegram settings stay as they are. */
  telegram: z
    .object({
      /** Left out: keep the stored token; null: remove it. */
      bot_token: TelegramBotToken.nullable().optional(),
      /** null: remove it. */
      chat_id: TelegramChatId.nullable(),
    })
    .optional(),
});
export type SaveNotificationSettings = z.infer<typeof SaveNotificationSettings>;

export const NotificationDeliveryStatus = z.enum(['pending', 'sent', 'failed']);
export type NotificationDeliveryStatus = z.infer<typeof NotificationDeliveryStatus>;

/** One notification by one channel: sent, waiting for its next attempt, or failed for good. */
export const NotificationDelivery = z.object({
  id: z.number().int(),
  created_at: Timestamp,
  /** The alert kind, or `test` for a test message. */
  alert: z.union([NotificationAlert, z.literal('test')]),
  channel: NotificationChannel,
  subject: z.string(),
  status: NotificationDeliveryStatus,
  attempts: z.number().int(),
  next_attempt_at: Timestamp.nullable(),
  last_error: z.string().nullable(),
  sent_at: Timestamp.nullable(),
});
export type NotificationDelivery = z.infer<typeof NotificationDelivery>;

export const NotificationDeliveriesQuery = z.object({
  limit: z.coerce.number<number>().int().min(1).max(200).default(50),
});

const errors = { 400: ApiError, 401: ApiError, 503: ApiError } as const;

export const settingsRoutes = {
  notifications: route({
    method: 'GET',
    path: '/api/settings/notifications',
    access: 'session',
    tag: 'settings',
    summary: 'Which alerts the operator gets, and whether email and Telegram delivery are configured',
    responses: { 200: z.object({ success: z.literal(true), data: NotificationSettings }), ...errors },
  }),
  saveNotifications: route({
    method: 'POST',
    path: '/api/settings/notifications',
    access: 'session',
    tag: 'settings',
    summary: 'Choose which alerts the operator gets and where; set the Telegram bot token and chat id',
    body: SaveNotificationSettings,
    responses: {
      200: z.object({ success: z.literal(true), message: z.string(), data: NotificationSettings }),
      ...errors,
    },
  }),
  testNotification: route({
    method: 'POST',
    path: '/api/settings/notifications/test',
    access: 'session',
    tag: 'settings',
    summary: 'Send a test message by one channel now; the answer says whether it arrived',
    body: z.object({ channel: NotificationChannel }),
    responses: {
      200: z.object({ success: z.boolean(), message: z.string() }),
      ...errors,
    },
  }),
  notificationDeliveries: route({
    method: 'GET',
    path: '/api/settings/notifications/deliveries',
    access: 'session',
    tag: 'settings',
    summary: 'The delivery log: notifications sent, waiting for a retry, or failed, newest first',
    querystring: NotificationDeliveriesQuery,
    responses: {
      200: z.object({ success: z.literal(true), data: z.array(NotificationDelivery) }),
      ...errors,
    },
  }),
} as const;
