/** The ML page's server for its tests: the contract's ML factories, and handlers for every ML call. */
import { contract } from '@nivesh/api-contract';
import {
  makeAutonomousLearningPatterns,
  makeAutonomousLearningStatus,
  makeEnginesStatus,
  makeEnhancementsStatus,
  makeEnsembleStatus,
  makeExplainabilityStatus,
  makeKnowledgeGraphStatus,
  makeLearningDatabaseStats,
  makeLearningPerformanceTrend,
  makeLearningStatus,
  makeMarketSentiment,
  makeMemoryStatus,
  makeMlIntelligenceMetrics,
  makeModelDrift,
  makeOnlineLearningStatus,
  makePredictionAccuracy,
  makeSentimentStatus,
  makeTradeFeatures,
  ok,
} from '@nivesh/api-contract/testing';
import { errorBody, HttpResponse, mockRoute } from '@nivesh/api-client/testing';

export const NOT_CONNECTED_TEXT = 'The ML intelligence service is not connected on this server.';

export const drift = makeModelDrift();
export const dbStats = makeLearningDatabaseStats();

const ml = contract.ml;

/** Every ML page path with the data a connected server answers. */
export const ML_ANSWERS: Record<string, unknown> = {
  [ml.intelligenceMetrics.path]: ok(makeMlIntelligenceMetrics()),
  [ml.memoryStatus.path]: ok(makeMemoryStatus()),
  [ml.knowledgeGraphStatus.path]: ok(makeKnowledgeGraphStatus()),
  [ml.learningStatus.path]: ok(makeLearningStatus()),
  [ml.autonomousLearningStatus.path]: ok(makeAutonomousLearningStatus()),
  [ml.autonomousLearningPatterns.path]: ok(makeAutonomousLearningPatterns()),
  [ml.enginesStatus.path]: makeEnginesStatus({
    data: { engines_active: 3, total_engines: 4, synchronized: true, trading_mode: 'paper', engines: [] },
  }),
  [ml.learningDatabaseStats.path]: ok(dbStats),
  [ml.learningAccuracy.path]: ok(makePredictionAccuracy()),
  [ml.learningFeatures.path]: ok(makeTradeFeatures()),
  [ml.learningDrift.path]: ok(drift),
  [ml.learningPerformanceTrend.path]: ok(makeLearningPerformanceTrend()),
  [ml.enhancementsStatus.path]: ok(makeEnhancementsStatus()),
  [ml.ensembleStatus.path]: ok(makeEnsembleStatus()),
  [ml.explainabilityStatus.path]: ok(makeExplainabilityStatus()),
  [ml.onlineLearningStatus.path]: ok(makeOnlineLearningStatus()),
  [ml.sentimentStatus.path]: ok(makeSentimentStatus()),
  [ml.marketSentiment.path]: makeMarketSentiment({
    sentiment: {
      overall: { score: 0.05, confidence: 0.6, label: 'Neutral' },
      sources: { news: { count: 12 }, read_from: ['news'] },
    },
  }),
};

/** The routes the ML page calls. */
const ML_PAGE_ROUTES = Object.values(ml).filter((route) => route.path in ML_ANSWERS);

/** The server as it is today: every ML route answers 503. */
export function notConnectedHandlers() {
  return connectedHandlers(Object.fromEntries(ML_PAGE_ROUTES.map((route) => [route.path, 503])));
}

/** A connected server; `answers` replaces some paths' bodies, a number answers 503 or that status. */
export function connectedHandlers(answers: Record<string, unknown> = {}) {
  const bodies = { ...ML_ANSWERS, ...answers };
  return ML_PAGE_ROUTES.map((route) =>
    mockRoute(route, () => {
      const body = bodies[route.path];
      return typeof body === 'number'
        ? HttpResponse.json(errorBody(NOT_CONNECTED_TEXT), { status: body })
        : HttpResponse.json(body as Record<string, unknown>);
    }),
  );
}
