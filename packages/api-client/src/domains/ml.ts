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
    memoryStatus: build.query<ResponseOf<typeof r.memoryStatus>, void>({
      query: () => toFetchArgs(r.memoryStatus, undefined),
      responseSchema: r.memoryStatus.responses[200],
      providesTags: ['Ml'],
    }),
    knowledgeGraphStatus: build.query<ResponseOf<typeof r.knowledgeGraphStatus>, void>({
      query: () => toFetchArgs(r.knowledgeGraphStatus, undefined),
      responseSchema: r.knowledgeGraphStatus.responses[200],
      providesTags: ['Ml'],
    }),
    learningStatus: build.query<ResponseOf<typeof r.learningStatus>, void>({
      query: () => toFetchArgs(r.learningStatus, undefined),
      responseSchema: r.learningStatus.responses[200],
      providesTags: ['Ml'],
    }),
    autonomousLearningStatus: build.query<ResponseOf<typeof r.autonomousLearningStatus>, void>({
      query: () => toFetchArgs(r.autonomousLearningStatus, undefined),
      responseSchema: r.autonomousLearningStatus.responses[200],
      providesTags: ['Ml'],
    }),
    autonomousLearningPatterns: build.query<ResponseOf<typeof r.autonomousLearningPatterns>, void>({
      query: () => toFetchArgs(r.autonomousLearningPatterns, undefined),
      responseSchema: r.autonomousLearningPatterns.responses[200],
      providesTags: ['Ml'],
    }),
    learningDatabaseStats: build.query<ResponseOf<typeof r.learningDatabaseStats>, void>({
      query: () => toFetchArgs(r.learningDatabaseStats, undefined),
      responseSchema: r.learningDatabaseStats.responses[200],
      providesTags: ['Ml'],
    }),
    learningAccuracy: build.query<ResponseOf<typeof r.learningAccuracy>, void>({
      query: () => toFetchArgs(r.learningAccuracy, undefined),
      responseSchema: r.learningAccuracy.responses[200],
      providesTags: ['Ml'],
    }),
    learningFeatures: build.query<ResponseOf<typeof r.learningFeatures>, void>({
      query: () => toFetchArgs(r.learningFeatures, undefined),
      responseSchema: r.learningFeatures.responses[200],
      providesTags: ['Ml'],
    }),
    learningDrift: build.query<ResponseOf<typeof r.learningDrift>, void>({
      query: () => toFetchArgs(r.learningDrift, undefined),
      responseSchema: r.learningDrift.responses[200],
      providesTags: ['Ml'],
    }),
    learningPerformanceTrend: build.query<ResponseOf<typeof r.learningPerformanceTrend>, void>({
      query: () => toFetchArgs(r.learningPerformanceTrend, undefined),
      responseSchema: r.learningPerformanceTrend.responses[200],
      providesTags: ['Ml'],
    }),
    enhancementsStatus: build.query<ResponseOf<typeof r.enhancementsStatus>, void>({
      query: () => toFetchArgs(r.enhancementsStatus, undefined),
      responseSchema: r.enhancementsStatus.responses[200],
      providesTags: ['Ml'],
    }),
    ensembleStatus: build.query<ResponseOf<typeof r.ensembleStatus>, void>({
      query: () => toFetchArgs(r.ensembleStatus, undefined),
      responseSchema: r.ensembleStatus.responses[200],
      providesTags: ['Ml'],
    }),
    explainabilityStatus: build.query<ResponseOf<typeof r.explainabilityStatus>, void>({
      query: () => toFetchArgs(r.explainabilityStatus, undefined),
      responseSchema: r.explainabilityStatus.responses[200],
      providesTags: ['Ml'],
    }),
    onlineLearningStatus: build.query<ResponseOf<typeof r.onlineLearningStatus>, void>({
      query: () => toFetchArgs(r.onlineLearningStatus, undefined),
      responseSchema: r.onlineLearningStatus.responses[200],
      providesTags: ['Ml'],
    }),
    sentimentStatus: build.query<ResponseOf<typeof r.sentimentStatus>, void>({
      query: () => toFetchArgs(r.sentimentStatus, undefined),
      responseSchema: r.sentimentStatus.responses[200],
      providesTags: ['Ml'],
    }),
  }),
});

/** ML metrics, polled every 45 s. */
export function useIntelligenceMetricsQuery(options: { skip?: boolean } = {}) {
  return mlApi.endpoints.intelligenceMetrics.useQuery(undefined, {
    ...pollingFor(r.intelligenceMetrics),
    ...options,
  });
}

/** The pipeline's three calls, each polled every 30 s with its own time-out. */
export function useMarketSentimentQuery(options: { skip?: boolean } = {}) {
  return mlApi.endpoints.marketSentiment.useQuery(undefined, {
    ...pollingFor(r.marketSentiment),
    ...options,
  });
}
export function useEnginesStatusQuery(options: { skip?: boolean } = {}) {
  return mlApi.endpoints.enginesStatus.useQuery(undefined, { ...pollingFor(r.enginesStatus), ...options });
}
export function useNewsQuery(options: { skip?: boolean } = {}) {
  return mlApi.endpoints.news.useQuery(undefined, { ...pollingFor(r.news), ...options });
}

// The ML Intelligence page's calls, each polled every 30 s (specification part 2, section 9).
const e = mlApi.endpoints;
type Options = { skip?: boolean };

export function useMemoryStatusQuery(options: Options = {}) {
  return e.memoryStatus.useQuery(undefined, { ...pollingFor(r.memoryStatus), ...options });
}
export function useKnowledgeGraphStatusQuery(options: Options = {}) {
  return e.knowledgeGraphStatus.useQuery(undefined, { ...pollingFor(r.knowledgeGraphStatus), ...options });
}
export function useLearningStatusQuery(options: Options = {}) {
  return e.learningStatus.useQuery(undefined, { ...pollingFor(r.learningStatus), ...options });
}
export function useAutonomousLearningStatusQuery(options: Options = {}) {
  return e.autonomousLearningStatus.useQuery(undefined, {
    ...pollingFor(r.autonomousLearningStatus),
    ...options,
  });
}
export function useAutonomousLearningPatternsQuery(options: Options = {}) {
  return e.autonomousLearningPatterns.useQuery(undefined, {
    ...pollingFor(r.autonomousLearningPatterns),
    ...options,
  });
}
export function useLearningDatabaseStatsQuery(options: Options = {}) {
  return e.learningDatabaseStats.useQuery(undefined, { ...pollingFor(r.learningDatabaseStats), ...options });
}
export function useLearningAccuracyQuery(options: Options = {}) {
  return e.learningAccuracy.useQuery(undefined, { ...pollingFor(r.learningAccuracy), ...options });
}
export function useLearningFeaturesQuery(options: Options = {}) {
  return e.learningFeatures.useQuery(undefined, { ...pollingFor(r.learningFeatures), ...options });
}
export function useLearningDriftQuery(options: Options = {}) {
  return e.learningDrift.useQuery(undefined, { ...pollingFor(r.learningDrift), ...options });
}
export function useLearningPerformanceTrendQuery(options: Options = {}) {
  return e.learningPerformanceTrend.useQuery(undefined, {
    ...pollingFor(r.learningPerformanceTrend),
    ...options,
  });
}
export function useEnhancementsStatusQuery(options: Options = {}) {
  return e.enhancementsStatus.useQuery(undefined, { ...pollingFor(r.enhancementsStatus), ...options });
}
export function useEnsembleStatusQuery(options: Options = {}) {
  return e.ensembleStatus.useQuery(undefined, { ...pollingFor(r.ensembleStatus), ...options });
}
export function useExplainabilityStatusQuery(options: Options = {}) {
  return e.explainabilityStatus.useQuery(undefined, { ...pollingFor(r.explainabilityStatus), ...options });
}
export function useOnlineLearningStatusQuery(options: Options = {}) {
  return e.onlineLearningStatus.useQuery(undefined, { ...pollingFor(r.onlineLearningStatus), ...options });
}
export function useSentimentStatusQuery(options: Options = {}) {
  return e.sentimentStatus.useQuery(undefined, { ...pollingFor(r.sentimentStatus), ...options });
}

/**
 * The ML Intelligence page polls the intelligence metrics with its other calls every 30 s (the
 * dashboard's own 45 s polling stays; the shortest interval of a query's subscribers wins).
 */
export function useMlPageIntelligenceMetricsQuery(options: Options = {}) {
  return e.intelligenceMetrics.useQuery(undefined, { ...pollingFor(r.memoryStatus), ...options });
}
