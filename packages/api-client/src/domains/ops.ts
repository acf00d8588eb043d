/** Operations monitors: auto-scaling, production scaling status and tick streaming. */
import { contract } from '@nivesh/api-contract';
import { api } from '../api';
import { fromRoute, polledQueryHook } from '../request';

const r = contract.ops;

export const opsApi = api.injectEndpoints({
  endpoints: (build) => ({
    autoScalingStatus: build.query({
      ...fromRoute(r.autoScalingStatus),
      providesTags: ['Ops'],
    }),
    scalingStatus: build.query({
      ...fromRoute(r.scalingStatus),
      providesTags: ['Ops'],
    }),
    tickStreamingDashboard: build.query({
      ...fromRoute(r.tickStreamingDashboard),
      providesTags: ['Ops'],
    }),
    tickCandles: build.query({
      ...fromRoute(r.tickCandles),
      providesTags: ['Ops'],
    }),
  }),
});

/** Fetched once when the Production Scaling page opens (specification part 2, section 7). */
export const { useScalingStatusQuery } = opsApi;

/** Auto-scaling status, polled every 30 s. */
export const useAutoScalingStatusQuery = polledQueryHook(
  opsApi.endpoints.autoScalingStatus,
  r.autoScalingStatus,
);

/** The tick-streaming dashboard, polled every 10 s. */
export const useTickStreamingDashboardQuery = polledQueryHook(
  opsApi.endpoints.tickStreamingDashboard,
  r.tickStreamingDashboard,
);

/** A symbol's one-second candles built from its ticks, polled with the dashboard (every 10 s). */
export const useTickCandlesQuery = polledQueryHook(opsApi.endpoints.tickCandles, r.tickCandles);
