/** Where the model stands, on hand-worked times. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { modelStatus, type ModelStatusInputs } from './modelStatus.js';
import type { TrainingAttempt } from './service.js';

// The server started at 10:00:00 IST (04:30 UTC); the learner's next pass is an hour later.
const START = new Date('2026-12-02T04:30:00.000Z');
const at = (seconds: number) => new Date(START.getTime() + seconds * 1000);
const NEXT_PASS = at(3600);

const base: ModelStatusInputs = {
  now: at(60),
  latest: null,
  lastFullTrainingAt: null,
  learner: 'running',
  attempt: null,
  lastTrainingMs: null,
  nextPassAt: NEXT_PASS,
};

const attempt = (overrides: Partial<TrainingAttempt> = {}): TrainingAttempt => ({
  startedAt: START,
  reason: 'no model yet',
  progress: null,
  fitsStartedAt: null,
  ended: null,
  ...overrides,
});

describe('modelStatus', () => {
  it('is training on a fresh install, ready when the pace of its fitting says', () => {
    // Its dataset was built at 10:00:20; by 10:00:50 it had fitted 10,000 of 40,000 rows: 30 s for
    // a quarter, so the other 30,000 take 90 s more: ready at 10:02:20 IST (04:32:20 UTC).
    const status = modelStatus({
      ...base,
      attempt: attempt({
        fitsStartedAt: at(20),
        progress: { done: 10_000, total: 40_000, at: at(50) },
      }),
    });
    assert.deepEqual(status, {
      state: 'training',
      version: null,
      trained_at: null,
      last_full_training_at: null,
      training: {
        started_at: '2026-12-02T04:30:00.000Z',
        reason: 'no model yet',
        progress: 0.25,
        ready_at_estimate: '2026-12-02T04:32:20.000Z',
      },
      last_failure: null,
      next_pass_at: '2026-12-02T05:30:00.000Z',
    });
  });

  it('estimates from the last training when the fitting has not reported yet, and gives none when neither is known', () => {
    const early = {
      ...base,
      attempt: attempt({ fitsStartedAt: at(20), progress: { done: 0, total: 40_000, at: at(20) } }),
    };
    assert.equal(modelStatus(early).training?.ready_at_estimate, null);
    assert.equal(modelStatus(early).training?.progress, 0);
    // The last training took 2 minutes: ready at 10:02:00 IST.
    assert.equal(
      modelStatus({ ...early, lastTrainingMs: 120_000 }).training?.ready_at_estimate,
      '2026-12-02T04:32:00.000Z',
    );
    // An estimate already passed is now: it is about to finish.
    assert.equal(
      modelStatus({ ...early, now: at(300), lastTrainingMs: 120_000 }).training?.ready_at_estimate,
      '2026-12-02T04:35:00.000Z',
    );
  });

  it('says a first training failed, why, and that the next pass tries again', () => {
    const status = modelStatus({
      ...base,
      attempt: attempt({
        ended: { at: at(45), failure: 'ml training failed: too few rows to validate a model: 12' },
      }),
    });
    assert.equal(status.state, 'failed');
    assert.deepEqual(status.last_failure, {
      at: '2026-12-02T04:30:45.000Z',
      reason: 'ml training failed: too few rows to validate a model: 12',
    });
    assert.equal(status.training, null);
    assert.equal(status.next_pass_at, '2026-12-02T05:30:00.000Z');
    // With the learner off here, nothing retries: no next pass.
    const off = modelStatus({
      ...base,
      learner: 'off',
      attempt: attempt({ ended: { at: at(45), failure: 'x' } }),
    });
    assert.deepEqual([off.state, off.next_pass_at], ['failed', null]);
  });

  it('is off when the learner does not run here, and waiting for its next pass when it runs but has not trained', () => {
    assert.deepEqual(
      [modelStatus({ ...base, learner: 'off' }).state, modelStatus({ ...base, learner: 'off' }).next_pass_at],
      ['off', null],
    );
    assert.deepEqual(
      [modelStatus(base).state, modelStatus(base).next_pass_at],
      ['waiting', '2026-12-02T05:30:00.000Z'],
    );
    // Another process leads the learner: no next pass known here.
    assert.equal(modelStatus({ ...base, learner: 'elsewhere', nextPassAt: null }).next_pass_at, null);
  });

  it('is ready with a model that predicts, saying a retraining under way or one that failed after it', () => {
    const latest = { version: 3, trainedAt: at(-86_400), predicts: true };
    const retraining = modelStatus({
      ...base,
      latest,
      lastFullTrainingAt: at(-7 * 86_400),
      attempt: attempt({ reason: 'the last full training is 7 days old' }),
    });
    assert.equal(retraining.state, 'ready');
    assert.equal(retraining.version, 'v3');
    assert.equal(retraining.trained_at, '2026-12-01T04:30:00.000Z');
    assert.equal(retraining.last_full_training_at, '2026-11-25T04:30:00.000Z');
    assert.equal(retraining.training?.reason, 'the last full training is 7 days old');
    const failedAfter = modelStatus({
      ...base,
      latest,
      attempt: attempt({ ended: { at: at(40), failure: 'the worker ended (SIGKILL) without an answer' } }),
    });
    assert.deepEqual(
      [failedAfter.state, failedAfter.last_failure?.reason],
      ['ready', 'the worker ended (SIGKILL) without an answer'],
    );
    // A model stored before its skill was measured does not predict: not ready.
    assert.equal(modelStatus({ ...base, latest: { ...latest, predicts: false } }).state, 'waiting');
  });
});
