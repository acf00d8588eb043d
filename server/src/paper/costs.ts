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
 * Exchange, SEBI and GST round to the nearest paisa; STT and stamp duty to the nearest rupee, as on
 * brokers' contract notes. Halves round up.
 *
 * Same-day settlement (DOMAIN.md: "Contract notes are made per stock per day"): the quantity of a
 * stock both bought and sold on the same IST trading day is settled as intraday even in CNC — STT
 * at the intraday rate on the sell side only, stamp duty at the intraday rate on the buy side, and
 * no DP charge (no shares reach or leave the demat account); only the rest is delivery. The engine
 * charges at fill time and charges the matched part as intraday when it can tell (`sameDayOf`): a
 * CNC fill is matched with the day's earlier CNC trades of the stock on the other side that no
 * trade has matched yet (bought today minus sold today, or the reverse). Its matched shares pay
 * intraday rates, and the earlier trade's matched shares, charged at delivery rates when they
 * filled, are trued up in this fill's charges at their average price of the day
 * (`sameDayRefund`): a sell takes back the buy's delivery STT and its stamp duty above the
 * intraday rate; a buy takes back the sell's STT above the intraday rate, and the stock's DP
 * charge once no delivery sell of it is left that day. So a fill's STT, stamp duty and DP can be
 * below zero, and a day's charges of a stock add up to its contract note's (each part rounded on
 * its own). The order preview says how many shares settle so (OrderPreview.same_day).
 */
import type { TradeProduct, TradeSide } from '@nivesh/api-contract';
import { applyRate, toPaise, toRupees } from './money.js';

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
  /**
   * Whether this fill pays the DP charge. Default: every delivery sell; the engine passes false
   * when the stock already paid it today, or when every share of the sell settles as intraday.
   */
  chargeDp?: boolean;
  /** CNC: the shares of this fill that settle as intraday against today's trades (`sameDayOf`). */
  sameDay?: SameDay | null;
}

/** A stock's delivery (CNC) fills of one IST trading day so far: what its contract note nets. */
export interface DayTrades {
  boughtQuantity: number;
  /** Σ quantity × price of the buys, paise. */
  boughtPaise: number;
  soldQuantity: number;
  soldPaise: number;
  /** Whether the day's DP charge of the stock stands paid (its fills' DP adds up above zero). */
  dpPaid: boolean;
}

/** The part of a CNC fill that settles as intraday against the day's earlier trades (see above). */
export interface SameDay {
  /** Shares of this fill matched with the day's trades of the other side not matched before. */
  quantity: number;
  /** The earlier trades' matched shares at those trades' average price of the day, paise. */
  counterValuePaise: number;
  /** A buy that leaves no delivery sell of the stock that day: the DP charge paid comes back. */
  refundsDp: boolean;
}

/** The same-day part of a CNC fill of `quantity` on `side`, given the stock's day so far, or null. */
export function sameDayOf(side: TradeSide, quantity: number, day: DayTrades | undefined): SameDay | null {
  if (!day) return null;
  const unmatched =
    side === 'SELL' ? day.boughtQuantity - day.soldQuantity : day.soldQuantity - day.boughtQuantity;
  const matched = Math.min(quantity, Math.max(0, unmatched));
  if (matched === 0) return null;
  const [counterQuantity, counterPaise] =
    side === 'SELL' ? [day.boughtQuantity, day.boughtPaise] : [day.soldQuantity, day.soldPaise];
  return {
    quantity: matched,
    counterValuePaise: Math.round((counterPaise * matched) / counterQuantity),
    refundsDp: side === 'BUY' && day.dpPaid && matched === unmatched,
  };
}

/** The stock's day after a CNC fill (a new object; `day` may be undefined for its first fill). */
export function addToDay(
  day: DayTrades | undefined,
  fill: { side: TradeSide | string; quantity: number; pricePaise: number; dpPaise: number },
): DayTrades {
  const before = day ?? { boughtQuantity: 0, boughtPaise: 0, soldQuantity: 0, soldPaise: 0, dpPaid: false };
  const value = fill.quantity * fill.pricePaise;
  const buy = fill.side === 'BUY';
  return {
    boughtQuantity: before.boughtQuantity + (buy ? fill.quantity : 0),
    boughtPaise: before.boughtPaise + (buy ? value : 0),
    soldQuantity: before.soldQuantity + (buy ? 0 : fill.quantity),
    soldPaise: before.soldPaise + (buy ? 0 : value),
    dpPaid: fill.dpPaise > 0 ? true : fill.dpPaise < 0 ? false : before.dpPaid,
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
 * What a fill's same-day part takes back from the day's earlier trades (positive paise): what
 * their matched shares paid at delivery rates less what intraday rates charge them.
 */
export function sameDayRefund(
  side: TradeSide,
  sameDay: SameDay,
  settings: CostSettings,
): { stt: number; stamp: number; dp: number } {
  const counter = sameDay.counterValuePaise;
  if (side === 'SELL') {
    // Today's buy paid delivery STT and stamp duty; an intraday buy pays no STT, intraday stamp.
    return {
      stt: rupeeRounded(counter, settings.stt_rate),
      stamp:
        rupeeRounded(counter, settings.stamp_duty_delivery_rate) -
        rupeeRounded(counter, settings.stamp_duty_intraday_rate),
      dp: 0,
    };
  }
  // Today's sell paid delivery STT (and perhaps the DP charge); an intraday sell pays intraday STT.
  return {
    stt: rupeeRounded(counter, settings.stt_rate) - rupeeRounded(counter, settings.intraday_stt_rate),
    stamp: 0,
    dp: sameDay.refundsDp ? dpWithGst(settings) : 0,
  };
}

const CRORE_RUPEES = 1e7;

export function computeCharges(input: ChargeInput): ChargesPaise {
  const { side, product, quantity, pricePaise, settings } = input;
  if (!Number.isInteger(quantity) || quantity <= 0)
    throw new RangeError(`quantity must be a positive integer`);
  if (!Number.isInteger(pricePaise) || pricePaise <= 0) throw new RangeError(`price must be positive paise`);
  const turnover = quantity * pricePaise;
  const delivery = product === 'CNC';
  const sameDay = delivery ? (input.sameDay ?? null) : null;
  // The shares of this fill charged at intraday rates, and the rest (delivery when CNC).
  const intradayTurnover = delivery ? (sameDay?.quantity ?? 0) * pricePaise : turnover;
  const deliveryTurnover = turnover - intradayTurnover;
  const refund = sameDay ? sameDayRefund(side, sameDay, settings) : { stt: 0, stamp: 0, dp: 0 };

  const flat = toPaise(settings.brokerage_per_trade);
  const brokerage =
    settings.brokerage_rate === null ? flat : Math.min(flat, applyRate(turnover, settings.brokerage_rate));

  const stt =
    (side === 'SELL'
      ? rupeeRounded(deliveryTurnover, settings.stt_rate) +
        rupeeRounded(intradayTurnover, settings.intraday_stt_rate)
      : rupeeRounded(deliveryTurnover, settings.stt_rate)) - refund.stt;

  const exchange = applyRate(turnover, settings.transaction_charges / 100);
  const sebi = applyRate(turnover, settings.sebi_fee_per_crore / CRORE_RUPEES);

  const stamp =
    (side === 'BUY'
      ? rupeeRounded(deliveryTurnover, settings.stamp_duty_delivery_rate) +
        rupeeRounded(intradayTurnover, settings.stamp_duty_intraday_rate)
      : 0) - refund.stamp;

  const gst = applyRate(brokerage + exchange + sebi, settings.gst_rate);

  const paysDp = delivery && side === 'SELL' && deliveryTurnover > 0 && (input.chargeDp ?? true);
  const dp = (paysDp ? dpWithGst(settings) : 0) - refund.dp;

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
