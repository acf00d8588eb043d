/** Health (public). */
import type { Contract } from '@nivesh/api-contract';
import type { DomainHandlers } from '../http/contract.js';

export function opsHandlers<S>(deps: {
  version: string;
  startedAt: number;
}): DomainHandlers<Contract['ops'], S> {
  return {
    health: async () => ({
      status: 'ok',
      version: deps.version,
      uptime: Math.round((performance.now() - deps.startedAt) / 10) / 100,
    }),
  };
}
