/** HTTP for research (contract.research): the market analysis and trading signals. */
import type { Contract } from '@nivesh/api-contract';
import type { Session } from '../auth/service.js';
import type { DomainHandlers } from '../http/contract.js';
import type { ResearchService } from './service.js';

export function researchHandlers(research: ResearchService): DomainHandlers<Contract['research'], Session> {
  return {
    analysis: async () => ({ success: true, data: await research.analysis() }),
  };
}
