/** Operations monitors: auto-scaling, production scaling status and tick streaming. */
import { contract, type ResponseOf } from '@nivesh/api-contract';
import { api } from '../api';
import { pollingFor, toFetchArgs } from '../request';

const r = contract.ops;

export const opsApi = api.injectEndpoints({
  endpoints: (build) => ({
    autoScalingStatus: build.query<ResponseOf<typeof r.autoScalingStatus>, void>({
      query: () => toFetchArgs(r.autoScalingStatus, undefined),
      responseSchema: r.autoScalingStatus.responses[200],
      providesTags: ['Ops'],
    }),
    scalingStatus: build.query<ResponseOf<typeof r.scalingStatus>, void>({
      query: () => toFetchArgs(r.scalingStatus, undefined),
      responseSchema: r.scalingStatus.responses[200],
      providesTags: ['Ops'],
    }),
    tickStreamingDashboard: build.query<ResponseOf<typeof r.tickStreamingDashboard>, void>({
      query: () => toFetchArgs(r.tickStreamingDashboard, undefined),
      responseSchema: r.tickStreamingDashboard.responses[200],
      providesTags: ['Ops'],
    }),
  }),
});

/** Fetched once when the Production Scaling page opens (specification part 2, section 7). */
export const { useScalingStatusQuery } = opsApi;

/** Auto-scaling status, polled every 30 s. */
export function useAutoScalingStatusQuery(options: { skip?: boolean } = {}) {
  return opsApi.endpoints.autoScalingStatus.useQuery(undefined, {
    ...pollingFor(r.autoScalingStatus),
    ...options,
  });
}

/** The tick-streaming dashboard, polled every 10 s. */
export function useTickStreamingDashboardQuery(options: { skip?: boolean } = {}) {
  return opsApi.endpoints.tickStreamingDashboard.useQuery(undefined, {
    ...pollingFor(r.tickStreamingDashboard),
    ...options,
  });
}
