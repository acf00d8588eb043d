/**
 * What the pages are told of the model on a fresh install, through the whole app: while the first
 * training fits, when it should be ready (from the pace of its fitting), and after it fails, why.
 * The training is the test's own (`mlTrain`): it reports progress and fails when told, so nothing
 * here waits on time.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { MlIntelligenceMetrics } from '@nivesh/api-contract';
import { ManualClock } from '../clock.js';
import { send, signedInApp, testDatabases } from '../testing/index.js';
import type { OnTrainProgress } from './trainer.js';

for (const target of await testDatabases()) {
  describe(`the model's state on a fresh install on ${target.name}`, () => {
    // Friday 20 November 2026, 10:30 IST.
    const clock = new ManualClock('2026-11-20T05:00:00.000Z');
    let report: OnTrainProgress = () => {};
    let fail: (error: Error) => void = () => {};
    let markStarted: () => void = () => {};
    const started = new Promise<void>((resolve) => (markStarted = resolve));
    const s = signedInApp(target, {
      clock,
      deps: {
        live: null,
        liveAccount: null,
        mlHistoryYears: 1,
        mlUniverse: ['INFY'],
        mlTrain: (_input, _signal, onProgress) =>
          new Promise((_resolve, reject) => {
            report = onProgress ?? report;
            fail = reject;
            markStarted();
          }),
      },
    });
    const model = async () => {
      const res = await send(s.t.app, 'GET', '/api/ml/intelligence-metrics', { token: s.token });
      assert.equal(res.statusCode, 200, res.body);
      return res.json<{ data: MlIntelligenceMetrics }>().data;
    };
    let training: Promise<number | null>;

    it('says the first model is being trained, and when it should be ready', async () => {
      training = s.t.app.services.ml.train('no model yet');
      await started;
      let metrics = await model();
      assert.deepEqual(metrics.model, {
        state: 'training',
        version: null,
        trained_at: null,
        last_full_training_at: null,
        training: {
          started_at: '2026-11-20T05:00:00.000Z',
          reason: 'no model yet',
          progress: null,
          ready_at_estimate: null,
        },
        last_failure: null,
        // The learner's loop does not run in tests (as under NIVESH_LEARNING_OFF).
        next_pass_at: null,
      });
      // No model: no health figure to show, not a low one.
      assert.equal(metrics.system_health.overall_health, null);
      assert.equal(metrics.system_health.model_health, null);

      // The dataset is built at 10:30:20; at 10:30:50 a quarter of the rows are fitted: the other
      // three quarters take 90 s more, so it should be ready at 10:32:20 IST.
      clock.set('2026-11-20T05:00:20.000Z');
      report({ done: 0, total: 40_000 });
      clock.set('2026-11-20T05:00:50.000Z');
      report({ done: 10_000, total: 40_000 });
      clock.set('2026-11-20T05:00:55.000Z');
      metrics = await model();
      assert.equal(metrics.model.state, 'training');
      assert.equal(metrics.model.training?.progress, 0.25);
      assert.equal(metrics.model.training?.ready_at_estimate, '2026-11-20T05:02:20.000Z');
    });

    it('says when the training failed and why, and that no retry comes while the learner is off', async () => {
      fail(new Error('ml training failed: too few rows to validate a model: 12'));
      await assert.rejects(training, /too few rows/);
      const metrics = await model();
      assert.equal(metrics.model.state, 'failed');
      assert.equal(metrics.model.training, null);
      assert.deepEqual(metrics.model.last_failure, {
        at: '2026-11-20T05:00:55.000Z',
        reason: 'ml training failed: too few rows to validate a model: 12',
      });
      assert.equal(metrics.model.next_pass_at, null);
    });
  });
}
