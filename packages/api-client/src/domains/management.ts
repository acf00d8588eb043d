/**
 * Server management for the research page's diagnostics: status, restart and its fallback, and a
 * one-off health probe with the restart procedure's 3 s time-out.
 */
import { contract, RESTART_HEALTH_TIMEOUT_MS, type ResponseOf } from '@nivesh/api-contract';
import { api } from '../api';
import { toFetchArgs } from '../request';

const r = contract.management;
const health = contract.ops.health;

export const managementApi = api.injectEndpoints({
  endpoints: (build) => ({
    serverStatus: build.query<ResponseOf<typeof r.serverStatus>, void>({
      query: () => toFetchArgs(r.serverStatus, undefined),
      responseSchema: r.serverStatus.responses[200],
      providesTags: ['Ops'],
    }),
    restartServer: build.mutation<ResponseOf<typeof r.restartServer>, void>({
      query: () => toFetchArgs(r.restartServer, undefined),
      responseSchema: r.restartServer.responses[200],
    }),
    adminRestart: build.mutation<ResponseOf<typeof r.adminRestart>, void>({
      query: () => toFetchArgs(r.adminRestart, undefined),
      responseSchema: r.adminRestart.responses[200],
    }),
    /**
     * One health check while waiting for a restarted server: a mutation, so every attempt is a
     * fresh request that is neither cached nor retried, aborted after 3 s.
     */
    probeHealth: build.mutation<ResponseOf<typeof health>, void>({
      query: () => ({ ...toFetchArgs(health, undefined), timeout: RESTART_HEALTH_TIMEOUT_MS }),
      responseSchema: health.responses[200],
    }),
  }),
});

export const {
  useServerStatusQuery,
  useRestartServerMutation,
  useAdminRestartMutation,
  useProbeHealthMutation,
} = managementApi;
