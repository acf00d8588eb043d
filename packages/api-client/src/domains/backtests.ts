/**
 * Backtests: start a run, list the runs, read one, delete one. A run works in the background, so
 * the list and a run poll at the route's interval while a run is running, and stop polling once
 * none is (RTK Query's own polling; no component sets a timer).
 */
import { contract } from '@nivesh/api-contract';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { api } from '../api';
import { fromRoute } from '../request';

const r = contract.backtests;

export const backtestsApi = api.injectEndpoints({
  endpoints: (build) => ({
    backtestRuns: build.query({
      ...fromRoute(r.list),
      providesTags: ['Backtests'],
    }),
    backtestRun: build.query({
      ...fromRoute(r.get, (id: string) => ({ params: { id } })),
      providesTags: ['Backtests'],
    }),
    startBacktest: build.mutation({
      ...fromRoute(r.start),
      invalidatesTags: (result) => (result ? ['Backtests'] : []),
    }),
    deleteBacktest: build.mutation({
      ...fromRoute(r.remove, (id: string) => ({ params: { id } })),
      invalidatesTags: ['Backtests'],
    }),
  }),
});

export const { useStartBacktestMutation, useDeleteBacktestMutation } = backtestsApi;

const pollWhile = (running: boolean, interval: number | undefined) => ({
  pollingInterval: running ? (interval ?? 0) : 0,
  skipPollingIfUnfocused: false,
});

/** The runs, newest first; polled while one of them is running. */
export function useBacktestRunsQuery() {
  const endpoint = backtestsApi.endpoints.backtestRuns;
  const cached = endpoint.useQueryState();
  const running = cached.data?.data.some((run) => run.status === 'running') ?? false;
  return endpoint.useQuery(undefined, pollWhile(running, r.list.client.pollingIntervalMs));
}

/** One run (none while `id` is null); polled while it is running. */
export function useBacktestRunQuery(id: string | null) {
  const endpoint = backtestsApi.endpoints.backtestRun;
  const cached = endpoint.useQueryState(id ?? skipToken);
  const running = cached.data?.data.status === 'running';
  return endpoint.useQuery(id ?? skipToken, pollWhile(running, r.get.client.pollingIntervalMs));
}
