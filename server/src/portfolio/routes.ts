/** HTTP for the portfolio (contract.portfolio): parse (done by registerContract), call the service, reply. */
import type { Contract } from '@nivesh/api-contract';
import type { Session } from '../auth/service.js';
import type { DomainHandlers } from '../http/contract.js';
import type { PortfolioService } from './service.js';

export function portfolioHandlers(
  portfolio: PortfolioService,
): DomainHandlers<Contract['portfolio'], Session> {
  return {
    overview: async () => ({ success: true, data: await portfolio.overview() }),
    holdings: async () => ({ success: true, data: await portfolio.holdings() }),
    activity: async () => ({ success: true, data: await portfolio.activity() }),
    quickStats: async () => ({ success: true, data: await portfolio.quickStats() }),
  };
}
