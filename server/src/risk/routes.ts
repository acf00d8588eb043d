/**
 * HTTP for risk management (contract.risk): metrics, positions, limits, alerts, and the trading
 * state with Emergency Stop All (emergencyStop.ts).
 */
import type { Contract } from '@nivesh/api-contract';
import type { Session } from '../auth/service.js';
import type { DomainHandlers } from '../http/contract.js';
import type { RiskService } from './service.js';
import { stopMessage, type EmergencyStopService } from './emergencyStop.js';

export function riskHandlers(
  risk: RiskService,
  emergency: EmergencyStopService,
): DomainHandlers<Contract['risk'], Session> {
  return {
    tradingState: async () => ({ success: true, data: await emergency.tradingState() }),
    emergencyStop: async ({ body, session }) => {
      const { result, already } = await emergency.stop(body, session.user.email);
      return { success: true, message: stopMessage(result, body.square_off, already), data: result };
    },
    liftEmergencyStop: async ({ session }) => {
      const { state } = await emergency.lift(session.user.email);
      const message =
        state.state === 'reducing'
          ? `Emergency stop lifted. A loss limit is still crossed, so only orders that reduce a position are accepted: ${state.reasons.join(' ')}`
          : 'Emergency stop lifted: orders may open positions again.';
      return { success: true, message, data: state };
    },
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
    alertSettings: async () => ({ success: true, data: await risk.alertSettings.get() }),
    saveAlertSettings: async ({ body, session }) => ({
      success: true,
      message: 'Alert settings saved: the risk monitor applies them from its next check.',
      data: await risk.alertSettings.save(body, session.user.email),
    }),
  };
}
