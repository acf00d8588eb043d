/**
 * The pure parts of the ML intelligence metrics: system health, decision quality, the
 * recommendations written from measured weaknesses, and the memory status. Scores are fractions
 * 0-1; every input is a plain figure the caller measured (no I/O, no clock).
 *
 * The spec's bands (0.8 Excellent, 0.6 Good, 0.4 Fair, else Needs Attention) are the page's to
 * show (mfe-dashboard's healthBand); nothing here needs them in text.
 */
import type { MemoryStatus, MlIntelligenceMetrics } from '@nivesh/api-contract';
import type { LearningEvent, LearningMeasures } from './audit.js';
import { MIN_CASES, RECENT_WINDOW_DAYS, BASELINE_WINDOW_DAYS } from './audit.js';
import { labelOf } from './features.js';

type Trend = 'improving' | 'stable' | 'declining';
type Recommendation = MlIntelligenceMetrics['shortcomings_analysis']['recommendations'][number];

const clamp01 = (x: number) => Math.min(1, Math.max(0, x));
const share = <T extends number | null>(part: number, whole: number, none: T): number | T =>
  whole > 0 ? part / whole : none;
const mean = (values: readonly number[]) => values.reduce((s, v) => s + v, 0) / values.length;
const pct = (fraction: number) => `${Math.round(fraction * 100)}%`;

/** A change of more than this (either way) is a trend; less is stable. */
const TREND_THRESHOLD = 0.05;

function trendOf(change: number | null): Trend {
  if (change === null || Math.abs(change) <= TREND_THRESHOLD) return 'stable';
  return change > 0 ? 'improving' : 'declining';
}

/** Validation accuracy at which the accuracy part of model health is full (65%: 0 at a coin flip's 50%). */
const FULL_ACCURACY = 0.65;
/** Brier score at which the Brier part is full (0.20: 0 at always-50%'s 0.25). */
const FULL_BRIER = 0.2;

/** Weights of the overall health: model, data, engines, learning (they add up to 1). */
const HEALTH_WEIGHTS = { model: 0.35, data: 0.25, engine: 0.15, learning: 0.25 } as const;

export interface SystemHealthInputs {
  /** The active model's validation figures; null with no model. */
  model: { accuracy: number; brier: number } | null;
  /** The daily bars cover the last closed trading day. */
  marketDataCurrent: boolean;
  /** News feeds configured and reachable at their last fetch. */
  newsFeeds: { configured: number; reachable: number };
  /** Predictions past their horizon, and how many of those have an outcome. */
  duePredictions: number;
  resolvedDue: number;
  enginesRunning: number;
  enginesTotal: number;
  learningActive: boolean;
  /** Learning events of the recent period (only trainings and updates with `improved` set are read). */
  recentEvents: readonly LearningEvent[];
  /** The previous overall health, for the trend; null when unknown. */
  previousOverall: number | null;
  /** Recent − baseline success (ModelDrift.performance_delta): the trend when no previous overall is known. */
  performanceDelta: number | null;
  criticalAlerts: number;
  emergencyAlerts: number;
  monitoringActive: boolean;
}

type SystemHealth = MlIntelligenceMetrics['system_health'];

/**
 * The system_health object. A part with nothing to measure is null, never a made-up 0 or 1:
 * - model_health = ½ · clamp((accuracy − 0.5) / (0.65 − 0.5)) + ½ · clamp((0.25 − Brier) / (0.25 − 0.20)):
 *   skill over a coin flip and over always saying 50%, each full at 65% and 0.20; null with no
 *   model (the model status says why and when one will be ready).
 * - data_health = mean of the parts that apply: market data current (1 or 0); news feeds reachable
 *   / configured (only when any is configured); due predictions resolved / due (only when any is due).
 * - engine_health = running / total engines (null with none).
 * - learning_health = ½ · (learning active ? 1 : 0) + ½ · (share of the recent trainings and
 *   updates that improved the validation loss); null before any was measured against the one
 *   before it.
 * - overall_health = the weighted mean (0.35 model, 0.25 data, 0.15 engine, 0.25 learning) of the
 *   parts that are known, weights rescaled to 1; null with no model: without one there is no ML
 *   system to score.
 * - health_trend: overall − previous overall when known, else the performance delta: above +0.05
 *   improving, below −0.05 declining, else stable.
 * - critical_alerts, emergency_alerts, monitoring_active: as given.
 */
export function systemHealth(inputs: SystemHealthInputs): SystemHealth {
  const model = inputs.model
    ? 0.5 * clamp01((inputs.model.accuracy - 0.5) / (FULL_ACCURACY - 0.5)) +
      0.5 * clamp01((0.25 - inputs.model.brier) / (0.25 - FULL_BRIER))
    : null;
  const dataParts = [inputs.marketDataCurrent ? 1 : 0];
  if (inputs.newsFeeds.configured > 0)
    dataParts.push(inputs.newsFeeds.reachable / inputs.newsFeeds.configured);
  if (inputs.duePredictions > 0) dataParts.push(inputs.resolvedDue / inputs.duePredictions);
  const data = mean(dataParts);
  const engine = share(inputs.enginesRunning, inputs.enginesTotal, null);
  const updates = inputs.recentEvents.filter(
    (e) => (e.kind === 'full_training' || e.kind === 'online_update') && e.improved !== null,
  );
  const improved = share(updates.filter((e) => e.improved).length, updates.length, null);
  const learning = improved === null ? null : 0.5 * (inputs.learningActive ? 1 : 0) + 0.5 * improved;
  const parts: Array<[weight: number, score: number | null]> = [
    [HEALTH_WEIGHTS.model, model],
    [HEALTH_WEIGHTS.data, data],
    [HEALTH_WEIGHTS.engine, engine],
    [HEALTH_WEIGHTS.learning, learning],
  ];
  const known = parts.filter((p): p is [number, number] => p[1] !== null);
  const weight = known.reduce((sum, [w]) => sum + w, 0);
  const overall = model === null ? null : known.reduce((sum, [w, x]) => sum + w * x, 0) / weight;
  const change =
    overall !== null && inputs.previousOverall !== null
      ? overall - inputs.previousOverall
      : inputs.performanceDelta;
  return {
    overall_health: overall,
    model_health: model,
    data_health: data,
    engine_health: engine,
    learning_health: learning,
    health_trend: trendOf(change),
    monitoring_active: inputs.monitoringActive,
    critical_alerts: inputs.criticalAlerts,
    emergency_alerts: inputs.emergencyAlerts,
  };
}

/** One entry of the decision log, as decision quality reads it. */
export interface DecisionRecord {
  action: 'ordered' | 'skipped' | 'refused' | 'exit';
  /** The strategy's confidence, 0-1. */
  confidence: number;
  /** The ML probability the decision used, when it had one. */
  mlProbability: number | null;
  outcome: { returnAfterCosts: number } | null;
  decidedAt: Date;
}

/**
 * Decision quality:
 * - a resolved ordered decision's score = 1 − (p − y)², p the ML probability it used (its
 *   confidence without one), y = 1 when its return after costs was above 0: one minus its Brier
 *   score, 1 for a certain right call, 0.75 for a 50% guess, 0 for a certain wrong one;
 *   average_quality_score = the mean over resolved ordered decisions (null with none, and
 *   `missing` says why);
 * - approval_rates.approved = ordered / (ordered + skipped + refused) (exits not counted; null
 *   with none);
 * - quality_trend: by decision time, the mean score of the newer half against the older half (the
 *   middle one left out when odd): above +0.05 improving, below −0.05 declining, else stable
 *   (stable with fewer than two).
 */
export function decisionQuality(
  decisions: readonly DecisionRecord[],
): MlIntelligenceMetrics['decision_quality'] {
  const scored = decisions
    .filter((d) => d.action === 'ordered' && d.outcome !== null)
    .sort((a, b) => a.decidedAt.getTime() - b.decidedAt.getTime())
    .map((d) => 1 - ((d.mlProbability ?? d.confidence) - labelOf(d.outcome!.returnAfterCosts)) ** 2);
  const half = Math.floor(scored.length / 2);
  const change = half > 0 ? mean(scored.slice(scored.length - half)) - mean(scored.slice(0, half)) : null;
  const ordered = decisions.filter((d) => d.action === 'ordered').length;
  const considered = decisions.filter((d) => d.action !== 'exit').length;
  return {
    average_quality_score: scored.length ? mean(scored) : null,
    approval_rates: { approved: share(ordered, considered, null) },
    quality_trend: trendOf(change),
    missing: {
      ...(scored.length === 0 && {
        average_quality_score:
          ordered === 0
            ? 'No automated entry has been made yet.'
            : ordered === 1
              ? 'The one automated entry has no outcome yet.'
              : `None of the ${ordered} automated entries has an outcome yet.`,
      }),
      ...(considered === 0 && { approved: 'The automation has not decided on any signal yet.' }),
    },
  };
}

/** A strategy whose win rate is below this over at least MIN_CASES trades is weak. */
const WEAK_STRATEGY_WIN_RATE = 0.45;
/** A calibration gap above this is weak. */
const CALIBRATION_GAP_LIMIT = 0.1;
/** Fewer resolved predictions than this: too little to learn from. */
const ENOUGH_RESOLVED = 100;

export interface ShortcomingInputs {
  /** audit.ts measureLearning. */
  learning: LearningMeasures;
  /** News feeds configured (0: the model reads no news sentiment). */
  newsFeedsConfigured: number;
}

/**
 * Recommendations from measured weaknesses, high priority first (then in this order): drift
 * detected (high); accuracy not significantly above a coin flip with at least MIN_CASES resolved
 * (high); a calibration gap above 10 points (medium); each strategy winning under 45% of at least
 * MIN_CASES trades (medium); no news feed configured (low); fewer than 100 resolved predictions
 * (low). Empty when nothing is weak.
 */
export function shortcomings({ learning: m, newsFeedsConfigured }: ShortcomingInputs): Recommendation[] {
  const found: Recommendation[] = [];
  const { test, baseline, recent } = m.drift;
  if (test?.drift_detected) {
    found.push({
      title: 'Retrain: model drift detected',
      description:
        `The model called ${pct(test.recent)} of ${recent.total} predictions right in the last ` +
        `${RECENT_WINDOW_DAYS} days against ${pct(test.baseline)} of ${baseline.total} in the ` +
        `${BASELINE_WINDOW_DAYS} days before (${test.p < 0.001 ? 'p < 0.001' : `p = ${test.p.toFixed(3)}`}).`,
      priority: 'high',
    });
  }
  if (m.accuracy !== null && m.accuracyZ !== null && m.resolved >= MIN_CASES && !m.beatsCoinFlip) {
    found.push({
      title: 'The model does not beat a coin flip',
      description:
        `It called ${pct(m.accuracy)} of ${m.resolved} resolved predictions right; a coin flip calls 50%, ` +
        `and the difference is within chance (z = ${m.accuracyZ.toFixed(2)}, below 1.64).`,
      priority: 'high',
    });
  }
  const gap = m.calibrationGap;
  if (gap && gap.gap > CALIBRATION_GAP_LIMIT) {
    found.push({
      title: 'Recalibrate the confidence',
      description:
        `Predictions of ${gap.bucket} won ${pct(gap.successRate)} of ${gap.count} times against the ` +
        `bucket's ${pct(gap.mid)}: ${Math.round(gap.gap * 100)} points off.`,
      priority: 'medium',
    });
  }
  for (const s of m.strategies) {
    if (s.resolved >= MIN_CASES && s.winRate < WEAK_STRATEGY_WIN_RATE) {
      found.push({
        title: `Review ${s.label}`,
        description: `${s.label} won ${pct(s.winRate)} of ${s.resolved} trades, below 45%.`,
        priority: 'medium',
      });
    }
  }
  if (newsFeedsConfigured === 0) {
    found.push({
      title: 'Add a news feed',
      description: 'No news feed is configured, so the model reads no news sentiment.',
      priority: 'low',
    });
  }
  if (m.resolved < ENOUGH_RESOLVED) {
    found.push({
      title: 'Too few outcomes to learn from',
      description: `${m.resolved} predictions have an outcome; the figures firm up from ${ENOUGH_RESOLVED}.`,
      priority: 'low',
    });
  }
  return found;
}

export interface MemoryInputs {
  /** Rows in the decision log and the prediction log. */
  decisions: number;
  predictions: number;
  /** Stored predictions with an outcome (what pruning removes from). */
  resolved: number;
  /** Resolved predictions pruned so far. */
  pruned: number;
  /** Patterns currently found (learnedPatterns' count). */
  patterns: number;
  /** Predictions past their horizon, and how many of those have an outcome. */
  duePredictions: number;
  resolvedDue: number;
}

/**
 * The memory system: total_memories = decisions + predictions stored; active_patterns = patterns;
 * retention_rate = resolved kept / (resolved kept + pruned) (null when neither: nothing to keep
 * yet); memory_health = share of due predictions that were resolved (null when none is due:
 * nothing to measure yet).
 */
export function memoryStatus(m: MemoryInputs): MemoryStatus {
  return {
    total_memories: m.decisions + m.predictions,
    active_patterns: m.patterns,
    retention_rate: share(m.resolved, m.resolved + m.pruned, null),
    memory_health: share(m.resolvedDue, m.duePredictions, null),
  };
}
