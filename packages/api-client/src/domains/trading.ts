/**
 * Trade history and the paper account (limits, costs, balance, reset). The trading mode endpoints live in
 * `system.ts`; the paper account's summary is the portfolio overview (`portfolio.ts`).
 */
import { contract } from '@nivesh/api-contract';
import { api } from '../api';
import { fromRoute } from '../request';

const r = contract.trading;

export const tradingApi = api.injectEndpoints({
  endpoints: (build) => ({
    tradeHistory: build.query({
      ...fromRoute(r.history),
      providesTags: ['Trades', 'Account'],
    }),
    paperLimits: build.query({
      ...fromRoute(r.getPaperLimits),
      providesTags: ['PaperAccount', 'Account'],
    }),
    updatePaperLimits: build.mutation({
      ...fromRoute(r.setPaperLimits),
      // The limit checks in the overview depend on the limits.
      invalidatesTags: ['PaperAccount', 'Portfolio'],
    }),
    paperCosts: build.query({
      ...fromRoute(r.getPaperCosts),
      providesTags: ['PaperAccount', 'Account'],
    }),
    updatePaperCosts: build.mutation({
      ...fromRoute(r.setPaperCosts),
      // Previews and the overview's reserved cash depend on the costs.
      invalidatesTags: ['PaperAccount', 'Portfolio'],
    }),
    resetPaperAccount: build.mutation({
      ...fromRoute(r.resetPaperAccount),
      // A reset closes every position: balances, trades and performance all change.
      invalidatesTags: ['PaperAccount', 'Portfolio', 'Trades', 'Performance'],
    }),
    setPaperBalance: build.mutation({
      ...fromRoute(r.setPaperBalance),
      invalidatesTags: ['Portfolio'],
    }),
  }),
});

export const {
  useTradeHistoryQuery,
  useLazyTradeHistoryQuery,
  usePaperLimitsQuery,
  useUpdatePaperLimitsMutation,
  usePaperCostsQuery,
  useUpdatePaperCostsMutation,
  useResetPaperAccountMutation,
  useSetPaperBalanceMutation,
} = tradingApi;
