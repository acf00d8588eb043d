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
   * when the stock already paid it today.
   */
  chargeDp?: boolean;
}

const CRORE_RUPEES = 1e7;

export function computeCharges(input: ChargeInput): ChargesPaise {
  const { side, product, quantity, pricePaise, settings } = input;
  if (!Number.isInteger(quantity) || quantity <= 0)
    throw new RangeError(`quantity must be a positive integer`);
  if (!Number.isInteger(pricePaise) || pricePaise <= 0) throw new RangeError(`price must be positive paise`);
  const turnover = quantity * pricePaise;
  const delivery = product === 'CNC';

  const flat = toPaise(settings.brokerage_per_trade);
  const brokerage =
    settings.brokerage_rate === null ? flat : Math.min(flat, applyRate(turnover, settings.brokerage_rate));

  const sttRate = delivery ? settings.stt_rate : side === 'SELL' ? settings.intraday_stt_rate : 0;
  const stt = applyRate(turnover, sttRate, 'half-up', 100);

  const exchange = applyRate(turnover, settings.transaction_charges / 100);
  const sebi = applyRate(turnover, settings.sebi_fee_per_crore / CRORE_RUPEES);

  const stampRate =
    side === 'BUY' ? (delivery ? settings.stamp_duty_delivery_rate : settings.stamp_duty_intraday_rate) : 0;
  const stamp = applyRate(turnover, stampRate, 'half-up', 100);

  const gst = applyRate(brokerage + exchange + sebi, settings.gst_rate);

  const paysDp = delivery && side === 'SELL' && (input.chargeDp ?? true);
  const dpBase = paysDp ? toPaise(settings.dp_charge) : 0;
  const dp = dpBase + applyRate(dpBase, settings.gst_rate);

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
