/**
 * HTTP for risk management (contract.risk): metrics, positions, limits and alerts. Alert settings
 * and the emergency stop are not served yet (they answer 503 "not connected").
 */
import type { Contract } from '@nivesh/api-contract';
import type { Session } from '../auth/service.js';
import type { DomainHandlers } from '../http/contract.js';
import type { RiskService } from './service.js';

export function riskHandlers(risk: RiskService): DomainHandlers<Contract['risk'], Session> {
  return {
    metrics: async () => ({ success: true, data: await risk.metrics() }),
    positions: async () => ({ success: true, data: await risk.positions() }),
    alerts: async () => ({ success: true, data: await risk.alerts() }),
    limits: async () => ({ success: true, data: await risk.limits() }),
    updateLimits: async ({ body, session }) => {
      await risk.updateLimits(body, session.user.email);
      return {
        success: true,
        message: 'Risk limits saved: they apply from the next order.',
        data: await risk.limits(),
      };
    },
    dismissAlert: async ({ params }) => {
      await risk.dismissAlert(params.id);
      return { success: true, message: 'Alert dismissed.' };
    },
    clearAlerts: async () => {
      const cleared = await risk.clearAlerts();
      const message = cleared === 1 ? 'Cleared 1 alert.' : `Cleared ${cleared} alerts.`;
      return { success: true, message, data: { cleared } };
    },
  };
}
