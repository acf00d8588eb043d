/** Portfolio summary, holdings, activity and quick stats. */
import { contract } from '@nivesh/api-contract';
import { api } from '../api';
import { fromRoute, polledQueryHook } from '../request';

const r = contract.portfolio;

export const portfolioApi = api.injectEndpoints({
  endpoints: (build) => ({
    portfolioOverview: build.query({
      ...fromRoute(r.overview),
      providesTags: ['Portfolio', 'Account'],
    }),
    holdings: build.query({
      ...fromRoute(r.holdings),
      providesTags: ['Portfolio', 'Account'],
    }),
    activity: build.query({
      ...fromRoute(r.activity),
      providesTags: ['Portfolio', 'Account'],
    }),
    quickStats: build.query({
      ...fromRoute(r.quickStats),
      // Positions, win rate and the month's return change with every fill.
      providesTags: ['Portfolio', 'Account'],
    }),
  }),
});

const e = portfolioApi.endpoints;

/** The portfolio summary, polled (the contract route's interval) so fills of resting orders show. */
export const usePortfolioOverviewQuery = polledQueryHook(e.portfolioOverview, r.overview);
/** Current holdings, polled like the summary (live prices come from the tick stream in between). */
export const useHoldingsQuery = polledQueryHook(e.holdings, r.holdings);
/** Recent fills, polled like the summary. */
export const useActivityQuery = polledQueryHook(e.activity, r.activity);
/** Quick stats, polled every 30 s (specification part 2, section 7). */
export const useQuickStatsQuery = polledQueryHook(e.quickStats, r.quickStats);
