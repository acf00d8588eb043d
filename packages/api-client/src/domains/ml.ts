/** ML intelligence, sentiment, news and engine status. */
import { contract } from '@nivesh/api-contract';
import { api } from '../api';
import { fromRoute, polledQueryHook } from '../request';

const r = contract.ml;

export const mlApi = api.injectEndpoints({
  endpoints: (build) => ({
    intelligenceMetrics: build.query(fromRoute(r.intelligenceMetrics)),
    marketSentiment: build.query(fromRoute(r.marketSentiment)),
    enginesStatus: build.query(fromRoute(r.enginesStatus)),
    news: build.query(fromRoute(r.news)),
    memoryStatus: build.query({
      ...fromRoute(r.memoryStatus),
      providesTags: ['Ml'],
    }),
    knowledgeGraphStatus: build.query({
      ...fromRoute(r.knowledgeGraphStatus),
      providesTags: ['Ml'],
    }),
    learningStatus: build.query({
      ...fromRoute(r.learningStatus),
      providesTags: ['Ml'],
    }),
    autonomousLearningStatus: build.query({
      ...fromRoute(r.autonomousLearningStatus),
      providesTags: ['Ml'],
    }),
    autonomousLearningPatterns: build.query({
      ...fromRoute(r.autonomousLearningPatterns),
      providesTags: ['Ml'],
    }),
    learningDatabaseStats: build.query({
      ...fromRoute(r.learningDatabaseStats),
      providesTags: ['Ml'],
    }),
    learningAccuracy: build.query({
      ...fromRoute(r.learningAccuracy),
      providesTags: ['Ml'],
    }),
    learningFeatures: build.query({
      ...fromRoute(r.learningFeatures),
      providesTags: ['Ml'],
    }),
    learningDrift: build.query({
      ...fromRoute(r.learningDrift),
      providesTags: ['Ml'],
    }),
    learningPerformanceTrend: build.query({
      ...fromRoute(r.learningPerformanceTrend),
      providesTags: ['Ml'],
    }),
    enhancementsStatus: build.query({
      ...fromRoute(r.enhancementsStatus),
      providesTags: ['Ml'],
    }),
    ensembleStatus: build.query({
      ...fromRoute(r.ensembleStatus),
      providesTags: ['Ml'],
    }),
    explainabilityStatus: build.query({
      ...fromRoute(r.explainabilityStatus),
      providesTags: ['Ml'],
    }),
    onlineLearningStatus: build.query({
      ...fromRoute(r.onlineLearningStatus),
      providesTags: ['Ml'],
    }),
    sentimentStatus: build.query({
      ...fromRoute(r.sentimentStatus),
      providesTags: ['Ml'],
    }),
  }),
});

const e = mlApi.endpoints;

/** ML metrics, polled every 45 s. */
export const useIntelligenceMetricsQuery = polledQueryHook(e.intelligenceMetrics, r.intelligenceMetrics);

// The pipeline's three calls, each polled every 30 s with its own time-out.
export const useMarketSentimentQuery = polledQueryHook(e.marketSentiment, r.marketSentiment);
export const useEnginesStatusQuery = polledQueryHook(e.enginesStatus, r.enginesStatus);
export const useNewsQuery = polledQueryHook(e.news, r.news);

// The ML Intelligence page's calls, each polled every 30 s (specification part 2, section 9).
export const useMemoryStatusQuery = polledQueryHook(e.memoryStatus, r.memoryStatus);
export const useKnowledgeGraphStatusQuery = polledQueryHook(e.knowledgeGraphStatus, r.knowledgeGraphStatus);
export const useLearningStatusQuery = polledQueryHook(e.learningStatus, r.learningStatus);
export const useAutonomousLearningStatusQuery = polledQueryHook(
  e.autonomousLearningStatus,
  r.autonomousLearningStatus,
);
export const useAutonomousLearningPatternsQuery = polledQueryHook(
  e.autonomousLearningPatterns,
  r.autonomousLearningPatterns,
);
export const useLearningDatabaseStatsQuery = polledQueryHook(
  e.learningDatabaseStats,
  r.learningDatabaseStats,
);
export const useLearningAccuracyQuery = polledQueryHook(e.learningAccuracy, r.learningAccuracy);
export const useLearningFeaturesQuery = polledQueryHook(e.learningFeatures, r.learningFeatures);
export const useLearningDriftQuery = polledQueryHook(e.learningDrift, r.learningDrift);
export const useLearningPerformanceTrendQuery = polledQueryHook(
  e.learningPerformanceTrend,
  r.learningPerformanceTrend,
);
export const useEnhancementsStatusQuery = polledQueryHook(e.enhancementsStatus, r.enhancementsStatus);
export const useEnsembleStatusQuery = polledQueryHook(e.ensembleStatus, r.ensembleStatus);
export const useExplainabilityStatusQuery = polledQueryHook(e.explainabilityStatus, r.explainabilityStatus);
export const useOnlineLearningStatusQuery = polledQueryHook(e.onlineLearningStatus, r.onlineLearningStatus);
export const useSentimentStatusQuery = polledQueryHook(e.sentimentStatus, r.sentimentStatus);

/**
 * The ML Intelligence page polls the intelligence metrics with its other calls every 30 s (the
 * dashboard's own 45 s polling stays; the shortest interval of a query's subscribers wins).
 */
export const useMlPageIntelligenceMetricsQuery = polledQueryHook(e.intelligenceMetrics, r.memoryStatus);
