/**
 * Server management for the research page's diagnostics: status, restart and its fallback, and a
 * one-off health probe with the restart procedure's 3 s time-out.
 */
import { contract, RESTART_HEALTH_TIMEOUT_MS } from '@nivesh/api-contract';
import { api } from '../api';
import { fromRoute, toFetchArgs } from '../request';

const r = contract.management;
const health = contract.ops.health;

export const managementApi = api.injectEndpoints({
  endpoints: (build) => ({
    serverStatus: build.query({
      ...fromRoute(r.serverStatus),
      providesTags: ['Ops'],
    }),
    restartServer: build.mutation(fromRoute(r.restartServer)),
    adminRestart: build.mutation(fromRoute(r.adminRestart)),
    /**
     * One health check while waiting for a restarted server: a mutation, so every attempt is a
     * fresh request that is neither cached nor retried, aborted after 3 s.
     */
    probeHealth: build.mutation({
      ...fromRoute(health),
      query: (request: void) => ({ ...toFetchArgs(health, request), timeout: RESTART_HEALTH_TIMEOUT_MS }),
    }),
  }),
});

export const {
  useServerStatusQuery,
  useRestartServerMutation,
  useAdminRestartMutation,
  useProbeHealthMutation,
} = managementApi;
