/**
 * Every call of the ML Intelligence page, in its three groups (specification part 2, section 7).
 * All start together on load, re-run on Refresh, and poll every 30 s through the api client.
 */
import { useState } from 'react';
import {
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
} from '@nivesh/api-client';
import { fetched } from '../../features/fetched';
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
    /** True until the first overview fetch has finished (successfully or not). */
    loading: overviewQueries.some((q) => q.isLoading),
    refreshing,
    refresh,
    overview: {
      metrics: fetched(metrics),
      memory: fetched(memory),
      knowledgeGraph: fetched(knowledgeGraph),
      learning: fetched(learning),
      autonomousStatus: fetched(autonomousStatus),
      autonomousPatterns: fetched(autonomousPatterns),
      engines: fetched(engines),
    },
    analytics: {
      dbStats: fetched(dbStats),
      accuracy: fetched(accuracy),
      features: fetched(features),
      drift: fetched(drift),
      performanceTrend: fetched(performanceTrend),
    },
    enhancements: {
      status: fetched(enhancements),
      ensemble: fetched(ensemble),
      explainability: fetched(explainability),
      onlineLearning: fetched(onlineLearning),
      sentimentStatus: fetched(sentimentStatus),
      marketSentiment: {
        data: marketSentiment.error ? undefined : marketSentiment.data?.sentiment,
        error: marketSentiment.error,
        loading: marketSentiment.isLoading,
      },
    },
  };
}

export type MlIntelligenceData = ReturnType<typeof useMlIntelligenceData>;
