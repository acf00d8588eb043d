/**
 * Every call of the ML Intelligence page, in its three groups (specification part 2, section 7).
 * All start together on load, re-run on Refresh, and poll every 30 s through the api client.
 */
import { useState } from 'react';
import {
  queryView,
  selectView,
  staleSummary,
  useAutonomousLearningPatternsQuery,
  useAutonomousLearningStatusQuery,
  useEnginesStatusQuery,
  useEnhancementsStatusQuery,
  useEnsembleStatusQuery,
  useExplainabilityStatusQuery,
  useKnowledgeGraphStatusQuery,
  useLearningAccuracyQuery,
  useLearningDatabaseStatsQuery,
  useLearningDriftQuery,
  useLearningFeaturesQuery,
  useLearningPerformanceTrendQuery,
  useLearningStatusQuery,
  useMarketSentimentQuery,
  useMemoryStatusQuery,
  useMlPageIntelligenceMetricsQuery,
  useOnlineLearningStatusQuery,
  useSentimentStatusQuery,
  type QueryResultLike,
} from '@nivesh/api-client';

/** A call's view over its answer's `data` (kept, stale, after a failed refetch). */
function dataView<T>(query: QueryResultLike<{ data: T }>) {
  return selectView(queryView(query), (answer) => answer.data);
}
import { useLogUnexpectedErrors } from '../../features/useLogUnexpectedErrors';

export function useMlIntelligenceData() {
  const metrics = useMlPageIntelligenceMetricsQuery();
  const memory = useMemoryStatusQuery();
  const knowledgeGraph = useKnowledgeGraphStatusQuery();
  const learning = useLearningStatusQuery();
  const autonomousStatus = useAutonomousLearningStatusQuery();
  const autonomousPatterns = useAutonomousLearningPatternsQuery();
  const engines = useEnginesStatusQuery();

  const dbStats = useLearningDatabaseStatsQuery();
  const accuracy = useLearningAccuracyQuery();
  const features = useLearningFeaturesQuery();
  const drift = useLearningDriftQuery();
  const performanceTrend = useLearningPerformanceTrendQuery();

  const enhancements = useEnhancementsStatusQuery();
  const ensemble = useEnsembleStatusQuery();
  const explainability = useExplainabilityStatusQuery();
  const onlineLearning = useOnlineLearningStatusQuery();
  const sentimentStatus = useSentimentStatusQuery();
  const marketSentiment = useMarketSentimentQuery();

  const overviewQueries = [
    metrics,
    memory,
    knowledgeGraph,
    learning,
    autonomousStatus,
    autonomousPatterns,
    engines,
  ];
  const analyticsQueries = [dbStats, accuracy, features, drift, performanceTrend];
  const enhancementQueries = [
    enhancements,
    ensemble,
    explainability,
    onlineLearning,
    sentimentStatus,
    marketSentiment,
  ];

  useLogUnexpectedErrors(
    'Error fetching ML intelligence data',
    overviewQueries.map((q) => q.error),
  );
  useLogUnexpectedErrors(
    'Error fetching learning analytics',
    analyticsQueries.map((q) => q.error),
  );
  useLogUnexpectedErrors(
    'Error fetching ML enhancements data',
    enhancementQueries.map((q) => q.error),
  );

  const [refreshing, setRefreshing] = useState(false);
  const allQueries = [...overviewQueries, ...analyticsQueries, ...enhancementQueries];
  const refresh = async () => {
    setRefreshing(true);
    try {
      await Promise.all(allQueries.map((query) => query.refetch()));
    } finally {
      setRefreshing(false);
    }
  };

  return {
    /** Figures kept from earlier answers after failed refetches: the oldest one's age. */
    stale: staleSummary(allQueries.map((query) => queryView<unknown>(query))),
    /** True until the first overview fetch has finished (successfully or not). */
    loading: overviewQueries.some((q) => q.isLoading),
    refreshing,
    refresh,
    overview: {
      metrics: dataView(metrics),
      memory: dataView(memory),
      knowledgeGraph: dataView(knowledgeGraph),
      learning: dataView(learning),
      autonomousStatus: dataView(autonomousStatus),
      autonomousPatterns: dataView(autonomousPatterns),
      engines: dataView(engines),
    },
    analytics: {
      dbStats: dataView(dbStats),
      accuracy: dataView(accuracy),
      features: dataView(features),
      drift: dataView(drift),
      performanceTrend: dataView(performanceTrend),
    },
    enhancements: {
      status: dataView(enhancements),
      ensemble: dataView(ensemble),
      explainability: dataView(explainability),
      onlineLearning: dataView(onlineLearning),
      sentimentStatus: dataView(sentimentStatus),
      marketSentiment: selectView(queryView(marketSentiment), (answer) => answer.sentiment),
    },
  };
}

export type MlIntelligenceData = ReturnType<typeof useMlIntelligenceData>;
