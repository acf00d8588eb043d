/**
 * This remote's test data: the contract's factories with the times set to now (the history's
 * period filters count from today), an msw stand-in for the trade history server that applies
 * the contract's own filter and summary rules, the performance answers, and chart layout.
 */
import {
  contract,
  TradeHistoryQuery,
  summarizeTrades,
  tradeMatchesFilter,
  type PerformanceReturnPoint,
  type PortfolioOverview,
  type Trade,
} from '@nivesh/api-contract';
import {
  makePerformanceAnalytics,
  makePortfolioOverview,
  makeReturns,
  makeTrade as makeContractTrade,
} from '@nivesh/api-contract/testing';
import { HttpResponse, mockRoute } from '@nivesh/api-client/testing';

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

/**
 * Closed paper trades of the history: two in the analytics fixture's period (from 1 February
 * 2026), PT-0003 then PT-0002 in the order they closed, and PT-0001 closed before it.
 */
const PERIOD_TRADES = [
  makeContractTrade({
    trade_id: 'PT-0003',
    symbol: 'TCS',
    net_pnl: -320.25,
    entry_time: '2026-02-19T04:00:00Z',
    exit_time: '2026-02-20T09:00:00Z',
  }),
  makeContractTrade({ trade_id: 'PT-0002', symbol: 'RELIANCE', entry_time: '2026-01-20T04:00:00Z' }),
  makeContractTrade({
    trade_id: 'PT-0001',
    symbol: 'INFY',
    entry_time: '2026-01-05T04:00:00Z',
    exit_time: '2026-01-30T09:00:00Z',
  }),
];

/**
 * The performance server: `analytics` and `returns` for whatever period is asked (noting each in
 * `seen`), and the trade history over `trades`.
 */
export function performanceHandlers({
  seen = { analytics: [], returns: [] },
  analytics = makePerformanceAnalytics(),
  returns = makeReturns(),
  trades = PERIOD_TRADES,
}: {
  seen?: { analytics: string[]; returns: string[] };
  analytics?: ReturnType<typeof makePerformanceAnalytics>;
  returns?: PerformanceReturnPoint[];
  trades?: readonly Trade[];
} = {}) {
  return [
    mockRoute(contract.performance.analytics, ({ request }) => {
      const period = new URL(request.url).searchParams.get('period') ?? '';
      seen.analytics.push(period);
      return HttpResponse.json({ success: true, data: { ...analytics, period } });
    }),
    mockRoute(contract.performance.returns, ({ request }) => {
      const period = new URL(request.url).searchParams.get('period') ?? '';
      seen.returns.push(period);
      return HttpResponse.json({ success: true, period, benchmark: 'NIFTY 50', data: returns });
    }),
    historyHandler(trades),
  ];
}
