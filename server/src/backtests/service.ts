/**
 * Backtest runs (contract.backtests): checks a request against the history the market has, stores
 * the run, and executes it in this process in the background, a day at a time between yields to
 * the event loop, writing its progress to backtest_runs as it goes. When done the row holds its
 * daily values, trades and analytics (the performance page's own figures, performance/figures.ts).
 *
 * - At most one run at a time: a second start while one runs is refused (409). The check and the
 *   insert happen in one transaction under an advisory lock, so two requests never both start one.
 * - A run cut off by a restart (its row still 'running' when the server starts) is marked failed
 *   with a sentence saying so (`recoverInterrupted`). Closing the app stops the loop, leaving it so.
 * - Deterministic: the simulation (engine.ts) reads only the candles, the paper settings taken when
 *   the run starts (stored with its parameters) and the parameters; the clock only dates the row.
 *   The same parameters and seed over the same history give the same result.
 */
import { randomBytes } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  BACKTEST_LIMITS,
  BACKTEST_STRATEGY_LABELS,
  BacktestResult,
  BacktestStrategy,
  istDay,
  MARKET_INDEX_NAMES,
  type BacktestHeadline,
  type BacktestRun,
  type BacktestSummary,
  type StartBacktestRequest,
} from '@nivesh/api-contract';
import { performanceReport } from '../analytics/performance.js';
import type { Clock } from '../clock.js';
import { schema, type Db } from '../db/index.js';
import { HttpError } from '../http/errors.js';
import type { HolidayCalendar } from '../market/calendar.js';
import type { Candle, MarketFeed } from '../market/feed.js';
import { addDays, lastClosedTradingDay, tradingDaysBetween } from '../market/tradingDays.js';
import { formatRupeesShort, toRupees } from '../paper/money.js';
import { PaperSettings } from '../paper/settings.js';
import { BENCHMARK_SYMBOL } from '../paper/snapshots.js';
import { analyticsData } from '../performance/figures.js';
import { MIN_CANDLES } from '../research/indicators.js';
import { niftyUniverse } from '../research/service.js';
import type { StrategyId } from '../research/strategies.js';
import {
  createSimulation,
  daySeries,
  SIGNAL_LOOKBACK_DAYS,
  tradeRecords,
  type EngineParams,
  type EngineResult,
} from './engine.js';

/** The contract's strategies are the research module's, plus the allocator (a compile-time check). */
const SAME_STRATEGIES = {
  trend_following: true,
  mean_reversion: true,
  breakout: true,
} as const satisfies Record<StrategyId, true> & Record<Exclude<BacktestStrategy, 'allocator'>, true>;
void SAME_STRATEGIES;

/** Share of the progress bar the candle loading takes. */
const LOADING_SHARE = 0.1;
/** Days simulated between yields to the event loop. */
const DAYS_PER_SLICE = 2;
/** The advisory lock the start's check-and-insert holds ("BKTEST01" in ASCII). */
const START_LOCK = sql`4776012617131553841`;
/** Runs the list shows, newest first. */
const LISTED_RUNS = 100;

/** The history a run trades on: the market, and the simulated market's seed (null for real history). */
export interface HistorySource {
  feed: MarketFeed;
  seed: number | null;
}

export interface BacktestServiceDeps {
  db: Db;
  clock: Clock;
  calendar: HolidayCalendar;
  /** The market a run reads its history from: the server's own without a seed, or a simulated one for a seed. */
  history(seed: number | undefined): HistorySource | { error: string };
  /** The paper account's limits, costs and spread (a run takes them as they are when it starts). */
  settings(): Promise<PaperSettings>;
  /** Yearly risk-free rate, a fraction (the performance page's). */
  riskFreeRate: number;
  log: { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
}

const StoredParams = z.object({
  name: z.string(),
  strategy: BacktestStrategy,
  from: z.string(),
  to: z.string(),
  initial_capital: z.number(),
  daily_amount: z.number().nullable(),
  seed: z.number().nullable(),
  settings: PaperSettings,
});
type StoredParams = z.infer<typeof StoredParams>;

type RunRow = typeof schema.backtestRuns.$inferSelect;

interface Job {
  id: string;
  aborted: boolean;
  done: Promise<void>;
}

const percent = (fraction: number) => `${Math.round(fraction * 100)}%`;
const rupees = (x: number) => Math.round(x * 100) / 100;

export const interruptedSentence = (progress: number) =>
  `Interrupted: the server restarted while this backtest was running (${percent(progress)} done). Start it again to get its results.`;

function runId(now: Date): string {
  return `BT-${istDay(now).slice(2).replaceAll('-', '')}-${randomBytes(3).toString('hex')}`;
}

export type BacktestService = ReturnType<typeof createBacktestService>;

export function createBacktestService(deps: BacktestServiceDeps) {
  const { db, clock, calendar } = deps;
  let active: Job | null = null;
  let starting = false;

  const sectorOf = (feed: MarketFeed) => (symbol: string) => feed.instrument(symbol)?.sector ?? 'Unknown';

  /** The range's trading days and the benchmark's candles, or a 400 saying what the history allows. */
  async function checkRange(feed: MarketFeed, from: string, to: string) {
    const lastClosed = lastClosedTradingDay(clock.now(), calendar);
    if (lastClosed === null || to > lastClosed) {
      throw new HttpError(
        400,
        `to must be a trading day whose session has closed: the latest is ${lastClosed ?? 'not known'}.`,
      );
    }
    const warmStart = addDays(from, -SIGNAL_LOOKBACK_DAYS);
    const benchmark = await feed.dailyCandles(BENCHMARK_SYMBOL, warmStart, to);
    const before = benchmark.filter((c) => c.date < from);
    const days = benchmark.filter((c) => c.date >= from).map((c) => c.date);
    const first = benchmark[0];
    if (!first) {
      throw new HttpError(
        400,
        `The market has no history from ${from} to ${to}: choose a range in its history.`,
      );
    }
    if (before.length < MIN_CANDLES) {
      // The day with MIN_CANDLES trading days of history before it (by the exchange calendar past the loaded days).
      const earliest =
        benchmark[MIN_CANDLES]?.date ??
        tradingDaysBetween(first.date, addDays(first.date, 2 * MIN_CANDLES), calendar)[MIN_CANDLES];
      throw new HttpError(
        400,
        `from ${from} is too early: the market's history starts on ${first.date}, and the strategies need ${MIN_CANDLES} trading days of it before the first day` +
          (earliest ? `, so the earliest from is ${earliest}.` : '.'),
      );
    }
    if (days.length < BACKTEST_LIMITS.min_trading_days) {
      throw new HttpError(
        400,
        `The range from ${from} to ${to} holds ${days.length} trading day${days.length === 1 ? '' : 's'}; a backtest needs at least ${BACKTEST_LIMITS.min_trading_days}.`,
      );
    }
    return { days, benchmark, warmStart };
  }

  async function runningRow(): Promise<RunRow | undefined> {
    const [row] = await db
      .select()
      .from(schema.backtestRuns)
      .where(eq(schema.backtestRuns.status, 'running'))
      .limit(1);
    return row;
  }

  const busy = (row: { params: unknown; progress: number } | null) => {
    const name = row ? StoredParams.safeParse(row.params).data?.name : undefined;
    return new HttpError(
      409,
      `A backtest is already running${name ? ` ("${name}", ${percent(row!.progress)} done)` : ''}: wait for it to finish or delete it, then start another.`,
    );
  };

  async function setProgress(id: string, progress: number) {
    await db.update(schema.backtestRuns).set({ progress }).where(eq(schema.backtestRuns.id, id));
  }

  function resultOf(params: StoredParams, engine: EngineResult, universe: number) {
    const series = daySeries(engine, params.initial_capital);
    const report = performanceReport({
      series,
      trades: tradeRecords(engine.trades),
      period: 'all',
      today: params.to,
      riskFreeAnnual: deps.riskFreeRate,
    });
    const firstDay = engine.days[0]?.day ?? params.from;
    const lastDay = engine.days[engine.days.length - 1];
    const analytics = analyticsData(report, {
      period: 'all',
      periodStart: firstDay,
      periodEnd: lastDay?.day ?? params.to,
      series,
    });
    const base = engine.benchmarkBase;
    const rebased = (close: number | null) =>
      base !== null && close !== null ? rupees((params.initial_capital * close) / base) : null;
    const lastClose = lastDay?.benchmarkClose ?? null;
    const headline: BacktestHeadline = {
      final_value: lastDay ? toRupees(lastDay.valuePaise) : params.initial_capital,
      total_return: analytics.total_return,
      annualized_return: analytics.annualized_return,
      benchmark_return: base !== null && lastClose !== null ? (lastClose / base - 1) * 100 : null,
      sharpe_ratio: analytics.sharpe_ratio,
      max_drawdown: analytics.max_drawdown,
      win_rate: analytics.win_rate,
      total_trades: analytics.total_trades,
    };
    const count = (action: string) => engine.decisions.filter((d) => d.action === action).length;
    const refusals = new Map<string, { limit: string; count: number; example: string }>();
    for (const d of engine.decisions) {
      if (d.action !== 'refused') continue;
      const key = d.limit ?? 'other';
      const seen = refusals.get(key);
      if (seen) seen.count += 1;
      else refusals.set(key, { limit: key, count: 1, example: d.reason });
    }
    const s = params.settings;
    const result: BacktestResult = {
      daily: engine.days.map((d) => ({
        date: d.day,
        value: toRupees(d.valuePaise),
        benchmark: rebased(d.benchmarkClose),
      })),
      trades: engine.trades.map((t) => ({
        symbol: t.symbol,
        strategy: t.strategy,
        entry_date: t.entryDay,
        entry_price: toRupees(t.entryPricePaise),
        exit_date: t.exitDay,
        exit_price: toRupees(t.exitPricePaise),
        quantity: t.quantity,
        charges: toRupees(t.chargesPaise),
        net_pnl: toRupees(t.netPnlPaise),
        exit_reason: t.exitReason,
      })),
      analytics,
      decisions: { ordered: count('ordered'), skipped: count('skipped'), refused: count('refused') },
      refusals: [...refusals.values()].sort((a, b) => b.count - a.count || a.limit.localeCompare(b.limit)),
      notes: [
        ...(engine.halted
          ? [`Halted on ${engine.halted.day}: ${engine.halted.reason} No position was opened after it.`]
          : []),
        `Universe: ${universe} NIFTY 50 stocks${params.seed === null ? '' : ` of the simulated market with seed ${params.seed}`}; benchmark ${MARKET_INDEX_NAMES.NIFTY_50}.`,
        `${BACKTEST_STRATEGY_LABELS[params.strategy]}: each day decided before the open from the ${SIGNAL_LOOKBACK_DAYS} calendar days of candles before it, through the allocator's plan (capital phase limits, ${params.daily_amount === null ? '2.5% of the account a day' : `${formatRupeesShort(params.daily_amount)} a day`}, 1.5% daily risk budget).`,
        `Entries are market buys (CNC) at the open's touch (half spread ${s.half_spread_percent}%); exits at the stop, the target (or the open when it gapped through) or the close after the strategy's horizon. When a day's range holds both the stop and the target, the stop is taken as hit first.`,
        `Paper limits as set when the run started: positions at most ${formatRupeesShort(s.max_position_size)} each and ${s.max_positions_count} in all, exposure at most ${Math.round(s.max_portfolio_exposure * 100)}%, ${formatRupeesShort(s.min_balance_threshold)} kept available, daily loss at most ${formatRupeesShort(s.max_daily_loss)}.`,
        `Charges as the paper account's: brokerage ${formatRupeesShort(s.brokerage_per_trade)} an order, STT ${s.stt_rate * 100}%, exchange ${s.transaction_charges}%, stamp duty, SEBI fee, GST and the DP charge; a stock bought and sold the same day settles as intraday.`,
      ],
    };
    return { result: { ...result, headline }, headline };
  }

  async function execute(
    job: Job,
    params: StoredParams,
    source: HistorySource,
    range: Awaited<ReturnType<typeof checkRange>>,
  ) {
    const symbols = niftyUniverse(source.feed);
    try {
      const candles = new Map<string, readonly Candle[]>();
      let lastWritten = 0;
      for (let i = 0; i < symbols.length; i += 1) {
        const symbol = symbols[i]!;
        const list = await source.feed.dailyCandles(symbol, range.warmStart, params.to);
        if (job.aborted) return;
        if (list.length > 0) candles.set(symbol, list);
        const progress = (LOADING_SHARE * (i + 1)) / symbols.length;
        if (progress - lastWritten >= 0.01) {
          await setProgress(job.id, progress);
          lastWritten = progress;
        }
      }
      const engineParams: EngineParams = {
        strategy: params.strategy,
        initialCapital: params.initial_capital,
        dailyAmount: params.daily_amount,
      };
      const simulation = createSimulation({
        params: engineParams,
        days: range.days,
        candles,
        benchmark: range.benchmark,
        sectorOf: sectorOf(source.feed),
        settings: params.settings,
      });
      while (!simulation.done) {
        for (let k = 0; k < DAYS_PER_SLICE && !simulation.done; k += 1) simulation.step();
        await new Promise<void>((resolve) => setImmediate(resolve));
        if (job.aborted) return;
        const progress = LOADING_SHARE + ((1 - LOADING_SHARE) * simulation.daysDone) / simulation.totalDays;
        if (progress - lastWritten >= 0.01 && !simulation.done) {
          await setProgress(job.id, progress);
          lastWritten = progress;
        }
      }
      const { result, headline } = resultOf(params, simulation.result(), candles.size);
      if (job.aborted) return;
      await db
        .update(schema.backtestRuns)
        .set({ status: 'done', progress: 1, result, finishedAt: clock.now() })
        .where(eq(schema.backtestRuns.id, job.id));
      deps.log.info(
        { id: job.id, days: simulation.totalDays, trades: headline.total_trades },
        'backtest finished',
      );
    } catch (error) {
      if (job.aborted) return;
      const message = error instanceof Error ? error.message : String(error);
      deps.log.error({ err: error, id: job.id }, 'backtest failed');
      await db
        .update(schema.backtestRuns)
        .set({ status: 'failed', error: `The backtest failed: ${message}`, finishedAt: clock.now() })
        .where(eq(schema.backtestRuns.id, job.id))
        .catch((e: unknown) => deps.log.error({ err: e, id: job.id }, 'backtest failure not recorded'));
    }
  }

  function summaryOf(
    row: Pick<RunRow, 'id' | 'createdAt' | 'finishedAt' | 'status' | 'progress' | 'params' | 'error'>,
    headline: unknown,
  ): BacktestSummary {
    const p = StoredParams.parse(row.params);
    return {
      id: row.id,
      name: p.name,
      strategy: p.strategy,
      from: p.from,
      to: p.to,
      initial_capital: p.initial_capital,
      daily_amount: p.daily_amount,
      seed: p.seed,
      status: row.status as BacktestSummary['status'],
      progress: Math.min(1, Math.max(0, row.progress)),
      created_at: row.createdAt.toISOString(),
      finished_at: row.finishedAt?.toISOString() ?? null,
      error: row.error,
      headline: row.status === 'done' && headline ? (headline as BacktestHeadline) : null,
    };
  }

  return {
    /**
     * Checks the request, stores the run and starts it; answers once it is under way. The request
     * is checked first: a bad one gets its own 400 whatever else runs or starts meanwhile, and only
     * a good one can be told another run is under way (409).
     */
    async start(body: z.output<typeof StartBacktestRequest>): Promise<{ id: string; name: string }> {
      const source = deps.history(body.seed);
      if ('error' in source) throw new HttpError(400, source.error);
      const range = await checkRange(source.feed, body.from, body.to);
      if (active || starting) throw busy(active ? ((await runningRow()) ?? null) : null);
      starting = true;
      try {
        const settings = await deps.settings();
        const now = clock.now();
        const params: StoredParams = {
          name: body.name || `${BACKTEST_STRATEGY_LABELS[body.strategy]}, ${body.from} to ${body.to}`,
          strategy: body.strategy,
          from: body.from,
          to: body.to,
          initial_capital: rupees(body.initial_capital),
          daily_amount: body.daily_amount === undefined ? null : rupees(body.daily_amount),
          seed: source.seed,
          settings,
        };
        const id = runId(now);
        await db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(${START_LOCK})`);
          const [other] = await tx
            .select()
            .from(schema.backtestRuns)
            .where(eq(schema.backtestRuns.status, 'running'))
            .limit(1);
          if (other) throw busy(other);
          await tx.insert(schema.backtestRuns).values({
            id,
            createdAt: now,
            status: 'running',
            progress: 0,
            params,
          });
        });
        const job: Job = { id, aborted: false, done: Promise.resolve() };
        job.done = execute(job, params, source, range).finally(() => {
          if (active === job) active = null;
        });
        active = job;
        deps.log.info(
          { id, strategy: params.strategy, from: params.from, to: params.to },
          'backtest started',
        );
        return { id, name: params.name };
      } finally {
        starting = false;
      }
    },

    async list(): Promise<BacktestSummary[]> {
      const rows = await db
        .select({
          id: schema.backtestRuns.id,
          createdAt: schema.backtestRuns.createdAt,
          finishedAt: schema.backtestRuns.finishedAt,
          status: schema.backtestRuns.status,
          progress: schema.backtestRuns.progress,
          params: schema.backtestRuns.params,
          error: schema.backtestRuns.error,
          headline: sql<unknown>`${schema.backtestRuns.result}->'headline'`,
        })
        .from(schema.backtestRuns)
        .orderBy(desc(schema.backtestRuns.createdAt), desc(schema.backtestRuns.id))
        .limit(LISTED_RUNS);
      return rows.map((row) => summaryOf(row, row.headline));
    },

    async get(id: string): Promise<BacktestRun> {
      const [row] = await db.select().from(schema.backtestRuns).where(eq(schema.backtestRuns.id, id));
      if (!row) throw new HttpError(404, `No backtest run ${id}: it may have been deleted.`);
      const stored = row.result as { headline?: unknown } | null;
      return {
        ...summaryOf(row, stored?.headline),
        result: row.status === 'done' && stored ? BacktestResult.parse(stored) : null,
      };
    },

    /** Deletes a run; a running one is stopped first. */
    async remove(id: string): Promise<string> {
      const [row] = await db
        .select({ params: schema.backtestRuns.params, status: schema.backtestRuns.status })
        .from(schema.backtestRuns)
        .where(eq(schema.backtestRuns.id, id));
      if (!row) throw new HttpError(404, `No backtest run ${id}: it may have been deleted already.`);
      const name = StoredParams.safeParse(row.params).data?.name ?? id;
      const job = active?.id === id ? active : null;
      if (job) {
        job.aborted = true;
        await job.done;
      }
      await db.delete(schema.backtestRuns).where(eq(schema.backtestRuns.id, id));
      return job ? `Backtest "${name}" stopped and deleted.` : `Backtest "${name}" deleted.`;
    },

    /** At start: runs left 'running' by a previous process are marked failed, with a sentence. */
    async recoverInterrupted(): Promise<number> {
      const rows = await db
        .select({ id: schema.backtestRuns.id, progress: schema.backtestRuns.progress })
        .from(schema.backtestRuns)
        .where(eq(schema.backtestRuns.status, 'running'));
      for (const row of rows) {
        if (row.id === active?.id) continue;
        await db
          .update(schema.backtestRuns)
          .set({ status: 'failed', error: interruptedSentence(row.progress), finishedAt: clock.now() })
          .where(eq(schema.backtestRuns.id, row.id));
      }
      return rows.length;
    },

    /** Stops the running loop (the app is closing); its row stays 'running' for the next start to mark. */
    async stop(): Promise<void> {
      const job = active;
      if (!job) return;
      job.aborted = true;
      await job.done;
    },

    /** Resolves when no run is executing (tests). */
    async idle(): Promise<void> {
      while (active) await active.done;
    },
  };
}
