/**
 * What the autonomous learner found, pure: learned patterns (conditions on one feature whose win
 * rate differs from the rest by more than chance) and insights (sentences from measured facts:
 * drift, accuracy against a coin flip, calibration, strategies). Each carries its figures.
 *
 * Pattern rule: over the predictions resolved in the last PATTERN_LOOKBACK_DAYS (by outcome time),
 * each feature gives two conditions from its quintile edges — at or below the largest value of the
 * lowest fifth (sorted[⌈n/5⌉ − 1]) and at or above the smallest of the highest fifth
 * (sorted[n − ⌈n/5⌉]) — and each 0/1 flag one (set; "not set" is the same test mirrored). A
 * condition is a pattern when it holds on at least MIN_OCCURRENCES resolved predictions, not on all
 * of them, and its win rate differs from that of the predictions outside it by a two-sided
 * two-proportion z-test (pooled; drift.ts's statistic) at p < 0.05. confidence = 1 − p.
 */
import type { LearnedPattern, LearningInsight } from '@nivesh/api-contract';
import { measureLearning, MIN_CASES, resolvedOf, type PredictionRecord } from './audit.js';
import { detectDrift } from './drift.js';
import { FEATURE_NAMES } from './features.js';
import { featureLabel, formatFeatureValue, isFlag, type FeatureName } from './featureLabels.js';

/** Patterns are read from predictions resolved in the last year. */
const PATTERN_LOOKBACK_DAYS = 365;
/** Least resolved predictions a condition must hold on. */
const MIN_OCCURRENCES = 20;
/** Significance level of the pattern test. */
const PATTERN_ALPHA = 0.05;
/** A calibration gap above this many points (as a fraction) is called off. */
const CALIBRATION_GAP_LIMIT = 0.1;

const DAY_MS = 24 * 60 * 60 * 1000;
const pct = (fraction: number) => `${Math.round(fraction * 100)}%`;
const fixed = (value: number, digits: number) => value.toFixed(digits).replace('-', '−');
/** A p-value as text: three decimals, '< 0.001' below. */
/** 'p = 0.012', or 'p < 0.001' below that. */
const pText = (p: number) => (p < 0.001 ? 'p < 0.001' : `p = ${fixed(p, 3)}`);

interface Condition {
  name: string;
  holds: (p: PredictionRecord) => boolean;
}

function conditionsOf(feature: FeatureName, values: number[]): Condition[] {
  const label = featureLabel(feature);
  if (isFlag(feature)) return [{ name: label, holds: (p) => p.features[feature] === 1 }];
  const sorted = [...values].sort((a, b) => a - b);
  const k = Math.ceil(sorted.length / 5);
  const low = sorted[k - 1]!;
  const high = sorted[sorted.length - k]!;
  return [
    {
      name: `${label} at or below ${formatFeatureValue(feature, low)}`,
      holds: (p) => (p.features[feature] ?? Number.NaN) <= low,
    },
    {
      name: `${label} at or above ${formatFeatureValue(feature, high)}`,
      holds: (p) => (p.features[feature] ?? Number.NaN) >= high,
    },
  ];
}

/**
 * The learned patterns (rule above). occurrences = resolved predictions in the condition;
 * last_seen = the latest predictedAt of any prediction (resolved or open) in the condition; the
 * description gives the condition's win rate and count against the overall rate and the p-value.
 * Newest first (last_seen), then by confidence, then by name.
 */
export function learnedPatterns(predictions: readonly PredictionRecord[], now: Date): LearnedPattern[] {
  const from = now.getTime() - PATTERN_LOOKBACK_DAYS * DAY_MS;
  const resolved = resolvedOf(predictions).filter(
    (p) => p.outcomeAt.getTime() > from && p.outcomeAt.getTime() <= now.getTime(),
  );
  if (resolved.length === 0) return [];
  const overallWins = resolved.filter((p) => p.won).length;
  const overall = overallWins / resolved.length;
  const found = FEATURE_NAMES.flatMap((feature) => {
    const values = resolved.map((p) => p.features[feature]).filter((v): v is number => Number.isFinite(v));
    if (values.length === 0) return [];
    return conditionsOf(feature, values).flatMap(({ name, holds }) => {
      const inside = resolved.filter(holds);
      const wins = inside.filter((p) => p.won).length;
      const outside = resolved.length - inside.length;
      if (inside.length < MIN_OCCURRENCES || outside === 0) return [];
      // drift.ts's pooled two-proportion statistic, rest as "baseline", condition as "recent";
      // its one-sided p = Φ(z), two-sided = 2 · min(Φ(z), 1 − Φ(z)).
      const test = detectDrift(
        { correct: overallWins - wins, total: outside },
        { correct: wins, total: inside.length },
      );
      const p = Math.min(1, 2 * Math.min(test.p, 1 - test.p));
      if (!(p < PATTERN_ALPHA)) return [];
      const seen = [...inside, ...predictions.filter((q) => q.predictedAt <= now && holds(q))];
      const lastSeen = Math.max(...seen.map((q) => q.predictedAt.getTime()));
      return [
        {
          name,
          description:
            `Wins ${pct(wins / inside.length)} of ${inside.length} trades against ${pct(overall)} overall ` +
            `(${pText(p)} against the other ${outside}).`,
          confidence: 1 - p,
          occurrences: inside.length,
          last_seen: new Date(lastSeen).toISOString(),
        },
      ];
    });
  });
  return found.sort(
    (a, b) =>
      b.last_seen.localeCompare(a.last_seen) || b.confidence - a.confidence || a.name.localeCompare(b.name),
  );
}

/**
 * Insights from measured facts (audit.ts measureLearning), each with its figures, in this order:
 * drift (when both windows have resolved predictions), accuracy against a coin flip (with at least
 * MIN_CASES resolved), the largest calibration gap (a bucket of at least MIN_CASES), and the best
 * against the worst strategy by win rate (at least two strategies of MIN_CASES resolved each).
 * Empty with nothing measured. generated_at = now.
 */
export function learningInsights(predictions: readonly PredictionRecord[], now: Date): LearningInsight[] {
  const m = measureLearning(predictions, now);
  const insights: { title: string; description: string }[] = [];
  const { test, baseline, recent } = m.drift;
  if (test) {
    const figures =
      `Right on ${pct(test.recent)} of ${recent.total} predictions resolved lately against ` +
      `${pct(test.baseline)} of ${baseline.total} before (z = ${fixed(test.z, 2)}, ${pText(test.p)})`;
    insights.push(
      test.drift_detected
        ? {
            title: 'Model drift detected',
            description: `${figures}: a significant drop of ten points or more.`,
          }
        : { title: 'No model drift', description: `${figures}: no significant drop of ten points or more.` },
    );
  }
  if (m.accuracy !== null && m.accuracyZ !== null && m.resolved >= MIN_CASES) {
    insights.push({
      title: m.beatsCoinFlip ? 'Better than a coin flip' : 'Not shown to beat a coin flip',
      description:
        `Called ${pct(m.accuracy)} of ${m.resolved} resolved predictions right against 50% for a coin flip ` +
        `(z = ${fixed(m.accuracyZ, 2)}; above 1.64 is significant at 5%).`,
    });
  }
  const gap = m.calibrationGap;
  if (gap) {
    const figures =
      `predictions of ${gap.bucket} won ${pct(gap.successRate)} of ${gap.count} times against the ` +
      `bucket's ${pct(gap.mid)}, ${Math.round(gap.gap * 100)} points apart`;
    insights.push(
      gap.gap > CALIBRATION_GAP_LIMIT
        ? { title: `Confidence is off at ${gap.bucket}`, description: `The ${figures}.` }
        : { title: 'Confidence matches outcomes', description: `The largest gap: ${figures}.` },
    );
  }
  const ranked = m.strategies.filter((s) => s.resolved >= MIN_CASES).sort((a, b) => b.winRate - a.winRate);
  const best = ranked[0];
  const worst = ranked[ranked.length - 1];
  if (best && worst && ranked.length >= 2) {
    insights.push({
      title: `${best.label} leads, ${worst.label} trails`,
      description:
        `${best.label} wins ${pct(best.winRate)} of ${best.resolved} trades; ` +
        `${worst.label} wins ${pct(worst.winRate)} of ${worst.resolved}.`,
    });
  }
  return insights.map((insight) => ({ ...insight, generated_at: now.toISOString() }));
}
