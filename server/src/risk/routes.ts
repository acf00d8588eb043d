/**
 * HTTP for risk management (contract.risk): metrics, positions and alerts. Limits, alert settings
 * and the emergency stop are not served yet (they answer 503 "not connected") until the engine
 * enforces them.
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
