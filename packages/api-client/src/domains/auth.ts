/** Auth endpoints. */
import { contract } from '@nivesh/api-contract';
import { api } from '../api';
import { fromRoute, toFetchArgs } from '../request';

const r = contract.auth;

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    authConfig: build.query(fromRoute(r.config)),
    login: build.mutation(fromRoute(r.login)),
    requestPasswordSetup: build.mutation(fromRoute(r.requestPasswordSetup)),
    setPassword: build.mutation(fromRoute(r.setPassword)),
    /** Checks a token (passed explicitly: at start-up it is not yet the signed-in one). */
    validateSession: build.mutation({
      ...fromRoute(r.validateSession),
      query: ({ token }: { token: string }) => ({
        ...toFetchArgs(r.validateSession, undefined),
        headers: { Authorization: `Bearer ${token}` },
      }),
    }),
    logout: build.mutation(fromRoute(r.logout)),
  }),
});

export const {
  useAuthConfigQuery,
  useLoginMutation,
  useRequestPasswordSetupMutation,
  useSetPasswordMutation,
} = authApi;
