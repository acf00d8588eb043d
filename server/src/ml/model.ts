/**
 * A stored model version ready to predict, pure: the ensemble, its calibration map, its
 * permutation importance (global, measured at training on the out-of-sample rows) and what it
 * was trained on. `explainedPrediction` scores one feature row and explains it by the three
 * methods (ml/explain.ts):
 * - linear: the logistic member's exact contributions to its log-odds;
 * - local_surrogate: a weighted linear fit of the ensemble's probability around the row;
 * - permutation: the ensemble's global importance (Brier score increase when the feature is
 *   shuffled), the same for every stock.
 *
 * News: history carries no headlines, so a model trained without news (its news-missing flag was
 * constant at training) is given news as missing at prediction too: it would otherwise read a
 * value it never learned from as a far-off point.
 */
import { z } from 'zod';
import type { SignalPrediction } from '@nivesh/api-contract';
import { calibrate, type IsotonicCalibration } from './calibration.js';
import { Ensemble, type PerModel } from './ensemble.js';
import { localSurrogate, logisticContributions } from './explain.js';
import { FEATURE_NAMES } from './features.js';
import type { StoredModel } from './store.js';

/** Contributions each method lists, largest first. */
const TOP_FEATURES = 5;

const Isotonic = z.object({
  kind: z.literal('isotonic'),
  thresholds: z.array(z.number()),
  values: z.array(z.number()),
});

/** What `state` of a stored model holds. */
export const ModelState = z.object({
  ensemble: z.unknown(),
  calibration: Isotonic,
  /** Per feature (FEATURE_NAMES order), the Brier score increase when it is shuffled. */
  permutation: z.array(z.number()).length(FEATURE_NAMES.length),
  /** Per strategy id, the refinement added to its calibrated probabilities (service.ts). */
  strategyOffsets: z.record(z.string(), z.number()).optional(),
});
export type ModelState = z.infer<typeof ModelState>;

export interface LoadedModel {
  version: number;
  trainedAt: Date;
  ensemble: Ensemble;
  calibration: IsotonicCalibration;
  permutation: number[];
  /** Whether news sentiment varied in the training rows. */
  sawNews: boolean;
}

const NEWS_MISSING = FEATURE_NAMES.indexOf('news_sentiment_missing');
const NEWS = FEATURE_NAMES.indexOf('news_sentiment');

export function loadModel(stored: Pick<StoredModel, 'version' | 'trainedAt' | 'state'>): LoadedModel {
  const state = ModelState.parse(stored.state);
  const ensemble = Ensemble.fromJSON(state.ensemble);
  const { means } = ensemble.standardiser;
  return {
    version: stored.version,
    trainedAt: stored.trainedAt,
    ensemble,
    calibration: state.calibration,
    permutation: state.permutation,
    // A constant flag has mean exactly 0 or 1 over the training rows.
    sawNews: means[NEWS_MISSING]! > 0 && means[NEWS_MISSING]! < 1,
  };
}

/** The row as this model reads it (news as missing for a model that never saw news). */
function modelRow(model: LoadedModel, row: readonly number[]): number[] {
  if (model.sawNews) return [...row];
  return row.map((value, j) => (j === NEWS_MISSING ? 1 : j === NEWS ? 0 : value));
}

export interface ExplainedPrediction {
  prediction: SignalPrediction;
  perModel: PerModel;
}

const byMagnitude = (a: { contribution: number }, b: { contribution: number }) =>
  Math.abs(b.contribution) - Math.abs(a.contribution);

function top(values: readonly number[], row: readonly number[]) {
  return values
    .map((contribution, j) => ({ feature: FEATURE_NAMES[j]!, value: row[j]!, contribution }))
    .filter((c) => Number.isFinite(c.contribution) && c.contribution !== 0)
    .sort(byMagnitude)
    .slice(0, TOP_FEATURES);
}

/** The calibrated probability of a win after charges for one feature row, explained three ways. */
export function explainedPrediction(model: LoadedModel, rawRow: readonly number[]): ExplainedPrediction {
  const row = modelRow(model, rawRow);
  const { probability: raw, perModel } = model.ensemble.predict(row);
  const probability = calibrate(model.calibration, raw);
  const linear = logisticContributions(model.ensemble, row).contributions;
  const surrogate = localSurrogate(
    (r) => model.ensemble.predict(r).probability,
    row,
    model.ensemble.standardiser,
    {
      seed: 7,
    },
  );
  return {
    prediction: {
      probability: clamp01(probability),
      raw_probability: clamp01(raw),
      model_version: `v${model.version}`,
      explanation: {
        linear: top(linear, rawRow),
        local_surrogate: top(surrogate, rawRow),
        permutation: top(model.permutation, rawRow),
      },
    },
    perModel,
  };
}

const clamp01 = (x: number) => Math.min(1, Math.max(0, x));
