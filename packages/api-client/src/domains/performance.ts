/** Performance analytics and the returns series (see @nivesh/api-contract `performance`). */
import { contract } from '@nivesh/api-contract';
import { api } from '../api';
import { fromRoute } from '../request';

const r = contract.performance;

export const performanceApi = api.injectEndpoints({
  endpoints: (build) => ({
    performanceAnalytics: build.query({
      ...fromRoute(r.analytics),
      providesTags: ['Performance', 'Account'],
    }),
    performanceReturns: build.query({
      ...fromRoute(r.returns),
      providesTags: ['Performance', 'Account'],
    }),
  }),
});

export const { usePerformanceAnalyticsQuery, usePerformanceReturnsQuery } = performanceApi;
