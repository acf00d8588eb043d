/**
 * Trade history and the paper account (limits, balance, reset). The trading mode endpoints live in
 * `system.ts`; the paper account's summary is the portfolio overview (`portfolio.ts`).
 */
import { contract, type ResponseOf } from '@nivesh/api-contract';
import { api } from '../api';
import { toFetchArgs, type RequestOf } from '../request';

const r = contract.trading;

export const tradingApi = api.injectEndpoints({
  endpoints: (build) => ({
    tradeHistory: build.query<ResponseOf<typeof r.history>, RequestOf<typeof r.history>>({
      query: (request) => toFetchArgs(r.history, request),
      responseSchema: r.history.responses[200],
      providesTags: ['Trades', 'Account'],
    }),
    paperLimits: build.query<ResponseOf<typeof r.getPaperLimits>, void>({
      query: () => toFetchArgs(r.getPaperLimits, undefined),
      responseSchema: r.getPaperLimits.responses[200],
      providesTags: ['PaperAccount', 'Account'],
    }),
    updatePaperLimits: build.mutation<
      ResponseOf<typeof r.setPaperLimits>,
      RequestOf<typeof r.setPaperLimits>
    >({
      query: (request) => toFetchArgs(r.setPaperLimits, request),
      responseSchema: r.setPaperLimits.responses[200],
      // The limit checks in the overview depend on the limits.
      invalidatesTags: ['PaperAccount', 'Portfolio'],
    }),
    resetPaperAccount: build.mutation<
      ResponseOf<typeof r.resetPaperAccount>,
      RequestOf<typeof r.resetPaperAccount>
    >({
      query: (request) => toFetchArgs(r.resetPaperAccount, request),
      responseSchema: r.resetPaperAccount.responses[200],
      // A reset closes every position: balances, trades and performance all change.
      invalidatesTags: ['PaperAccount', 'Portfolio', 'Trades', 'Performance'],
    }),
    setPaperBalance: build.mutation<
      ResponseOf<typeof r.setPaperBalance>,
      RequestOf<typeof r.setPaperBalance>
    >({
      query: (request) => toFetchArgs(r.setPaperBalance, request),
      responseSchema: r.setPaperBalance.responses[200],
      invalidatesTags: ['Portfolio'],
    }),
  }),
});

export const {
  useTradeHistoryQuery,
  useLazyTradeHistoryQuery,
  usePaperLimitsQuery,
  useUpdatePaperLimitsMutation,
  useResetPaperAccountMutation,
  useSetPaperBalanceMutation,
} = tradingApi;
