/**
 * What the ML, learning-audit, news and sentiment calls answer, each read from stored data: the
 * prediction log, the learning events and model versions (ml/store.ts), the decision log, the
 * stored headlines, the engines' heartbeats and the alerts. The figures are computed by the pure
 * functions of audit.ts, patterns.ts, health.ts and knowledgeGraph.ts; this module only gathers
 * their inputs.
 *
 * Market sentiment: the last reading the `market_sentiment` engine took (marketSentiment.ts: news,
 * else market breadth), never computed on the request path.
 */
import { and, count, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import type {
  AutonomousLearningPatterns,
  AutonomousLearningStatus,
  EnhancementsStatus,
  EnsembleStatus,
  ExplainabilityStatus,
  KnowledgeGraphStatus,
  LearningDatabaseStats,
  LearningPerformanceTrend,
  LearningStatus,
  MemoryStatus,
  MlIntelligenceMetrics,
  ModelDrift,
  ModelStatus,
  OnlineLearningStatus,
  PredictionAccuracy,
  SentimentStatus,
  TradeFeatures,
  TradingMode,
} from '@nivesh/api-contract';
import type { Clock } from '../clock.js';
import { schema, type Db } from '../db/index.js';
import type { HolidayCalendar } from '../market/calendar.js';
import type { MarketFeed, TickHub } from '../market/feed.js';
import { loadInstrumentMaster } from '../market/instruments.js';
import { addDays, lastClosedTradingDay, nextTradingDay } from '../market/tradingDays.js';
import type { EngineRegistry } from '../ops/engines.js';
import { sentimentLabel } from '../news/sentiment.js';
import type { NewsPipeline } from '../news/pipeline.js';
import type { DecisionLog } from '../research/decisions.js';
import {
  accuracyByConfidence,
  databaseStats,
  measureLearning,
  modelDrift,
  performanceTrend,
  tradeFeatures,
} from './audit.js';
import { MODEL_NAMES } from './ensemble.js';
import { decisionQuality, memoryStatus, shortcomings, systemHealth } from './health.js';
import { knowledgeGraphStatus } from './knowledgeGraph.js';
import { predictsWith, skillView } from './model.js';
import { modelStatus } from './modelStatus.js';
import type { MarketSentiment } from './marketSentiment.js';
import { learnedPatterns, learningInsights } from './patterns.js';
import { LEARNING_PASS_MS, LEARNING_RATE, recordOf, type MlService } from './service.js';

const DAY_MS = 86_400_000;
/** The page lists at most this many patterns and insights (it shows 3). */
const PATTERN_LIMIT = 10;
/** The explanation methods of every prediction (model.ts). */
export const EXPLANATION_METHODS = ['Linear (exact)', 'Permutation importance', 'Local surrogate (LIME)'];
/** Headlines the news call lists. */
const NEWS_LIMIT = 20;

export interface MlViewsDeps {
  db: Db;
  clock: Clock;
  calendar: HolidayCalendar;
  feed: MarketFeed;
  hub: TickHub;
  ml: MlService;
  news: NewsPipeline;
  decisions: DecisionLog;
  engines: EngineRegistry;
  /** When this process started (engines in step). */
  startedAt: Date;
  tradingMode: () => Promise<TradingMode>;
  /** The market sentiment taken in the background (marketSentiment.ts): its last reading. */
  sentiment: Pick<MarketSentiment, 'latest' | 'current'>;
  /**
   * The trades' win rate (null before one closed) and Sharpe ratio (null without enough daily
   * history), over all time; or why there are none (live mode keeps no figures here).
   */
  tradePerformance: () => Promise<{ winRatePct: number | null; sharpe: number | null } | { error: string }>;
}

export function createMlViews(deps: MlViewsDeps) {
  const { db, clock, ml } = deps;
  const { store } = ml;
  let previousOverall: number | null = null;

  const allRecords = async () => (await store.predictions()).map(recordOf);

  /**
   * Predictions whose horizon has passed (their day plus their horizon in trading days is on or
   * before the last closed trading day), and how many of those have an outcome.
   */
  async function dueCounts(now: Date) {
    const lastClosed = lastClosedTradingDay(now, deps.calendar);
    if (lastClosed === null) return { due: 0, resolved: 0 };
    const rows = await db
      .select({
        day: schema.predictions.tradingDay,
        horizon: schema.predictions.horizonDays,
        outcomeAt: schema.predictions.outcomeAt,
      })
      .from(schema.predictions);
    let due = 0;
    let resolved = 0;
    for (const row of rows) {
      if (tradingDayAfter(row.day, row.horizon) > lastClosed) continue;
      due += 1;
      if (row.outcomeAt) resolved += 1;
    }
    return { due, resolved };
  }

  const afterCache = new Map<string, string>();
  /** The trading day `n` trading days after `day`. */
  function tradingDayAfter(day: string, n: number): string {
    const key = `${day}|${n}`;
    let found = afterCache.get(key);
    if (!found) {
      found = day;
      for (let i = 0; i < n; i++) found = nextTradingDay(found, deps.calendar);
      if (afterCache.size > 20_000) afterCache.clear();
      afterCache.set(key, found);
    }
    return found;
  }

  async function decisionRecords() {
    const rows = await db.select().from(schema.decisions);
    return rows.map((d) => ({
      action: (d.source === 'exit' ? 'exit' : d.action) as 'ordered' | 'skipped' | 'refused' | 'exit',
      confidence: d.confidence,
      mlProbability: d.mlProbability,
      outcome:
        d.outcomeAt && d.outcomeKind !== 'cancelled' ? { returnAfterCosts: d.outcomeReturn ?? 0 } : null,
      decidedAt: d.decidedAt,
    }));
  }

  function learningActive(): boolean {
    return deps.engines.states().some((e) => e.name === 'ml_learner' && e.status === 'running');
  }

  async function learningStatus(): Promise<LearningStatus> {
    const now = clock.now();
    const events = await store.events(new Date(now.getTime() - DAY_MS));
    const all = await store.events();
    const updates = all.filter(
      (e) => (e.kind === 'full_training' || e.kind === 'online_update') && e.improved !== null,
    );
    const improved = updates.filter((e) => e.improved).length;
    // Null before any training or update was measured against the one before it: nothing to rate.
    const successRate = updates.length ? improved / updates.length : null;
    // Mean relative fall of the validation loss over the updates that reported both losses (0 when none fell).
    const gains = all.flatMap((e) => {
      const before = Number(e.detail.log_loss_before ?? e.detail.previous_log_loss);
      const after = Number(e.detail.log_loss_after ?? e.detail.log_loss);
      return Number.isFinite(before) && Number.isFinite(after) && before > 0
        ? [Math.max(0, (before - after) / before)]
        : [];
    });
    const adaptationScore = gains.length
      ? Math.min(1, (gains.reduce((s, g) => s + g, 0) / gains.length) * 10)
      : null;
    const active = learningActive();
    const recentUpdates = events.filter((e) => e.kind === 'full_training' || e.kind === 'online_update');
    return {
      learning_active: active,
      adapting: ml.isTraining(),
      adaptation_success_rate: successRate,
      adaptation_score: adaptationScore,
      recent_adaptations: recentUpdates.length,
      learning_rate: LEARNING_RATE,
      learning_health: successRate === null ? null : 0.5 * (active ? 1 : 0) + 0.5 * successRate,
      learning_event_breakdown: {
        model_updates: recentUpdates.length,
        pattern_recognition: events.filter((e) => e.kind === 'pattern').length,
        strategy_refinements: events.filter((e) => e.kind === 'strategy_refinement').length,
      },
    };
  }

  async function intelligenceMetrics(): Promise<MlIntelligenceMetrics> {
    const now = clock.now();
    const records = await allRecords();
    const latest = await store.latestModel();
    const learning = measureLearning(records, now);
    const due = await dueCounts(now);
    const newsStatus = deps.news.status();
    const engines = deps.engines.states();
    const lastClosed = lastClosedTradingDay(now, deps.calendar);
    const [critical] = await db
      .select({ n: count() })
      .from(schema.alerts)
      .where(
        and(
          eq(schema.alerts.severity, 'high'),
          isNull(schema.alerts.dismissedAt),
          isNull(schema.alerts.resolvedAt),
        ),
      );
    const [halts] = await db
      .select({ n: count() })
      .from(schema.tradingHalts)
      .where(isNull(schema.tradingHalts.liftedAt));
    const events24h = await store.events(new Date(now.getTime() - DAY_MS));
    const health = systemHealth({
      model: latest ? { accuracy: latest.metrics.accuracy, brier: latest.metrics.brier } : null,
      marketDataCurrent: lastClosed !== null && (await marketDataCovers(lastClosed)),
      newsFeeds: { configured: newsStatus.configured, reachable: newsStatus.reachable },
      duePredictions: due.due,
      resolvedDue: due.resolved,
      enginesRunning: engines.filter((e) => e.status === 'running' || e.status === 'idle').length,
      enginesTotal: engines.length,
      learningActive: learningActive(),
      recentEvents: await store.events(new Date(now.getTime() - 7 * DAY_MS)),
      previousOverall,
      performanceDelta: learning.drift.test ? learning.drift.drift.performance_delta : null,
      criticalAlerts: critical?.n ?? 0,
      emergencyAlerts: halts?.n ?? 0,
      monitoringActive: engines.some((e) => e.name === 'risk_monitor' && e.status === 'running'),
    });
    previousOverall = health.overall_health;
    const decisions = await decisionRecords();
    const resolvedDecisions = (
      await db
        .select({ r: schema.decisions.outcomeReturn })
        .from(schema.decisions)
        .where(
          and(
            sql`${schema.decisions.outcomeAt} is not null`,
            sql`${schema.decisions.outcomeKind} <> 'cancelled'`,
          ),
        )
    ).map((d) => d.r ?? 0);
    const trades = await deps.tradePerformance();
    const tradesMissing = 'error' in trades ? trades.error : null;
    const winRate = 'error' in trades ? null : trades.winRatePct;
    const sharpe = 'error' in trades ? null : trades.sharpe;
    return {
      system_health: health,
      decision_quality: decisionQuality(decisions),
      learning_metrics: { learning_active: learningActive(), recent_learning_events: events24h.length },
      performance_trends: {
        win_rate: winRate,
        average_return: resolvedDecisions.length
          ? (resolvedDecisions.reduce((s, r) => s + r, 0) / resolvedDecisions.length) * 100
          : null,
        sharpe_ratio: sharpe,
        missing: {
          ...(winRate === null && { win_rate: tradesMissing ?? 'No trade has closed yet.' }),
          ...(resolvedDecisions.length === 0 && {
            average_return: 'No automated entry has an outcome yet.',
          }),
          ...(sharpe === null && {
            sharpe_ratio: tradesMissing ?? 'Not enough daily history yet: it needs a few days of returns.',
          }),
        },
      },
      shortcomings_analysis: {
        recommendations: shortcomings({ learning, newsFeedsConfigured: newsStatus.configured }),
      },
      model: await modelState(latest),
      as_of: now.toISOString(),
    };
  }

  /** Where the model stands (modelStatus.ts), from the store, the learner and its engine. */
  async function modelState(latest: Awaited<ReturnType<typeof store.latestModel>>): Promise<ModelStatus> {
    const history = await store.modelHistory(50);
    const lastFull = history.find((m) => m.kind === 'full') ?? null;
    const engine = deps.engines.states().find((e) => e.name === 'ml_learner');
    const [timed] = await db
      .select({ detail: schema.mlEvents.detail })
      .from(schema.mlEvents)
      .where(eq(schema.mlEvents.kind, 'full_training'))
      .orderBy(desc(schema.mlEvents.at), desc(schema.mlEvents.id))
      .limit(1);
    const wall = Number((timed?.detail as { wall_ms?: unknown } | undefined)?.wall_ms);
    return modelStatus({
      now: clock.now(),
      latest: latest
        ? { version: latest.version, trainedAt: latest.trainedAt, predicts: predictsWith(latest) }
        : null,
      lastFullTrainingAt: lastFull?.trainedAt ?? null,
      learner:
        !engine || engine.status === 'stopped' ? 'off' : engine.status === 'idle' ? 'elsewhere' : 'running',
      attempt: ml.trainingAttempt(),
      lastTrainingMs: Number.isFinite(wall) && wall > 0 ? wall : null,
      nextPassAt: deps.engines.nextRunAt('ml_learner'),
    });
  }

  /** The daily candles reach the last closed trading day (NIFTY 50's). */
  async function marketDataCovers(lastClosed: string): Promise<boolean> {
    try {
      const candles = await deps.feed.dailyCandles('NIFTY_50', addDays(lastClosed, -7), lastClosed);
      return candles.some((c) => c.date === lastClosed);
    } catch {
      return false;
    }
  }

  async function knowledgeGraph(): Promise<KnowledgeGraphStatus> {
    const now = clock.now();
    const master = loadInstrumentMaster();
    const priced = new Set(deps.feed.instruments().map((i) => i.symbol));
    const instruments = master.equities
      .filter((e) => priced.has(e.symbol))
      .map((e) => ({
        symbol: e.symbol,
        sector: e.sector,
        indices: master.indices.filter((i) => i.constituents.includes(e.symbol)).map((i) => i.name),
      }));
    const lastClosed = lastClosedTradingDay(now, deps.calendar);
    const closesBySymbol: Record<string, number[]> = {};
    if (lastClosed) {
      for (const { symbol } of instruments) {
        try {
          const candles = await deps.feed.dailyCandles(symbol, addDays(lastClosed, -100), lastClosed);
          closesBySymbol[symbol] = candles.map((c) => c.close);
        } catch {
          // A stock without history has no correlation edges.
        }
      }
    }
    const decisions = (
      await db
        .select({
          symbol: schema.decisions.symbol,
          strategyVersion: schema.decisions.strategyVersion,
          decidedAt: schema.decisions.decidedAt,
        })
        .from(schema.decisions)
    ).map((d) => ({ symbol: d.symbol, strategy: d.strategyVersion.split('@')[0]!, decidedAt: d.decidedAt }));
    const headlines = (await deps.news.recent(500)).map((h) => ({
      symbols: h.symbols,
      themes: h.themes,
      fetchedAt: h.fetchedAt,
    }));
    return knowledgeGraphStatus({ instruments, closesBySymbol, decisions, headlines, now });
  }

  async function memory(): Promise<MemoryStatus> {
    const now = clock.now();
    const [decisions] = await db.select({ n: count() }).from(schema.decisions);
    const [predictions] = await db.select({ n: count() }).from(schema.predictions);
    const [resolved] = await db
      .select({ n: count() })
      .from(schema.predictions)
      .where(sql`${schema.predictions.outcomeAt} is not null`);
    const due = await dueCounts(now);
    return memoryStatus({
      decisions: decisions?.n ?? 0,
      predictions: predictions?.n ?? 0,
      resolved: resolved?.n ?? 0,
      pruned: await store.prunedTotal(),
      patterns: learnedPatterns(await allRecords(), now).length,
      duePredictions: due.due,
      resolvedDue: due.resolved,
    });
  }

  /**
   * The learner's named counts and flags. The model itself (version, when trained, the training
   * under way or failed, the next pass) is the intelligence metrics' `model`, which the page words
   * with IST times; a model's validation figures are here only when there is a model.
   */
  async function autonomousStatus(): Promise<AutonomousLearningStatus> {
    const latest = await store.latestModel();
    const history = await store.modelHistory(50);
    const lastFull = history.find((m) => m.kind === 'full') ?? null;
    const drift = await store.driftInForce();
    const records = await allRecords();
    const open = records.filter((r) => r.won === null).length;
    return {
      learning_active: learningActive(),
      ...(latest && {
        model_kind: latest.kind,
        validation_accuracy: round4(latest.metrics.accuracy),
        validation_brier: round4(latest.metrics.brier),
        model_weights: Object.fromEntries(Object.entries(latest.weights).map(([k, v]) => [k, round4(v)])),
      }),
      ...(lastFull && { training_samples: lastFull.samples }),
      predictions_open: open,
      predictions_resolved: records.length - open,
      drift_in_force: drift !== null,
      capital_phase_stepped_down: drift !== null,
      versions: history.map((m) => `v${m.version}`),
    };
  }

  async function patterns(): Promise<AutonomousLearningPatterns> {
    const now = clock.now();
    const records = await allRecords();
    return {
      learned_patterns: learnedPatterns(records, now).slice(0, PATTERN_LIMIT),
      insights: learningInsights(records, now).slice(0, PATTERN_LIMIT),
    };
  }

  async function enginesStatus() {
    const engines = deps.engines.states();
    return {
      engines_active: engines.filter((e) => e.status === 'running' || e.status === 'idle').length,
      total_engines: engines.length,
      synchronized: deps.engines.synchronized(deps.startedAt),
      trading_mode: await deps.tradingMode(),
      engines: engines.map((e) => ({
        name: e.name,
        status: e.status,
        last_heartbeat: e.last_heartbeat?.toISOString() ?? null,
      })),
    };
  }

  async function enhancements(): Promise<EnhancementsStatus> {
    const latest = await store.latestModel();
    // Running once a reading with a source has been taken (none yet: not running yet).
    const sentiment = deps.sentiment.latest()?.reading;
    const parts = {
      ensemble: { active: latest !== null },
      explainability: { active: latest !== null },
      online_learning: { active: latest !== null && learningActive() },
      sentiment_analysis: { active: (sentiment?.sources.length ?? 0) > 0 },
    };
    const active = Object.values(parts).filter((p) => p.active).length;
    return { ...parts, summary: { active, total: 4 } };
  }

  async function ensemble(): Promise<EnsembleStatus> {
    const latest = await store.latestModel();
    // Dynamic while the weights differ: they follow each member's measured accuracy.
    const weights = latest ? MODEL_NAMES.map((m) => latest.weights[m] ?? 0) : [];
    const dynamic = weights.length > 0 && Math.max(...weights) - Math.min(...weights) > 1e-9;
    return {
      model_count: latest ? MODEL_NAMES.length : 0,
      weighting: dynamic ? 'dynamic' : 'equal',
      skill: latest?.metrics.skill ? skillView(latest.metrics.skill) : null,
    };
  }

  async function explainability(): Promise<ExplainabilityStatus> {
    return { methods: (await store.latestModel()) ? EXPLANATION_METHODS : [] };
  }

  async function onlineLearning(): Promise<OnlineLearningStatus> {
    const latest = await store.latestModel();
    return {
      model_version: latest ? `v${latest.version}` : null,
      update_interval_minutes: LEARNING_PASS_MS / 60_000,
      last_update: latest?.trainedAt.toISOString() ?? null,
    };
  }

  async function sentimentStatus(): Promise<SentimentStatus> {
    const sentiment = deps.sentiment.latest()?.reading;
    const [row] = await db
      .select({ n: count() })
      .from(schema.newsHeadlines)
      .where(gte(schema.newsHeadlines.fetchedAt, new Date(clock.nowMs() - DAY_MS)));
    return {
      sources: sentiment?.sources ?? [],
      headlines_analyzed: row?.n ?? 0,
      last_update: deps.news.status().lastRefreshAt?.toISOString() ?? null,
    };
  }

  async function news() {
    const recent = await deps.news.recent(NEWS_LIMIT);
    const sentiment = await deps.news.sentiment();
    const status = deps.news.status();
    return {
      feeds: {
        configured: status.configured,
        reads: status.feeds.map((feed) => {
          const source = hostOf(feed.url);
          return {
            source,
            ok: feed.ok,
            items: feed.items,
            // The address may carry a key: the sentence names the host only.
            error: feed.error === null ? null : feed.error.split(feed.url).join(source),
            read_at: feed.at.toISOString(),
          };
        }),
        last_refresh_at: status.lastRefreshAt?.toISOString() ?? null,
      },
      headlines: recent.map((h) => ({
        title: h.title,
        summary: h.summary,
        sentiment: sentimentLabel(h.sentiment).toLowerCase() as 'positive' | 'negative' | 'neutral',
        source: h.source,
        url: h.link,
        symbols: h.symbols,
        timestamp: (h.publishedAt ?? h.fetchedAt).toISOString(),
      })),
      themes: sentiment.topThemes,
    };
  }

  return {
    memory,
    knowledgeGraph,
    learningStatus,
    intelligenceMetrics,
    autonomousStatus,
    patterns,
    enginesStatus,
    enhancements,
    ensemble,
    explainability,
    onlineLearning,
    sentimentStatus,
    /** The last market sentiment reading and when it was taken, or a 503 while the first is taken. */
    marketSentiment: () => deps.sentiment.current(),
    news,
    databaseStats: async (): Promise<LearningDatabaseStats> =>
      databaseStats(await allRecords(), await store.events()),
    accuracy: async (): Promise<PredictionAccuracy> => ({
      buckets: accuracyByConfidence(await allRecords()),
    }),
    features: async (): Promise<TradeFeatures> => tradeFeatures(await allRecords()),
    drift: async (): Promise<ModelDrift> => modelDrift(await allRecords(), clock.now()),
    performanceTrend: async (): Promise<LearningPerformanceTrend> =>
      performanceTrend(await allRecords(), clock.now()),
  };
}

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

/** A feed address's host ('news.example.com'), or the address itself when it is not a URL. */
function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

export type MlViews = ReturnType<typeof createMlViews>;
