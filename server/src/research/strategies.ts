/**
 * The trading strategies (pure): each reads one stock's indicator snapshot (indicators.ts, up to
 * the last completed day) and today's price, and says BUY, SELL or HOLD with a target, a stop, a
 * confidence and one sentence with the figures that drove it.
 *
 * Rules every strategy shares:
 * - Target and stop are multiples of the 14-day ATR from the price (each strategy's multiples are
 *   in STRATEGY_RULES), to the paisa: above and below the price for a BUY (and a HOLD), mirrored
 *   for a SELL. expectedMovePct = (target − price) / price × 100, rounded to 0.01.
 * - Cost-aware: breakEvenPct is the round trip's Indian charges (paper/costs.ts computeCharges: a
 *   CNC delivery buy and a delivery sell, with the DP charge, of floor(intendedValue / price)
 *   shares, at least one, at the price) as a percent of the shares' value, rounded to 0.01. A BUY
 *   whose expected move does not exceed the break-even becomes a HOLD that says so with both
 *   figures: the trade cannot pay its own charges at that size. A SELL is an exit (or "avoid") for
 *   a delivery account, which cannot sell short, so it spends nothing and is not refused.
 * - Confidence is 0-1: a setup starts at 0.55 and gains with its strength (the terms are in each
 *   strategy), capped at 0.95; a HOLD without a setup is 0.5; a refused BUY keeps the setup's.
 * - Risk is the stock's 20-day realised volatility in the position-risk bands
 *   (analytics/positionRisk.ts VOLATILITY_BANDS): Low below 25%, Medium below 40%, High above.
 */
import { computeCharges, type CostSettings } from '../paper/costs.js';
import { formatPaise, formatRupeesShort, toPaise } from '../paper/money.js';
import { VOLATILITY_BANDS } from '../analytics/positionRisk.js';
import type { IndicatorSnapshot } from './indicators.js';

export type StrategyId = 'trend_following' | 'mean_reversion' | 'breakout';

export interface StrategyInfo {
  /** What the page shows, e.g. 'Trend following'. */
  label: string;
  /** Recorded with each decision, e.g. 'trend_following@1'; bumped whenever a rule changes. */
  version: string;
  /** Trading days after which a position it opened is closed if neither target nor stop was hit. */
  horizonDays: number;
}

export const STRATEGIES: Readonly<Record<StrategyId, StrategyInfo>> = {
  trend_following: { label: 'Trend following', version: 'trend_following@1', horizonDays: 20 },
  mean_reversion: { label: 'Mean reversion', version: 'mean_reversion@1', horizonDays: 10 },
  breakout: { label: 'Breakout', version: 'breakout@1', horizonDays: 15 },
};

/** The order `signalsFor` answers in, and the tie-break of `bestSignal`. */
export const STRATEGY_IDS = Object.keys(STRATEGIES) as StrategyId[];

/** ATR multiples of each strategy's target and stop, and its thresholds. */
export const STRATEGY_RULES = {
  trend_following: { targetAtr: 3, stopAtr: 2, overboughtRsi: 70, oversoldRsi: 30 },
  mean_reversion: { targetAtr: 2, stopAtr: 1.5, oversoldRsi: 30, overboughtRsi: 70 },
  breakout: { targetAtr: 3, stopAtr: 1.5, minVolumeRatio: 1.5 },
} as const;

type Signal = 'BUY' | 'SELL' | 'HOLD';
type SignalRisk = 'Low' | 'Medium' | 'High';

export interface StrategySignal {
  symbol: string;
  strategy: StrategyId;
  strategyVersion: string;
  signal: Signal;
  /** 0-1. */
  confidence: number;
  /** The price the signal was computed at (rupees). */
  price: number;
  target: number;
  stop: number;
  risk: SignalRisk;
  /** (target − price) / price × 100. */
  expectedMovePct: number;
  /** Round-trip Indian charges at the intended value, percent of the value. */
  breakEvenPct: number;
  horizonDays: number;
  /** One sentence with the figures that drove it. */
  reasoning: string;
  /** The indicator values and costs the strategy read. */
  inputs: Record<string, number>;
}

export interface SignalInput {
  symbol: string;
  indicators: IndicatorSnapshot;
  /** Today's price (rupees), > 0. */
  price: number;
  /** Rupees the trade would put in, > 0. */
  intendedValue: number;
  costs: CostSettings;
}

/** A BUY or SELL setup starts at this confidence; a HOLD without a setup has NEUTRAL_CONFIDENCE. */
const SETUP_CONFIDENCE = 0.55;
const NEUTRAL_CONFIDENCE = 0.5;
const MAX_CONFIDENCE = 0.95;

const round2 = (x: number) => Math.round(x * 100) / 100;
/** x / full, clipped to 0-1: how much of a term's full weight a figure earns. */
const share = (x: number, full: number) => Math.min(1, Math.max(0, x / full));
const confidenceOf = (x: number) => round2(Math.min(MAX_CONFIDENCE, Math.max(0, x)));
const pct = (x: number) => `${x.toFixed(2)}%`;
const signed = (x: number, digits = 2) => `${x >= 0 ? '+' : ''}${x.toFixed(digits)}`;
const rupees = (x: number) => formatPaise(toPaise(x));

/** The round trip's charges at the intended size (see the module comment). */
export interface RoundTripCost {
  quantity: number;
  /** quantity × price, rupees. */
  value: number;
  /** Buy and sell charges together, rupees. */
  charges: number;
  /** charges / value × 100, rounded to 0.01. */
  breakEvenPct: number;
}

export function roundTripCost(price: number, intendedValue: number, costs: CostSettings): RoundTripCost {
  if (!(price > 0) || !Number.isFinite(price)) throw new RangeError(`price must be positive: ${price}`);
  if (!(intendedValue > 0) || !Number.isFinite(intendedValue))
    throw new RangeError(`intended value must be positive: ${intendedValue}`);
  return roundTripCostOf(price, Math.max(1, Math.floor(intendedValue / price)), costs);
}

/** The round trip's charges of `quantity` shares at `price` (a delivery buy, then a delivery sell with the DP charge). */
export function roundTripCostOf(price: number, quantity: number, costs: CostSettings): RoundTripCost {
  if (!(price > 0) || !Number.isFinite(price)) throw new RangeError(`price must be positive: ${price}`);
  if (!Number.isInteger(quantity) || quantity < 1)
    throw new RangeError(`quantity must be a positive whole number: ${quantity}`);
  const pricePaise = toPaise(price);
  const side = (s: 'BUY' | 'SELL') =>
    computeCharges({ side: s, product: 'CNC', quantity, pricePaise, settings: costs }).total;
  const chargesPaise = side('BUY') + side('SELL');
  const valuePaise = quantity * pricePaise;
  return {
    quantity,
    value: valuePaise / 100,
    charges: chargesPaise / 100,
    breakEvenPct: round2((chargesPaise / valuePaise) * 100),
  };
}

function riskOf(realisedVol: number): SignalRisk {
  if (realisedVol >= VOLATILITY_BANDS.high) return 'High';
  if (realisedVol >= VOLATILITY_BANDS.medium) return 'Medium';
  return 'Low';
}

/** What a strategy decides before the shared levels and the cost check. */
interface Setup {
  signal: Signal;
  confidence: number;
  /** The clause with the figures, e.g. 'Uptrend: close ₹1,520.00 above ...'. */
  why: string;
}

type Rule = (ind: IndicatorSnapshot) => Setup;

/**
 * Trend following: BUY when the close is above its 50-day average, that above the 200-day, and the
 * MACD line (EMA 12 − EMA 26) is positive; SELL for the mirror image. Confidence 0.55 + 0.2 × the
 * close's distance from the 50-day average (full at 5%) + 0.15 × the 20-day change (full at 10%),
 * less 0.15 when RSI says the move is stretched (above 70 for a BUY, below 30 for a SELL).
 */
const trendFollowing: Rule = (ind) => {
  const rules = STRATEGY_RULES.trend_following;
  const gap = ind.close / ind.sma50 - 1;
  const figures = `close ${rupees(ind.close)} vs 50-day average ${rupees(ind.sma50)} and 200-day ${rupees(ind.sma200)}, MACD ${signed(ind.macd)}, 20-day change ${signed(ind.roc20, 1)}%, RSI ${ind.rsi14.toFixed(0)}`;
  const strength = (stretched: boolean) =>
    SETUP_CONFIDENCE +
    0.2 * share(Math.abs(gap), 0.05) +
    0.15 * share(Math.abs(ind.roc20), 10) -
    (stretched ? 0.15 : 0);
  if (ind.close > ind.sma50 && ind.sma50 > ind.sma200 && ind.macd > 0) {
    return {
      signal: 'BUY',
      confidence: strength(ind.rsi14 > rules.overboughtRsi),
      why: `uptrend: ${figures}`,
    };
  }
  if (ind.close < ind.sma50 && ind.sma50 < ind.sma200 && ind.macd < 0) {
    return {
      signal: 'SELL',
      confidence: strength(ind.rsi14 < rules.oversoldRsi),
      why: `downtrend: ${figures}`,
    };
  }
  return { signal: 'HOLD', confidence: NEUTRAL_CONFIDENCE, why: `no clear trend: ${figures}` };
};

/**
 * Mean reversion: BUY an oversold dip (close below the lower Bollinger band and RSI below 30); SELL
 * an overbought spike (above the upper band, RSI above 70). Confidence 0.55 + 0.25 × RSI's distance
 * past its threshold (full at 20 points) + 0.15 × the close's distance past the band (full at 1 ATR).
 */
const meanReversion: Rule = (ind) => {
  const rules = STRATEGY_RULES.mean_reversion;
  const figures = `close ${rupees(ind.close)} vs Bollinger bands ${rupees(ind.bollingerLower)}-${rupees(ind.bollingerUpper)}, RSI ${ind.rsi14.toFixed(0)}`;
  if (ind.close < ind.bollingerLower && ind.rsi14 < rules.oversoldRsi) {
    return {
      signal: 'BUY',
      confidence:
        SETUP_CONFIDENCE +
        0.25 * share(rules.oversoldRsi - ind.rsi14, 20) +
        0.15 * share((ind.bollingerLower - ind.close) / ind.atr14, 1),
      why: `oversold below the lower band: ${figures}`,
    };
  }
  if (ind.close > ind.bollingerUpper && ind.rsi14 > rules.overboughtRsi) {
    return {
      signal: 'SELL',
      confidence:
        SETUP_CONFIDENCE +
        0.25 * share(ind.rsi14 - rules.overboughtRsi, 20) +
        0.15 * share((ind.close - ind.bollingerUpper) / ind.atr14, 1),
      why: `overbought above the upper band: ${figures}`,
    };
  }
  return { signal: 'HOLD', confidence: NEUTRAL_CONFIDENCE, why: `no stretch from the mean: ${figures}` };
};

/**
 * Breakout: BUY a close above the highest high of the 20 days before it on at least 1.5× the
 * 20-day average volume; SELL a close below the 20-day low on such volume. Confidence 0.55 + 0.2 ×
 * the volume ratio above 1.5 (full at 3) + 0.2 × the close's distance past the channel (full at 1 ATR).
 */
const breakout: Rule = (ind) => {
  const rules = STRATEGY_RULES.breakout;
  const figures = `close ${rupees(ind.close)} vs 20-day range ${rupees(ind.low20)}-${rupees(ind.high20)}, volume ${ind.volumeRatio.toFixed(2)}× its 20-day average`;
  const strength = (beyond: number) =>
    SETUP_CONFIDENCE +
    0.2 * share(ind.volumeRatio - rules.minVolumeRatio, rules.minVolumeRatio) +
    0.2 * share(beyond / ind.atr14, 1);
  if (ind.close > ind.high20 && ind.volumeRatio >= rules.minVolumeRatio) {
    return { signal: 'BUY', confidence: strength(ind.close - ind.high20), why: `breakout: ${figures}` };
  }
  if (ind.close < ind.low20 && ind.volumeRatio >= rules.minVolumeRatio) {
    return { signal: 'SELL', confidence: strength(ind.low20 - ind.close), why: `breakdown: ${figures}` };
  }
  return { signal: 'HOLD', confidence: NEUTRAL_CONFIDENCE, why: `no breakout on volume: ${figures}` };
};

const RULES: Record<StrategyId, Rule> = {
  trend_following: trendFollowing,
  mean_reversion: meanReversion,
  breakout,
};

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function signalOf(strategy: StrategyId, input: SignalInput, cost: RoundTripCost): StrategySignal {
  const { indicators: ind, price } = input;
  const info = STRATEGIES[strategy];
  const rules = STRATEGY_RULES[strategy];
  const setup = RULES[strategy](ind);
  const direction = setup.signal === 'SELL' ? -1 : 1;
  const target = round2(price + direction * rules.targetAtr * ind.atr14);
  const stop = round2(price - direction * rules.stopAtr * ind.atr14);
  const expectedMovePct = round2(((target - price) / price) * 100);
  const levels = `target ${rupees(target)} (${rules.targetAtr} ATR), stop ${rupees(stop)} (${rules.stopAtr} ATR)`;

  let signal = setup.signal;
  let reasoning: string;
  if (signal === 'BUY' && !(expectedMovePct > cost.breakEvenPct)) {
    signal = 'HOLD';
    reasoning =
      `${info.label} sees a BUY (${setup.why}) but the expected move to the target, ${pct(expectedMovePct)}, ` +
      `does not clear the ${pct(cost.breakEvenPct)} break-even after round-trip charges of ` +
      `${rupees(cost.charges)} on ${formatRupeesShort(cost.value)}, so it holds.`;
  } else if (signal === 'HOLD') {
    reasoning = `${capitalised(setup.why)}.`;
  } else {
    const costs =
      signal === 'BUY'
        ? `, an expected ${pct(expectedMovePct)} move against a ${pct(cost.breakEvenPct)} break-even after charges`
        : '';
    reasoning = `${capitalised(setup.why)}; ${levels}${costs}.`;
  }

  return {
    symbol: input.symbol,
    strategy,
    strategyVersion: info.version,
    signal,
    confidence: confidenceOf(setup.confidence),
    price,
    target,
    stop,
    risk: riskOf(ind.realisedVol20),
    expectedMovePct,
    breakEvenPct: cost.breakEvenPct,
    horizonDays: info.horizonDays,
    reasoning,
    inputs: {
      close: ind.close,
      sma20: ind.sma20,
      sma50: ind.sma50,
      sma200: ind.sma200,
      ema20: ind.ema20,
      rsi14: ind.rsi14,
      macd: ind.macd,
      macd_signal: ind.macdSignal,
      macd_histogram: ind.macdHistogram,
      atr14: ind.atr14,
      bollinger_upper: ind.bollingerUpper,
      bollinger_middle: ind.bollingerMiddle,
      bollinger_lower: ind.bollingerLower,
      roc20_pct: ind.roc20,
      realised_vol20: ind.realisedVol20,
      average_volume20: ind.averageVolume20,
      volume_ratio: ind.volumeRatio,
      high20: ind.high20,
      low20: ind.low20,
      price,
      intended_value: input.intendedValue,
      quantity: cost.quantity,
      round_trip_charges: cost.charges,
      break_even_pct: cost.breakEvenPct,
      expected_move_pct: expectedMovePct,
    },
  };
}

/** One signal per strategy, in STRATEGY_IDS order. Throws RangeError on a price or value that is not positive. */
export function signalsFor(input: SignalInput): StrategySignal[] {
  const cost = roundTripCost(input.price, input.intendedValue, input.costs);
  return STRATEGY_IDS.map((strategy) => signalOf(strategy, input, cost));
}

const actionable = (s: StrategySignal) => s.signal !== 'HOLD';

/**
 * The most confident actionable (BUY or SELL) signal, else the most confident HOLD; on a tie the
 * earlier one. Throws RangeError on an empty list.
 */
export function bestSignal(signals: readonly StrategySignal[]): StrategySignal {
  if (signals.length === 0) throw new RangeError('bestSignal needs at least one signal');
  const pool = signals.some(actionable) ? signals.filter(actionable) : signals;
  return pool.reduce((best, s) => (s.confidence > best.confidence ? s : best));
}
