/**
 * Every automated entry is learned from, whichever model (or none) scored it (issue 35, 16: the
 * automation's first run came 19 s after it was switched on, 9.5 minutes before the first model:
 * its entries had no prediction to tie to, so the learner never learned what they made). Through
 * the whole app on PGlite and PostgreSQL: the day's run buys with no model; a model then exists;
 * the learner's next pass adds a row to the prediction log for each entry, tied to its decision,
 * with no model version or probability and the features research read when it decided; once the
 * positions are closed, the next pass resolves each row with what its trade made, and the next
 * training's labels include it. The learning audit's prediction figures still count predictions only.
 *
 * The clock starts at Friday 20 November 2026, 10:30 IST; the last closed day is the 19th.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { LearningDatabaseStats } from '@nivesh/api-contract';
import { ManualClock } from '../clock.js';
import { schema } from '../db/index.js';
import { createControlledFeed } from '../paper/testing.js';
import { createDecisionLog } from '../research/decisions.js';
import { computeIndicators, realisedVolatility } from '../research/indicators.js';
import { fourBuySignalsCandles } from '../research/testing.js';
import { runAutomatedDay, send, signedInApp, testDatabases } from '../testing/index.js';
import { MODEL_NAMES } from './ensemble.js';
import { FEATURE_NAMES, featuresOf } from './features.js';

const CANDLES = fourBuySignalsCandles();
type Symbol = keyof typeof CANDLES;
const last = (symbol: Symbol) => CANDLES[symbol].at(-1)!.close;

for (const target of await testDatabases()) {
  describe(`automated entries no model scored on ${target.name}`, () => {
    const clock = new ManualClock('2026-11-20T05:00:00.000Z');
    const feed = createControlledFeed({
      now: () => clock.now(),
      prices: Object.fromEntries(Object.keys(CANDLES).map((s) => [s, last(s as Symbol)])),
    });
    for (const [symbol, candles] of Object.entries(CANDLES)) feed.setCandles(symbol, candles);
    const s = signedInApp(target, {
      clock,
      deps: { feed, live: null, liveAccount: null, mlUniverse: ['INFY', 'TCS', 'RELIANCE', 'HDFCBANK'] },
    });
    const get = async <T>(url: string): Promise<T> => {
      const res = await send(s.t.app, 'GET', url, { token: s.token });
      assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
      return res.json<{ data: T }>().data;
    };
    const rows = () => s.database.db.select().from(schema.predictions).orderBy(schema.predictions.id);

    it('ties a row to each entry the day’s run made before any model, resolves it by what the trade made, and trains on it', async () => {
      // The run buys with no model: nothing scored, nothing logged.
      const today = await runAutomatedDay(s.t.app, s.token);
      const entries = today!.decisions.filter((d) => d.action === 'ordered').sort((a, b) => a.id - b.id);
      assert.ok(entries.length >= 2, `${entries.length} entries: ${today!.run?.lines.join(' ')}`);
      assert.ok(entries.every((d) => d.ml_probability === null));
      assert.deepEqual(await rows(), []);

      // The first model is stored 9.5 minutes later (its state is never loaded here: nothing is scored).
      clock.advance(570_000);
      await s.database.db.insert(schema.mlModels).values({
        trainedAt: clock.now(),
        kind: 'full',
        samples: 5000,
        weights: Object.fromEntries(MODEL_NAMES.map((name) => [name, 1 / 6])),
        metrics: {
          samples: 5000,
          accuracy: 0.55,
          logLoss: 0.68,
          brier: 0.24,
          perModel: Object.fromEntries(MODEL_NAMES.map((name) => [name, { accuracy: 0.55 }])),
          skill: {
            auc: 0.58,
            aucNeeded: 0.53,
            brierSkill: 0.02,
            baseRate: 0.45,
            samples: 2400,
            hasSkill: true,
          },
        },
        state: {},
      });

      // The learner's next pass ties a row to each entry: no model, no probability, and the
      // features of the 19th (the last closed day when it decided), news missing.
      clock.advance(3_600_000);
      await s.t.app.services.ml.runOnce();
      const added = await rows();
      assert.deepEqual(
        added.map((r) => [r.decisionId, r.symbol, r.modelVersion, r.probability, r.outcomeAt]),
        entries.map((d) => [d.id, d.symbol, null, null, null]),
      );
      const nifty = CANDLES.NIFTY_50.map((c) => c.close);
      for (const row of added) {
        const entry = entries.find((d) => d.id === row.decisionId)!;
        const vector = featuresOf(computeIndicators(CANDLES[row.symbol as Symbol])!, {
          marketVolatility: realisedVolatility(nifty),
          newsSentiment: null,
        });
        assert.deepEqual(row.features, Object.fromEntries(FEATURE_NAMES.map((name, j) => [name, vector[j]])));
        assert.equal(row.tradingDay, '2026-11-20');
        assert.equal(row.entryPaise, Math.round(entry.price * 100));
        assert.equal(row.horizonDays, entry.horizon_days);
      }
      // They are trades, not predictions: the audit's prediction figures do not count them, and
      // with no prediction there is no success rate or confidence to show (null, not 0).
      assert.deepEqual(await get<LearningDatabaseStats>('/api/learning/audit/database-stats'), {
        total_predictions: 0,
        overall_success_rate: null,
        average_confidence: null,
        total_learning_events: 1,
      });

      // The positions close: the first entry won 2.5% after charges, the others lost 1%.
      const log = createDecisionLog(s.database.db);
      const returns = new Map(entries.map((d, i) => [d.id, i === 0 ? 0.025 : -0.01]));
      const closedAt = new Date('2026-11-24T09:00:00.000Z');
      for (const d of entries) {
        const r = returns.get(d.id)!;
        await log.recordOutcome(d.id, {
          at: closedAt,
          kind: r > 0 ? 'target' : 'stop',
          returnAfterCosts: r,
          pnlPaise: Math.round(r * 500_000),
        });
      }
      clock.set('2026-11-24T10:00:00.000Z');
      await s.t.app.services.ml.runOnce();
      const resolved = await rows();
      assert.deepEqual(
        resolved.map((r) => [r.decisionId, r.won, r.outcomeReturn, r.outcomeAt?.toISOString()]),
        entries.map((d) => [d.id, returns.get(d.id)! > 0, returns.get(d.id), closedAt.toISOString()]),
      );
      // What the next training labels by: each entry with what it made.
      const decided = await s.t.app.services.ml.store.decidedOutcomes(new Date('2026-01-01T00:00:00.000Z'));
      assert.deepEqual(
        decided.map((p) => [p.decisionId, p.returnAfterCosts]),
        entries.map((d) => [d.id, returns.get(d.id)]),
      );
    });
  });
}
