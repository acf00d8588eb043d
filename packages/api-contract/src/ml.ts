/**
 * ML intelligence, sentiment, news and engine status (specification part 1 sections 3 and 7,
 * part 2 sections 2, 3 and 7). Scores are fractions 0-1 unless a field says percent.
 */
import { z } from 'zod';
import { ApiError, Timestamp } from './common';
import { route } from './route';
import { TradingMode } from './trading';

export const Recommendation = z.object({
  title: z.string(),
  description: z.string(),
  priority: z.enum(['high', 'medium', 'low']),
});

export const MlIntelligenceMetrics = z.object({
  system_health: z
    .object({
      overall_health: z.number(),
      learning_health: z.number(),
      model_health: z.number(),
      critical_alerts: z.number().int(),
      emergency_alerts: z.number().int(),
      health_trend: z.enum(['improving', 'stable', 'declining']),
      monitoring_active: z.boolean(),
    })
    .catchall(z.union([z.number(), z.string(), z.boolean()])),
  decision_quality: z.object({
    average_quality_score: z.number(),
    approval_rates: z.object({ approved: z.number() }),
    quality_trend: z.enum(['improving', 'stable', 'declining']),
  }),
  learning_metrics: z.object({
    learning_active: z.boolean(),
    recent_learning_events: z.number().int(),
  }),
  performance_trends: z.object({
    /** Percent 0-100. */
    win_rate: z.number(),
    /** Percent per trade. */
    average_return: z.number(),
    sharpe_ratio: z.number(),
  }),
  shortcomings_analysis: z.object({ recommendations: z.array(Recommendation) }),
  as_of: Timestamp,
});
export type MlIntelligenceMetrics = z.infer<typeof MlIntelligenceMetrics>;

export const SentimentLabel = z.enum(['Positive', 'Negative', 'Neutral']);

export const MarketSentimentResponse = z.object({
  success: z.literal(true),
  sentiment: z.object({
    overall: z.object({
      /** -1 (bearish) to +1 (bullish). */
      score: z.number(),
      confidence: z.number(),
      label: SentimentLabel,
    }),
    sources: z.object({ news: z.object({ count: z.number().int() }) }),
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

export const NewsResponse = z.object({
  success: z.literal(true),
  data: z.object({
    headlines: z.array(Headline),
    /** Recurring themes across recent headlines, most frequent first. */
    themes: z.array(z.object({ theme: z.string(), count: z.number().int() })),
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
} as const;
