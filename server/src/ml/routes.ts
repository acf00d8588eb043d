/**
 * HTTP for the ML domain (contract.ml): the ML Intelligence page's calls, the learning audit, the
 * dashboard's intelligence metrics and pipeline (sentiment, engines, news). Every answer is read
 * from stored data by views.ts.
 */
import type { Contract } from '@nivesh/api-contract';
import type { Session } from '../auth/service.js';
import type { DomainHandlers } from '../http/contract.js';
import type { MlViews } from './views.js';

export function mlHandlers(views: MlViews): DomainHandlers<Contract['ml'], Session> {
  const ok = async <T>(data: Promise<T>) => ({ success: true as const, data: await data });
  return {
    intelligenceMetrics: () => ok(views.intelligenceMetrics()),
    marketSentiment: async () => {
      const { reading: s, asOf } = views.marketSentiment();
      return {
        success: true,
        sentiment: {
          overall: { score: s.score, confidence: s.confidence, label: s.label },
          sources: {
            news: { count: s.news },
            read_from: s.sources.filter((x): x is 'news' | 'market breadth' =>
              ['news', 'market breadth'].includes(x),
            ),
          },
        },
        as_of: asOf.toISOString(),
      };
    },
    enginesStatus: () => ok(views.enginesStatus()),
    news: () => ok(views.news()),
    memoryStatus: () => ok(views.memory()),
    knowledgeGraphStatus: () => ok(views.knowledgeGraph()),
    learningStatus: () => ok(views.learningStatus()),
    autonomousLearningStatus: () => ok(views.autonomousStatus()),
    autonomousLearningPatterns: () => ok(views.patterns()),
    learningDatabaseStats: () => ok(views.databaseStats()),
    learningAccuracy: () => ok(views.accuracy()),
    learningFeatures: () => ok(views.features()),
    learningDrift: () => ok(views.drift()),
    learningPerformanceTrend: () => ok(views.performanceTrend()),
    enhancementsStatus: () => ok(views.enhancements()),
    ensembleStatus: () => ok(views.ensemble()),
    explainabilityStatus: () => ok(views.explainability()),
    onlineLearningStatus: () => ok(views.onlineLearning()),
    sentimentStatus: () => ok(views.sentimentStatus()),
  };
}
