/** Performance analytics and the returns series (see @nivesh/api-contract `performance`). */
import { contract, type ResponseOf } from '@nivesh/api-contract';
import { api } from '../api';
import { toFetchArgs, type RequestOf } from '../request';

const r = contract.performance;

export const performanceApi = api.injectEndpoints({
  endpoints: (build) => ({
    performanceAnalytics: build.query<ResponseOf<typeof r.analytics>, RequestOf<typeof r.analytics>>({
      query: (request) => toFetchArgs(r.analytics, request),
      responseSchema: r.analytics.responses[200],
      providesTags: ['Performance', 'Account'],
    }),
    performanceReturns: build.query<ResponseOf<typeof r.returns>, RequestOf<typeof r.returns>>({
      query: (request) => toFetchArgs(r.returns, request),
      responseSchema: r.returns.responses[200],
      providesTags: ['Performance', 'Account'],
    }),
  }),
});

export const { usePerformanceAnalyticsQuery, usePerformanceReturnsQuery } = performanceApi;
