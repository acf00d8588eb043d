/**
 * The training rows, pure: what the strategies would have bought on each past day and whether it
 * won after charges. No I/O; the same candles give the same rows.
 *
 * For each instrument and each day D that has indicators (research/indicators.ts indicatorSeries,
 * from the 200th candle on) and is on or after `from`: the strategies' best signal at D's close
 * (research/strategies.ts signalsFor + bestSignal at price = D's close, sized at the intended
 * value). Only a BUY makes a row. Its trade (`tradeOutcome`): bought at D's close, then walked over
 * the days after D, oldest first, each by the backtest's own resting-exit rule (backtests/engine.ts
 * `restingExit`): an open at or through the stop exits at the open; an open at or above the target
 * exits at the open; else a low at or below the stop exits at the stop; else a high at or above
 * the target exits at the target; the stop first when the day's range holds both. If neither level
 * is reached, it exits at the close of the horizon day (horizonDays trading days after D).
 *
 * Return after costs = ((exit − entry) × quantity − charges) / (entry × quantity), with quantity
 * floor(intendedValue / entry), at least 1 (strategies.ts roundTripCost's sizing), and charges a
 * CNC delivery buy at the entry plus a delivery sell, with the DP charge, at the exit
 * (paper/costs.ts computeCharges, in paise). The label is 1 when that return is above 0
 * (features.ts labelOf).
 *
 * Features: features.ts featuresOf of D's indicators, with NIFTY 50's 20-day realised volatility up
 * to D's close as the market volatility (null when NIFTY 50 has no candle on D or too few before
 * it) and no news sentiment (history has no headlines). A row whose trade has not reached its
 * horizon by the last candle, and hit neither level, is not labelled: it is returned in `pending`.
 * Rows are in time order: by day, then symbol.
 *
 * Decided trades (`decided`: the automation's entries and what they really made after charges, from
 * the prediction log, ml/service.ts): the row of a decided trade's stock and feature day takes the
 * trade's strategy, levels, horizon and real return as its label, in place of the exit walk (or
 * it is added, when that day's strategies gave no BUY at the close), its features those of the day
 * as above. Every automated entry is so learned from, whichever model (or none) scored it.
 */
import type { Candle } from '../market/feed.js';
import { computeCharges, type CostSettings } from '../paper/costs.js';
import { toPaise } from '../paper/money.js';
import { restingExit } from '../backtests/engine.js';
import { indicatorSeries, realisedVolatility } from '../research/indicators.js';
import { bestSignal, signalsFor, type StrategyId } from '../research/strategies.js';
import { featuresOf, labelOf } from './features.js';

export interface TradeInput {
  /** Entry price (rupees), bought at a day's close. */
  entry: number;
  target: number;
  stop: number;
  /** Trading days after the entry day whose close ends the trade if neither level was reached. */
  horizonDays: number;
  /** The daily candles after the entry day, oldest first. */
  later: readonly Candle[];
  costs: CostSettings;
  /** Rupees of the trade: quantity floor(intendedValue / entry), at least 1. */
  intendedValue: number;
}

export interface TradeOutcome {
  /** Rupees. */
  exitPrice: number;
  /** IST trading day of the exit, YYYY-MM-DD. */
  exitDay: string;
  kind: 'target' | 'stop' | 'horizon';
  /** Net P&L after both sides' charges over the entry value, a fraction (0.012 = 1.2%). */
  returnAfterCosts: number;
}

/**
 * How a long trade bought at `entry` ends over the `later` candles (see the module comment), or
 * null when the horizon day is not among them and neither level was reached.
 */
export function tradeOutcome(input: TradeInput): TradeOutcome | null {
  const { entry, horizonDays, later, costs } = input;
  if (!(entry > 0) || !Number.isFinite(entry)) throw new RangeError(`entry must be positive: ${entry}`);
  if (!Number.isInteger(horizonDays) || horizonDays < 1)
    throw new RangeError(`horizonDays must be a positive integer: ${horizonDays}`);
  const levels = { stopTriggerPaise: toPaise(input.stop), targetPaise: toPaise(input.target) };
  let exit: { pricePaise: number; day: string; kind: TradeOutcome['kind'] } | null = null;
  for (let i = 0; i < Math.min(horizonDays, later.length) && !exit; i += 1) {
    const candle = later[i]!;
    const hit = restingExit(candle, levels);
    if (hit) exit = { pricePaise: hit.levelPaise, day: candle.date, kind: hit.reason };
    else if (i === horizonDays - 1)
      exit = { pricePaise: toPaise(candle.close), day: candle.date, kind: 'horizon' };
  }
  if (!exit) return null;
  const entryPaise = toPaise(entry);
  const quantity = Math.max(1, Math.floor(input.intendedValue / entry));
  const charges =
    computeCharges({ side: 'BUY', product: 'CNC', quantity, pricePaise: entryPaise, settings: costs }).total +
    computeCharges({ side: 'SELL', product: 'CNC', quantity, pricePaise: exit.pricePaise, settings: costs })
      .total;
  const net = (exit.pricePaise - entryPaise) * quantity - charges;
  return {
    exitPrice: exit.pricePaise / 100,
    exitDay: exit.day,
    kind: exit.kind,
    returnAfterCosts: net / (entryPaise * quantity),
  };
}

export interface DatasetInput {
  /** Each instrument's daily candles, oldest first (with ~200 trading days before `from` to warm up). */
  candles: Readonly<Record<string, readonly Candle[]>>;
  /** NIFTY 50's daily candles, oldest first, over the same span. */
  benchmark: readonly Candle[];
  costs: CostSettings;
  /** Rupees of one trade (research's RESEARCH_INTENDED_VALUE). */
  intendedValue: number;
  /** The first decision day (YYYY-MM-DD); earlier candles only warm up the indicators. Default: all. */
  from?: string;
  /** Automated entries whose real outcome is known (see the module comment). Default: none. */
  decided?: readonly DecidedTrade[];
}

/** An automated entry and what it made, on the day whose indicators it read. */
export interface DecidedTrade {
  symbol: string;
  /** The last closed trading day when it decided: the day of the indicators it read. */
  day: string;
  strategy: StrategyId;
  horizonDays: number;
  entry: number;
  target: number;
  stop: number;
  /** What the trade made after charges, a fraction of the money put in. */
  returnAfterCosts: number;
}

/** A BUY decision of one day, its trade's levels and its features. */
interface PendingRow extends Omit<DecidedTrade, 'returnAfterCosts'> {
  /** featuresOf, FEATURE_NAMES order. */
  features: number[];
}

interface DatasetRow extends PendingRow {
  label: 0 | 1;
  returnAfterCosts: number;
}

export interface Dataset {
  /** Labelled rows, by day then symbol. */
  rows: DatasetRow[];
  /** Decisions whose trade had not ended by the last candle, by day then symbol. */
  pending: PendingRow[];
}

const byDayThenSymbol = (a: PendingRow, b: PendingRow) =>
  a.day < b.day ? -1 : a.day > b.day ? 1 : a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0;

/** The labelled training rows of every instrument's BUY decisions (see the module comment). */
export function buildDataset(input: DatasetInput): Dataset {
  const { costs, intendedValue, from = '' } = input;
  const benchmarkCloses = input.benchmark.map((c) => c.close);
  const benchmarkIndex = new Map(input.benchmark.map((c, i) => [c.date, i]));
  const marketVolatility = (day: string): number | null => {
    const i = benchmarkIndex.get(day);
    return i === undefined ? null : realisedVolatility(benchmarkCloses.slice(0, i + 1).slice(-21));
  };
  const decided = new Map((input.decided ?? []).map((d) => [`${d.symbol}|${d.day}`, d]));
  const rows: DatasetRow[] = [];
  const pending: PendingRow[] = [];
  for (const [symbol, candles] of Object.entries(input.candles)) {
    indicatorSeries(candles).forEach((indicators, i) => {
      if (!indicators || indicators.date < from) return;
      const features = () =>
        featuresOf(indicators, { marketVolatility: marketVolatility(indicators.date), newsSentiment: null });
      const real = decided.get(`${symbol}|${indicators.date}`);
      if (real) {
        rows.push({
          symbol,
          day: indicators.date,
          strategy: real.strategy,
          horizonDays: real.horizonDays,
          entry: real.entry,
          target: real.target,
          stop: real.stop,
          features: features(),
          label: labelOf(real.returnAfterCosts),
          returnAfterCosts: real.returnAfterCosts,
        });
        return;
      }
      const price = indicators.close;
      const signal = bestSignal(signalsFor({ symbol, indicators, price, intendedValue, costs }));
      if (signal.signal !== 'BUY') return;
      const row: PendingRow = {
        symbol,
        day: indicators.date,
        strategy: signal.strategy,
        horizonDays: signal.horizonDays,
        entry: price,
        target: signal.target,
        stop: signal.stop,
        features: features(),
      };
      const outcome = tradeOutcome({
        entry: price,
        target: signal.target,
        stop: signal.stop,
        horizonDays: signal.horizonDays,
        later: candles.slice(i + 1, i + 1 + signal.horizonDays),
        costs,
        intendedValue,
      });
      if (!outcome) pending.push(row);
      else
        rows.push({
          ...row,
          label: labelOf(outcome.returnAfterCosts),
          returnAfterCosts: outcome.returnAfterCosts,
        });
    });
  }
  return { rows: rows.sort(byDayThenSymbol), pending: pending.sort(byDayThenSymbol) };
}
