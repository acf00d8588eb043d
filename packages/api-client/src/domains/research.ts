/** Research: market analysis and AI trading signals, and the page's connection check. */
import { contract, RESEARCH_CONNECTION_CHECK_MS, type ResponseOf } from '@nivesh/api-contract';
import { api } from '../api';
import { toFetchArgs } from '../request';
import { systemApi } from './system';

const r = contract.research;

export const researchApi = api.injectEndpoints({
  endpoints: (build) => ({
    researchAnalysis: build.query<ResponseOf<typeof r.analysis>, void>({
      query: () => toFetchArgs(r.analysis, undefined),
      responseSchema: r.analysis.responses[200],
      providesTags: ['Research'],
    }),
  }),
});

export const { useResearchAnalysisQuery } = researchApi;

/**
 * The research page's connection check: GET /api/health every 30 s (specification part 1,
 * section 9). The health route itself has no polling; this page's check sets it.
 */
export function useResearchConnectionCheck(options: { skip?: boolean } = {}) {
  return systemApi.endpoints.health.useQuery(undefined, {
    pollingInterval: RESEARCH_CONNECTION_CHECK_MS,
    skipPollingIfUnfocused: false,
    ...options,
  });
}
