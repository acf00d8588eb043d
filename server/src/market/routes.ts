/** HTTP for market data (contract.market): call the service, reply. */
import type { Contract } from '@nivesh/api-contract';
import type { DomainHandlers } from '../http/contract.js';
import type { MarketService } from './service.js';

export function marketHandlers<S>(market: MarketService): DomainHandlers<Contract['market'], S> {
  return {
    status: async () => ({ success: true, ...market.status() }),
    overview: async () => ({ success: true, data: market.overview() }),
  };
}
