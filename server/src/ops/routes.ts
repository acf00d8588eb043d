/** HTTP for operations: health (public) and the production scaling status. */
import type { Contract } from '@nivesh/api-contract';
import type { DomainHandlers } from '../http/contract.js';
import type { OpsService } from './service.js';

export function opsHandlers<S>(ops: OpsService): DomainHandlers<Contract['ops'], S> {
  return {
    health: async () => ops.health(),
    scalingStatus: async () => ({ success: true, data: await ops.scalingStatus() }),
  };
}
