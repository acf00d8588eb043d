/** Answers of a connected ML service, typed by the contract, and msw handlers for them (tests only). */
import {
  contract,
  type AutonomousLearningPatterns,
  type AutonomousLearningStatus,
  type EnhancementsStatus,
  type EnsembleStatus,
  type ExplainabilityStatus,
  type KnowledgeGraphStatus,
  type LearningDatabaseStats,
  type LearningPerformanceTrend,
  type LearningStatus,
  type MemoryStatus,
  type MlIntelligenceMetrics,
  type ModelDrift,
  type OnlineLearningStatus,
  type PredictionAccuracy,
  type ResponseOf,
  type SentimentStatus,
  type TradeFeatures,
} from '@nivesh/api-contract';
import { HttpResponse, errorBody, http } from '@nivesh/api-client/testing';

export const NOT_CONNECTED_TEXT = 'The ML intelligence service is not connected on this server.';
const AS_OF = '2026-03-02T09:30:00.000Z';

export const metrics: MlIntelligenceMetrics = {
  system_health: {
    overall_health: 0.85,
    learning_health: 0.8,
    model_health: 0.6,
    critical_alerts: 0,
    emergency_alerts: 0,
    health_trend: 'improving',
    monitoring_active: true,
    data_health: 0.59,
  },
  decision_quality: {
    average_quality_score: 0.74,
    approval_rates: { approved: 0.62 },
    quality_trend: 'stable',
  },
  learning_metrics: { learning_active: true, recent_learning_events: 41 },
  performance_trends: { win_rate: 58.2, average_return: 0.42, sharpe_ratio: 1.31 },
  shortcomings_analysis: {
    recommendations: [
      {
        title: 'Retrain the breakout model',
        description: 'Accuracy fell below 55% this week.',
        priority: 'high',
      },
      {
        title: 'Add sector features',
        description: 'Losing trades cluster in PSU banks.',
        priority: 'medium',
      },
      {
        title: 'Review stale patterns',
        description: 'Four patterns have not fired in 30 days.',
        priority: 'low',
      },
    ],
  },
  as_of: AS_OF,
};

export const memory: MemoryStatus = {
  total_memories: 12345,
  active_patterns: 87,
  retention_rate: 0.8234,
  memory_health: 0.91,
};

export const knowledgeGraph: KnowledgeGraphStatus = {
  total_nodes: 5210,
  total_relationships: 18044,
  active_concepts: 312,
  knowledge_depth: 0.64,
};

export const learning: LearningStatus = {
  learning_active: true,
  adapting: false,
  adaptation_success_rate: 0.735,
  adaptation_score: 0.552,
  recent_adaptations: 17,
  learning_rate: 0.00123456,
  learning_health: 0.77,
  learning_event_breakdown: { model_updates: 24, pattern_recognition: 139, strategy_refinements: 6 },
};

export const autonomousStatus: AutonomousLearningStatus = {
  self_learning_enabled: true,
  exploration_mode: false,
  active_hypotheses: ['momentum', 'mean reversion', 'gap fill'],
  cycles_completed: 1520,
  current_focus: 'NIFTY 50 breakouts',
  last_cycle: { duration_s: 42, outcome: 'improved' },
  internal_state: { a: 1, b: 2, c: 3, d: 4, e: 5 },
};

function pattern(index: number) {
  return {
    name: `Pattern ${index}`,
    description: `Description of pattern ${index}`,
    confidence: 0.7,
    occurrences: 10 + index,
    last_seen: AS_OF,
  };
}

export const patterns: AutonomousLearningPatterns = {
  learned_patterns: [1, 2, 3, 4, 5].map(pattern),
  insights: [1, 2, 3, 4].map((i) => ({
    title: `Insight ${i}`,
    description: `Why ${i}`,
    generated_at: AS_OF,
  })),
};

export const engines: ResponseOf<typeof contract.ml.enginesStatus>['data'] = {
  engines_active: 3,
  total_engines: 4,
  synchronized: true,
  trading_mode: 'paper',
  engines: [],
};

export const dbStats: LearningDatabaseStats = {
  total_predictions: 1840,
  overall_success_rate: 0.6125,
  average_confidence: 0.7042,
  total_learning_events: 311,
};

export const accuracy: PredictionAccuracy = {
  buckets: [
    { confidence_bucket: '0.5-0.6', success_rate: 0.48, count: 210 },
    { confidence_bucket: '0.8-0.9', success_rate: 0.771, count: 95 },
  ],
};

export const features: TradeFeatures = {
  top_winning_features: [
    { feature: 'rsi_14', avg_value: 61.237 },
    { feature: 'volume_ratio', avg_value: 1.8 },
    { feature: 'macd_hist', avg_value: 0.456 },
    { feature: 'vwap_gap', avg_value: -0.123 },
    { feature: 'atr_pct', avg_value: 2.1 },
    { feature: 'sixth_winner', avg_value: 9.9 },
  ],
  top_losing_features: [{ feature: 'gap_down', avg_value: -1.5 }],
};

export const drift: ModelDrift = {
  baseline_performance: 0.64,
  recent_performance: 0.52,
  performance_delta: -0.12,
  drift_detected: true,
};

export const performanceTrend: LearningPerformanceTrend = {
  strategies: [
    { strategy_name: 'Momentum', win_rate: 0.63, avg_confidence: 0.72 },
    { strategy_name: 'Mean Reversion', win_rate: 0.55, avg_confidence: 0.66 },
  ],
  trend: [{ date: '2026-03-02', predictions: 40, success_rate: 0.6 }],
};

export const enhancements: EnhancementsStatus = {
  ensemble: { active: true },
  explainability: { active: true },
  online_learning: { active: false },
  sentiment_analysis: { active: true },
  summary: { active: 3, total: 4 },
};

export const ensemble: EnsembleStatus = { model_count: 5, weighting: 'dynamic' };
export const explainability: ExplainabilityStatus = { methods: ['SHAP', 'LIME'] };
export const onlineLearning: OnlineLearningStatus = {
  model_version: 'v2.3',
  update_interval_minutes: 60,
  last_update: AS_OF,
};
export const sentimentStatus: SentimentStatus = {
  sources: ['news', 'market mood'],
  headlines_analyzed: 420,
  last_update: AS_OF,
};

export const marketSentiment: ResponseOf<typeof contract.ml.marketSentiment> = {
  success: true,
  sentiment: {
    overall: { score: 0.05, confidence: 0.6, label: 'Neutral' },
    sources: { news: { count: 12 } },
  },
  as_of: AS_OF,
};

/** Every ML page path with the data a connected server answers. */
export const ML_ANSWERS: Record<string, unknown> = {
  [contract.ml.intelligenceMetrics.path]: { success: true, data: metrics },
  [contract.ml.memoryStatus.path]: { success: true, data: memory },
  [contract.ml.knowledgeGraphStatus.path]: { success: true, data: knowledgeGraph },
  [contract.ml.learningStatus.path]: { success: true, data: learning },
  [contract.ml.autonomousLearningStatus.path]: { success: true, data: autonomousStatus },
  [contract.ml.autonomousLearningPatterns.path]: { success: true, data: patterns },
  [contract.ml.enginesStatus.path]: { success: true, data: engines },
  [contract.ml.learningDatabaseStats.path]: { success: true, data: dbStats },
  [contract.ml.learningAccuracy.path]: { success: true, data: accuracy },
  [contract.ml.learningFeatures.path]: { success: true, data: features },
  [contract.ml.learningDrift.path]: { success: true, data: drift },
  [contract.ml.learningPerformanceTrend.path]: { success: true, data: performanceTrend },
  [contract.ml.enhancementsStatus.path]: { success: true, data: enhancements },
  [contract.ml.ensembleStatus.path]: { success: true, data: ensemble },
  [contract.ml.explainabilityStatus.path]: { success: true, data: explainability },
  [contract.ml.onlineLearningStatus.path]: { success: true, data: onlineLearning },
  [contract.ml.sentimentStatus.path]: { success: true, data: sentimentStatus },
  [contract.ml.marketSentiment.path]: marketSentiment,
};

/** The server as it is today: every ML route answers 503. */
export function notConnectedHandlers() {
  return Object.keys(ML_ANSWERS).map((path) =>
    http.get(path, () => HttpResponse.json(errorBody(NOT_CONNECTED_TEXT), { status: 503 })),
  );
}

/** A connected server; `answers` replaces some paths' bodies, a number answers 503 or that status. */
export function connectedHandlers(answers: Record<string, unknown> = {}) {
  return Object.entries({ ...ML_ANSWERS, ...answers }).map(([path, body]) =>
    http.get(path, () =>
      typeof body === 'number'
        ? HttpResponse.json(errorBody(NOT_CONNECTED_TEXT), { status: body })
        : HttpResponse.json(body as Record<string, unknown>),
    ),
  );
}
