/** HTTP for market data (contract.market): call the service, reply. */
import type { Contract, MarketOverview } from '@nivesh/api-contract';
import type { DomainHandlers } from '../http/contract.js';
import { keptAnswer, lastFor } from '../http/keptAnswer.js';
import type { MarketService } from './service.js';

export function marketHandlers<S>(market: MarketService): DomainHandlers<Contract['market'], S> {
  // The service hands out one overview per batch of ticks: one checked text per batch.
  const overviewAnswer = lastFor((data: MarketOverview) => keptAnswer({ success: true as const, data }));
  return {
    status: async () => ({ success: true, ...market.status() }),
    overview: async () => overviewAnswer(market.overview()),
  };
}
