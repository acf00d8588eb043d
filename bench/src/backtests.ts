/**
 * A one-year backtest of the allocator over the NIFTY 50 universe on the simulated market, through
 * the real app (buildApp over in-memory PGlite): POST /api/backtests, then the run's own progress
 * until it is done. Measured: trading days simulated per second, from the request to the stored
 * result (the candles' loading, the signals, the plan, the paper engine's checks and fills, the
 * analytics). Baseline: the least any backtest of those days does, in this process on a fresh
 * market of the same seed: load the same span of candles for 50 stocks and NIFTY 50, and value an
 * equal-weight buy-and-hold portfolio of them at every close. Ratio = product / baseline days per second.
 */
import { createTestApp, send, setUpOperator } from '@nivesh/server/testing';
import { openDatabase } from '@nivesh/server/db';
import type { BenchResult } from './load.js';

/** The test app's clock stands at 2026-11-20: a year of closed days before it. */
const FROM = '2025-11-20';
const TO = '2026-11-19';
/** The candles a day's signals read reach this many calendar days back (server/src/backtests/engine.ts). */
const LOOKBACK_DAYS = 420;

function daysBefore(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/** The backtest through HTTP: its days and the days simulated per second. */
async function measureProduct(): Promise<{ days: number; rate: number }> {
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  const product = await createTestApp(database, { deps: { paperTimers: false, watchBrokerToken: false } });
  try {
    const token = await setUpOperator(product.app);
    const start = performance.now();
    const res = await send(product.app, 'POST', '/api/backtests', {
      token,
      body: { strategy: 'allocator', from: FROM, to: TO, initial_capital: 1_000_000 },
    });
    if (res.statusCode !== 202)
      throw new Error(`the backtest was not started (${res.statusCode}): ${res.body}`);
    const { id } = res.json<{ data: { id: string } }>().data;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      const run = await send(product.app, 'GET', `/api/backtests/${id}`, { token });
      const data = run.json<{
        data: { status: string; error: string | null; result: { daily: unknown[] } | null };
      }>().data;
      if (data.status === 'failed') throw new Error(`the backtest failed: ${data.error}`);
      if (data.status === 'done') {
        const days = data.result!.daily.length;
        return { days, rate: days / ((performance.now() - start) / 1000) };
      }
    }
  } finally {
    await product.close();
    await database.close();
  }
}

/**
 * Baseline: a fresh app's market (same seed, nothing computed yet), the same span of candles, and
 * one buy-and-hold valuation per day; days per second.
 */
async function measureBaseline(days: number): Promise<number> {
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  const baseline = await createTestApp(database, { deps: { paperTimers: false, watchBrokerToken: false } });
  try {
    const { feed } = baseline.app.services;
    const start = performance.now();
    const from = daysBefore(FROM, LOOKBACK_DAYS);
    const symbols = feed
      .instruments()
      .slice(0, 50)
      .map((i) => i.symbol);
    const closes = new Map<string, Map<string, number>>();
    for (const symbol of [...symbols, 'NIFTY_50']) {
      const candles = await feed.dailyCandles(symbol, from, TO);
      closes.set(symbol, new Map(candles.map((c) => [c.date, c.close])));
    }
    const tradingDays = [...closes.get('NIFTY_50')!.keys()].filter((d) => d >= FROM);
    const shares = new Map(
      symbols.map((s) => [s, 20_000 / (closes.get(s)!.get(tradingDays[0]!) ?? Number.POSITIVE_INFINITY)]),
    );
    let value = 0;
    for (const day of tradingDays) {
      value = 0;
      for (const s of symbols) value += shares.get(s)! * (closes.get(s)!.get(day) ?? 0);
    }
    if (!Number.isFinite(value) || tradingDays.length !== days)
      throw new Error(`the baseline walked ${tradingDays.length} days, the backtest ${days}`);
    return tradingDays.length / ((performance.now() - start) / 1000);
  } finally {
    await baseline.close();
    await database.close();
  }
}

export async function benchBacktests(): Promise<BenchResult> {
  const { days, rate } = await measureProduct();
  const baseline = await measureBaseline(days);
  return {
    name: `backtest, allocator over NIFTY 50, ${days} trading days (${FROM} to ${TO})`,
    unit: 'days simulated per second (higher is better)',
    product: rate,
    baseline,
  };
}
