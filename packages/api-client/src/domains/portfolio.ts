/** Portfolio summary, holdings, activity and quick stats. */
import { contract, type ResponseOf } from '@nivesh/api-contract';
import { api } from '../api';
import { pollingFor, toFetchArgs } from '../request';

const r = contract.portfolio;

export const portfolioApi = api.injectEndpoints({
  endpoints: (build) => ({
    portfolioOverview: build.query<ResponseOf<typeof r.overview>, void>({
      query: () => toFetchArgs(r.overview, undefined),
      responseSchema: r.overview.responses[200],
      providesTags: ['Portfolio', 'Account'],
    }),
    holdings: build.query<ResponseOf<typeof r.holdings>, void>({
      query: () => toFetchArgs(r.holdings, undefined),
      responseSchema: r.holdings.responses[200],
      providesTags: ['Portfolio', 'Account'],
    }),
    activity: build.query<ResponseOf<typeof r.activity>, void>({
      query: () => toFetchArgs(r.activity, undefined),
      responseSchema: r.activity.responses[200],
      providesTags: ['Portfolio', 'Account'],
    }),
    quickStats: build.query<ResponseOf<typeof r.quickStats>, void>({
      query: () => toFetchArgs(r.quickStats, undefined),
      responseSchema: r.quickStats.responses[200],
      // Positions, win rate and the month's return change with every fill.
      providesTags: ['Portfolio', 'Account'],
    }),
  }),
});

/** The portfolio summary, polled (the contract route's interval) so fills of resting orders show. */
export function usePortfolioOverviewQuery(options: { skip?: boolean } = {}) {
  return portfolioApi.endpoints.portfolioOverview.useQuery(undefined, {
    ...pollingFor(r.overview),
    ...options,
  });
}

/** Current holdings, polled like the summary (live prices come from the tick stream in between). */
export function useHoldingsQuery(options: { skip?: boolean } = {}) {
  return portfolioApi.endpoints.holdings.useQuery(undefined, { ...pollingFor(r.holdings), ...options });
}

/** Recent fills, polled like the summary. */
export function useActivityQuery(options: { skip?: boolean } = {}) {
  return portfolioApi.endpoints.activity.useQuery(undefined, { ...pollingFor(r.activity), ...options });
}

/** Quick stats, polled every 30 s (specification part 2, section 7). */
export function useQuickStatsQuery(options: { skip?: boolean } = {}) {
  return portfolioApi.endpoints.quickStats.useQuery(undefined, { ...pollingFor(r.quickStats), ...options });
}
