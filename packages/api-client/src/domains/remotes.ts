/** Release management: each remote's stable and canary releases, and the rollout actions. */
import { contract } from '@nivesh/api-contract';
import { api } from '../api';
import { fromRoute, polledQueryHook } from '../request';

const r = contract.remotes;

export const remotesApi = api.injectEndpoints({
  endpoints: (build) => ({
    releases: build.query({
      ...fromRoute(r.releases),
      providesTags: ['Releases'],
    }),
    startCanary: build.mutation({
      ...fromRoute(r.startCanary),
      invalidatesTags: ['Releases'],
    }),
    setCanaryPercent: build.mutation({
      ...fromRoute(r.setCanaryPercent),
      invalidatesTags: ['Releases'],
    }),
    promoteCanary: build.mutation({
      ...fromRoute(r.promote),
      invalidatesTags: ['Releases'],
    }),
    rollbackRemote: build.mutation({
      ...fromRoute(r.rollback),
      invalidatesTags: ['Releases'],
    }),
  }),
});

export const {
  useReleasesQuery,
  useStartCanaryMutation,
  useSetCanaryPercentMutation,
  usePromoteCanaryMutation,
  useRollbackRemoteMutation,
} = remotesApi;

/** Every remote's releases, polled every 30 s while shown (the contract route's interval). */
export const useReleasesListQuery = polledQueryHook(remotesApi.endpoints.releases, r.releases);
