/** HTTP for operator settings (contract.settings): notification preferences, tests and the delivery log. */
import type { Contract } from '@nivesh/api-contract';
import type { Session } from '../auth/service.js';
import type { DomainHandlers } from '../http/contract.js';
import type { SettingsService } from './service.js';

export function settingsHandlers(settings: SettingsService): DomainHandlers<Contract['settings'], Session> {
  return {
    notifications: async () => ({ success: true, data: await settings.notifications() }),
    saveNotifications: async ({ body, session }) => ({
      success: true,
      message: 'Notification settings saved.',
      data: await settings.saveNotifications(body, session.user.email),
    }),
    testNotification: async ({ body }) => settings.test(body.channel),
    notificationDeliveries: async ({ query }) => ({
      success: true,
      data: await settings.deliveries(query.limit),
    }),
  };
}
