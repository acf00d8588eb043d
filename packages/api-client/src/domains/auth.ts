/** Auth endpoints. */
import { contract, type ResponseOf } from '@nivesh/api-contract';
import { api } from '../api';
import { toFetchArgs, type RequestOf } from '../request';

const r = contract.auth;

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    authConfig: build.query<ResponseOf<typeof r.config>, void>({
      query: () => toFetchArgs(r.config, undefined),
      responseSchema: r.config.responses[200],
    }),
    login: build.mutation<ResponseOf<typeof r.login>, RequestOf<typeof r.login>>({
      query: (request) => toFetchArgs(r.login, request),
      responseSchema: r.login.responses[200],
    }),
    requestPasswordSetup: build.mutation<
      ResponseOf<typeof r.requestPasswordSetup>,
      RequestOf<typeof r.requestPasswordSetup>
    >({
      query: (request) => toFetchArgs(r.requestPasswordSetup, request),
      responseSchema: r.requestPasswordSetup.responses[200],
    }),
    setPassword: build.mutation<ResponseOf<typeof r.setPassword>, RequestOf<typeof r.setPassword>>({
      query: (request) => toFetchArgs(r.setPassword, request),
      responseSchema: r.setPassword.responses[200],
    }),
    /** Checks a token (passed explicitly: at start-up it is not yet the signed-in one). */
    validateSession: build.mutation<ResponseOf<typeof r.validateSession>, { token: string }>({
      query: ({ token }) => ({
        ...toFetchArgs(r.validateSession, undefined),
        headers: { Authorization: `Bearer ${token}` },
      }),
      responseSchema: r.validateSession.responses[200],
    }),
    logout: build.mutation<ResponseOf<typeof r.logout>, void>({
      query: () => toFetchArgs(r.logout, undefined),
    }),
  }),
});

export const {
  useAuthConfigQuery,
  useLoginMutation,
  useRequestPasswordSetupMutation,
  useSetPasswordMutation,
} = authApi;
