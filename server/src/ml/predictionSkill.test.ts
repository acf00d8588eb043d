/**
 * The model's skill where its predictions are read (issue 35, 15: ten BUY signals scored at the same
 * 43.8% while the members disagreed, any raw score from 0.589 up mapped to 100%), through the whole
 * app on PGlite and PostgreSQL. Two model versions are stored here, as a training would store them,
 * over one ensemble fitted on 60 made-up rows and a calibration of its own predictions on them (60
 * outcomes: fewer than two steps need, so one step):
 * - v1, without skill out of sample: every BUY's prediction says the model cannot tell signals
 *   apart, its probability is strictly between 0 and 1, and the automation's run decides on each
 *   strategy's own confidence, saying why;
 * - v2, with skill: the four BUY signals get the one step's probability, and each says the
 *   calibration gives them the same value.
 *
 * The clock stands still at Friday 20 November 2026, 10:30 IST; the last closed day is the 19th.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ResearchAnalysis } from '@nivesh/api-contract';
import { Ratio } from '@nivesh/api-contract';
import { ManualClock } from '../clock.js';
import { schema } from '../db/index.js';
import { createControlledFeed } from '../paper/testing.js';
import { fourBuySignalsCandles } from '../research/testing.js';
import { runAutomatedDay, send, signedInApp, testDatabases } from '../testing/index.js';
import { fitIsotonic } from './calibration.js';
import { MODEL_NAMES, trainEnsemble } from './ensemble.js';
import { FEATURE_NAMES } from './features.js';
import type { ModelSkill } from './skill.js';

// Four stocks with a BUY each: three rising at different rates (trend following), one breaking out.
const CANDLES = fourBuySignalsCandles();
const last = (symbol: keyof typeof CANDLES) => CANDLES[symbol].at(-1)!.close;

/** 60 made-up feature rows (a fixed sequence) and a label that follows two of them. */
function madeUpRows() {
  let x = 12_345;
  const next = () => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    return x / 2_147_483_648 - 0.5;
  };
  const rows = Array.from({ length: 60 }, () => FEATURE_NAMES.map(() => next()));
  const labels = rows.map((row) => (row[0]! + row[3]! > 0 ? 1 : 0));
  return { rows, labels };
}

const { rows, labels } = madeUpRows();
const ensemble = trainEnsemble(rows, labels, { trees: 5 });
const calibration = fitIsotonic(
  rows.map((row) => ensemble.predict(row).probability),
  labels,
);

function version(skill: ModelSkill) {
  return {
    trainedAt: new Date('2026-11-19T12:00:00.000Z'),
    kind: 'full',
    samples: 60,
    weights: ensemble.weights,
    metrics: {
      samples: 60,
      accuracy: 0.5,
      logLoss: 0.69,
      brier: 0.25,
      perModel: Object.fromEntries(MODEL_NAMES.map((name) => [name, { accuracy: 0.5 }])),
      skill,
    },
    state: { ensemble: ensemble.toJSON(), calibration, permutation: FEATURE_NAMES.map(() => 0) },
  };
}

for (const target of await testDatabases()) {
  describe(`the model's skill in its predictions on ${target.name}`, () => {
    const clock = new ManualClock('2026-11-20T05:00:00.000Z');
    const feed = createControlledFeed({
      now: () => clock.now(),
      prices: {
        INFY: last('INFY'),
        TCS: last('TCS'),
        RELIANCE: last('RELIANCE'),
        HDFCBANK: last('HDFCBANK'),
        NIFTY_50: last('NIFTY_50'),
      },
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
    const buys = async () =>
      (await get<ResearchAnalysis>('/api/research/analysis')).recommendations.filter(
        (r) => r.signal === 'BUY',
      );

    it('says on each prediction of a model without skill that it cannot tell signals apart, and the allocator keeps the strategies’ confidence', async () => {
      // The calibration of 60 outcomes is one step (at least 50 a step), strictly inside 0-1.
      assert.equal(calibration.values.length, 1);
      await s.database.db.insert(schema.mlModels).values(
        version({
          auc: 0.51,
          aucNeeded: 0.53,
          brierSkill: -0.004,
          baseRate: 0.44,
          samples: 1204,
          hasSkill: false,
        }),
      );
      const signals = await buys();
      assert.deepEqual(signals.map((b) => b.symbol).sort(), ['HDFCBANK', 'INFY', 'RELIANCE', 'TCS']);
      const sentence =
        'Model v1 cannot tell signals apart: its out-of-sample AUC is 0.51, not clearly above chance ' +
        "(0.53 needed on 1,204 held-out signals); the allocator uses each strategy's own confidence.";
      for (const b of signals) {
        assert.ok(b.ml, `${b.symbol} is scored`);
        assert.equal(
          b.ml.probability,
          Ratio.parse(calibration.values[0]),
          'the step, at the answer’s 4 decimals',
        );
        assert.ok(b.ml.probability > 0 && b.ml.probability < 1);
        assert.deepEqual(b.ml.skill, {
          auc: 0.51,
          auc_needed: 0.53,
          brier_skill: -0.004,
          base_rate: 0.44,
          samples: 1204,
          has_skill: false,
        });
        assert.equal(b.ml.cannot_tell_apart, sentence);
      }

      // The day's run: every decision's confidence is its strategy's, the model's probability beside it.
      const today = await runAutomatedDay(s.t.app, s.token);
      assert.ok(today?.run, 'the run happened');
      assert.ok(today.run.lines.includes(sentence), today.run.lines.join('\n'));
      const strategy = new Map(signals.map((b) => [b.symbol, b.confidence]));
      assert.equal(today.decisions.length, 4);
      for (const d of today.decisions) {
        assert.equal(d.confidence, strategy.get(d.symbol), d.symbol);
        assert.equal(d.ml_probability, Ratio.parse(calibration.values[0]), d.symbol);
      }
    });

    it('says when the calibration gives many of the day’s signals the same probability', async () => {
      await s.database.db.insert(schema.mlModels).values(
        version({
          auc: 0.62,
          aucNeeded: 0.53,
          brierSkill: 0.03,
          baseRate: 0.44,
          samples: 1204,
          hasSkill: true,
        }),
      );
      // The learner reads a newer version at most once a minute; research recomputes each minute.
      clock.advance(61_000);
      const signals = await buys();
      const raws = signals.map((b) => b.ml!.raw_probability);
      assert.equal(new Set(raws).size, 4, 'the members tell the four apart');
      const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
      const sentence =
        `Model v2 gives 4 of the day's 4 scored BUY signals the same ${pct(calibration.values[0]!)} ` +
        `(raw ${pct(Math.min(...raws))} to ${pct(Math.max(...raws))}): it cannot tell them apart.`;
      for (const b of signals) {
        assert.equal(b.ml!.model_version, 'v2');
        assert.equal(b.ml!.skill.has_skill, true);
        assert.equal(b.ml!.probability, Ratio.parse(calibration.values[0]));
        assert.equal(b.ml!.cannot_tell_apart, sentence);
      }
    });
  });
}
