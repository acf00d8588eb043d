/**
 * HTTP for daily investment allocation (contract.allocation): the settings, the daily amount, the
 * AI recommendation, and automated execution with its decisions.
 */
import type { Contract } from '@nivesh/api-contract';
import type { Session } from '../auth/service.js';
import type { DomainHandlers } from '../http/contract.js';
import { formatPaise, toPaise } from '../paper/money.js';
import type { Automation } from './automation.js';
import type { AllocationService } from './service.js';

export function allocationHandlers(
  allocation: AllocationService,
  automation: Automation,
): DomainHandlers<Contract['allocation'], Session> {
  return {
    settings: async () => ({ success: true, data: await allocation.settings() }),
    aiRecommendation: async () => ({ success: true, data: await allocation.aiRecommendation() }),
    dailyAmount: async () => ({ success: true, data: await allocation.dailyAmount() }),
    setDailyAmount: async ({ body, session }) => {
      const data = await allocation.setDailyAmount(body.daily_amount, session.user.email);
      return {
        success: true,
        message: `Daily amount set to ${formatPaise(toPaise(data.daily_amount))}: it applies until the strategy or percentage is changed.`,
        data,
      };
    },
    save: async ({ body, session }) => ({
      success: true,
      message: 'Settings saved successfully',
      data: await allocation.save(body, session.user.email),
    }),
    automation: async () => ({ success: true, data: await automation.status() }),
    setAutomation: async ({ body, session }) => {
      const { status, message } = await automation.update(body, session.user.email);
      return { success: true, message, data: status };
    },
    decisions: async ({ query }) => ({ success: true, data: await automation.decisionDays(query.days) }),
  };
}
