/** Health, market status and index levels, and trading mode. */
import { contract } from '@nivesh/api-contract';
import { api } from '../api';
import { fromRoute, polledQueryHook } from '../request';

const { ops, market, trading } = contract;

export const systemApi = api.injectEndpoints({
  endpoints: (build) => ({
    health: build.query(fromRoute(ops.health)),
    marketStatus: build.query({
      ...fromRoute(market.status),
      providesTags: ['MarketStatus'],
    }),
    marketOverview: build.query(fromRoute(market.overview)),
    tradingMode: build.query({
      ...fromRoute(trading.getMode),
      providesTags: ['TradingMode'],
    }),
    // Whether a switch would be taken, asked before the confirmation; it changes nothing.
    checkTradingMode: build.mutation(fromRoute(trading.checkMode)),
    setTradingMode: build.mutation({
      ...fromRoute(trading.setMode),
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

export const { useHealthQuery, useTradingModeQuery, useSetTradingModeMutation, useCheckTradingModeMutation } =
  systemApi;

/** Market status, polled every 30 s (specification part 2, section 7). */
export const useMarketStatusQuery = polledQueryHook(systemApi.endpoints.marketStatus, market.status);

/** NIFTY 50, SENSEX and Bank NIFTY levels, polled every 30 s (the contract route's interval). */
export const useMarketOverviewQuery = polledQueryHook(systemApi.endpoints.marketOverview, market.overview);
