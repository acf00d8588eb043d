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
      providesTags: ['Portfolio'],
    }),
    holdings: build.query<ResponseOf<typeof r.holdings>, void>({
      query: () => toFetchArgs(r.holdings, undefined),
      responseSchema: r.holdings.responses[200],
      providesTags: ['Portfolio'],
    }),
    activity: build.query<ResponseOf<typeof r.activity>, void>({
      query: () => toFetchArgs(r.activity, undefined),
      responseSchema: r.activity.responses[200],
      providesTags: ['Portfolio'],
    }),
    quickStats: build.query<ResponseOf<typeof r.quickStats>, void>({
      query: () => toFetchArgs(r.quickStats, undefined),
      responseSchema: r.quickStats.responses[200],
    }),
  }),
});

export const { usePortfolioOverviewQuery, useHoldingsQuery, useActivityQuery } = portfolioApi;

/** Quick stats, polled every 30 s (specification part 2, section 7). */
export function useQuickStatsQuery(options: { skip?: boolean } = {}) {
  return portfolioApi.endpoints.quickStats.useQuery(undefined, { ...pollingFor(r.quickStats), ...options });
}
