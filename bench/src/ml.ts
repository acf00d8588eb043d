/**
 * The ML pipeline on the simulated market's history (the test app's market, 50 NIFTY stocks and
 * NIFTY 50, three years of decision days after ~300 calendar days of indicator warm-up):
 *
 * 1. Building the training rows (`buildDataset`: one streaming indicator pass per stock, the
 *    strategies' signals, each BUY's trade walked to its exit). Baseline: the same stock-days'
 *    indicators the way a per-day caller did before indicatorSeries, `computeIndicators` over each
 *    day's ~285-day lookback (on 5 stocks, per stock-day). Ratio = stock-days per second.
 * 2. Training in the worker (`trainInWorker`: walk-forward, calibration, final ensemble) on those
 *    rows. Baseline: building the dataset it trains on, same rows, same run: the other half of a full
 *    training, so the ratio says how the fitting's pace compares with the data's. Rows per second.
 * 3. One prediction pass over the 50 stocks (latest indicators, features, ensemble). Baseline: the
 *    same pass without the ensemble (indicators and features only). Stocks per second.
 * 4. GET /api/health's p99 latency on the running app (buildApp over PGlite, 50 connections) while a
 *    training runs in the worker. Baseline: the p99 without a training, same app, same run. ms
 *    (ratio near 1: the training does not hold up the request path).
 */
import autocannon from 'autocannon';
import { createTestApp } from '@nivesh/server/testing';
import { openDatabase } from '@nivesh/server/db';
import {
  buildDataset,
  computeIndicators,
  costSettingsOf,
  DEFAULT_PAPER_SETTINGS,
  Ensemble,
  featuresOf,
  realisedVolatility,
  trainInWorker,
} from '@nivesh/server/ml';
import type { BenchResult } from './load.js';

/** The test app's clock stands at 2026-11-20. */
const TO = '2026-11-19';
const FROM = '2023-11-20';
const WARM_FROM = '2023-01-20';
/** research/service.ts RESEARCH_INTENDED_VALUE. */
const INTENDED_VALUE = 5_000;
/** Calendar days a per-day indicator call reads (backtests/engine.ts SIGNAL_LOOKBACK_DAYS). */
const LOOKBACK_DAYS = 420;
const HEALTH_SECONDS = Number(process.env['BENCH_SECONDS'] ?? 8);

type Candle = Parameters<typeof computeIndicators>[0][number];

const seconds = (start: number) => (performance.now() - start) / 1000;
const daysBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

async function p99(url: string): Promise<number> {
  const result = await autocannon({ url, connections: 50, duration: HEALTH_SECONDS });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  return result.latency.p99;
}

export async function benchMl(): Promise<BenchResult[]> {
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  const test = await createTestApp(database, { deps: { paperTimers: false, watchBrokerToken: false } });
  try {
    const costs = costSettingsOf(DEFAULT_PAPER_SETTINGS);
    const { feed } = test.app.services;
    const symbols = feed
      .instruments()
      .slice(0, 50)
      .map((i) => i.symbol);
    const candles: Record<string, Candle[]> = {};
    for (const symbol of symbols) candles[symbol] = await feed.dailyCandles(symbol, WARM_FROM, TO);
    const benchmark = await feed.dailyCandles('NIFTY_50', WARM_FROM, TO);
    const stockDays = Object.values(candles).reduce((n, c) => n + c.filter((x) => x.date >= FROM).length, 0);

    // 1. the dataset, against per-day indicator calls
    let start = performance.now();
    const dataset = buildDataset({ candles, benchmark, costs, intendedValue: INTENDED_VALUE, from: FROM });
    const buildSeconds = seconds(start);
    start = performance.now();
    let perDayCalls = 0;
    for (const symbol of symbols.slice(0, 5)) {
      const series = candles[symbol]!;
      series.forEach((c, i) => {
        if (c.date < FROM) return;
        const first = daysBefore(c.date, LOOKBACK_DAYS);
        computeIndicators(series.slice(0, i + 1).filter((x) => x.date >= first));
        perDayCalls += 1;
      });
    }
    const perDayRate = perDayCalls / seconds(start);
    const { rows } = dataset;
    console.log(
      `ml: ${rows.length} labelled rows (${dataset.pending.length} pending) from ${stockDays} stock-days in ${buildSeconds.toFixed(2)} s; ` +
        `win rate ${((rows.filter((r) => r.label === 1).length / rows.length) * 100).toFixed(1)}%`,
    );

    // 4 (baseline first, on the idle app), then 2 with 4's loaded measurement during it.
    const address = await test.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${address}/api/health`;
    await autocannon({ url, connections: 50, duration: 2 });
    const idleP99 = await p99(url);
    start = performance.now();
    const training = trainInWorker({ rows: rows.map((r) => r.features), labels: rows.map((r) => r.label) });
    const busyP99 = await p99(url);
    const trained = await training;
    const trainSeconds = seconds(start);
    if (trainSeconds < HEALTH_SECONDS)
      console.warn('ml: the training ended before the loaded latency run did');
    console.log(
      `ml: trained on ${rows.length} rows in ${trainSeconds.toFixed(1)} s (worker ${(trained.durationMs / 1000).toFixed(1)} s); ` +
        `out-of-sample accuracy ${trained.metrics.accuracy.toFixed(3)}, log loss ${trained.metrics.logLoss.toFixed(3)}, ` +
        `Brier ${trained.metrics.brier.toFixed(3)}; per model ${Object.entries(trained.metrics.perModel)
          .map(([name, m]) => `${name} ${m.accuracy.toFixed(3)}`)
          .join(', ')}`,
    );

    // 3. one prediction pass over the universe, against the same pass without the ensemble
    const ensemble = Ensemble.fromJSON(trained.ensemble);
    const closes = benchmark.map((c) => c.close);
    const featuresNow = (symbol: string) => {
      const series = candles[symbol]!;
      const first = daysBefore(TO, LOOKBACK_DAYS);
      const indicators = computeIndicators(series.filter((x) => x.date >= first))!;
      return featuresOf(indicators, { marketVolatility: realisedVolatility(closes), newsSentiment: null });
    };
    start = performance.now();
    let sum = 0;
    for (const symbol of symbols) sum += ensemble.predict(featuresNow(symbol)).probability;
    const predictSeconds = seconds(start);
    start = performance.now();
    for (const symbol of symbols) sum += featuresNow(symbol)[0]!;
    const featuresSeconds = seconds(start);
    if (!Number.isFinite(sum)) throw new Error('a prediction was not a number');
    console.log(
      `ml: one prediction pass over ${symbols.length} stocks in ${(predictSeconds * 1000).toFixed(0)} ms`,
    );

    return [
      {
        name: `ML dataset, ${symbols.length} stocks × 3 years (${rows.length} rows)`,
        unit: 'stock-days per second (higher is better)',
        product: stockDays / buildSeconds,
        baseline: perDayRate,
      },
      {
        name: `ML training in the worker, ${rows.length} rows`,
        unit: 'rows per second (higher is better)',
        product: rows.length / trainSeconds,
        baseline: rows.length / buildSeconds,
      },
      {
        name: `ML prediction pass, ${symbols.length} stocks`,
        unit: 'stocks per second (higher is better)',
        product: symbols.length / predictSeconds,
        baseline: symbols.length / featuresSeconds,
      },
      {
        name: 'GET /api/health p99 while training',
        unit: 'ms p99 latency (lower is better)',
        product: busyP99,
        baseline: idleP99,
      },
    ];
  } finally {
    await test.close();
    await database.close();
  }
}
