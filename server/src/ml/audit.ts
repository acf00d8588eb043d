/**
 * The learning audit, pure: what the prediction log says about the models (the five answers under
 * /api/learning/audit, and the measures the insights and recommendations are written from). The
 * caller loads the records; `now` is a parameter.
 *
 * Rules it keeps:
 * - A prediction is resolved once its outcome is known (`won` and `outcomeAt` set); success rates
 *   are shares of resolved predictions that won. Open predictions count only in totals and in the
 *   average confidence.
 * - A prediction is called right when (probability ≥ 0.5) matches whether it won: the accuracy the
 *   drift test and the coin-flip comparison read (calibration.ts's reliability uses the same rule).
 * - The log also holds the automated entries no model scored (no model version, no probability:
 *   ml/service.ts adds them from the decision log). They are trades, not predictions: the features
 *   of winning and losing trades and the learned patterns read them; every figure about the
 *   model's predictions (totals, success and confidence, buckets, drift, strategies, the trend,
 *   the accuracy against a coin flip) reads the scored ones only.
 * - Days are IST calendar days; windows are measured back from `now` on the outcome time.
 * - Empty inputs give zeros and empty lists, never NaN.
 */
import {
  istDay,
  type AccuracyBucket,
  type LearningDatabaseStats,
  type LearningPerformanceTrend,
  type ModelDrift,
  type TradeFeatures,
} from '@nivesh/api-contract';
import { addDays } from '../market/tradingDays.js';
import { STRATEGIES } from '../research/strategies.js';
import { reliability } from './calibration.js';
import { detectDrift, type AccuracyCount, type DriftTest } from './drift.js';
import { FEATURE_NAMES } from './features.js';
import { displayValue, featureLabel } from './featureLabels.js';

/**
 * A row of the prediction log (table predictions): one per stock per trading day, a BUY signal the
 * ensemble scored, or an automated entry no model scored (`modelVersion` and `probability` null).
 */
export interface PredictionRecord {
  predictedAt: Date;
  /** YYYY-MM-DD (IST). */
  tradingDay: string;
  symbol: string;
  /** 'trend_following' | 'mean_reversion' | 'breakout'. */
  strategy: string;
  /** Calibrated P(win after charges), 0-1; null when no model scored it. */
  probability: number | null;
  /** Keyed by FEATURE_NAMES. */
  features: Record<string, number>;
  won: boolean | null;
  outcomeReturn: number | null;
  outcomeAt: Date | null;
  /** Null when no model scored it. */
  modelVersion: number | null;
}

/** A learning event (table ml_events). */
export interface LearningEvent {
  at: Date;
  kind:
    'full_training' | 'online_update' | 'pattern' | 'strategy_refinement' | 'drift' | 'recovered' | 'prune';
  /** For a training or update: whether the validation loss improved; else null. */
  improved: boolean | null;
  detail: Record<string, unknown>;
}

type Resolved<T extends PredictionRecord> = T & { won: boolean; outcomeAt: Date };
type Scored = PredictionRecord & { probability: number; modelVersion: number };

export function resolvedOf<T extends PredictionRecord>(predictions: readonly T[]): Resolved<T>[] {
  return predictions.filter((p): p is Resolved<T> => p.won !== null && p.outcomeAt !== null);
}

/** The rows a model scored: the predictions. */
function scoredOf(predictions: readonly PredictionRecord[]): Scored[] {
  return predictions.filter((p): p is Scored => p.modelVersion !== null && p.probability !== null);
}

const calledRight = (p: Resolved<Scored>) => p.probability >= 0.5 === p.won;
const share = (part: number, whole: number) => (whole > 0 ? part / whole : 0);
const mean = (values: readonly number[]) => share(sum(values), values.length);
function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
const DAY_MS = 24 * 60 * 60 * 1000;

/** Totals of the log: predictions, share of resolved ones won, mean probability over all, events. */
export function databaseStats(
  log: readonly PredictionRecord[],
  events: readonly LearningEvent[],
): LearningDatabaseStats {
  const predictions = scoredOf(log);
  const resolved = resolvedOf(predictions);
  return {
    total_predictions: predictions.length,
    overall_success_rate: resolved.length ? resolved.filter((p) => p.won).length / resolved.length : null,
    average_confidence: predictions.length ? mean(predictions.map((p) => p.probability)) : null,
    total_learning_events: events.length,
  };
}

const bucketLabel = (from: number, to: number) => `${from.toFixed(1)}-${to.toFixed(1)}`;

/**
 * Resolved predictions in ten 0.1-wide probability buckets ('0.6-0.7' holds 0.6 up to 0.7; 1.0 is
 * in '0.9-1.0'), each with its share won: the calibration check (a predicted 70% should win about
 * 70%). Empty buckets are left out; lowest first.
 */
export function accuracyByConfidence(predictions: readonly PredictionRecord[]): AccuracyBucket[] {
  const resolved = resolvedOf(scoredOf(predictions));
  return reliability(
    resolved.map((p) => p.probability),
    resolved.map((p) => (p.won ? 1 : 0)),
    10,
  )
    .filter((b) => b.count > 0)
    .map((b) => ({
      confidence_bucket: bucketLabel(b.from, b.to),
      success_rate: b.winRate ?? 0,
      count: b.count,
    }));
}

/**
 * The features that tell winners from losers, over resolved trades (scored or not). Per feature (a record
 * without a finite value for it is left out of that feature): the mean among winners (m_w), among
 * losers (m_l) and the population standard deviation s over all resolved; its score is the
 * standardised difference (m_w − m_l) / s (0 for a constant feature). top_winning_features: the
 * `top` features with the highest positive score (higher in winners), avg_value = m_w;
 * top_losing_features: the `top` with the most negative score (higher in losers), avg_value = m_l.
 * Most telling first. Names are the readable labels and values are in their display unit (RSI
 * 0-100, ratios in percent: featureLabels.ts). Both lists are empty without a win and a loss.
 */
export function tradeFeatures(predictions: readonly PredictionRecord[], top = 5): TradeFeatures {
  const resolved = resolvedOf(predictions);
  if (!resolved.some((p) => p.won) || !resolved.some((p) => !p.won)) {
    return { top_winning_features: [], top_losing_features: [] };
  }
  const scored = FEATURE_NAMES.flatMap((name) => {
    const rows = resolved.filter((p) => Number.isFinite(p.features[name]));
    const wins = rows.filter((p) => p.won).map((p) => p.features[name]!);
    const losses = rows.filter((p) => !p.won).map((p) => p.features[name]!);
    if (wins.length === 0 || losses.length === 0) return [];
    const all = [...wins, ...losses];
    const m = mean(all);
    const sd = Math.sqrt(mean(all.map((v) => (v - m) ** 2)));
    const winMean = mean(wins);
    const lossMean = mean(losses);
    const score = sd > 1e-12 ? (winMean - lossMean) / sd : 0;
    return [{ name, score, winMean, lossMean }];
  });
  return {
    top_winning_features: scored
      .filter((f) => f.score > 0)
      .sort((a, b) => b.score - a.score)
      .slice(0, top)
      .map((f) => ({ feature: featureLabel(f.name), avg_value: displayValue(f.name, f.winMean) })),
    top_losing_features: scored
      .filter((f) => f.score < 0)
      .sort((a, b) => a.score - b.score)
      .slice(0, top)
      .map((f) => ({ feature: featureLabel(f.name), avg_value: displayValue(f.name, f.lossMean) })),
  };
}

/** The recent window: outcomes in the last 14 calendar days (about ten trading days). */
export const RECENT_WINDOW_DAYS = 14;
/** The baseline window: outcomes in the 90 calendar days before the recent window. */
export const BASELINE_WINDOW_DAYS = 90;

export interface DriftWindows {
  recentDays: number;
  baselineDays: number;
}

export interface DriftMeasurement {
  /** The contract's answer. */
  drift: ModelDrift;
  /** Right calls in each window. */
  baseline: AccuracyCount;
  recent: AccuracyCount;
  /** drift.ts's test (z, one-sided p), null when a window has no resolved prediction. */
  test: DriftTest | null;
}

/**
 * Model drift with its test: accuracy (right calls) over the recent window — outcomes in
 * (now − recentDays, now] — against the baseline window (now − recentDays − baselineDays,
 * now − recentDays], by drift.ts's detectDrift with its defaults (one-sided two-proportion z-test,
 * alpha 0.05, a drop of at least ten points). Outcomes after `now` are ignored. A window without a
 * resolved prediction has performance 0, delta 0 and no drift (and `test` null).
 */
export function measureDrift(
  predictions: readonly PredictionRecord[],
  now: Date,
  windows: DriftWindows = { recentDays: RECENT_WINDOW_DAYS, baselineDays: BASELINE_WINDOW_DAYS },
): DriftMeasurement {
  const end = now.getTime();
  const recentStart = end - windows.recentDays * DAY_MS;
  const baselineStart = recentStart - windows.baselineDays * DAY_MS;
  const count = (from: number, to: number): AccuracyCount => {
    const inWindow = resolvedOf(scoredOf(predictions)).filter((p) => {
      const t = p.outcomeAt.getTime();
      return t > from && t <= to;
    });
    return { correct: inWindow.filter(calledRight).length, total: inWindow.length };
  };
  const baseline = count(baselineStart, recentStart);
  const recent = count(recentStart, end);
  if (baseline.total === 0 || recent.total === 0) {
    return {
      // A window without outcomes has no success rate, and there is no change to measure.
      drift: {
        baseline_performance: baseline.total ? baseline.correct / baseline.total : null,
        recent_performance: recent.total ? recent.correct / recent.total : null,
        performance_delta: null,
        drift_detected: false,
      },
      baseline,
      recent,
      test: null,
    };
  }
  const test = detectDrift(baseline, recent);
  return {
    drift: {
      baseline_performance: test.baseline,
      recent_performance: test.recent,
      performance_delta: test.delta,
      drift_detected: test.drift_detected,
    },
    baseline,
    recent,
    test,
  };
}

/** The contract's drift answer (measureDrift without the test's figures). */
export function modelDrift(
  predictions: readonly PredictionRecord[],
  now: Date,
  windows?: DriftWindows,
): ModelDrift {
  return measureDrift(predictions, now, windows).drift;
}

/** A strategy's readable name (research/strategies.ts), or its id when unknown. */
function strategyLabel(id: string): string {
  return Object.hasOwn(STRATEGIES, id) ? STRATEGIES[id as keyof typeof STRATEGIES].label : id;
}

interface StrategyRecord {
  id: string;
  label: string;
  resolved: number;
  wins: number;
  /** wins / resolved. */
  winRate: number;
  /** Mean probability of its resolved predictions. */
  avgProbability: number;
}

/** Per strategy with at least one resolved prediction: its win rate and mean probability, in STRATEGIES order, unknown ids after. */
function strategyRecords(predictions: readonly PredictionRecord[]): StrategyRecord[] {
  const known = Object.keys(STRATEGIES);
  const groups = new Map<string, Resolved<Scored>[]>();
  for (const p of resolvedOf(scoredOf(predictions)))
    groups.set(p.strategy, [...(groups.get(p.strategy) ?? []), p]);
  const rank = (id: string) => (known.includes(id) ? known.indexOf(id) : known.length);
  return [...groups.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([id, group]) => {
      const wins = group.filter((p) => p.won).length;
      return {
        id,
        label: strategyLabel(id),
        resolved: group.length,
        wins,
        winRate: wins / group.length,
        avgProbability: mean(group.map((p) => p.probability)),
      };
    });
}

/**
 * Per strategy (readable name), over all its resolved predictions: win rate and mean probability
 * (the same trades, so the two compare). The trend: per IST day on which predictions resolved
 * (the outcome's day, the day the result was learned), over the last `days` days up to today, the
 * number resolved and the share won; days without a resolution are left out; oldest first.
 */
export function performanceTrend(
  predictions: readonly PredictionRecord[],
  now: Date,
  days = 30,
): LearningPerformanceTrend {
  const today = istDay(now);
  const first = addDays(today, -(days - 1));
  const byDay = new Map<string, { predictions: number; wins: number }>();
  for (const p of resolvedOf(scoredOf(predictions))) {
    const day = istDay(p.outcomeAt);
    if (day < first || day > today) continue;
    const point = byDay.get(day) ?? { predictions: 0, wins: 0 };
    point.predictions += 1;
    point.wins += p.won ? 1 : 0;
    byDay.set(day, point);
  }
  return {
    strategies: strategyRecords(predictions).map((s) => ({
      strategy_name: s.label,
      win_rate: s.winRate,
      avg_confidence: s.avgProbability,
    })),
    trend: [...byDay.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([date, point]) => ({
        date,
        predictions: point.predictions,
        success_rate: point.wins / point.predictions,
      })),
  };
}

/** Least resolved cases behind a calibration bucket, a strategy comparison or an accuracy claim. */
export const MIN_CASES = 20;
/** One-sided 5% critical value of the standard normal. */
const Z_05_ONE_SIDED = 1.6448536269514722;

interface CalibrationGap {
  bucket: string;
  /** The bucket's middle, e.g. 0.65. */
  mid: number;
  successRate: number;
  count: number;
  /** |successRate − mid|. */
  gap: number;
}

/** What the insights and the recommendations are written from. */
export interface LearningMeasures {
  resolved: number;
  /** Share of resolved predictions called right; null with none. */
  accuracy: number | null;
  /** z = (accuracy − 0.5) / √(0.25 / resolved): accuracy against a coin flip; null with none. */
  accuracyZ: number | null;
  /** accuracyZ above the one-sided 5% critical value (1.645). */
  beatsCoinFlip: boolean;
  drift: DriftMeasurement;
  /** The bucket of at least MIN_CASES with the largest |success rate − bucket middle|; null when none has. */
  calibrationGap: CalibrationGap | null;
  strategies: StrategyRecord[];
}

export function measureLearning(predictions: readonly PredictionRecord[], now: Date): LearningMeasures {
  const resolved = resolvedOf(scoredOf(predictions));
  const accuracy = resolved.length ? resolved.filter(calledRight).length / resolved.length : null;
  const accuracyZ = accuracy === null ? null : (accuracy - 0.5) / Math.sqrt(0.25 / resolved.length);
  const gaps = accuracyByConfidence(predictions)
    .filter((b) => b.count >= MIN_CASES)
    .map((b) => {
      const from = Number(b.confidence_bucket.slice(0, 3));
      const mid = Math.round((from + 0.05) * 100) / 100;
      return {
        bucket: b.confidence_bucket,
        mid,
        successRate: b.success_rate,
        count: b.count,
        gap: Math.abs(b.success_rate - mid),
      };
    })
    .sort((a, b) => b.gap - a.gap);
  return {
    resolved: resolved.length,
    accuracy,
    accuracyZ,
    beatsCoinFlip: accuracyZ !== null && accuracyZ > Z_05_ONE_SIDED,
    drift: measureDrift(predictions, now),
    calibrationGap: gaps[0] ?? null,
    strategies: strategyRecords(predictions),
  };
}
