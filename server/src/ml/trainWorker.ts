/**
 * The training worker process (trainer.ts starts it): reads its input from its first IPC message, walks forward
 * for out-of-sample predictions, fits the isotonic calibration and the metrics on them (with the
 * model's skill, skill.ts), fits the
 * final ensemble on every row, posts `{ ok: true, result }` (or `{ ok: false, error }`) once and
 * ends, having posted `{ progress: { done, total } }` (rows fitted so far) after each fit of a
 * training from history; it ends at once when the process that started it is gone (paths.ts endWithParent). See
 * trainer.ts for the rules.
 */
import { z } from 'zod';
import { brierScore, fitIsotonic } from './calibration.js';
import { MODEL_NAMES, trainEnsemble, type ModelName } from './ensemble.js';
import { WALK_FORWARD_FOLDS, WALK_FORWARD_ROWS, type TrainInput, type TrainResult } from './trainer.js';
import { walkForward, walkForwardFolds } from './walkForward.js';
import { outOfSampleSkill } from './skill.js';
import { buildDataset } from './dataset.js';
import { permutationImportance } from './explain.js';
import { FEATURE_NAMES } from './features.js';
import { STRATEGIES } from '../research/strategies.js';
import type { HistoryTrainInput, HistoryTrainResult } from './trainer.js';
import { endWithParent } from '../paths.js';

// An orphan (its server killed) ends rather than train on for no one.
endWithParent();

const Input = z.object({
  rows: z.array(z.array(z.number())),
  labels: z.array(z.union([z.literal(0), z.literal(1)])),
  options: z
    .object({
      seed: z.number().int().optional(),
      validationFraction: z.number().min(0).max(1).optional(),
      weightFloor: z.number().positive().optional(),
      k: z.number().int().positive().optional(),
      trees: z.number().int().positive().optional(),
      logisticSteps: z.number().int().positive().optional(),
      logisticLearningRate: z.number().positive().optional(),
    })
    .optional(),
  gap: z.number().int().nonnegative().optional(),
});

const EDGE = 1e-9;
const logLoss = (p: number, y: number) => {
  const q = Math.min(1 - EDGE, Math.max(EDGE, p));
  return -(y === 1 ? Math.log(q) : Math.log(1 - q));
};

/** The walk-forward's sample and windows for `n` rows (see trainer.ts). */
function walkPlan(n: number, inputGap: number) {
  // The walk-forward's rows: every row, or even steps through them.
  const m = Math.min(n, WALK_FORWARD_ROWS);
  const picked = Array.from({ length: m }, (_, j) => Math.floor((j * n) / m));
  const trainSize = Math.floor(m / 2);
  const gap = Math.round((inputGap * m) / Math.max(1, n));
  const testSize = Math.ceil((m - trainSize - gap) / WALK_FORWARD_FOLDS);
  if (trainSize < 10 || testSize < 1) throw new RangeError(`too few rows to validate a model: ${n}`);
  const options = { trainSize, testSize, gap, expanding: true };
  const foldRows = walkForwardFolds(m, options).reduce((sum, f) => sum + f.trainEnd - f.trainStart, 0);
  return { picked, options, foldRows };
}

/** Rows `train` fits in all for `n` rows: each walk-forward window, then every row once. */
function trainRows(n: number, inputGap: number): number {
  return walkPlan(n, inputGap).foldRows + n;
}

/** Reports rows fitted so far of `total` to the parent (trainer.ts `TrainProgress`). */
function progressReporter(total: number) {
  let done = 0;
  process.send?.({ progress: { done, total } });
  return (rows: number) => {
    done = Math.min(total, done + rows);
    process.send?.({ progress: { done, total } });
  };
}

function train(input: TrainInput, fitted: (rows: number) => void = () => {}): TrainResult {
  const started = performance.now();
  const { rows, labels, options } = input;
  const n = rows.length;
  const plan = walkPlan(n, input.gap ?? 0);
  const walk = walkForward(
    plan.picked.map((i) => rows[i]!),
    plan.picked.map((i) => labels[i]!),
    { ...plan.options, ensemble: options, onFold: fitted },
  );
  const predictions = walk.predictions;
  if (predictions.length === 0)
    throw new RangeError('the walk-forward made no out-of-sample prediction (every window was one-sided)');
  const probabilities = predictions.map((p) => p.probability);
  const outcomes = predictions.map((p) => p.label);
  const right = (p: number, y: number) => ((p >= 0.5 ? 1 : 0) === y ? 1 : 0);
  const share = (count: number) => count / predictions.length;
  const perModel = Object.fromEntries(
    MODEL_NAMES.map((name) => [
      name,
      { accuracy: share(predictions.reduce((sum, p) => sum + right(p.perModel[name], p.label), 0)) },
    ]),
  ) as Record<ModelName, { accuracy: number }>;
  const ensemble = trainEnsemble(rows, labels, options);
  fitted(n);
  return {
    ensemble: ensemble.toJSON(),
    calibration: fitIsotonic(probabilities, outcomes),
    metrics: {
      samples: n,
      accuracy: share(predictions.reduce((sum, p) => sum + right(p.probability, p.label), 0)),
      logLoss: predictions.reduce((sum, p) => sum + logLoss(p.probability, p.label), 0) / predictions.length,
      brier: brierScore(probabilities, outcomes),
      perModel,
      skill: outOfSampleSkill(predictions),
    },
    durationMs: performance.now() - started,
  };
}

/** Rows the permutation importance is measured on (the newest, held out of its model's fit). */
const PERMUTATION_ROWS = 300;
/** The longest strategy horizon: rows this many trading days before a block's start are not known yet. */
const HORIZON_DAYS = Math.max(...Object.values(STRATEGIES).map((s) => s.horizonDays));

/**
 * From history: the dataset (dataset.ts) of the candles, the fit as above, and the permutation
 * importance of each feature (explain.ts) measured on the newest PERMUTATION_ROWS rows by an
 * ensemble fitted on the rows before them (out of sample). Null when the history gives too few
 * labelled rows or only one outcome.
 */
function trainFromHistory(input: HistoryTrainInput): HistoryTrainResult | null {
  const started = performance.now();
  const { rows: dataset } = buildDataset(input);
  const rows = dataset.map((r) => r.features);
  const labels = dataset.map((r) => r.label);
  if (rows.length < 40 || !labels.includes(0) || !labels.includes(1)) return null;
  const days = new Set(dataset.map((r) => r.day)).size;
  const gap = Math.ceil((HORIZON_DAYS * rows.length) / Math.max(1, days));
  const cut = rows.length - Math.min(PERMUTATION_ROWS, Math.floor(rows.length / 4));
  const early = labels.slice(0, cut);
  const permuted = early.includes(0) && early.includes(1);
  const fitted = progressReporter(trainRows(rows.length, gap) + (permuted ? cut : 0));
  const result = train({ rows, labels, gap }, fitted);
  let permutation = FEATURE_NAMES.map(() => 0);
  if (permuted) {
    const held = trainEnsemble(rows.slice(0, cut), early);
    fitted(cut);
    permutation = permutationImportance(
      (row) => held.predict(row).probability,
      rows.slice(cut),
      labels.slice(cut),
      { repeats: 2, seed: 11 },
    );
  }
  return { ...result, permutation, durationMs: performance.now() - started };
}

/** Answers the parent once, then lets the process end (nothing else keeps it alive). */
function answer(message: { ok: true; result: unknown } | { ok: false; error: string }): void {
  process.send!(message, () => process.disconnect());
}

process.once('message', (input: unknown) => {
  try {
    const kind = (input as { kind?: string } | null)?.kind;
    const result =
      kind === 'history' ? trainFromHistory(input as HistoryTrainInput) : train(Input.parse(input));
    answer({ ok: true, result });
  } catch (error) {
    answer({ ok: false, error: error instanceof Error ? error.message : String(error) });
  }
});
