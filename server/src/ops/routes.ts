/** HTTP for operations: health (public), the production and auto-scaling statuses, and tick streaming. */
import type { Contract } from '@nivesh/api-contract';
import type { DomainHandlers } from '../http/contract.js';
import { badRequest } from '../http/errors.js';
import { keptAnswer, lastFor } from '../http/keptAnswer.js';
import type { OpsService } from './service.js';

export function opsHandlers<S>(ops: OpsService): DomainHandlers<Contract['ops'], S> {
  // Polled by load balancers and monitors: the same answer until the uptime moves (a hundredth
  // of a second), checked and written once (http/keptAnswer.ts).
  const healthAnswer = lastFor((version: string, uptime: number) =>
    keptAnswer({ status: 'ok' as const, version, uptime }),
  );
  return {
    health: async () => {
      const { version, uptime } = ops.health();
      return healthAnswer(version, uptime);
    },
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
