/** HTTP for performance analytics (contract.performance): the period comes parsed from the query. */
import type { Contract } from '@nivesh/api-contract';
import type { Session } from '../auth/service.js';
import type { DomainHandlers } from '../http/contract.js';
import type { PerformanceService } from './service.js';

export function performanceHandlers(
  performance: PerformanceService,
): DomainHandlers<Contract['performance'], Session> {
  return {
    analytics: async ({ query }) => performance.analytics(query.period),
    returns: async ({ query }) => performance.returns(query.period),
  };
}
