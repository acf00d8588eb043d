/**
 * The simulated NSE market: the embedded default feed. Seeded and reproducible: every price is a
 * function of (seed, instant, calendar, instrument master), so two markets with the same seed agree
 * at the same instant, and a restart mid-session regenerates the same day from its open.
 *
 * The model (parameters in market/reference-data/simulation.json and equities.json):
 * - Daily closes, one factor: a stock's log close = log reference price + loading * market factor
 *   + its own component, the loading set so that its beta measured against NIFTY 50 is its
 *   configured beta. The market factor drifts modestly with ~1% daily volatility and reverts slowly
 *   to its drift line; each stock's own component is a slowly reverting walk with the stock's
 *   idiosyncratic volatility. On the reference date every close equals its reference price (and
 *   every index its reference level); days are generated outwards from that date, each day's
 *   Gaussian (Box-Muller) shocks keyed on (seed, date, symbol).
 * - Each trading day has a path of 376 knots, one per minute of the normal session: the open (the
 *   previous close moved by a small gap) to the close along a line, plus a Brownian bridge shared by
 *   all stocks (scaled by their loading) and each stock's own bridge. Prices between knots are
 *   linear, so a day's high and low are at its knots and today's candle equals the candle the same
 *   day has in the history tomorrow.
 * - Index levels are computed from their constituents: sum of free-float weight * price over a
 *   divisor set so the reference date gives the reference level. The constituents' model prices
 *   are used (not their 0.05-rounded last prices), so an index is linear between knots too.
 * - Volume: a share of the free-float shares, varied day to day and higher on big moves, building
 *   up through the session along a U-shaped profile (busy open and close).
 *
 * Ticks are published every second while the normal session (09:15-15:30 IST) runs; outside it the
 * hub holds the last close. A batch is priced and stamped at the instant it is published, to the
 * millisecond (prices are a function of the instant), so a tick's time is when it was made: the
 * tick-streaming figures measured against it (feed delay, tick to browser) are the time it really
 * took, not up to a second of rounding to the whole second. With `alwaysOpen` (demos, tests) a day's path is stretched from the
 * previous close to its own close, so prices move at any hour and the closes are the same.
 */
import { z } from 'zod';
import { istDay } from '@nivesh/api-contract';
import type { Clock } from '../clock.js';
import { marketStatus, type HolidayCalendar } from './calendar.js';
import type { Candle, MarketFeed, Tick, TickHub } from './feed.js';
import {
  loadInstrumentMaster,
  loadSimulationModel,
  type InstrumentMaster,
  type MasterIndex,
  type SimulationModel,
} from './instruments.js';
import { randomStream, type RandomStream } from './random.js';
import {
  addDays,
  isTradingDay,
  nextTradingDay,
  previousTradingDay,
  sessionCloseAt,
  sessionOpenAt,
  tradingDaysBetween,
  yearsBefore,
} from './tradingDays.js';

/** Knot intervals of a day's path: one per minute of the 375-minute normal session. */
const KNOT_INTERVALS = 375;
/** NSE equities move on a 5-paisa tick. */
const TICK_SIZE = 0.05;
/** A catch-up longer than this many seconds publishes each knot (where paths turn) instead of each second. */
const MAX_SECOND_BY_SECOND = 300;
/**
 * After a long pause, only the most recent sessions are replayed into the hub: consumers need the
 * recent moves, and no price depends on what was published before.
 */
const MAX_REPLAYED_SESSIONS = 5;
const TRADING_DAYS_PER_YEAR = 252;
const SECOND = 1000;
/** Completed-day candle computation yields to the event loop after this many days. */
const DAYS_PER_SLICE = 40;

interface MarketLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface SimulatedMarketOptions {
  seed: number;
  /** Keep prices moving at any hour (demos, tests); history and closes are unchanged. */
  alwaysOpen: boolean;
  clock: Clock;
  calendar: HolidayCalendar;
  log: MarketLog;
  /** Default: the shipped instrument master. */
  master?: InstrumentMaster;
  /** Default: the shipped simulation.json. */
  model?: SimulationModel;
}

export interface SimulatedMarket extends MarketFeed {
  readonly source: 'simulated';
  /**
   * Publishes the ticks from the last published instant up to `at` (to the millisecond): one batch
   * per second of session, the last at `at` itself, or, for a long catch-up, one per knot and `at`.
   * Does nothing before start() or after stop(), or when `at` is not later than the last batch.
   */
  advanceTo(at: Date): void;
}

const TICKS_PER_RUPEE = Math.round(1 / TICK_SIZE);

/** Rounds a price to the 0.05 tick, never below one tick. */
function toTick(price: number): number {
  return Math.max(1, Math.round(price * TICKS_PER_RUPEE)) / TICKS_PER_RUPEE;
}

const toHundredths = (value: number) => Math.round(value * 100) / 100;

/** The index formula: level = sum(weight * price) / divisor, over the constituents. */
export interface IndexFormula {
  id: MasterIndex['id'];
  /** Positions of the constituents in master.equities. */
  positions: number[];
  /** Free-float shares per constituent, in the units of the weight basis (crore rupees / price). */
  weights: number[];
  divisor: number;
}

export function indexFormula(index: MasterIndex, master: InstrumentMaster): IndexFormula {
  // In master order: every sum over constituents runs in this one order, so they agree exactly.
  const positions = index.constituents
    .map((symbol) => master.equities.findIndex((e) => e.symbol === symbol))
    .sort((a, b) => a - b);
  const weights = positions.map((p) => {
    const { freeFloatMarketCapCrore, referencePrice } = master.equities[p]!.simulation;
    return freeFloatMarketCapCrore / referencePrice;
  });
  // At reference prices the weighted sum is the free-float market cap: it maps to the reference level.
  const basis = positions.reduce((sum, p) => sum + master.equities[p]!.simulation.freeFloatMarketCapCrore, 0);
  return { id: index.id, positions, weights, divisor: basis / index.referenceLevel };
}

/** Fraction of a day's volume traded by fraction `f` of its session: intensity (1-c) + 3c(2f-1)^2. */
function cumulativeVolumeShare(f: number, uShapeShare: number): number {
  const centred = 2 * f - 1;
  return (1 - uShapeShare) * f + (uShapeShare * (centred * centred * centred + 1)) / 2;
}

/** Per-equity constants of the model, in master order. */
interface Parameters {
  seed: number;
  symbols: string[];
  logReference: Float64Array;
  /** Loading on the market factor: set so the beta measured against NIFTY 50 is the configured one. */
  beta: Float64Array;
  /** Daily idiosyncratic volatility, and its AR(1) coefficient. */
  ownVolatility: Float64Array;
  ownPersistence: Float64Array;
  /** Daily volatility of the whole log return: sqrt(loading^2 sigma_m^2 + sigma_i^2). */
  totalVolatility: Float64Array;
  baseVolume: Float64Array;
  marketVolatility: number;
  marketPersistence: number;
  dailyDrift: number;
  model: SimulationModel;
}

/**
 * Loadings on the market factor such that each stock's beta against NIFTY 50 (what a user measures)
 * is its configured beta. NIFTY's return is the factor plus the weighted own moves of its
 * constituents; with loading b_i = beta_i * (1 + S / sm^2) - w_i * si^2 / sm^2, where
 * S = sum(w_j^2 sj^2) is NIFTY's own variance, cov(r_i, r_NIFTY) / var(r_NIFTY) = beta_i (at the
 * reference weights, when the weighted configured beta is 1). Without it NIFTY's own variance
 * would pull every measured beta about 9% towards zero, and its heavy stocks' up.
 */
function marketLoadings(master: InstrumentMaster, model: SimulationModel): Float64Array {
  const ownVariance = (i: number) =>
    master.equities[i]!.simulation.idiosyncraticVolatility ** 2 / TRADING_DAYS_PER_YEAR;
  const marketVariance = model.market.dailyVolatility ** 2;
  const nifty = master.indices.find((index) => index.id === 'NIFTY_50');
  const weights = new Float64Array(master.equities.length);
  if (nifty) {
    const positions = nifty.constituents.map((symbol) =>
      master.equities.findIndex((e) => e.symbol === symbol),
    );
    const total = positions.reduce(
      (sum, p) => sum + master.equities[p]!.simulation.freeFloatMarketCapCrore,
      0,
    );
    for (const p of positions) weights[p] = master.equities[p]!.simulation.freeFloatMarketCapCrore / total;
  }
  let niftyOwnVariance = 0;
  weights.forEach((w, i) => {
    niftyOwnVariance += w * w * ownVariance(i);
  });
  return Float64Array.from(
    master.equities,
    (equity, i) =>
      equity.simulation.beta * (1 + niftyOwnVariance / marketVariance) -
      (weights[i]! * ownVariance(i)) / marketVariance,
  );
}

function parametersOf(seed: number, master: InstrumentMaster, model: SimulationModel): Parameters {
  const n = master.equities.length;
  const loadings = marketLoadings(master, model);
  const p: Parameters = {
    seed,
    symbols: master.equities.map((e) => e.symbol),
    logReference: new Float64Array(n),
    beta: new Float64Array(n),
    ownVolatility: new Float64Array(n),
    ownPersistence: new Float64Array(n),
    totalVolatility: new Float64Array(n),
    baseVolume: new Float64Array(n),
    marketVolatility: model.market.dailyVolatility,
    // AR(1) with stationary deviation s and shock sigma: phi = sqrt(1 - (sigma / s)^2).
    marketPersistence: Math.sqrt(
      Math.max(0, 1 - (model.market.dailyVolatility / model.market.stationaryDeviation) ** 2),
    ),
    dailyDrift: model.market.annualDrift / TRADING_DAYS_PER_YEAR,
    model,
  };
  master.equities.forEach((equity, i) => {
    const s = equity.simulation;
    const daily = s.idiosyncraticVolatility / Math.sqrt(TRADING_DAYS_PER_YEAR);
    const stationary = s.idiosyncraticVolatility * model.idiosyncraticStationaryYears;
    p.logReference[i] = Math.log(s.referencePrice);
    p.beta[i] = loadings[i]!;
    p.ownVolatility[i] = daily;
    p.ownPersistence[i] = Math.sqrt(Math.max(0, 1 - (daily / stationary) ** 2));
    p.totalVolatility[i] = Math.sqrt((loadings[i]! * model.market.dailyVolatility) ** 2 + daily ** 2);
    // Crore rupees of free float / price = crore shares.
    p.baseVolume[i] =
      ((s.freeFloatMarketCapCrore * 1e7) / s.referencePrice) * model.volume.dailyTurnoverOfFreeFloat;
  });
  return p;
}

/** One trading day of the daily model. */
interface DayState {
  date: string;
  /** Market factor: deviation from its drift line, and log level relative to the reference day. */
  marketDeviation: number;
  marketLevel: number;
  marketShock: number;
  ownShock: Float64Array;
  ownDeviation: Float64Array;
  gapNoise: Float64Array;
  volumeNoise: Float64Array;
  logClose: Float64Array;
}

/** The daily closes, generated outwards from the reference day and kept. */
class DailyModel {
  private readonly states = new Map<string, DayState>();
  private first: DayState;
  private last: DayState;

  constructor(
    private readonly p: Parameters,
    private readonly calendar: HolidayCalendar,
    referenceDate: string,
  ) {
    const day = isTradingDay(referenceDate, calendar)
      ? referenceDate
      : previousTradingDay(referenceDate, calendar);
    const reference = this.blank(day);
    reference.logClose.set(p.logReference);
    this.states.set(day, reference);
    this.first = reference;
    this.last = reference;
  }

  /** A day with its own shocks drawn and its levels still zero. */
  private blank(date: string): DayState {
    const n = this.p.symbols.length;
    const state: DayState = {
      date,
      marketDeviation: 0,
      marketLevel: 0,
      marketShock: randomStream(this.p.seed, date, 'market', 'daily').normal(),
      ownShock: new Float64Array(n),
      ownDeviation: new Float64Array(n),
      gapNoise: new Float64Array(n),
      volumeNoise: new Float64Array(n),
      logClose: new Float64Array(n),
    };
    for (let i = 0; i < n; i += 1) {
      const stream = randomStream(this.p.seed, date, this.p.symbols[i]!, 'daily');
      state.ownShock[i] = stream.normal();
      state.gapNoise[i] = stream.normal();
      state.volumeNoise[i] = stream.normal();
    }
    return state;
  }

  private closes(state: DayState): void {
    const p = this.p;
    for (let i = 0; i < p.symbols.length; i += 1) {
      state.logClose[i] = p.logReference[i]! + p.beta[i]! * state.marketLevel + state.ownDeviation[i]!;
    }
  }

  /** The day after `prev`, driven by its own shocks. */
  private forward(prev: DayState, date: string): DayState {
    const p = this.p;
    const next = this.blank(date);
    next.marketDeviation = p.marketPersistence * prev.marketDeviation + p.marketVolatility * next.marketShock;
    next.marketLevel = prev.marketLevel + p.dailyDrift + (next.marketDeviation - prev.marketDeviation);
    for (let i = 0; i < p.symbols.length; i += 1) {
      next.ownDeviation[i] =
        p.ownPersistence[i]! * prev.ownDeviation[i]! + p.ownVolatility[i]! * next.ownShock[i]!;
    }
    this.closes(next);
    return next;
  }

  /** The day before `after`: the reverse recursion, so `after`'s return is driven by `after`'s shocks. */
  private backward(after: DayState, date: string): DayState {
    const p = this.p;
    const prev = this.blank(date);
    prev.marketDeviation =
      p.marketPersistence * after.marketDeviation - p.marketVolatility * after.marketShock;
    prev.marketLevel = after.marketLevel - p.dailyDrift - (after.marketDeviation - prev.marketDeviation);
    for (let i = 0; i < p.symbols.length; i += 1) {
      prev.ownDeviation[i] =
        p.ownPersistence[i]! * after.ownDeviation[i]! - p.ownVolatility[i]! * after.ownShock[i]!;
    }
    this.closes(prev);
    return prev;
  }

  state(date: string): DayState {
    if (date > this.last.date) {
      while (this.last.date < date) {
        const next = this.forward(this.last, nextTradingDay(this.last.date, this.calendar));
        this.states.set(next.date, next);
        this.last = next;
      }
    } else if (date < this.first.date) {
      while (this.first.date > date) {
        const prev = this.backward(this.first, previousTradingDay(this.first.date, this.calendar));
        this.states.set(prev.date, prev);
        this.first = prev;
      }
    }
    const state = this.states.get(date);
    if (!state) throw new Error(`${date} is not a trading day`);
    return state;
  }
}

/** A day's path of one instrument: its knots (model prices, unrounded) and its day figures. */
interface RawDay {
  knots: Float64Array;
  /** As published: to the tick for equities, to hundredths for index levels. */
  previousClose: number;
  volume: number;
}

/** A path ready for live ticks: the running high and low of its rounded knots. */
interface PathDay extends RawDay {
  high: Float64Array;
  low: Float64Array;
  open: number;
}

/** Every instrument's path on one day, and when it runs. */
interface DayPaths {
  date: string;
  windowStart: number;
  windowEnd: number;
  equities: PathDay[];
  indices: PathDay[];
}

/** Turns the walk in `out` (out[0] = 0) into a bridge: zero at both ends. */
function pinEnds(out: Float64Array): Float64Array {
  const n = out.length - 1;
  const end = out[n]!;
  for (let k = 1; k <= n; k += 1) out[k] = out[k]! - (k / n) * end;
  out[n] = 0;
  return out;
}

/** A Brownian bridge of Gaussian steps with standard deviation `scale`. */
function gaussianBridge(stream: RandomStream, scale: number): Float64Array {
  const out = new Float64Array(KNOT_INTERVALS + 1);
  for (let k = 1; k <= KNOT_INTERVALS; k += 1) out[k] = out[k - 1]! + scale * stream.normal();
  return pinEnds(out);
}

/**
 * A bridge of uniform steps with standard deviation `scale` (uniform on +-sqrt(3) scale), into
 * `out`. A day sums hundreds of them, so the path is Gaussian to the eye, at a fraction of
 * Box-Muller's cost: an index's history needs every constituent's path of every day.
 */
function uniformBridge(stream: RandomStream, scale: number, out: Float64Array): Float64Array {
  const width = 2 * Math.sqrt(3) * scale;
  out[0] = 0;
  for (let k = 1; k <= KNOT_INTERVALS; k += 1) out[k] = out[k - 1]! + width * (stream.uniform() - 0.5);
  return pinEnds(out);
}

function livePath(raw: RawDay, round: (v: number) => number): PathDay {
  const { knots } = raw;
  const high = new Float64Array(knots.length);
  const low = new Float64Array(knots.length);
  let hi = -Infinity;
  let lo = Infinity;
  for (let k = 0; k < knots.length; k += 1) {
    const value = round(knots[k]!);
    if (value > hi) hi = value;
    if (value < lo) lo = value;
    high[k] = hi;
    low[k] = lo;
  }
  return { ...raw, high, low, open: round(knots[0]!) };
}

/** A completed day's candle. Rounding keeps order, so the rounded extremes are the extremes rounded. */
function candleOf(raw: RawDay, round: (v: number) => number, date: string): Candle {
  const { knots } = raw;
  let high = knots[0]!;
  let low = knots[0]!;
  for (let k = 1; k < knots.length; k += 1) {
    const value = knots[k]!;
    if (value > high) high = value;
    if (value < low) low = value;
  }
  return {
    date,
    open: round(knots[0]!),
    high: round(high),
    low: round(low),
    close: round(knots[KNOT_INTERVALS]!),
    volume: raw.volume,
  };
}

class PathModel {
  readonly daily: DailyModel;
  readonly formulas: IndexFormula[];
  private readonly marketBridges = new Map<string, Float64Array>();
  private readonly previousDays = new Map<string, string>();
  /** For each equity (by position): the indices it belongs to, and its weight there. */
  private readonly memberships: Array<Array<{ index: number; weight: number }>>;
  /** Work buffers of completed days, reused: one equity path, and each index's running sum. */
  private readonly scratch = new Float64Array(KNOT_INTERVALS + 1);
  private readonly sums: Float64Array[];

  constructor(
    readonly p: Parameters,
    readonly calendar: HolidayCalendar,
    master: InstrumentMaster,
  ) {
    this.daily = new DailyModel(p, calendar, p.model.referenceDate);
    this.formulas = master.indices.map((index) => indexFormula(index, master));
    this.memberships = master.equities.map(() => []);
    this.formulas.forEach((formula, index) =>
      formula.positions.forEach((position, j) =>
        this.memberships[position]!.push({ index, weight: formula.weights[j]! }),
      ),
    );
    this.sums = this.formulas.map(() => new Float64Array(KNOT_INTERVALS + 1));
  }

  previousDay(date: string): string {
    let day = this.previousDays.get(date);
    if (!day) {
      day = previousTradingDay(date, this.calendar);
      this.previousDays.set(date, day);
    }
    return day;
  }

  marketBridge(date: string): Float64Array {
    let path = this.marketBridges.get(date);
    if (!path) {
      path = gaussianBridge(
        randomStream(this.p.seed, date, 'market', 'intraday'),
        this.p.marketVolatility / Math.sqrt(KNOT_INTERVALS),
      );
      this.marketBridges.set(date, path);
    }
    return path;
  }

  /**
   * Equity `i` on trading day `date`, its knots written into `knots`: the open (a gap from the
   * previous close), then to the close.
   */
  equityDay(i: number, date: string, knots = new Float64Array(KNOT_INTERVALS + 1)): RawDay {
    const p = this.p;
    const gap = p.model.openingGap;
    const today = this.daily.state(date);
    const before = this.daily.state(this.previousDay(date));
    const logPrevious = before.logClose[i]!;
    const logClose = today.logClose[i]!;
    const move = logClose - logPrevious;
    const logOpen = logPrevious + gap.shareOfDailyMove * move + gap.volatility * today.gapNoise[i]!;

    const market = this.marketBridge(date);
    uniformBridge(
      randomStream(p.seed, date, p.symbols[i]!, 'intraday'),
      p.ownVolatility[i]! / Math.sqrt(KNOT_INTERVALS),
      knots,
    );
    // In place, in price terms (a day's move is small): knot k = the open-to-close line scaled by
    // (1 + beta * market bridge + own bridge), the own bridge being knots[k].
    const beta = p.beta[i]!;
    const open = Math.exp(logOpen);
    const close = Math.exp(logClose);
    const slope = (close - open) / KNOT_INTERVALS;
    for (let k = 1; k < KNOT_INTERVALS; k += 1) {
      knots[k] = (open + k * slope) * (1 + beta * market[k]! + knots[k]!);
    }
    knots[0] = open;
    knots[KNOT_INTERVALS] = close;

    const v = p.model.volume;
    const variation = Math.exp(v.dayToDayVariation * today.volumeNoise[i]! - v.dayToDayVariation ** 2 / 2);
    const surprise = Math.abs(move) / p.totalVolatility[i]!;
    // E|z| = sqrt(2/pi): the move factor averages 1.
    const moveFactor = (1 + v.moveSensitivity * surprise) / (1 + v.moveSensitivity * Math.sqrt(2 / Math.PI));
    return {
      knots,
      previousClose: toTick(Math.exp(logPrevious)),
      volume: Math.max(1, Math.round(p.baseVolume[i]! * variation * moveFactor)),
    };
  }

  /**
   * An index's path from its constituents' paths. Summed constituent by constituent in master
   * order, as completedDay and indexLevel do, so all three agree to the last bit.
   */
  indexDay(formula: IndexFormula, equities: (position: number) => RawDay, date: string): RawDay {
    const knots = new Float64Array(KNOT_INTERVALS + 1);
    for (let j = 0; j < formula.positions.length; j += 1) {
      const path = equities(formula.positions[j]!).knots;
      const weight = formula.weights[j]!;
      for (let k = 0; k <= KNOT_INTERVALS; k += 1) knots[k] = knots[k]! + weight * path[k]!;
    }
    for (let k = 0; k <= KNOT_INTERVALS; k += 1) knots[k] = knots[k]! / formula.divisor;
    const before = this.daily.state(this.previousDay(date));
    return {
      knots,
      previousClose: toHundredths(
        this.indexLevel(formula, (position) => Math.exp(before.logClose[position]!)),
      ),
      volume: 0,
    };
  }

  indexLevel(formula: IndexFormula, price: (position: number) => number): number {
    let sum = 0;
    for (let j = 0; j < formula.positions.length; j += 1) {
      sum += formula.weights[j]! * price(formula.positions[j]!);
    }
    return sum / formula.divisor;
  }

  /** One equity's candle of a completed day. */
  equityCandle(i: number, date: string): Candle {
    return candleOf(this.equityDay(i, date, this.scratch), toTick, date);
  }

  /** Every equity's and index's candle of a completed day, in master order. */
  completedDay(date: string): { equities: Candle[]; indices: Candle[] } {
    for (const sum of this.sums) sum.fill(0);
    const equities = this.p.symbols.map((_, i) => {
      const path = this.equityDay(i, date, this.scratch);
      for (const { index, weight } of this.memberships[i]!) {
        const sum = this.sums[index]!;
        for (let k = 0; k <= KNOT_INTERVALS; k += 1) sum[k] = sum[k]! + weight * path.knots[k]!;
      }
      return candleOf(path, toTick, date);
    });
    const indices = this.formulas.map((formula, index) => {
      const sum = this.sums[index]!;
      for (let k = 0; k <= KNOT_INTERVALS; k += 1) sum[k] = sum[k]! / formula.divisor;
      return candleOf({ knots: sum, previousClose: 0, volume: 0 }, toHundredths, date);
    });
    return { equities, indices };
  }
}

/** Where instant `t` falls on a path whose window is [start, end]. */
function positionIn(t: number, start: number, end: number) {
  const clamped = Math.min(end, Math.max(start, t));
  // Multiply first: at a knot's instant this division is exact, so the knot itself is used.
  const u = ((clamped - start) * KNOT_INTERVALS) / (end - start);
  const k = Math.min(Math.floor(u), KNOT_INTERVALS - 1);
  return { share: u / KNOT_INTERVALS, k, frac: u - k };
}

function valueAt(knots: Float64Array, k: number, frac: number): number {
  if (frac <= 0) return knots[k]!;
  if (frac >= 1) return knots[k + 1]!;
  return knots[k]! + frac * (knots[k + 1]! - knots[k]!);
}

const IsoDate = z.iso.date();

export function createSimulatedMarket(options: SimulatedMarketOptions): SimulatedMarket {
  const { clock, calendar, log, alwaysOpen, seed } = options;
  const master = options.master ?? loadInstrumentMaster();
  const model = options.model ?? loadSimulationModel();
  const params = parametersOf(seed, master, model);
  const paths = new PathModel(params, calendar, master);
  const equityPosition = new Map(master.equities.map((e, i) => [e.symbol, i]));
  const indexPosition = new Map(master.indices.map((index, i) => [index.id as string, i]));

  /** Completed days' candles, by symbol (equity symbol or index id) then date. */
  const candles = new Map<string, Map<string, Candle>>();
  /** Recent days with every instrument's path: the live day and the one before it. */
  const dayCache = new Map<string, DayPaths>();

  let hub: TickHub | null = null;
  let timer: NodeJS.Timeout | null = null;
  let publishedUpTo = 0;

  function windowOf(date: string): { start: number; end: number } {
    const end = sessionCloseAt(date);
    return {
      start: alwaysOpen ? sessionCloseAt(previousTradingDay(date, calendar)) : sessionOpenAt(date),
      end,
    };
  }

  /** The trading day whose path runs at `t`, or null between sessions. */
  function activeDay(t: number): string | null {
    const date = istDay(t);
    const trading = isTradingDay(date, calendar);
    if (alwaysOpen) return trading && t <= sessionCloseAt(date) ? date : nextTradingDay(date, calendar);
    return trading && t >= sessionOpenAt(date) && t <= sessionCloseAt(date) ? date : null;
  }

  /** The latest trading day whose session had closed by `t`. */
  function lastClosedDay(t: number): string {
    const date = istDay(t);
    return isTradingDay(date, calendar) && sessionCloseAt(date) <= t
      ? date
      : previousTradingDay(date, calendar);
  }

  function dayPaths(date: string): DayPaths {
    let day = dayCache.get(date);
    if (!day) {
      const raw = master.equities.map((_, i) => paths.equityDay(i, date));
      const equities = raw.map((path) => livePath(path, toTick));
      const indices = paths.formulas.map((formula) =>
        livePath(
          paths.indexDay(formula, (p) => raw[p]!, date),
          toHundredths,
        ),
      );
      const window = windowOf(date);
      day = { date, windowStart: window.start, windowEnd: window.end, equities, indices };
      dayCache.set(date, day);
      // Keep the live day and its predecessor.
      while (dayCache.size > 2) dayCache.delete(dayCache.keys().next().value as string);
    }
    return day;
  }

  function ticksAt(day: DayPaths, t: number): Tick[] {
    const { share, k, frac } = positionIn(t, day.windowStart, day.windowEnd);
    const volumeShare = cumulativeVolumeShare(share, model.volume.uShapeShare);
    const ticks: Tick[] = [];
    const prices = new Float64Array(master.equities.length);
    const knotSeconds = Math.round((day.windowEnd - day.windowStart) / KNOT_INTERVALS / 1000);
    day.equities.forEach((path, i) => {
      const price =
        valueAt(path.knots, k, frac) +
        (alwaysOpen ? wiggle(i, day.date, k, frac, knotSeconds, path.knots[k]!) : 0);
      prices[i] = price;
      const ltp = toTick(price);
      ticks.push({
        symbol: master.equities[i]!.symbol,
        kind: 'equity',
        ltp,
        previousClose: path.previousClose,
        open: path.open,
        high: Math.max(path.high[k]!, ltp),
        low: Math.min(path.low[k]!, ltp),
        volume: Math.floor(path.volume * volumeShare),
        ts: t,
      });
    });
    day.indices.forEach((path, j) => {
      const formula = paths.formulas[j]!;
      const level = toHundredths(paths.indexLevel(formula, (position) => prices[position]!));
      ticks.push({
        symbol: formula.id,
        kind: 'index',
        ltp: level,
        previousClose: path.previousClose,
        open: path.open,
        high: Math.max(path.high[k]!, level),
        low: Math.min(path.low[k]!, level),
        volume: 0,
        ts: t,
      });
    });
    return ticks;
  }

  /**
   * With `alwaysOpen` a day's 375 points are stretched over up to days, so the line between two
   * points would leave prices still for a minute or more. A seeded Brownian bridge between the
   * points (zero at both ends, so every point, close and candle is unchanged) keeps them moving
   * second by second, reproducibly. Its middle spreads about half of one point-to-point move.
   */
  function wiggle(i: number, date: string, k: number, frac: number, seconds: number, level: number) {
    if (seconds < 2 || frac <= 0 || frac >= 1) return 0;
    const equity = master.equities[i]!;
    const amplitude =
      (level * equity.simulation.idiosyncraticVolatility) / Math.sqrt(252) / Math.sqrt(KNOT_INTERVALS);
    const width = amplitude * Math.sqrt(12 / seconds);
    const stream = randomStream(seed, date, equity.symbol, 'wiggle', k);
    const at = Math.floor(frac * seconds);
    let walk = 0;
    let atValue = 0;
    for (let step = 1; step <= seconds; step += 1) {
      walk += width * (stream.uniform() - 0.5);
      if (step === at) atValue = walk;
    }
    return atValue - (at / seconds) * walk;
  }

  /** Every instrument now: the running session, or the last close. */
  function snapshot(t: number): Tick[] {
    const live = activeDay(t);
    if (live) return ticksAt(dayPaths(live), t);
    const closed = lastClosedDay(t);
    return ticksAt(dayPaths(closed), sessionCloseAt(closed));
  }

  /**
   * The instants to publish in (from, to], by session. Within a session they are about a second
   * apart and end at `to` itself (or the close): the one-second timer, a few milliseconds late
   * each time, publishes one batch at the instant it fires; a pause of n seconds publishes n.
   */
  function batchInstants(from: number, to: number): Array<{ date: string; instants: number[] }> {
    const sessions: Array<{ date: string; instants: number[] }> = [];
    const fromDate = istDay(from);
    let date =
      (alwaysOpen ? activeDay(from) : null) ??
      (isTradingDay(fromDate, calendar) ? fromDate : nextTradingDay(fromDate, calendar));
    for (;;) {
      const window = windowOf(date);
      if (window.start > to) break;
      if (window.end > from) {
        // alwaysOpen windows touch: their shared instant belongs to the earlier day (its close).
        // Otherwise the open itself is the session's first instant.
        const after = Math.max(from, alwaysOpen ? window.start : window.start - 1);
        const last = Math.min(to, window.end);
        const instants: number[] = [];
        if (last > after) {
          if ((last - after) / SECOND < MAX_SECOND_BY_SECOND) {
            const count = Math.max(1, Math.round((last - after) / SECOND));
            for (let i = 1; i < count; i += 1)
              instants.push(after + Math.round((i * (last - after)) / count));
            instants.push(last);
          } else {
            const step = (window.end - window.start) / KNOT_INTERVALS;
            for (let k = 0; k <= KNOT_INTERVALS; k += 1) {
              const at = Math.round(window.start + k * step);
              if (at > after && at < last) instants.push(at);
            }
            instants.push(last);
          }
        }
        if (instants.length > 0) sessions.push({ date, instants });
        if (sessions.length > MAX_REPLAYED_SESSIONS) sessions.shift();
      }
      date = nextTradingDay(date, calendar);
    }
    return sessions;
  }

  function advanceTo(at: Date): void {
    if (!hub) return;
    const target = at.getTime();
    if (target <= publishedUpTo) return;
    for (const session of batchInstants(publishedUpTo, target)) {
      const day = dayPaths(session.date);
      for (const instant of session.instants) hub.publish(ticksAt(day, instant));
    }
    publishedUpTo = target;
  }

  function cache(symbol: string): Map<string, Candle> {
    let bySymbol = candles.get(symbol);
    if (!bySymbol) {
      bySymbol = new Map();
      candles.set(symbol, bySymbol);
    }
    return bySymbol;
  }

  /** A completed day's candle; an index's day computes (and keeps) every instrument's candle of that day. */
  function completedCandle(symbol: string, date: string): Candle {
    const known = candles.get(symbol)?.get(date);
    if (known) return known;
    const live = dayCache.get(date);
    const equity = equityPosition.get(symbol);
    if (live) {
      live.equities.forEach((path, i) =>
        cache(master.equities[i]!.symbol).set(date, candleOf(path, toTick, date)),
      );
      live.indices.forEach((path, j) =>
        cache(paths.formulas[j]!.id).set(date, candleOf(path, toHundredths, date)),
      );
    } else if (equity !== undefined) {
      cache(symbol).set(date, paths.equityCandle(equity, date));
    } else {
      const day = paths.completedDay(date);
      day.equities.forEach((candle, i) => cache(master.equities[i]!.symbol).set(date, candle));
      day.indices.forEach((candle, j) => cache(paths.formulas[j]!.id).set(date, candle));
    }
    return candles.get(symbol)!.get(date)!;
  }

  function partialCandle(symbol: string, date: string, t: number): Candle {
    const tick = ticksAt(dayPaths(date), t).find((x) => x.symbol === symbol)!;
    return { date, open: tick.open, high: tick.high, low: tick.low, close: tick.ltp, volume: tick.volume };
  }

  const market: SimulatedMarket = {
    source: 'simulated',
    instruments: () => master.equities,
    indices: () => master.indices,
    instrument: (symbol) => master.bySymbol(symbol),

    async start(target) {
      if (hub) throw new Error('The simulated market is already running');
      const now = clock.nowMs();
      target.publish(snapshot(now));
      hub = target;
      publishedUpTo = now;
      timer = setInterval(() => {
        try {
          advanceTo(clock.now());
        } catch (error) {
          log.error({ err: error }, 'simulated market tick failed');
        }
      }, SECOND);
      timer.unref();
      log.info(
        { seed, alwaysOpen, equities: master.equities.length, indices: master.indices.length },
        'simulated NSE market started',
      );
    },

    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      hub = null;
    },

    isSessionOpen: (at) => alwaysOpen || marketStatus(at, calendar).isOpen,
    alwaysOpen,

    async dailyCandles(symbol, from, to) {
      for (const [name, value] of [
        ['from', from],
        ['to', to],
      ] as const) {
        if (!IsoDate.safeParse(value).success)
          throw new Error(`${name} must be a date (YYYY-MM-DD): ${value}`);
      }
      if (!equityPosition.has(symbol) && !indexPosition.has(symbol)) {
        throw new Error(`${symbol} is not an instrument of the simulated market`);
      }
      const now = clock.nowMs();
      const today = istDay(now);
      // The market has `historyYears` of history ending today.
      const earliest = addDays(yearsBefore(today, model.historyYears), 1);
      const days = tradingDaysBetween(from > earliest ? from : earliest, to < today ? to : today, calendar);
      const result: Candle[] = [];
      for (let i = 0; i < days.length; i += 1) {
        const date = days[i]!;
        const window = windowOf(date);
        if (window.start > now) continue;
        result.push(window.end <= now ? completedCandle(symbol, date) : partialCandle(symbol, date, now));
        // Yield now and then: five years of an index is some hundred milliseconds of work.
        if (i % DAYS_PER_SLICE === DAYS_PER_SLICE - 1) await new Promise((resolve) => setImmediate(resolve));
      }
      return result;
    },

    advanceTo,
  };
  return market;
}
