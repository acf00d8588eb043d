/**
 * The learner: trains the ensemble, scores the research signals with it, logs every prediction,
 * fills in outcomes, updates the model every hour of the session, watches for drift and prunes.
 * Everything it learns is stored (ml/store.ts), so each process and restart reads the same model.
 *
 * The loop (`runOnce`, every LEARNING_PASS_MS; app.ts runs it as the `ml_learner` engine):
 * 0. Entries: every automated entry (the automation's ordered decisions) has a row in the log tied
 *    to it, whichever model (or none) scored it: the automation ties the day's prediction of the
 *    stock; an entry no model scored (no model yet, as in the first run after the automation is
 *    switched on) gets a row from the decision, without a model version or probability
 *    (`adoptDecisions`). So what every entry made is learned from: in the patterns and the features
 *    of winning and losing trades, and as the label of its stock and day in the next full training.
 * 1. Outcomes: an open prediction tied to a decision takes the decision's outcome after charges
 *    (what the account really made); any other, or one whose order never filled, is resolved on
 *    the daily candles after its day by the same exit walk as the training labels (dataset.ts
 *    `tradeOutcome`: stop first, target, or the close of the horizon day).
 * 2. Full training: when there is no model, every RETRAIN_DAYS (a week: the online updates adapt in
 *    between), at the next pass after drift is detected, and when the model's skill out of sample
 *    was never measured (a version stored before it was: not predicted with). Off the request
 *    path: a worker process builds the dataset from HISTORY_YEARS of daily candles of the universe,
 *    the automation's closed entries labelled by what they made (dataset.ts `decided`), and fits
 *    the ensemble, its calibration and its skill (trainer.ts, skill.ts).
 * 3. Online update, in the session only: from the predictions (rows a model scored) resolved since the current version,
 *    each member's accuracy is measured on the older two thirds and blended into its stored
 *    accuracy with step LEARNING_RATE; the new weights are kept (a new version) only when they
 *    lower the log loss on the newest third. Either way the update is a learning event with both
 *    losses. Per strategy, when a strategy's resolved predictions (at least
 *    STRATEGY_MIN_OUTCOMES in STRATEGY_WINDOW_DAYS) win more or less often than predicted by more
 *    than STRATEGY_GAP, its probabilities get that offset (capped at ±MAX_STRATEGY_OFFSET): a
 *    strategy refinement.
 * 4. Patterns (patterns.ts): a pattern not seen in the last PATTERN_MEMORY_DAYS is an event.
 * 5. Drift (audit.ts modelDrift, drift.ts's z-test): detected drift is an event, a high alert with
 *    the specification's warning, a retraining, and the capital phase one step down
 *    (analytics/capitalPhase.ts) until a later pass finds the model recovered.
 * 6. Once a day, predictions older than RETENTION_DAYS are pruned (an event with the count).
 */
import { inArray, sql } from 'drizzle-orm';
import { istDay, type SignalPrediction } from '@nivesh/api-contract';
import type { Clock } from '../clock.js';
import { schema, type Db } from '../db/index.js';
import type { HolidayCalendar } from '../market/calendar.js';
import type { Candle, MarketFeed } from '../market/feed.js';
import {
  addDays,
  isTradingDay,
  lastClosedTradingDay,
  sessionCloseAt,
  sessionOpenAt,
  yearsBefore,
} from '../market/tradingDays.js';
import type { CostSettings } from '../paper/costs.js';
import { toPaise, toRupees } from '../paper/money.js';
import type { DecisionLog } from '../research/decisions.js';
import {
  computeIndicators,
  realisedVolatility,
  STOCK_CALENDAR_DAYS,
  type IndicatorSnapshot,
} from '../research/indicators.js';
import { STRATEGIES, type StrategyId, type StrategySignal } from '../research/strategies.js';
import { modelDrift, type PredictionRecord } from './audit.js';
import { tradeOutcome } from './dataset.js';
import { MODEL_NAMES, weightsFromAccuracy, type ModelName } from './ensemble.js';
import { featuresOf, FEATURE_NAMES } from './features.js';
import { stepBounds, stepOf } from './calibration.js';
import {
  collapsedSignals,
  explainedPrediction,
  loadModel,
  ModelState,
  predictsWith,
  type ExplainedPrediction,
  type LoadedModel,
} from './model.js';
import { learnedPatterns } from './patterns.js';
import { createMlStore, type ModelMetrics, type StoredPrediction } from './store.js';
import type { DatasetInput, DecidedTrade } from './dataset.js';
import type { OnTrainProgress, TrainOutput } from './trainer.js';
import type { Notify } from '../notifications/notifier.js';
import { resolveAlerts } from '../risk/alertResolution.js';

export const LEARNING_PASS_MS = 60 * 60 * 1000;
/** Years of daily candles a full training reads. */
const HISTORY_YEARS = 3;
/** Step of the online update's blend of each member's measured accuracy into its stored one. */
export const LEARNING_RATE = 0.2;
/** Days between full trainings. */
const RETRAIN_DAYS = 7;
/** Resolved predictions an online update needs (two thirds to fit, one third to validate). */
const MIN_UPDATE_ROWS = 12;
const RETENTION_DAYS = 730;
const PATTERN_MEMORY_DAYS = 30;
const STRATEGY_WINDOW_DAYS = 60;
const STRATEGY_MIN_OUTCOMES = 20;
const STRATEGY_GAP = 0.1;
const MAX_STRATEGY_OFFSET = 0.15;
/** Open predictions (and automated entries without one) looked at per pass. */
const RESOLVE_BATCH = 500;
/** Calendar days of NIFTY 50 candles its 20-day realised volatility is read from (about 40 trading days). */
const BENCHMARK_CALENDAR_DAYS = 60;
const DAY_MS = 86_400_000;
/** The specification's warning, in the alert too. */
const DRIFT_WARNING =
  'Model drift detected! Recent performance has declined significantly. Consider retraining.';

interface Log {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface MlServiceDeps {
  db: Db;
  clock: Clock;
  calendar: HolidayCalendar;
  feed: MarketFeed;
  /** The paper engine's cost settings (labels and expected outcomes are after these charges). */
  costs: () => Promise<CostSettings>;
  /** The stocks trained on and scored. */
  universe: () => readonly string[];
  /** Rupees of one trade, as research sizes it. */
  intendedValue: number;
  decisions: DecisionLog;
  /**
   * Fits a model off the request path (trainer.ts trainModel); the signal ends it early, and
   * `onProgress` hears how far its fitting is.
   */
  train: (
    input: DatasetInput,
    signal?: AbortSignal,
    onProgress?: OnTrainProgress,
  ) => Promise<TrainOutput | null>;
  /** News sentiment of each stock recent headlines name, −1..1 (news/pipeline.ts sentimentBySymbol). */
  newsSentiment: () => Promise<ReadonlyMap<string, number>>;
  log: Log;
  /** Years of history a full training reads (tests use fewer). Default HISTORY_YEARS. */
  historyYears?: number;
  /** Sends the drift alert (ML confidence dropping) out (email, Telegram) as the operator chose. */
  notify?: Notify;
}

/** A full training this process started, and how far it is (ml/modelStatus.ts words it). */
export interface TrainingAttempt {
  startedAt: Date;
  reason: string;
  /** Rows fitted of all it will fit, and when that was heard; null before its dataset is built. */
  progress: { done: number; total: number; at: Date } | null;
  /** When its fitting began (the dataset built). */
  fitsStartedAt: Date | null;
  /** When it ended, and why without a model (null: it stored one). */
  ended: { at: Date; failure: string | null } | null;
}

/** What research hands over to be scored: today's best signal per stock with its indicators. */
export interface ScoreInput {
  signals: readonly StrategySignal[];
  indicators: ReadonlyMap<string, IndicatorSnapshot>;
  /** NIFTY 50's realised volatility, or null. */
  marketVolatility: number | null;
}

const logLoss = (p: number, won: boolean) => {
  const q = Math.min(1 - 1e-9, Math.max(1e-9, p));
  return -(won ? Math.log(q) : Math.log(1 - q));
};

/** A prediction record as the pure audit functions read it. */
export function recordOf(p: StoredPrediction): PredictionRecord {
  return {
    predictedAt: p.predictedAt,
    tradingDay: p.tradingDay,
    symbol: p.symbol,
    strategy: p.strategy,
    probability: p.probability,
    features: p.features,
    won: p.won,
    outcomeReturn: p.outcomeReturn,
    outcomeAt: p.outcomeAt,
    modelVersion: p.modelVersion,
  };
}

export function createMlService(deps: MlServiceDeps) {
  const { db, clock, calendar, feed, log } = deps;
  const store = createMlStore(db);
  const historyYears = deps.historyYears ?? HISTORY_YEARS;
  let loaded: { model: LoadedModel; offsets: Record<string, number>; checkedAt: number } | null = null;
  let training: Promise<number | null> | null = null;
  let retrainAsked = false;
  // Aborted when the process closes: a training in its worker is ended, not waited for.
  const closing = new AbortController();
  let lastPassAt: Date | null = null;
  /** The last full training this process started (running while `ended` is null). */
  let lastAttempt: TrainingAttempt | null = null;
  const explainedCache = new Map<string, ReturnType<typeof explainedPrediction>>();
  /** Stocks whose prediction of the day is logged (by this or another process: the insert skips those). */
  const logged = new Set<string>();

  /** The newest model, re-read when a newer version may exist (at most once a minute). */
  async function currentModel(): Promise<{ model: LoadedModel; offsets: Record<string, number> } | null> {
    const now = clock.nowMs();
    if (loaded && now - loaded.checkedAt < 60_000) return loaded;
    const [row] = await db
      .select({ version: sql<number>`max(${schema.mlModels.version})` })
      .from(schema.mlModels);
    const latest = row?.version ?? null;
    if (latest === null) return (loaded = null);
    if (!loaded || loaded.model.version !== latest) {
      const stored = await store.latestModel();
      // A version stored before its skill was measured is not predicted with (trainingDue replaces it).
      if (!stored || !predictsWith(stored)) return (loaded = null);
      const state = ModelState.parse(stored.state);
      loaded = {
        model: loadModel(stored),
        offsets: state.strategyOffsets ?? {},
        checkedAt: now,
      };
    }
    loaded.checkedAt = now;
    return loaded;
  }

  /**
   * The model's prediction for each BUY signal (none without a model). A strategy's refinement
   * offset moves its probability within what the calibration step's count allows
   * (calibration.ts stepBounds), so it never reaches 0 or 1. Each prediction says when the model
   * cannot tell it apart from others: the model has no skill (every prediction), or the
   * calibration gives COLLAPSE_MIN_SIGNALS or more of these signals the same probability
   * (model.ts collapsedSignals). On a trading day the first prediction of each stock is logged,
   * with its features and explanation, for the audit.
   */
  async function scoreSignals(input: ScoreInput): Promise<Map<string, SignalPrediction>> {
    const out = new Map<string, SignalPrediction>();
    const current = await currentModel();
    if (!current) return out;
    const { model } = current;
    const now = clock.now();
    const day = istDay(now);
    const logToday = isTradingDay(day, calendar);
    const toLog = [];
    const news = await deps.newsSentiment().catch((error: unknown) => {
      log.warn({ err: error }, 'ml: news sentiment unavailable; scored without it');
      return new Map<string, number>();
    });
    const scored: Array<{ signal: StrategySignal; row: number[]; explained: ExplainedPrediction }> = [];
    for (const signal of input.signals) {
      if (signal.signal !== 'BUY') continue;
      const indicators = input.indicators.get(signal.symbol);
      if (!indicators) continue;
      const row = featuresOf(indicators, {
        marketVolatility: input.marketVolatility,
        newsSentiment: news.get(signal.symbol) ?? null,
      });
      // The features read the last closed day, not the live price: one computation per stock, day,
      // version and news reading (the explanation's surrogate costs a few hundred predictions).
      const key = `${day}|${signal.symbol}|${model.version}|${row.join(',')}`;
      let explained = explainedCache.get(key);
      if (!explained) {
        if (explainedCache.size > 500) explainedCache.clear();
        explained = explainedPrediction(model, row);
        explainedCache.set(key, explained);
      }
      scored.push({ signal, row, explained });
    }
    const collapsed = collapsedSignals(
      model.version,
      scored.map(({ signal, explained }) => ({
        symbol: signal.symbol,
        raw: explained.prediction.raw_probability,
        calibrated: explained.prediction.probability,
      })),
    );
    for (const { signal, row, explained } of scored) {
      const { prediction, perModel } = explained;
      const offset = current.offsets[signal.strategy] ?? 0;
      const [low, high] = stepBounds(
        model.calibration,
        stepOf(model.calibration, prediction.raw_probability),
      );
      const probability = Math.min(high, Math.max(low, prediction.probability + offset));
      const adjusted: SignalPrediction = {
        ...prediction,
        probability,
        cannot_tell_apart: prediction.cannot_tell_apart ?? collapsed.get(signal.symbol) ?? null,
      };
      out.set(signal.symbol, adjusted);
      if (logToday && !logged.has(`${day}|${signal.symbol}`)) {
        toLog.push({
          predictedAt: now,
          tradingDay: day,
          symbol: signal.symbol,
          strategy: signal.strategy,
          horizonDays: signal.horizonDays,
          entryPaise: toPaise(signal.price),
          targetPaise: toPaise(signal.target),
          stopPaise: toPaise(signal.stop),
          modelVersion: model.version,
          probability,
          features: Object.fromEntries(FEATURE_NAMES.map((name, j) => [name, row[j]!])),
          detail: {
            raw_probability: prediction.raw_probability,
            per_model: perModel,
            explanation: {
              linear: prediction.explanation.linear,
              local_surrogate: prediction.explanation.local_surrogate,
            },
          },
        });
      }
    }
    if (toLog.length > 0) {
      await store.logPredictions(toLog);
      if (logged.size > 5_000) logged.clear();
      for (const p of toLog) logged.add(`${p.tradingDay}|${p.symbol}`);
    }
    return out;
  }

  // ---- 0. the automated entries no model scored -------------------------------------------------

  /**
   * The features research read for `symbol` when deciding at `at`: the indicators of the last
   * closed trading day, NIFTY 50's realised volatility to it, news as missing (the log keeps no
   * headlines of a past day by stock). Null before any closed day, or with too little history.
   */
  async function featuresAt(symbol: string, at: Date): Promise<Record<string, number> | null> {
    const day = lastClosedTradingDay(at, calendar);
    if (day === null) return null;
    const upTo = (candles: readonly Candle[]) => candles.filter((c) => c.date <= day && c.close > 0);
    const indicators = computeIndicators(
      upTo(await feed.dailyCandles(symbol, addDays(day, -STOCK_CALENDAR_DAYS), day)),
    );
    if (!indicators) return null;
    const benchmark = upTo(await feed.dailyCandles('NIFTY_50', addDays(day, -BENCHMARK_CALENDAR_DAYS), day));
    const row = featuresOf(indicators, {
      marketVolatility: realisedVolatility(benchmark.map((c) => c.close)),
      newsSentiment: null,
    });
    return Object.fromEntries(FEATURE_NAMES.map((name, j) => [name, row[j]!]));
  }

  /**
   * Every automated entry in the log, tied to its decision, so its outcome is learned from. The
   * automation ties the day's prediction of the stock to its decision; an entry no model scored
   * (no model yet, or none logged that day) has none, and gets a row here from the decision: its
   * strategy, levels and horizon, its features (featuresAt its decision time), no model version, no
   * probability. A row of the stock and day not tied to a decision is tied to it. Returns the rows
   * added.
   */
  async function adoptDecisions(): Promise<number> {
    const ids = await store.entriesWithoutPrediction(RESOLVE_BATCH);
    if (ids.length === 0) return 0;
    let added = 0;
    for (const d of (await deps.decisions.byIds(ids)).sort((a, b) => a.id - b.id)) {
      const existing = await store.predictionOf(d.tradingDay, d.symbol);
      if (existing) {
        if (existing.decisionId === null) await store.linkDecision(d.tradingDay, d.symbol, d.id);
        else
          log.warn(
            { decision: d.id, tiedTo: existing.decisionId },
            'ml: a second entry the same day; not learned from',
          );
        continue;
      }
      const strategy = d.strategyVersion.split('@')[0]!;
      if (d.targetPaise === null || d.stopPaise === null || !Object.hasOwn(STRATEGIES, strategy)) continue;
      let features: Record<string, number> | null;
      try {
        features = await featuresAt(d.symbol, d.decidedAt);
      } catch (error) {
        log.warn(
          { err: error, decision: d.id },
          'ml: no candles for an automated entry; tried again next pass',
        );
        continue;
      }
      if (!features) {
        log.warn({ decision: d.id }, 'ml: too little history for an automated entry; tried again next pass');
        continue;
      }
      added += await store.logPredictions([
        {
          predictedAt: d.decidedAt,
          tradingDay: d.tradingDay,
          symbol: d.symbol,
          strategy,
          horizonDays: d.horizonDays,
          entryPaise: d.pricePaise,
          targetPaise: d.targetPaise,
          stopPaise: d.stopPaise,
          modelVersion: null,
          probability: null,
          features,
          detail: null,
          decisionId: d.id,
        },
      ]);
    }
    return added;
  }

  // ---- 1. outcomes ----------------------------------------------------------------------------

  async function resolveOutcomes(): Promise<number> {
    const open = await store.openPredictions(RESOLVE_BATCH);
    if (open.length === 0) return 0;
    const now = clock.now();
    const lastClosed = lastClosedTradingDay(now, calendar);
    const decided = await deps.decisions.byIds(
      open.flatMap((p) => (p.decisionId === null ? [] : [p.decisionId])),
    );
    const decisionById = new Map(decided.map((d) => [d.id, d]));
    const costs = await deps.costs();
    const candlesCache = new Map<string, Candle[]>();
    let resolved = 0;
    for (const p of open) {
      const decision = p.decisionId === null ? undefined : decisionById.get(p.decisionId);
      if (decision?.outcome && decision.outcome.kind !== 'cancelled') {
        const r = decision.outcome.returnAfterCosts;
        if (await store.resolve(p.id, { at: decision.outcome.at, won: r > 0, outcomeReturn: r }))
          resolved += 1;
        continue;
      }
      // An order still open waits for its decision's outcome.
      if (decision && !decision.outcome && decision.action === 'ordered') continue;
      if (lastClosed === null || lastClosed <= p.tradingDay) continue;
      const key = `${p.symbol}|${p.tradingDay}`;
      let later = candlesCache.get(key);
      if (!later) {
        later = (await feed.dailyCandles(p.symbol, addDays(p.tradingDay, 1), lastClosed)).filter(
          (c) => c.date > p.tradingDay && c.date <= lastClosed,
        );
        candlesCache.set(key, later);
      }
      const outcome = tradeOutcome({
        entry: toRupees(p.entryPaise),
        target: toRupees(p.targetPaise),
        stop: toRupees(p.stopPaise),
        horizonDays: p.horizonDays,
        later,
        costs,
        intendedValue: deps.intendedValue,
      });
      if (!outcome) continue;
      const r = outcome.returnAfterCosts;
      if (await store.resolve(p.id, { at: now, won: r > 0, outcomeReturn: r })) resolved += 1;
    }
    return resolved;
  }

  // ---- 2. full training -----------------------------------------------------------------------

  async function readHistory(to: string) {
    const from = addDays(yearsBefore(to, historyYears), 1);
    // 200 more trading days (about 300 calendar days) so the first year has its indicators.
    const warmFrom = addDays(from, -300);
    const candles: Record<string, Candle[]> = {};
    for (const symbol of deps.universe()) {
      try {
        candles[symbol] = await feed.dailyCandles(symbol, warmFrom, to);
      } catch (error) {
        log.warn({ err: error, symbol }, 'ml: no history for a stock; trained without it');
      }
    }
    const benchmark = await feed.dailyCandles('NIFTY_50', warmFrom, to);
    return { candles, benchmark, from };
  }

  /**
   * What the automation's entries made since `from` (each row tied to a closed position), for the
   * training's labels (dataset.ts `decided`): on the day whose indicators each read.
   */
  async function decidedTrades(from: string): Promise<DecidedTrade[]> {
    const rows = await store.decidedOutcomes(new Date(`${from}T00:00:00+05:30`));
    return rows.flatMap((p) => {
      const day = lastClosedTradingDay(p.predictedAt, calendar);
      if (day === null || !Object.hasOwn(STRATEGIES, p.strategy)) return [];
      return [
        {
          symbol: p.symbol,
          day,
          strategy: p.strategy as StrategyId,
          horizonDays: p.horizonDays,
          entry: toRupees(p.entryPaise),
          target: toRupees(p.targetPaise),
          stop: toRupees(p.stopPaise),
          returnAfterCosts: p.returnAfterCosts,
        },
      ];
    });
  }

  /**
   * A full training now (one at a time); resolves to the new version, or null when there was
   * nothing to learn. Its attempt (start, reason, progress, and how it ended) is kept for
   * `trainingAttempt()`: what the pages say of the model while there is none yet.
   */
  function train(reason: string): Promise<number | null> {
    if (training) return training;
    const attempt: TrainingAttempt = {
      startedAt: clock.now(),
      reason,
      progress: null,
      fitsStartedAt: null,
      ended: null,
    };
    lastAttempt = attempt;
    const ended = (failure: string | null) => {
      attempt.ended = { at: clock.now(), failure };
    };
    training = (async () => {
      const lastClosed = lastClosedTradingDay(clock.now(), calendar);
      if (lastClosed === null) {
        ended('No trading day has closed yet, so there is no history to learn from.');
        return null;
      }
      const history = await readHistory(lastClosed);
      const previous = await store.latestModel();
      const output = await deps.train(
        {
          candles: history.candles,
          benchmark: history.benchmark,
          from: history.from,
          costs: await deps.costs(),
          intendedValue: deps.intendedValue,
          decided: await decidedTrades(history.from),
        },
        closing.signal,
        (progress) => {
          const now = clock.now();
          if (progress.done === 0) attempt.fitsStartedAt = now;
          attempt.progress = { ...progress, at: now };
        },
      );
      if (!output) {
        ended(
          `The ${historyYears} years of daily candles gave too few labelled signals (or only wins or only losses) to learn from.`,
        );
        return null;
      }
      const at = clock.now();
      const version = await store.saveModel({
        trainedAt: at,
        kind: 'full',
        samples: output.metrics.samples,
        weights: output.weights,
        metrics: output.metrics,
        state: { ...output.state, strategyOffsets: {} },
      });
      const improved = previous ? output.metrics.logLoss < previous.metrics.logLoss : null;
      await store.recordEvent({
        at,
        kind: 'full_training',
        improved,
        detail: {
          version,
          reason,
          samples: output.metrics.samples,
          log_loss: output.metrics.logLoss,
          previous_log_loss: previous?.metrics.logLoss ?? null,
          accuracy: output.metrics.accuracy,
          duration_ms: output.durationMs,
          // The whole training's wall time (history read, dataset, fits): the next one's estimate.
          wall_ms: at.getTime() - attempt.startedAt.getTime(),
        },
      });
      log.info({ version, samples: output.metrics.samples, reason }, 'ml: model trained');
      loaded = null;
      ended(null);
      return version;
    })()
      .catch((error: unknown) => {
        ended(error instanceof Error ? error.message : String(error));
        throw error;
      })
      .finally(() => {
        training = null;
      });
    return training;
  }

  /** Whether a full training is due: no model, drift asked for one, or the last is RETRAIN_DAYS old. */
  async function trainingDue(now: Date): Promise<string | null> {
    const latest = await store.modelHistory(50);
    const full = latest.find((m) => m.kind === 'full');
    if (!full) return 'no model yet';
    if (!predictsWith(full)) return "the model's out-of-sample skill was never measured";
    if (retrainAsked) return 'drift detected';
    return now.getTime() - full.trainedAt.getTime() >= RETRAIN_DAYS * DAY_MS
      ? `the last full training is ${RETRAIN_DAYS} days old`
      : null;
  }

  // ---- 3. online update -----------------------------------------------------------------------

  function inSession(now: Date): boolean {
    const day = istDay(now);
    if (!feed.isSessionOpen(now)) return false;
    if (!isTradingDay(day, calendar)) return true; // the simulated market kept open
    const t = now.getTime();
    return t >= sessionOpenAt(day) && t < sessionCloseAt(day);
  }

  async function onlineUpdate(): Promise<'updated' | 'kept' | 'skipped'> {
    const current = await store.latestModel();
    if (!current) return 'skipped';
    // The predictions a model scored (the entries no model scored have no members' probabilities).
    const rows = (await store.resolvedSince(current.trainedAt)).flatMap((p) =>
      p.won !== null && p.probability !== null && p.detail !== null
        ? [{ ...p, won: p.won, probability: p.probability, detail: p.detail }]
        : [],
    );
    if (rows.length < MIN_UPDATE_ROWS) return 'skipped';
    const cut = Math.floor((rows.length * 2) / 3);
    const fit = rows.slice(0, cut);
    const validate = rows.slice(cut);
    const state = ModelState.parse(current.state);
    const ensembleJson = state.ensemble as {
      accuracies: Record<ModelName, number | null>;
      settings: { weightFloor: number };
    };
    const measured = Object.fromEntries(
      MODEL_NAMES.map((name) => {
        const right = fit.filter((p) => (p.detail.per_model[name] ?? 0.5) >= 0.5 === p.won).length;
        return [name, right / fit.length];
      }),
    ) as Record<ModelName, number>;
    const blended = Object.fromEntries(
      MODEL_NAMES.map((name) => {
        const old = ensembleJson.accuracies[name];
        return [
          name,
          old === null ? measured[name] : (1 - LEARNING_RATE) * old + LEARNING_RATE * measured[name],
        ];
      }),
    ) as Record<ModelName, number>;
    const before = current.weights as Record<ModelName, number>;
    const after = weightsFromAccuracy(blended, ensembleJson.settings.weightFloor);
    const loss = (w: Record<ModelName, number>) =>
      validate.reduce(
        (sum, p) =>
          sum +
          logLoss(
            MODEL_NAMES.reduce((s, name) => s + w[name] * (p.detail.per_model[name] ?? 0.5), 0),
            p.won!,
          ),
        0,
      ) / validate.length;
    const lossBefore = loss(before);
    const lossAfter = loss(after);
    const improved = lossAfter < lossBefore;
    const at = clock.now();
    const offsets = strategyOffsets(
      rows.length > 0
        ? await store.resolvedSince(new Date(at.getTime() - STRATEGY_WINDOW_DAYS * DAY_MS))
        : [],
      state.strategyOffsets ?? {},
    );
    const offsetsChanged = Object.keys({ ...offsets, ...(state.strategyOffsets ?? {}) }).filter(
      (k) => Math.abs((offsets[k] ?? 0) - (state.strategyOffsets?.[k] ?? 0)) > 0.02,
    );
    let version: number | null = null;
    if (improved || offsetsChanged.length > 0) {
      const accuracy = validate.filter((p) => p.probability >= 0.5 === p.won).length / validate.length;
      const metrics: ModelMetrics = {
        samples: rows.length,
        accuracy,
        logLoss: improved ? lossAfter : lossBefore,
        brier: validate.reduce((s, p) => s + (p.probability - (p.won ? 1 : 0)) ** 2, 0) / validate.length,
        perModel: Object.fromEntries(MODEL_NAMES.map((name) => [name, { accuracy: measured[name] }])),
        // The calibration and members are the full training's: so is the skill measured with them.
        skill: current.metrics.skill,
      };
      version = await store.saveModel({
        trainedAt: at,
        kind: 'online',
        samples: rows.length,
        weights: improved ? after : before,
        metrics,
        state: {
          ...state,
          ensemble: improved ? { ...(state.ensemble as object), accuracies: blended } : state.ensemble,
          strategyOffsets: offsets,
        },
      });
      loaded = null;
    }
    await store.recordEvent({
      at,
      kind: 'online_update',
      improved,
      detail: {
        version,
        rows: rows.length,
        log_loss_before: lossBefore,
        log_loss_after: lossAfter,
        weights_before: before,
        weights_after: improved ? after : before,
        learning_rate: LEARNING_RATE,
      },
    });
    for (const strategy of offsetsChanged) {
      await store.recordEvent({
        at,
        kind: 'strategy_refinement',
        improved: null,
        detail: {
          strategy,
          offset_before: state.strategyOffsets?.[strategy] ?? 0,
          offset_after: offsets[strategy] ?? 0,
        },
      });
    }
    return version === null ? 'kept' : 'updated';
  }

  /** Per strategy: observed win rate minus mean predicted probability, when the gap is large enough. */
  function strategyOffsets(rows: readonly StoredPrediction[], previous: Record<string, number>) {
    const out: Record<string, number> = {};
    const by = new Map<string, Array<StoredPrediction & { probability: number }>>();
    for (const p of rows)
      if (p.won !== null && p.probability !== null)
        by.set(p.strategy, [...(by.get(p.strategy) ?? []), { ...p, probability: p.probability }]);
    for (const [strategy, list] of by) {
      if (list.length < STRATEGY_MIN_OUTCOMES) {
        if (previous[strategy]) out[strategy] = previous[strategy]!;
        continue;
      }
      const won = list.filter((p) => p.won).length / list.length;
      // The offset already applied is inside the logged probabilities: the gap is measured on them.
      const predicted = list.reduce((s, p) => s + p.probability, 0) / list.length;
      const gap = won - predicted;
      const base = previous[strategy] ?? 0;
      const next = Math.abs(gap) > STRATEGY_GAP ? base + gap : base;
      const capped = Math.max(-MAX_STRATEGY_OFFSET, Math.min(MAX_STRATEGY_OFFSET, next));
      if (capped !== 0) out[strategy] = capped;
    }
    return out;
  }

  // ---- 4. patterns, 5. drift, 6. pruning ------------------------------------------------------

  async function notePatterns(now: Date): Promise<number> {
    const records = (await store.resolvedSince(new Date(now.getTime() - 365 * DAY_MS))).map(recordOf);
    const found = learnedPatterns(records, now);
    const recent = await store.events(new Date(now.getTime() - PATTERN_MEMORY_DAYS * DAY_MS));
    const known = new Set(recent.filter((e) => e.kind === 'pattern').map((e) => String(e.detail.name)));
    let added = 0;
    for (const pattern of found) {
      if (known.has(pattern.name)) continue;
      await store.recordEvent({
        at: now,
        kind: 'pattern',
        improved: null,
        detail: { name: pattern.name, description: pattern.description, confidence: pattern.confidence },
      });
      added += 1;
    }
    return added;
  }

  async function checkDrift(now: Date): Promise<void> {
    const records = (await store.resolvedSince(new Date(now.getTime() - 200 * DAY_MS))).map(recordOf);
    const drift = modelDrift(records, now);
    // Both windows' success rates, in a sentence; known whenever drift can be tested (detected).
    const rates =
      drift.recent_performance !== null && drift.baseline_performance !== null
        ? `Recent success ${(drift.recent_performance * 100).toFixed(1)}% against ` +
          `${(drift.baseline_performance * 100).toFixed(1)}% before`
        : null;
    const driftSentence = `${DRIFT_WARNING} ${rates ?? 'Recent success fell'}; the capital phase steps down one phase until the model recovers.`;
    const raised = await db.transaction(async (tx) => {
      // One process at a time decides, so two never both raise the alert.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('ml_drift'))`);
      const [latest] = await tx
        .select()
        .from(schema.mlEvents)
        .where(inArray(schema.mlEvents.kind, ['drift', 'recovered']))
        .orderBy(sql`${schema.mlEvents.at} desc, ${schema.mlEvents.id} desc`)
        .limit(1);
      const inForce = latest?.kind === 'drift';
      const detail = {
        baseline: drift.baseline_performance,
        recent: drift.recent_performance,
        delta: drift.performance_delta,
      };
      if (drift.drift_detected && !inForce) {
        await tx.insert(schema.mlEvents).values({ at: now, kind: 'drift', improved: null, detail });
        await tx.insert(schema.alerts).values({
          at: now,
          source: 'system',
          severity: 'high',
          message: driftSentence,
          actionRequired: false,
          suggestedAction: 'The model retrains at the next learning pass; review the ML Intelligence page.',
        });
        retrainAsked = true;
        return true;
      } else if (inForce && !drift.drift_detected) {
        await tx.insert(schema.mlEvents).values({ at: now, kind: 'recovered', improved: null, detail });
        await resolveAlerts(tx, {
          source: 'system',
          openings: [DRIFT_WARNING],
          at: now,
          by: 'system: learner',
          how: `The model recovered${rates ? ` (${rates.charAt(0).toLowerCase()}${rates.slice(1)})` : ''}: the capital phase is its own again.`,
        });
      }
      return false;
    });
    if (raised) {
      await deps.notify?.('ml_confidence_drop', 'ML confidence dropped: model drift detected', driftSentence);
    }
  }

  async function pruneOld(now: Date): Promise<void> {
    const recent = await store.events(new Date(now.getTime() - DAY_MS));
    if (recent.some((e) => e.kind === 'prune')) return;
    const removed = await store.prune(new Date(now.getTime() - RETENTION_DAYS * DAY_MS));
    // A day with nothing to prune is still recorded, so the next pass today skips it.
    await store.recordEvent({ at: now, kind: 'prune', improved: null, detail: { removed } });
  }

  /** One pass of the loop (the job calls it every LEARNING_PASS_MS; tests call it). */
  async function runOnce(): Promise<void> {
    const now = clock.now();
    await adoptDecisions();
    await resolveOutcomes();
    const due = await trainingDue(now);
    if (due) {
      const version = await train(due);
      if (version !== null) retrainAsked = false;
    } else if (inSession(now)) {
      await onlineUpdate();
    }
    await notePatterns(now);
    await checkDrift(now);
    await pruneOld(now);
    lastPassAt = now;
  }

  return {
    store,
    scoreSignals,
    runOnce,
    train,
    adoptDecisions,
    resolveOutcomes,
    onlineUpdate,
    currentModel,
    /** A training is running now. */
    isTraining: () => training !== null,
    /** The last full training this process started: under way, or how it ended. */
    trainingAttempt: (): Readonly<TrainingAttempt> | null => lastAttempt,
    /** The process closes: a training under way is ended (its worker terminated), and none starts. */
    stop(): void {
      closing.abort();
    },
    lastPassAt: () => lastPassAt,
    /** Ties the day's prediction of a stock to the decision it informed. */
    linkDecision: (tradingDay: string, symbol: string, decisionId: number) =>
      store.linkDecision(tradingDay, symbol, decisionId),
    /** Decisions' logged predictions (ml_probability of the Decisions view). */
    predictionsOfDecisions: (ids: readonly number[]) => store.predictionsOfDecisions(ids),
  };
}

export type MlService = ReturnType<typeof createMlService>;
