/**
 * Operator settings that no other domain owns: which alerts the operator gets, and where
 * (specification part 2: Settings, Notifications tab; the email alerts of section 9).
 */
import { z } from 'zod';
import { ApiError } from './common';
import { route } from './route';

export const NotificationAlert = z.enum([
  'portfolio_loss',
  'circuit_breaker',
  'ml_confidence_drop',
  'token_expiry',
  'order_fills',
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
};

/** Where one alert goes: inside the console, and by email (only when email is configured). */
export const AlertDelivery = z.object({ in_app: z.boolean(), email: z.boolean() });
export type AlertDelivery = z.infer<typeof AlertDelivery>;

export const NotificationSettings = z.object({
  email: z.object({
    /** The server can send email (an SMTP server is configured). */
    configured: z.boolean(),
    /** Where alert emails go: the operator's address. */
    address: z.string().nullable(),
  }),
  alerts: z.record(NotificationAlert, AlertDelivery),
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;

const errors = { 400: ApiError, 401: ApiError, 503: ApiError } as const;

export const settingsRoutes = {
  notifications: route({
    method: 'GET',
    path: '/api/settings/notifications',
    access: 'session',
    tag: 'settings',
    summary: 'Which alerts the operator gets, and whether email delivery is configured',
    responses: { 200: z.object({ success: z.literal(true), data: NotificationSettings }), ...errors },
  }),
  saveNotifications: route({
    method: 'POST',
    path: '/api/settings/notifications',
    access: 'session',
    tag: 'settings',
    summary: 'Choose which alerts the operator gets and where',
    body: z.object({ alerts: z.record(NotificationAlert, AlertDelivery) }),
    responses: {
      200: z.object({ success: z.literal(true), message: z.string(), data: NotificationSettings }),
      ...errors,
    },
  }),
} as const;
