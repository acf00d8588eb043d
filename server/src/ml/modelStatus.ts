/**
 * Where the model stands (the contract's ModelStatus), pure: what the dashboard and the ML pages
 * say instead of "Model Version none" or a health of 0% while the first model is trained.
 *
 * - A model that predicts (its skill out of sample measured: model.ts `predictsWith`) is `ready`,
 *   whatever a retraining does meanwhile (`training`, `last_failure` say it).
 * - Without one: a training under way is `training`; a last training that ended without a model
 *   is `failed` (its reason; the learner's next pass tries again, when it runs here); a learner
 *   that does not run on this server (NIVESH_LEARNING_OFF) is `off`; otherwise `waiting` for the
 *   learner's next pass.
 * - The estimate of when a training under way is ready: from the pace of its fitting (rows fitted
 *   per second since its fitting began, over the rows still to fit), else from how long the last
 *   training took, else none. An estimate already passed is now (it is about to finish).
 */
import type { ModelStatus } from '@nivesh/api-contract';
import type { TrainingAttempt } from './service.js';

export interface ModelStatusInputs {
  now: Date;
  /** The newest stored model, and whether it predicts; null with none. */
  latest: { version: number; trainedAt: Date; predicts: boolean } | null;
  lastFullTrainingAt: Date | null;
  /** running: the learner's passes run in this process; off: not started here; elsewhere: another process leads. */
  learner: 'running' | 'off' | 'elsewhere';
  /** The last full training this process started (ml/service.ts `trainingAttempt`). */
  attempt: Readonly<TrainingAttempt> | null;
  /** Wall time of the last full training that stored a model, ms; null when none was timed. */
  lastTrainingMs: number | null;
  /** The learner's next pass; null when it does not run here. */
  nextPassAt: Date | null;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

function readyEstimate(
  attempt: Readonly<TrainingAttempt>,
  lastTrainingMs: number | null,
  now: Date,
): Date | null {
  const { progress, fitsStartedAt } = attempt;
  let at: number | null = null;
  if (progress && fitsStartedAt && progress.done > 0) {
    const elapsed = progress.at.getTime() - fitsStartedAt.getTime();
    at = progress.at.getTime() + (elapsed * (progress.total - progress.done)) / progress.done;
  } else if (lastTrainingMs !== null) {
    at = attempt.startedAt.getTime() + lastTrainingMs;
  }
  return at === null ? null : new Date(Math.max(at, now.getTime()));
}

export function modelStatus(inputs: ModelStatusInputs): ModelStatus {
  const { latest, attempt, now } = inputs;
  const running = attempt && !attempt.ended ? attempt : null;
  const training = running
    ? {
        started_at: running.startedAt.toISOString(),
        reason: running.reason,
        progress: running.progress ? running.progress.done / running.progress.total : null,
        ready_at_estimate: iso(readyEstimate(running, inputs.lastTrainingMs, now)),
      }
    : null;
  const ended = attempt?.ended ?? null;
  const ready = latest?.predicts ? latest : null;
  const failure =
    ended?.failure && (!ready || ended.at.getTime() > ready.trainedAt.getTime())
      ? { at: ended.at.toISOString(), reason: ended.failure }
      : null;
  const state: ModelStatus['state'] = ready
    ? 'ready'
    : running
      ? 'training'
      : failure
        ? 'failed'
        : inputs.learner === 'off'
          ? 'off'
          : 'waiting';
  return {
    state,
    version: ready ? `v${ready.version}` : null,
    trained_at: iso(ready?.trainedAt ?? null),
    last_full_training_at: iso(inputs.lastFullTrainingAt),
    training,
    last_failure: failure,
    next_pass_at: inputs.learner === 'running' ? iso(inputs.nextPassAt) : null,
  };
}
