/**
 * This remote's test data: the contract's factories with the times set to now (the history's
 * period filters count from today), and an msw stand-in for the trade history server that applies
 * the contract's own filter and summary rules.
 */
import {
  contract,
  TradeHistoryQuery,
  summarizeTrades,
  tradeMatchesFilter,
  type PortfolioOverview,
  type Trade,
} from '@nivesh/api-contract';
import { makePortfolioOverview, makeTrade as makeContractTrade } from '@nivesh/api-contract/testing';
import { mockRoute } from '@nivesh/api-client/testing';

/** A completed paper trade (the contract's), entered and closed just now. */
export function makeTrade(overrides: Partial<Trade> = {}): Trade {
  const now = new Date().toISOString();
  return makeContractTrade({ trade_id: 'PT-0001', entry_time: now, exit_time: now, ...overrides });
}

/** What the page asked for, call by call. */
export type SeenQuery = Record<string, string>;

/** GET /api/trading/history over `trades`, filtering, summing and paging as the server does. */
export function historyHandler(trades: readonly Trade[], seen: SeenQuery[] = []) {
  return mockRoute(contract.trading.history, ({ request }) => {
    const params = Object.fromEntries(new URL(request.url).searchParams);
    seen.push(params);
    const query = TradeHistoryQuery.parse(params);
    const matching = trades.filter((t) => tradeMatchesFilter(t, query, new Date()));
    const start = (query.page - 1) * query.page_size;
    return {
      success: true,
      data: matching.slice(start, start + query.page_size),
      total: matching.length,
      page: query.page,
      page_size: query.page_size,
      summary: summarizeTrades(matching),
    };
  });
}

/** The contract's paper account overview, as of now. */
export function makeOverview(overrides: Partial<PortfolioOverview> = {}): PortfolioOverview {
  return makePortfolioOverview({ as_of: new Date().toISOString(), ...overrides });
}
