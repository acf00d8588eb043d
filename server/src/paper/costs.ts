/**
 * NSE equity trading costs of one executed order side (docs/DOMAIN.md, "Trading costs"), in integer
 * paise. Pure: every rate comes in as a setting.
 *
 * - brokerage: flat per executed order (spec default ₹20), or min(flat, rate × turnover) when a
 *   brokerage rate is set (some brokers' "₹20 or 0.03%, whichever is lower").
 * - STT: delivery `stt_rate` on buy and on sell; intraday `intraday_stt_rate` on the sell only.
 * - exchange transaction charge: `transaction_charges` percent of turnover (0.00345 = 0.00345%).
 * - SEBI turnover fee: ₹`sebi_fee_per_crore` per crore of turnover.
 * - stamp duty: on buys only, delivery and intraday rates.
 * - GST: `gst_rate` of (brokerage + exchange charge + SEBI fee).
 * - DP charge: on delivery sells, once per stock per day (the engine decides which fill pays it);
 *   the figure includes its own GST, so `gst` stays exactly DOMAIN.md's formula.
 *
 * Exchange, SEBI and GST round to the nearest paisa, per fill. STT and stamp duty are rounded to the
 * nearest rupee as brokers' contract notes round them: once per stock per day (DOMAIN.md). The
 * engine charges at fill time, so each fill pays what the stock's day owes after it less what the
 * day's earlier fills of the stock paid (`dayDuties`): ten intraday buys of ₹0.21 stamp duty each
 * pay ₹0, ₹0, ₹1, ₹0, ₹0, ₹0, ₹0, ₹1, ₹0, ₹0, the ₹2 of the contract note. Halves round up.
 *
 * Same-day settlement (DOMAIN.md: "Contract notes are made per stock per day"): the quantity of a
 * stock both bought and sold for delivery (CNC) on the same IST trading day is settled as
 * intraday: STT at the intraday rate on the sell side only, stamp duty at the intraday rate on the
 * buy side, and no DP charge (no shares reach or leave the demat account); only the rest is
 * delivery. The day's matched shares are min(bought, sold), valued at the day's average buy and
 * sell prices; the rest of each side is delivery at the same averages. With the same mechanism as
 * the rounding, a fill that matches earlier trades trues up what they paid at delivery rates (a
 * sell takes back the buy's delivery STT and its stamp duty above the intraday rate; a buy takes
 * back the sell's STT above the intraday rate, and the stock's DP charge once no delivery sell of
 * it is left that day). So a fill's STT, stamp duty and DP can be below zero, and a day's charges
 * of a stock always add up to its contract note's. The order preview says how many shares settle
 * so and what the fill trues up (OrderPreview.own_charges and true_up: plan.ts `splitTrueUp`).
 */
import type { TradeProduct, TradeSide } from '@nivesh/api-contract';
import { applyRate, applyRatesOver, toPaise, toRupees } from './money.js';

export interface CostSettings {
  /** Rupees per executed order. */
  brokerage_per_trade: number;
  /** When set, brokerage = min(flat, this fraction of turnover). */
  brokerage_rate: number | null;
  /** Delivery STT, a fraction of turnover, on buy and sell (0.001 = 0.1%). */
  stt_rate: number;
  /** Intraday STT, a fraction of turnover, on the sell side only (0.00025 = 0.025%). */
  intraday_stt_rate: number;
  /** Exchange transaction charge, a PERCENT of turnover (0.00345 = 0.00345%). */
  transaction_charges: number;
  /** SEBI turnover fee, rupees per crore (₹1,00,00,000) of turnover. */
  sebi_fee_per_crore: number;
  /** Stamp duty on delivery buys, a fraction (0.00015 = 0.015%). */
  stamp_duty_delivery_rate: number;
  /** Stamp duty on intraday buys, a fraction (0.00003 = 0.003%). */
  stamp_duty_intraday_rate: number;
  /** GST, a fraction (0.18 = 18%). */
  gst_rate: number;
  /** Depository charge per stock per day on delivery sells, rupees before GST. */
  dp_charge: number;
}

/** Each charge of one executed side, integer paise. */
export interface ChargesPaise {
  brokerage: number;
  stt: number;
  exchange: number;
  sebi: number;
  stamp: number;
  gst: number;
  dp: number;
  total: number;
}

export interface ChargeInput {
  side: TradeSide;
  product: TradeProduct;
  quantity: number;
  pricePaise: number;
  settings: CostSettings;
  /** The stock's fills of the day before this one (every product): its contract note so far. */
  day?: DayTrades;
  /** False: leave the DP charge out (a figure that excludes it, as DOMAIN.md's worked example). */
  chargeDp?: boolean;
}

/** A stock's fills of one IST trading day so far, every product: what its contract note nets. */
export interface DayTrades {
  /** Delivery (CNC) buys: shares, and Σ quantity × price in paise. */
  boughtQuantity: number;
  boughtPaise: number;
  /** Delivery (CNC) sells. */
  soldQuantity: number;
  soldPaise: number;
  /** Intraday (MIS) turnover of the buys and of the sells, paise. */
  intradayBoughtPaise: number;
  intradaySoldPaise: number;
  /** STT, stamp duty and DP charge the day's fills of the stock have paid so far, paise. */
  sttPaise: number;
  stampPaise: number;
  dpPaise: number;
}

/** The part of a CNC fill that settles as intraday against the day's earlier trades. */
export interface SameDay {
  /** Shares of this fill matched with the day's trades of the other side not matched before. */
  quantity: number;
}

/** A stock's day before its first fill. */
export const EMPTY_DAY: DayTrades = {
  boughtQuantity: 0,
  boughtPaise: 0,
  soldQuantity: 0,
  soldPaise: 0,
  intradayBoughtPaise: 0,
  intradaySoldPaise: 0,
  sttPaise: 0,
  stampPaise: 0,
  dpPaise: 0,
};

/** The same-day part of a CNC fill of `quantity` on `side`, given the stock's day so far, or null. */
export function sameDayOf(side: TradeSide, quantity: number, day: DayTrades | undefined): SameDay | null {
  if (!day) return null;
  const unmatched =
    side === 'SELL' ? day.boughtQuantity - day.soldQuantity : day.soldQuantity - day.boughtQuantity;
  const matched = Math.min(quantity, Math.max(0, unmatched));
  return matched === 0 ? null : { quantity: matched };
}

/** The stock's day after a fill (a new object; `day` may be undefined for its first fill). */
export function addToDay(
  day: DayTrades | undefined,
  fill: {
    side: TradeSide | string;
    product: TradeProduct | string;
    quantity: number;
    pricePaise: number;
    charges: Pick<ChargesPaise, 'stt' | 'stamp' | 'dp'>;
  },
): DayTrades {
  const before = day ?? EMPTY_DAY;
  const value = fill.quantity * fill.pricePaise;
  const buy = fill.side === 'BUY';
  const delivery = fill.product === 'CNC';
  return {
    boughtQuantity: before.boughtQuantity + (delivery && buy ? fill.quantity : 0),
    boughtPaise: before.boughtPaise + (delivery && buy ? value : 0),
    soldQuantity: before.soldQuantity + (delivery && !buy ? fill.quantity : 0),
    soldPaise: before.soldPaise + (delivery && !buy ? value : 0),
    intradayBoughtPaise: before.intradayBoughtPaise + (!delivery && buy ? value : 0),
    intradaySoldPaise: before.intradaySoldPaise + (!delivery && !buy ? value : 0),
    sttPaise: before.sttPaise + fill.charges.stt,
    stampPaise: before.stampPaise + fill.charges.stamp,
    dpPaise: before.dpPaise + fill.charges.dp,
  };
}

/** What the rupee-rounded charge of `valuePaise` at `rate` is, paise. */
const rupeeRounded = (valuePaise: number, rate: number) => applyRate(valuePaise, rate, 'half-up', 100);

/** The DP charge with its GST, paise. */
const dpWithGst = (settings: CostSettings) => {
  const base = toPaise(settings.dp_charge);
  return base + applyRate(base, settings.gst_rate);
};

/**
 * What the stock's contract note of the day charges in all, paise: STT and stamp duty each rounded
 * once to the rupee, and the DP charge when shares leave the demat account.
 */
export function dayDuties(
  day: DayTrades,
  settings: CostSettings,
): { stt: number; stamp: number; dp: number } {
  const matched = Math.min(day.boughtQuantity, day.soldQuantity);
  // Every value over the common denominator b × s (each side's share of its day's turnover is a
  // fraction of that side's shares), so the day's figure is rounded once, exactly.
  const b = BigInt(Math.max(1, day.boughtQuantity));
  const sq = BigInt(Math.max(1, day.soldQuantity));
  const m = BigInt(matched);
  const deliveryBought = BigInt(day.boughtPaise) * (BigInt(day.boughtQuantity) - m) * sq;
  const intradayBought = BigInt(day.boughtPaise) * m * sq + BigInt(day.intradayBoughtPaise) * b * sq;
  const deliverySold = BigInt(day.soldPaise) * (BigInt(day.soldQuantity) - m) * b;
  const intradaySold = BigInt(day.soldPaise) * m * b + BigInt(day.intradaySoldPaise) * b * sq;
  const denominator = b * sq;
  return {
    stt: applyRatesOver(
      [
        [deliveryBought + deliverySold, settings.stt_rate],
        [intradaySold, settings.intraday_stt_rate],
      ],
      denominator,
      'half-up',
      100,
    ),
    stamp: applyRatesOver(
      [
        [deliveryBought, settings.stamp_duty_delivery_rate],
        [intradayBought, settings.stamp_duty_intraday_rate],
      ],
      denominator,
      'half-up',
      100,
    ),
    dp: day.soldQuantity > matched ? dpWithGst(settings) : 0,
  };
}

/**
 * What a fill of `quantity` would pay in STT, stamp duty and DP on its own shares alone, rounded on
 * their own: its same-day shares at intraday rates, the rest at its product's. The difference
 * between this and what the fill pays (`computeCharges` with the day) is its true-up of the day's
 * earlier trades of the stock and of the day's rounding.
 */
export function ownDuties(
  input: Pick<ChargeInput, 'side' | 'product' | 'quantity' | 'pricePaise' | 'settings'> & {
    sameDay: SameDay | null;
    /** Whether the stock's DP charge of the day is already paid. */
    dpPaid: boolean;
  },
): { stt: number; stamp: number; dp: number } {
  const { side, product, quantity, pricePaise, settings } = input;
  const turnover = quantity * pricePaise;
  const delivery = product === 'CNC';
  const intradayTurnover = delivery ? (input.sameDay?.quantity ?? 0) * pricePaise : turnover;
  const deliveryTurnover = turnover - intradayTurnover;
  return {
    stt:
      side === 'SELL'
        ? rupeeRounded(deliveryTurnover, settings.stt_rate) +
          rupeeRounded(intradayTurnover, settings.intraday_stt_rate)
        : rupeeRounded(deliveryTurnover, settings.stt_rate),
    stamp:
      side === 'BUY'
        ? rupeeRounded(deliveryTurnover, settings.stamp_duty_delivery_rate) +
          rupeeRounded(intradayTurnover, settings.stamp_duty_intraday_rate)
        : 0,
    dp: delivery && side === 'SELL' && deliveryTurnover > 0 && !input.dpPaid ? dpWithGst(settings) : 0,
  };
}

const CRORE_RUPEES = 1e7;

export function computeCharges(input: ChargeInput): ChargesPaise {
  const { side, product, quantity, pricePaise, settings } = input;
  if (!Number.isInteger(quantity) || quantity <= 0)
    throw new RangeError(`quantity must be a positive integer`);
  if (!Number.isInteger(pricePaise) || pricePaise <= 0) throw new RangeError(`price must be positive paise`);
  const turnover = quantity * pricePaise;

  const flat = toPaise(settings.brokerage_per_trade);
  const brokerage =
    settings.brokerage_rate === null ? flat : Math.min(flat, applyRate(turnover, settings.brokerage_rate));
  const exchange = applyRate(turnover, settings.transaction_charges / 100);
  const sebi = applyRate(turnover, settings.sebi_fee_per_crore / CRORE_RUPEES);
  const gst = applyRate(brokerage + exchange + sebi, settings.gst_rate);

  // STT, stamp duty and DP: what the stock's day owes after this fill less what it paid before.
  const before = input.day ?? EMPTY_DAY;
  const after = dayDuties(
    addToDay(before, { side, product, quantity, pricePaise, charges: { stt: 0, stamp: 0, dp: 0 } }),
    settings,
  );
  const stt = after.stt - before.sttPaise;
  const stamp = after.stamp - before.stampPaise;
  const dp = input.chargeDp === false ? 0 : after.dp - before.dpPaise;

  return {
    brokerage,
    stt,
    exchange,
    sebi,
    stamp,
    gst,
    dp,
    total: brokerage + stt + exchange + sebi + stamp + gst + dp,
  };
}

/** The contract's Charges (rupees) from paise. */
export function chargesToRupees(c: ChargesPaise) {
  return {
    brokerage: toRupees(c.brokerage),
    stt: toRupees(c.stt),
    exchange_charge: toRupees(c.exchange),
    sebi_fee: toRupees(c.sebi),
    stamp_duty: toRupees(c.stamp),
    gst: toRupees(c.gst),
    dp_charge: toRupees(c.dp),
    total: toRupees(c.total),
  };
}
