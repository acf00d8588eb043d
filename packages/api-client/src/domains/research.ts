/** Research: market analysis and AI trading signals, and the page's connection check. */
import { contract, RESEARCH_CONNECTION_CHECK_MS } from '@nivesh/api-contract';
import { api } from '../api';
import { fromRoute, polledQueryHook } from '../request';
import { systemApi } from './system';

const r = contract.research;

export const researchApi = api.injectEndpoints({
  endpoints: (build) => ({
    researchAnalysis: build.query({
      ...fromRoute(r.analysis),
      providesTags: ['Research'],
    }),
  }),
});

export const { useResearchAnalysisQuery } = researchApi;

/**
 * The research page's connection check: GET /api/health every 30 s (specification part 1,
 * section 9). The health route itself has no polling; this page's check sets it.
 */
export const useResearchConnectionCheck = polledQueryHook(systemApi.endpoints.health, {
  client: { pollingIntervalMs: RESEARCH_CONNECTION_CHECK_MS },
});
