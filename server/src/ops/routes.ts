/** HTTP for operations: health (public), the production and auto-scaling statuses, and tick streaming. */
import type { Contract } from '@nivesh/api-contract';
import type { DomainHandlers } from '../http/contract.js';
import { badRequest } from '../http/errors.js';
import type { OpsService } from './service.js';

export function opsHandlers<S>(ops: OpsService): DomainHandlers<Contract['ops'], S> {
  return {
    health: async () => ops.health(),
    scalingStatus: async () => ({ success: true, data: await ops.scalingStatus() }),
    autoScalingStatus: async () => ({ success: true, data: await ops.autoScalingStatus() }),
    tickStreamingDashboard: async () => ({ success: true, data: ops.tickStreamingDashboard() }),
    tickCandles: async ({ query }) => {
      const answer = ops.tickCandles(query.symbol, query.seconds);
      if ('error' in answer) throw badRequest(answer.error);
      return { success: true, data: answer.data };
    },
  };
}
