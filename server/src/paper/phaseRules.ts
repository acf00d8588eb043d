/**
 * The production capital phase's limits on an order (specification part 2, section 9; DOMAIN.md:
 * "enforced by the trading engine, not only shown"). `assessOrder()` applies them to every order,
 * manual or automated, preview and placing alike, after the paper and risk limits (limits.ts).
 * Like those, they apply only to an order that opens or grows a position: an order that only
 * reduces one is never refused by them.
 *
 * The active phase is that of the account's capital: cash plus holdings at market, now
 * (analytics/capitalPhase.ts). Its rules:
 * - max position %: the order's position (symbol and product, open orders counted) after the
 *   order, at the order's estimate, may be at most that share of the capital;
 * - max daily loss %: once today's loss (the day P&L after charges) reaches that share of the
 *   capital, no order may open or grow a position for the rest of the day;
 * - min ML confidence: an automated entry (OrderIntent.automated) needs at least that confidence
 *   (one without a confidence is refused);
 * - emergency stop loss %: once the account is that far below its peak (time-weighted, since it
 *   was opened or last reset) the engine halts order entry through trading/halt.ts (halted by
 *   'system', with a high alert), exactly as Emergency Stop All does, and the order that found it
 *   is refused saying so. After the operator lifts that halt it is not written again until the
 *   account has made a new peak (the operator has seen this fall); a deeper fall after a new peak
 *   halts again.
 */
import { and, desc, eq, inArray, like } from 'drizzle-orm';
import { istDay, type ProductionPhase, type TradeSide } from '@nivesh/api-contract';
import type { OrderIntent } from '../broker/broker.js';
import type { Clock } from '../clock.js';
import { schema, type Db } from '../db/index.js';
import {
  activePhase,
  emergencyStopReached,
  phaseDrawdown,
  phaseTitle,
  type Epoch,
  type PhaseHistoryInput,
} from '../analytics/capitalPhase.js';
import { createHaltStore } from '../trading/halt.js';
import type { AccountHistory } from './history.js';
import { splitOrder, type LimitBook, type Rejection } from './limits.js';
import { formatRupeesShort, toRupees } from './money.js';
import { PAPER } from './state.js';

/** ₹60,000: whole rupees, Indian grouping. */
const rupees = (paise: number) => formatRupeesShort(Math.round(paise / 100));
/** 20.7%: a fraction as a percent with at most two decimals. */
const percent = (fraction: number) => `${Number((fraction * 100).toFixed(2))}%`;

export interface PhaseOrder {
  symbol: string;
  side: TradeSide;
  quantity: number;
  /** The price it is checked at (its estimate), paise. */
  pricePaise: number;
}

/** What the phase rules read of the account (limits.ts's book). */
export type PhaseBook = Pick<LimitBook, 'accountValuePaise' | 'positionQuantity' | 'dayLossPaise'>;

/** The first phase rule the order breaks, or null (always null for an order that only reduces). */
export function checkPhaseRules(
  order: PhaseOrder,
  book: PhaseBook,
  intent?: Pick<OrderIntent, 'automated' | 'confidence'> | null,
  /** ML drift in force: the phase below the capital's applies (analytics/capitalPhase.ts). */
  modelDrift = false,
): Rejection | null {
  if (splitOrder(order.side, order.quantity, book.positionQuantity).opening === 0) return null;
  const capital = book.accountValuePaise;
  const phase = activePhase(toRupees(capital), modelDrift);
  const title = modelDrift
    ? `${phaseTitle(phase)} (one phase down while the ML model drifts)`
    : phaseTitle(phase);

  const maxLoss = (capital * phase.max_daily_loss_pct) / 100;
  if (book.dayLossPaise > 0 && book.dayLossPaise >= maxLoss) {
    return {
      limit: 'capital_phase',
      message:
        `${title} allows a loss of at most ${phase.max_daily_loss_pct}% of capital in a day ` +
        `(${rupees(maxLoss)} of ${rupees(capital)}); today's loss is ${rupees(book.dayLossPaise)} ` +
        `(${capital > 0 ? percent(book.dayLossPaise / capital) : 'all of it'}), so no position may be ` +
        `opened or grown today. Orders that reduce a position are still accepted`,
    };
  }

  if (intent?.automated && (intent.confidence === null || intent.confidence < phase.min_ml_confidence)) {
    return {
      limit: 'capital_phase',
      message:
        `${title} needs an ML confidence of at least ${phase.min_ml_confidence.toFixed(2)} for an ` +
        `automated entry; this one's ${intent.confidence === null ? 'has none' : `is ${intent.confidence.toFixed(2)}`}`,
    };
  }

  const signed = order.side === 'BUY' ? order.quantity : -order.quantity;
  const after = book.positionQuantity + signed;
  const positionValue = Math.abs(after) * order.pricePaise;
  const maxPosition = (capital * phase.max_position_pct) / 100;
  if (positionValue > maxPosition) {
    const what = after < 0 ? `the ${order.symbol} short` : order.symbol;
    return {
      limit: 'capital_phase',
      message:
        `${title} allows at most ${phase.max_position_pct}% of capital (${rupees(maxPosition)} of ` +
        `${rupees(capital)}) in one position; this ${order.side === 'BUY' ? 'buy' : 'sell'} would make ` +
        `${what} ${rupees(positionValue)}` +
        (capital > 0 ? ` (${percent(positionValue / capital)})` : ''),
    };
  }
  return null;
}

/** The reason a phase's emergency stop loss halts trading, naming the phase, the rule and the figures. */
export function emergencyStopReason(
  phase: ProductionPhase,
  drawdown: number,
  valuePaise: number,
  peakDay: string | null,
): string {
  return (
    `${phaseTitle(phase)} emergency stop loss: the account is ${percent(-drawdown)} below its peak` +
    `${peakDay ? ` of ${peakDay}` : ''} (time-weighted, deposits and withdrawals aside; ${rupees(valuePaise)} now), ` +
    `at or past the phase's ${phase.emergency_stop_loss_pct}%.`
  );
}

/** The halt reasons the emergency stop loss writes contain this. */
const EMERGENCY_MARK = ' emergency stop loss: ';

/** The account's opening or latest reset, or null before it was opened. */
export async function loadEpoch(db: Db): Promise<Epoch | null> {
  const [row] = await db
    .select({ at: schema.cashLedger.at, day: schema.cashLedger.tradingDay })
    .from(schema.cashLedger)
    .where(and(eq(schema.cashLedger.account, PAPER), inArray(schema.cashLedger.kind, ['opening', 'reset'])))
    .orderBy(desc(schema.cashLedger.id))
    .limit(1);
  return row ? { day: row.day, at: row.at } : null;
}

/**
 * The account's history as the phase reads it: every stored close with its flows, and today's
 * value now (with the flows since the last close) while today's close is not recorded.
 */
export function phaseHistoryOf(
  history: Pick<AccountHistory, 'snapshots' | 'flowPaiseByDay'>,
  today: string,
  valueNow: number,
  epoch: Epoch | null,
): PhaseHistoryInput {
  const flow = (day: string) => toRupees(history.flowPaiseByDay.get(day) ?? 0);
  const closes = history.snapshots.map((s) => ({ ...s, flow: flow(s.day) }));
  const last = closes[closes.length - 1];
  let now = null;
  if (!last || last.day < today) {
    let pending = 0;
    for (const [day, paise] of history.flowPaiseByDay) if (!last || day > last.day) pending += paise;
    now = { day: today, value: valueNow, flow: toRupees(pending), benchmark: null };
  }
  return { closes, now, epoch };
}

/**
 * Whether the operator lifted a halt this rule wrote during the current fall (halted on or after
 * the peak's day): then the rule does not halt again until a new peak.
 */
async function liftedSincePeak(db: Db, peakDay: string | null): Promise<boolean> {
  const [row] = await db
    .select({ haltedAt: schema.tradingHalts.haltedAt, liftedAt: schema.tradingHalts.liftedAt })
    .from(schema.tradingHalts)
    .where(
      and(
        eq(schema.tradingHalts.haltedBy, 'system'),
        like(schema.tradingHalts.reason, `%${EMERGENCY_MARK}%`),
      ),
    )
    .orderBy(desc(schema.tradingHalts.id))
    .limit(1);
  return row !== undefined && row.liftedAt !== null && (peakDay === null || istDay(row.haltedAt) >= peakDay);
}

/**
 * The emergency stop loss of the active phase, for an order that opens a position while no halt
 * is in force: when the account's drawdown reaches it, writes the halt (with its high alert) and
 * returns the refusal; otherwise null.
 */
export async function enforceEmergencyStop(
  deps: { db: Db; clock: Clock },
  account: { history: PhaseHistoryInput; valuePaise: number },
): Promise<Rejection | null> {
  const phase = activePhase(toRupees(account.valuePaise));
  const { drawdown, peakDay } = phaseDrawdown(account.history);
  if (!emergencyStopReached(phase, drawdown)) return null;
  if (await liftedSincePeak(deps.db, peakDay)) return null;
  const reason = emergencyStopReason(phase, drawdown, account.valuePaise, peakDay);
  await createHaltStore(deps).halt({ actor: 'system', reason, squareOff: false });
  return {
    limit: 'capital_phase',
    message: `${reason} Trading is halted: only orders that close a position are accepted until the emergency stop is lifted on the Risk Management page`,
  };
}
