/** Health, market status and index levels, and trading mode. */
import { contract, type ResponseOf } from '@nivesh/api-contract';
import { api } from '../api';
import { pollingFor, toFetchArgs, type RequestOf } from '../request';

const { ops, market, trading } = contract;

export const systemApi = api.injectEndpoints({
  endpoints: (build) => ({
    health: build.query<ResponseOf<typeof ops.health>, void>({
      query: () => toFetchArgs(ops.health, undefined),
      responseSchema: ops.health.responses[200],
    }),
    marketStatus: build.query<ResponseOf<typeof market.status>, void>({
      query: () => toFetchArgs(market.status, undefined),
      responseSchema: market.status.responses[200],
      providesTags: ['MarketStatus'],
    }),
    marketOverview: build.query<ResponseOf<typeof market.overview>, void>({
      query: () => toFetchArgs(market.overview, undefined),
      responseSchema: market.overview.responses[200],
    }),
    tradingMode: build.query<ResponseOf<typeof trading.getMode>, void>({
      query: () => toFetchArgs(trading.getMode, undefined),
      responseSchema: trading.getMode.responses[200],
      providesTags: ['TradingMode'],
    }),
    setTradingMode: build.mutation<ResponseOf<typeof trading.setMode>, RequestOf<typeof trading.setMode>>({
      query: (request) => toFetchArgs(trading.setMode, request),
      responseSchema: trading.setMode.responses[200],
      // Every account figure (overview, holdings, quick stats, trades, orders...) belongs to the
      // mode's account: a switch refetches them all at once, and the mode itself.
      invalidatesTags: (result) => (result ? ['TradingMode', 'Account'] : []),
      // The answer is the new state: write it into the cache at once (the refetch confirms it).
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(systemApi.util.upsertQueryData('tradingMode', undefined, data));
        } catch {
          // The caller shows the failure; the cached mode stays the prior one.
        }
      },
    }),
  }),
});

export const { useHealthQuery, useTradingModeQuery, useSetTradingModeMutation } = systemApi;

/** Market status, polled every 30 s (specification part 2, section 7). */
export function useMarketStatusQuery(options: { skip?: boolean } = {}) {
  return systemApi.endpoints.marketStatus.useQuery(undefined, { ...pollingFor(market.status), ...options });
}

/** NIFTY 50, SENSEX and Bank NIFTY levels, polled every 30 s (the contract route's interval). */
export function useMarketOverviewQuery(options: { skip?: boolean } = {}) {
  return systemApi.endpoints.marketOverview.useQuery(undefined, {
    ...pollingFor(market.overview),
    ...options,
  });
}
