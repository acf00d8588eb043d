/**
 * Research & Analysis (contract.research): the NIFTY 50 stocks' indicators and strategy signals,
 * the market's sentiment, trend and volatility, and NIFTY 50's 5-year trend.
 *
 * - Universe: the NIFTY 50 constituents of the instrument master that the market feed prices.
 * - Candles: daily, up to the last trading day whose session has closed (the latest completed day a
 *   decision may see); each stock's last ~14 months (enough for the 200-day average), NIFTY 50's
 *   last five years. These depend only on that day, so they are computed once per day.
 * - Prices: today's last price from the tick hub (the last close when the hub has none). Signals,
 *   breadth and the trend use them, so the analysis is recomputed at most once a minute: requests
 *   within the same minute share one computation.
 * - Size: each signal's break-even after charges is for one trade of RESEARCH_INTENDED_VALUE, the
 *   moderate strategy's default daily amount (₹25,000, specification part 1, section 9) split over
 *   five positions; the charges are the paper engine's cost settings.
 *
 * When the market data does not answer, the analysis answers 503 with `data_source`, so the page
 * can name the data source at fault (contract.research.analysis).
 */
import {
  istDay,
  type ResearchAnalysis,
  type ResearchRecommendation,
  type SignalPrediction,
  type TrendAnalysis,
} from '@nivesh/api-contract';
import type { Clock } from '../clock.js';
import type { HolidayCalendar } from '../market/calendar.js';
import type { Candle, MarketFeed, TickHub } from '../market/feed.js';
import { loadInstrumentMaster } from '../market/instruments.js';
import { addDays, lastClosedTradingDay, yearsBefore } from '../market/tradingDays.js';
import type { CostSettings } from '../paper/costs.js';
import { HttpError } from '../http/errors.js';
import {
  computeIndicators,
  realisedVolatility,
  STOCK_CALENDAR_DAYS,
  type IndicatorSnapshot,
} from './indicators.js';
import { bestSignal, signalsFor, STRATEGIES, type StrategySignal } from './strategies.js';
import {
  marketSentimentOf,
  trendAnalysisOf,
  trendDirectionOf,
  volatilityLevelOf,
  type Breadth,
} from './marketView.js';

/** ₹25,000 (the moderate strategy's default daily amount) over five positions. */
export const RESEARCH_INTENDED_VALUE = 5_000;
/** The benchmark: its id in the feed and its name. */
const BENCHMARK = { id: 'NIFTY_50', name: 'NIFTY 50' } as const;
const TREND_YEARS = 5;
/** Stocks whose candles are read at once (a broker's API limits parallel requests). */
const READ_BATCH = 5;
const MINUTE = 60_000;

export interface ResearchServiceDeps {
  clock: Clock;
  calendar: HolidayCalendar;
  feed: MarketFeed;
  hub: TickHub;
  /** The cost settings charges are computed with (the paper engine's). */
  costs: () => Promise<CostSettings>;
  /** The symbols analysed. Default: the NIFTY 50 constituents the feed prices. */
  universe?: () => readonly string[];
  /** Rupees of one trade, for the break-even. Default RESEARCH_INTENDED_VALUE. */
  intendedValue?: number;
  /** The ML ensemble that scores the BUY signals (ml/service.ts); without it, signals carry no prediction. */
  ml?: {
    scoreSignals(input: {
      signals: readonly StrategySignal[];
      indicators: ReadonlyMap<string, IndicatorSnapshot>;
      marketVolatility: number | null;
    }): Promise<ReadonlyMap<string, SignalPrediction>>;
  };
  log?: { warn(obj: object, msg?: string): void };
}

/** Today's market as the allocator reads it: the strongest signal of each stock and NIFTY 50's volatility. */
export interface MarketRead {
  signals: StrategySignal[];
  /** The ML ensemble's prediction of each BUY signal, by symbol (empty without a model). */
  predictions: ReadonlyMap<string, SignalPrediction>;
  /** NIFTY 50's 20-day realised volatility, annualised (0.14 = 14%), or null. */
  volatility: number | null;
}

/**
 * The read's signals with each BUY the model scores at its calibrated probability as its
 * confidence: what the allocator sizes and ranks by (the phases' minimum is a minimum ML
 * confidence). Only a model with skill out of sample (ml/skill.ts: its held-out ranking clearly
 * above chance and its calibrated probabilities better than the base rate) sets a confidence: the
 * signals a model without skill scores, like those no model scores, keep their strategy's own.
 */
export function withMlConfidence(read: MarketRead): StrategySignal[] {
  return read.signals.map((signal) => {
    const prediction = signal.signal === 'BUY' ? read.predictions.get(signal.symbol) : undefined;
    return prediction?.skill.has_skill ? { ...signal, confidence: prediction.probability } : signal;
  });
}

/** Which confidence `withMlConfidence` gave the read's signals, in a sentence for a run's lines. */
export function confidenceLine(read: MarketRead): string {
  const predictions = [...read.predictions.values()];
  const first = predictions[0];
  if (!first) return 'No ML model is trained yet: confidence is each strategy’s own.';
  if (!first.skill.has_skill)
    return (
      first.cannot_tell_apart ?? 'The ML model cannot tell signals apart: confidence is each strategy’s own.'
    );
  return `Confidence is the ML model's calibrated probability of a win after charges (${first.model_version}) for the ${predictions.length} BUY signals it scored.`;
}

export interface ResearchService {
  analysis(): Promise<ResearchAnalysis>;
  /** The signals the analysis shows, for the allocator (the same computation, shared within a minute). */
  marketRead(): Promise<MarketRead>;
}

interface Computed {
  analysis: ResearchAnalysis;
  read: MarketRead;
}

/** The NIFTY 50 constituents (instrument master) that `feed` prices, in the feed's order. */
export function niftyUniverse(feed: MarketFeed): string[] {
  const nifty = loadInstrumentMaster().indices.find((index) => index.id === BENCHMARK.id);
  const members = new Set(nifty?.constituents ?? []);
  return feed
    .instruments()
    .map((instrument) => instrument.symbol)
    .filter((symbol) => members.has(symbol));
}

/** What the candles up to one closed day give: it changes once a day. */
interface DayFigures {
  stocks: Map<string, IndicatorSnapshot>;
  benchmark: {
    indicators: IndicatorSnapshot | null;
    realisedVol: number | null;
    lastClose: number;
    trend: TrendAnalysis | null;
  };
}

const round2 = (x: number) => Math.round(x * 100) / 100;
const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

function dataSourceDown(source: MarketFeed['source'], why: string): HttpError {
  const name = source === 'upstox' ? 'Upstox' : 'the simulated market';
  return new HttpError(503, `Data source not connected: ${name} ${why}.`, { data_source: source });
}

function toRecommendation(signal: StrategySignal, ml: SignalPrediction | null): ResearchRecommendation {
  return {
    ml: signal.signal === 'BUY' ? ml : null,
    symbol: signal.symbol,
    signal: signal.signal,
    confidence: signal.confidence,
    target: signal.target,
    risk: signal.risk,
    reasoning: signal.reasoning,
    strategy: STRATEGIES[signal.strategy].label,
    stop: signal.stop,
    expected_move_pct: signal.expectedMovePct,
    break_even_pct: signal.breakEvenPct,
    horizon_days: signal.horizonDays,
  };
}

/** Actionable (BUY, SELL) first, then by confidence, then by symbol. */
function byActionability(a: ResearchRecommendation, b: ResearchRecommendation): number {
  const rank = (r: ResearchRecommendation) => (r.signal === 'HOLD' ? 1 : 0);
  return rank(a) - rank(b) || b.confidence - a.confidence || a.symbol.localeCompare(b.symbol);
}

export function createResearchService(deps: ResearchServiceDeps): ResearchService {
  const { clock, calendar, feed, hub } = deps;
  const universe = deps.universe ?? (() => niftyUniverse(feed));
  const intendedValue = deps.intendedValue ?? RESEARCH_INTENDED_VALUE;
  let dayCache: { key: string; figures: Promise<DayFigures> } | null = null;
  let minuteCache: { key: string; computed: Promise<Computed> } | null = null;

  async function candlesOf(symbol: string, from: string, to: string): Promise<Candle[]> {
    return (await feed.dailyCandles(symbol, from, to)).filter((c) => c.date <= to && c.close > 0);
  }

  async function computeDay(day: string, today: string): Promise<DayFigures> {
    let benchmarkCandles: Candle[];
    try {
      benchmarkCandles = await candlesOf(BENCHMARK.id, addDays(yearsBefore(day, TREND_YEARS), 1), day);
    } catch (error) {
      throw dataSourceDown(
        feed.source,
        `did not give ${BENCHMARK.name} history (${(error as Error).message})`,
      );
    }
    if (benchmarkCandles.length === 0)
      throw dataSourceDown(feed.source, `has no ${BENCHMARK.name} history up to ${day}`);

    const stocks = new Map<string, IndicatorSnapshot>();
    const symbols = universe();
    let failed = 0;
    for (let i = 0; i < symbols.length; i += READ_BATCH) {
      const batch = symbols.slice(i, i + READ_BATCH);
      const results = await Promise.allSettled(
        batch.map((symbol) => candlesOf(symbol, addDays(day, -STOCK_CALENDAR_DAYS), day)),
      );
      results.forEach((result, j) => {
        if (result.status === 'rejected') {
          failed += 1;
          return;
        }
        const indicators = computeIndicators(result.value);
        if (indicators) stocks.set(batch[j]!, indicators);
      });
    }
    if (symbols.length > 0 && failed === symbols.length)
      throw dataSourceDown(feed.source, 'did not give any stock history');

    const closes = benchmarkCandles.map((c) => c.close);
    return {
      stocks,
      benchmark: {
        indicators: computeIndicators(benchmarkCandles),
        realisedVol: realisedVolatility(closes),
        lastClose: closes[closes.length - 1]!,
        trend: trendAnalysisOf(BENCHMARK.name, benchmarkCandles, today),
      },
    };
  }

  function figuresOf(day: string, now: Date): Promise<DayFigures> {
    const today = istDay(now);
    // Keyed by the running year too: a year turns partial-free on 1 January, a holiday.
    const key = `${day}|${today.slice(0, 4)}`;
    if (dayCache?.key !== key) {
      const figures = computeDay(day, today);
      dayCache = { key, figures };
      // A failed read is not kept: the next request tries again.
      figures.catch(() => {
        if (dayCache?.figures === figures) dayCache = null;
      });
    }
    return dayCache.figures;
  }

  /** The ML predictions of the signals; none (said in the log) when the model cannot score them. */
  async function scored(
    signals: readonly StrategySignal[],
    indicators: ReadonlyMap<string, IndicatorSnapshot>,
    marketVolatility: number | null,
  ): Promise<ReadonlyMap<string, SignalPrediction>> {
    if (!deps.ml) return new Map();
    try {
      return await deps.ml.scoreSignals({ signals, indicators, marketVolatility });
    } catch (error) {
      deps.log?.warn({ err: error }, 'research: the ML model could not score the signals');
      return new Map();
    }
  }

  async function compute(day: string, now: Date): Promise<Computed> {
    const [figures, costs] = await Promise.all([figuresOf(day, now), deps.costs()]);
    const breadth: Breadth = { above50: 0, total: 0, advancers: 0, decliners: 0 };
    const recommendations: ResearchRecommendation[] = [];
    const signals: StrategySignal[] = [];
    for (const [symbol, indicators] of figures.stocks) {
      const tick = hub.last(symbol);
      const price = tick && tick.ltp > 0 ? tick.ltp : indicators.close;
      breadth.total += 1;
      if (price > indicators.sma50) breadth.above50 += 1;
      if (tick && tick.ltp > tick.previousClose) breadth.advancers += 1;
      if (tick && tick.ltp < tick.previousClose) breadth.decliners += 1;
      signals.push(bestSignal(signalsFor({ symbol, indicators, price, intendedValue, costs })));
    }
    const { benchmark } = figures;
    const predictions = await scored(signals, figures.stocks, benchmark.realisedVol);
    for (const signal of signals)
      recommendations.push(toRecommendation(signal, predictions.get(signal.symbol) ?? null));
    recommendations.sort(byActionability);

    const level = hub.last(BENCHMARK.id)?.ltp ?? benchmark.lastClose;
    const trend = trendDirectionOf(level, benchmark.indicators);
    const analysis: ResearchAnalysis = {
      market_sentiment: marketSentimentOf(breadth, trend).label,
      trend_direction: trend,
      volatility_level: volatilityLevelOf(benchmark.realisedVol),
      realised_volatility_pct: benchmark.realisedVol === null ? null : round2(benchmark.realisedVol * 100),
      breadth: breadth.total > 0 ? round4(breadth.above50 / breadth.total) : 0,
      advancers: breadth.advancers,
      decliners: breadth.decliners,
      intended_value: intendedValue,
      opportunities: recommendations.filter((r) => r.signal !== 'HOLD').length,
      recommendations,
      trend_analysis: benchmark.trend,
      as_of: now.toISOString(),
      data_source: feed.source,
    };
    return { analysis, read: { signals, predictions, volatility: benchmark.realisedVol } };
  }

  function computed(): Promise<Computed> {
    const now = clock.now();
    const day = lastClosedTradingDay(now, calendar);
    if (day === null)
      return Promise.reject(
        new HttpError(404, 'No trading day has closed in the past year: there is nothing to analyse yet.'),
      );
    const key = `${day}|${Math.floor(now.getTime() / MINUTE)}`;
    if (minuteCache?.key !== key) {
      const result = compute(day, now);
      minuteCache = { key, computed: result };
      result.catch(() => {
        if (minuteCache?.computed === result) minuteCache = null;
      });
    }
    return minuteCache.computed;
  }

  return {
    analysis: async () => (await computed()).analysis,
    marketRead: async () => (await computed()).read,
  };
}
