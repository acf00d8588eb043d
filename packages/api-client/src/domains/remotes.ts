/** Release management: each remote's stable and canary releases, and the rollout actions. */
import { contract, type ResponseOf } from '@nivesh/api-contract';
import { api } from '../api';
import { pollingFor, toFetchArgs, type RequestOf } from '../request';

const r = contract.remotes;

export const remotesApi = api.injectEndpoints({
  endpoints: (build) => ({
    releases: build.query<ResponseOf<typeof r.releases>, void>({
      query: () => toFetchArgs(r.releases, undefined),
      responseSchema: r.releases.responses[200],
      providesTags: ['Releases'],
    }),
    startCanary: build.mutation<ResponseOf<typeof r.startCanary>, RequestOf<typeof r.startCanary>>({
      query: (request) => toFetchArgs(r.startCanary, request),
      responseSchema: r.startCanary.responses[200],
      invalidatesTags: ['Releases'],
    }),
    setCanaryPercent: build.mutation<
      ResponseOf<typeof r.setCanaryPercent>,
      RequestOf<typeof r.setCanaryPercent>
    >({
      query: (request) => toFetchArgs(r.setCanaryPercent, request),
      responseSchema: r.setCanaryPercent.responses[200],
      invalidatesTags: ['Releases'],
    }),
    promoteCanary: build.mutation<ResponseOf<typeof r.promote>, RequestOf<typeof r.promote>>({
      query: (request) => toFetchArgs(r.promote, request),
      responseSchema: r.promote.responses[200],
      invalidatesTags: ['Releases'],
    }),
    rollbackRemote: build.mutation<ResponseOf<typeof r.rollback>, RequestOf<typeof r.rollback>>({
      query: (request) => toFetchArgs(r.rollback, request),
      responseSchema: r.rollback.responses[200],
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
export function useReleasesListQuery(options: { skip?: boolean } = {}) {
  return remotesApi.endpoints.releases.useQuery(undefined, { ...pollingFor(r.releases), ...options });
}
