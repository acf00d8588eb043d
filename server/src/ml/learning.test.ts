/**
 * The learner through the whole app on the simulated market, on PGlite and PostgreSQL, over twelve
 * trading days: the first pass trains a model off the request path (a worker thread); the
 * research signals then carry its calibrated probability with three explanations; each trading
 * day's BUY signals are logged once, their outcomes are filled in from the candles after their
 * horizon (or stop or target), the weekly retraining makes new versions whose weights differ, and
 * the learning audit's buckets and drift panel read those real outcomes.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type {
  EnsembleStatus,
  LearningDatabaseStats,
  ModelDrift,
  PredictionAccuracy,
  ResearchAnalysis,
} from '@nivesh/api-contract';
import { ManualClock } from '../clock.js';
import { schema } from '../db/index.js';
import { loadHolidayCalendar } from '../market/holidays.js';
import { isTradingDay, addDays } from '../market/tradingDays.js';
import { runAutomatedDay, send, signedInApp, signIn, testDatabases } from '../testing/index.js';

/** Eight NIFTY 50 stocks keep each training to seconds. */
const UNIVERSE = ['RELIANCE', 'TCS', 'INFY', 'HDFCBANK', 'ICICIBANK', 'ITC', 'LT', 'SBIN'];

for (const target of await testDatabases()) {
  describe(`the learner on the simulated market on ${target.name}`, () => {
    // Friday 20 November 2026, 10:30 IST.
    const clock = new ManualClock('2026-11-20T05:00:00.000Z');
    const s = signedInApp(target, {
      clock,
      deps: { live: null, liveAccount: null, mlHistoryYears: 1, mlUniverse: UNIVERSE },
    });
    const get = async <T>(url: string): Promise<T> => {
      let res = await send(s.t.app, 'GET', url, { token: s.token });
      if (res.statusCode === 401) {
        s.token = await signIn(s.t.app);
        res = await send(s.t.app, 'GET', url, { token: s.token });
      }
      assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
      return res.json<{ data: T }>().data;
    };
    const models = () => s.database.db.select().from(schema.mlModels).orderBy(schema.mlModels.version);
    const predictions = () => s.database.db.select().from(schema.predictions);

    it('trains a first model, and research shows its calibrated probability with three explanations', async () => {
      await s.t.app.services.ml.runOnce();
      const [v1, ...rest] = await models();
      assert.equal(rest.length, 0);
      assert.equal(v1!.kind, 'full');
      assert.ok(v1!.samples >= 40, `trained on ${v1!.samples} rows`);

      const analysis = await get<ResearchAnalysis>('/api/research/analysis');
      const buys = analysis.recommendations.filter((r) => r.signal === 'BUY');
      for (const r of analysis.recommendations) {
        if (r.signal !== 'BUY') assert.equal(r.ml, null, `${r.symbol} ${r.signal} carries no prediction`);
      }
      // The version carries its skill out of sample; each prediction says whether it can tell
      // signals apart.
      const { skill } = await get<EnsembleStatus>('/api/ml/ensemble/status');
      assert.ok(skill, 'the version stores its out-of-sample skill');
      for (const r of buys) {
        assert.ok(r.ml, `${r.symbol} BUY is scored`);
        assert.equal(r.ml.model_version, `v${v1!.version}`);
        assert.ok(r.ml.probability > 0 && r.ml.probability < 1, 'never 0 or 1');
        assert.deepEqual(r.ml.skill, skill);
        if (!skill.has_skill)
          assert.match(r.ml.cannot_tell_apart ?? '', /^Model v1 cannot tell signals apart: /);
        assert.ok(r.ml.explanation.linear.length > 0, 'exact linear contributions');
        assert.ok(r.ml.explanation.local_surrogate.length > 0, 'local surrogate');
        assert.ok(r.ml.explanation.permutation.length > 0, 'permutation importance');
      }
      // Each BUY of the day is logged once, however often research is read.
      await get<ResearchAnalysis>('/api/research/analysis');
      const logged = await predictions();
      assert.deepEqual(logged.map((p) => p.symbol).sort(), buys.map((b) => b.symbol).sort());

      // Every BUY the allocator looked at records the calibrated probability; an ordered entry also
      // records its expected outcome, a skipped one none (nothing was sized). The allocator decides
      // on that probability only when the model has skill, else on each strategy's own confidence.
      const today = await runAutomatedDay(s.t.app, s.token);
      const probability = new Map(buys.map((b) => [b.symbol, b.ml!.probability]));
      const strategyConfidence = new Map(analysis.recommendations.map((r) => [r.symbol, r.confidence]));
      assert.ok(today && today.decisions.length > 0, 'the run decided');
      assert.match(
        today.run!.lines.join(' '),
        skill.has_skill
          ? /calibrated probability of a win after charges \(v1\)/
          : /Model v1 cannot tell signals apart: .*; the allocator uses each strategy's own confidence\./,
      );
      for (const d of today.decisions) {
        assert.equal(d.ml_probability, probability.get(d.symbol) ?? null, d.symbol);
        assert.equal(
          d.confidence,
          skill.has_skill
            ? (probability.get(d.symbol) ?? strategyConfidence.get(d.symbol))
            : strategyConfidence.get(d.symbol),
          d.symbol,
        );
        if (d.action === 'skipped') assert.equal(d.expected_pnl, null);
        if (d.action === 'ordered') assert.equal(typeof d.expected_pnl, 'number');
      }
      await send(s.t.app, 'POST', '/api/allocation/automation', { token: s.token, body: { enabled: false } });
    });

    it('over twelve trading days: outcomes filled in, new versions with other weights, real buckets and drift', async () => {
      const calendar = loadHolidayCalendar(null);
      let day = '2026-11-20';
      for (let n = 0; n < 12;) {
        day = addDays(day, 1);
        if (!isTradingDay(day, calendar)) continue;
        n += 1;
        clock.set(`${day}T05:00:00.000Z`);
        await get<ResearchAnalysis>('/api/research/analysis');
        clock.set(`${day}T06:00:00.000Z`);
        await s.t.app.services.ml.runOnce();
      }
      const logged = await predictions();
      const resolved = logged.filter((p) => p.outcomeAt !== null);
      assert.ok(logged.length > 20, `${logged.length} predictions logged`);
      assert.ok(resolved.length > 0, 'outcomes were filled in');
      for (const p of resolved) assert.equal(p.won, (p.outcomeReturn ?? 0) > 0);

      const versions = await models();
      assert.ok(versions.length >= 2, `${versions.length} versions`);
      assert.notDeepEqual(versions.at(-1)!.weights, versions[0]!.weights, 'the ensemble weights changed');

      const stats = await get<LearningDatabaseStats>('/api/learning/audit/database-stats');
      assert.equal(stats.total_predictions, logged.length);
      const accuracy = await get<PredictionAccuracy>('/api/learning/audit/accuracy');
      assert.equal(
        accuracy.buckets.reduce((sum, b) => sum + b.count, 0),
        resolved.length,
        'every resolved prediction is in one bucket',
      );
      const wins = resolved.filter((p) => p.won).length;
      assert.equal(Math.round(stats.overall_success_rate! * resolved.length), wins);
      // Twelve trading days are all inside the recent window (14 days): the baseline has no outcome
      // yet, so there is no test and no drift; the recent figure is the share called right.
      const drift = await get<ModelDrift>('/api/learning/audit/drift');
      // Every row here was scored by a model (the automated entries of the first test too, by v1).
      assert.ok(resolved.every((p) => p.modelVersion !== null && p.probability !== null));
      const right = resolved.filter((p) => (p.probability ?? Number.NaN) >= 0.5 === p.won).length;
      assert.deepEqual(drift, {
        baseline_performance: null,
        recent_performance: right / resolved.length,
        performance_delta: null,
        drift_detected: false,
      });
    });
  });
}
