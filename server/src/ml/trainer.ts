/**
 * Training off the request path: `trainInWorker` runs the whole fit in a process of its own
 * (trainWorker.ts, started by paths.ts's `startProcess`) and resolves to what it answers, validated
 * here with zod (the worker is another process's output: checked like any outside input). A
 * process, not a thread: a training needs a few hundred MB for a minute, and a process gives all of
 * it back to the system when it ends, where a thread left the server's heap and malloc arenas grown
 * for good.
 *
 * In the worker: a walk-forward over the rows (walkForward.ts, expanding window) gives out-of-sample
 * predictions; the isotonic calibration (calibration.ts) is fitted on them, and the validation
 * metrics (accuracy, log loss, Brier score; each member's accuracy) are of those raw predictions,
 * with the model's skill (skill.ts: the AUC of those predictions and the Brier skill of their
 * out-of-sample calibration).
 * Then the final ensemble is fitted on every row (ensemble.ts trainEnsemble). To keep the pass to
 * a few folds' worth of fitting, the walk-forward runs over at most WALK_FORWARD_ROWS rows taken
 * at even steps through the rows (time order kept), in WALK_FORWARD_FOLDS blocks after a first
 * window of half of them.
 *
 * While it fits, the worker reports its progress (`TrainProgress`: rows fitted of all it will fit).
 * An error in the worker rejects with its message; the worker exits after answering.
 */
import { z } from 'zod';
import { IsotonicSchema, type IsotonicCalibration } from './calibration.js';
import {
  Ensemble,
  MODEL_NAMES,
  type EnsembleJSON,
  type EnsembleOptions,
  type ModelName,
} from './ensemble.js';
import type { DatasetInput } from './dataset.js';
import { FEATURE_NAMES } from './features.js';
import type { ModelState } from './model.js';
import { ModelSkillSchema, type ModelSkill } from './skill.js';
import { startProcess } from '../paths.js';

/** Most rows the walk-forward validation runs over (even steps through the rows). */
export const WALK_FORWARD_ROWS = 8_000;
/** Out-of-sample blocks of the walk-forward, after a first window of half the rows. */
export const WALK_FORWARD_FOLDS = 3;

export interface TrainInput {
  /** Raw feature rows (features.ts FEATURE_NAMES order), oldest first. */
  rows: number[][];
  /** 0/1 per row, both present. */
  labels: number[];
  options?: EnsembleOptions;
  /**
   * Rows left out between each walk-forward window and its block (of `rows`; scaled to the
   * walk-forward's sample): the rows whose outcome was not yet known when the block began. Default 0.
   */
  gap?: number;
}

interface TrainMetrics {
  /** Rows the final ensemble was fitted on. */
  samples: number;
  /** Out of sample (walk-forward), the ensemble's raw probability: share right (≥ 0.5 as a win). */
  accuracy: number;
  logLoss: number;
  brier: number;
  perModel: Record<ModelName, { accuracy: number }>;
  skill: ModelSkill;
}

export interface TrainResult {
  ensemble: EnsembleJSON;
  calibration: IsotonicCalibration;
  metrics: TrainMetrics;
  /** Wall time of the worker's fitting, ms. */
  durationMs: number;
}

const Unit = z.number().min(0).max(1);

const TrainResultSchema = z.object({
  // Ensemble.fromJSON validates the ensemble itself when it is loaded.
  ensemble: z.custom<EnsembleJSON>((value) => typeof value === 'object' && value !== null),
  calibration: IsotonicSchema,
  metrics: z.object({
    samples: z.number().int().positive(),
    accuracy: Unit,
    logLoss: z.number().nonnegative(),
    brier: Unit,
    perModel: z.object(
      Object.fromEntries(MODEL_NAMES.map((name) => [name, z.object({ accuracy: Unit })])) as Record<
        ModelName,
        z.ZodObject<{ accuracy: typeof Unit }>
      >,
    ),
    skill: ModelSkillSchema,
  }),
  durationMs: z.number().nonnegative(),
});

const WorkerAnswer = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), result: z.unknown() }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);

/**
 * How far a training's fitting is: rows fitted so far of all the fits it will make (the
 * walk-forward's windows, the final ensemble, the permutation's ensemble). The worker reports 0
 * once its dataset is built, then after each fit.
 */
export interface TrainProgress {
  done: number;
  total: number;
}

const ProgressMessage = z.object({
  progress: z.object({ done: z.number().int().nonnegative(), total: z.number().int().positive() }),
});

/** What the learner is told while a training fits (ml/service.ts estimates its end from it). */
export type OnTrainProgress = (progress: TrainProgress) => void;

/** A training from history: the worker builds the dataset (dataset.ts) itself. */
export interface HistoryTrainInput extends DatasetInput {
  kind: 'history';
}

export interface HistoryTrainResult extends TrainResult {
  /** Per feature (FEATURE_NAMES order), the Brier score increase when it is shuffled. */
  permutation: number[];
}

/** What the learner stores of a training from history (ml/service.ts). */
export interface TrainOutput {
  state: ModelState;
  weights: Record<string, number>;
  metrics: TrainMetrics;
  durationMs: number;
}

const HistoryResultSchema = TrainResultSchema.extend({
  permutation: z.array(z.number()).length(FEATURE_NAMES.length),
}).nullable();

/**
 * Builds the dataset from the candles and fits the model in a worker thread: the new model's
 * state, its weights and validation metrics; null when the history has too few labelled rows.
 */
export async function trainModel(
  input: DatasetInput,
  signal?: AbortSignal,
  onProgress?: OnTrainProgress,
): Promise<TrainOutput | null> {
  const raw = await runWorker({ ...input, kind: 'history' } satisfies HistoryTrainInput, signal, onProgress);
  const result = HistoryResultSchema.safeParse(raw);
  if (!result.success)
    throw new Error(`ml training: the worker's result is invalid: ${z.prettifyError(result.error)}`);
  if (result.data === null) return null;
  const { ensemble, calibration, permutation, metrics, durationMs } = result.data;
  return {
    state: { ensemble, calibration, permutation },
    weights: Ensemble.fromJSON(ensemble).weights,
    metrics,
    durationMs,
  };
}

/** Fits the ensemble and its calibration in a worker thread (see the module comment). */
export async function trainInWorker(input: TrainInput): Promise<TrainResult> {
  const result = TrainResultSchema.safeParse(await runWorker(input));
  if (!result.success)
    throw new Error(`ml training: the worker's result is invalid: ${z.prettifyError(result.error)}`);
  return result.data;
}

/**
 * Runs the training process on `input`; resolves to its result (unvalidated), rejects with its
 * error. An aborted `signal` kills the process and rejects.
 */
function runWorker(
  input: TrainInput | HistoryTrainInput,
  signal?: AbortSignal,
  onProgress?: OnTrainProgress,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new Error('ml training: stopped (the server is closing)'));
    let settled = false;
    const settle = (fn: () => void) => {
      if (!settled) {
        settled = true;
        fn();
      }
    };
    const child = startProcess('ml/trainWorker');
    child.on('message', (message: unknown) => {
      const progress = ProgressMessage.safeParse(message);
      if (progress.success) {
        if (!settled) onProgress?.(progress.data.progress);
        return;
      }
      settle(() => {
        const answer = WorkerAnswer.safeParse(message);
        if (!answer.success) return reject(new Error('ml training: the worker answered in an unknown shape'));
        if (!answer.data.ok) return reject(new Error(`ml training failed: ${answer.data.error}`));
        resolve(answer.data.result);
      });
    });
    child.once('error', (error) => settle(() => reject(new Error(`ml training failed: ${error.message}`))));
    // 'close' comes after the IPC channel has delivered everything the process sent.
    child.once('close', (code, signalName) =>
      settle(() =>
        reject(
          new Error(`ml training: the worker ended (${signalName ?? `code ${code}`}) without an answer`),
        ),
      ),
    );
    signal?.addEventListener(
      'abort',
      () => {
        settle(() => reject(new Error('ml training: stopped (the server is closing)')));
        child.kill('SIGKILL');
      },
      { once: true },
    );
    child.send(input);
  });
}
