import { makeMlIntelligenceMetrics } from '@nivesh/api-contract/testing';
import type { ModelStatus } from '@nivesh/api-contract';
import { describeModel } from './modelStatus';

const ready = makeMlIntelligenceMetrics().model;
const none: ModelStatus = {
  state: 'waiting',
  version: null,
  trained_at: null,
  last_full_training_at: null,
  training: null,
  last_failure: null,
  next_pass_at: '2026-12-02T05:31:16.000Z',
};

describe('describeModel', () => {
  it('says a first model is being trained, how far, and when it should be ready, in IST', () => {
    const model: ModelStatus = {
      ...none,
      state: 'training',
      training: {
        started_at: '2026-12-02T04:31:16.000Z',
        reason: 'no model yet',
        progress: 0.4,
        ready_at_estimate: '2026-12-02T04:33:20.000Z',
      },
    };
    expect(describeModel(model)).toEqual({
      short: 'Training',
      headline: 'Training the first model',
      detail:
        'Started 10:01:16 am IST, 40% fitted; ready about 10:03:20 am IST. ML figures appear once it is ready.',
      tone: 'pending',
    });
    expect(
      describeModel({ ...model, training: { ...model.training!, progress: null, ready_at_estimate: null } })
        .detail,
    ).toBe(
      'Started 10:01:16 am IST; the ready time is estimated once its first fit is done. ML figures appear once it is ready.',
    );
  });

  it('says why there is no model and what comes next: the next pass, a failure and its retry, or learning off', () => {
    expect(describeModel(none).detail).toBe(
      "The first training starts at the learner's next pass, 02 Dec 2026, 11:01 am IST.",
    );
    expect(
      describeModel({
        ...none,
        state: 'failed',
        last_failure: {
          at: '2026-12-02T04:33:00.000Z',
          reason: 'ml training failed: too few rows to validate a model: 12',
        },
      }),
    ).toEqual({
      short: 'Training failed',
      headline: 'No model: the training failed',
      detail:
        "It failed 02 Dec 2026, 10:03 am IST: ml training failed: too few rows to validate a model: 12. Retrying at the learner's next pass, 02 Dec 2026, 11:01 am IST.",
      tone: 'problem',
    });
    expect(describeModel({ ...none, state: 'off', next_pass_at: null }).detail).toBe(
      'The learner does not run on this server (NIVESH_LEARNING_OFF): start it without that setting to train one.',
    );
  });

  it('names the model in use and when it was trained', () => {
    expect(describeModel(ready)).toMatchObject({
      short: 'v4',
      headline: 'Model v4',
      detail: 'Model v4 in use, trained 02 Mar 2026, 02:00 pm IST.',
      tone: 'ok',
    });
  });
});
