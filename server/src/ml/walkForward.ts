/**
 * Walk-forward training and evaluation, pure: over samples in time order (oldest first), fit on a
 * window of the past, predict the next block, roll forward by the block. Every prediction is out
 * of sample: a block's rows are never in the window its model was fitted on, and a `gap` of
 * samples between window and block keeps out the rows whose outcome (known only at the decision's
 * horizon) was not yet known when the block began.
 */
import { trainEnsemble, type EnsembleOptions, type PerModel } from './ensemble.js';

export interface WalkForwardOptions {
  /** Samples in the training window (the first window, when expanding). */
  trainSize: number;
  /** Samples in each test block (the last may be shorter). */
  testSize: number;
  /** Samples left out between the window and the block. Default 0. */
  gap?: number;
  /** Grow the window from the first sample instead of sliding it. Default false. */
  expanding?: boolean;
}

/** One step: training rows [trainStart, trainEnd), test rows [testStart, testEnd). */
export interface Fold {
  trainStart: number;
  trainEnd: number;
  testStart: number;
  testEnd: number;
}

/** The folds of a walk-forward over `n` samples. */
export function walkForwardFolds(n: number, options: WalkForwardOptions): Fold[] {
  const { trainSize, testSize, gap = 0, expanding = false } = options;
  for (const [name, value, least] of [
    ['trainSize', trainSize, 1],
    ['testSize', testSize, 1],
    ['gap', gap, 0],
  ] as const) {
    if (!Number.isInteger(value) || value < least)
      throw new RangeError(`${name} must be an integer ≥ ${least}`);
  }
  const folds: Fold[] = [];
  for (let testStart = trainSize + gap; testStart < n; testStart += testSize) {
    const trainEnd = testStart - gap;
    folds.push({
      trainStart: expanding ? 0 : trainEnd - trainSize,
      trainEnd,
      testStart,
      testEnd: Math.min(testStart + testSize, n),
    });
  }
  return folds;
}

interface OutOfSamplePrediction {
  /** The sample's position in the input. */
  index: number;
  fold: number;
  probability: number;
  perModel: PerModel;
  label: number;
}

export interface WalkForwardResult {
  folds: Fold[];
  /** Folds whose window held only wins or only losses: nothing fitted, their block not predicted. */
  skippedFolds: number[];
  predictions: OutOfSamplePrediction[];
}

/** Fits the ensemble on each fold's window and predicts its block. */
export function walkForward(
  rows: readonly (readonly number[])[],
  labels: readonly number[],
  options: WalkForwardOptions & {
    ensemble?: EnsembleOptions;
    /** Called after each fold's window is fitted (or skipped), with the rows it held. */
    onFold?: (rowsFitted: number) => void;
  },
): WalkForwardResult {
  if (rows.length !== labels.length) throw new RangeError('rows and labels must have the same length');
  const folds = walkForwardFolds(rows.length, options);
  const skippedFolds: number[] = [];
  const predictions: OutOfSamplePrediction[] = [];
  folds.forEach((fold, f) => {
    const windowLabels = labels.slice(fold.trainStart, fold.trainEnd);
    if (!windowLabels.includes(0) || !windowLabels.includes(1)) {
      skippedFolds.push(f);
      options.onFold?.(fold.trainEnd - fold.trainStart);
      return;
    }
    const model = trainEnsemble(rows.slice(fold.trainStart, fold.trainEnd), windowLabels, options.ensemble);
    for (let index = fold.testStart; index < fold.testEnd; index++) {
      const { probability, perModel } = model.predict(rows[index]!);
      predictions.push({ index, fold: f, probability, perModel, label: labels[index]! });
    }
    options.onFold?.(fold.trainEnd - fold.trainStart);
  });
  return { folds, skippedFolds, predictions };
}
