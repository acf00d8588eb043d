/** HTTP for operations: health (public). */
import type { Contract } from '@nivesh/api-contract';
import type { DomainHandlers } from '../http/contract.js';
import type { OpsService } from './service.js';

export function opsHandlers<S>(ops: OpsService): DomainHandlers<Contract['ops'], S> {
  return {
    health: async () => ops.health(),
  };
}
