/** ML intelligence, sentiment, news and engine status. */
import { contract, type ResponseOf } from '@nivesh/api-contract';
import { api } from '../api';
import { pollingFor, toFetchArgs } from '../request';

const r = contract.ml;

export const mlApi = api.injectEndpoints({
  endpoints: (build) => ({
    intelligenceMetrics: build.query<ResponseOf<typeof r.intelligenceMetrics>, void>({
      query: () => toFetchArgs(r.intelligenceMetrics, undefined),
      responseSchema: r.intelligenceMetrics.responses[200],
    }),
    marketSentiment: build.query<ResponseOf<typeof r.marketSentiment>, void>({
      query: () => toFetchArgs(r.marketSentiment, undefined),
      responseSchema: r.marketSentiment.responses[200],
    }),
    enginesStatus: build.query<ResponseOf<typeof r.enginesStatus>, void>({
      query: () => toFetchArgs(r.enginesStatus, undefined),
      responseSchema: r.enginesStatus.responses[200],
    }),
    news: build.query<ResponseOf<typeof r.news>, void>({
      query: () => toFetchArgs(r.news, undefined),
      responseSchema: r.news.responses[200],
    }),
  }),
});

/** ML metrics, polled every 45 s. */
export function useIntelligenceMetricsQuery(options: { skip?: boolean } = {}) {
  return mlApi.endpoints.intelligenceMetrics.useQuery(undefined, { ...pollingFor(r.intelligenceMetrics), ...options });
}

/** The pipeline's three calls, each polled every 30 s with its own time-out. */
export function useMarketSentimentQuery(options: { skip?: boolean } = {}) {
  return mlApi.endpoints.marketSentiment.useQuery(undefined, { ...pollingFor(r.marketSentiment), ...options });
}
export function useEnginesStatusQuery(options: { skip?: boolean } = {}) {
  return mlApi.endpoints.enginesStatus.useQuery(undefined, { ...pollingFor(r.enginesStatus), ...options });
}
export function useNewsQuery(options: { skip?: boolean } = {}) {
  return mlApi.endpoints.news.useQuery(undefined, { ...pollingFor(r.news), ...options });
}
