/**
 * ML intelligence, sentiment, news and engine status (specification part 1 sections 3 and 7,
 * part 2 sections 2, 3 and 7). Scores are fractions 0-1 unless a field says percent.
 */
import { z } from 'zod';
import { ApiError, Timestamp, decimals, Percent, Ratio } from './common';
import { route } from './route';
import { ModelSkill } from './research';
import { TradingMode } from './trading';

export { ML_FEATURE_LABELS } from './mlFeatureLabels';

export const Recommendation = z.object({
  title: z.string(),
  description: z.string(),
  priority: z.enum(['high', 'medium', 'low']),
});

/** A share or score between 0 and 1. */
const Fraction = Ratio.min(0).max(1);
const Count = z.number().int().nonnegative();

/**
 * Where the model stands, for every page that shows ML figures (the dashboard's AI Health and ML
 * card, the ML Intelligence page). The server says the facts; the pages word them, with times in
 * IST.
 * - ready: a model predicts (`version`); a retraining may run (`training`) or the last one may
 *   have failed (`last_failure`), and the model in use stays.
 * - training: no model yet, and the first training is under way (`training`).
 * - waiting: no model yet and no training under way: the learner's next pass (`next_pass_at`)
 *   trains one.
 * - failed: no model yet, and the last training failed or found too little to learn from
 *   (`last_failure`); the learner's next pass (`next_pass_at`, null when it does not run here)
 *   tries again.
 * - off: no model, and the learner does not run on this server (NIVESH_LEARNING_OFF), so none is
 *   trained.
 */
export const ModelStatus = z.object({
  state: z.enum(['ready', 'training', 'waiting', 'failed', 'off']),
  /** The model predicting now, e.g. 'v3'; null without one. */
  version: z.string().nullable(),
  /** When that version was made (a full training or an online update). */
  trained_at: Timestamp.nullable(),
  last_full_training_at: Timestamp.nullable(),
  /** The training under way on this server, or null. */
  training: z
    .object({
      started_at: Timestamp,
      /** Why it trains, e.g. 'no model yet', 'the last full training is 7 days old'. */
      reason: z.string(),
      /** Share of its fitting done (rows fitted of all it will fit); null before the first fit ends. */
      progress: Fraction.nullable(),
      /**
       * When it should be ready: from the pace of its fitting so far, else from how long the last
       * training took; null when neither is known yet.
       */
      ready_at_estimate: Timestamp.nullable(),
    })
    .nullable(),
  /** The last training that ended without a model, and why in a sentence; null when the last one succeeded. */
  last_failure: z.object({ at: Timestamp, reason: z.string() }).nullable(),
  /** The learner's next pass (it trains when one is due); null when the learner does not run here. */
  next_pass_at: Timestamp.nullable(),
});
export type ModelStatus = z.infer<typeof ModelStatus>;

/** Why a figure the server cannot compute yet is null, in a sentence, by the figure's name. */
const Missing = <K extends string>(...keys: K[]) =>
  z.object(
    Object.fromEntries(keys.map((k) => [k, z.string().optional()])) as Record<K, z.ZodOptional<z.ZodString>>,
  );

export const MlIntelligenceMetrics = z.object({
  /**
   * Scores 0-1. overall_health and model_health are null without a model (`model` says why and
   * when one will be ready); learning_health is null until a training or update has been measured
   * against the one before it; the overall is the weighted mean of the parts that are known.
   */
  system_health: z
    .object({
      overall_health: Fraction.nullable(),
      learning_health: Fraction.nullable(),
      model_health: Fraction.nullable(),
      critical_alerts: z.number().int(),
      emergency_alerts: z.number().int(),
      health_trend: z.enum(['improving', 'stable', 'declining']),
      monitoring_active: z.boolean(),
    })
    .catchall(z.union([Ratio.nullable(), z.string(), z.boolean()])),
  decision_quality: z.object({
    /** Null until an automated entry has an outcome. */
    average_quality_score: Fraction.nullable(),
    /** Null until a decision is logged. */
    approval_rates: z.object({ approved: Fraction.nullable() }),
    quality_trend: z.enum(['improving', 'stable', 'declining']),
    /** Why a null figure above is null. */
    missing: Missing('average_quality_score', 'approved'),
  }),
  learning_metrics: z.object({
    learning_active: z.boolean(),
    recent_learning_events: z.number().int(),
  }),
  performance_trends: z.object({
    /** Percent 0-100; null until a trade has closed. */
    win_rate: Percent.nullable(),
    /** Percent per trade; null until an automated entry has an outcome. */
    average_return: Percent.nullable(),
    /** Null until the account has enough daily history. */
    sharpe_ratio: Ratio.nullable(),
    /** Why a null figure above is null. */
    missing: Missing('win_rate', 'average_return', 'sharpe_ratio'),
  }),
  shortcomings_analysis: z.object({ recommendations: z.array(Recommendation) }),
  model: ModelStatus,
  as_of: Timestamp,
});
export type MlIntelligenceMetrics = z.infer<typeof MlIntelligenceMetrics>;

export const SentimentLabel = z.enum(['Positive', 'Negative', 'Neutral']);

export const MarketSentimentResponse = z.object({
  success: z.literal(true),
  sentiment: z.object({
    overall: z.object({
      /** -1 (bearish) to +1 (bullish). */
      score: Ratio,
      confidence: Ratio,
      label: SentimentLabel,
    }),
    sources: z.object({
      news: z.object({ count: z.number().int() }),
      /** What the reading was taken from ('news', else 'market breadth'); empty when neither had data. */
      read_from: z.array(z.enum(['news', 'market breadth'])),
    }),
  }),
  as_of: Timestamp,
});

export const Headline = z.object({
  title: z.string(),
  summary: z.string(),
  sentiment: z.enum(['positive', 'negative', 'neutral']),
  source: z.string(),
  url: z.string().nullable(),
  symbols: z.array(z.string()),
  timestamp: Timestamp,
});
export type Headline = z.infer<typeof Headline>;

/** One configured news feed's last read. */
export const NewsFeedRead = z.object({
  /** The feed's host (its address may carry a key, so only the host is shown). */
  source: z.string(),
  ok: z.boolean(),
  /** Items it carried (0 when it failed). */
  items: z.number().int().nonnegative(),
  /** Why it failed, in a sentence; null when it was read. */
  error: z.string().nullable(),
  read_at: Timestamp,
});
export type NewsFeedRead = z.infer<typeof NewsFeedRead>;

export const NewsResponse = z.object({
  success: z.literal(true),
  data: z.object({
    headlines: z.array(Headline),
    /** Recurring themes across recent headlines, most frequent first. */
    themes: z.array(z.object({ theme: z.string(), count: z.number().int() })),
    /** The news feeds: how many are configured (Settings › Data Sources) and each one's last read. */
    feeds: z.object({
      configured: z.number().int().nonnegative(),
      /** Empty before the first read. */
      reads: z.array(NewsFeedRead),
      last_refresh_at: Timestamp.nullable(),
    }),
  }),
});

export const EngineStatus = z.object({
  name: z.string(),
  status: z.enum(['running', 'idle', 'stopped', 'error']),
  last_heartbeat: Timestamp.nullable(),
});

export const EnginesStatusResponse = z.object({
  success: z.literal(true),
  data: z.object({
    engines_active: z.number().int(),
    total_engines: z.number().int(),
    synchronized: z.boolean(),
    trading_mode: TradingMode,
    engines: z.array(EngineStatus),
  }),
});

const errors = { 401: ApiError, 503: ApiError } as const;

// ---------------------------------------------------------------------------------------------
// The ML Intelligence page (specification part 2, sections 2, 3, 4 and 7). Three groups of calls
// run in parallel on load, on Refresh and every 30 s; each call that fails makes only its own card
// "not available". Rates and scores are fractions 0-1 (the page shows percent, one decimal).
// ---------------------------------------------------------------------------------------------

/** The ML Intelligence page re-fetches every group every 30 s (part 2, section 9). */
const mlPagePolling = { pollingIntervalMs: 30_000 } as const;

export const MemoryStatus = z.object({
  total_memories: Count,
  active_patterns: Count,
  /** Share of resolved predictions kept after pruning; null before any has an outcome. */
  retention_rate: Fraction.nullable(),
  /** Share of the predictions past their horizon that have an outcome; null while none is due. */
  memory_health: Fraction.nullable(),
});
export type MemoryStatus = z.infer<typeof MemoryStatus>;

export const KnowledgeGraphStatus = z.object({
  total_nodes: Count,
  total_relationships: Count,
  active_concepts: Count,
  knowledge_depth: Fraction,
});
export type KnowledgeGraphStatus = z.infer<typeof KnowledgeGraphStatus>;

/**
 * The learning engine, and the "learning metrics" of the Active Learning Metrics panel (the
 * specification's adaptation_performance {adaptation_score, success_rate} are `adaptation_score`
 * and `adaptation_success_rate` here). "Recent" means the last 24 hours.
 */
export const LearningStatus = z.object({
  learning_active: z.boolean(),
  /** An adaptation is being applied now. */
  adapting: z.boolean(),
  /** Share of trainings and updates that lowered the validation loss; null before one is measured. */
  adaptation_success_rate: Fraction.nullable(),
  /** How much they lowered it; null before one is measured. */
  adaptation_score: Fraction.nullable(),
  recent_adaptations: Count,
  /** Step size of the online learner (shown to 4 decimals). */
  learning_rate: decimals(6).nonnegative(),
  /** ½ active + ½ adaptation success; null before a training or update is measured. */
  learning_health: Fraction.nullable(),
  learning_event_breakdown: z.object({
    model_updates: Count,
    pattern_recognition: Count,
    strategy_refinements: Count,
  }),
});
export type LearningStatus = z.infer<typeof LearningStatus>;

/**
 * One named value of the autonomous learner's status. The page shows booleans as Active/Inactive,
 * arrays as their count, small objects (a few plain values) inline, and skips larger objects.
 */
export const AutonomousStatusValue = z.union([
  z.boolean(),
  Ratio,
  z.string(),
  z.array(z.unknown()),
  z.record(z.string(), z.unknown()),
]);
export type AutonomousStatusValue = z.infer<typeof AutonomousStatusValue>;

export const AutonomousLearningStatus = z.record(z.string(), AutonomousStatusValue);
export type AutonomousLearningStatus = z.infer<typeof AutonomousLearningStatus>;

export const LearnedPattern = z.object({
  name: z.string(),
  description: z.string(),
  confidence: Fraction,
  occurrences: Count,
  last_seen: Timestamp,
});
export type LearnedPattern = z.infer<typeof LearnedPattern>;

export const LearningInsight = z.object({
  title: z.string(),
  description: z.string(),
  generated_at: Timestamp,
});
export type LearningInsight = z.infer<typeof LearningInsight>;

/** Newest first. */
export const AutonomousLearningPatterns = z.object({
  learned_patterns: z.array(LearnedPattern),
  insights: z.array(LearningInsight),
});
export type AutonomousLearningPatterns = z.infer<typeof AutonomousLearningPatterns>;

// Learning audit: what the prediction log says about the models (under /api/learning/audit).

export const LearningDatabaseStats = z.object({
  total_predictions: Count,
  /** Share of resolved predictions that came true; null before any has an outcome. */
  overall_success_rate: Fraction.nullable(),
  /** Mean probability of the predictions; null with none. */
  average_confidence: Fraction.nullable(),
  total_learning_events: Count,
});
export type LearningDatabaseStats = z.infer<typeof LearningDatabaseStats>;

export const AccuracyBucket = z.object({
  /** The confidence range, e.g. '0.6-0.7'. */
  confidence_bucket: z.string(),
  success_rate: Fraction,
  count: Count,
});
export type AccuracyBucket = z.infer<typeof AccuracyBucket>;

/** Lowest confidence first. */
export const PredictionAccuracy = z.object({ buckets: z.array(AccuracyBucket) });
export type PredictionAccuracy = z.infer<typeof PredictionAccuracy>;

export const TradeFeatureValue = z.object({
  feature: z.string(),
  /** Mean of the feature's value over the trades in the list. */
  avg_value: Ratio,
});
export type TradeFeatureValue = z.infer<typeof TradeFeatureValue>;

/** Most telling first. */
export const TradeFeatures = z.object({
  top_winning_features: z.array(TradeFeatureValue),
  top_losing_features: z.array(TradeFeatureValue),
});
export type TradeFeatures = z.infer<typeof TradeFeatures>;

export const ModelDrift = z.object({
  /** Success rate over the baseline window; null when no prediction resolved in it. */
  baseline_performance: Fraction.nullable(),
  /** Success rate over the recent window; null when no prediction resolved in it. */
  recent_performance: Fraction.nullable(),
  /** recent - baseline (negative: worse lately); null unless both windows have outcomes. */
  performance_delta: Ratio.min(-1).max(1).nullable(),
  drift_detected: z.boolean(),
});
export type ModelDrift = z.infer<typeof ModelDrift>;

export const StrategyLearningPerformance = z.object({
  strategy_name: z.string(),
  win_rate: Fraction,
  avg_confidence: Fraction,
});
export type StrategyLearningPerformance = z.infer<typeof StrategyLearningPerformance>;

export const LearningTrendPoint = z.object({
  /** Trading day, YYYY-MM-DD (IST). */
  date: z.iso.date(),
  predictions: Count,
  success_rate: Fraction,
});

export const LearningPerformanceTrend = z.object({
  strategies: z.array(StrategyLearningPerformance),
  /** Oldest first. */
  trend: z.array(LearningTrendPoint),
});
export type LearningPerformanceTrend = z.infer<typeof LearningPerformanceTrend>;

// Enhancements: the advanced capabilities and their details.

const Capability = z.object({ active: z.boolean() });

export const EnhancementsStatus = z.object({
  ensemble: Capability,
  explainability: Capability,
  online_learning: Capability,
  sentiment_analysis: Capability,
  summary: z.object({ active: Count, total: Count }),
});
export type EnhancementsStatus = z.infer<typeof EnhancementsStatus>;

export const EnsembleStatus = z.object({
  model_count: Count,
  /** dynamic: weights follow each model's recent accuracy; equal: one vote each. */
  weighting: z.enum(['dynamic', 'equal']),
  /**
   * The current model's skill out of sample, measured when it was trained; null without a model
   * (or with one stored before skill was measured, which is not predicted with).
   */
  skill: ModelSkill.nullable(),
});
export type EnsembleStatus = z.infer<typeof EnsembleStatus>;

export const ExplainabilityStatus = z.object({
  /** e.g. 'SHAP', 'LIME'. */
  methods: z.array(z.string()),
});
export type ExplainabilityStatus = z.infer<typeof ExplainabilityStatus>;

export const OnlineLearningStatus = z.object({
  /** e.g. 'v3'; null without a model (the intelligence metrics' `model` says why). */
  model_version: z.string().nullable(),
  /** How often the model is updated from new outcomes (60: hourly). */
  update_interval_minutes: z.number().int().positive(),
  last_update: Timestamp.nullable(),
});
export type OnlineLearningStatus = z.infer<typeof OnlineLearningStatus>;

export const SentimentStatus = z.object({
  /** What the sentiment is read from, e.g. 'news', 'market mood'. */
  sources: z.array(z.string()),
  headlines_analyzed: Count,
  last_update: Timestamp.nullable(),
});
export type SentimentStatus = z.infer<typeof SentimentStatus>;

function mlPageRoute<P extends string, S extends z.ZodType>(path: P, summary: string, data: S) {
  return route({
    method: 'GET',
    path,
    access: 'session',
    tag: 'ml',
    summary,
    responses: { 200: z.object({ success: z.literal(true), data }), ...errors },
    client: mlPagePolling,
  });
}

/** The ML Intelligence page's own calls (its overview also uses intelligenceMetrics and enginesStatus). */
export const mlPageRoutes = {
  memoryStatus: mlPageRoute('/api/ml/memory/status', 'The ML memory system', MemoryStatus),
  knowledgeGraphStatus: mlPageRoute(
    '/api/ml/knowledge-graph/status',
    'The knowledge graph',
    KnowledgeGraphStatus,
  ),
  learningStatus: mlPageRoute(
    '/api/ml/learning/status',
    'The learning engine and its recent events',
    LearningStatus,
  ),
  autonomousLearningStatus: mlPageRoute(
    '/api/ml/autonomous-learning/status',
    "The autonomous learner's named status values",
    AutonomousLearningStatus,
  ),
  autonomousLearningPatterns: mlPageRoute(
    '/api/ml/autonomous-learning/patterns',
    'Patterns and insights the autonomous learner found',
    AutonomousLearningPatterns,
  ),
  learningDatabaseStats: mlPageRoute(
    '/api/learning/audit/database-stats',
    'Totals of the prediction log',
    LearningDatabaseStats,
  ),
  learningAccuracy: mlPageRoute(
    '/api/learning/audit/accuracy',
    'Prediction success rate by confidence bucket',
    PredictionAccuracy,
  ),
  learningFeatures: mlPageRoute(
    '/api/learning/audit/features',
    'Features of winning and losing trades',
    TradeFeatures,
  ),
  learningDrift: mlPageRoute(
    '/api/learning/audit/drift',
    'Recent against baseline model performance',
    ModelDrift,
  ),
  learningPerformanceTrend: mlPageRoute(
    '/api/learning/audit/performance-trend',
    'Per-strategy performance and the daily success-rate trend',
    LearningPerformanceTrend,
  ),
  enhancementsStatus: mlPageRoute(
    '/api/ml/enhancements/status',
    'Which advanced ML capabilities run',
    EnhancementsStatus,
  ),
  ensembleStatus: mlPageRoute('/api/ml/ensemble/status', 'The model ensemble', EnsembleStatus),
  explainabilityStatus: mlPageRoute(
    '/api/ml/explainability/status',
    'Prediction explanation methods',
    ExplainabilityStatus,
  ),
  onlineLearningStatus: mlPageRoute(
    '/api/ml/online-learning/status',
    'The online-learning model version and update cadence',
    OnlineLearningStatus,
  ),
  sentimentStatus: mlPageRoute('/api/ml/sentiment/status', 'The sentiment analyser', SentimentStatus),
} as const;

export const mlRoutes = {
  intelligenceMetrics: route({
    method: 'GET',
    path: '/api/ml/intelligence-metrics',
    access: 'session',
    tag: 'ml',
    summary: 'Health, decision quality, learning and performance of the ML system',
    responses: { 200: z.object({ success: z.literal(true), data: MlIntelligenceMetrics }), ...errors },
    client: { pollingIntervalMs: 45_000 },
  }),
  marketSentiment: route({
    method: 'GET',
    path: '/api/ml/sentiment/market',
    access: 'session',
    tag: 'ml',
    summary: 'Overall market sentiment from recent news',
    responses: { 200: MarketSentimentResponse, ...errors },
    client: { timeoutMs: 5_000, pollingIntervalMs: 30_000 },
  }),
  enginesStatus: route({
    method: 'GET',
    path: '/api/engines/status',
    access: 'session',
    tag: 'ml',
    summary: 'The analysis engines and whether they run',
    responses: { 200: EnginesStatusResponse, ...errors },
    client: { timeoutMs: 5_000, pollingIntervalMs: 30_000 },
  }),
  news: route({
    method: 'GET',
    path: '/api/news',
    access: 'session',
    tag: 'news',
    summary: 'Recent market headlines with sentiment',
    responses: { 200: NewsResponse, ...errors },
    client: { timeoutMs: 8_000, pollingIntervalMs: 30_000 },
  }),
  ...mlPageRoutes,
} as const;
