/** ML answers: the intelligence metrics, the learning monitors, sentiment, engines and news. */
import {
  AutonomousLearningPatterns,
  AutonomousLearningStatus,
  EnginesStatusResponse,
  EnhancementsStatus,
  EnsembleStatus,
  ExplainabilityStatus,
  KnowledgeGraphStatus,
  LearningDatabaseStats,
  LearningPerformanceTrend,
  LearningStatus,
  MarketSentimentResponse,
  MemoryStatus,
  MlIntelligenceMetrics,
  ModelDrift,
  NewsResponse,
  OnlineLearningStatus,
  PredictionAccuracy,
  SentimentStatus,
  TradeFeatures,
} from '../ml';
import { fixture } from './fixture';
import { makeModelSkill } from './research';

const AS_OF = '2026-03-02T09:30:00.000Z';

export const makeMlIntelligenceMetrics = fixture(MlIntelligenceMetrics, 'MlIntelligenceMetrics', {
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
    missing: {},
  },
  learning_metrics: { learning_active: true, recent_learning_events: 41 },
  performance_trends: { win_rate: 58.2, average_return: 0.42, sharpe_ratio: 1.31, missing: {} },
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
  model: {
    state: 'ready',
    version: 'v4',
    trained_at: '2026-03-02T08:30:00.000Z',
    last_full_training_at: '2026-02-27T12:00:00.000Z',
    training: null,
    last_failure: null,
    next_pass_at: '2026-03-02T10:00:00.000Z',
  },
  as_of: AS_OF,
});

export const makeMemoryStatus = fixture(MemoryStatus, 'MemoryStatus', {
  total_memories: 12345,
  active_patterns: 87,
  retention_rate: 0.8234,
  memory_health: 0.91,
});

export const makeKnowledgeGraphStatus = fixture(KnowledgeGraphStatus, 'KnowledgeGraphStatus', {
  total_nodes: 5210,
  total_relationships: 18044,
  active_concepts: 312,
  knowledge_depth: 0.64,
});

export const makeLearningStatus = fixture(LearningStatus, 'LearningStatus', {
  learning_active: true,
  adapting: false,
  adaptation_success_rate: 0.735,
  adaptation_score: 0.552,
  recent_adaptations: 17,
  learning_rate: 0.00123456,
  learning_health: 0.77,
  learning_event_breakdown: { model_updates: 24, pattern_recognition: 139, strategy_refinements: 6 },
});

export const makeAutonomousLearningStatus = fixture(AutonomousLearningStatus, 'AutonomousLearningStatus', {
  self_learning_enabled: true,
  exploration_mode: false,
  active_hypotheses: ['momentum', 'mean reversion', 'gap fill'],
  cycles_completed: 1520,
  current_focus: 'NIFTY 50 breakouts',
  last_cycle: { duration_s: 42, outcome: 'improved' },
  internal_state: { a: 1, b: 2, c: 3, d: 4, e: 5 },
});

function pattern(index: number) {
  return {
    name: `Pattern ${index}`,
    description: `Description of pattern ${index}`,
    confidence: 0.7,
    occurrences: 10 + index,
    last_seen: AS_OF,
  };
}

export const makeAutonomousLearningPatterns = fixture(
  AutonomousLearningPatterns,
  'AutonomousLearningPatterns',
  {
    learned_patterns: [1, 2, 3, 4, 5].map(pattern),
    insights: [1, 2, 3, 4].map((i) => ({
      title: `Insight ${i}`,
      description: `Why ${i}`,
      generated_at: AS_OF,
    })),
  },
);

export const makeLearningDatabaseStats = fixture(LearningDatabaseStats, 'LearningDatabaseStats', {
  total_predictions: 1840,
  overall_success_rate: 0.6125,
  average_confidence: 0.7042,
  total_learning_events: 311,
});

export const makePredictionAccuracy = fixture(PredictionAccuracy, 'PredictionAccuracy', {
  buckets: [
    { confidence_bucket: '0.5-0.6', success_rate: 0.48, count: 210 },
    { confidence_bucket: '0.8-0.9', success_rate: 0.771, count: 95 },
  ],
});

export const makeTradeFeatures = fixture(TradeFeatures, 'TradeFeatures', {
  top_winning_features: [
    { feature: 'rsi_14', avg_value: 61.237 },
    { feature: 'volume_ratio', avg_value: 1.8 },
    { feature: 'macd_hist', avg_value: 0.456 },
    { feature: 'vwap_gap', avg_value: -0.123 },
    { feature: 'atr_pct', avg_value: 2.1 },
    { feature: 'sixth_winner', avg_value: 9.9 },
  ],
  top_losing_features: [{ feature: 'gap_down', avg_value: -1.5 }],
});

export const makeModelDrift = fixture(ModelDrift, 'ModelDrift', {
  baseline_performance: 0.64,
  recent_performance: 0.52,
  performance_delta: -0.12,
  drift_detected: true,
});

export const makeLearningPerformanceTrend = fixture(LearningPerformanceTrend, 'LearningPerformanceTrend', {
  strategies: [
    { strategy_name: 'Momentum', win_rate: 0.63, avg_confidence: 0.72 },
    { strategy_name: 'Mean Reversion', win_rate: 0.55, avg_confidence: 0.66 },
  ],
  trend: [{ date: '2026-03-02', predictions: 40, success_rate: 0.6 }],
});

export const makeEnhancementsStatus = fixture(EnhancementsStatus, 'EnhancementsStatus', {
  ensemble: { active: true },
  explainability: { active: true },
  online_learning: { active: false },
  sentiment_analysis: { active: true },
  summary: { active: 3, total: 4 },
});

export const makeEnsembleStatus = fixture(EnsembleStatus, 'EnsembleStatus', {
  model_count: 5,
  weighting: 'dynamic',
  skill: makeModelSkill(),
});
export const makeExplainabilityStatus = fixture(ExplainabilityStatus, 'ExplainabilityStatus', {
  methods: ['SHAP', 'LIME'],
});
export const makeOnlineLearningStatus = fixture(OnlineLearningStatus, 'OnlineLearningStatus', {
  model_version: 'v2.3',
  update_interval_minutes: 60,
  last_update: AS_OF,
});
export const makeSentimentStatus = fixture(SentimentStatus, 'SentimentStatus', {
  sources: ['news', 'market mood'],
  headlines_analyzed: 420,
  last_update: AS_OF,
});

/** A positive market mood (0.42, 73% confident) from 128 news items. */
export const makeMarketSentiment = fixture(MarketSentimentResponse, 'MarketSentimentResponse', {
  success: true,
  sentiment: {
    overall: { score: 0.42, confidence: 0.73, label: 'Positive' },
    sources: { news: { count: 128 }, read_from: ['news'] },
  },
  as_of: AS_OF,
});

/** Three engines, all synchronized: two running, one idle. */
export const makeEnginesStatus = fixture(EnginesStatusResponse, 'EnginesStatusResponse', {
  success: true,
  data: {
    engines_active: 3,
    total_engines: 3,
    synchronized: true,
    trading_mode: 'paper',
    engines: [
      { name: 'Signal engine', status: 'running', last_heartbeat: AS_OF },
      { name: 'Sentiment engine', status: 'running', last_heartbeat: AS_OF },
      { name: 'Risk engine', status: 'idle', last_heartbeat: null },
    ],
  },
});

const SENTIMENTS = ['positive', 'negative', 'neutral'] as const;

/** Seven headlines (positive, negative, neutral in turn) and ten themes counted 10 down to 1. */
export const makeNews = fixture(NewsResponse, 'NewsResponse', {
  success: true,
  data: {
    headlines: Array.from({ length: 7 }, (_, index) => ({
      title: `Headline ${index + 1}`,
      summary: `Summary of story ${index + 1}`,
      sentiment: SENTIMENTS[index % 3] ?? 'neutral',
      source: 'Wire',
      url: null,
      symbols: [],
      timestamp: AS_OF,
    })),
    themes: Array.from({ length: 10 }, (_, index) => ({ theme: `Theme ${index + 1}`, count: 10 - index })),
    feeds: {
      configured: 1,
      reads: [{ source: 'news.example.com', ok: true, items: 20, error: null, read_at: AS_OF }],
      last_refresh_at: AS_OF,
    },
  },
});
